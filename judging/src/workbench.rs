//! The setter's tools on a problem package besides `check`: `grundy validate DIR [FILE]`
//! (the validator the schema implies), `grundy gen DIR --seed S` (one input, like a
//! testlib generator, and the plan of tiers and shapes behind it), `grundy solve` of a
//! package (its reference) and `grundy checker PROBLEM INPUT OUTPUT ANSWER` (a built-in
//! problem's checker with the testlib protocol). The commands' arguments are in the
//! binary's `cmd/package.rs`.

use crate::error::{Error, Outcome};
use crate::outln;
use crate::package::{self, Package};
use crate::suite::Packaged;
use grundy_fuzzing::contest::Tier;
use grundy_fuzzing::gen::TreeShape;
use grundy_fuzzing::schema::{
    self,
    gen::{Shape, Split},
};
use grundy_fuzzing::Rng;
use grundy_games::schema::Instance;
use grundy_games::{checker, format, Problem};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// `grundy validate DIR [FILE]`: the schema's constraints, and (unless `lenient`) the
/// strict layout ([`grundy_games::layout`]).
pub fn validate(dir: &Path, file: Option<PathBuf>, lenient: bool) -> Result<Outcome, Error> {
    let pkg = Package::load(dir)?;
    let (bytes, source) = crate::input::read_raw(file.as_deref())?;
    let inst = pkg
        .validate(&bytes, lenient)
        .map_err(|e| Error::input(format!("{source}: {e}")))?;
    outln!(
        "OK: a valid {} input ({} test case{}, size {})",
        pkg.name,
        inst.cases.len(),
        if inst.cases.len() == 1 { "" } else { "s" },
        pkg.schema.size(&inst)
    );
    Ok(Outcome::Passed)
}

/// `grundy solve DIR [FILE]`: a package's answer to an input, by its rules or its
/// references (as `check` computes the expected output).
pub fn solve(
    mut pkg: Package,
    file: Option<PathBuf>,
    max_states: Option<usize>,
) -> Result<Outcome, Error> {
    if let (Some(g), Some(m)) = (pkg.game.as_mut(), max_states) {
        g.max_states = m;
    }
    let (bytes, source) = crate::input::read_raw(file.as_deref())?;
    let inst = pkg
        .schema
        .read(&bytes)
        .map_err(|e| Error::input(format!("{source}: {e}")))?;
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let prep = pkg.prepare()?;
    let (answer, _) = package::expected(&pkg, &prep, &inst, &text)?;
    crate::output::write_bytes(&answer);
    Ok(Outcome::Passed)
}

/// The size of a generated input of a tier (for `gen` without `--size`).
fn tier_size(pkg: &Package, rng: &mut Rng, tier: Tier) -> usize {
    let max = schema::gen::adversarial(&pkg.schema)
        .first()
        .map_or(10, |(_, s)| s.size);
    let small = pkg.brute.as_ref().map_or(10, |b| b.1.clamp(1, 12));
    match tier {
        Tier::Small => rng.range(1, small.min(max) as u64) as usize,
        Tier::Medium => rng.range(
            small.min(max) as u64,
            (max / 50).max(small + 1).min(max) as u64,
        ) as usize,
        Tier::Large => rng.range((max / 2) as u64, max as u64) as usize,
    }
}

/// One input of a package from a seed (what `gen` prints and `testset` writes).
fn generate(
    pkg: &Package,
    seed: u64,
    size: Option<usize>,
    shape: Option<TreeShape>,
    tier: Tier,
    extreme: bool,
    split: Split,
) -> Result<Instance, Error> {
    if split != Split::Drawn && pkg.schema.tests == grundy_games::schema::Tests::One {
        return Err(Error::usage(format!(
            "problem package {}: its input is one test case (no [tests] in problem.toml), so --cases does not apply",
            pkg.dir.display()
        )));
    }
    let mut rng = Rng::new(seed);
    let size = size.unwrap_or_else(|| tier_size(pkg, &mut rng, tier));
    let shape = Shape {
        size,
        tree: shape,
        extreme,
        split,
    };
    schema::gen::generate(&pkg.schema, &mut rng, &shape)
        .map_err(|e| Error::usage(format!("problem package {}: {e}", pkg.dir.display())))
}

/// A small input the rules answer, from `seed` (what `grundy play` plays when given no
/// input): within `[game] small` and `max_size`, of 2 to 8 vertices (or values).
pub fn generate_small(pkg: &Package, seed: u64) -> Result<Instance, Error> {
    let schema = pkg.rules_schema.as_ref().unwrap_or(&pkg.schema);
    let most = pkg.game.as_ref().map_or(8, |g| g.max_size.clamp(2, 8));
    let mut rng = Rng::new(seed);
    let shape = Shape {
        size: rng.range(2, most as u64) as usize,
        tree: None,
        extreme: false,
        split: schema::gen::Split::Drawn,
    };
    schema::gen::generate(schema, &mut rng, &shape)
        .map_err(|e| Error::usage(format!("problem package {}: {e}", pkg.dir.display())))
}

/// The package's largest adversarial input for `seed` (the size of its first adversarial
/// shape, counts and values at their extremes), as `grundy gen --extreme --tier large`
/// at that size.
pub fn generate_largest(pkg: &Package, seed: u64) -> Result<Instance, Error> {
    let size = schema::gen::adversarial(&pkg.schema)
        .first()
        .map_or(10, |(_, s)| s.size);
    generate(pkg, seed, Some(size), None, Tier::Large, true, Split::Drawn)
}

/// `grundy gen DIR --seed S`.
pub fn gen(
    dir: &Path,
    seed: u64,
    size: Option<usize>,
    shape: Option<TreeShape>,
    tier: Tier,
    extreme: bool,
    split: Split,
) -> Result<Outcome, Error> {
    let pkg = Package::load(dir)?;
    let inst = generate(&pkg, seed, size, shape, tier, extreme, split)?;
    crate::out!("{}", pkg.schema.write(&inst));
    Ok(Outcome::Passed)
}

/// One test of a test set, and how it was made.
pub struct Planned {
    seed: u64,
    /// A fixed size (the adversarial tests), or the tier's.
    size: Option<usize>,
    /// The tree's shape, when it is fixed.
    pub shape: Option<TreeShape>,
    tier: Tier,
    /// An adversarial test (the statement's maximum sizes).
    pub extreme: bool,
    /// How many test cases share the size.
    pub split: Split,
    /// How it was made, in words.
    pub how: String,
}

impl Planned {
    /// The `grundy gen` command that prints this test's input.
    pub fn command(&self, dir: &Path) -> String {
        let mut cmd = format!("grundy gen {} --seed {}", dir.display(), self.seed);
        match self.size {
            Some(n) => {
                let _ = write!(cmd, " --size {n}");
            }
            None => {
                let tier = format!("{:?}", self.tier).to_lowercase();
                let _ = write!(cmd, " --tier {tier}");
            }
        }
        if let Some(sh) = self.shape {
            let _ = write!(cmd, " --shape {}", sh.name());
        }
        if self.extreme {
            cmd += " --extreme";
        }
        match self.split {
            Split::Drawn => {}
            Split::Even(k) => {
                let _ = write!(cmd, " --cases {k}");
            }
            Split::Lopsided(k) => {
                let _ = write!(cmd, " --cases {k} --lopsided");
            }
        }
        cmd
    }
}

/// The size tier of the `k`-th of `count` random tests: six tenths small, three medium,
/// one large.
pub fn tier_of(k: usize, count: usize) -> Tier {
    match k * 10 / count.max(1) {
        0..=5 => Tier::Small,
        6..=8 => Tier::Medium,
        _ => Tier::Large,
    }
}

/// `count` random tests over the tiers ([`tier_of`]), then the adversarial ones of a
/// schema package.
pub fn plan(pkg: &Package, seed: u64, count: usize) -> Vec<Planned> {
    let mut plan: Vec<Planned> = (0..count)
        .map(|k| {
            let tier = tier_of(k, count);
            Planned {
                seed: seed + k as u64,
                size: None,
                shape: Some(TreeShape::ALL[k % TreeShape::ALL.len()]),
                tier,
                extreme: false,
                split: Split::Drawn,
                how: format!("random {tier:?}"),
            }
        })
        .collect();
    // An engine package's inputs come from the engine's generators (its adversarial ones
    // are part of `grundy check`'s plan, not of `gen`).
    if pkg.engine.is_none() {
        let adversarial = schema::gen::adversarial(&pkg.schema);
        plan.extend(
            adversarial
                .into_iter()
                .enumerate()
                .map(|(j, (how, shape))| Planned {
                    seed: seed + 1000 + j as u64,
                    size: Some(shape.size),
                    shape: shape.tree,
                    tier: Tier::Large,
                    extreme: true,
                    split: shape.split,
                    how,
                }),
        );
    }
    plan
}

/// A planned test's input, its expected answer, its size and its vertex count.
pub fn make(suite: &Packaged, t: &Planned) -> Result<(String, Vec<u8>, usize, usize), Error> {
    let pkg = &suite.pkg;
    Ok(match pkg.engine {
        Some(engine) => {
            let mut rng = Rng::new(t.seed);
            let cases = grundy_fuzzing::contest::input(engine, &mut rng, t.tier, t.size, t.shape);
            let text = engine.write_input(&cases);
            let (answer, _) = crate::judge::expected(engine, &cases)?;
            let n: usize = cases.iter().map(|c| c.size()).sum();
            let v: usize = cases.iter().map(|c| c.vertices()).sum();
            (text, answer, n, v)
        }
        None => {
            let inst = generate(pkg, t.seed, t.size, t.shape, t.tier, t.extreme, t.split)?;
            let text = pkg.schema.write(&inst);
            let (answer, _) = package::expected(pkg, &suite.prep, &inst, &text)?;
            let (n, v) = (pkg.schema.size(&inst), pkg.schema.vertices(&inst));
            (text, answer, n, v)
        }
    })
}

/// `grundy checker PROBLEM INPUT OUTPUT ANSWER`: a built-in problem's checker with the
/// testlib protocol — exit 0 OK, 1 WA, 2 PE, 3 checker failure; the message on stderr.
pub fn checker(
    problem: Problem,
    input: &Path,
    output: &Path,
    answer: &Path,
    result: Option<&Path>,
) -> Result<Outcome, Error> {
    // testlib's outcomes and exit codes: ok 0, wrong answer 1, presentation error 2, and
    // 3 for a fault on the jury's side (an unreadable file, a malformed input or answer).
    let verdict = |outcome: &str, message: String| -> Result<(), Error> {
        let Some(path) = result else { return Ok(()) };
        let xml = format!(
            "<?xml version=\"1.0\" encoding=\"windows-1251\"?><result outcome = \"{outcome}\">{}</result>\n",
            message
                .replace('&', "&amp;")
                .replace('<', "&lt;")
                .replace('>', "&gt;")
        );
        std::fs::write(path, xml).map_err(|e| Error::internal(format!("{}: {e}", path.display())))
    };
    let fail = |message: String| {
        let _ = verdict("fail", message.clone());
        Err(Error::internal(message))
    };
    let read = |p: &Path| std::fs::read(p).map_err(|e| format!("{}: {e}", p.display()));
    let (inp, out, ans) = match (read(input), read(output), read(answer)) {
        (Ok(i), Ok(o), Ok(a)) => (i, o, a),
        (Err(e), ..) | (_, Err(e), _) | (.., Err(e)) => return fail(e),
    };
    let cases = match problem.parse(&inp, false) {
        Ok(c) => c,
        Err(e) => return fail(format!("{}: {e}", input.display())),
    };
    if let Err(e) = format::check(problem, &cases, &ans) {
        return fail(format!(
            "the jury's answer {} is malformed: {e}",
            answer.display()
        ));
    }
    if let Err(e) = format::check(problem, &cases, &out) {
        verdict("presentation-error", e.to_string())?;
        return Err(Error::usage(format!("PE: {e}")));
    }
    match checker::compare(&ans, &out) {
        Ok(()) => {
            verdict("accepted", "ok".into())?;
            eprintln!("ok");
            Ok(Outcome::Passed)
        }
        Err(d) => {
            verdict("wrong-answer", d.to_string())?;
            eprintln!("wrong answer: {d}");
            Ok(Outcome::Failed)
        }
    }
}
