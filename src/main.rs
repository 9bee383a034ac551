//! The `grundy` command line: a thin layer of argument parsing over the library
//! (`grundy::cli`). Exit codes: 0 all checks passed, 1 a disagreement or failing verdict,
//! 2 bad usage or bad input.

/// The system allocator, asking for huge pages on large blocks (the per-vertex arrays of
/// a 10^6-vertex input): one page fault per 2 MiB instead of per 4 KiB.
struct HugeBlocks;

/// Blocks from this size on are advised to use huge pages.
const HUGE: usize = 4 << 20;

// SAFETY: every call is forwarded to the system allocator unchanged; `madvise` only
// changes how the kernel backs pages of a block this allocator just returned.
unsafe impl std::alloc::GlobalAlloc for HugeBlocks {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        // SAFETY: forwarded with the caller's layout.
        let p = unsafe { std::alloc::System.alloc(layout) };
        advise(p, layout.size());
        p
    }

    unsafe fn alloc_zeroed(&self, layout: std::alloc::Layout) -> *mut u8 {
        // SAFETY: forwarded with the caller's layout.
        let p = unsafe { std::alloc::System.alloc_zeroed(layout) };
        advise(p, layout.size());
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        // SAFETY: forwarded: `ptr` came from this allocator with this layout.
        unsafe { std::alloc::System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, size: usize) -> *mut u8 {
        // SAFETY: forwarded: `ptr` came from this allocator with this layout.
        let p = unsafe { std::alloc::System.realloc(ptr, layout, size) };
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

#[global_allocator]
static ALLOCATOR: HugeBlocks = HugeBlocks;

fn main() {
    // First: in launcher mode this process only starts one judged program (see
    // `grundy_sandbox::launcher`).
    grundy_sandbox::launcher::enter();
    std::process::exit(grundy::cli::main());
}
