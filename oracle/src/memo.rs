//! The memo table: open addressing with linear probing, keyed by a compact exact state
//! (a machine word or two), no allocation per state, and a hard capacity that turns
//! "too many states" into an error instead of exhausting memory.

/// A compact state usable as a memo key.
pub trait Key: Copy + Eq {
    /// A well-mixed 64-bit hash.
    fn hash(&self) -> u64;
}

#[inline]
fn mix(x: u64) -> u64 {
    // The SplitMix64 finaliser: every output bit depends on every input bit, so the low
    // bits used as the table index are well spread even for structured bitmasks.
    let mut z = x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Key for u64 {
    #[inline]
    fn hash(&self) -> u64 {
        mix(*self)
    }
}

impl Key for u128 {
    #[inline]
    fn hash(&self) -> u64 {
        mix(*self as u64 ^ mix((*self >> 64) as u64))
    }
}

const EMPTY: u32 = u32::MAX;

/// One slot: a key and its value side by side (one cache line visit per probe).
#[derive(Clone, Copy)]
struct Slot<K> {
    key: K,
    value: u32,
}

/// Map from states to small values (Grundy values or misère outcomes).
pub struct Memo<K: Key> {
    slots: Vec<Slot<K>>,
    len: usize,
    mask: usize,
    limit: usize,
}

/// The memo is full: `limit` states were stored.
#[derive(Clone, Copy, Debug)]
pub struct Full {
    /// States stored when the memo filled up.
    pub stored: usize,
}

impl<K: Key> Memo<K> {
    /// An empty memo that will hold at most `limit` states.
    pub fn new(limit: usize, zero: K) -> Memo<K> {
        let cap = 256usize;
        Memo {
            slots: vec![
                Slot {
                    key: zero,
                    value: EMPTY
                };
                cap
            ],
            len: 0,
            mask: cap - 1,
            limit,
        }
    }

    /// Bytes per slot (a key and a value, padded); the table keeps its load at most 1/2,
    /// so a state costs between 2 and 4 slots.
    pub fn bytes_per_slot() -> usize {
        std::mem::size_of::<Slot<K>>()
    }

    /// Bytes currently allocated.
    pub fn allocated_bytes(&self) -> usize {
        self.slots.len() * Self::bytes_per_slot()
    }

    /// States stored.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Asks the processor to fetch the slot of hash `h` early (lookups then overlap).
    #[inline]
    pub fn prefetch(&self, h: u64) {
        let i = h as usize & self.mask;
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `i` is within the table (masked), and a prefetch has no observable effect
        // besides warming the cache.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>(self.slots.as_ptr().add(i) as *const i8);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = i;
    }

    /// The value stored for `k`.
    #[inline]
    pub fn get(&self, k: K) -> Option<u32> {
        self.get_hashed(k.hash(), k)
    }

    /// The value stored for `k`, whose hash `h` is already known.
    #[inline]
    pub fn get_hashed(&self, h: u64, k: K) -> Option<u32> {
        let mut i = h as usize & self.mask;
        loop {
            let s = &self.slots[i];
            if s.value == EMPTY {
                return None;
            }
            if s.key == k {
                return Some(s.value);
            }
            i = (i + 1) & self.mask;
        }
    }

    /// Stores `v` for a state that is not in the table yet.
    pub fn insert(&mut self, k: K, v: u32) -> Result<(), Full> {
        if self.len >= self.limit {
            return Err(Full { stored: self.len });
        }
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        self.place(k, v);
        self.len += 1;
        Ok(())
    }

    fn place(&mut self, k: K, v: u32) {
        let mut i = k.hash() as usize & self.mask;
        while self.slots[i].value != EMPTY {
            i = (i + 1) & self.mask;
        }
        self.slots[i] = Slot { key: k, value: v };
    }

    fn grow(&mut self) {
        let cap = self.slots.len() * 2;
        let empty = Slot {
            key: self.slots[0].key,
            value: EMPTY,
        };
        let old = std::mem::replace(&mut self.slots, vec![empty; cap]);
        self.mask = cap - 1;
        for s in old {
            if s.value != EMPTY {
                self.place(s.key, s.value);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_refuses_past_the_limit() {
        let mut m = Memo::<u64>::new(5000, 0);
        for k in 0..5000u64 {
            m.insert(k * 7919, (k % 13) as u32).unwrap();
        }
        for k in 0..5000u64 {
            assert_eq!(m.get(k * 7919), Some((k % 13) as u32));
        }
        assert_eq!(m.get(1), None);
        assert!(m.insert(1, 0).is_err());
    }
}
