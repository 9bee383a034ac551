//! The `grundy` command line: a thin layer of argument parsing over the library
//! (`grundy::cli`). Exit codes: 0 all checks passed, 1 a disagreement or failing verdict,
//! 2 bad usage or bad input.

fn main() {
    std::process::exit(grundy::cli::main());
}
