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
    // The finaliser of SplitMix64: cheap and good enough for open addressing.
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
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

/// Map from states to small values (Grundy values or misère outcomes).
pub struct Memo<K: Key> {
    keys: Vec<K>,
    values: Vec<u32>,
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
        let cap = 1024usize;
        Memo {
            keys: vec![zero; cap],
            values: vec![EMPTY; cap],
            len: 0,
            mask: cap - 1,
            limit,
        }
    }

    /// Bytes held per slot (a key and a value); the table keeps its load at most 1/2.
    pub fn bytes_per_slot() -> usize {
        std::mem::size_of::<K>() + std::mem::size_of::<u32>()
    }

    /// Bytes currently allocated.
    pub fn allocated_bytes(&self) -> usize {
        self.keys.len() * Self::bytes_per_slot()
    }

    /// States stored.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The value stored for `k`.
    #[inline]
    pub fn get(&self, k: K) -> Option<u32> {
        let mut i = k.hash() as usize & self.mask;
        loop {
            let v = self.values[i];
            if v == EMPTY {
                return None;
            }
            if self.keys[i] == k {
                return Some(v);
            }
            i = (i + 1) & self.mask;
        }
    }

    /// Stores `v` for a state that is not in the table yet.
    pub fn insert(&mut self, k: K, v: u32) -> Result<(), Full> {
        if self.len >= self.limit {
            return Err(Full { stored: self.len });
        }
        if 2 * (self.len + 1) > self.keys.len() {
            self.grow();
        }
        let mut i = k.hash() as usize & self.mask;
        while self.values[i] != EMPTY {
            i = (i + 1) & self.mask;
        }
        self.keys[i] = k;
        self.values[i] = v;
        self.len += 1;
        Ok(())
    }

    fn grow(&mut self) {
        let cap = self.keys.len() * 2;
        let zero = self.keys[0];
        let keys = std::mem::replace(&mut self.keys, vec![zero; cap]);
        let values = std::mem::replace(&mut self.values, vec![EMPTY; cap]);
        self.mask = cap - 1;
        for (k, v) in keys.into_iter().zip(values) {
            if v != EMPTY {
                let mut i = k.hash() as usize & self.mask;
                while self.values[i] != EMPTY {
                    i = (i + 1) & self.mask;
                }
                self.keys[i] = k;
                self.values[i] = v;
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
