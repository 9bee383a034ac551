//! Which CPU core a run is pinned to, as DOMjudge pins each judged run to one core: its
//! timings are steadier, and a run of one job cannot take the core of another. The runs
//! of a thread go to the core of its job ([`this_thread`]); a check with `--jobs N` gives
//! each of its N workers a core of its own (cores allowed to grundy, in order), a check
//! with one job uses one core. The first core is chosen by grundy's process id, so that
//! several grundy processes on one machine (a test suite, a CI matrix) spread over its
//! cores. The launcher pins itself before it starts anything (`sched_setaffinity`), so
//! every process of the run inherits the core.

use std::cell::Cell;
use std::sync::OnceLock;

thread_local! {
    static JOB: Cell<usize> = const { Cell::new(0) };
}

/// The cores this process may run on (its affinity when grundy started).
fn allowed() -> &'static [usize] {
    static ALLOWED: OnceLock<Vec<usize>> = OnceLock::new();
    ALLOWED.get_or_init(|| {
        // SAFETY: a zeroed cpu_set_t is a valid empty set, filled by sched_getaffinity.
        let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
        // SAFETY: the set's size is given; pid 0 is this thread.
        let ok = unsafe { libc::sched_getaffinity(0, std::mem::size_of_val(&set), &mut set) } == 0;
        let max = 8 * std::mem::size_of::<libc::cpu_set_t>();
        // SAFETY: CPU_ISSET reads the set within its size.
        let cores: Vec<usize> = (0..max)
            .filter(|&c| ok && unsafe { libc::CPU_ISSET(c, &set) })
            .collect();
        if cores.is_empty() {
            vec![0]
        } else {
            cores
        }
    })
}

/// Says that the runs started by this thread are job `k`'s (0-based): they go to its
/// core.
pub fn this_thread(k: usize) {
    JOB.with(|j| j.set(k));
}

/// The core of the runs of this thread's job.
pub fn core() -> usize {
    let cores = allowed();
    let k = JOB.with(Cell::get);
    cores[(k + std::process::id() as usize) % cores.len()]
}

/// How many cores jobs are spread over.
pub fn cores() -> usize {
    allowed().len()
}

/// Pins the calling process (the launcher, before it starts the program) to `core`; the
/// processes it starts inherit it. Async-signal-safe.
pub(crate) fn pin_self(core: usize) {
    // SAFETY: a zeroed cpu_set_t is a valid empty set; CPU_SET writes within its size;
    // sched_setaffinity reads it.
    unsafe {
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        libc::CPU_SET(core, &mut set);
        libc::sched_setaffinity(0, std::mem::size_of_val(&set), &set);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_jobs_of_one_process_get_cores_of_their_own() {
        let n = cores();
        let mut seen = Vec::new();
        for k in 0..n {
            this_thread(k);
            seen.push(core());
        }
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), n, "{seen:?}");
        assert!(seen.iter().all(|c| allowed().contains(c)));
    }
}
