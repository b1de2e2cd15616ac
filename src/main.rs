//! The `rhizome` command: see `rhizome --help` and the README.

/// Ruby programs allocate and free many small buffers (String bytes, Array
/// items, environments): mimalloc serves them several times faster than
/// the system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    std::process::exit(rhizome::cli::main());
}
