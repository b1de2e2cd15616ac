//! The VM's input and output: standard output, buffered as MRI buffers it
//! ([`Output`]), the files `File.open` opened and nobody closed yet, and
//! the lines read from standard input. IO's methods (`crate::core::io`)
//! are the Ruby side.
//!
//! ```text
//! puts "a"                  -> io.out().write (flushed at exit, or when full)
//! f = File.open("x", "w")   -> io.add_file(5, OpenFile { write_buffer, .. })
//! $stdin.gets               -> io.count_stdin_line()
//! ```

use crate::open_file::OpenFile;
use crate::output::Output;
use fxhash::FxHashMap;

/// Standard output and the files the program opened.
pub struct Io {
    out: Output,
    /// The files `File.open` opened and nobody closed yet, by descriptor.
    files: FxHashMap<i64, OpenFile>,
    /// Lines read from standard input so far (`$stdin.lineno`).
    stdin_lineno: i64,
}

impl Io {
    pub fn new() -> Io {
        Io {
            out: Output::stdout(),
            files: FxHashMap::default(),
            stdin_lineno: 0,
        }
    }

    /// Standard output (and the buffer standard error writes flush first).
    pub fn out(&mut self) -> &mut Output {
        &mut self.out
    }

    /// Takes `file`, just opened as descriptor `fd`.
    pub fn add_file(&mut self, fd: i64, file: OpenFile) {
        self.files.insert(fd, file);
    }

    /// Gives up open file `fd` (to close it), if it is open.
    pub fn remove_file(&mut self, fd: i64) -> Option<OpenFile> {
        self.files.remove(&fd)
    }

    /// Whether descriptor `fd` is a file the program opened and has not
    /// closed.
    pub fn is_open(&self, fd: i64) -> bool {
        self.files.contains_key(&fd)
    }

    /// Open file `fd`. The caller checked that it is open (IO objects are
    /// asked for their descriptor with a check that raises `closed stream`).
    pub fn file(&self, fd: i64) -> &OpenFile {
        self.files.get(&fd).expect("an open file")
    }

    /// Open file `fd`, to read, write or change (see [`Io::file`]).
    pub fn file_mut(&mut self, fd: i64) -> &mut OpenFile {
        self.files.get_mut(&fd).expect("an open file")
    }

    /// Every open file (to flush them at exit).
    pub fn files_mut(&mut self) -> impl Iterator<Item = &mut OpenFile> {
        self.files.values_mut()
    }

    /// Lines read from standard input so far.
    pub fn stdin_lineno(&self) -> i64 {
        self.stdin_lineno
    }

    /// Sets the count of lines read from standard input (`$stdin.lineno=`).
    pub fn set_stdin_lineno(&mut self, lineno: i64) {
        self.stdin_lineno = lineno;
    }

    /// Counts a line read from standard input.
    pub fn count_stdin_line(&mut self) {
        self.stdin_lineno += 1;
    }
}

impl Default for Io {
    fn default() -> Self {
        Io::new()
    }
}
