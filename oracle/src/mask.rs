//! Sets of at most 64 or 128 small ids as one machine word: the states of `cut`, `paint`
//! and `hackenbush`.

use crate::memo::Key;
use std::ops::{BitAnd, BitOr, Not};

/// A bitset in one or two words: implemented for `u64` and `u128` only, plain integers
/// whose every bit pattern (all zeros included) is a set.
pub trait Mask:
    Key + BitAnd<Output = Self> + BitOr<Output = Self> + Not<Output = Self> + Default
{
    /// Capacity in ids.
    const BITS: u32;
    /// The set `{i}`.
    fn bit(i: u32) -> Self;
    /// True when `i` is in the set.
    #[allow(dead_code)] // kept for the unit tests and the crate's own checks
    fn has(self, i: u32) -> bool;
    /// The smallest id in the set.
    fn lowest(self) -> u32;
    /// The set without its smallest id.
    fn without_lowest(self) -> Self;
    /// The largest id in the set (which must not be empty).
    fn highest(self) -> u32;
    /// True for the empty set.
    fn is_zero(self) -> bool;
    /// The number of ids in the set.
    fn count(self) -> u32;
    /// The `width` (≤ 32) ids from `off` on, as bits of a word.
    fn field(self, off: u32, width: u32) -> u32;
    /// The set of ids `off + i` for the bits i of `bits`.
    fn from_field(bits: u32, off: u32) -> Self;
}

macro_rules! impl_mask {
    ($t:ty) => {
        impl Mask for $t {
            const BITS: u32 = <$t>::BITS;
            #[inline]
            fn bit(i: u32) -> Self {
                1 << i
            }
            #[inline]
            fn has(self, i: u32) -> bool {
                self >> i & 1 == 1
            }
            #[inline]
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline]
            fn highest(self) -> u32 {
                <$t>::BITS - 1 - self.leading_zeros()
            }
            #[inline]
            fn is_zero(self) -> bool {
                self == 0
            }
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn field(self, off: u32, width: u32) -> u32 {
                ((self >> off) as u64 & ((1u64 << width) - 1)) as u32
            }
            #[inline]
            fn from_field(bits: u32, off: u32) -> Self {
                (bits as $t) << off
            }
        }
    };
}

impl_mask!(u64);
impl_mask!(u128);

/// Iterates the ids of a set, ascending.
pub fn ids<M: Mask>(mut m: M) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        if m.is_zero() {
            None
        } else {
            let i = m.lowest();
            m = m.without_lowest();
            Some(i)
        }
    })
}
