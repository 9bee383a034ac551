//! The sanitized build of the program under check ([`program::prepare_sanitized`]): C++
//! with AddressSanitizer, UndefinedBehaviorSanitizer and libstdc++'s debug mode, Rust as
//! a debug build. It is made once, when first needed: to explain a crash (the shrunk
//! witness of every RE group is re-run on it, and the report gives the sanitizer's
//! finding at its source line) and, with `--sanitize`, to run every passing test again,
//! so that undefined behaviour the ordinary build survives is a failure of its own. Where
//! the build cannot be made (a compiler without the sanitizers' runtime), that is said
//! once and the check goes on without it. The build is kept in the check's memo
//! (`judge::Memo`), which this module is handed, never imports.

use crate::options::Options;
use crate::sanitizer::{self, Finding};
use crate::verdict::judge_with;
use grundy_judging::error::Error;
use grundy_judging::suite::Suite;
use grundy_sandbox::program::{self, Sanitized};
use grundy_sandbox::runner::{Run, RunLimits};
use std::sync::OnceLock;

/// The sanitized build: the argv that runs it, or why there is none.
pub(crate) enum Build {
    /// Runs the sanitized build; an address-space limit is not set for it when it holds
    /// AddressSanitizer (which reserves terabytes of it), whose own cap on resident
    /// memory holds it instead.
    Argv { argv: Vec<String>, asan: bool },
    /// No sanitized build: the command is not a source file grundy builds, or the build
    /// failed (said once).
    Missing,
}

/// The sanitized build, made on first use (a failed build is said once, on stderr).
pub(crate) fn build<'m>(cell: &'m OnceLock<Build>, o: &Options) -> &'m Build {
    cell.get_or_init(|| {
        let cap = rss_cap(o);
        match program::prepare_sanitized(&o.cmd, cap >> 20) {
            Sanitized::Argv(argv) => {
                let asan = argv.iter().any(|a| a.starts_with("ASAN_OPTIONS="));
                Build::Argv { argv, asan }
            }
            Sanitized::NotASource => {
                if o.sanitize {
                    eprintln!(
                        "note: --sanitize: `{}` is not a source file grundy builds (.cpp, .rs), so there is no sanitized build; going on without it",
                        o.cmd.first().map(String::as_str).unwrap_or("")
                    );
                }
                Build::Missing
            }
            Sanitized::Unavailable(why) => {
                let first = why.lines().take(4).collect::<Vec<_>>().join("\n    ");
                eprintln!("note: no sanitized build could be made, so crashes are not explained at their line; going on without it:\n    {first}");
                Build::Missing
            }
        }
    })
}

/// The resident-memory cap of a sanitized run: three times the memory limit (the
/// sanitizers' shadow and red zones), and at least 1 GiB.
fn rss_cap(o: &Options) -> u64 {
    o.limits.memory.unwrap_or(0).saturating_mul(3).max(1 << 30)
}

/// The limits of a sanitized run: three times the time (a sanitized build is slower),
/// the same stack, and no address-space limit under AddressSanitizer.
fn limits(o: &Options, asan: bool) -> RunLimits {
    RunLimits {
        time: o.limits.time * 3,
        wall: o.limits.wall * 3,
        memory: if asan { None } else { o.limits.memory },
        ..o.limits
    }
}

/// Runs `input` on the sanitized build: what the sanitizer found, with the run; `None`
/// when there is no build.
pub(crate) fn run<S: Suite>(
    suite: &S,
    o: &Options,
    cell: &OnceLock<Build>,
    input: &S::Input,
) -> Result<Option<(Option<Finding>, Run)>, Error> {
    let Build::Argv { argv, asan } = build(cell, o) else {
        return Ok(None);
    };
    let (_, run, ..) = judge_with(suite, &limits(o, *asan), argv, input)?;
    Ok(Some((sanitizer::read(&run.stderr), run)))
}

/// Undefined behaviour on an input the ordinary build passes: the sanitizer's finding and
/// the sanitized run. A stack overflow of the sanitized build alone is not one (its
/// frames are larger than the ordinary build's).
pub(crate) fn undefined<S: Suite>(
    suite: &S,
    o: &Options,
    cell: &OnceLock<Build>,
    input: &S::Input,
) -> Result<Option<(Finding, Run)>, Error> {
    Ok(match run(suite, o, cell, input)? {
        Some((Some(f), run)) if !f.stack_overflow => Some((f, run)),
        _ => None,
    })
}

/// What the sanitized build says of a crash's witness, for the report: the finding at its
/// line and the sanitizer's own lines, or that it found nothing there.
pub(crate) fn explain<S: Suite>(
    suite: &S,
    o: &Options,
    cell: &OnceLock<Build>,
    input: &S::Input,
) -> Option<String> {
    let (finding, run) = run(suite, o, cell, input).ok()??;
    let what = match &finding {
        Some(f) => {
            let lines: Vec<String> = f.excerpt.iter().map(|l| format!("    {l}")).collect();
            format!("{}\n{}", f.summary, lines.join("\n"))
        }
        None => format!(
            "no sanitizer finding on this input (the sanitized build {})",
            run.exit
        ),
    };
    Some(format!("on the sanitized build: {what}"))
}
