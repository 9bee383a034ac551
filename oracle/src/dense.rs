//! A memo for states that carry their own index: one byte per possible state, no hashing,
//! no keys stored. Used when a game's reachable states can be numbered 0..N exactly (the
//! root-containing subtrees of `cut`, see [`crate::cut`]) and N is within the budget: the
//! table is then N bytes, small enough to stay in the processor's caches where the hash
//! memo would need 9–18 bytes and a cache miss per state.

use crate::memo::{advise_huge_pages, prefetch_at, Full, Key, Table};
use std::collections::HashMap;

/// A state that knows its index among all the states of its game.
pub trait Ranked: Key {
    /// The index, below the game's number of states.
    fn rank(&self) -> u64;
}

/// A state carrying its number: a bitmask (`cut`'s kept vertices, `hackenbush`'s kept
/// edges) or a packed word (`staircase`'s stone counts). The number is a function of the
/// state, so equality and hashing use the state.
#[derive(Clone, Copy, Default, Debug)]
pub struct Numbered<M> {
    /// The state proper.
    pub kept: M,
    /// Its number (exact when the game's state count fits in 64 bits; otherwise a
    /// wrapping sum, still a function of the mask).
    pub rank: u64,
}

impl<M: PartialEq> PartialEq for Numbered<M> {
    fn eq(&self, other: &Self) -> bool {
        self.kept == other.kept
    }
}

impl<M: Eq> Eq for Numbered<M> {}

impl<M: std::hash::Hash> std::hash::Hash for Numbered<M> {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.kept.hash(h)
    }
}

impl<M: Key> Key for Numbered<M> {
    type Bucket = crate::memo::Bucket3<Self>;
    #[inline]
    fn hash64(&self) -> u64 {
        self.kept.hash64()
    }
}

/// A bitmask over few ids is its own index: a table of 2^ids entries holds every set.
impl Ranked for u64 {
    #[inline]
    fn rank(&self) -> u64 {
        *self
    }
}

impl<M: Key> Ranked for Numbered<M> {
    #[inline]
    fn rank(&self) -> u64 {
        self.rank
    }
}

/// The byte of a state not stored yet; a stored value v is kept as v + 1.
const UNKNOWN: u8 = 0;
/// The byte meaning "value 254 or more, in the side map".
const SPILLED: u8 = u8::MAX;

/// Values of the states `0..n`, one byte each.
pub struct Dense {
    values: Vec<u8>,
    spilled: HashMap<u64, u32>,
    len: usize,
}

impl Dense {
    /// A table for the states `0..n`; its pages are only touched as states are stored.
    #[allow(dead_code)] // kept for the unit tests and the crate's own checks
    pub fn new(n: usize) -> Dense {
        Dense::try_new(n).expect("memory for the dense table")
    }

    /// [`Dense::new`], or `None` when the memory cannot be had (never an abort).
    pub fn try_new(n: usize) -> Option<Dense> {
        let values = zeroed_bytes(n)?;
        if n >= 4 << 20 {
            // Freshly allocated zeroed memory is not touched yet, so the advice applies.
            advise_huge_pages(values.as_ptr() as usize, n);
        }
        Some(Dense {
            values,
            spilled: HashMap::new(),
            len: 0,
        })
    }
}

/// `n` zero bytes from the allocator's zeroed memory (untouched pages until written, as
/// with `vec![0; n]`), or `None` when the memory cannot be had.
fn zeroed_bytes(n: usize) -> Option<Vec<u8>> {
    if n == 0 {
        return Some(Vec::new());
    }
    let layout = std::alloc::Layout::array::<u8>(n).ok()?;
    // SAFETY: the layout has a non-zero size.
    let p = unsafe { std::alloc::alloc_zeroed(layout) };
    if p.is_null() {
        return None;
    }
    // SAFETY: `p` comes from the global allocator with the layout of `n` bytes (align 1),
    // and all `n` bytes are initialised (zero); the Vec takes ownership.
    Some(unsafe { Vec::from_raw_parts(p, n, n) })
}

impl<K: Ranked> Table<K> for Dense {
    const KEEP_ADDRESSES: bool = false;
    #[inline(always)]
    fn address(&self, k: &K) -> u64 {
        k.rank()
    }

    #[inline(always)]
    fn prefetch(&self, a: u64) {
        // A table that fits well in the core's own cache (L2) gains nothing from prefetching.
        if self.values.len() > 1 << 20 {
            prefetch_at(&self.values, a as usize);
        }
    }

    #[inline(always)]
    fn get(&self, a: u64, _k: K) -> u32 {
        let b = self.values[a as usize];
        if b == SPILLED {
            return self.spilled[&a];
        }
        // An empty byte (0) wraps to `memo::UNKNOWN`.
        (b as u32).wrapping_sub(1)
    }

    fn insert(&mut self, a: u64, _k: K, v: u32) -> Result<(), Full> {
        let slot = &mut self.values[a as usize];
        debug_assert_eq!(*slot, UNKNOWN, "state {a} stored twice");
        *slot = if v >= SPILLED as u32 - 1 {
            self.spilled.insert(a, v);
            SPILLED
        } else {
            v as u8 + 1
        };
        self.len += 1;
        Ok(())
    }

    fn len(&self) -> usize {
        self.len
    }

    fn allocated_bytes(&self) -> usize {
        self.values.len() + self.spilled.capacity() * 12
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
    struct Id(u64);
    impl Key for Id {
        type Bucket = crate::memo::Bucket7<Id>;
        fn hash64(&self) -> u64 {
            self.0
        }
    }
    impl Ranked for Id {
        fn rank(&self) -> u64 {
            self.0
        }
    }

    #[test]
    fn stores_every_value_including_large_ones() {
        let mut d = Dense::new(1000);
        for i in 0..1000u64 {
            let k = Id(i);
            let a = Table::<Id>::address(&d, &k);
            assert_eq!(d.get(a, k), crate::memo::UNKNOWN);
            d.insert(a, k, (i * 7 % 600) as u32).unwrap();
        }
        for i in 0..1000u64 {
            assert_eq!(d.get(i, Id(i)), (i * 7 % 600) as u32);
        }
        assert_eq!(Table::<Id>::len(&d), 1000);
    }
}
