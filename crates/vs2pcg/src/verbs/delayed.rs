//! `(delayed (on TRIGGER) DURATION [repeat] [(watch WHO)] [(if COND)] [(while COND)]
//! STEP...)`: a delayed trigger (Delayed Trigger Modifiers p.22). From now until the
//! duration ends, when the event happens to the power's character (or to the character
//! it watches), the steps resolve as a trigger, with the slots chosen so far. It stops
//! after firing once unless `repeat`. The game's triggers (`triggers.rs`) read the step
//! to see when it fires and how long it lasts.

use crate::verbs::{steps_text, Compiler, HostState, Pcg, Step};
use crate::vocab::{Cond, Duration, TriggerOn, Who};
use crate::wording::{capitalise, cond, duration as duration_text, lower_first, trigger};
use crate::words::{
    args_n, duration, err, head, parse_cond, parse_trigger_on, parse_who, word, Scope, E,
};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Delayed {
    pub on: TriggerOn,
    pub duration: Duration,
    pub repeat: bool,
    pub if_cond: Option<Cond>,
    pub while_cond: Option<Cond>,
    pub steps: Vec<Step>,
    /// Watch this character (its first, chosen when the delayed trigger is created)
    /// instead of the power's own: "self" in `on` and the conditions means it.
    #[serde(default)]
    pub watch: Option<Who>,
}

const USAGE: &str =
    "(delayed (on TRIGGER) DURATION [repeat] [(watch WHO)] [(if COND)] [(while COND)] STEP...)";

impl Verb<Pcg> for Delayed {
    const WORDS: &'static [&'static str] = &["delayed"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> Result<(), E> {
        if !c.scope.has_self {
            return err(
                form.pos(),
                "a delayed trigger watches the power's own character; a plot twist has none",
            );
        }
        let a = form.args();
        let Some(on_form) = a.first().filter(|x| head(x).as_deref() == Some("on")) else {
            return err(form.pos(), format!("say what it waits for: {USAGE}"));
        };
        let on = parse_trigger_on(on_form, on_form.args())?;
        let Some(d) = a.get(1) else {
            return err(
                form.pos(),
                format!("a delayed trigger needs a duration: {USAGE}"),
            );
        };
        let duration = duration(d)?;
        if duration == Duration::UntilSourceStunnedOrLeaves {
            return err(
                d.pos(),
                "a delayed trigger lasts this-combat, this-turn, until-start-of-next-turn or permanent",
            );
        }
        let mut rest = &a[2..];
        let mut repeat = false;
        if rest.first().and_then(word).as_deref() == Some("repeat") {
            repeat = true;
            rest = &rest[1..];
        }
        let mut watch = None;
        if let Some(w) = rest.first().filter(|x| head(x).as_deref() == Some("watch")) {
            let who = parse_who(&args_n(w, 1, "(watch WHO)")?[0], c.scope)?;
            if who == Who::This {
                return err(
                    w.pos(),
                    "a delayed trigger watches its own character already; (watch ...) names another",
                );
            }
            watch = Some(who);
            rest = &rest[1..];
        }
        // The steps run later in their own frame, with the slots chosen so far.
        let mut inner = Scope::new(true, false);
        inner.slots = c.scope.slots.clone();
        inner.players = c.scope.players.clone();
        inner.has_subject = true;
        let (mut if_cond, mut while_cond) = (None, None);
        while let Some(first) = rest.first() {
            match head(first).as_deref() {
                Some("if") if first.args().len() == 1 && if_cond.is_none() => {
                    if_cond = Some(parse_cond(&first.args()[0], &inner)?)
                }
                Some("while") if while_cond.is_none() => {
                    while_cond = Some(parse_cond(&args_n(first, 1, "(while COND)")?[0], &inner)?)
                }
                _ => break,
            }
            rest = &rest[1..];
        }
        if rest.is_empty() {
            return err(
                form.pos(),
                format!("the delayed trigger has no steps: {USAGE}"),
            );
        }
        let mut steps = Vec::new();
        (c.steps)(rest, &mut inner, &mut steps)?;
        c.push(Delayed {
            on,
            duration,
            repeat,
            if_cond,
            while_cond,
            steps,
            watch,
        });
        Ok(())
    }

    fn text(&self) -> String {
        let mut t = capitalise(&trigger(&self.on));
        if self.watch.is_some() {
            // The trigger is about the chosen character, not this one.
            t = t.replace("this character", "that character");
        }
        if let Some(w) = &self.while_cond {
            t += &format!(" while {}", cond(w));
        }
        if let Some(c) = &self.if_cond {
            t += &format!(", if {}", cond(c));
        }
        format!(
            "{}{t}{}, {}",
            if self.repeat { "Whenever: " } else { "" },
            duration_text(self.duration),
            lower_first(&steps_text(&self.steps))
        )
    }

    /// Creates the delayed trigger; nothing to ask.
    fn run(&self, g: &mut HostState) -> Option<Seat> {
        g.create_delayed_trigger(self.watch.as_ref());
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::testkit::power_bench;
    use crossover_kernel::Game;

    /// A delayed "when this character gets stunned ... this turn": created by the power,
    /// fired once by the stun (its controller draws), then gone.
    #[test]
    fn a_delayed_trigger_fires_once_when_its_event_happens() {
        let (mut g, bearer, use_it, _) =
            power_bench("main", "(delayed (on self-stunned) this-turn (draw you 1))");
        let crate::model::PowerBody::Super(sp) = &g.def(bearer).powers[0].body else {
            panic!("the bench's power is a Super Power")
        };
        let text = crate::text::steps(&sp.effect);
        assert!(text.starts_with("When this character gets stunned"), "{text}");
        assert!(g.delayed().is_empty());
        g.apply(&use_it).unwrap();
        while !g.frames().is_empty() && g.apply(&crate::action::Action::Pass).is_ok() {}
        assert_eq!(g.delayed().len(), 1, "the power made a delayed trigger");
        let before = g.players()[0].hand().len();
        g.stun(bearer, None, false);
        g.settle();
        while !g.frames().is_empty() && g.apply(&crate::action::Action::Pass).is_ok() {}
        assert_eq!(g.players()[0].hand().len(), before + 1, "it fired: a card drawn");
        assert!(g.delayed().is_empty(), "once, then it stops");
    }
}
