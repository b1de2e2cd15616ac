//! Executable memory for compiled code: large mappings that every compiled
//! method's code is placed in, and given back to when the code is freed.
//!
//! A mapping per method costs a page at least for code of a few hundred
//! bytes, a kernel mapping per method (a process may have about 65,000)
//! and two system calls to place it. The arena maps chunks of a mebibyte
//! (the kernel commits their pages as they are first written), places code
//! first-fit at 64-byte boundaries (a cache line: an entry never shares
//! its first line with another method's tail), and takes back the range of
//! freed code, joined with its free neighbours:
//!
//! ```text
//! chunk 0: [fib 320 B][parse 4 KiB][free 1.5 KiB][run 900 B][free ...]
//!                                   ^ the code of an evicted method
//! ```
//!
//! **W^X.** A chunk is readable and executable, never writable and
//! executable at once: placing code makes it writable for the copy, then
//! executable again. Only one thread runs Ruby, and it is in the runtime
//! while the JIT places code, so no code of the chunk runs meanwhile.
//! Freed bytes are filled with `int3`: a jump into freed code traps at
//! once rather than running what is placed there next.
//!
//! **The limit.** The arena counts the bytes its code occupies and refuses
//! to place code beyond its limit (`--jit-code-limit`); the runtime keeps
//! below it by evicting cold code before it gets there.

use std::cell::RefCell;
use std::rc::Rc;

/// The size of a chunk (code larger than this gets a chunk of its own).
pub const CHUNK_SIZE: usize = 1 << 20;
/// Code is placed at multiples of this.
pub const ALIGNMENT: usize = 64;
/// What freed bytes are filled with (`int3`).
const TRAP: u8 = 0xcc;

/// The arena (a handle: clones share it).
#[derive(Clone)]
pub struct CodeArena {
    chunks: Rc<RefCell<Chunks>>,
}

struct Chunks {
    chunks: Vec<Chunk>,
    /// Bytes occupied by placed code (rounded to [`ALIGNMENT`]).
    in_use: usize,
    limit: usize,
}

struct Chunk {
    map: memmap2::MmapMut,
    /// The free ranges, by start, none adjacent to another.
    free: Vec<Span>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Span {
    start: usize,
    len: usize,
}

/// Code placed in the arena: its range goes back to the arena when this is
/// dropped.
pub struct PlacedCode {
    arena: Rc<RefCell<Chunks>>,
    address: u64,
    /// The code's length, and the range it occupies (a multiple of
    /// [`ALIGNMENT`]).
    len: usize,
    reserved: usize,
}

impl CodeArena {
    /// An arena that holds at most `limit` bytes of code.
    pub fn new(limit: usize) -> CodeArena {
        CodeArena {
            chunks: Rc::new(RefCell::new(Chunks {
                chunks: Vec::new(),
                in_use: 0,
                limit,
            })),
        }
    }

    /// Copies `code` into the arena. Fails when the arena would hold more
    /// than its limit, or the system gives no memory.
    pub fn place(&self, code: &[u8]) -> std::io::Result<PlacedCode> {
        let reserved = code.len().max(1).next_multiple_of(ALIGNMENT);
        let mut chunks = self.chunks.borrow_mut();
        if chunks.in_use + reserved > chunks.limit {
            return Err(std::io::Error::new(
                std::io::ErrorKind::OutOfMemory,
                "the code limit is reached",
            ));
        }
        let (chunk, start) = match chunks.find_room(reserved) {
            Some(found) => found,
            None => {
                let size = reserved.next_multiple_of(CHUNK_SIZE);
                let map = memmap2::MmapMut::map_anon(size)?;
                let mut chunk = Chunk {
                    map,
                    free: vec![Span {
                        start: 0,
                        len: size,
                    }],
                };
                chunk.protect(Protection::Execute)?;
                chunks.chunks.push(chunk);
                let index = chunks.chunks.len() - 1;
                (index, chunks.chunks[index].take(0, reserved))
            }
        };
        chunks.in_use += reserved;
        let chunk = &mut chunks.chunks[chunk];
        chunk.write(start, code)?;
        Ok(PlacedCode {
            arena: self.chunks.clone(),
            address: chunk.map.as_ptr() as u64 + start as u64,
            len: code.len(),
            reserved,
        })
    }

    /// Bytes occupied by code.
    pub fn in_use(&self) -> usize {
        self.chunks.borrow().in_use
    }

    /// The most it holds.
    pub fn limit(&self) -> usize {
        self.chunks.borrow().limit
    }

    /// Bytes mapped for code (whole chunks).
    pub fn mapped(&self) -> usize {
        self.chunks
            .borrow()
            .chunks
            .iter()
            .map(|c| c.map.len())
            .sum()
    }
}

impl Chunks {
    /// The first free range of `len` bytes: its chunk and start, taken.
    fn find_room(&mut self, len: usize) -> Option<(usize, usize)> {
        self.chunks
            .iter_mut()
            .enumerate()
            .find_map(|(index, chunk)| {
                let at = chunk.free.iter().position(|span| span.len >= len)?;
                Some((index, chunk.take(at, len)))
            })
    }

    /// Takes back the range of code at `address`, and unmaps its chunk if
    /// that leaves it empty (the last chunk stays mapped).
    fn release(&mut self, address: u64, reserved: usize) {
        let index = self
            .chunks
            .iter()
            .position(|chunk| chunk.contains(address))
            .expect("placed code lies in a chunk");
        self.in_use -= reserved;
        let chunk = &mut self.chunks[index];
        let start = (address - chunk.map.as_ptr() as u64) as usize;
        // Filling with traps needs the chunk writable; if the system
        // refuses, the bytes stay as they were (no code jumps there).
        let _ = chunk.fill(start, reserved, TRAP);
        chunk.give_back(Span {
            start,
            len: reserved,
        });
        let empty = chunk.free
            == [Span {
                start: 0,
                len: chunk.map.len(),
            }];
        if empty && self.chunks.len() > 1 {
            self.chunks.swap_remove(index);
        }
    }
}

#[derive(Clone, Copy)]
enum Protection {
    Write,
    Execute,
}

impl Chunk {
    fn contains(&self, address: u64) -> bool {
        let base = self.map.as_ptr() as u64;
        (base..base + self.map.len() as u64).contains(&address)
    }

    /// Takes `len` bytes from the start of free range `at`: their start.
    fn take(&mut self, at: usize, len: usize) -> usize {
        let span = &mut self.free[at];
        let start = span.start;
        span.start += len;
        span.len -= len;
        if span.len == 0 {
            self.free.remove(at);
        }
        start
    }

    /// Returns `span` to the free ranges, joined with its neighbours.
    fn give_back(&mut self, span: Span) {
        let at = self.free.partition_point(|free| free.start < span.start);
        self.free.insert(at, span);
        if at + 1 < self.free.len()
            && self.free[at].start + self.free[at].len == self.free[at + 1].start
        {
            self.free[at].len += self.free[at + 1].len;
            self.free.remove(at + 1);
        }
        if at > 0 && self.free[at - 1].start + self.free[at - 1].len == self.free[at].start {
            self.free[at - 1].len += self.free[at].len;
            self.free.remove(at);
        }
    }

    fn protect(&mut self, protection: Protection) -> std::io::Result<()> {
        let flags = match protection {
            Protection::Write => libc::PROT_READ | libc::PROT_WRITE,
            Protection::Execute => libc::PROT_READ | libc::PROT_EXEC,
        };
        // SAFETY: the range is this chunk's whole mapping, page-aligned;
        // changing its protection invalidates no Rust reference (the map is
        // only written through `write` and `fill`, which make it writable
        // first).
        let failed =
            unsafe { libc::mprotect(self.map.as_mut_ptr().cast(), self.map.len(), flags) != 0 };
        if failed {
            return Err(std::io::Error::last_os_error());
        }
        Ok(())
    }

    /// Copies `code` to `start`, the chunk writable meanwhile.
    fn write(&mut self, start: usize, code: &[u8]) -> std::io::Result<()> {
        self.protect(Protection::Write)?;
        self.map[start..start + code.len()].copy_from_slice(code);
        self.protect(Protection::Execute)
    }

    /// Fills `len` bytes from `start` with `byte`.
    fn fill(&mut self, start: usize, len: usize, byte: u8) -> std::io::Result<()> {
        self.protect(Protection::Write)?;
        self.map[start..start + len].fill(byte);
        self.protect(Protection::Execute)
    }
}

impl PlacedCode {
    pub fn address(&self) -> u64 {
        self.address
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The bytes of the range it occupies in the arena.
    pub fn reserved(&self) -> usize {
        self.reserved
    }

    pub fn bytes(&self) -> &[u8] {
        // SAFETY: the range was written by `place` and stays mapped and
        // readable until this is dropped (its chunk is unmapped only when
        // empty).
        unsafe { std::slice::from_raw_parts(self.address as *const u8, self.len) }
    }
}

impl Drop for PlacedCode {
    fn drop(&mut self) {
        self.arena.borrow_mut().release(self.address, self.reserved);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn freed_ranges_are_reused_and_joined() {
        let arena = CodeArena::new(usize::MAX);
        let a = arena.place(&[0x90; 100]).unwrap();
        let b = arena.place(&[0x90; 64]).unwrap();
        let c = arena.place(&[0xc3]).unwrap();
        assert_eq!(b.address() - a.address(), 128);
        assert_eq!(c.address() - b.address(), 64);
        assert_eq!(arena.in_use(), 128 + 64 + 64);
        drop(a);
        drop(b);
        // The two freed ranges joined: 192 bytes fit where they were.
        let d = arena.place(&[0x90; 190]).unwrap();
        assert_eq!(d.address(), c.address() - 192);
        assert_eq!(d.bytes(), &[0x90; 190][..]);
        assert_eq!(arena.mapped(), CHUNK_SIZE);
    }

    #[test]
    fn the_limit_refuses_code_and_freeing_makes_room() {
        let arena = CodeArena::new(256);
        let a = arena.place(&[0x90; 200]).unwrap();
        assert!(arena.place(&[0x90; 64]).is_err());
        drop(a);
        assert_eq!(arena.in_use(), 0);
        assert!(arena.place(&[0x90; 256]).is_ok());
    }

    #[test]
    fn large_code_gets_a_chunk_that_is_unmapped_when_freed() {
        let arena = CodeArena::new(usize::MAX);
        let small = arena.place(&[0xc3]).unwrap();
        let large = arena.place(&vec![0x90; CHUNK_SIZE + 1]).unwrap();
        assert_eq!(arena.mapped(), CHUNK_SIZE + 2 * CHUNK_SIZE);
        drop(large);
        assert_eq!(arena.mapped(), CHUNK_SIZE);
        assert_eq!(small.bytes(), &[0xc3]);
    }

    #[test]
    fn placed_code_runs() {
        let arena = CodeArena::new(usize::MAX);
        // mov eax, 42; ret
        let code = arena.place(&[0xb8, 42, 0, 0, 0, 0xc3]).unwrap();
        // SAFETY: the bytes are a complete function returning 42.
        let answer =
            unsafe { std::mem::transmute::<u64, extern "C" fn() -> u32>(code.address())() };
        assert_eq!(answer, 42);
    }
}
