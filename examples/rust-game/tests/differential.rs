//! The fast solver of `src/lib.rs` fuzzed against the game's rules: random positions
//! (one to four heaps up to 60), each valued by grundy's oracle from the rules alone and
//! by the solver; the first disagreement is shrunk (drop a heap, lower one) and reported.

use grundy_example_rust_game::{table, value, Squares};
use grundy_fuzzing::rules_fuzz::differential;
use grundy_fuzzing::Rng;

/// Random positions: 1 to 4 heaps of up to 60 stones (seeded: the same run every time).
fn positions(count: u64) -> Vec<Vec<u32>> {
    (0..count)
        .map(|k| {
            let mut rng = Rng::for_case(0x5A, k);
            let heaps = rng.range(1, 4);
            (0..heaps).map(|_| rng.range(0, 60) as u32).collect()
        })
        .collect()
}

/// Simplifications of a position, simplest first: drop a heap, then make one heap any
/// smaller size, smallest first (heaps are small: the shrunk heap is the least that fails).
fn simpler(heaps: &[u32]) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    for i in 0..heaps.len() {
        let mut t = heaps.to_vec();
        t.remove(i);
        out.push(t);
    }
    for i in 0..heaps.len() {
        for lower in 0..heaps[i] {
            let mut t = heaps.to_vec();
            t[i] = lower;
            out.push(t);
        }
    }
    out
}

#[cfg(not(feature = "planted-mistake"))]
#[test]
fn the_solver_agrees_with_the_rules() {
    let t = table();
    match differential(
        &Squares,
        |h| value(&t, h),
        positions(500),
        |h: &Vec<u32>| simpler(h),
        1_000_000,
    ) {
        Ok(checked) => assert_eq!(checked.agreed, 500, "{checked:?}"),
        Err(Ok(d)) => panic!("{d}"),
        Err(Err(e)) => panic!("the rules are wrong: {e}"),
    }
}

/// With `--features planted-mistake` (the table forgets the cubes 27, 64, …): the run
/// finds it and shrinks it to one heap of 29, the smallest whose value the mistake
/// changes (a heap of 27 keeps its value 3 by other moves; a heap of 2 has value 0, so
/// with the cube 27 a heap of 29 is a win, of value 3, where the solver says 0).
#[cfg(feature = "planted-mistake")]
#[test]
fn the_planted_mistake_is_found_and_shrunk() {
    use grundy_fuzzing::rules_fuzz::Answer;
    let t = table();
    let d = match differential(
        &Squares,
        |h| value(&t, h),
        positions(500),
        |h: &Vec<u32>| simpler(h),
        1_000_000,
    ) {
        Ok(checked) => panic!("the planted mistake was not found: {checked:?}"),
        Err(Ok(d)) => d,
        Err(Err(e)) => panic!("the rules are wrong: {e}"),
    };
    eprintln!("{d}");
    assert_eq!(d.state, vec![29], "{d}");
    assert_eq!((d.expected, d.got.clone()), (3, Answer::Value(0)), "{d}");
    assert_ne!(d.got, Answer::Value(d.expected));
}
