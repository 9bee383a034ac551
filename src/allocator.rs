//! The allocator of grundy's binaries (`grundy`, `grundy-bench`): mimalloc, which makes
//! a campaign's many small, short-lived vectors (a position, its relabelled copy, the
//! solver's arrays, the oracle's tables) cheap — 25% fewer instructions a `hackenbush`
//! case than the system allocator (`valgrind --tool=callgrind grundy-bench campaign
//! --cases 3000 --only hackenbush`) — with huge pages asked for large blocks (the
//! per-vertex arrays of a 10^6-vertex input): one page fault per 2 MiB instead of per
//! 4 KiB.
//!
//! mimalloc is built without transparent huge pages for its own arenas (`no_thp`): the
//! binary is also the launcher of every judged program, and a fork copies the launcher's
//! pages into the program's peak memory — with a huge page of mimalloc's that was 4.8
//! MiB instead of 1 MiB, so a small program's peak could no longer be told apart. Large
//! blocks still get the advice below (measured: no difference in `grundy-bench
//! campaign`).
//!
//! Blocks of the common alignments (at most 16 bytes, and no more than their size) go to
//! mimalloc's plain `mi_malloc`, which aligns them so: the `mimalloc` crate's own
//! `GlobalAlloc` sends every block through the aligned entry points, 2% more
//! instructions a `hackenbush` case (`valgrind --tool=callgrind grundy-bench campaign
//! --cases 5000 --only hackenbush`: 457.8 M against 447.6 M). Those of at most 1 KiB go
//! to `mi_malloc_small` and `mi_zalloc_small`, the same allocation without the size
//! dispatch: 4% fewer instructions a `hackenbush` case (`--cases 3000`: 202.4 M against
//! 210.5 M).
//!
//! A binary installs it with
//! `#[global_allocator] static ALLOCATOR: grundy::allocator::HugeBlocks = grundy::allocator::HugeBlocks;`.

use libmimalloc_sys::{
    mi_free, mi_malloc, mi_malloc_small, mi_realloc, mi_zalloc, mi_zalloc_small, MI_SMALL_SIZE_MAX,
};
use mimalloc::MiMalloc;
use std::alloc::{GlobalAlloc, Layout};
use std::ffi::c_void;

/// mimalloc, asking for huge pages on large blocks.
pub struct HugeBlocks;

/// Blocks from this size on are advised to use huge pages.
const HUGE: usize = 4 << 20;

/// The alignment every `mi_malloc` block of at least this size has (`MI_MAX_ALIGN_SIZE`).
const PLAIN_ALIGN: usize = 16;

/// True when mimalloc's plain entry points align a block of `size` bytes as `layout`
/// asks (the rule of std's `System` allocator for `malloc`).
fn plain(align: usize, size: usize) -> bool {
    align <= PLAIN_ALIGN && align <= size
}

/// True for a block mimalloc's small-object entry points serve: at most
/// `MI_SMALL_SIZE_MAX` bytes (1 KiB), of a plain alignment. A campaign's `hackenbush`
/// cases allocate about 100 blocks each, nearly all this small.
fn small(layout: Layout) -> bool {
    layout.size() <= MI_SMALL_SIZE_MAX && plain(layout.align(), layout.size())
}

// SAFETY: every call is forwarded to mimalloc unchanged; `madvise` only changes how the
// kernel backs pages of a block this allocator just returned.
unsafe impl GlobalAlloc for HugeBlocks {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if small(layout) {
            // SAFETY: a block of at most MI_SMALL_SIZE_MAX bytes, aligned as checked
            // (mi_malloc serves such a block through this very path); none is large
            // enough for the huge-page advice.
            return unsafe { mi_malloc_small(layout.size()) as *mut u8 };
        }
        let p = if plain(layout.align(), layout.size()) {
            // SAFETY: mi_malloc returns a block of the size, aligned as checked above.
            unsafe { mi_malloc(layout.size()) as *mut u8 }
        } else {
            // SAFETY: forwarded with the caller's layout.
            unsafe { MiMalloc.alloc(layout) }
        };
        advise(p, layout.size());
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if small(layout) {
            // SAFETY: as in `alloc`; mi_zalloc_small zeroes the block.
            return unsafe { mi_zalloc_small(layout.size()) as *mut u8 };
        }
        let p = if plain(layout.align(), layout.size()) {
            // SAFETY: as in `alloc`; mi_zalloc zeroes the block.
            unsafe { mi_zalloc(layout.size()) as *mut u8 }
        } else {
            // SAFETY: forwarded with the caller's layout.
            unsafe { MiMalloc.alloc_zeroed(layout) }
        };
        advise(p, layout.size());
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        // SAFETY: `ptr` came from mimalloc (either entry point); mi_free takes both.
        unsafe { mi_free(ptr as *mut c_void) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, size: usize) -> *mut u8 {
        let p = if plain(layout.align(), size) {
            // SAFETY: `ptr` came from mimalloc; the new block is aligned as checked.
            unsafe { mi_realloc(ptr as *mut c_void, size) as *mut u8 }
        } else {
            // SAFETY: forwarded: `ptr` came from this allocator with this layout.
            unsafe { MiMalloc.realloc(ptr, layout, size) }
        };
        advise(p, size);
        p
    }
}

/// Advises huge pages for a large block (the advice itself is the oracle's, the one
/// place it is given).
fn advise(p: *mut u8, size: usize) {
    if !p.is_null() && size >= HUGE {
        grundy_oracle::advise_huge_pages(p as usize, size);
    }
}
