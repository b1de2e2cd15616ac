//! The `rhizome` command: see `rhizome --help` and the README.

/// Ruby programs allocate and free many small buffers (String bytes, Array
/// items, environments): mimalloc serves them several times faster than
/// the system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// `mi_option_purge_delay` in mimalloc's `mi_option_t` (v3's
/// `mimalloc.h`; the Rust bindings do not name it).
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

fn main() {
    // The heap grows in pages whose buffers the collector frees in bulk;
    // mimalloc would hand the emptied memory back to the system 10 ms
    // later, and the next allocations would fault it in, zeroed, again
    // (a fifth of a run that builds a large heap). Keep it.
    // SAFETY: setting an option is allowed at any time.
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, -1) };
    std::process::exit(rhizome::cli::main());
}

/// Transparent huge pages (which mimalloc asks for) make the first touch of
/// memory clear 2 MiB at a time, much of it never used: a fifth of a run
/// that grows its heap, more memory in the end, and a millisecond of every
/// start for the two huge pages of mimalloc's first arena. The process
/// opts out before anything allocates: this runs as an ELF constructor
/// whose priority (101, the first one not reserved for the C library)
/// puts it before mimalloc's own initialisation and the Rust runtime's.
extern "C" fn disable_transparent_huge_pages() {
    // SAFETY: a prctl that changes only this process's paging.
    unsafe { libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0) };
}

#[used]
#[link_section = ".init_array.00101"]
static DISABLE_THP_AT_START: extern "C" fn() = disable_transparent_huge_pages;
