//! The command list and dispatch (clap). Every command returns `Result<Outcome, Error>`,
//! mapped to the exit code in one place ([`crate::exit::exit_code`]); what the commands'
//! arguments share is [`crate::args`].

use crate::cmd;
use clap::{Parser, Subcommand};
use grundy_games::Problem;
use grundy_judging::error::{self, Error, Outcome, EXIT_OK, EXIT_USAGE};

#[derive(Parser, Debug)]
#[command(
    name = "grundy",
    version,
    about = "Differential fuzzing and verification harness for impartial games on trees, cacti and stone layouts"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// The sandbox of every judged program and compile: `auto` (namespaces where the
    /// kernel allows them, a note where it does not), `strict` (refuse to run without
    /// them) or `none` (the program runs with your rights). Default: the package's
    /// `[judge] sandbox`, else `auto`.
    #[arg(long, global = true, value_parser = parse_sandbox)]
    sandbox: Option<grundy_sandbox::jail::Mode>,
    /// Most processes and threads of one judged run, in the sandbox (default 64, or the
    /// package's `[judge] processes`).
    #[arg(long, global = true, value_parser = clap::value_parser!(u32).range(1..=100000))]
    processes: Option<u32>,
}

/// Parses `--sandbox`.
fn parse_sandbox(s: &str) -> Result<grundy_sandbox::jail::Mode, String> {
    grundy_sandbox::jail::Mode::parse(s)
        .ok_or_else(|| format!("'{s}': expected auto, strict or none"))
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Answer a contest or native input (stdin when no FILE).
    Solve(cmd::solve::SolveArgs),
    /// Check that an input meets the problem's statement exactly (the validator).
    Validate(cmd::solve::ValidateArgs),
    /// Solver-vs-oracle campaign on random positions of many shapes.
    Fuzz(cmd::fuzz::FuzzArgs),
    /// Bounded-exhaustive check: every rooted tree up to N vertices, every colouring, chip
    /// placement, small stone layout and small multigraph.
    Exhaust(cmd::exhaust::ExhaustArgs),
    /// Validate a contest solution: random and adversarial inputs, judged by the oracle
    /// (small) or the solver; each group of failures is shrunk with the program in the loop.
    Check(cmd::check::CheckArgs),
    /// Print one valid input of a problem (same arguments, same output, always).
    Gen(cmd::package::GenArgs),
    /// Play the contestant's side against the package's own interactor (perfect, first
    /// legal move, random): every test where the interactor is weak, shrunk.
    Harden(cmd::harden::HardenArgs),
    /// Explore a game given by its rules: the value of every small input, by value and
    /// shape, and the value sequences of paths, stars and single values with their periods.
    Values(cmd::values::ValuesArgs),
    /// Play a game given by its rules in the browser against grundy's jury, each move
    /// shown with the value it leaves (a local page on 127.0.0.1).
    Play(cmd::play::PlayArgs),
    /// Write a package to start from: engine, rules, interactive, interactor or schema,
    /// with a statement stub, a correct and a wrong solution; it passes `grundy check DIR`.
    New(cmd::new::NewArgs),
    /// The languages grundy builds and runs: extensions, whether each toolchain is on this
    /// machine (its version), and with --commands how each is compiled, run and limited.
    Languages(cmd::languages::LanguagesArgs),
    /// Write a test set of a problem package: NN.in, NN.ans (the reference's answers),
    /// regenerate.sh and SUMMARY.md.
    Testset(cmd::testset::TestsetArgs),
    /// A built-in problem's checker with the testlib protocol: exit 0 OK, 1 WA, 2 PE,
    /// 3 checker failure, the message on stderr.
    Checker(cmd::package::CheckerArgs),
    /// Replay a corpus through the solver and oracle, or through a program (--against).
    Replay(cmd::replay::ReplayArgs),
    /// Turn a libFuzzer crash artifact into a shrunk, readable corpus case.
    Import(cmd::import::ImportArgs),
    /// Write the fuzz targets' seed corpus (fuzz/corpus/TARGET/) from the regression corpus.
    FuzzCorpus(cmd::import::FuzzCorpusArgs),
    /// The growth rate of a program's CPU time: a doubling series of inputs of one shape
    /// (or of every shape), fitted to c·n^E.
    Scale(cmd::tle::ScaleArgs),
    /// Search for the input of the maximum size that is slowest for a program (every
    /// shape, then hill-climbing with structural moves); a TLE found is saved.
    Hunt(cmd::tle::HuntArgs),
    /// Time-limit calibration: reference solutions on the adversarial inputs, large random
    /// ones and the slowest inputs of a hunt; a recommended limit.
    Time(cmd::tle::TimeArgs),
    /// Check one native input from stdin with a named subject (used to shrink hangs).
    #[command(hide = true)]
    Probe(crate::probe::ProbeArgs),
    /// The harness checks itself: every deliberately broken solver must be caught.
    Selftest(cmd::selftest::SelftestArgs),
}
/// Runs the command line and returns the exit code.
pub fn main() -> i32 {
    use clap::{CommandFactory, FromArgMatches};
    let names = |contest: bool| {
        Problem::ALL
            .iter()
            .filter(|p| p.is_contest() == contest)
            .map(|p| p.name())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let help = format!(
        "Problems: {} (contest formats) and {} (native formats), or a problem package folder.\nExit codes: 0 all checks passed, 1 a finding or failing verdict, 2 bad usage or bad input, 3 an internal error, 128+N stopped by signal N.",
        names(true),
        names(false)
    );
    let parsed = Cli::command()
        .after_help(help)
        .try_get_matches()
        .and_then(|m| Cli::from_arg_matches(&m));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            // A checker's usage error is the judge's fault: testlib's "fail" (3), never
            // the 2 a judge reads as a presentation error.
            let checker = std::env::args().nth(1).as_deref() == Some("checker");
            return match (e.use_stderr(), checker) {
                (false, _) => EXIT_OK,
                (true, true) => error::EXIT_INTERNAL,
                (true, false) => EXIT_USAGE,
            };
        }
    };
    grundy_sandbox::jail::set_from_command_line(cli.sandbox, cli.processes);
    crate::exit::exit_code(dispatch(cli.command))
}

fn dispatch(command: Command) -> Result<Outcome, Error> {
    match command {
        Command::Solve(args) => args.run(),
        Command::Validate(args) => args.run(),
        Command::Fuzz(args) => args.run(),
        Command::Exhaust(args) => args.run(),
        Command::Check(args) => args.run(),
        Command::Gen(args) => args.run(),
        Command::Testset(args) => args.run(),
        Command::Languages(args) => args.run(),
        Command::Harden(args) => args.run(),
        Command::Values(args) => args.run(),
        Command::Play(args) => args.run(),
        Command::New(args) => args.run(),
        Command::Checker(args) => args.run(),
        Command::Replay(args) => args.run(),
        Command::Import(args) => args.run(),
        Command::FuzzCorpus(args) => args.run(),
        Command::Selftest(args) => args.run(),
        Command::Scale(args) => args.run(),
        Command::Hunt(args) => args.run(),
        Command::Time(args) => args.run(),
        Command::Probe(args) => args.run(),
    }
}
