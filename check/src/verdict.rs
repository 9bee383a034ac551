//! A program run on one input and judged: the verdict, the run, the expected output (or
//! the game's transcript, when the jury played) and who gave it. The lowest piece of a
//! check: the judge of every stage and the sanitized build both run programs through it.

use grundy_judging::error::Error;
use grundy_judging::judge::{self, Verdict};
use grundy_judging::suite::Suite;
use grundy_sandbox::runner::{self, Run, RunLimits};

/// What a failing run's output is compared with, and who gave it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum JudgedBy {
    /// The jury played the game: the expected bytes are the game's transcript.
    Jury,
    /// An expected output, by the source named (`grundy's oracle`, a reference, …).
    Answer(String),
}

/// Runs the program on `input` under `limits` and judges it: the verdict, the run, the
/// expected output and who computed it.
pub(crate) fn judge_with<S: Suite>(
    suite: &S,
    limits: &RunLimits,
    argv: &[String],
    input: &S::Input,
) -> Result<(Verdict, Run, Vec<u8>, JudgedBy), Error> {
    if let Some(played) = suite.play(input, argv, limits) {
        let (verdict, run, transcript) = played?;
        return Ok((verdict, run, transcript, JudgedBy::Jury));
    }
    let text = suite.write(input);
    let (expected, by) = suite.expected(input, &text)?;
    let run = runner::run(argv, text.as_bytes(), limits);
    let verdict = match judge::classify(&run, limits)? {
        Some(v) => v,
        None => suite.check_output(input, &text, &run.stdout, &expected)?,
    };
    Ok((verdict, run, expected, JudgedBy::Answer(by)))
}
