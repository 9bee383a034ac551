//! What `grundy check` needs from a problem, behind one trait, so that the four built-in
//! problems and every problem package run the same test plan, verdicts, shrinking, saved
//! failures and reports: random inputs by tier, adversarial maximum inputs, printing and
//! validating an input, its expected output, judging an output, and shrinking.

use crate::error::Error;
use crate::judge::{self, Verdict};
use crate::package::{self, Package, Prepared};
use crate::reach::{Dim, Reach};
use crate::runner::{self, Limits, Run};
use grundy_fuzzing::contest::{self, Tier};
use grundy_fuzzing::gen::TreeShape;
use grundy_fuzzing::schema_gen::{self, Shape};
use grundy_fuzzing::shrink::{self, Resume, Shrunk};
use grundy_fuzzing::{schema_shrink, Rng};
use grundy_games::schema::{Instance, Item};
use grundy_games::{checker, Position, Problem};
use std::time::Duration;

/// Trees of at most this many vertices are shown as indented text in the reports.
const TEXT_TREE_MOST: usize = 12;

/// A game played against the jury: the verdict, the run and the transcript as text.
pub type Played = Result<(Verdict, Run, Vec<u8>), Error>;

/// A problem as `grundy check` sees it.
pub trait Suite: Sync {
    /// One input.
    type Input: Clone + Send + Sync;
    /// The name of the folder its failures are saved in.
    fn name(&self) -> String;
    /// How the problem is named on the command line (for reproduce lines).
    fn arg(&self) -> String;
    /// Random input `index` of the plan seeded by `seed`, of a size tier; and a label.
    fn random(&self, seed: u64, index: u64, tier: Tier) -> Result<(Self::Input, String), Error>;
    /// The names of the adversarial inputs.
    fn adversarial(&self) -> Vec<String>;
    /// Adversarial input `k`.
    fn adversarial_input(&self, k: usize) -> Result<Self::Input, Error>;
    /// The input as text.
    fn write(&self, input: &Self::Input) -> String;
    /// True when the statement's validator accepts the input.
    fn valid(&self, input: &Self::Input) -> bool;
    /// The expected output and who computed it.
    fn expected(&self, input: &Self::Input, text: &str) -> Result<(Vec<u8>, String), Error>;
    /// The verdict on a program's output (which exited normally).
    fn check_output(
        &self,
        input: &Self::Input,
        text: &str,
        output: &[u8],
        expected: &[u8],
    ) -> Result<Verdict, Error>;
    /// For an interactive problem: plays the program against the jury on `input` (the
    /// verdict, the run and the transcript as text); `None` for a problem that is not
    /// interactive.
    fn play(&self, input: &Self::Input, argv: &[String], limits: &Limits) -> Option<Played> {
        let _ = (input, argv, limits);
        None
    }
    /// For `grundy harden`: plays `player` (seeded) against the setter's interactor
    /// `interactor` on `input`; `None` when grundy knows no game for the problem (neither
    /// rules nor a built-in engine) or it is not interactive.
    fn harden(
        &self,
        input: &Self::Input,
        interactor: &[String],
        player: crate::harden::Player,
        seed: u64,
    ) -> Option<Result<crate::harden::Game, Error>> {
        let _ = (input, interactor, player, seed);
        None
    }
    /// The package's solutions with their expected verdicts (none for a built-in
    /// problem).
    fn solutions(&self) -> Vec<crate::solutions::Solution> {
        Vec::new()
    }
    /// Shrinks a failing input while `fails` holds.
    fn shrink(
        &self,
        input: Self::Input,
        fails: &mut dyn FnMut(&Self::Input) -> bool,
    ) -> Shrunk<Self::Input>;
    /// A size to compare inputs by (smaller is better).
    fn size(&self, input: &Self::Input) -> usize;
    /// The size in words (`8 vertices`).
    fn describe(&self, input: &Self::Input) -> String;
    /// Which test case of a multi-case input an output differs in, in words.
    fn locate(&self, input: &Self::Input, expected: &[u8], actual: &[u8]) -> Option<String>;
    /// How many more small random inputs are tried, after shrinking, for a smaller failure
    /// (each costs a run of the program, and of the reference for a package).
    fn extra_tries(&self) -> u64 {
        300
    }
    /// The shape of an input's largest tree (`chain`, `star`, …), or `graph`/`cactus`.
    fn shape(&self, input: &Self::Input) -> String;
    /// An input whose trees have this shape and this many vertices (for finding the size
    /// from which a failure starts); `None` when the problem has no trees.
    fn sized(&self, shape: TreeShape, size: usize, seed: u64)
        -> Option<Result<Self::Input, Error>>;
    /// The largest size `sized` accepts.
    fn max_size(&self) -> usize;
    /// The family members every check sweeps ([`grundy_fuzzing::families::sweep`]), each
    /// built by [`Suite::sized`]; none for a problem without trees.
    fn families(&self) -> Vec<grundy_fuzzing::families::Member> {
        Vec::new()
    }
    /// Records the dimensions `input` reaches ([`crate::reach`]): by default its
    /// vertices.
    fn measure(&self, input: &Self::Input, reach: &mut Reach) {
        reach.add(Dim::Vertices, self.vertices_of(input) as i64);
    }
    /// The largest value each dimension may take by the statement, where known (for
    /// "never reached"): by default the vertices and the degree.
    fn allowed(&self) -> Vec<(Dim, i64)> {
        let n = self.max_size() as i64;
        vec![(Dim::Vertices, n), (Dim::Degree, n - 1)]
    }
    /// A picture of `input` (SVG) and, when it is small, its tree as indented text
    /// ([`grundy_draw`]); `None` when there is nothing to draw.
    fn draw(&self, input: &Self::Input) -> Option<(String, Option<String>)> {
        let _ = input;
        None
    }
    /// An interactive game's positions, drawn before every move `transcript` (the game as
    /// [`crate::jury::transcript_text`] writes it) played from `input`: each frame's
    /// caption and SVG ([`crate::steps_html::game_steps`]); none where grundy cannot draw
    /// the game's positions.
    fn steps(
        &self,
        input: &Self::Input,
        transcript: &[u8],
        sides: crate::steps_html::Sides<'_>,
    ) -> Vec<(String, String)> {
        let _ = (input, transcript, sides);
        Vec::new()
    }
    /// The vertices of the tree [`Suite::cut`] cuts, when the problem can cut `input`.
    fn cut_size(&self, input: &Self::Input) -> Option<usize> {
        let _ = input;
        None
    }
    /// `input` with its tree cut to the first `n` vertices of its breadth-first order,
    /// everything else kept (a threshold search's inputs); `None` when the problem
    /// cannot cut it.
    fn cut(&self, input: &Self::Input, n: usize) -> Option<Self::Input> {
        let _ = (input, n);
        None
    }
    /// The input of a family member (`None`: the problem has no trees).
    fn member(
        &self,
        m: &grundy_fuzzing::families::Member,
        seed: u64,
    ) -> Option<Result<Self::Input, Error>> {
        self.sized(m.shape, m.size, seed)
    }
    /// Vertices of all the trees and graphs of an input.
    fn vertices_of(&self, input: &Self::Input) -> usize;
    /// The input changed by one move of the slow-input hunt (the same size), and the move
    /// in words; `None` when no move applies.
    fn mutate(&self, input: &Self::Input, rng: &mut Rng) -> Option<(Self::Input, String)>;
}

/// The shape of a graph given by its edges, in the words of the reports: a tree's shape
/// (chain, star, …) when it is one, else `cactus` (when `cactus`) or `graph`.
pub fn shape_of_edges(n: u32, edges: &[(u32, u32)], cactus: bool) -> String {
    if edges.len() + 1 == n as usize {
        if let Ok(t) = grundy_games::Tree::from_edges(n as usize, edges) {
            return grundy_fuzzing::gen::classify(&t).name().to_string();
        }
    }
    if cactus { "cactus" } else { "graph" }.to_string()
}

/// A built-in problem — or a package with an `engine` (the built-in problems are shipped
/// as such packages): the engine's generators, validator, shrinker and answers; the
/// package's checker program, when it has one, judges the outputs.
pub struct Builtin(pub Problem, pub Option<Packaged>);

impl Builtin {
    /// A built-in problem on its own.
    pub fn plain(problem: Problem) -> Builtin {
        Builtin(problem, None)
    }

    /// The protocol, for an interactive package (`[interact]`).
    fn interact(&self) -> Option<&crate::jury::InteractSpec> {
        self.1.as_ref()?.pkg.interact.as_ref()
    }

    /// The adversarial games of an interactive package: each tree shape at the largest
    /// size (three random sums for `hackenbush`).
    fn interactive_adversarial(&self) -> Vec<(String, Option<TreeShape>)> {
        if self.0.game() == grundy_games::Game::Hackenbush {
            (1..=3)
                .map(|k| (format!("largest random sum {k}"), None))
                .collect()
        } else {
            TreeShape::ALL
                .into_iter()
                .map(|s| (format!("largest {}", s.name()), Some(s)))
                .collect()
        }
    }
}

/// A game of an interactive package: `n` vertices, one seeded input.
fn interactive_game(
    problem: Problem,
    seed: u64,
    index: u64,
    n: usize,
    shape: Option<TreeShape>,
) -> Result<Vec<Position>, Error> {
    contest::interactive(problem, &mut Rng::for_case(seed, index), n, shape)
        .ok_or_else(|| Error::internal(format!("`{}` is not played move by move", problem.name())))
}

impl Suite for Builtin {
    type Input = Vec<Position>;

    fn shape(&self, input: &Vec<Position>) -> String {
        let biggest = input.iter().max_by_key(|c| c.vertices());
        biggest
            .map_or("cactus", grundy_fuzzing::gen::shape_of)
            .into()
    }

    fn sized(
        &self,
        shape: TreeShape,
        size: usize,
        seed: u64,
    ) -> Option<Result<Vec<Position>, Error>> {
        if let Some(spec) = self.interact() {
            let n = size.clamp(2, spec.max_vertices);
            return Some(interactive_game(self.0, seed, n as u64, n, Some(shape)));
        }
        let size = size.clamp(self.0.strict_limits().vertices.0 as usize, self.max_size());
        let mut rng = Rng::for_case(seed, size as u64);
        contest::sized(self.0, &mut rng, size, shape).map(Ok)
    }

    fn max_size(&self) -> usize {
        if let Some(spec) = self.interact() {
            return spec.max_vertices;
        }
        self.0.strict_limits().vertices.1.min(1_000_000) as usize
    }

    fn families(&self) -> Vec<grundy_fuzzing::families::Member> {
        // Hackenbush (`poj3710`, the native game) is played on graphs, not on one tree.
        if self.0.game() == grundy_games::Game::Hackenbush {
            return Vec::new();
        }
        let least = if self.interact().is_some() {
            2
        } else {
            self.0.strict_limits().vertices.0 as usize
        };
        let losing = self.interact().is_none() && contest::can_make_losing(self.0);
        grundy_fuzzing::families::sweep(least, self.max_size(), losing)
    }

    fn steps(
        &self,
        input: &Vec<Position>,
        transcript: &[u8],
        sides: crate::steps_html::Sides<'_>,
    ) -> Vec<(String, String)> {
        let (Some(_), [one]) = (self.interact(), input.as_slice()) else {
            return Vec::new();
        };
        let Ok(start) = grundy_games::board::Board::new(one) else {
            return Vec::new();
        };
        let echo = self.0.write_input(std::slice::from_ref(one));
        crate::steps_html::board_steps(start, &echo, &String::from_utf8_lossy(transcript), sides)
    }

    fn draw(&self, input: &Vec<Position>) -> Option<(String, Option<String>)> {
        match input.as_slice() {
            // Its winning first moves ringed green, where a move is a vertex.
            [one] => Some((
                {
                    let winning = (one.vertices() <= grundy_draw::MOST_DRAWN)
                        .then(|| crate::jury::builtin::winning_labels(one))
                        .flatten()
                        .unwrap_or_default();
                    grundy_draw::position_svg_marked(one, Default::default(), &|m| {
                        winning.contains(&m.label()).then_some(grundy_draw::WINS)
                    })
                },
                grundy_draw::position_text(one, TEXT_TREE_MOST),
            )),
            _ => None,
        }
    }

    fn cut_size(&self, input: &Vec<Position>) -> Option<usize> {
        match input.as_slice() {
            [one] => grundy_fuzzing::shrink::tree_size(one),
            _ => None,
        }
    }

    fn cut(&self, input: &Vec<Position>, n: usize) -> Option<Vec<Position>> {
        match input.as_slice() {
            [one] => grundy_fuzzing::shrink::prefix(one, n).map(|p| vec![p]),
            _ => None,
        }
    }

    fn measure(&self, input: &Vec<Position>, reach: &mut Reach) {
        reach.add(Dim::Vertices, self.vertices_of(input) as i64);
        if self.0 == Problem::Poj3710 {
            reach.add(Dim::Cases, input.len() as i64);
        }
        for c in input {
            if let Some(t) = grundy_fuzzing::gen::tree_in(c) {
                reach.tree(&t);
            }
            reach.add(Dim::Value, grundy_solver::value(c) as i64);
        }
    }

    fn member(
        &self,
        m: &grundy_fuzzing::families::Member,
        seed: u64,
    ) -> Option<Result<Vec<Position>, Error>> {
        let cases = self.sized(m.shape, m.size, seed)?;
        if !m.losing {
            return Some(cases);
        }
        Some(cases.and_then(|c| {
            contest::losing(self.0, &c)
                .ok_or_else(|| Error::internal(format!("{} made losing", m.label)))
        }))
    }

    fn vertices_of(&self, input: &Vec<Position>) -> usize {
        input.iter().map(|c| c.vertices()).sum()
    }

    fn mutate(&self, input: &Vec<Position>, rng: &mut Rng) -> Option<(Vec<Position>, String)> {
        let k = rng.below(input.len().max(1) as u64) as usize;
        let mut out = input.clone();
        let pos = out.get_mut(k)?;
        let what = grundy_fuzzing::growth::mutate_position(pos, rng)?;
        Some((out, what.into()))
    }

    fn name(&self) -> String {
        self.1
            .as_ref()
            .map_or_else(|| self.0.name().into(), |p| p.pkg.name.clone())
    }

    fn arg(&self) -> String {
        self.1
            .as_ref()
            .map_or_else(|| self.0.name().into(), |p| p.pkg.dir.display().to_string())
    }

    fn random(&self, seed: u64, index: u64, tier: Tier) -> Result<(Vec<Position>, String), Error> {
        if let Some(spec) = self.interact() {
            let max = spec.max_vertices as u64;
            let mut rng = Rng::for_case(seed ^ 0x1A7E, index);
            let n = match tier {
                Tier::Small => rng.range(2, 8.min(max)),
                Tier::Medium => rng.range(9.min(max), (max / 3).max(9).min(max)),
                Tier::Large => rng.range(max / 2, max),
            };
            let game = interactive_game(self.0, seed, index, n as usize, None)?;
            return Ok((game, format!("random {tier:?} game")));
        }
        let cases = contest::input(self.0, &mut Rng::for_case(seed, index), tier, None, None);
        Ok((cases, format!("random {tier:?} input")))
    }

    fn adversarial(&self) -> Vec<String> {
        if self.interact().is_some() {
            return self
                .interactive_adversarial()
                .into_iter()
                .map(|(name, _)| name)
                .collect();
        }
        contest::adversarial(self.0)
            .into_iter()
            .map(|a| a.name.to_string())
            .collect()
    }

    fn adversarial_input(&self, k: usize) -> Result<Vec<Position>, Error> {
        if let Some(spec) = self.interact() {
            let (_, shape) = self
                .interactive_adversarial()
                .into_iter()
                .nth(k)
                .ok_or_else(|| Error::internal("adversarial input past the plan"))?;
            return interactive_game(self.0, 0xADE5, k as u64, spec.max_vertices, shape);
        }
        contest::adversarial(self.0)
            .into_iter()
            .nth(k)
            .map(|a| a.cases)
            .ok_or_else(|| Error::internal("adversarial input past the plan"))
    }

    fn write(&self, input: &Vec<Position>) -> String {
        self.0.write_input(input)
    }

    fn valid(&self, input: &Vec<Position>) -> bool {
        self.0.parse(self.write(input).as_bytes(), true).is_ok()
    }

    fn solutions(&self) -> Vec<crate::solutions::Solution> {
        self.1
            .as_ref()
            .map(|p| p.pkg.solutions.clone())
            .unwrap_or_default()
    }

    fn harden(
        &self,
        input: &Vec<Position>,
        interactor: &[String],
        player: crate::harden::Player,
        seed: u64,
    ) -> Option<Result<crate::harden::Game, Error>> {
        let spec = self.interact()?;
        let pkg = &self.1.as_ref()?.pkg;
        let text = self.write(input);
        Some(
            crate::harden::play_builtin(
                self.0,
                spec,
                interactor,
                &text,
                input,
                player,
                &pkg.limits,
                seed,
            )
            .map_err(|e| e.within(pkg.dir.display())),
        )
    }

    fn play(&self, input: &Vec<Position>, argv: &[String], limits: &Limits) -> Option<Played> {
        let spec = self.interact()?;
        let dir = &self.1.as_ref()?.pkg.dir;
        let text = self.write(input);
        if let Some(interactor) = &spec.interactor {
            let played = crate::jury::referee(interactor, spec.convention, &text, argv, limits);
            return Some(played_as(played, dir, None));
        }
        let seed = crate::program::content_hash(text.as_bytes());
        let played = crate::jury::builtin::play(self.0, spec, input, argv, limits, seed);
        Some(played_as(played, dir, Some("the jury")))
    }

    fn expected(&self, input: &Vec<Position>, _: &str) -> Result<(Vec<u8>, String), Error> {
        judge::expected(self.0, input).map(|(o, by)| (o, by.to_string()))
    }

    fn check_output(
        &self,
        input: &Vec<Position>,
        text: &str,
        output: &[u8],
        expected: &[u8],
    ) -> Result<Verdict, Error> {
        match &self.1 {
            Some(p) if matches!(p.pkg.checker, package::Checker::Program(_)) => {
                package::judge_output(&p.pkg, &p.prep, text, output, expected)
            }
            _ => Ok(judge::check_output(self.0, input, output, expected)),
        }
    }

    fn shrink(
        &self,
        input: Vec<Position>,
        fails: &mut dyn FnMut(&Vec<Position>) -> bool,
    ) -> Shrunk<Vec<Position>> {
        shrink::shrink_cases_with(Resume::AtLastStep, input, |c| fails(&c.to_vec()))
    }

    fn size(&self, input: &Vec<Position>) -> usize {
        input.iter().map(|c| c.size()).sum()
    }

    fn describe(&self, input: &Vec<Position>) -> String {
        crate::output::vertices(input.iter().map(|c| c.vertices()).sum::<usize>())
    }

    fn locate(&self, input: &Vec<Position>, expected: &[u8], actual: &[u8]) -> Option<String> {
        if self.0 != Problem::Poj3710 {
            return None;
        }
        checker::compare(expected, actual)
            .err()
            .map(|d| format!("test case {} of {} in the file", d.token, input.len()))
    }
}

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
        let argv = crate::program::prepare(&words)?;
        let limits = Limits::with_time(Duration::from_secs(30), 2.0);
        let run = runner::run_trusted(&argv, b"", &limits);
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
    r: Result<Instance, schema_gen::SchemaError>,
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

impl Suite for Packaged {
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

    fn sized(&self, shape: TreeShape, size: usize, seed: u64) -> Option<Result<Instance, Error>> {
        if !self.has_tree() {
            return None;
        }
        let mut rng = Rng::for_case(seed, size as u64);
        let shape = Shape {
            size,
            tree: Some(shape),
            extreme: false,
        };
        Some(generated(
            schema_gen::generate(&self.pkg.schema, &mut rng, &shape),
            &self.pkg.dir,
        ))
    }

    fn max_size(&self) -> usize {
        Packaged::max_size(self)
    }

    fn draw(&self, input: &Instance) -> Option<(String, Option<String>)> {
        Packaged::draw_instance(&self.pkg.schema, input)
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
        out
    }

    fn families(&self) -> Vec<grundy_fuzzing::families::Member> {
        if !self.has_tree() {
            return Vec::new();
        }
        grundy_fuzzing::families::sweep(1, self.max_size(), false)
    }

    fn vertices_of(&self, input: &Instance) -> usize {
        self.pkg.schema.vertices(input)
    }

    fn mutate(&self, input: &Instance, rng: &mut Rng) -> Option<(Instance, String)> {
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
            schema_gen::generate(schema, &mut rng, &shape),
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
        schema_gen::adversarial(&self.pkg.schema)
            .into_iter()
            .map(|(name, _)| name)
            .collect()
    }

    fn adversarial_input(&self, k: usize) -> Result<Instance, Error> {
        let (_, shape) = schema_gen::adversarial(&self.pkg.schema)
            .into_iter()
            .nth(k)
            .ok_or_else(|| Error::internal("adversarial input past the plan"))?;
        let mut rng = Rng::for_case(0xADE5, k as u64);
        generated(
            schema_gen::generate(&self.pkg.schema, &mut rng, &shape),
            &self.pkg.dir,
        )
    }

    fn write(&self, input: &Instance) -> String {
        self.pkg.schema.write(input)
    }

    fn valid(&self, input: &Instance) -> bool {
        self.pkg.schema.read(self.write(input).as_bytes()).is_ok()
    }

    fn expected(&self, input: &Instance, text: &str) -> Result<(Vec<u8>, String), Error> {
        let key = crate::program::content_hash(text.as_bytes());
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
        player: crate::harden::Player,
        seed: u64,
    ) -> Option<Result<crate::harden::Game, Error>> {
        let spec = self.pkg.interact.as_ref()?;
        let game = self.prep.rules.as_ref()?;
        let schema = &self.pkg.schema;
        let text = schema.write(input);
        let cases: Vec<crate::harden::Case> = crate::jury::case_texts(schema, input)
            .into_iter()
            .zip(&input.cases)
            .map(|(t, c)| (t, crate::game::case_json(schema, c)))
            .collect();
        let count = matches!(schema.tests, grundy_games::schema::Tests::Count(_));
        Some(
            crate::harden::play(
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

    fn play(&self, input: &Instance, argv: &[String], limits: &Limits) -> Option<Played> {
        let spec = self.pkg.interact.as_ref()?;
        let text = self.pkg.schema.write(input);
        if let Some(interactor) = &spec.interactor {
            let played = crate::jury::referee(interactor, spec.convention, &text, argv, limits);
            return Some(played_as(played, &self.pkg.dir, None));
        }
        let game = self.prep.rules.as_ref()?;
        let seed = crate::program::content_hash(text.as_bytes());
        let played = crate::jury::play(game, spec, &self.pkg.schema, input, argv, limits, seed);
        Some(played_as(
            played,
            &self.pkg.dir,
            Some("the rules fail while the jury plays"),
        ))
    }

    fn shrink(
        &self,
        input: Instance,
        fails: &mut dyn FnMut(&Instance) -> bool,
    ) -> Shrunk<Instance> {
        schema_shrink::shrink_with(&self.pkg.schema, Resume::AtLastStep, input, fails)
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
            format!("size {}", self.pkg.schema.size(input))
        };
        if cases > 1 {
            s += &format!(" in {cases} test cases");
        }
        s
    }

    fn locate(&self, _: &Instance, _: &[u8], _: &[u8]) -> Option<String> {
        None
    }

    fn steps(
        &self,
        input: &Instance,
        transcript: &[u8],
        sides: crate::steps_html::Sides<'_>,
    ) -> Vec<(String, String)> {
        match (&self.pkg.interact, &self.prep.rules) {
            (Some(_), Some(game)) => crate::steps_html::rules_steps(
                game,
                &self.pkg.schema,
                input,
                &String::from_utf8_lossy(transcript),
                sides,
            ),
            _ => Vec::new(),
        }
    }

    fn extra_tries(&self) -> u64 {
        20
    }
}

/// A game played, its failure told as grundy's errors ([`play_error`]).
fn played_as(
    played: Result<crate::jury::Played, crate::jury::PlayError>,
    dir: &std::path::Path,
    what: Option<&str>,
) -> Played {
    played
        .map(|p| {
            let t = crate::jury::transcript_text(&p.transcript).into_bytes();
            (p.verdict, p.run, t)
        })
        .map_err(|e| play_error(e, dir, what))
}

/// A game's failure (not the program's) as grundy's error: a program that cannot start is
/// bad usage, a failing interactor or rules the package's fault (in the folder `dir`;
/// `what` says what failed, when the message does not), a disagreement of grundy's
/// engines an internal error.
pub fn play_error(e: crate::jury::PlayError, dir: &std::path::Path, what: Option<&str>) -> Error {
    use crate::jury::PlayError;
    match e {
        PlayError::Start(m) => Error::usage(m),
        PlayError::Rules(m) => match what {
            Some(what) => Error::input(format!("{}: {what}: {m}", dir.display())),
            None => Error::input(format!("{}: {m}", dir.display())),
        },
        PlayError::Internal(m) => Error::internal(m),
    }
}
