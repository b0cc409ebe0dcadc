//! Tells the tests whether the community card data their cross-checks read is beside
//! the project (`../shared/cards/ufs`): without it those tests are ignored with that
//! as their reason, so `cargo test` says so in its summary instead of passing them
//! unread. The data is looked for again when this file changes or after
//! `cargo clean -p crossover-ufs` (a missing path can't be watched without
//! rebuilding the crate every time).

fn main() {
    println!("cargo::rustc-check-cfg=cfg(shared_cards)");
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/cards/ufs");
    if data.is_dir() {
        println!("cargo::rustc-cfg=shared_cards");
        println!("cargo::rerun-if-changed={}", data.display());
    } else {
        println!("cargo::rerun-if-changed=build.rs");
    }
}
