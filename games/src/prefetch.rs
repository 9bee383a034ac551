//! A hint to the processor that an element of a slice will be needed soon.
//!
//! Leaf peeling and the values computed along it touch per-vertex records in an order no
//! cache predicts (a random tree's parent is anywhere); the time goes to waiting for
//! memory. Asking for a record a few steps before it is used lets several of those waits
//! overlap. This is the crate's only `unsafe`: a prefetch instruction reads nothing into
//! the program and never faults, whatever the address.

/// Hints that `slice[i]` will be read or written soon. Does nothing for an index out of
/// range, nor on processors other than x86-64.
#[inline(always)]
pub fn prefetch<T>(slice: &[T], i: usize) {
    #[cfg(target_arch = "x86_64")]
    if i < slice.len() {
        let at = slice.as_ptr().wrapping_add(i) as *const i8;
        // SAFETY: `_mm_prefetch` only hints the cache; it dereferences nothing and cannot
        // fault (the address is in the slice anyway). SSE is part of every x86-64.
        #[allow(unsafe_code)]
        unsafe {
            std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(at)
        };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (slice, i);
}
