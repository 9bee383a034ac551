//! The setter's own interactor as the jury: grundy relays the lines between it and the
//! contestant (both contained), keeps the transcript, and reads the interactor's verdict
//! in testlib's or Kattis's convention.

use super::{Convention, Line, PlayError, Played};
use crate::judge::{Over, Verdict};
use grundy_sandbox::runner::{Exit, RunLimits};
use grundy_sandbox::session::{Recv, Sent, Session};
use std::time::Duration;

impl Convention {
    /// The interactor's arguments after the input file, made in the scratch folder
    /// `dir`: testlib's output file, or Kattis's (empty) answer file and feedback folder.
    pub fn args(self, dir: &std::path::Path) -> std::io::Result<Vec<String>> {
        Ok(match self {
            Convention::Testlib => vec![dir.join("tout.txt").display().to_string()],
            Convention::Kattis => {
                // A game's interactor needs no answer file: an empty one is given.
                let answer = dir.join("answer.txt");
                std::fs::write(&answer, "")?;
                std::fs::create_dir_all(dir.join("feedback"))?;
                vec![
                    answer.display().to_string(),
                    dir.join("feedback").display().to_string(),
                ]
            }
        })
    }

    /// The interactor's exit in testlib's terms (Kattis's 42 is OK, 43 WA, and an exit
    /// code 0 is none of them: `Code(0)`).
    pub fn as_testlib(self, exit: &Exit) -> Exit {
        match (self, exit) {
            (Convention::Kattis, Exit::Code(42)) => Exit::Success,
            (Convention::Kattis, Exit::Code(43)) => Exit::Code(1),
            (Convention::Kattis, Exit::Success) => Exit::Code(0),
            (_, e) => e.clone(),
        }
    }

    /// The interactor's message: the first non-empty line of its stderr, or of Kattis's
    /// `judgemessage.txt` in the scratch folder `dir`.
    pub fn message(self, dir: &std::path::Path, stderr: &[u8]) -> String {
        let said = match self {
            Convention::Kattis => std::fs::read_to_string(dir.join("feedback/judgemessage.txt"))
                .unwrap_or_else(|_| String::from_utf8_lossy(stderr).into_owned()),
            Convention::Testlib => String::from_utf8_lossy(stderr).into_owned(),
        };
        said.lines()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("")
            .trim()
            .to_string()
    }
}

/// Plays the program against the setter's own interactor, testlib's convention: the
/// interactor runs as `INTERACTOR INPUT TOUT` (the test's input file, a file for its own
/// output), talks to the program over its standard input and output, and exits 0 (OK),
/// 1 (WA), 2 (PE) or 3 (its own failure), its message on stderr. grundy relays every line
/// between the two (both contained) and keeps the transcript; the game has the wall
/// backstop as a whole.
pub fn referee(
    interactor: &[String],
    convention: Convention,
    text: &str,
    argv: &[String],
    limits: &RunLimits,
) -> Result<Played, PlayError> {
    let dir =
        tempfile::tempdir().map_err(|e| PlayError::Start(format!("a scratch folder: {e}")))?;
    let input = dir.path().join("input.txt");
    std::fs::write(&input, text)
        .map_err(|e| PlayError::Start(format!("{}: {e}", input.display())))?;
    let mut cmd = prepared(interactor)?;
    cmd.push(input.display().to_string());
    cmd.extend(
        convention
            .args(dir.path())
            .map_err(|e| PlayError::Start(format!("a scratch folder: {e}")))?,
    );
    // The interactor gets the same limits, its CPU time its own.
    let place = grundy_sandbox::runner::PackagePlace {
        shown: &[],
        folder: Some(dir.path()),
    };
    let mut jury = Session::start_package(&cmd, limits, place)
        .map_err(|e| PlayError::Rules(format!("the interactor cannot start: {e}")))?;
    let mut program = Session::start(argv, limits).map_err(|e| PlayError::Start(e.to_string()))?;
    let (transcript, ending) = relay(&mut jury, &mut program, limits.wall);
    let (jrun, _) = jury.finish(Duration::from_millis(200));
    let (run, _) = program.finish(Duration::from_millis(200));
    let message = convention.message(dir.path(), &jrun.stderr);
    let exit = convention.as_testlib(&jrun.exit);
    let verdict = verdict(
        convention, &exit, &jrun.exit, &run, limits, ending, &message,
    )?;
    Ok(Played {
        verdict,
        run,
        transcript,
    })
}

/// The interactor's command line, compiled when it is a source file.
fn prepared(interactor: &[String]) -> Result<Vec<String>, PlayError> {
    grundy_sandbox::program::prepare(interactor)
        .map_err(|e| PlayError::Rules(format!("the interactor: {e}")))
}

/// How a relay ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ending {
    /// The interactor exited.
    Exited,
    /// The wall limit passed with the interactor still running.
    TimedOut,
    /// Neither side wrote a line or used CPU time for [`super::IDLENESS`]: each waits on
    /// the other (a deadlock, most often a missing flush).
    Idle,
}

/// Relays every line between the interactor and the program (both sessions), recording
/// them, until the interactor exits, `wall` has passed, or both sides are idle.
fn relay(jury: &mut Session, program: &mut Session, wall: Duration) -> (Vec<Line>, Ending) {
    let mut transcript = Vec::new();
    let deadline = std::time::Instant::now() + wall;
    let step = Duration::from_millis(5);
    let mut program_gone = false;
    // Both sides' CPU time when it last grew (or a line last moved), and when.
    let mut busy = (Duration::ZERO, std::time::Instant::now());
    loop {
        if jury.exited() {
            return (transcript, Ending::Exited);
        }
        if std::time::Instant::now() >= deadline {
            return (transcript, Ending::TimedOut);
        }
        let cpu = jury.cpu() + program.cpu();
        if cpu != busy.0 {
            busy = (cpu, std::time::Instant::now());
        } else if !program_gone && busy.1.elapsed() >= super::IDLENESS {
            return (transcript, Ending::Idle);
        }
        let lines = transcript.len();
        if let Recv::Line(l) = jury.recv_within(step) {
            transcript.push(Line {
                at: program.elapsed(),
                jury: true,
                text: l.clone(),
            });
            if !program_gone && program.send(&l) != Sent::Ok {
                program_gone = true;
            }
        }
        if !program_gone {
            match program.recv_within(step) {
                Recv::Line(l) => {
                    transcript.push(Line {
                        at: program.elapsed(),
                        jury: false,
                        text: l.clone(),
                    });
                    let _ = jury.send(&l);
                }
                Recv::Closed => program_gone = true,
                Recv::Over(_) | Recv::TooLong => {
                    program_gone = true;
                }
                Recv::Silent | Recv::Idle(_) => {}
            }
        }
        if transcript.len() != lines {
            busy.1 = std::time::Instant::now();
        }
    }
}

/// The program's verdict from the interactor's exit (in testlib's terms, `exit`; as it
/// was, `raw`) and the program's run; an interactor that exits otherwise is the package's
/// fault.
fn verdict(
    convention: Convention,
    exit: &Exit,
    raw: &Exit,
    run: &grundy_sandbox::runner::Run,
    limits: &RunLimits,
    ending: Ending,
    message: &str,
) -> Result<Verdict, PlayError> {
    let crashed = match &run.exit {
        Exit::Code(c) => Some(format!("exit code {c}")),
        Exit::Signal(s, name) => Some(format!("killed by signal {s}, {name}")),
        _ => None,
    };
    Ok(if ending == Ending::TimedOut {
        Verdict::TimeLimit(
            Over::Game,
            format!(
                "the game did not end within {} s (the interactor was still running)",
                limits.wall.as_secs_f64()
            ),
        )
    } else if ending == Ending::Idle {
        Verdict::TimeLimit(Over::Game, format!(
            "idle: neither the program nor the interactor wrote a line or used CPU time for {} s (each waits on the other): does the program flush its output after each line?",
            super::IDLENESS.as_secs_f64()
        ))
    } else {
        match (exit, &run.exit) {
            (_, Exit::OutputLimit) => Verdict::OutputLimit,
            (_, Exit::Timeout) if run.cpu > limits.time => Verdict::TimeLimit(
                Over::Cpu,
                format!(
                    "{:.3} s CPU (limit {} s)",
                    run.cpu.as_secs_f64(),
                    limits.time.as_secs_f64()
                ),
            ),
            (Exit::Success, _) => match crashed {
                Some(c) => Verdict::Runtime(c),
                None => Verdict::Ok,
            },
            (Exit::Code(1), _) => Verdict::WrongAnswer(format!("the interactor: {message}")),
            (Exit::Code(2), _) => Verdict::Presentation(format!("the interactor: {message}")),
            (e, _) => {
                let how = match convention {
                    Convention::Testlib => "it exits 0 OK, 1 WA, 2 PE, 3 its own failure",
                    Convention::Kattis => "it exits 42 accepted, 43 wrong answer",
                };
                let e = if *e == Exit::Code(0) {
                    "exited with code 0".to_string()
                } else {
                    raw.to_string()
                };
                return Err(PlayError::Rules(format!(
                    "the interactor {e} ({how}): {message}"
                )));
            }
        }
    })
}
