//! The memo table: open addressing over cache-line buckets, keyed by a compact exact state
//! (a machine word or two), no allocation per state, and a hard capacity that turns
//! "too many states" into an error instead of exhausting memory.
//!
//! Layout: a bucket is one 64-byte cache line holding as many keys as fit with their
//! values as bytes and a fill count — seven 64-bit keys, or three 128-bit ones. A state's
//! hash picks its home bucket; a full bucket spills into the next one (linear probing by
//! bucket). A lookup therefore touches one cache line in the common case, and a 64-bit
//! state costs 9.1 bytes of table at full load (12–24 bytes between the growth points;
//! 28–43 for 128-bit states). Values of 255 and more (rare:
//! a Grundy value is at most the length of the longest game) live in a side map. The table
//! is allocated with transparent huge pages requested where the system allows them: its
//! lookups are random, and with 4 KiB pages nearly every one of them would also miss the
//! TLB.

use std::collections::HashMap;

/// A compact state usable as a memo key.
pub trait Key: Copy + Eq + Default + std::hash::Hash {
    /// The memo's cache line for keys of this size.
    type Bucket: Bucket<Self>;
    /// A well-mixed 64-bit hash.
    fn hash64(&self) -> u64;
}

/// One cache line of the hash memo: up to [`Bucket::WAYS`] keys and their value bytes.
pub trait Bucket<K>: Copy + Default {
    /// Keys per line.
    const WAYS: usize;
    /// Keys stored.
    fn len(&self) -> usize;
    /// True when nothing is stored.
    #[allow(dead_code)] // kept for the unit tests and the crate's own checks
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The j-th key and its value byte.
    fn entry(&self, j: usize) -> (K, u8);
    /// Appends a key (the line must not be full).
    fn push(&mut self, k: K, v: u8);
}

macro_rules! bucket {
    ($name:ident, $ways:expr) => {
        /// A memo cache line of
        #[doc = stringify!($ways)]
        /// keys.
        #[derive(Clone, Copy, Default)]
        #[repr(C, align(64))]
        pub struct $name<K> {
            keys: [K; $ways],
            values: [u8; $ways],
            len: u8,
        }

        impl<K: Copy + Default> Bucket<K> for $name<K> {
            const WAYS: usize = $ways;
            #[inline(always)]
            fn len(&self) -> usize {
                self.len as usize
            }
            #[inline(always)]
            fn entry(&self, j: usize) -> (K, u8) {
                (self.keys[j], self.values[j])
            }
            #[inline]
            fn push(&mut self, k: K, v: u8) {
                self.keys[self.len as usize] = k;
                self.values[self.len as usize] = v;
                self.len += 1;
            }
        }
    };
}

bucket!(Bucket7, 7);
bucket!(Bucket3, 3);

/// What [`Table::get`] returns for a state not stored (no value comes near it: a value
/// is at most the number of moves of a position).
pub const UNKNOWN: u32 = u32::MAX;

/// Where the search keeps the values of finished states: the hash [`Memo`] for any
/// state, or [`crate::dense::Dense`] for states that carry their own index.
pub trait Table<K> {
    /// Whether the search should keep each pending state's address rather than compute
    /// it again (true when the address is a hash).
    const KEEP_ADDRESSES: bool;
    /// Where `k` lives: its hash or its index (computed once per state and passed back).
    fn address(&self, k: &K) -> u64;
    /// Asks the processor to fetch the memory at address `a` early.
    fn prefetch(&self, a: u64);
    /// The value stored for `k` at address `a`, or [`UNKNOWN`] (a plain word rather
    /// than an `Option`, so that callers can use it without branching).
    fn get(&self, a: u64, k: K) -> u32;
    /// Stores `v` for `k` (at address `a`), which is not stored yet.
    fn insert(&mut self, a: u64, k: K, v: u32) -> Result<(), Full>;
    /// States stored.
    fn len(&self) -> usize;
    /// True when nothing is stored.
    #[allow(dead_code)] // kept for the unit tests and the crate's own checks
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Bytes allocated.
    fn allocated_bytes(&self) -> usize;
}

impl<K: Key> Table<K> for Memo<K> {
    const KEEP_ADDRESSES: bool = true;
    #[inline(always)]
    fn address(&self, k: &K) -> u64 {
        k.hash64()
    }
    #[inline(always)]
    fn prefetch(&self, a: u64) {
        Memo::prefetch(self, a)
    }
    #[inline(always)]
    fn get(&self, a: u64, k: K) -> u32 {
        self.get_hashed(a, k).unwrap_or(UNKNOWN)
    }
    #[inline]
    fn insert(&mut self, a: u64, k: K, v: u32) -> Result<(), Full> {
        self.insert_hashed(a, k, v)
    }
    fn len(&self) -> usize {
        Memo::len(self)
    }
    fn allocated_bytes(&self) -> usize {
        Memo::allocated_bytes(self)
    }
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
    type Bucket = Bucket7<u64>;
    #[inline]
    fn hash64(&self) -> u64 {
        mix(*self)
    }
}

impl Key for u128 {
    type Bucket = Bucket3<u128>;
    #[inline]
    fn hash64(&self) -> u64 {
        mix(*self as u64 ^ mix((*self >> 64) as u64))
    }
}

/// The value byte meaning "look in the side map".
const SPILLED: u8 = u8::MAX;

/// Map from states to small values (Grundy values or misère outcomes).
pub struct Memo<K: Key> {
    buckets: Vec<K::Bucket>,
    /// Values of 255 and more.
    spilled: HashMap<K, u32>,
    len: usize,
    mask: usize,
    limit: usize,
}

/// The memo is full: `limit` states were stored, or (`out_of_memory`) the memory for more
/// could not be had (a memory rlimit, an exhausted machine).
#[derive(Clone, Copy, Debug)]
pub struct Full {
    /// States stored when the memo filled up.
    pub stored: usize,
    /// True when an allocation failed before the limit was reached.
    pub out_of_memory: bool,
}

/// Asks the processor to fetch `table[i]` into its caches early, so that independent
/// lookups overlap (nothing happens when `i` is out of range, or off x86-64).
#[inline(always)]
pub(crate) fn prefetch_at<T>(table: &[T], i: usize) {
    #[cfg(target_arch = "x86_64")]
    if let Some(x) = table.get(i) {
        // SAFETY: the address is that of a live element, and a prefetch has no observable
        // effect besides warming the cache.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>(x as *const T as *const i8);
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (table, i);
}

/// A table of `n` copies of `fill`, asking the kernel for huge pages first (advice only:
/// without transparent huge pages this is a plain allocation).
pub(crate) fn table<T: Clone>(n: usize, fill: T) -> Vec<T> {
    try_table(n, fill).expect("a small table")
}

/// [`table`], or `None` when the memory cannot be had (never an abort).
pub(crate) fn try_table<T: Clone>(n: usize, fill: T) -> Option<Vec<T>> {
    let mut v: Vec<T> = Vec::new();
    v.try_reserve_exact(n).ok()?;
    let bytes = n * std::mem::size_of::<T>();
    if bytes >= 4 << 20 {
        advise_huge_pages(v.as_ptr() as usize, bytes);
    }
    v.resize(n, fill);
    Some(v)
}

/// Asks the kernel to back `bytes` bytes from `start` (untouched memory) with huge pages:
/// the one place of grundy that gives this advice (the binary's allocator calls it for
/// every large block too).
#[cfg(target_os = "linux")]
pub fn advise_huge_pages(start: usize, bytes: usize) {
    const PAGE: usize = 4096;
    let from = start.next_multiple_of(PAGE);
    let to = (start + bytes) / PAGE * PAGE;
    if to > from {
        // SAFETY: the range lies inside an allocation we own and have not touched yet;
        // MADV_HUGEPAGE changes only how the kernel backs it, never its contents.
        unsafe {
            libc::madvise(from as *mut libc::c_void, to - from, libc::MADV_HUGEPAGE);
        }
    }
}

/// Asks the kernel for huge pages (a no-op on this system).
#[cfg(not(target_os = "linux"))]
pub fn advise_huge_pages(_start: usize, _bytes: usize) {}

impl<K: Key> Memo<K> {
    /// An empty memo that will hold at most `limit` states.
    pub fn new(limit: usize) -> Memo<K> {
        let buckets = 64;
        Memo {
            buckets: table(buckets, K::Bucket::default()),
            spilled: HashMap::new(),
            len: 0,
            mask: buckets - 1,
            limit,
        }
    }

    /// Bytes per bucket of [`Bucket::WAYS`] states; the table keeps its load between 3/8
    /// and 3/4.
    pub fn bytes_per_bucket() -> usize {
        std::mem::size_of::<K::Bucket>()
    }

    /// Bytes currently allocated.
    pub fn allocated_bytes(&self) -> usize {
        self.buckets.len() * Self::bytes_per_bucket()
            + self.spilled.capacity() * std::mem::size_of::<(K, u32)>()
    }

    /// States stored.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when nothing is stored.
    #[allow(dead_code)] // kept for the unit tests and the crate's own checks
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Asks the processor to fetch the home bucket of hash `h` early (lookups then
    /// overlap).
    #[inline]
    pub fn prefetch(&self, h: u64) {
        prefetch_at(&self.buckets, h as usize & self.mask);
    }

    /// The value stored for `k`.
    #[inline]
    #[allow(dead_code)] // kept for the unit tests and the crate's own checks
    pub fn get(&self, k: K) -> Option<u32> {
        self.get_hashed(k.hash64(), k)
    }

    /// The value stored for `k`, whose hash `h` is already known.
    #[inline(always)]
    pub fn get_hashed(&self, h: u64, k: K) -> Option<u32> {
        let mut i = h as usize & self.mask;
        loop {
            let b = &self.buckets[i];
            let n = b.len();
            for j in 0..n.min(K::Bucket::WAYS) {
                let (key, v) = b.entry(j);
                if key == k {
                    return Some(if v == SPILLED {
                        self.spilled[&k]
                    } else {
                        v as u32
                    });
                }
            }
            if n < K::Bucket::WAYS {
                return None;
            }
            i = (i + 1) & self.mask;
        }
    }

    /// Stores `v` for a state that is not in the table yet.
    #[allow(dead_code)] // kept for the unit tests and the crate's own checks
    pub fn insert(&mut self, k: K, v: u32) -> Result<(), Full> {
        self.insert_hashed(k.hash64(), k, v)
    }

    /// [`Self::insert`] for a state whose hash `h` is already known.
    pub fn insert_hashed(&mut self, h: u64, k: K, v: u32) -> Result<(), Full> {
        if self.len >= self.limit {
            return Err(Full {
                stored: self.len,
                out_of_memory: false,
            });
        }
        if 4 * (self.len + 1) > 3 * K::Bucket::WAYS * self.buckets.len() && !self.grow() {
            return Err(Full {
                stored: self.len,
                out_of_memory: true,
            });
        }
        let byte = if v >= SPILLED as u32 {
            self.spilled.insert(k, v);
            SPILLED
        } else {
            v as u8
        };
        self.place(h, k, byte);
        self.len += 1;
        Ok(())
    }

    fn place(&mut self, h: u64, k: K, byte: u8) {
        let mut i = h as usize & self.mask;
        while self.buckets[i].len() == K::Bucket::WAYS {
            i = (i + 1) & self.mask;
        }
        self.buckets[i].push(k, byte);
    }

    /// Doubles the table; false (and nothing changed) when the memory cannot be had.
    fn grow(&mut self) -> bool {
        let n = self.buckets.len() * 2;
        let Some(bigger) = try_table(n, K::Bucket::default()) else {
            return false;
        };
        let old = std::mem::replace(&mut self.buckets, bigger);
        self.mask = n - 1;
        for b in &old {
            for j in 0..b.len() {
                let (k, v) = b.entry(j);
                self.place(k.hash64(), k, v);
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_refuses_past_the_limit() {
        let mut m = Memo::<u64>::new(50_000);
        for k in 0..50_000u64 {
            m.insert(k * 7919, (k % 13) as u32).unwrap();
        }
        for k in 0..50_000u64 {
            assert_eq!(m.get(k * 7919), Some((k % 13) as u32));
        }
        assert_eq!(m.get(1), None);
        assert!(m.insert(1, 0).is_err());
    }

    #[test]
    fn zero_keys_and_large_values() {
        let mut m = Memo::<u128>::new(10_000);
        assert_eq!(
            m.get(0),
            None,
            "an empty slot's zero key is not a stored state"
        );
        m.insert(0, 7).unwrap();
        for k in 1..5000u128 {
            m.insert(k << 64 | k, k as u32 * 3).unwrap();
        }
        assert_eq!(m.get(0), Some(7));
        for k in 1..5000u128 {
            assert_eq!(m.get(k << 64 | k), Some(k as u32 * 3), "key {k}");
        }
        assert_eq!(m.get(1 << 64), None);
    }

    #[test]
    fn full_buckets_spill_into_the_next() {
        // Keys chosen to share one home bucket in a 64-bucket table.
        let mut m = Memo::<u64>::new(100);
        let same: Vec<u64> = (0..1_000_000u64)
            .filter(|k| k.hash64() & 63 == 5)
            .take(20)
            .collect();
        for (i, &k) in same.iter().enumerate() {
            m.insert(k, i as u32).unwrap();
        }
        for (i, &k) in same.iter().enumerate() {
            assert_eq!(m.get(k), Some(i as u32));
        }
    }
}
