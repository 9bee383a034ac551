//! The arguments of `grundy gen` and `grundy checker`; the tools are
//! `grundy_judging::workbench`'s.

use crate::args::*;
use grundy_fuzzing::contest::Tier;
use grundy_fuzzing::gen::TreeShape;
use grundy_games::Problem;
use grundy_judging::error::{Error, Outcome};

/// The arguments of `grundy gen`.
#[derive(clap::Args, Debug)]
pub struct GenArgs {
    /// The problem: a built-in id or a package folder.
    #[arg(value_parser = parse_target)]
    problem: Target,
    /// Seed (decimal or 0x hex).
    #[arg(long, value_parser = parse_u64, default_value = "1")]
    seed: u64,
    /// Vertices (per tree, or per graph for poj3710).
    #[arg(long)]
    size: Option<usize>,
    /// Tree shape: chain, star, caterpillar, broom, binary, random, deep, prufer, hub.
    #[arg(long, value_parser = parse_shape)]
    shape: Option<TreeShape>,
    /// Size tier when --size is absent: small, medium or large.
    #[arg(long, default_value = "small", value_parser = parse_tier)]
    tier: Tier,
    /// Packages: counts and values at their extremes (the adversarial inputs).
    #[arg(long)]
    extreme: bool,
    /// Packages of several test cases an input: exactly this many, sharing the size
    /// evenly (within the count's range).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1 << 22))]
    cases: Option<u64>,
    /// With --cases: the first test case takes half the size, the others share the rest.
    #[arg(long, requires = "cases")]
    lopsided: bool,
}

impl GenArgs {
    /// Runs the command with these arguments.
    pub fn run(self) -> Result<Outcome, Error> {
        let GenArgs {
            problem,
            seed,
            size,
            shape,
            tier,
            extreme,
            cases,
            lopsided,
        } = self;
        use grundy_fuzzing::schema::gen::Split;
        let split = match (cases, lopsided) {
            (None, _) => Split::Drawn,
            (Some(k), false) => Split::Even(k as usize),
            (Some(k), true) => Split::Lopsided(k as usize),
        };
        match (engine_of(&problem)?, problem) {
            (Some(_), _) if split != Split::Drawn => Err(Error::usage(
                "--cases applies to a package's schema, not to a built-in problem",
            )),
            (Some(problem), _) => {
                let cases = contest::input(
                    problem,
                    &mut grundy_fuzzing::Rng::new(seed),
                    tier,
                    size,
                    shape,
                );
                grundy_judging::out!("{}", problem.write_input(&cases));
                Ok(Outcome::Passed)
            }
            (None, Target::Package(dir)) => {
                grundy_judging::workbench::gen(&dir, seed, size, shape, tier, extreme, split)
            }
            (None, Target::Builtin(_)) => unreachable!("a built-in problem is its own engine"),
        }
    }
}

/// The arguments of `grundy checker`.
#[derive(clap::Args, Debug)]
pub struct CheckerArgs {
    /// The problem.
    #[arg(value_parser = parse_problem)]
    problem: Problem,
    /// The input file.
    input: PathBuf,
    /// The contestant's output.
    output: PathBuf,
    /// The expected output.
    answer: PathBuf,
    /// testlib's optional result file and `-appes` (Polygon and Codeforces pass them):
    /// the verdict is also written there, in testlib's XML.
    #[arg(allow_hyphen_values = true, num_args = 0..=2)]
    result: Vec<String>,
}

impl CheckerArgs {
    /// Runs the command with these arguments.
    pub fn run(self) -> Result<Outcome, Error> {
        let CheckerArgs {
            problem,
            input,
            output,
            answer,
            result,
        } = self;
        let (file, rest): (Vec<&String>, Vec<&String>) =
            result.iter().partition(|a| !a.starts_with('-'));
        if let Some(flag) = rest.iter().find(|a| a.as_str() != "-appes") {
            return Err(Error::internal(format!(
                "checker: unknown option `{flag}` (testlib's is -appes)"
            )));
        }
        if file.len() > 1 {
            return Err(Error::internal(
                "checker: expected INPUT OUTPUT ANSWER [RESULT_FILE [-appes]]",
            ));
        }
        grundy_judging::workbench::checker(
            problem,
            &input,
            &output,
            &answer,
            file.first().map(|f| PathBuf::from(f.as_str())).as_deref(),
        )
    }
}
