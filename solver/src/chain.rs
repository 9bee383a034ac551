//! Values of every prefix of a chain hanging from a vertex, all at once, for `hackenbush`
//! cycles: cutting edge i of a cycle leaves two chains hanging from its entry vertex, and
//! the value of a chain v1..vk (v1 next to the entry, stalk weight w_j on v_j) is
//! φ1(φ2(…φk(0))) with φj(x) = (w_j ⊕ x) + 1 (colon principle).
//!
//! Evaluating every prefix one by one is quadratic. Instead the prefixes are evaluated
//! together, from the innermost map outwards: query k enters as the value 0 just before
//! φk is applied, and then every value present takes each map. Applying "XOR w, then add
//! 1" to a whole set is O(bits) on a binary trie keyed from the least significant bit:
//! XOR is a lazy tag (swap the children at the levels of its set bits), and +1 sends the
//! even values to the odd side and carries the odd ones one level down — one path.
//! The whole chain costs O(k · bits); no recursion.

/// An LSB-first binary trie of values, each leaf holding the ids of the queries at it.
struct Trie {
    child: Vec<[u32; 2]>,
    tag: Vec<u64>,
    head: Vec<u32>,
    next: Vec<u32>,
    bits: u32,
}

const NIL: u32 = u32::MAX;

impl Trie {
    fn new(bits: u32, queries: usize) -> Trie {
        let mut t = Trie {
            child: Vec::new(),
            tag: Vec::new(),
            head: Vec::new(),
            next: vec![NIL; queries],
            bits,
        };
        t.node(); // 0 is "no node"
        t.node(); // 1 is the root
        t
    }

    fn node(&mut self) -> u32 {
        self.child.push([0, 0]);
        self.tag.push(0);
        self.head.push(NIL);
        (self.child.len() - 1) as u32
    }

    /// Applies the pending XOR of a node at `level` to its children.
    fn push(&mut self, a: u32, level: u32) {
        let t = self.tag[a as usize];
        if t == 0 || level >= self.bits {
            return;
        }
        if t >> level & 1 == 1 {
            self.child[a as usize].swap(0, 1);
        }
        for c in self.child[a as usize] {
            if c != 0 {
                self.tag[c as usize] ^= t;
            }
        }
        self.tag[a as usize] = 0;
    }

    /// Adds query `id` with the value 0.
    fn insert_zero(&mut self, id: u32) {
        let mut a = 1;
        for level in 0..self.bits {
            self.push(a, level);
            if self.child[a as usize][0] == 0 {
                let c = self.node();
                self.child[a as usize][0] = c;
            }
            a = self.child[a as usize][0];
        }
        self.next[id as usize] = self.head[a as usize];
        self.head[a as usize] = id;
    }

    /// x ↦ x ⊕ w for every value.
    fn xor_all(&mut self, w: u64) {
        self.tag[1] ^= w;
    }

    /// x ↦ x + 1 for every value: evens become odd; odds become even and carry.
    fn increment_all(&mut self) {
        let mut a = 1;
        let mut level = 0;
        while a != 0 && level < self.bits {
            self.push(a, level);
            let [even, odd] = self.child[a as usize];
            self.child[a as usize] = [odd, even];
            a = odd;
            level += 1;
        }
        debug_assert!(a == 0 || level < self.bits, "values stay below 2^bits");
    }

    /// The final value of every query.
    fn values(mut self, out: &mut [u64]) {
        let mut stack = vec![(1u32, 0u32, 0u64)];
        while let Some((a, level, value)) = stack.pop() {
            if level == self.bits {
                let mut id = self.head[a as usize];
                while id != NIL {
                    out[id as usize] = value;
                    id = self.next[id as usize];
                }
                continue;
            }
            self.push(a, level);
            let [c0, c1] = self.child[a as usize];
            if c0 != 0 {
                stack.push((c0, level + 1, value));
            }
            if c1 != 0 {
                stack.push((c1, level + 1, value | 1 << level));
            }
        }
    }
}

/// Chains of at most this many vertices are evaluated prefix by prefix ([`direct`]): at
/// most 136 steps, where the trie's five allocations cost more (a campaign's `hackenbush`
/// cycles are a handful of vertices long).
pub(crate) const SHORT: usize = 16;

/// The value, seen from the entry vertex, of a chain whose vertices' stalk weights come
/// from the far end of the chain inwards: φ_k first, φ_1 last.
pub(crate) fn from_far_end(w: impl Iterator<Item = u64>) -> u64 {
    w.fold(0u64, |x, wj| (wj ^ x) + 1)
}

/// `P[i]` for i = 0..=k: the value, seen from the entry vertex, of the chain made of the
/// first i vertices with stalk weights `w[0..i]` (`P[0] = 0`).
pub fn prefix_values(w: &[u64]) -> Vec<u64> {
    if w.len() <= SHORT {
        direct(w)
    } else {
        by_trie(w)
    }
}

/// [`prefix_values`] by the definition, prefix by prefix (quadratic).
fn direct(w: &[u64]) -> Vec<u64> {
    let mut out = Vec::with_capacity(w.len() + 1);
    out.push(0);
    for i in 1..=w.len() {
        out.push(from_far_end(w[..i].iter().rev().copied()));
    }
    out
}

/// [`prefix_values`] on the trie, O(k · bits).
fn by_trie(w: &[u64]) -> Vec<u64> {
    let k = w.len();
    let mut out = vec![0u64; k + 1];
    if k == 0 {
        return out;
    }
    // Values stay below 2^b · (k + 1) where 2^b exceeds every weight: XOR with a weight
    // touches only the low b bits and each +1 carries at most once into the high part.
    let b = 64 - w.iter().max().copied().unwrap_or(0).leading_zeros();
    let high = 64 - (k as u64 + 1).leading_zeros();
    let bits = (b + high + 1).min(64);
    let mut trie = Trie::new(bits, k + 1);
    for j in (1..=k).rev() {
        trie.insert_zero(j as u32);
        trie.xor_all(w[j - 1]);
        trie.increment_all();
    }
    trie.values(&mut out);
    out[0] = 0;
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_trie_matches_one_by_one_evaluation() {
        let mut seed = 7u64;
        for len in 0..60 {
            for _ in 0..20 {
                let w: Vec<u64> = (0..len)
                    .map(|_| {
                        seed = seed
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        let r = seed >> 33;
                        if r % 3 == 0 {
                            0
                        } else {
                            r % 9
                        }
                    })
                    .collect();
                // The trie against the definition at every length, short ones included.
                assert_eq!(by_trie(&w), direct(&w), "{w:?}");
                assert_eq!(prefix_values(&w), direct(&w), "{w:?}");
            }
        }
    }

    #[test]
    fn long_chains_are_linear_time() {
        // A bare chain of k edges is worth k: P[i] = i.
        let w = vec![0u64; 1_000_000];
        let p = prefix_values(&w);
        assert_eq!(p[999_999], 999_999);
        assert_eq!(p[1_000_000], 1_000_000);
    }

    /// The trie against a plain list of values, on random sequences of its operations
    /// (not only the order `prefix_values` uses): two XORs in a row must combine by XOR.
    #[test]
    fn the_trie_behaves_like_a_list_of_values() {
        let mut seed = 0x9E37_79B9u64;
        let mut next = |m: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % m
        };
        for _ in 0..300 {
            let bits = 6;
            let queries = 8;
            let mut trie = Trie::new(bits, queries);
            let mut model: Vec<Option<u64>> = vec![None; queries];
            let mut added = 0;
            for _ in 0..20 {
                match next(3) {
                    0 if added < queries => {
                        trie.insert_zero(added as u32);
                        model[added] = Some(0);
                        added += 1;
                    }
                    1 => {
                        let w = next(8);
                        trie.xor_all(w);
                        model.iter_mut().flatten().for_each(|v| *v ^= w);
                    }
                    _ if model.iter().flatten().all(|&v| v + 1 < 1 << bits) => {
                        trie.increment_all();
                        model.iter_mut().flatten().for_each(|v| *v += 1);
                    }
                    _ => {}
                }
            }
            let mut out = vec![u64::MAX; queries];
            trie.values(&mut out);
            for (got, want) in out.iter().zip(&model) {
                assert_eq!(*got, want.unwrap_or(u64::MAX));
            }
        }
    }
}
