//! The VM's input and output: standard output, buffered as MRI buffers it
//! ([`Output`]), the files `File.open` opened and nobody closed yet, and
//! the lines read from standard input. IO's methods (`crate::core::io`)
//! are the Ruby side.
//!
//! ```text
//! puts "a"                  -> io.out (flushed at exit, or when full)
//! f = File.open("x", "w")   -> io.files[5] = OpenFile { write_buffer, .. }
//! $stdin.gets               -> io.stdin_lineno += 1
//! ```

use crate::open_file::OpenFile;
use crate::output::Output;
use fxhash::FxHashMap;

/// Standard output and the files the program opened.
pub struct Io {
    pub out: Output,
    /// The files `File.open` opened and nobody closed yet, by descriptor.
    pub files: FxHashMap<i64, OpenFile>,
    /// Lines read from standard input so far (`$stdin.lineno`).
    pub stdin_lineno: i64,
}

impl Io {
    pub fn new() -> Io {
        Io {
            out: Output::stdout(),
            files: FxHashMap::default(),
            stdin_lineno: 0,
        }
    }
}

impl Default for Io {
    fn default() -> Self {
        Io::new()
    }
}
