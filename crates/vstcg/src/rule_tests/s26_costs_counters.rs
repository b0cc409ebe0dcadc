//! Session 26's rules of counters, endurance, counts, costs and the deck's top cards,
//! tested where one verb's own tests don't cover them.

use crate::action::Action;
use crate::state::Zone;
use crate::testkit::Bench;

/// 213.2c: two cards put on the bottom of a deck together go in the order their owner
/// picks: picking the other card first gives the other order.
#[test]
fn r213_2c_the_owner_picks_the_order_of_cards_put_on_the_bottom() {
    for first_x in [true, false] {
        let (mut b, pt) = Bench::with_effect("(bottom-from-ko-pile you 2 character-card)", "");
        let x = b.in_hand(0, "trn-007");
        let y = b.in_hand(0, "trn-006");
        for c in [x, y] {
            b.g.move_card(c, Zone::KoPile);
        }
        b.act(Action::PlayPlotTwist(pt));
        b.act(Action::Pass);
        b.act(Action::Pass);
        b.act(Action::Pick(if first_x { x } else { y }));
        let deck = &b.g.player(0).deck;
        let want = if first_x { [y, x] } else { [x, y] };
        assert_eq!(&deck[..2], &want, "bottom first; x picked first: {first_x}");
    }
}
