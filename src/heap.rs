//! The heap: fixed-size cells in aligned pages, and a non-moving mark-sweep
//! collector.
//!
//! Every Ruby object that is not an immediate lives in one 64-byte cell. A
//! cell starts with a [`Header`] (the object's kind, mark and frozen bits, and
//! its class); what does not fit in the cell (a String's bytes, an Array's
//! elements) lives in a Rust allocation the cell owns and that is dropped when
//! the cell is swept — the layout MRI uses for its RVALUEs.
//!
//! Pages are 64 KiB and aligned to 64 KiB (allocated 16 at a time), so any
//! word can be tested for "points into a live cell" with a mask and a set
//! lookup. That is what makes
//! the *conservative* part of marking possible: besides the precise roots the
//! VM reports (its value stack, globals, classes, constants of loaded code),
//! the collector reads every word of the machine stack and the callee-saved
//! registers, and keeps alive any cell one of them points into. Rust code and
//! compiled code can therefore hold a `Value` in a local without registering
//! it. A `Value` kept only in a Rust heap allocation (a `Vec` being built) is
//! *not* seen: such values must live in a heap object, on the VM's value
//! stack, or in the object being allocated (which [`Heap::needs_collection`]
//! callers trace as an extra root).
//!
//! ```text
//! page (64 KiB, aligned)
//! +--------+--------+--------+-----+
//! | cell 0 | cell 1 | cell 2 | ... |   cell = Header (16 B) + payload (48 B)
//! +--------+--------+--------+-----+
//! free cells: kind = Free; those a sweep freed are linked through their
//! payload, the newest chunk's never used ones are handed out in order
//! (a bump pointer), so memory is touched only as it is used
//! ```

use crate::value::Value;
use fxhash::FxHashSet;
use std::alloc::{alloc_zeroed, Layout};
use std::cell::Cell;

pub const CELL_SIZE: usize = 64;
pub const PAGE_SIZE: usize = 64 * 1024;
pub const CELLS_PER_PAGE: usize = PAGE_SIZE / CELL_SIZE;
/// Pages are allocated this many at a time (see [`Heap::add_page`]).
const PAGES_PER_CHUNK: usize = 16;

/// Collect after this many cells were allocated, at least.
const MIN_THRESHOLD: usize = 16 * 1024;
/// Collect after this many bytes of payload (string bytes, array slots) were
/// allocated outside the cells, at least.
const MIN_EXTERNAL_THRESHOLD: usize = 32 * 1024 * 1024;

/// What a cell holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u8)]
pub enum ObjKind {
    Free = 0,
    Object,
    String,
    Array,
    Float,
    Bignum,
    Class,
    Env,
    Proc,
    Hash,
    Regexp,
    MatchData,
}

pub mod flags {
    pub const MARKED: u8 = 1;
    pub const FROZEN: u8 = 2;
}

/// The first 16 bytes of every cell.
#[repr(C)]
pub struct Header {
    kind: Cell<ObjKind>,
    flags: Cell<u8>,
    /// A byte the object's kind may use: a String's encoding
    /// (`crate::encoding::Encoding`, 0 for UTF-8).
    aux: Cell<u8>,
    _reserved: [u8; 5],
    class: Cell<Value>,
}

impl Header {
    /// Where compiled code finds the kind byte and the class word
    /// (`#[repr(C)]` fixes them).
    pub const KIND_OFFSET: i32 = 0;
    pub const CLASS_OFFSET: i32 = 8;
    /// The header word holding the flags, and the frozen bit in it.
    pub const FLAGS_WORD_OFFSET: i32 = 0;
    pub const FROZEN_MASK: i32 =
        (flags::FROZEN as i32) << (8 * std::mem::offset_of!(Header, flags));

    pub fn new(kind: ObjKind, class: Value) -> Header {
        Header {
            kind: Cell::new(kind),
            flags: Cell::new(0),
            aux: Cell::new(0),
            _reserved: [0; 5],
            class: Cell::new(class),
        }
    }

    #[inline]
    pub fn kind(&self) -> ObjKind {
        self.kind.get()
    }

    #[inline]
    pub fn class(&self) -> Value {
        self.class.get()
    }

    pub fn set_class(&self, class: Value) {
        self.class.set(class)
    }

    /// The byte the object's kind may use (see the field).
    #[inline]
    pub fn aux(&self) -> u8 {
        self.aux.get()
    }

    pub fn set_aux(&self, aux: u8) {
        self.aux.set(aux)
    }

    #[inline]
    pub fn is_frozen(&self) -> bool {
        self.flags.get() & flags::FROZEN != 0
    }

    pub fn freeze(&self) {
        self.flags.set(self.flags.get() | flags::FROZEN)
    }

    /// During a collection, before the sweep: whether the object was found
    /// reachable.
    #[inline]
    pub fn is_marked(&self) -> bool {
        self.flags.get() & flags::MARKED != 0
    }

    #[inline]
    fn set_marked(&self, marked: bool) {
        let f = self.flags.get();
        self.flags.set(if marked {
            f | flags::MARKED
        } else {
            f & !flags::MARKED
        });
    }
}

/// A type stored in a cell: `#[repr(C)]` with a [`Header`] first.
///
/// # Safety
/// Implementors must be `#[repr(C)]`, start with a `Header`, fit in a cell,
/// and have `KIND` unique to the type.
pub unsafe trait HeapObject: Sized {
    const KIND: ObjKind;
    /// Marks every value the object refers to.
    fn trace(&self, marker: &mut Marker);
}

/// A free cell, linked to the next free one.
#[repr(C)]
struct FreeCell {
    kind: ObjKind,
    next: *mut FreeCell,
}

/// Statistics the VM reports (`GC.count`, `--stats`).
#[derive(Clone, Copy, Default, Debug)]
pub struct HeapStats {
    pub collections: u64,
    pub pages: usize,
    pub live_cells: usize,
}

pub struct Heap {
    /// Drops the object of a dead cell: given by the layer above, which
    /// knows the objects (`crate::object::drop_cell`), as the mark phase
    /// is given its `trace`.
    drop_cell: fn(&Header),
    pages: Vec<*mut u8>,
    page_set: FxHashSet<usize>,
    /// The lowest page address and the end of the highest page: a word
    /// outside this range (most words of the machine stack: return
    /// addresses, stack addresses, small integers) is no cell, without a
    /// look in `page_set`.
    pages_low: usize,
    pages_high: usize,
    free_list: *mut FreeCell,
    /// The newest chunk's cells not handed out yet, from `bump` to
    /// `bump_end`: zeroed (free) cells on no list, given out in order, so
    /// that memory is touched only as it is used.
    bump: *mut u8,
    bump_end: *mut u8,
    allocated_since_gc: usize,
    threshold: usize,
    external_since_gc: usize,
    /// What the objects alive at the last collection held outside their
    /// cells ([`Marker::note_external`]).
    live_external: usize,
    external_threshold: usize,
    /// Collect at every allocation (`--gc-stress`).
    pub stress: bool,
    pub stats: HeapStats,
    /// The highest address of the VM thread's stack: the conservative scan
    /// reads from the current stack pointer up to here.
    stack_top: usize,
}

impl Heap {
    pub fn new(drop_cell: fn(&Header)) -> Heap {
        Heap {
            drop_cell,
            pages: Vec::new(),
            page_set: FxHashSet::default(),
            pages_low: usize::MAX,
            pages_high: 0,
            free_list: std::ptr::null_mut(),
            bump: std::ptr::null_mut(),
            bump_end: std::ptr::null_mut(),
            allocated_since_gc: 0,
            threshold: MIN_THRESHOLD,
            external_since_gc: 0,
            live_external: 0,
            external_threshold: MIN_EXTERNAL_THRESHOLD,
            stress: false,
            stats: HeapStats::default(),
            stack_top: current_thread_stack_top(),
        }
    }

    /// The bytes of the heap's pages.
    pub fn bytes(&self) -> usize {
        self.pages.len() * PAGE_SIZE
    }

    /// The heap's size as the memory limit counts it: its pages, what the
    /// objects alive at the last collection held outside their cells, and
    /// what was allocated outside cells since.
    pub fn footprint(&self) -> usize {
        self.bytes() + self.live_external + self.external_since_gc
    }

    /// Whether the next allocation should collect first.
    #[inline]
    pub fn needs_collection(&self) -> bool {
        self.stress
            || self.allocated_since_gc >= self.threshold
            || self.external_since_gc >= self.external_threshold
    }

    /// Notes `bytes` of payload allocated outside the cells, so that programs
    /// building large strings and arrays also trigger collections.
    #[inline]
    pub fn note_external(&mut self, bytes: usize) {
        self.external_since_gc += bytes;
    }

    /// Moves `object` into a fresh cell. The caller decided beforehand whether
    /// to collect (tracing `object` as a root if it did).
    pub fn place<T: HeapObject>(&mut self, object: T) -> Value {
        const { assert!(std::mem::size_of::<T>() <= CELL_SIZE) };
        const { assert!(std::mem::align_of::<T>() <= 8) };
        let cell = if self.free_list.is_null() {
            if self.bump == self.bump_end {
                self.add_page();
            }
            let cell = self.bump;
            // SAFETY: the bump region lies inside the newest chunk, and is
            // not empty here.
            self.bump = unsafe { cell.add(CELL_SIZE) };
            cell
        } else {
            let cell = self.free_list;
            // SAFETY: `cell` is the head of the free list, a free cell
            // inside one of our pages: we unlink it.
            self.free_list = unsafe { (*cell).next };
            prefetch(self.free_list as *const u8);
            cell as *mut u8
        };
        // SAFETY: `cell` is a free cell of one of our pages, on no list; we
        // write a `T` (which fits, checked above) over it. The cell becomes
        // live with `T::KIND` in its header.
        unsafe { std::ptr::write(cell as *mut T, object) };
        self.allocated_since_gc += 1;
        let value = Value::from_header(cell as *const Header);
        debug_assert_eq!(value.header().map(|h| h.kind()), Some(T::KIND));
        value
    }

    /// Adds [`PAGES_PER_CHUNK`] pages, allocated together: an allocation
    /// aligned to its own size costs the allocator up to twice that size,
    /// which for a page at a time doubled the heap's memory. Their cells
    /// become the bump region (only once the last one's is used up).
    fn add_page(&mut self) {
        let layout =
            Layout::from_size_align(PAGE_SIZE * PAGES_PER_CHUNK, PAGE_SIZE).expect("chunk layout");
        // SAFETY: the layout has a non-zero size.
        let chunk = unsafe { alloc_zeroed(layout) };
        if chunk.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        // Zeroed memory is free cells (kind Free).
        self.bump = chunk;
        // SAFETY: the end of the chunk just allocated.
        self.bump_end = unsafe { chunk.add(PAGE_SIZE * PAGES_PER_CHUNK) };
        for index in 0..PAGES_PER_CHUNK {
            // SAFETY: the page lies inside the chunk.
            let page = unsafe { chunk.add(index * PAGE_SIZE) };
            self.pages.push(page);
            self.page_set.insert(page as usize);
        }
        self.pages_low = self.pages_low.min(chunk as usize);
        self.pages_high = self
            .pages_high
            .max(chunk as usize + PAGE_SIZE * PAGES_PER_CHUNK);
        self.stats.pages = self.pages.len();
    }

    /// The live cell `word` points into, if any (conservative root test).
    #[inline]
    fn cell_containing(&self, word: usize) -> Option<&Header> {
        if word < self.pages_low || word >= self.pages_high {
            return None;
        }
        let page = word & !(PAGE_SIZE - 1);
        if !self.page_set.contains(&page) {
            return None;
        }
        let cell = page + (word - page) / CELL_SIZE * CELL_SIZE;
        // SAFETY: `cell` is the start of a cell in one of our pages; every
        // cell starts with a kind byte, which is Free for free cells.
        let header = unsafe { &*(cell as *const Header) };
        (header.kind() != ObjKind::Free).then_some(header)
    }

    /// Starts a collection: returns a marker to which the VM reports its
    /// precise roots before calling [`Heap::finish_collection`].
    pub fn start_collection(&self) -> Marker {
        Marker {
            stack: Vec::with_capacity(256),
            external: 0,
        }
    }

    /// Scans the machine stack and registers, traces everything reachable,
    /// and sweeps. `trace` marks the children of one cell; `prune_weak`
    /// runs between marking and sweeping, to drop the entries of weak
    /// tables whose objects were not marked (see [`Header::is_marked`]).
    pub fn finish_collection(
        &mut self,
        mut marker: Marker,
        trace: impl Fn(&Header, &mut Marker),
        prune_weak: impl FnOnce(),
    ) {
        self.scan_machine_stack(&mut marker);
        while let Some(header) = marker.stack.pop() {
            // SAFETY: only live cells are pushed on the mark stack.
            trace(unsafe { &*header }, &mut marker);
        }
        prune_weak();
        self.sweep();
        self.live_external = marker.external;
        self.stats.collections += 1;
        self.allocated_since_gc = 0;
        self.external_since_gc = 0;
        // The next collection comes after four times the survivors were
        // allocated: marking the live cells is the cost of a collection, and
        // this keeps it to a quarter of a mark per cell allocated. Marking
        // chases pointers through cold cells: at twice the survivors (MRI
        // grows its heap by 1.8 times) it was 15% of task_scheduler's time;
        // at four times it is 8%, for a peak RSS of 90 to 97 MB instead of 70.
        self.threshold = MIN_THRESHOLD.max(4 * self.stats.live_cells);
        self.external_threshold = MIN_EXTERNAL_THRESHOLD;
    }

    fn scan_machine_stack(&self, marker: &mut Marker) {
        self.each_machine_stack_word(|word| {
            if let Some(header) = self.cell_containing(word) {
                marker.mark_header(header);
            }
        });
    }

    /// Visits every word of the VM thread's machine stack, from this call
    /// up to its top, and the callee-saved registers: what a conservative
    /// scan looks at (the collector's roots, and the code that compiled
    /// activations on the stack still run: `compiled::code_space`).
    #[inline(never)]
    pub fn each_machine_stack_word(&self, mut visit: impl FnMut(usize)) {
        let registers = spill_callee_saved_registers();
        for &word in registers.iter() {
            visit(word);
        }
        let mut address = (&registers as *const _ as usize) & !7;
        while address < self.stack_top {
            // SAFETY: the range from this frame up to the top of the VM
            // thread's stack is mapped, readable stack memory of this thread;
            // some words may be uninitialised padding, which is harmless to
            // read as an integer for a conservative test.
            let word = unsafe { std::ptr::read_volatile(address as *const usize) };
            visit(word);
            address += 8;
        }
    }

    fn sweep(&mut self) {
        let mut live = 0;
        // The free list is built anew, in address order: allocations then
        // walk memory forwards, which the processor prefetches.
        let mut head: *mut FreeCell = std::ptr::null_mut();
        let mut tail: *mut *mut FreeCell = &mut head;
        let unused = self.bump as usize..self.bump_end as usize;
        for &page in &self.pages {
            for index in 0..CELLS_PER_PAGE {
                let cell = page.wrapping_add(index * CELL_SIZE);
                if unused.contains(&(cell as usize)) {
                    // The bump region's cells are handed out by `bump`.
                    break;
                }
                // SAFETY: every cell of a page starts with a header-compatible
                // kind byte; live cells have a full header.
                let header = unsafe { &*(cell as *const Header) };
                match header.kind() {
                    ObjKind::Free => {}
                    _ if header.is_marked() => {
                        header.set_marked(false);
                        live += 1;
                        continue;
                    }
                    _ => (self.drop_cell)(header),
                }
                // SAFETY: the cell is free (its object, if it had one, was
                // just dropped) and on no list once this one is rebuilt: it
                // is linked at the list's end.
                unsafe {
                    let cell = cell as *mut FreeCell;
                    (*cell).kind = ObjKind::Free;
                    (*cell).next = std::ptr::null_mut();
                    *tail = cell;
                    tail = &mut (*cell).next;
                }
            }
        }
        self.free_list = head;
        self.stats.live_cells = live;
    }
}

/// Asks the processor to bring the cell at `address` (the next one to be
/// handed out) into the cache before it is written: free cells are far
/// apart once the heap has been swept a few times.
#[inline(always)]
fn prefetch(address: *const u8) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch reads nothing and cannot fault, whatever the
    // address (null at the list's end).
    unsafe {
        std::arch::x86_64::_mm_prefetch(address as *const i8, std::arch::x86_64::_MM_HINT_T0);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = address;
}

/// A heap dropped (its VM dropped: an embedder's or the fuzz target's
/// VM, not the command line's, which the process exit reclaims) drops
/// every live object and frees its pages.
impl Drop for Heap {
    fn drop(&mut self) {
        for &page in &self.pages {
            for index in 0..CELLS_PER_PAGE {
                // SAFETY: every cell of a page starts with a kind byte; a
                // live cell's object is dropped once, here, and nothing
                // reads the heap after its drop.
                let header = unsafe { &*(page.add(index * CELL_SIZE) as *const Header) };
                (self.drop_cell)(header);
            }
        }
        let layout =
            Layout::from_size_align(PAGE_SIZE * PAGES_PER_CHUNK, PAGE_SIZE).expect("chunk layout");
        for chunk in self.pages.chunks(PAGES_PER_CHUNK) {
            // SAFETY: `add_page` allocated each chunk with this layout and
            // pushed its pages in order, the chunk's first page first.
            unsafe { std::alloc::dealloc(chunk[0], layout) };
        }
    }
}

/// The gray set of a collection in progress.
pub struct Marker {
    stack: Vec<*const Header>,
    /// The bytes the marked objects hold outside their cells.
    external: usize,
}

impl Marker {
    /// Marks a value (immediates are ignored).
    #[inline]
    pub fn mark(&mut self, value: Value) {
        if let Some(header) = value.header() {
            self.mark_header(header);
        }
    }

    /// Counts `bytes` that the object being traced holds outside its
    /// cell (a long String's bytes, an Array's buffer), towards the
    /// heap's size ([`Heap::footprint`]).
    #[inline]
    pub fn note_external(&mut self, bytes: usize) {
        self.external += bytes;
    }

    pub fn mark_all(&mut self, values: &[Value]) {
        for &value in values {
            self.mark(value);
        }
    }

    #[inline]
    fn mark_header(&mut self, header: &Header) {
        if !header.is_marked() {
            header.set_marked(true);
            self.stack.push(header);
        }
    }
}

/// Copies the callee-saved registers into a stack array, so the scan sees a
/// `Value` that lives only in a register. (Caller-saved registers were
/// already spilled by our callers.)
#[inline(never)]
fn spill_callee_saved_registers() -> [usize; 6] {
    let mut registers = [0usize; 6];
    #[cfg(target_arch = "x86_64")]
    // SAFETY: plain stores of register contents into our own local array.
    unsafe {
        std::arch::asm!(
            "mov [{p}], rbx",
            "mov [{p} + 8], rbp",
            "mov [{p} + 16], r12",
            "mov [{p} + 24], r13",
            "mov [{p} + 32], r14",
            "mov [{p} + 40], r15",
            p = in(reg) registers.as_mut_ptr(),
            options(nostack, preserves_flags),
        );
    }
    #[cfg(target_arch = "aarch64")]
    // SAFETY: plain stores of register contents into our own local array.
    unsafe {
        std::arch::asm!(
            "stp x19, x20, [{p}]",
            "stp x21, x22, [{p}, #16]",
            "stp x23, x24, [{p}, #32]",
            p = in(reg) registers.as_mut_ptr(),
            options(nostack, preserves_flags),
        );
    }
    std::hint::black_box(registers)
}

/// The highest address of the current thread's stack.
fn current_thread_stack_top() -> usize {
    // SAFETY: pthread_getattr_np fills `attr` for the calling thread; we read
    // the stack address and size from it and destroy it.
    unsafe {
        let mut attr: libc::pthread_attr_t = std::mem::zeroed();
        if libc::pthread_getattr_np(libc::pthread_self(), &mut attr) != 0 {
            panic!("pthread_getattr_np failed: cannot find the stack to scan");
        }
        let mut address: *mut libc::c_void = std::ptr::null_mut();
        let mut size: libc::size_t = 0;
        libc::pthread_attr_getstack(&attr, &mut address, &mut size);
        libc::pthread_attr_destroy(&mut attr);
        address as usize + size
    }
}
