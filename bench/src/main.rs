//! `grundy-bench`: the developer benchmarks, a package of their own apart from the
//! product (`grundy`). Each measures the `grundy` binary beside it as a user runs it, or
//! the library in this process; the method of each is in [`bench`] and the README
//! ("Benchmarks"). Build both with `cargo build --release` (the workspace's default
//! members); run `target/release/grundy-bench campaign`.

mod bench;
mod bench_check;
mod bench_rules;
mod bench_sandbox;

use bench::{BenchWhat, MeasureArgs};
use clap::{Parser, Subcommand};

#[derive(Parser, Debug)]
#[command(
    name = "grundy-bench",
    version,
    about = "grundy's speed measurements (never timed tests): solve, oracle, campaign, exhaust, rules, schema, check"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    #[command(flatten)]
    What(BenchWhat),
    /// Run a command with this process's standard input and output and print its peak
    /// memory on stderr (used by `grundy-bench solve`, from a small process).
    #[command(hide = true)]
    Measure(MeasureArgs),
}

/// The product's allocator: the speeds measured are the product's.
#[global_allocator]
static ALLOCATOR: grundy::allocator::HugeBlocks = grundy::allocator::HugeBlocks;

fn main() {
    // First: in launcher mode this process only starts one judged program (`bench rules`
    // runs contained rules workers).
    grundy_sandbox::launcher::enter();
    let code = match Cli::try_parse() {
        Ok(cli) => grundy::exit::exit_code(match cli.command {
            Command::What(what) => bench::BenchArgs { what }.run(),
            Command::Measure(m) => m.run(),
        }),
        Err(e) => {
            let _ = e.print();
            if e.use_stderr() {
                grundy_judging::error::EXIT_USAGE
            } else {
                grundy_judging::error::EXIT_OK
            }
        }
    };
    std::process::exit(code);
}
