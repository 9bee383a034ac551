//! The `grundy` command line: a thin layer of argument parsing over the library
//! (`grundy::cli`). Exit codes: 0 all checks passed, 1 a disagreement or failing verdict,
//! 2 bad usage or bad input.

#[global_allocator]
static ALLOCATOR: grundy::allocator::HugeBlocks = grundy::allocator::HugeBlocks;

fn main() {
    // First: in launcher mode this process only starts one judged program (see
    // `grundy_sandbox::launcher`).
    grundy_sandbox::launcher::enter();
    let code = grundy::cli::main();
    // The control group folder of this grundy (its runs' groups are gone by now; one
    // left by a grundy that was killed is removed by the next one).
    grundy_sandbox::cgroup::remove_own();
    std::process::exit(code);
}
