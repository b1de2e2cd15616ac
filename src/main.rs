//! The `rhizome` command: see `rhizome --help` and the README.

fn main() {
    std::process::exit(rhizome::cli::main());
}
