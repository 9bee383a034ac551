//! The campaign gate: the harness itself, cheap enough to run once per mutant of
//! `cargo mutants` (a few seconds) and strict enough to be the verdict on each.
//!
//! * a fixed-seed campaign of every game: random positions of every generator shape, each
//!   checked by the one `check` (solver against oracle, and against a relabelled copy), and
//!   each written in its native format and parsed back to the same position;
//! * the same for every contest problem, through the contest generators, the statement's
//!   input format and the strict validator, the expected output coming from the one
//!   output-level comparison (`expected_output`: solver and oracle must agree);
//! * a fixed-seed round of every problem schema (the shared schema test data, the example
//!   packages and the built-in problems' own schemas): inputs of every shape generated,
//!   written, read back by the schema's validator and written again to the same text;
//!   every shrink step of each is a valid input no bigger than it; the shrinker brings a
//!   big input down to the smallest one a predicate still holds on;
//! * a small exhaustive run of every game;
//! * the corpus replayed: every saved case parsed, answered by both engines, and compared
//!   token for token with its `.out`.
//!
//! A mutant that changes any answer, any format or any validation of a valid input fails
//! here. (Malformed inputs and their error messages are the games crate's own tests.)

use grundy_fuzzing::any;
use grundy_fuzzing::compare::{check, expected_output, Answerer, CheckError};
use grundy_fuzzing::contest::{self, Tier};
use grundy_fuzzing::exhaust::Bounds;
use grundy_fuzzing::gen::{Sizes, TreeShape};
use grundy_fuzzing::schema;
use grundy_fuzzing::schema::gen::Shape;
use grundy_fuzzing::Rng;
use grundy_games::checker::compare;
use grundy_games::schema::{Instance, Schema, SchemaSpec};
use grundy_games::testdata::Schemas;
use grundy_games::{format, peel, Answer, CutAnswer, Game, InputBounds, Position, Problem};
use grundy_oracle::{Budget, PLAIN_MASK_EDGES};
use std::ops::ControlFlow;
use std::path::Path;

/// The gate's campaign seed.
const SEED: u64 = 0x6A7E;
/// Cases per game of the campaign.
const CASES_PER_GAME: u64 = 6000;
/// Inputs per contest problem.
const INPUTS_PER_PROBLEM: u64 = 600;
/// Random inputs per problem schema.
const INPUTS_PER_SCHEMA: u64 = 150;
/// The size the adversarial (maximum-size) inputs of a schema are capped to here.
const ADVERSARIAL_CAP: usize = 400;

/// Checks `pos` (an oracle refusal is a skip) and returns whether it was checked. The
/// solver's value-only entry point (what `grundy solve` prints for the win/lose problems)
/// must give the value both engines agreed on.
fn checked(pos: &Position, what: &str) -> bool {
    match check(pos, Budget::default()) {
        Ok(c) => {
            assert_eq!(
                grundy_solver::value(pos),
                c.answer.value(),
                "{what}: value()"
            );
            true
        }
        Err(CheckError::Oracle(_)) => false,
        Err(e) => panic!("{what}: {e}\n{pos:?}"),
    }
}

#[test]
fn fixed_seed_campaign_of_every_game() {
    for game in Game::ALL {
        let native = Problem::Native(game);
        let mut passed = 0;
        for i in 0..CASES_PER_GAME {
            let g = any::position(game, &mut Rng::for_case(SEED, i), &Sizes::SMALL);
            let what = format!("{} case {i} ({})", game.name(), g.shape);
            passed += u64::from(checked(&g.position, &what));
            let text = native.write_input(std::slice::from_ref(&g.position));
            let back = native
                .parse(text.as_bytes(), true)
                .unwrap_or_else(|e| panic!("{what}: its own text does not parse: {e}\n{text}"));
            assert_eq!(back, [g.position], "{what}: the text round trip changes it");
            let answer = grundy_solver::solve(&back[0]);
            if game == Game::Cut {
                // The leaf-peeling path of `grundy solve cut` gives the same whole answer.
                let tree = peel::read_edge_list(text.as_bytes(), InputBounds::LENIENT.vertices)
                    .unwrap_or_else(|| panic!("{what}: the peeling refuses it\n{text}"));
                let peeled = grundy_solver::cut::peeled_answer(tree)
                    .unwrap_or_else(|| panic!("{what}: the peeling finds no tree\n{text}"));
                assert_eq!(Answer::Cut(peeled), answer, "{what}: peeled\n{text}");
            }
            if game == Game::Paint {
                // The leaf-peeling path of `grundy solve paint` gives the same whole answer.
                let layout = peel::Layout::ColoursThenEdges;
                let tree = peel::read_tree(text.as_bytes(), layout, InputBounds::LENIENT.vertices)
                    .unwrap_or_else(|| panic!("{what}: the peeling refuses it\n{text}"));
                let peeled = grundy_solver::paint::peeled_answer(tree)
                    .unwrap_or_else(|| panic!("{what}: the peeling finds no tree\n{text}"));
                assert_eq!(Answer::Paint(peeled), answer, "{what}: peeled\n{text}");
            }
            let out = native.write_output(&[answer]);
            if let Err(e) = format::check(native, &back, &out) {
                panic!("{what}: a right output is called malformed: {e}");
            }
        }
        assert!(
            passed >= CASES_PER_GAME * 9 / 10,
            "{}: {passed} checked",
            game.name()
        );
    }
}

/// `hackenbush` sums of more edges than the oracle searches on plain edge masks: it
/// answers them from its per-piece tables instead, a path no case of the campaign above
/// reaches (it stops at 10 edges). Both engines must agree there too.
#[test]
fn hackenbush_sums_past_the_plain_masks() {
    let sizes = Sizes {
        edges: 18,
        vertices: 14,
        ..Sizes::SMALL
    };
    let (mut big, mut i) = (0, 0u64);
    while big < 200 {
        assert!(
            i < 5000,
            "only {big} sums of over {PLAIN_MASK_EDGES} edges checked"
        );
        let g = any::position(Game::Hackenbush, &mut Rng::for_case(SEED, i), &sizes);
        i += 1;
        let Position::Hackenbush(h) = &g.position else {
            unreachable!("a hackenbush position")
        };
        if h.graphs.iter().map(|g| g.edges.len()).sum::<usize>() <= PLAIN_MASK_EDGES {
            continue;
        }
        big += u32::from(checked(
            &g.position,
            &format!("hackenbush case {i} ({})", g.shape),
        ));
    }
}

#[test]
fn fixed_seed_inputs_of_every_contest_problem() {
    let contest: Vec<Problem> = Problem::ALL
        .into_iter()
        .filter(|p| p.is_contest())
        .collect();
    assert_eq!(contest.len(), 4, "{contest:?}");
    assert!(contest.iter().all(|p| !matches!(p, Problem::Native(_))));
    for problem in contest {
        let mut by_oracle = 0;
        for i in 0..INPUTS_PER_PROBLEM {
            let mut rng = Rng::for_case(SEED, i);
            let cases = contest::input(problem, &mut rng, Tier::Small, None, None);
            let what = format!("{} input {i}", problem.name());
            let text = problem.write_input(&cases);
            let back = problem
                .parse(text.as_bytes(), true)
                .unwrap_or_else(|e| panic!("{what}: its own text is refused: {e}\n{text}"));
            assert_eq!(back, cases, "{what}: the text round trip changes it");
            let (out, by) = expected_output(problem, &cases, usize::MAX, usize::MAX)
                .unwrap_or_else(|d| panic!("{what}: solver and oracle disagree: {d}\n{text}"));
            by_oracle += usize::from(by == Answerer::Oracle);
            if let Err(e) = format::check(problem, &cases, &out) {
                panic!("{what}: a right output is called malformed: {e}");
            }
            if problem == Problem::Agc017d {
                // The leaf-peeling path of `grundy solve agc017d` gives the same answer.
                let tree = peel::read_edge_list(text.as_bytes(), problem.strict_limits().vertices)
                    .unwrap_or_else(|| panic!("{what}: the peeling refuses it\n{text}"));
                let value = grundy_solver::cut::peeled_value(tree)
                    .unwrap_or_else(|| panic!("{what}: the peeling finds no tree\n{text}"));
                let answer = Answer::Cut(CutAnswer {
                    value,
                    ..CutAnswer::default()
                });
                assert_eq!(
                    problem.write_output(&[answer]),
                    out,
                    "{what}: peeled\n{text}"
                );
            }
            if problem == Problem::Cot3 {
                // The leaf-peeling path of `grundy solve cot3` gives the same output.
                let layout = peel::Layout::ColoursThenEdges;
                let vertices = problem.strict_limits().vertices;
                let tree = peel::read_tree(text.as_bytes(), layout, vertices)
                    .unwrap_or_else(|| panic!("{what}: the peeling refuses it\n{text}"));
                let answer = grundy_solver::paint::peeled_answer(tree)
                    .unwrap_or_else(|| panic!("{what}: the peeling finds no tree\n{text}"));
                assert_eq!(
                    problem.write_output(&[Answer::Paint(answer)]),
                    out,
                    "{what}: peeled\n{text}"
                );
            }
        }
        assert!(
            by_oracle >= 500,
            "{}: {by_oracle} by the oracle",
            problem.name()
        );
    }
}

/// Every problem schema the repository holds: the shared test data, the example packages,
/// the built-in problems' packages that carry a schema.
fn every_schema() -> Vec<(String, Schema)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let spec = |what: &str, text: &str| -> SchemaSpec {
        toml::from_str(text).unwrap_or_else(|e| panic!("{what}: {e}"))
    };
    let resolve =
        |what: &str, spec: &SchemaSpec| Schema::new(spec).unwrap_or_else(|e| panic!("{what}: {e}"));
    let data: Schemas = toml::from_str(grundy_games::testdata::SCHEMAS).expect("schemas.toml");
    let mut out: Vec<(String, Schema)> = data
        .schema
        .iter()
        .map(|c| (c.name.clone(), resolve(&c.name, &spec(&c.name, &c.spec))))
        .collect();
    for dir in ["examples/problems", "problems"] {
        let mut packages: Vec<_> = std::fs::read_dir(root.join(dir))
            .expect(dir)
            .map(|e| e.expect("readable").file_name())
            .filter(|p| root.join(dir).join(p).join("problem.toml").is_file())
            .collect();
        packages.sort();
        for package in packages {
            let toml_file = root.join(dir).join(&package).join("problem.toml");
            let what = format!("{dir}/{}", package.to_string_lossy());
            let spec = spec(
                &what,
                &std::fs::read_to_string(&toml_file).expect("readable"),
            );
            // A package without `[[input]]` leaves the input to a built-in engine.
            if !spec.input.is_empty() {
                out.push((what.clone(), resolve(&what, &spec)));
            }
        }
    }
    assert!(out.len() >= 14, "{} schemas", out.len());
    out
}

/// The schema's validator accepts `inst` as written.
fn valid(schema: &Schema, inst: &Instance) -> bool {
    schema.read(schema.write(inst).as_bytes()).is_ok()
}

/// `inst` is a valid input of `schema` whose text is stable: read back, it is written the
/// same way.
fn round_trips(schema: &Schema, inst: &Instance, what: &str) {
    let text = schema.write(inst);
    let back = schema
        .read(text.as_bytes())
        .unwrap_or_else(|e| panic!("{what}: refused by its own schema: {e}\n{text}"));
    assert_eq!(
        schema.write(&back),
        text,
        "{what}: the text round trip changes it"
    );
}

#[test]
fn fixed_seed_round_of_every_problem_schema() {
    for (name, schema) in every_schema() {
        let mut biggest: Option<Instance> = None;
        let mut steps = 0;
        for i in 0..INPUTS_PER_SCHEMA {
            let mut rng = Rng::for_case(SEED, i);
            let shape = Shape {
                size: rng.range(1, 16) as usize,
                tree: (i % 3 != 0).then(|| *rng.pick(&TreeShape::ALL)),
                // Extreme counts are the statement's maxima whatever the size (10^5 queries
                // on a tree of 3 vertices): a few such inputs, their shrink steps unchecked.
                extreme: i % 30 == 0,
                split: schema::gen::Split::Drawn,
            };
            let what = format!("{name} input {i} ({shape:?})");
            let inst = schema::gen::generate(&schema, &mut rng, &shape)
                .unwrap_or_else(|e| panic!("{what}: {e}"));
            round_trips(&schema, &inst, &what);
            // Shrink steps may break a constraint (a graph left disconnected): the caller
            // re-validates. Those that do not are written back stably, and none is bigger.
            let size = schema.size(&inst);
            let mut valid_steps = 0;
            let candidates = if shape.extreme {
                Vec::new()
            } else {
                schema::shrink::candidates(&schema, &inst)
            };
            for (k, c) in candidates.iter().enumerate() {
                let step = format!("{what}, shrink step {k}");
                assert!(c != &inst, "{step}: the same input");
                assert!(schema.size(c) <= size, "{step}: bigger than the input");
                if valid(&schema, c) {
                    round_trips(&schema, c, &step);
                    valid_steps += 1;
                }
            }
            steps += valid_steps;
            if biggest.as_ref().is_none_or(|b| schema.size(b) < size) {
                biggest = Some(inst);
            }
        }
        assert!(
            steps >= INPUTS_PER_SCHEMA,
            "{name}: {steps} valid shrink steps"
        );
        for (what, shape) in schema::gen::adversarial(&schema) {
            let shape = Shape {
                size: shape.size.min(ADVERSARIAL_CAP),
                ..shape
            };
            let what = format!("{name}: {what}");
            let mut rng = Rng::for_case(SEED, 0);
            let inst = schema::gen::generate(&schema, &mut rng, &shape)
                .unwrap_or_else(|e| panic!("{what}: {e}"));
            round_trips(&schema, &inst, &what);
            assert!(
                schema.size(&inst) >= shape.size.min(schema_max_size(&schema)) / 2,
                "{what}: size {} for a target of {}",
                schema.size(&inst),
                shape.size
            );
        }
        // The shrinker brings the biggest input down to the smallest size at which the
        // predicate still holds.
        let biggest = biggest.expect("inputs were generated");
        let target = 3.min(schema.size(&biggest));
        let shrunk = schema::shrink::shrink(&schema, biggest, |c| {
            valid(&schema, c) && schema.size(c) >= target
        });
        assert_eq!(schema.size(&shrunk.case), target, "{name}: shrunk");
        round_trips(&schema, &shrunk.case, &format!("{name}: shrunk"));
    }
}

/// The largest size a test case of `schema` can have (its largest count's maximum).
fn schema_max_size(schema: &Schema) -> usize {
    schema
        .counts()
        .iter()
        .map(|c| schema.range(c).1.max(0) as usize)
        .max()
        .unwrap_or(1)
}

#[test]
fn small_exhaustive_run_of_every_game() {
    for game in Game::ALL {
        let bounds = match game {
            Game::Cut => Bounds::new(10),
            Game::Paint => Bounds::new(8),
            Game::Chip => Bounds::new(8),
            Game::Staircase => Bounds {
                stones: 2,
                ..Bounds::new(6)
            },
            Game::Hackenbush => Bounds {
                edges: 6,
                ..Bounds::new(5)
            },
        };
        let mut count = 0;
        let _ = any::positions(game, &bounds, |pos| {
            assert!(checked(&pos, &format!("{} position {count}", game.name())));
            count += 1;
            ControlFlow::Continue(())
        });
        assert!(count >= 100, "{}: {count} positions", game.name());
    }
}

#[test]
fn the_corpus_replays() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus");
    let mut replayed = 0;
    for problem in Problem::ALL {
        let Ok(dir) = std::fs::read_dir(root.join(problem.name())) else {
            continue;
        };
        for entry in dir {
            let input = entry.expect("corpus readable").path();
            if input.extension().is_none_or(|e| e != "in") {
                continue;
            }
            let what = input.display();
            let cases = problem
                .parse(&std::fs::read(&input).unwrap(), false)
                .unwrap_or_else(|e| panic!("{what}: {e}"));
            let expected = std::fs::read(input.with_extension("out")).unwrap();
            let (out, _) = expected_output(problem, &cases, usize::MAX, usize::MAX)
                .unwrap_or_else(|d| panic!("{what}: solver and oracle disagree: {d}"));
            if let Err(d) = compare(&expected, &out) {
                panic!("{what}: {d}");
            }
            replayed += 1;
        }
    }
    assert!(replayed >= 25, "{replayed} corpus cases");
}

/// Chips given as vertex ids (`values = "vertex"`) follow their vertices when the tree
/// shrinks: a failure that needs a chip at depth ≥ 2 shrinks to a path of 3 vertices with
/// one chip at its end, never to chips on vertices that are gone.
#[test]
fn vertex_arrays_follow_their_vertices_when_shrinking() {
    let spec: SchemaSpec = toml::from_str(
        "[[input]]\nints = [\"n\", \"k\"]\n[[input]]\ntree = \"n\"\n[[input]]\narray = \"k\"\nvalues = \"vertex\"\ndistinct = true\n[limits]\nn = [1, 9]\nk = [1, 4]\n",
    )
    .unwrap();
    let schema = Schema::new(&spec).unwrap();
    // A path 1-2-…-7 with a star at 3; chips on 7, 5 and 6.
    let text = "8 3\n1 2\n2 3\n3 4\n4 5\n5 6\n6 7\n3 8\n7 5 6\n";
    let inst = schema.read(text.as_bytes()).unwrap();
    let deep_chip = |inst: &Instance| -> bool {
        let case = &inst.cases[0];
        let grundy_games::schema::Value::Edges { n, edges, .. } = &case.values[1] else {
            return false;
        };
        let grundy_games::schema::Value::Array(chips) = &case.values[2] else {
            return false;
        };
        let mut adj = vec![Vec::new(); *n as usize];
        for &(a, b) in edges {
            adj[a as usize].push(b as usize);
            adj[b as usize].push(a as usize);
        }
        let mut depth = vec![usize::MAX; *n as usize];
        depth[0] = 0;
        let mut order = vec![0];
        let mut i = 0;
        while i < order.len() {
            let v = order[i];
            i += 1;
            for &w in &adj[v] {
                if depth[w] == usize::MAX {
                    depth[w] = depth[v] + 1;
                    order.push(w);
                }
            }
        }
        chips.iter().any(|&c| depth[c as usize] >= 2)
    };
    assert!(deep_chip(&inst));
    let shrunk = schema::shrink::shrink(&schema, inst, |c| valid(&schema, c) && deep_chip(c));
    assert_eq!(schema.write(&shrunk.case), "3 1\n1 2\n2 3\n3\n");
}
