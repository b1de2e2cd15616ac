//! Standard output, buffered as MRI buffers it.
//!
//! Writing to a terminal flushes at every newline; writing to a pipe or file
//! collects output and flushes it when the buffer fills, at exit, and before
//! anything is written to stderr (so the order of the two streams is the one
//! the program produced).

use std::io::{IsTerminal, Write};

pub struct Output {
    buffer: Vec<u8>,
    line_buffered: bool,
}

const CAPACITY: usize = 64 * 1024;

impl Output {
    pub fn stdout() -> Output {
        Output {
            buffer: Vec::with_capacity(CAPACITY),
            line_buffered: std::io::stdout().is_terminal(),
        }
    }

    pub fn write(&mut self, bytes: &[u8]) {
        self.buffer.extend_from_slice(bytes);
        if self.buffer.len() >= CAPACITY || (self.line_buffered && bytes.contains(&b'\n')) {
            self.flush();
        }
    }

    pub fn flush(&mut self) {
        if self.buffer.is_empty() {
            return;
        }
        // A closed pipe (`rhizome x.rb | head`) is not an error worth a panic;
        // MRI stops quietly too.
        let mut stdout = std::io::stdout().lock();
        let _ = stdout.write_all(&self.buffer);
        let _ = stdout.flush();
        self.buffer.clear();
    }
}

/// Writes bytes to stderr (the caller flushed stdout).
pub fn write_stderr_bytes(bytes: &[u8]) {
    let mut stderr = std::io::stderr().lock();
    let _ = stderr.write_all(bytes);
    let _ = stderr.flush();
}

/// Writes to stderr after flushing stdout.
pub fn write_stderr(out: &mut Output, text: &str) {
    out.flush();
    let mut stderr = std::io::stderr().lock();
    let _ = stderr.write_all(text.as_bytes());
    let _ = stderr.flush();
}
