//! The `grundy` command line: a thin layer of argument parsing over the library
//! (`grundy::cli`). Exit codes: 0 all checks passed, 1 a disagreement or failing verdict,
//! 2 bad usage or bad input.

#[global_allocator]
static ALLOCATOR: grundy::allocator::HugeBlocks = grundy::allocator::HugeBlocks;

fn main() {
    // First: in launcher mode this process only starts one judged program (see
    // `grundy_sandbox::launcher`).
    grundy_sandbox::launcher::enter();
    std::process::exit(grundy::cli::main());
}
