//! Printed phrases (invented wording in the shape of the later sets' text) and the
//! card-language forms they compile to.

use super::*;
