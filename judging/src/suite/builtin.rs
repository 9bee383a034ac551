//! A built-in problem (or a package with an `engine`) as a suite: the engine's
//! generators, validator, shrinker and answers.

use super::{played_as, Drawn, Inputs, Judged, Packaged, Played, Searched, TEXT_TREE_MOST};
use crate::error::Error;
use crate::judge::{self, Verdict};
use crate::package::{self};
use crate::reach::{Dim, Reach};
use grundy_fuzzing::contest::{self, Tier};
use grundy_fuzzing::gen::TreeShape;
use grundy_fuzzing::shrink::{self, Resume, Shrunk};
use grundy_fuzzing::Rng;
use grundy_games::{checker, Position, Problem};
use grundy_sandbox::runner::RunLimits;

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

impl Inputs for Builtin {
    type Input = Vec<Position>;

    fn shape(&self, input: &Vec<Position>) -> String {
        let biggest = input.iter().max_by_key(|c| c.vertices());
        biggest
            .map_or("cactus", grundy_fuzzing::any::shape_of)
            .into()
    }

    fn vertices_of(&self, input: &Vec<Position>) -> usize {
        input.iter().map(|c| c.vertices()).sum()
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

    fn size(&self, input: &Vec<Position>) -> usize {
        input.iter().map(|c| c.size()).sum()
    }

    fn describe(&self, input: &Vec<Position>) -> String {
        crate::output::vertices(input.iter().map(|c| c.vertices()).sum::<usize>())
    }
}

impl Judged for Builtin {
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
        player: crate::jury::harden::Player,
        seed: u64,
    ) -> Option<Result<crate::jury::harden::Game, Error>> {
        let spec = self.interact()?;
        let pkg = &self.1.as_ref()?.pkg;
        let text = self.write(input);
        Some(
            crate::jury::harden::play_builtin(
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

    fn play(&self, input: &Vec<Position>, argv: &[String], limits: &RunLimits) -> Option<Played> {
        let spec = self.interact()?;
        let dir = &self.1.as_ref()?.pkg.dir;
        let text = self.write(input);
        if let Some(interactor) = &spec.interactor {
            let played = crate::jury::referee(interactor, spec.convention, &text, argv, limits);
            return Some(played_as(played, dir, None));
        }
        let seed = grundy_sandbox::program::content_hash(text.as_bytes());
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

    fn locate(&self, input: &Vec<Position>, expected: &[u8], actual: &[u8]) -> Option<String> {
        if self.0 != Problem::Poj3710 {
            return None;
        }
        checker::compare(expected, actual)
            .err()
            .map(|d| format!("test case {} of {} in the file", d.token, input.len()))
    }
}

impl Searched for Builtin {
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
            if let Some(t) = grundy_fuzzing::any::tree_in(c) {
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

    fn mutate(&self, input: &Vec<Position>, rng: &mut Rng) -> Option<(Vec<Position>, String)> {
        let k = rng.below(input.len().max(1) as u64) as usize;
        let mut out = input.clone();
        let pos = out.get_mut(k)?;
        let what = grundy_fuzzing::any::mutate_position(pos, rng)?;
        Some((out, what.into()))
    }

    fn shrink(
        &self,
        input: Vec<Position>,
        fails: &mut dyn FnMut(&Vec<Position>) -> bool,
        stop: &dyn Fn() -> bool,
    ) -> Shrunk<Vec<Position>> {
        shrink::shrink_cases_with(Resume::AtLastStep, input, |c| fails(&c.to_vec()), stop)
    }
}

impl Drawn for Builtin {
    fn steps(
        &self,
        input: &Vec<Position>,
        transcript: &[u8],
        sides: crate::jury::steps_html::Sides<'_>,
    ) -> Vec<(String, String)> {
        let (Some(_), [one]) = (self.interact(), input.as_slice()) else {
            return Vec::new();
        };
        let Ok(start) = grundy_games::board::Board::new(one) else {
            return Vec::new();
        };
        let echo = self.0.write_input(std::slice::from_ref(one));
        crate::jury::steps_html::board_steps(
            start,
            &echo,
            &String::from_utf8_lossy(transcript),
            sides,
        )
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
}
