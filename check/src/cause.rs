//! What a failure is, as the groups of `grundy check` tell failures apart: the verdict in
//! short (a crash by its signal, a Python recursion error by its name, an exit code as
//! such; a wrong answer by its interactive kind), and, for a crash a bigger stack may
//! cure, what a re-run with an unlimited stack showed. Compared as values, printed as
//! the group's name (`RE SIGSEGV fixed by an unlimited stack`).

use grundy_judging::judge::{Over, Verdict};
use grundy_sandbox::runner::Run;
use std::fmt;

/// How a program crashed.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Crash {
    /// Python's `RecursionError` (in its stderr).
    RecursionError,
    /// Killed by this signal (`SIGSEGV`, …).
    Signal(String),
    /// A non-zero exit code.
    ExitCode,
}

/// The verdict in short.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Kind {
    /// RE.
    Crash(Crash),
    /// WA, with its interactive kind (`lost from a winning position`, …) when it has one.
    Wrong(Option<&'static str>),
    /// PE.
    Presentation,
    /// TLE.
    TimeLimit,
    /// TLE by the wall-clock backstop, with CPU time under the limit: a program that
    /// sleeps or waits, or a loaded machine. Not shrunk (a shrink would chase the load).
    WallClock,
    /// MLE.
    MemoryLimit,
    /// OLE.
    OutputLimit,
    /// UB: the sanitizer's finding (its kind and place).
    Undefined(String),
}

/// What the re-run of a crash with an unlimited stack showed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Stack {
    /// Not re-run: not a crash a stack can cause, or no stack limit to lift.
    Untried,
    /// It passes with an unlimited stack.
    Fixed,
    /// It fails with an unlimited stack too, its memory well below the re-run's cap: not
    /// a stack overflow.
    NotFixed,
    /// With an unlimited stack its memory grew to the re-run's cap, and it still failed:
    /// a recursion that no stack size cures.
    Unbounded,
}

/// A failure's cause: its kind, and what an unlimited stack changed. Ordered by name, as
/// the groups are listed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Cause {
    pub(crate) kind: Kind,
    pub(crate) stack: Stack,
}

impl Cause {
    /// The kind of a failing verdict (its run's stderr tells a Python recursion error);
    /// not yet re-run with an unlimited stack.
    pub(crate) fn of(v: &Verdict, run: &Run) -> Cause {
        let kind = match v {
            Verdict::Runtime(msg) => {
                let stderr = String::from_utf8_lossy(&run.stderr);
                Kind::Crash(if stderr.contains("RecursionError") {
                    Crash::RecursionError
                } else if let Some(sig) = msg
                    .split(|c: char| !c.is_ascii_alphanumeric())
                    .find(|w| w.starts_with("SIG"))
                {
                    Crash::Signal(sig.to_string())
                } else {
                    Crash::ExitCode
                })
            }
            Verdict::WrongAnswer(msg) => Kind::Wrong(grundy_judging::jury::kind_of(msg)),
            Verdict::Presentation(_) => Kind::Presentation,
            Verdict::TimeLimit(Over::WallClock, _) => Kind::WallClock,
            Verdict::TimeLimit(..) => Kind::TimeLimit,
            Verdict::MemoryLimit => Kind::MemoryLimit,
            Verdict::OutputLimit => Kind::OutputLimit,
            Verdict::Undefined(d) => Kind::Undefined(d.clone()),
            // Never a failure; named like a wrong answer rather than a panic.
            Verdict::Ok => Kind::Wrong(None),
        };
        Cause {
            kind,
            stack: Stack::Untried,
        }
    }

    /// True for a crash a stack limit may cause: a segmentation fault or bus error, or a
    /// run whose stderr says "stack overflow".
    pub(crate) fn stack_like(&self, run: &Run) -> bool {
        match &self.kind {
            Kind::Crash(Crash::Signal(s)) if s == "SIGSEGV" || s == "SIGBUS" => true,
            Kind::Crash(_) => String::from_utf8_lossy(&run.stderr).contains("stack overflow"),
            _ => false,
        }
    }

    /// True for a crash.
    pub(crate) fn is_crash(&self) -> bool {
        matches!(self.kind, Kind::Crash(_))
    }

    /// True for a time limit (of CPU time).
    pub(crate) fn is_time_limit(&self) -> bool {
        self.kind == Kind::TimeLimit
    }

    /// True for a TLE by the wall-clock backstop with CPU time under the limit.
    pub(crate) fn is_wall_clock(&self) -> bool {
        self.kind == Kind::WallClock
    }

    /// The verdict in short, without what the stack re-run showed (`RE SIGSEGV`).
    pub(crate) fn verdict(&self) -> String {
        match &self.kind {
            Kind::Crash(Crash::RecursionError) => "RE RecursionError".into(),
            Kind::Crash(Crash::Signal(s)) => format!("RE {s}"),
            Kind::Crash(Crash::ExitCode) => "RE exit code".into(),
            Kind::Wrong(Some(k)) => format!("WA {k}"),
            Kind::Wrong(None) => "WA".into(),
            Kind::Presentation => "PE".into(),
            Kind::TimeLimit => "TLE".into(),
            Kind::WallClock => "TLE by the wall clock".into(),
            Kind::MemoryLimit => "MLE".into(),
            Kind::OutputLimit => "OLE".into(),
            Kind::Undefined(d) => format!("UB: {d}"),
        }
    }
}

impl Ord for Cause {
    fn cmp(&self, other: &Cause) -> std::cmp::Ordering {
        self.to_string().cmp(&other.to_string())
    }
}

impl PartialOrd for Cause {
    fn partial_cmp(&self, other: &Cause) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Cause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.verdict())?;
        match self.stack {
            Stack::Untried => Ok(()),
            Stack::Fixed => f.write_str(" fixed by an unlimited stack"),
            Stack::NotFixed => f.write_str(" not fixed by an unlimited stack"),
            Stack::Unbounded => f.write_str(", unbounded recursion (no stack size cures it)"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_sandbox::runner::{Exit, Run};

    fn run_with(stderr: &str) -> Run {
        Run {
            exit: Exit::Success,
            stdout: Vec::new(),
            stderr: stderr.as_bytes().to_vec(),
            wall: std::time::Duration::ZERO,
            cpu: std::time::Duration::ZERO,
            max_rss: 0,
            floor: 0,
            processes: 0,
            group: None,
        }
    }

    #[test]
    fn causes_name_the_crash_and_the_stack() {
        let segv = Verdict::Runtime("killed by signal 11, SIGSEGV (segmentation fault)".into());
        let mut c = Cause::of(&segv, &run_with(""));
        assert_eq!(c.to_string(), "RE SIGSEGV");
        assert!(c.stack_like(&run_with("")) && c.is_crash());
        c.stack = Stack::Fixed;
        assert_eq!(c.to_string(), "RE SIGSEGV fixed by an unlimited stack");
        assert_eq!(c.verdict(), "RE SIGSEGV");
        c.stack = Stack::Unbounded;
        assert_eq!(
            c.to_string(),
            "RE SIGSEGV, unbounded recursion (no stack size cures it)"
        );
        let py = Cause::of(
            &Verdict::Runtime("exit code 1".into()),
            &run_with("RecursionError: maximum recursion depth exceeded"),
        );
        assert_eq!(py.to_string(), "RE RecursionError");
        assert!(!py.stack_like(&run_with("")));
        let tle = Cause::of(
            &Verdict::TimeLimit(Over::Cpu, "2.1 s".into()),
            &run_with(""),
        );
        assert!(tle.is_time_limit() && !tle.is_crash());
        let wall = Cause::of(
            &Verdict::TimeLimit(
                Over::WallClock,
                format!(
                    "{} after 2.016 s with 0.806 s of CPU time (limit 1 s)",
                    grundy_judging::judge::WALL_BACKSTOP
                ),
            ),
            &run_with(""),
        );
        assert!(wall.is_wall_clock() && !wall.is_time_limit());
        assert_eq!(wall.verdict(), "TLE by the wall clock");
        assert_ne!(tle, py);
    }
}
