//! The sandbox for the programs grundy judges (a contestant's solution, a reference, a
//! checker, an interactor, a rules worker): no game knowledge, only processes.
//!
//! - [`contain`]: nothing a judged program starts may outlive its run (a subreaper, run
//!   markers, the sweep of strays) and grundy's own stop on SIGINT/SIGTERM/SIGHUP;
//! - [`launcher`]: the small process that starts every judged program, so that starting
//!   one costs the same whatever grundy's size and its peak memory is its own;
//! - [`cgroup`]: a run as one accounted unit (CPU time, memory and processes over all
//!   its processes);
//! - [`cell`]: a run's control group made once and reused (no process moved per run);
//! - [`jail`]: what a judged program may touch (its own namespaces, a read-only view of
//!   the toolchain, an empty scratch folder, no network, a process cap);
//! - [`pin`]: the CPU core a run is pinned to (one per job);
//! - [`network`]: the one empty network namespace every jail of a grundy process joins;
//! - [`runner`]: one run on one input, with its limits, its verdict-free outcome;
//! - [`session`]: a two-way run, line by line (an interactive problem);
//! - [`language`]: the languages table (extensions, compile and run commands, memory);
//! - [`program`]: a source file or command line made into a runnable program;
//! - [`error`]: why a contained program could not be run.

#![deny(missing_docs)]
#![warn(clippy::undocumented_unsafe_blocks)]

pub mod cell;
pub mod cgroup;
pub mod contain;
pub mod error;
pub mod jail;
pub mod language;
pub mod launcher;
pub mod network;
pub mod pin;
pub mod program;
pub mod runner;
pub mod session;
pub mod toolchain;
