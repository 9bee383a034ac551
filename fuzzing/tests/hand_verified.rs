//! Small positions of every game whose answers were worked out by hand from the rules
//! (each comment gives the reasoning), including misère facts: one set of data that both
//! engines are tested against. Every answer must come out of the oracle — with each of its
//! ways of keeping values — and out of the solver; the misère facts, for which the solver
//! has no rule, pin the oracle alone.

use grundy_games::*;
use grundy_oracle::{misere, solve, Budget};

fn tree(parents: &[u32]) -> Tree {
    Tree::from_parents(parents).unwrap()
}

const R: u32 = u32::MAX;

/// The answer of the oracle (with the default budget, and with the hash memo only) and of
/// the solver; all three must agree, and the caller compares it with the hand-worked one.
fn answer(pos: &Position) -> Answer {
    let a = solve(pos, Budget::default()).unwrap().answer;
    let hashed = Budget {
        dense: false,
        shapes: false,
        ..Budget::default()
    };
    assert_eq!(a, solve(pos, hashed).unwrap().answer, "hash memo: {pos:?}");
    assert_eq!(a, grundy_solver::solve(pos), "solver: {pos:?}");
    a
}

fn misere_wins(pos: &Position) -> Vec<bool> {
    misere(pos, Budget::default()).unwrap()
}

#[test]
fn cut() {
    // A path of 3 edges is a Nim heap of 3: the only move to 0 cuts the top edge (child 1).
    // Rerooted anywhere it is two heaps, of 1 and 2 (or one of 3): 3 again.
    let path = Position::Cut(CutPos {
        tree: tree(&[R, 0, 1, 2]),
    });
    assert_eq!(
        answer(&path),
        Answer::Cut(CutAnswer {
            value: 3,
            winning: vec![1],
            by_root: vec![3, 3, 3, 3],
        })
    );
    // A star of 4 rays: four heaps of 1, value 0, no winning cut. Rooted at a leaf: a
    // path of one edge to the centre, then three heaps of 1 (value 1): 1 + 1 = 2.
    let star = Position::Cut(CutPos {
        tree: tree(&[R, 0, 0, 0, 0]),
    });
    assert_eq!(
        answer(&star),
        Answer::Cut(CutAnswer {
            value: 0,
            winning: vec![],
            by_root: vec![0, 2, 2, 2, 2],
        })
    );
    // Root with a 2-edge branch (0-1-2) and a leaf 3. Moves: cut 1 → {3}: 1; cut 2 →
    // {1, 3}: heaps 1 + 1 = 0; cut 3 → the path of 2: 2. mex{1, 0, 2} = 3; cutting 2
    // wins.
    let fork = Position::Cut(CutPos {
        tree: tree(&[R, 0, 1, 0]),
    });
    let Answer::Cut(a) = answer(&fork) else {
        unreachable!()
    };
    assert_eq!((a.value, a.winning), (3, vec![2]));
    // Misère: one edge — the mover takes it and the opponent, unable to move, wins.
    // Two edges in a path — the mover cuts the lower one and leaves the last to the
    // opponent. Two rays — taking one leaves the last ray to the opponent: a win. Three
    // rays — whatever the mover does, two rays remain for the opponent: a loss.
    let lone = |parents: &[u32]| {
        misere_wins(&Position::Cut(CutPos {
            tree: tree(parents),
        }))
    };
    assert_eq!(lone(&[R, 0]), vec![false]);
    assert_eq!(lone(&[R, 0, 1]), vec![true]);
    assert_eq!(lone(&[R, 0, 0]), vec![true]);
    assert_eq!(lone(&[R, 0, 0, 0]), vec![false]);
    // No edge at all: the mover cannot move and so wins under misère play.
    assert_eq!(lone(&[R]), vec![true]);
}

#[test]
fn chip() {
    // A chip on the root of a star of 3: every move reaches a leaf (value 0), so the
    // value is mex{0} = 1 and all three moves win.
    let star = Position::Chip(ChipPos {
        tree: tree(&[R, 0, 0, 0]),
        chips: vec![0],
    });
    assert_eq!(
        answer(&star),
        Answer::Chip(ChipAnswer {
            value: 1,
            moves: vec![(0, 1), (0, 2), (0, 3)],
        })
    );
    // On a path 0-1-2 the chip at 0 can only go to 1, from where it can still move:
    // g(2) = 0, g(1) = 1, g(0) = mex{1} = 0.
    let path = Position::Chip(ChipPos {
        tree: tree(&[R, 0, 1]),
        chips: vec![0],
    });
    assert_eq!(
        answer(&path),
        Answer::Chip(ChipAnswer {
            value: 0,
            moves: vec![],
        })
    );
    // Two chips on the root of one edge: each move is answered by the other chip's
    // move, so the mover loses (value 0); with one chip the mover wins.
    let two = Position::Chip(ChipPos {
        tree: tree(&[R, 0]),
        chips: vec![0, 0],
    });
    assert_eq!(
        answer(&two),
        Answer::Chip(ChipAnswer {
            value: 0,
            moves: vec![],
        })
    );
    // Misère, one chip on one edge: the mover must move, then the opponent cannot and
    // wins. Two chips: the mover moves one, the opponent the other, the mover is stuck
    // and wins.
    let one = Position::Chip(ChipPos {
        tree: tree(&[R, 0]),
        chips: vec![0],
    });
    assert_eq!(misere_wins(&one), vec![false]);
    assert_eq!(misere_wins(&two), vec![true]);
}

#[test]
fn hackenbush() {
    let g = |n: u32, edges: &[(u32, u32)]| Graph {
        n,
        edges: edges.to_vec(),
    };
    // A triangle on the ground. Cutting a ground edge leaves a path of 2 (value 2);
    // cutting the far edge leaves two ground edges (1 + 1 = 0). mex{2, 2, 0} = 1, and
    // only the far edge (edge 1) wins.
    let triangle = Position::Hackenbush(HackenbushPos {
        graphs: vec![g(3, &[(0, 1), (1, 2), (2, 0)])],
    });
    assert_eq!(
        answer(&triangle),
        Answer::Hackenbush(HackenbushAnswer {
            value: 1,
            moves: vec![(0, 1)],
        })
    );
    // Two parallel edges to one vertex: cutting either leaves one edge (value 1), so
    // mex{1} = 0. A loop at the ground: one move to nothing, value 1.
    let parallel = Position::Hackenbush(HackenbushPos {
        graphs: vec![g(2, &[(0, 1), (1, 0)])],
    });
    assert_eq!(
        answer(&parallel),
        Answer::Hackenbush(HackenbushAnswer {
            value: 0,
            moves: vec![],
        })
    );
    let lp = Position::Hackenbush(HackenbushPos {
        graphs: vec![g(1, &[(0, 0)])],
    });
    assert_eq!(
        answer(&lp),
        Answer::Hackenbush(HackenbushAnswer {
            value: 1,
            moves: vec![(0, 0)],
        })
    );
    // An edge not connected to the ground is never a move: the second graph's edge
    // (1, 2) hangs in the air, so the sum is one loop plus nothing.
    let floating = Position::Hackenbush(HackenbushPos {
        graphs: vec![g(1, &[(0, 0)]), g(3, &[(1, 2)])],
    });
    assert_eq!(
        answer(&floating),
        Answer::Hackenbush(HackenbushAnswer {
            value: 1,
            moves: vec![(0, 0)],
        })
    );
    // Misère: the loop is taken and the opponent, stuck, wins. In the triangle, a path of
    // two edges is a misère win for its mover (cut the lower edge, leave one), and so are
    // two single edges (take one, leave one); every move of the triangle leaves one of
    // these to the opponent, so the triangle is a misère loss.
    assert_eq!(misere_wins(&lp), vec![false]);
    assert_eq!(misere_wins(&triangle), vec![false]);
}

#[test]
fn paint() {
    // Root and child both white. Painting the child paints both (nothing left: 0);
    // painting the root leaves the child (value mex{0} = 1). mex{0, 1} = 2; painting the
    // child (vertex 1) wins.
    let both = Position::Paint(PaintPos {
        tree: tree(&[R, 0]),
        white: vec![true, true],
    });
    assert_eq!(
        answer(&both),
        Answer::Paint(PaintAnswer {
            value: 2,
            winning: vec![1],
        })
    );
    // Two white leaves under a black root: painting one leaf leaves the other (value
    // 1), so mex{1} = 0.
    let leaves = Position::Paint(PaintPos {
        tree: tree(&[R, 0, 0]),
        white: vec![false, true, true],
    });
    assert_eq!(
        answer(&leaves),
        Answer::Paint(PaintAnswer {
            value: 0,
            winning: vec![],
        })
    );
    // Misère: one white vertex — the mover paints it and the opponent, stuck, wins; two
    // white leaves — the mover paints one, the opponent the other, the mover wins.
    let one = Position::Paint(PaintPos {
        tree: tree(&[R]),
        white: vec![true],
    });
    assert_eq!(misere_wins(&one), vec![false]);
    assert_eq!(misere_wins(&leaves), vec![true]);
}

#[test]
fn staircase() {
    // Path 0-1-2, cap 2; (a, b) = stones at depths 1 and 2. g(0,0) = 0; g(1,0) = 1;
    // g(2,0) = mex{1, 0} = 2; g(0,1) = mex{g(1,0)} = 0; g(1,1) = mex{g(0,1), g(2,0)} =
    // mex{0, 2} = 1; g(0,2) = mex{g(1,1), g(2,0)} = mex{1, 2} = 0.
    // Start at (0,2), then vertex 2 gets 1 stone: (0,1), then vertex 1 gets 1: (1,1).
    let pos = Position::Staircase(StaircasePos {
        tree: tree(&[R, 0, 1]),
        stones: vec![0, 0, 2],
        cap: 2,
        updates: vec![(2, 1), (1, 1)],
    });
    assert_eq!(
        answer(&pos),
        Answer::Staircase(StaircaseAnswer {
            values: vec![0, 0, 1],
        })
    );
    // Misère (W = the mover wins): (0,0) W (no move); (1,0) L (its one move leaves the
    // opponent stuck); (2,0) W (to (1,0)); (0,1) W (to (1,0)); (1,1) L (to (0,1) or
    // (2,0), both W); (0,2) W (to (1,1)).
    assert_eq!(misere_wins(&pos), vec![true, true, false]);
}
