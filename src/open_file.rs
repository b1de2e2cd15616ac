//! A file the program opened (`File.open`), as the VM keeps it until it
//! is closed: the descriptor and both buffers. Reading and writing through
//! Ruby (IO's methods, `gets`, `each_line`) is the core library's
//! (`crate::core::io`).
//!
//! ```text
//! f = File.open("x", "w"); f.write("ab")   -> write_buffer "ab", file empty
//! f.flush (or 8 KiB buffered, or close)    -> the bytes reach the file
//! ```

use std::io::{Read, Seek, SeekFrom, Write};

/// How many bytes a file reads ahead, and how many writes it holds before
/// writing them (MRI's buffer sizes).
const BUFFER_SIZE: usize = 8192;

/// A file opened with `File.open`: its descriptor and both buffers.
pub struct OpenFile {
    pub path: String,
    file: std::fs::File,
    readable: bool,
    writable: bool,
    /// Opened with `"b"` or `binmode` called.
    pub binmode: bool,
    /// Every write goes to the file at once.
    pub sync: bool,
    /// Bytes read ahead of what the program has read (from `read_pos`).
    read_buffer: Vec<u8>,
    read_pos: usize,
    /// Bytes written and not yet in the file.
    write_buffer: Vec<u8>,
    pub lineno: i64,
}

impl OpenFile {
    /// A file opened for reading and/or writing.
    pub fn new(
        path: String,
        file: std::fs::File,
        readable: bool,
        writable: bool,
        binmode: bool,
    ) -> OpenFile {
        OpenFile {
            path,
            file,
            readable,
            writable,
            binmode,
            sync: false,
            read_buffer: Vec::new(),
            read_pos: 0,
            write_buffer: Vec::new(),
            lineno: 0,
        }
    }

    /// Writes what waits in the write buffer.
    pub fn flush(&mut self) -> std::io::Result<()> {
        if self.write_buffer.is_empty() {
            return Ok(());
        }
        let pending = std::mem::take(&mut self.write_buffer);
        self.file.write_all(&pending)
    }

    /// Gives back the bytes read ahead: the file's position becomes the
    /// program's (before a write or a seek).
    pub fn unread(&mut self) -> std::io::Result<()> {
        let ahead = self.read_buffer.len() - self.read_pos;
        self.read_buffer.clear();
        self.read_pos = 0;
        if ahead > 0 {
            self.file.seek(SeekFrom::Current(-(ahead as i64)))?;
        }
        Ok(())
    }

    pub fn write(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.unread()?;
        self.write_buffer.extend_from_slice(bytes);
        if self.sync || self.write_buffer.len() >= BUFFER_SIZE {
            self.flush()?;
        }
        Ok(())
    }

    /// The position the program sees.
    pub fn tell(&mut self) -> std::io::Result<u64> {
        self.flush()?;
        let ahead = (self.read_buffer.len() - self.read_pos) as u64;
        Ok(self.file.stream_position()? - ahead)
    }

    pub fn seek(&mut self, to: SeekFrom) -> std::io::Result<u64> {
        self.flush()?;
        self.unread()?;
        self.file.seek(to)
    }

    /// `lseek(2)` itself, for what SeekFrom cannot say (a negative offset
    /// from the start, `SEEK_DATA`, `SEEK_HOLE`, an unknown whence).
    pub fn seek_raw(&mut self, offset: i64, whence: i64) -> std::io::Result<u64> {
        use std::os::fd::AsRawFd;
        self.flush()?;
        self.unread()?;
        let whence = i32::try_from(whence).unwrap_or(-1);
        // SAFETY: lseek on the descriptor this File owns.
        let pos = unsafe { libc::lseek(self.file.as_raw_fd(), offset, whence) };
        if pos < 0 {
            return Err(std::io::Error::last_os_error());
        }
        Ok(pos as u64)
    }

    /// The file's size, with what waits to be written (`File#size`).
    pub fn size(&mut self) -> std::io::Result<u64> {
        self.flush()?;
        Ok(self.file.metadata()?.len())
    }

    /// The file's metadata (after writing what waits).
    pub fn metadata(&mut self) -> std::io::Result<std::fs::Metadata> {
        self.flush()?;
        self.file.metadata()
    }

    pub fn is_readable(&self) -> bool {
        self.readable
    }

    pub fn is_writable(&self) -> bool {
        self.writable
    }

    /// The bytes read ahead, reading more when there are none; empty at
    /// the end.
    pub fn fill(&mut self) -> std::io::Result<&[u8]> {
        self.flush()?;
        if self.read_pos >= self.read_buffer.len() {
            self.read_buffer.resize(BUFFER_SIZE, 0);
            let read = loop {
                match self.file.read(&mut self.read_buffer) {
                    Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(error) => {
                        self.read_buffer.clear();
                        return Err(error);
                    }
                    Ok(n) => break n,
                }
            };
            self.read_buffer.truncate(read);
            self.read_pos = 0;
        }
        Ok(&self.read_buffer[self.read_pos..])
    }

    /// Marks `n` bytes of [`OpenFile::fill`] as read.
    pub fn consume(&mut self, n: usize) {
        self.read_pos += n;
    }
}
