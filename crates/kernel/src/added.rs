//! Fields added to a hashed game state or card definition after replays were saved.

use serde::{Deserialize, Serialize};
use std::hash::{Hash, Hasher};

/// A value added to a hashed structure after replays were saved: it is hashed only when
/// it differs from its default, so a state or card database that doesn't use it keeps
/// the hash (and a replay the card fingerprint) it had before the field existed. Equality
/// and serialisation are the value's own.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Added<T>(pub T);

impl<T: Hash + Default + PartialEq> Hash for Added<T> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        if self.0 != T::default() {
            self.0.hash(state);
        }
    }
}

impl<T> std::ops::Deref for Added<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> std::ops::DerefMut for Added<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

#[cfg(test)]
mod tests {
    use super::Added;
    use crate::stable_hash;

    #[derive(Hash)]
    struct Before {
        a: u8,
    }
    #[derive(Hash)]
    struct After {
        a: u8,
        b: Added<(u8, u8)>,
    }

    /// A structure with an added field at its default hashes as it did without it; set,
    /// the field counts.
    #[test]
    fn an_added_field_at_its_default_leaves_the_hash_as_it_was() {
        let before = stable_hash(&Before { a: 7 });
        assert_eq!(
            before,
            stable_hash(&After {
                a: 7,
                b: Added((0, 0))
            })
        );
        assert_ne!(
            before,
            stable_hash(&After {
                a: 7,
                b: Added((1, 0))
            })
        );
    }
}
