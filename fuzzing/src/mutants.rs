//! The zoo of deliberately broken solvers for `grundy selftest`: each is the real solver
//! with one classic mistake — a wrong formula, a wrong output order, and also a crash (an
//! index out of bounds) and an endless loop, since a crash or a hang is a finding too. The
//! harness must catch every one and shrink it to a tiny case; a mutant that survives means
//! the harness has a blind spot.

use crate::compare::{Subject, SOLVER};
use grundy_games::*;
use grundy_solver::{chip, cut, hackenbush, paint, solve};

/// A broken solver.
pub struct Mutant {
    /// Short id.
    pub name: &'static str,
    /// The game it answers.
    pub game: Game,
    /// The mistake, in words.
    pub mistake: &'static str,
    /// The broken engine.
    pub answer: fn(&Position) -> Answer,
}

fn cut_pos(p: &Position) -> &CutPos {
    match p {
        Position::Cut(c) => c,
        _ => unreachable!("a cut mutant got another game"),
    }
}

fn with_cut(p: &Position, f: impl FnOnce(&CutPos, &mut CutAnswer)) -> Answer {
    let pos = cut_pos(p);
    let mut a = cut::solve(pos);
    f(pos, &mut a);
    Answer::Cut(a)
}

fn cut_mex(p: &Position) -> Answer {
    with_cut(p, |pos, a| a.value = u64::from(chip::values(&pos.tree)[0]))
}

fn cut_missing_plus_one(p: &Position) -> Answer {
    with_cut(p, |pos, a| {
        let mut g = vec![0u64; pos.tree.len()];
        for &v in pos.tree.order().iter().rev() {
            if let Some(q) = pos.tree.parent(v) {
                g[q as usize] ^= g[v as usize];
            }
        }
        a.value = g[0];
    })
}

fn cut_xor_constant(p: &Position) -> Answer {
    // Pretends x ↦ x+1 is XOR-linear: cutting (v, c) changes the root by (g(c)+1).
    with_cut(p, |pos, a| {
        let g = cut::values(&pos.tree);
        a.winning = (1..pos.tree.len() as u32)
            .filter(|&c| g[c as usize] + 1 == a.value)
            .collect();
    })
}

fn cut_reroot_off_by_one(p: &Position) -> Answer {
    with_cut(p, |pos, a| {
        let g = cut::values(&pos.tree);
        let mut full = vec![0u64; pos.tree.len()];
        full[0] = g[0];
        for &v in pos.tree.order() {
            for &c in pos.tree.children(v) {
                let above = full[v as usize] ^ (g[c as usize] + 1);
                full[c as usize] = g[c as usize] ^ above; // the +1 of the new edge is lost
            }
        }
        a.by_root = full;
    })
}

fn hackenbush_cycles_one(p: &Position) -> Answer {
    let Position::Hackenbush(pos) = p else {
        unreachable!()
    };
    let mut a = hackenbush::solve(pos);
    // Every cycle worth 1: count cycles (back edges) instead of edge parity.
    a.value = pos.graphs.iter().fold(0, |acc, g| {
        let f = hackenbush::fuse(g, &[]);
        let cc = g.cycle_cover();
        let mut value = vec![0u64; f.comps.len()];
        for &(_, v, _) in &cc.back_edges {
            value[f.comp[v as usize] as usize] = 1;
        }
        for (e, &(x, y)) in g.edges.iter().enumerate() {
            if x == y && f.live(g, e) {
                value[f.comp[x as usize] as usize] = 1;
            }
        }
        for c in (1..value.len()).rev() {
            let q = f.comps[c].parent as usize;
            value[q] ^= value[c] + 1;
        }
        acc ^ value.first().copied().unwrap_or(0)
    });
    Answer::Hackenbush(a)
}

fn hackenbush_need_lt_g(p: &Position) -> Answer {
    let Position::Hackenbush(pos) = p else {
        unreachable!()
    };
    let mut a = hackenbush::solve(pos);
    let values: Vec<u64> = pos.graphs.iter().map(hackenbush::graph_value).collect();
    a.moves
        .retain(|&(i, _)| a.value ^ values[i as usize] < values[i as usize]);
    Answer::Hackenbush(a)
}

fn chip_need_lt_g(p: &Position) -> Answer {
    let Position::Chip(pos) = p else {
        unreachable!()
    };
    let mut a = chip::solve(pos);
    let g = chip::values(&pos.tree);
    let value = a.value;
    a.moves
        .retain(|&(v, _)| value ^ u64::from(g[v as usize]) < u64::from(g[v as usize]));
    Answer::Chip(a)
}

fn chip_distinct_vertices(p: &Position) -> Answer {
    let Position::Chip(pos) = p else {
        unreachable!()
    };
    let mut dedup = pos.clone();
    dedup.chips.sort_unstable();
    dedup.chips.dedup();
    let mut a = chip::solve(pos);
    a.value = chip::solve(&dedup).value;
    Answer::Chip(a)
}

fn staircase_with(p: &Position, even: bool, modulus: fn(u64) -> u64) -> Answer {
    let Position::Staircase(pos) = p else {
        unreachable!()
    };
    let m = modulus(pos.cap);
    let term = |v: u32, s: u64| {
        if (pos.tree.depth(v) % 2 == 1) != even && m > 0 {
            s % m
        } else {
            0
        }
    };
    let mut stones = pos.stones.clone();
    let mut value = (1..stones.len() as u32).fold(0, |acc, v| acc ^ term(v, stones[v as usize]));
    let mut values = vec![value];
    for &(a, b) in &pos.updates {
        value ^= term(a, stones[a as usize]) ^ term(a, b);
        stones[a as usize] = b;
        values.push(value);
    }
    Answer::Staircase(StaircaseAnswer { values })
}

fn staircase_even_depths(p: &Position) -> Answer {
    staircase_with(p, true, |l| l + 1)
}

fn staircase_mod_l(p: &Position) -> Answer {
    staircase_with(p, false, |l| l)
}

fn paint_unsorted(p: &Position) -> Answer {
    let Position::Paint(pos) = p else {
        unreachable!()
    };
    let mut a = paint::solve(pos);
    // Winners in breadth-first order, as a DFS/BFS collects them, never sorted.
    let rank: Vec<usize> = {
        let mut r = vec![0; pos.tree.len()];
        for (i, &v) in pos.tree.order().iter().enumerate() {
            r[v as usize] = i;
        }
        r
    };
    a.winning.sort_by_key(|&v| rank[v as usize]);
    Answer::Paint(a)
}

fn paint_forgets_self(p: &Position) -> Answer {
    let Position::Paint(pos) = p else {
        unreachable!()
    };
    // Treats the root as black: painting the root alone is forgotten.
    let mut q = pos.clone();
    q.white[0] = false;
    let mut a = paint::solve(pos);
    a.value = paint::solve(&q).value;
    Answer::Paint(a)
}

/// A fixed buffer of two child slots per vertex: indexes out of bounds (a panic) on any
/// vertex with three or more children.
fn cut_panics_on_wide(p: &Position) -> Answer {
    with_cut(p, |pos, _| {
        for v in 0..pos.tree.len() as u32 {
            let mut slots = [0u64; 2];
            for (i, &c) in pos.tree.children(v).iter().enumerate() {
                slots[i] ^= u64::from(c);
            }
            std::hint::black_box(slots);
        }
    })
}

/// Walks from every chip towards the root but stops only at depth 3: never ends on a
/// deeper tree (it sleeps, so a hung check costs no CPU).
fn chip_hangs_on_deep(p: &Position) -> Answer {
    if let Position::Chip(c) = p {
        if (0..c.tree.len() as u32).any(|v| c.tree.depth(v) >= 4) {
            loop {
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
        }
    }
    solve(p)
}

/// Every mutant.
///
/// (A long function by design: a table, one entry per mutant with its name, its mistake
/// and its subject, read top to bottom.)
pub fn zoo() -> Vec<Mutant> {
    vec![
        Mutant {
            name: "cut-mex",
            game: Game::Cut,
            mistake: "mex over the children where the colon rule ⊕(g(c)+1) belongs",
            answer: cut_mex,
        },
        Mutant {
            name: "cut-missing-plus-one",
            game: Game::Cut,
            mistake: "g(v) = ⊕ g(c), the +1 for the edge itself is missing",
            answer: cut_missing_plus_one,
        },
        Mutant {
            name: "cut-xor-constant",
            game: Game::Cut,
            mistake: "winning cuts recomputed as if x ↦ x+1 were XOR with a constant",
            answer: cut_xor_constant,
        },
        Mutant {
            name: "cut-reroot-off-by-one",
            game: Game::Cut,
            mistake: "rerooting forgets the +1 of the edge to the new child",
            answer: cut_reroot_off_by_one,
        },
        Mutant {
            name: "hackenbush-cycle-is-one",
            game: Game::Hackenbush,
            mistake: "every cycle worth 1 instead of its edge count's parity",
            answer: hackenbush_cycles_one,
        },
        Mutant {
            name: "hackenbush-need-lt-g",
            game: Game::Hackenbush,
            mistake: "winning moves only in graphs with need < g (seed 003's shortcut)",
            answer: hackenbush_need_lt_g,
        },
        Mutant {
            name: "chip-need-lt-g",
            game: Game::Chip,
            mistake: "winning moves only for chips with need < g",
            answer: chip_need_lt_g,
        },
        Mutant {
            name: "chip-distinct-vertices",
            game: Game::Chip,
            mistake: "chips on the same vertex counted once",
            answer: chip_distinct_vertices,
        },
        Mutant {
            name: "staircase-even-depths",
            game: Game::Staircase,
            mistake: "even depths taken as the Nim heaps",
            answer: staircase_even_depths,
        },
        Mutant {
            name: "staircase-mod-l",
            game: Game::Staircase,
            mistake: "stones mod L instead of mod L+1",
            answer: staircase_mod_l,
        },
        Mutant {
            name: "paint-unsorted",
            game: Game::Paint,
            mistake: "winning vertices in traversal order, not ascending",
            answer: paint_unsorted,
        },
        Mutant {
            name: "paint-root-black",
            game: Game::Paint,
            mistake: "the root is treated as black (painting the root alone is forgotten)",
            answer: paint_forgets_self,
        },
        Mutant {
            name: "cut-panics-on-wide",
            game: Game::Cut,
            mistake:
                "a fixed buffer of two child slots: index out of bounds (panic) on three children",
            answer: cut_panics_on_wide,
        },
        Mutant {
            name: "chip-hangs-on-deep",
            game: Game::Chip,
            mistake: "a walk to the root that never ends on trees of depth 4 or more (a hang)",
            answer: chip_hangs_on_deep,
        },
    ]
}

impl Mutant {
    /// The mutant as a named subject of a campaign.
    pub fn subject(&self) -> Subject {
        Subject {
            name: self.name,
            answer: self.answer,
        }
    }
}

/// The subject called `name`: `solver`, or a mutant of the zoo.
pub fn subject(name: &str) -> Option<Subject> {
    if name == SOLVER.name {
        return Some(SOLVER);
    }
    zoo()
        .into_iter()
        .find(|m| m.name == name)
        .map(|m| m.subject())
}
