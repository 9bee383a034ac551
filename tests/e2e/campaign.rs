//! The campaign machinery: a short fixed-seed campaign of every game passes; a broken
//! solver is caught, shrunk, saved and reproducible from its case index; shards split the
//! case indices without overlap; the shrinker reaches a known minimal case.

use grundy_fuzzing::campaign::{self, Failure, Limit, Plan, Progress};
use grundy_fuzzing::compare::Subject;
use grundy_fuzzing::compare::{check_against, CheckError, SOLVER};
use grundy_fuzzing::gen::{self, Sizes, TreeShape};
use grundy_fuzzing::mutants::zoo;
use grundy_fuzzing::{shrink, Rng};
use grundy_games::*;
use grundy_oracle::Budget;
use std::sync::Arc;
use std::time::Duration;

fn plan(games: Vec<Game>, cases: u64, seed: u64, shard: (u64, u64)) -> Plan {
    Plan {
        games,
        limit: Limit::Cases(cases),
        seed,
        jobs: 2,
        shard,
        only: None,
        budget: Budget::default(),
        sizes: Sizes::SMALL,
        keep_going: false,
        case_time: Duration::from_secs(10),
        interrupted: grundy_sandbox::contain::interrupted,
    }
}

fn run(p: &Plan, subject: Subject) -> campaign::Outcome {
    campaign::run(p, subject, Arc::new(Progress::default()), &|_| {}, None)
}

#[test]
fn fixed_seed_campaign_of_every_game_passes() {
    let p = plan(Game::ALL.to_vec(), 5000, 0xC0FFEE, (1, 1));
    let out = run(&p, SOLVER);
    assert!(
        out.findings.is_empty(),
        "{:?}",
        out.findings.first().map(|f| &f.failure)
    );
    for game in Game::ALL {
        let s = &out.stats[&game];
        assert_eq!(s.cases + s.skipped, 1000, "{}", game.name());
        assert!(
            s.shapes.len() >= 5,
            "{} shapes: {:?}",
            game.name(),
            s.shapes
        );
        // The generators reach every solver path and answer shape of the census.
        for (bucket, cases) in s.census.rows(game) {
            assert!(cases > 0, "{}: no case is {}", game.name(), bucket.name);
        }
    }
    assert_eq!(out.indices, (0..5000).collect::<Vec<u64>>());
}

#[test]
fn a_broken_solver_is_caught_shrunk_saved_and_reproduced() {
    let mutant = zoo()
        .into_iter()
        .find(|m| m.name == "cut-missing-plus-one")
        .unwrap();
    let p = plan(vec![Game::Cut], 10_000, 7, (1, 1));
    let out = run(&p, mutant.subject());
    let f = out.findings.first().expect("caught");
    assert!(
        f.case.vertices() <= 3,
        "shrunk to {} vertices",
        f.case.vertices()
    );
    let dir = tempfile::tempdir().unwrap();
    let path = campaign::save(
        dir.path(),
        f,
        "fuzz-7",
        "grundy fuzz cut --seed 7",
        Budget::default(),
    )
    .unwrap();
    let input = std::fs::read(&path).unwrap();
    let expected = std::fs::read(path.with_extension("out")).unwrap();
    let parsed = Problem::Native(Game::Cut).parse(&input, false).unwrap();
    assert_eq!(parsed[0], f.case);
    let truth = grundy_solver::solve(&parsed[0]);
    assert_eq!(Problem::Native(Game::Cut).write_output(&[truth]), expected);
    // `--case INDEX` regenerates the same failing case.
    let again = Plan {
        only: Some(f.index),
        ..plan(vec![Game::Cut], 10_000, 7, (1, 1))
    };
    let out2 = run(&again, mutant.subject());
    assert_eq!(out2.indices, vec![f.index]);
    assert_eq!(out2.findings.len(), 1);
    assert_eq!(out2.findings[0].case, f.case);
}

#[test]
fn a_panicking_solver_is_a_finding_shrunk_and_saved_not_a_crash() {
    let mutant = zoo()
        .into_iter()
        .find(|m| m.name == "cut-panics-on-wide")
        .unwrap();
    let p = plan(vec![Game::Cut], 10_000, 5, (1, 1));
    let out = run(&p, mutant.subject());
    let f = out
        .findings
        .first()
        .expect("the panic is caught as a finding");
    let Failure::Panic(message) = &f.failure else {
        panic!("expected a panic finding, got {:?}", f.failure);
    };
    assert!(message.contains("index out of bounds"), "{message}");
    // The smallest tree with a vertex of three children: a star of 4 vertices.
    assert_eq!(f.case.vertices(), 4, "{:?}", f.case);
    assert!(f.shrink_complete);
    let dir = tempfile::tempdir().unwrap();
    let path = campaign::save(
        dir.path(),
        f,
        "fuzz-5",
        "grundy fuzz cut --seed 5",
        Budget::default(),
    )
    .unwrap();
    let readme = std::fs::read_to_string(path.parent().unwrap().join("README.md")).unwrap();
    assert!(readme.contains("panic"), "{readme}");
}

#[test]
fn a_hanging_solver_is_flagged_by_the_watchdog_and_the_campaign_ends() {
    let mutant = zoo()
        .into_iter()
        .find(|m| m.name == "chip-hangs-on-deep")
        .unwrap();
    let p = Plan {
        case_time: Duration::from_millis(300),
        ..plan(vec![Game::Chip], 10_000, 5, (1, 1))
    };
    let started = std::time::Instant::now();
    let out = run(&p, mutant.subject());
    assert!(started.elapsed() < Duration::from_secs(30));
    let f = out.findings.first().expect("the hang is a finding");
    assert!(matches!(f.failure, Failure::Hang(_)), "{:?}", f.failure);
    // Without a probe executable (this is a test binary) the case is reported unshrunk.
    assert!(!f.shrink_complete);
    assert!(f.case.vertices() >= 5);
}

#[test]
fn shards_split_the_cases_without_overlap() {
    let games = Game::ALL.to_vec();
    let all = run(&plan(games.clone(), 600, 3, (1, 1)), SOLVER);
    let a = run(&plan(games.clone(), 600, 3, (1, 2)), SOLVER);
    let b = run(&plan(games, 600, 3, (2, 2)), SOLVER);
    assert!(a.indices.iter().all(|i| !b.indices.contains(i)), "disjoint");
    let mut union: Vec<u64> = a.indices.iter().chain(&b.indices).copied().collect();
    union.sort_unstable();
    assert_eq!(union, all.indices);
    assert_eq!(all.indices.len(), 600);
}

#[test]
fn the_shrinker_reaches_a_known_minimal_case() {
    // A 40-vertex random tree on which "mex instead of the colon rule" disagrees with the
    // oracle; the smallest such trees have 3 vertices (a 2-chain or a 2-star).
    let mutant = zoo().into_iter().find(|m| m.name == "cut-mex").unwrap();
    let fails = |p: &Position| {
        matches!(
            check_against(p, Budget::default(), &mutant.answer),
            Err(CheckError::Mismatch(_))
        )
    };
    let big = (0..)
        .map(|s| {
            Position::Cut(CutPos {
                tree: gen::tree(&mut Rng::new(s), 14, TreeShape::Prufer),
            })
        })
        .find(|p| fails(p))
        .unwrap();
    let shrunk = shrink::shrink(big, fails);
    assert_eq!(shrunk.case.vertices(), 3, "{:?}", shrunk.case);
    assert!(fails(&shrunk.case));
    // 1-minimal: no single simplification still fails.
    assert!(shrink::candidates(&shrunk.case).iter().all(|c| !fails(c)));
}

#[test]
fn poj3710_files_shrink_test_case_by_test_case() {
    // A failure that needs a graph with a triangle, hidden among other test cases.
    let mut rng = Rng::new(11);
    let cases: Vec<Position> = (0..6)
        .map(|_| {
            Position::Hackenbush(HackenbushPos {
                graphs: (0..3)
                    .map(|_| gen::graphs::christmas(&mut rng, 12, 16))
                    .collect(),
            })
        })
        .collect();
    let has_odd_cycle = |cs: &[Position]| {
        cs.iter().any(|c| match c {
            Position::Hackenbush(h) => h.graphs.iter().any(|g| {
                let cc = g.cycle_cover();
                cc.back_edges.iter().any(|&(_, low, high)| {
                    // Walk the cycle to measure it.
                    let mut len = 1;
                    let mut v = low;
                    while v != high {
                        v = g.other(cc.parent_edge[v as usize], v);
                        len += 1;
                    }
                    len == 3
                })
            }),
            _ => false,
        })
    };
    assert!(has_odd_cycle(&cases), "the generated file holds a triangle");
    let shrunk = shrink::shrink_cases(cases, has_odd_cycle);
    assert_eq!(shrunk.case.len(), 1);
    let Position::Hackenbush(h) = &shrunk.case[0] else {
        unreachable!()
    };
    assert_eq!(h.graphs.len(), 1);
    assert_eq!(h.graphs[0].edges.len(), 3, "{:?}", h.graphs[0]);
}

#[test]
fn size_flags_are_honoured_by_every_game() {
    let p = Plan {
        sizes: Sizes {
            vertices: 24,
            stair_vertices: 12,
            edges: 24,
            ..Sizes::SMALL
        },
        budget: Budget::states(2_000_000),
        ..plan(Game::ALL.to_vec(), 1000, 9, (1, 1))
    };
    let out = run(&p, SOLVER);
    assert!(out.findings.is_empty());
    for game in Game::ALL {
        let s = &out.stats[&game];
        let top = match game {
            Game::Staircase => 12,
            Game::Hackenbush => 13, // vertices of the largest graph of a 24-edge sum
            _ => 24,
        };
        assert!(
            s.max_vertices > top / 2 && s.max_vertices <= top * 2,
            "{}: largest case {} vertices",
            game.name(),
            s.max_vertices
        );
    }
    // The defaults are smaller.
    let small = run(
        &plan(vec![Game::Hackenbush, Game::Staircase], 600, 9, (1, 1)),
        SOLVER,
    );
    assert!(small.stats[&Game::Staircase].max_vertices <= 6);
}
