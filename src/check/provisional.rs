//! Values the sources do not give are listed: warnings, or errors with `--strict`.

use crate::diag::{Code, Diagnostic, Severity};
use crate::model::Pack;

/// Lists every provisional value.
pub(super) fn check(pack: &Pack, strict: bool, out: &mut Vec<Diagnostic>) {
    for p in &pack.provisional {
        let mut d = Diagnostic::warning(Code::PROVISIONAL, format!("provisional: {}", p.what)).at(&p.span);
        if strict {
            d.severity = Severity::Error;
            d = d.with_hint(
                "--strict treats provisional values as errors; give the real value and drop it from `provisional`",
            );
        }
        out.push(d);
    }
}
