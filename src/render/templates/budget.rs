//! A render budget for face templates: a pack's template is code, and a loop of 10^10 steps
//! (two nested `range(end=100000)`) would hang `build`. Tera has no step counter of its own, so
//! the budget is kept where the work comes from: `range()` is replaced by one that counts every
//! element it makes against the render's budget, and the output goes through a writer that stops
//! at a size no face needs; `replace`, which can grow a string exponentially in a loop, is replaced
//! by one that refuses a result past that size. Any limit ends the render with an error (E0133) at
//! the template's file, line and column, naming the face. What these cannot see (a string doubled
//! with `~`, a loop over a long string) the [`crate::render::templates::watchdog`] bounds in time and memory.

use std::cell::Cell;
use std::io::{self, Write};

use tera::{Context, Error, Kwargs, State, StringInput, Tera, TeraResult, Value};

use crate::diag::{Code, Diagnostic};

/// The most loop steps `range()` may hand out in one render, all calls together.
pub(crate) const MAX_RANGE_STEPS: u64 = 100_000;
/// The most bytes one face may render to.
pub(crate) const MAX_OUTPUT_BYTES: usize = 4 << 20;
/// The most elements one face may draw. The SVG parser stops at a million nodes per page, and a
/// sheet holds up to a hundred faces; the richest face of the seed packs draws under 300.
pub(crate) const MAX_ELEMENTS: usize = 10_000;

thread_local! {
    /// Steps handed out so far in the render running on this thread.
    static STEPS: Cell<u64> = const { Cell::new(0) };
    /// Whether the render on this thread went over a limit.
    static EXCEEDED: Cell<bool> = const { Cell::new(false) };
    /// What the output writer refused, when it did: Tera reports only "Io error … Other".
    static REFUSED: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// Replaces Tera's `range()` on `tera` with one bounded by the render budget.
pub(crate) fn register(tera: &mut Tera) {
    tera.register_function("range", bounded_range);
    tera.register_filter("replace", bounded_replace);
}

/// `s | replace(from, to)`, as Tera's, refusing a result longer than a face may draw: applied in
/// a loop it doubles a string each time (`replace(from="x", to="xx")`).
fn bounded_replace(val: StringInput<'_>, kwargs: Kwargs, state: &State) -> TeraResult<Value> {
    let from = kwargs.must_get::<&str>("from")?;
    let to = kwargs.must_get::<StringInput<'_>>("to")?;
    // Escaped when autoescaping is on and either side is safe, as Tera's own filter does.
    let safe = state.autoescaping_enabled() && (val.is_safe() || to.is_safe());
    let (text, with) = if safe {
        (val.rendered(state)?, to.rendered(state)?)
    } else {
        (std::borrow::Cow::Borrowed(val.as_str()), std::borrow::Cow::Borrowed(to.as_str()))
    };
    // The result's length, known before it is made: an empty `from` matches between every char.
    let count = if from.is_empty() { text.chars().count() + 1 } else { text.matches(from).count() };
    let len = (text.len() - count * from.len()).saturating_add(count.saturating_mul(with.len()));
    if len > MAX_OUTPUT_BYTES {
        EXCEEDED.set(true);
        return Err(Error::message(format!(
            "`replace` would make a string of {len} bytes, more than a face may draw ({} MB)",
            MAX_OUTPUT_BYTES >> 20
        )));
    }
    let out = text.replace(from, &with);
    Ok(if safe { Value::safe_string(&out) } else { Value::from(out) })
}

/// `range(start=0, end, step_by=1)`, as Tera's, counted against the render's budget.
fn bounded_range(kwargs: Kwargs, _: &State) -> TeraResult<Vec<i128>> {
    let start = kwargs.get::<i128>("start")?.unwrap_or_default();
    let end = kwargs.must_get::<i128>("end")?;
    let step = kwargs.get::<i128>("step_by")?.unwrap_or(1);
    if step == 0 {
        return Err(Error::message("`range` was called with `step_by=0`"));
    }
    if start > end && step > 0 {
        return Err(Error::message("`range` was called with a `start` greater than its `end`"));
    }
    // Element count without overflow: the distance in u128, divided by the step, rounded up.
    let distance = if step > 0 {
        end.abs_diff(start)
    } else if start > end {
        start.abs_diff(end)
    } else {
        0
    };
    let len = distance.div_ceil(step.unsigned_abs());
    let used = STEPS.get();
    if len > u128::from(MAX_RANGE_STEPS - used.min(MAX_RANGE_STEPS)) {
        EXCEEDED.set(true);
        return Err(Error::message(format!(
            "the template's loops would run more than {MAX_RANGE_STEPS} steps for one face ({used} so far, and `range` asks for {len} more)"
        )));
    }
    STEPS.set(used + len as u64);
    Ok((0..len as i128).map(|i| start + i * step).collect())
}

/// Renders `name` within the budget.
pub(crate) fn render(tera: &Tera, name: &str, context: &Context) -> TeraResult<String> {
    STEPS.set(0);
    EXCEEDED.set(false);
    REFUSED.set(None);
    let mut out = Capped { bytes: Vec::new(), tags: 0 };
    let result = tera.render_to(name, context, &mut out);
    result.map(|()| String::from_utf8_lossy(&out.bytes).into_owned())
}

/// Turns a diagnostic of a render that went over budget into E0133, naming the face; others
/// pass unchanged.
pub(crate) fn classify(mut d: Diagnostic, template: &str, face: &str) -> Diagnostic {
    if EXCEEDED.get() {
        d.code = Code::TEMPLATE_BUDGET;
        if let Some(why) = REFUSED.take() {
            d.message = format!("template error: {why}");
        }
        d.message = format!("{} (template `{template}`, face {face})", d.message);
        d.hints = vec![format!(
            "a face may loop at most {MAX_RANGE_STEPS} steps and draw at most {} MB and {MAX_ELEMENTS} elements; bound the template's loops and the strings it builds",
            MAX_OUTPUT_BYTES >> 20
        )];
    }
    d
}

/// A writer that fails once the output passes [`MAX_OUTPUT_BYTES`] or [`MAX_ELEMENTS`], so a
/// runaway template stops instead of filling memory, and `check` (which renders every template)
/// refuses a face the page parser would refuse later.
struct Capped {
    bytes: Vec<u8>,
    /// The `<` written so far: an element's start and end tags, or one self-closing tag.
    tags: usize,
}

/// The writer's refusal `why`, kept for [`classify`].
fn refuse(why: String) -> io::Error {
    EXCEEDED.set(true);
    REFUSED.set(Some(why.clone()));
    io::Error::other(why)
}

impl Write for Capped {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.bytes.len() + buf.len() > MAX_OUTPUT_BYTES {
            return Err(refuse(format!("the face's drawing passes {} MB", MAX_OUTPUT_BYTES >> 20)));
        }
        self.tags += buf.iter().filter(|&&b| b == b'<').count();
        if self.tags > 2 * MAX_ELEMENTS {
            return Err(refuse(format!("the face draws more than {MAX_ELEMENTS} elements")));
        }
        self.bytes.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tera(text: &str) -> Tera {
        let mut tera = Tera::new();
        register(&mut tera);
        tera.add_raw_template("t", text).expect("parses");
        tera
    }

    #[test]
    fn ranges_within_the_budget_render_as_tera_s_own() {
        let t = tera("{% for i in range(end=5) %}{{ i }}{% endfor %}|{% for i in range(start=10, end=0, step_by=-3) %}{{ i }},{% endfor %}");
        assert_eq!(render(&t, "t", &Context::new()).expect("renders"), "01234|10,7,4,1,");
    }

    #[test]
    fn a_loop_of_ten_billion_steps_stops_at_once() {
        let started = std::time::Instant::now();
        let t = tera("{% for i in range(end=100000) %}{% for j in range(end=100000) %}x{% endfor %}{% endfor %}");
        assert!(render(&t, "t", &Context::new()).is_err());
        assert!(EXCEEDED.get());
        let t = tera("{% for i in range(end=10000000000) %}x{% endfor %}");
        assert!(render(&t, "t", &Context::new()).is_err());
        assert!(started.elapsed().as_secs() < 2);
    }

    #[test]
    fn replace_renders_as_tera_s_own_within_the_budget() {
        let t = tera("{{ s | replace(from=\"a\", to=\"<b>\") }}|{{ \"ab\" | replace(from=\"\", to=\"-\") }}");
        let mut context = Context::new();
        context.insert("s", &"banana");
        assert_eq!(render(&t, "t", &context).expect("renders"), "b<b>n<b>n<b>|-a-b-");
        assert!(!EXCEEDED.get());
    }

    #[test]
    fn a_replace_that_doubles_a_string_in_a_loop_stops_past_the_output_cap() {
        let t = tera("{% set s = \"xx\" %}{% for i in range(end=40) %}{% set_global s = s | replace(from=\"x\", to=\"xx\") %}{% endfor %}{{ s | length }}");
        let e = render(&t, "t", &Context::new()).expect_err("stops");
        assert!(EXCEEDED.get());
        assert!(format!("{e:?}").contains("`replace` would make a string of"), "{e:?}");
    }

    #[test]
    fn output_past_the_cap_is_an_error() {
        let t = tera("{% for i in range(end=50000) %}{{ s }}{% endfor %}");
        let mut context = Context::new();
        context.insert("s", &"x".repeat(200));
        assert!(render(&t, "t", &context).is_err());
        assert!(EXCEEDED.get());
    }
}
