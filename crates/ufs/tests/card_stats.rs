//! Every stat of our Battle Pack card files against OCTGN's set files, when
//! `../shared/cards/ufs/` is there (B: difficulty, control, resource symbols, block
//! zone and modifier, speed, damage, attack zone, hand size, vitality, keywords); without
//! that directory the test is ignored, with that as its reason (`build.rs`).

use crossover_ufs::db::Db;
use crossover_ufs::octgn::{facts, read_set};
use std::path::Path;

#[test]
#[cfg_attr(
    not(shared_cards),
    ignore = "needs OCTGN's set files in ../shared/cards/ufs, not beside this checkout"
)]
fn every_battle_pack_stat_matches_octgn() {
    // Present: `build.rs` found it (a read error below says what is missing).
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/cards/ufs/sets");
    let db = Db::build().unwrap();
    let mut checked = 0;
    for file in ["Ryu_vs_Akuma.xml", "Siegfried_vs_Sophitia_Battle_Box.xml"] {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        let set = read_set(&text).unwrap();
        assert_eq!(set.cards.len(), 44, "{file}");
        for card in &set.cards {
            let i = db
                .by_guid(&card.guid)
                .unwrap_or_else(|| panic!("{} ({file}) is not in our card files", card.name));
            let ours = db.def(i);
            let theirs = facts(card, &ours.id).unwrap();
            assert_eq!(ours.name, theirs.name, "{}", card.name);
            assert_eq!(ours.kind, theirs.kind, "{}", card.name);
            assert_eq!(ours.difficulty, theirs.difficulty, "{}", card.name);
            assert_eq!(ours.control, theirs.control, "{}", card.name);
            assert_eq!(ours.block, theirs.block, "{}", card.name);
            assert_eq!(ours.symbols, theirs.symbols, "{}", card.name);
            assert_eq!(ours.keywords, theirs.keywords, "{}", card.name);
            // Ruling UFS-31: a split card's other half.
            let half = |d: &crossover_ufs::model::CardDef| {
                d.split.as_deref().map(|h| {
                    (
                        h.kind.clone(),
                        h.difficulty,
                        h.keywords.clone(),
                        h.control,
                        h.block,
                    )
                })
            };
            assert_eq!(half(ours), half(&theirs), "{}", card.name);
            checked += 1;
        }
    }
    assert_eq!(checked, 88);
}
