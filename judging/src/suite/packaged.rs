//! A problem package as a suite: its schema's generators, validator and shrinker, its
//! references' answers and its checker.

use super::{played_as, shape_of_edges, Drawn, Inputs, Judged, Played, Searched, TEXT_TREE_MOST};
use crate::error::Error;
use crate::judge::{self, Verdict};
use crate::package::{self, Package, Prepared};
use crate::reach::{Dim, Reach};
use grundy_fuzzing::contest::Tier;
use grundy_fuzzing::gen::TreeShape;
use grundy_fuzzing::schema::gen::Shape;
use grundy_fuzzing::shrink::{Resume, Shrunk};
use grundy_fuzzing::{schema, Rng};
use grundy_games::schema::{Instance, Item};
use grundy_sandbox::runner::{self, RunLimits};
use std::time::Duration;

/// A problem package with its programs ready to run.
pub struct Packaged {
    /// The package.
    pub pkg: Package,
    /// Its compiled programs.
    pub prep: Prepared,
    /// The expected outputs computed so far, by the input's text (the references run
    /// once per input however many solutions are judged on it).
    expected: std::sync::Mutex<std::collections::HashMap<u64, (Vec<u8>, String)>>,
}

/// How many expected outputs [`Packaged`] keeps.
const EXPECTED_KEPT: usize = 4096;

impl Packaged {
    /// Loads and prepares the package in `dir`.
    pub fn load(dir: &std::path::Path) -> Result<Packaged, Error> {
        let pkg = Package::load(dir)?;
        let prep = pkg.prepare()?;
        Ok(Packaged {
            pkg,
            prep,
            expected: Default::default(),
        })
    }

    /// The largest size the limits allow (of a tree, graph or array).
    fn max_size(&self) -> usize {
        let s = &self.pkg.schema;
        s.items
            .iter()
            .filter_map(|it| match it {
                Item::Tree { count, .. } | Item::Graph { count, .. } => Some(s.range(count).1),
                Item::Array { len, .. } => Some(s.range(len).1),
                Item::Queries { count, .. } => Some(s.range(count).1),
                Item::Ints(_) => None,
            })
            .max()
            .unwrap_or(8)
            .clamp(1, 1 << 22) as usize
    }

    /// [`Packaged::max_size`] in words: the dimension that has it (`300,000 vertices`,
    /// `200,000 queries`, `200,000 values of a`); an input of integers alone has none.
    fn max_size_words(&self) -> String {
        let s = &self.pkg.schema;
        let sized = s.items.iter().filter_map(|it| {
            let (count, noun) = match it {
                Item::Tree { count, .. } | Item::Graph { count, .. } => (count, "vertices".into()),
                Item::Array { len, name, .. } => (len, format!("values of {name}")),
                Item::Queries { count, .. } => (count, "queries".into()),
                Item::Ints(_) => return None,
            };
            Some((s.range(count).1, noun))
        });
        match sized.max_by_key(|(n, _)| *n) {
            Some((n, noun)) => format!("{} {noun}", crate::output::thousands(n.max(0) as usize)),
            None => "the largest integers its limits allow".into(),
        }
    }

    /// Runs external generator `g` with a seed and a size; its output parsed by the schema.
    fn external(&self, g: &str, seed: u64, size: usize) -> Result<Instance, Error> {
        let command = g
            .replace("{seed}", &seed.to_string())
            .replace("{size}", &size.to_string());
        let words: Vec<String> = command
            .split_whitespace()
            .map(|w| {
                let p = self.pkg.dir.join(w);
                if p.exists() {
                    p.display().to_string()
                } else {
                    w.to_string()
                }
            })
            .collect();
        let argv = grundy_sandbox::program::prepare(&words)?;
        let limits = RunLimits::with_time(Duration::from_secs(30), 2.0);
        let shown = [self.pkg.dir.clone()];
        let place = runner::PackagePlace {
            shown: &shown,
            folder: None,
        };
        let run = runner::run_package(&argv, b"", &limits, place);
        if judge::classify(&run, &limits)?.is_some() {
            return Err(Error::usage(format!(
                "problem package {}: the generator `{command}` failed: it {} (limits: {} s, {} MiB of output)",
                self.pkg.dir.display(),
                run.exit,
                limits.time.as_secs(),
                limits.output >> 20
            )));
        }
        self.pkg.schema.read(&run.stdout).map_err(|e| {
            Error::usage(format!(
                "problem package {}: the output of the generator `{command}` does not meet the schema: {e}",
                self.pkg.dir.display()
            ))
        })
    }
}

fn generated(
    r: Result<Instance, schema::gen::SchemaError>,
    dir: &std::path::Path,
) -> Result<Instance, Error> {
    r.map_err(|e| Error::usage(format!("problem package {}: {e}", dir.display())))
}

impl Packaged {
    /// The drawing of an input ([`grundy_draw::instance_svg`]: its first tree or graph
    /// with what the input says of each vertex, its integers and arrays), and for a small
    /// tree the terminal's text drawing.
    pub fn draw_instance(
        schema: &grundy_games::schema::Schema,
        input: &Instance,
    ) -> Option<(String, Option<String>)> {
        use grundy_games::schema::Value;
        let svg = grundy_draw::instance_svg(schema, input)?;
        let text = input.cases.first()?.values.iter().find_map(|v| match v {
            Value::Edges { n, edges, .. } => grundy_games::Tree::from_edges(*n as usize, edges)
                .ok()
                .and_then(|t| grundy_draw::text_tree(&t, TEXT_TREE_MOST)),
            _ => None,
        });
        Some((svg, text))
    }

    /// The schema has a tree or a graph (inputs of a shape and size can be made).
    fn has_tree(&self) -> bool {
        self.pkg
            .schema
            .items
            .iter()
            .any(|it| matches!(it, Item::Tree { .. } | Item::Graph { .. }))
    }
}

impl Inputs for Packaged {
    type Input = Instance;

    fn shape(&self, input: &Instance) -> String {
        let cactus = self
            .pkg
            .schema
            .items
            .iter()
            .any(|it| matches!(it, Item::Graph { rules, .. } if rules.cactus));
        input
            .cases
            .iter()
            .flat_map(|c| &c.values)
            .filter_map(|v| match v {
                grundy_games::schema::Value::Edges { n, edges, .. } => Some((*n, edges)),
                _ => None,
            })
            .max_by_key(|(n, _)| *n)
            .map_or_else(
                || {
                    let arrays = self
                        .pkg
                        .schema
                        .items
                        .iter()
                        .any(|it| matches!(it, Item::Array { .. }));
                    if arrays { "array" } else { "integers" }.into()
                },
                |(n, e)| shape_of_edges(n, e, cactus),
            )
    }

    fn vertices_of(&self, input: &Instance) -> usize {
        self.pkg.schema.vertices(input)
    }

    fn name(&self) -> String {
        self.pkg.name.clone()
    }

    fn arg(&self) -> String {
        self.pkg.dir.display().to_string()
    }

    fn random(&self, seed: u64, index: u64, tier: Tier) -> Result<(Instance, String), Error> {
        let mut rng = Rng::for_case(seed, index);
        let max = self.max_size();
        let small_top = self.pkg.brute.as_ref().map_or(10, |b| b.1.clamp(1, 12)) as u64;
        let size = match tier {
            Tier::Small => rng.range(1, small_top.min(max as u64).max(1)) as usize,
            Tier::Medium => rng.range(
                (small_top + 1).min(max as u64),
                ((max / 50) as u64).max(small_top + 2).min(max as u64),
            ) as usize,
            Tier::Large => rng.range((max / 2) as u64, max as u64) as usize,
        };
        // Every fourth random input comes from an external generator, when there is one.
        if !self.pkg.generators.is_empty() && index % 4 == 3 {
            let g = &self.pkg.generators[(index / 4) as usize % self.pkg.generators.len()];
            let inst = self.external(g, seed ^ index, size)?;
            return Ok((inst, format!("generator `{g}`, size {size}")));
        }
        let shape = Shape {
            size,
            tree: None,
            extreme: false,
            split: schema::gen::Split::Drawn,
        };
        // Small inputs mostly keep the caps of `[game] small`, so that the rules answer
        // them (and the model is cross-checked); the others take the statement's ranges.
        let capped = self
            .pkg
            .rules_schema
            .as_ref()
            .filter(|_| tier == Tier::Small && index % 4 != 1);
        let schema = capped.unwrap_or(&self.pkg.schema);
        let inst = generated(
            schema::gen::generate(schema, &mut rng, &shape),
            &self.pkg.dir,
        )?;
        Ok((
            inst,
            format!(
                "random {tier:?} input{}",
                if capped.is_some() {
                    ", within [game] small"
                } else {
                    ""
                }
            ),
        ))
    }

    fn adversarial(&self) -> Vec<String> {
        schema::gen::adversarial(&self.pkg.schema)
            .into_iter()
            .map(|(name, _)| name)
            .collect()
    }

    fn adversarial_input(&self, k: usize) -> Result<Instance, Error> {
        let (_, shape) = schema::gen::adversarial(&self.pkg.schema)
            .into_iter()
            .nth(k)
            .ok_or_else(|| Error::internal("adversarial input past the plan"))?;
        let mut rng = Rng::for_case(0xADE5, k as u64);
        generated(
            schema::gen::generate(&self.pkg.schema, &mut rng, &shape),
            &self.pkg.dir,
        )
    }

    fn write(&self, input: &Instance) -> String {
        self.pkg.schema.write(input)
    }

    fn valid(&self, input: &Instance) -> bool {
        self.pkg.schema.read(self.write(input).as_bytes()).is_ok()
    }

    fn size(&self, input: &Instance) -> usize {
        // Vertices first, then everything else written (values, queries).
        self.pkg.schema.vertices(input) * 1_000_000 + self.write(input).len()
    }

    fn describe(&self, input: &Instance) -> String {
        let v = self.pkg.schema.vertices(input);
        let cases = input.cases.len();
        let mut s = if v > 0 {
            crate::output::vertices(v)
        } else {
            format!(
                "size {}",
                crate::output::thousands(self.pkg.schema.size(input))
            )
        };
        if cases > 1 {
            s += &format!(" in {} test cases", crate::output::thousands(cases));
        }
        s
    }
}

impl Judged for Packaged {
    fn expected(&self, input: &Instance, text: &str) -> Result<(Vec<u8>, String), Error> {
        let key = grundy_sandbox::program::content_hash(text.as_bytes());
        let cache = || self.expected.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(hit) = cache().get(&key) {
            return Ok(hit.clone());
        }
        let answer = package::expected(&self.pkg, &self.prep, input, text)?;
        let mut kept = cache();
        if kept.len() >= EXPECTED_KEPT {
            kept.clear();
        }
        kept.insert(key, answer.clone());
        Ok(answer)
    }

    fn check_output(
        &self,
        _: &Instance,
        text: &str,
        output: &[u8],
        expected: &[u8],
    ) -> Result<Verdict, Error> {
        package::judge_output(&self.pkg, &self.prep, text, output, expected)
    }

    fn solutions(&self) -> Vec<crate::solutions::Solution> {
        self.pkg.solutions.clone()
    }

    fn harden(
        &self,
        input: &Instance,
        interactor: &[String],
        player: crate::jury::harden::Player,
        seed: u64,
    ) -> Option<Result<crate::jury::harden::Game, Error>> {
        let spec = self.pkg.interact.as_ref()?;
        let game = self.prep.rules.as_ref()?;
        let schema = &self.pkg.schema;
        let text = schema.write(input);
        let cases: Vec<crate::jury::harden::Case> = crate::jury::case_texts(schema, input)
            .into_iter()
            .zip(&input.cases)
            .map(|(t, c)| (t, crate::rules_game::case_json(schema, c)))
            .collect();
        let count = matches!(schema.tests, grundy_games::schema::Tests::Count(_));
        Some(
            crate::jury::harden::play(
                game,
                spec,
                interactor,
                &text,
                &cases,
                count,
                player,
                &self.pkg.limits,
                seed,
            )
            .map_err(|e| e.within(self.pkg.dir.display())),
        )
    }

    fn play(&self, input: &Instance, argv: &[String], limits: &RunLimits) -> Option<Played> {
        let spec = self.pkg.interact.as_ref()?;
        let text = self.pkg.schema.write(input);
        if let Some(interactor) = &spec.interactor {
            let played = crate::jury::referee(interactor, spec.convention, &text, argv, limits);
            return Some(played_as(played, &self.pkg.dir, None));
        }
        let game = self.prep.rules.as_ref()?;
        let seed = grundy_sandbox::program::content_hash(text.as_bytes());
        let played = crate::jury::play(game, spec, &self.pkg.schema, input, argv, limits, seed);
        Some(played_as(
            played,
            &self.pkg.dir,
            Some("the rules fail while the jury plays"),
        ))
    }

    fn locate(&self, _: &Instance, _: &[u8], _: &[u8]) -> Option<String> {
        None
    }

    fn compares_tokens(&self) -> bool {
        use grundy_games::checker::Compare;
        matches!(
            self.pkg.checker,
            package::Checker::Builtin(Compare::Tokens | Compare::Floats { .. })
        )
    }
}

impl Searched for Packaged {
    fn sized(&self, shape: TreeShape, size: usize, seed: u64) -> Option<Result<Instance, Error>> {
        if !self.has_tree() {
            return None;
        }
        let mut rng = Rng::for_case(seed, size as u64);
        let shape = Shape {
            size,
            tree: Some(shape),
            extreme: false,
            split: schema::gen::Split::Drawn,
        };
        Some(generated(
            schema::gen::generate(&self.pkg.schema, &mut rng, &shape),
            &self.pkg.dir,
        ))
    }

    fn max_size_words(&self) -> String {
        Packaged::max_size_words(self)
    }

    fn cases_axis(&self) -> Option<(String, usize)> {
        let s = &self.pkg.schema;
        Some((schema::cases::count_name(s)?, schema::cases::most_cases(s)))
    }

    fn with_cases(&self, k: usize, seed: u64) -> Option<Result<Instance, Error>> {
        let s = &self.pkg.schema;
        schema::cases::count_name(s)?;
        let mut rng = Rng::for_case(seed, k as u64);
        let shape = schema::cases::with_cases(s, k);
        Some(generated(
            schema::gen::generate(s, &mut rng, &shape),
            &self.pkg.dir,
        ))
    }

    /// A tree of each shape of the maximum size (random values), then the adversarial
    /// inputs that are not trees of a shape: the corners of the test cases' count, and for
    /// a package without trees its input of the maximum size.
    fn hunt_starts(
        &self,
        shapes: &[TreeShape],
        seed: u64,
    ) -> Vec<(String, Result<Instance, Error>)> {
        let mut out = crate::suite::tree_starts(self, shapes, seed);
        let trees = self.has_tree();
        for (k, (name, shape)) in schema::gen::adversarial(&self.pkg.schema)
            .into_iter()
            .enumerate()
        {
            if !(trees && shape.tree.is_some()) {
                out.push((name, self.adversarial_input(k)));
            }
        }
        out
    }

    fn max_size(&self) -> usize {
        Packaged::max_size(self)
    }

    fn measure(&self, input: &Instance, reach: &mut Reach) {
        use grundy_games::schema::{Tests, Value};
        // Vertices and degrees are dimensions of trees and graphs only: a package of
        // integers and arrays is measured by its values and lengths.
        if self.has_tree() {
            reach.add(Dim::Vertices, self.vertices_of(input) as i64);
        }
        if self.pkg.schema.tests != Tests::One {
            reach.add(Dim::Cases, input.cases.len() as i64);
        }
        for v in input.cases.iter().flat_map(|c| &c.values) {
            match v {
                Value::Ints(xs) => xs.iter().for_each(|&x| reach.add(Dim::Value, x)),
                Value::Edges { n, edges, weights } => {
                    reach.edges(*n, edges);
                    weights.iter().for_each(|&x| reach.add(Dim::Value, x));
                }
                Value::Array(xs) => {
                    reach.add(Dim::Length, xs.len() as i64);
                    xs.iter().for_each(|&x| reach.add(Dim::Value, x));
                }
                Value::Queries(qs) => reach.add(Dim::Length, qs.len() as i64),
            }
        }
    }

    fn allowed(&self) -> Vec<(Dim, i64)> {
        let n = self.max_size() as i64;
        let mut out = if self.has_tree() {
            vec![(Dim::Vertices, n), (Dim::Degree, n - 1)]
        } else if self
            .pkg
            .schema
            .items
            .iter()
            .any(|it| matches!(it, Item::Array { .. } | Item::Queries { .. }))
        {
            vec![(Dim::Length, n)]
        } else {
            Vec::new()
        };
        if let Some(top) = self.pkg.schema.limits.values().map(|&(_, hi)| hi).max() {
            out.push((Dim::Value, top));
        }
        if let Some((_, most)) = self.cases_axis() {
            out.push((Dim::Cases, most as i64));
        }
        out
    }

    fn families(&self) -> Vec<grundy_fuzzing::families::Member> {
        if !self.has_tree() {
            return Vec::new();
        }
        grundy_fuzzing::families::sweep(1, self.max_size(), false)
    }

    fn mutate(&self, input: &Instance, rng: &mut Rng) -> Option<(Instance, String)> {
        // Several test cases an input: half the moves are over them (one more, a copy of
        // another; one made a copy of another), so that the climb goes along t too.
        if self.pkg.schema.tests != grundy_games::schema::Tests::One
            && (!self.has_tree() || rng.chance(1, 2))
        {
            return self.mutate_cases(input, rng);
        }
        let mut out = input.clone();
        let k = rng.below(out.cases.len().max(1) as u64) as usize;
        let case = out.cases.get_mut(k)?;
        let trees: Vec<usize> = (0..case.values.len())
            .filter(|&i| matches!(self.pkg.schema.items[i], Item::Tree { .. }))
            .collect();
        let &i = trees.get(rng.below(trees.len().max(1) as u64) as usize)?;
        let grundy_games::schema::Value::Edges { n, edges, .. } = &mut case.values[i] else {
            return None;
        };
        let tree = grundy_games::Tree::from_edges(*n as usize, edges).ok()?;
        let (new, what) = grundy_fuzzing::growth::mutate(&tree, rng)?;
        // Edge i keeps its weight only if it still joins the same vertices; the moves
        // change parents, so the edge list is rebuilt (weights keep their positions).
        *edges = new;
        Some((out, what.into()))
    }

    fn shrink(
        &self,
        input: Instance,
        fails: &mut dyn FnMut(&Instance) -> bool,
        stop: &dyn Fn() -> bool,
    ) -> Shrunk<Instance> {
        schema::shrink::shrink_with(&self.pkg.schema, Resume::AtLastStep, input, fails, stop)
    }

    fn extra_tries(&self) -> u64 {
        20
    }
}

impl Packaged {
    /// A move of the hunt over the test cases of `input`: one more test case (a copy of
    /// one, while the count allows), or one test case made a copy of another (the input
    /// checked against the limits on sums by the hunt).
    fn mutate_cases(&self, input: &Instance, rng: &mut Rng) -> Option<(Instance, String)> {
        let k = input.cases.len();
        let i = rng.below(k.max(1) as u64) as usize;
        let most = schema::cases::case_range(&self.pkg.schema).1;
        let mut out = input.clone();
        if k < most && rng.chance(1, 2) {
            out.cases.push(input.cases.get(i)?.clone());
            return Some((out, "one more test case, a copy of another".into()));
        }
        let j = rng.below(k.max(1) as u64) as usize;
        if i == j {
            return None;
        }
        out.cases[j] = input.cases[i].clone();
        Some((out, "a test case made a copy of another".into()))
    }
}

impl Drawn for Packaged {
    fn draw(&self, input: &Instance) -> Option<(String, Option<String>)> {
        Packaged::draw_instance(&self.pkg.schema, input)
    }

    fn steps(
        &self,
        input: &Instance,
        transcript: &[u8],
        sides: crate::jury::steps_html::Sides<'_>,
    ) -> Vec<(String, String)> {
        match (&self.pkg.interact, &self.prep.rules) {
            (Some(_), Some(game)) => crate::jury::steps_html::rules_steps(
                game,
                &self.pkg.schema,
                input,
                &String::from_utf8_lossy(transcript),
                sides,
            ),
            _ => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hunt's moves over the test cases keep every test case one of the input's, and
    /// change the count by one at most: the climb goes along t.
    #[test]
    fn the_hunt_moves_along_the_test_cases() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/packages/nim-many-tests");
        let suite = Packaged::load(&dir).unwrap();
        let input = suite.with_cases(3, 1).unwrap().unwrap();
        assert_eq!(input.cases.len(), 3);
        let mut rng = Rng::new(9);
        let (mut more, mut copied) = (0, 0);
        for _ in 0..200 {
            let Some((out, what)) = suite.mutate(&input, &mut rng) else {
                continue;
            };
            assert!(out.cases.iter().all(|c| input.cases.contains(c)), "{what}");
            match out.cases.len() - input.cases.len() {
                1 => more += 1,
                0 => copied += 1,
                d => panic!("{what}: {d} more test cases"),
            }
        }
        assert!(more > 20 && copied > 20, "{more} {copied}");
    }
}
