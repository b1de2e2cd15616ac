//! The layouts of heap objects.
//!
//! Each is `#[repr(C)]` with the [`Header`] first and fits one cell. Growing
//! payloads live behind a `RefCell` so that Ruby's aliasing (`s << s`, an
//! array containing itself) is checked at run time instead of being undefined
//! behaviour.

pub use crate::array_items::ArrayItems;
use crate::encoding::Encoding;
use crate::heap::{Header, HeapObject, Marker, ObjKind};
use crate::overflow_slots::OverflowSlots;
use crate::shape::ShapeId;
use crate::value::Value;
use bytecode::Sym;
use fxhash::FxBuildHasher;
use indexmap::IndexMap;
use num_bigint::BigInt;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// A plain object: its shape and the slots the shape describes (exceptions
/// keep their message and backtrace here too, under internal names without
/// `@`).
///
/// The first [`RObject::EMBEDDED_SLOTS`] slots live in the cell itself, as
/// MRI embeds the instance variables of small objects: reading `@left` of a
/// tree node touches one cache line, and compiled code reads it with one
/// load at [`RObject::EMBEDDED_OFFSET`]. Slots past those live in
/// [`OverflowSlots`], one word of the cell pointing at them: compiled code
/// reads one with two loads (through [`RObject::OVERFLOW_OFFSET`]).
///
/// ```text
/// | header (16) | shape (4) len (4) | slot 0 | slot 1 | slot 2 | slot 3 | overflow (8) |
/// ```
#[repr(C)]
pub struct RObject {
    pub header: Header,
    pub shape: Cell<ShapeId>,
    len: Cell<u32>,
    embedded: [Cell<Value>; RObject::EMBEDDED_SLOTS],
    overflow: OverflowSlots,
}

impl RObject {
    /// How many slots live in the cell.
    pub const EMBEDDED_SLOTS: usize = 4;
    /// Where compiled code finds the shape (a `u32`) and the embedded slots
    /// (`#[repr(C)]` fixes them).
    pub const SHAPE_OFFSET: i32 = std::mem::offset_of!(RObject, shape) as i32;
    pub const EMBEDDED_OFFSET: i32 = std::mem::offset_of!(RObject, embedded) as i32;
    /// Where compiled code finds the pointer to the first overflow slot.
    pub const OVERFLOW_OFFSET: i32 = std::mem::offset_of!(RObject, overflow) as i32;
    /// Where compiled code that adds a slot writes the new count (a `u32`).
    pub const LEN_OFFSET: i32 = std::mem::offset_of!(RObject, len) as i32;

    /// An object of `class` with no instance variables.
    pub fn new(class: Value) -> RObject {
        RObject {
            header: Header::new(RObject::KIND, class),
            shape: Cell::new(ShapeId::ROOT),
            len: Cell::new(0),
            embedded: std::array::from_fn(|_| Cell::new(Value::NIL)),
            overflow: OverflowSlots::new(),
        }
    }

    /// How many slots are in use.
    pub fn len(&self) -> usize {
        self.len.get() as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Slot `index` (below [`RObject::len`]).
    pub fn slot(&self, index: usize) -> Value {
        debug_assert!(index < self.len());
        match self.embedded.get(index) {
            Some(slot) => slot.get(),
            None => self.overflow.get(index - Self::EMBEDDED_SLOTS),
        }
    }

    /// Writes slot `index` (below [`RObject::len`]).
    pub fn set_slot(&self, index: usize, value: Value) {
        debug_assert!(index < self.len());
        match self.embedded.get(index) {
            Some(slot) => slot.set(value),
            None => self.overflow.set(index - Self::EMBEDDED_SLOTS, value),
        }
    }

    /// Adds a slot after the last one.
    pub fn push_slot(&self, value: Value) {
        let index = self.len();
        match self.embedded.get(index) {
            Some(slot) => slot.set(value),
            None => self
                .overflow
                .set_growing(index - Self::EMBEDDED_SLOTS, value),
        }
        self.len.set(index as u32 + 1);
    }

    /// The slots in use, in order.
    pub fn slots(&self) -> Vec<Value> {
        (0..self.len()).map(|index| self.slot(index)).collect()
    }

    /// Replaces every slot.
    pub fn set_slots(&self, values: Vec<Value>) {
        self.overflow.clear();
        self.len.set(0);
        for slot in &self.embedded {
            slot.set(Value::NIL);
        }
        for value in values {
            self.push_slot(value);
        }
    }
}

/// A String: mutable bytes, their encoding (a tag in the header's spare
/// byte, see `core/encoding.rs`), and how many characters they hold, once
/// someone asked. Counting is a pass over the
/// bytes; a tokenizer asking `s.length` and `s[i]` of the same long
/// String at every character would otherwise be quadratic (MRI caches
/// the same knowledge, as the String's "code range").
#[repr(C)]
pub struct RString {
    pub header: Header,
    bytes: RefCell<StringBytes>,
    /// The character count (`usize::MAX` until counted); every change of
    /// the bytes, which goes through [`RString::bytes_mut`], forgets it.
    chars: Cell<usize>,
}

/// A String's bytes: up to [`RString::EMBEDDED_BYTES`] of them in the
/// String's cell itself (most Strings a program makes are short: no
/// allocation, and nothing to free), more in an allocation of their own.
pub type StringBytes = smallvec::SmallVec<[u8; RString::EMBEDDED_BYTES]>;

/// `bytes` as a String's: in the cell when they fit (the Vec's buffer
/// freed), else in that buffer.
pub fn string_bytes(bytes: Vec<u8>) -> StringBytes {
    if bytes.len() <= RString::EMBEDDED_BYTES {
        StringBytes::from_slice(&bytes)
    } else {
        StringBytes::from_vec(bytes)
    }
}

impl RString {
    /// How many bytes a String keeps in its cell (what fills the cell).
    pub const EMBEDDED_BYTES: usize = 24;

    pub fn new(class: Value, bytes: StringBytes) -> RString {
        RString {
            header: Header::new(RString::KIND, class),
            bytes: RefCell::new(bytes),
            chars: Cell::new(usize::MAX),
        }
    }

    /// The bytes, to read.
    pub fn bytes(&self) -> std::cell::Ref<'_, StringBytes> {
        self.bytes.borrow()
    }

    /// The bytes, to change.
    pub fn bytes_mut(&self) -> std::cell::RefMut<'_, StringBytes> {
        self.chars.set(usize::MAX);
        self.bytes.borrow_mut()
    }

    /// The encoding the bytes are in.
    #[inline]
    pub fn encoding(&self) -> Encoding {
        Encoding::from_tag(self.header.aux())
    }

    /// Tags the bytes with another encoding (`force_encoding`): the
    /// character count is counted again.
    pub fn set_encoding(&self, encoding: Encoding) {
        self.header.set_aux(encoding as u8);
        self.chars.set(usize::MAX);
    }

    /// How many characters the bytes hold (an invalid byte counts as one).
    pub fn char_len(&self) -> usize {
        if self.chars.get() == usize::MAX {
            self.chars.set(self.encoding().char_count(&self.bytes()));
        }
        self.chars.get()
    }

    /// Whether every character is one byte (character and byte indexes
    /// agree).
    pub fn single_byte_chars(&self) -> bool {
        self.encoding().is_single_byte() || self.char_len() == self.bytes().len()
    }
}

/// An Array: its elements in a `Vec`, and beside it where they are, in two
/// plain words compiled code reads (`jit::runtime::ArrayLayout`): the
/// buffer and the length. Every change goes through
/// [`RArray::items_mut`], whose guard writes both words when it ends, so
/// they are right whenever no change is in progress (compiled code never
/// runs during one: the borrow would be taken twice).
#[repr(C)]
pub struct RArray {
    pub header: Header,
    items: RefCell<ArrayItems>,
}

impl RArray {
    pub fn new(class: Value, items: Vec<Value>) -> RArray {
        RArray {
            header: Header::new(RArray::KIND, class),
            items: RefCell::new(ArrayItems::from(items)),
        }
    }

    /// Where compiled code finds the pointer to the first element and the
    /// length (each a word): the elements' offsets ([`ArrayItems::ELEMENTS`],
    /// [`ArrayItems::LENGTH`]) inside the `RefCell` that holds them, whose
    /// own layout Rust does not fix, so it is measured.
    pub fn elements_and_length_offsets() -> (i32, i32) {
        let array = RArray::new(Value::NIL, Vec::new());
        let items = array.items.as_ptr() as usize - std::ptr::from_ref(&array) as usize;
        (
            (items + ArrayItems::ELEMENTS) as i32,
            (items + ArrayItems::LENGTH) as i32,
        )
    }

    /// The elements, to read.
    pub fn items(&self) -> std::cell::Ref<'_, ArrayItems> {
        self.items.borrow()
    }

    /// The elements, to change.
    pub fn items_mut(&self) -> std::cell::RefMut<'_, ArrayItems> {
        self.items.borrow_mut()
    }
}

/// A Float that has no flonum encoding.
#[repr(C)]
pub struct RFloat {
    pub header: Header,
    pub value: f64,
}

/// An Integer outside the fixnum range (never one that fits a fixnum).
#[repr(C)]
pub struct RBignum {
    pub header: Header,
    pub value: BigInt,
}

/// A class or module.
#[repr(C)]
pub struct RClass {
    pub header: Header,
    pub data: Box<ClassData>,
}

/// The heap environment of a method or block whose locals blocks capture:
/// one slot per local, and the environment of the enclosing scope. Up to
/// [`REnv::CELL_SLOTS`] slots live in the cell (most blocks' locals: no
/// allocation besides the cell).
#[repr(C)]
pub struct REnv {
    pub header: Header,
    pub parent: Value,
    pub slots: RefCell<EnvSlots>,
}

/// The slots of an environment ([`REnv`]).
pub type EnvSlots = smallvec::SmallVec<[Value; REnv::CELL_SLOTS]>;

impl REnv {
    pub const CELL_SLOTS: usize = 3;
}

/// A Proc: a block turned into an object (`proc {}`, `lambda {}`, `&blk`).
#[repr(C)]
pub struct RProc {
    pub header: Header,
    pub block: Rc<crate::block::Block>,
}

/// A Hash (see `core/hash.rs`).
#[repr(C)]
pub struct RHash {
    pub header: Header,
    pub data: Box<RefCell<crate::hash_table::HashData>>,
}

/// A Regexp (see `core/regexp.rs`): its compiled pattern, shared with the
/// MatchData it makes; None until `initialize` gives it one
/// (`Regexp.allocate`).
#[repr(C)]
pub struct RRegexp {
    pub header: Header,
    pub data: RefCell<Option<Rc<crate::pattern::RegexpData>>>,
}

/// A MatchData (see `core/regexp/match_data.rs`).
#[repr(C)]
pub struct RMatch {
    pub header: Header,
    pub data: Box<crate::pattern::MatchInfo>,
}

/// How a method may be called.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Visibility {
    Public,
    Protected,
    Private,
}

/// A method's implementation.
#[derive(Clone)]
pub enum MethodBody {
    /// Ruby code.
    Bytecode(Rc<crate::method::LoadedMethod>),
    /// A core method written in Rust.
    Native(crate::method::NativeMethod),
    /// `define_method(:x) { ... }`: a block run with the receiver as self.
    Block(Rc<crate::block::Block>),
    /// `attr_reader :x`: returns `@x`.
    AttrReader(Rc<IvarAccessor>),
    /// `attr_writer :x`: `x=(v)` sets `@x`.
    AttrWriter(Rc<IvarAccessor>),
    /// `undef_method :x`: the method is gone here, and lookup stops at
    /// this class instead of finding an ancestor's `x`.
    Undefined,
}

/// The instance variable an `attr_reader`/`attr_writer` method reads or
/// writes: the method's own shape cache (as an `@x` site has one), which
/// names the variable.
pub struct IvarAccessor {
    pub cache: crate::inline_cache::IvarCache,
}

impl IvarAccessor {
    pub fn new(ivar: Sym) -> Rc<IvarAccessor> {
        Rc::new(IvarAccessor {
            cache: crate::inline_cache::IvarCache::new(ivar),
        })
    }

    /// The variable (`@x`) the method reads or writes.
    pub fn ivar(&self) -> Sym {
        self.cache.name()
    }
}

#[derive(Clone)]
pub struct MethodEntry {
    pub body: MethodBody,
    pub visibility: Visibility,
    /// The class or module that defines it.
    pub owner: Value,
    /// The lexical scope of its definition (Ruby methods only).
    pub cref: Option<std::rc::Rc<Cref>>,
}

impl MethodEntry {
    /// An `undef_method` tombstone rather than a method.
    pub fn is_undefined(&self) -> bool {
        matches!(self.body, MethodBody::Undefined)
    }

    /// Marks the heap values the entry holds.
    pub fn trace(&self, marker: &mut Marker) {
        marker.mark(self.owner);
        if let MethodBody::Block(block) = &self.body {
            block.trace(marker);
        }
    }
}

/// How instances of a class are laid out: as its nearest built-in
/// ancestor requires (what `allocate` and `new` make).
#[derive(Clone, Copy)]
pub enum Allocator {
    String,
    Array,
    Hash,
    Regexp,
    Object,
    /// Integer, Float, Symbol, nil, true, false, Class, Module: no
    /// `allocate`.
    Undefined,
}

pub struct ClassData {
    pub id: u32,
    /// The class's name (a path, `M::Foo`); None for an anonymous class
    /// until it is first assigned to a constant.
    pub name: std::cell::Cell<Option<Sym>>,
    pub superclass: Option<Value>,
    pub is_module: bool,
    /// A singleton class (one object's own methods); `class` skips it.
    pub is_singleton: bool,
    /// For the singleton class of a class or module (its metaclass): that
    /// class, the one value of its kind; nil otherwise. (Not traced:
    /// classes are roots.)
    pub attached: std::cell::Cell<Value>,
    /// Methods in definition order (Ruby lists them in that order).
    pub methods: RefCell<IndexMap<Sym, Rc<MethodEntry>, FxBuildHasher>>,
    /// Constants in definition order.
    pub constants: RefCell<IndexMap<Sym, Value, FxBuildHasher>>,
    /// Where Ruby code last assigned each constant (file, line), for MRI's
    /// "previous definition of X was here" notes.
    pub constant_locations: RefCell<fxhash::FxHashMap<Sym, (Rc<str>, u32)>>,
    /// The class's own instance variables (`@x` in a class body or class
    /// method).
    pub ivars: RefCell<IndexMap<Sym, Value, FxBuildHasher>>,
    /// Class variables (`@@x`).
    pub class_variables: RefCell<IndexMap<Sym, Value, FxBuildHasher>>,
    /// The instance variable names of this class's instances in the order
    /// any of them first set each (MRI 3.1 lists an object's variables in
    /// this order, not in the object's own).
    pub ivar_order: RefCell<Vec<Sym>>,
    /// Modules included here, in the order they were included.
    pub includes: RefCell<Vec<Value>>,
    /// The ancestry (method resolution order), computed on demand and valid
    /// while the VM's hierarchy serial is the one recorded.
    pub ancestors: RefCell<Option<(u64, Rc<[Value]>)>>,
    /// For a class `Struct.new` made: its members and whether it takes
    /// keywords (set once, as the class is made).
    pub struct_layout: std::cell::OnceCell<Rc<StructLayout>>,
    /// For `new`: how instances are laid out (fixed, as the superclass
    /// is; found the first time), and the `initialize` they run, found
    /// under the method serial recorded.
    pub allocator: std::cell::OnceCell<Allocator>,
    pub initialize: RefCell<Option<(u64, Option<Rc<MethodEntry>>)>>,
}

// SAFETY: #[repr(C)], starts with a Header, fits a 64-byte cell (checked at
// compile time in Heap::place) and has its own kind; as does each type below.
unsafe impl HeapObject for RObject {
    const KIND: ObjKind = ObjKind::Object;
    fn trace(&self, marker: &mut Marker) {
        for slot in &self.embedded {
            marker.mark(slot.get());
        }
        let overflow = self.len().saturating_sub(Self::EMBEDDED_SLOTS);
        if overflow > 0 {
            marker.note_external(self.overflow.capacity() * std::mem::size_of::<Value>());
            for index in 0..overflow {
                marker.mark(self.overflow.get(index));
            }
        }
    }
}

// SAFETY: repr(C), Header first, fits a cell, its own kind.
unsafe impl HeapObject for RString {
    const KIND: ObjKind = ObjKind::String;
    fn trace(&self, marker: &mut Marker) {
        let bytes = self.bytes.borrow();
        if bytes.spilled() {
            marker.note_external(bytes.capacity());
        }
    }
}

// SAFETY: repr(C), Header first, fits a cell, its own kind.
unsafe impl HeapObject for RArray {
    const KIND: ObjKind = ObjKind::Array;
    fn trace(&self, marker: &mut Marker) {
        let items = self.items();
        marker.note_external(items.capacity() * std::mem::size_of::<Value>());
        marker.mark_all(&items);
    }
}

// SAFETY: repr(C), Header first, fits a cell, its own kind.
unsafe impl HeapObject for RFloat {
    const KIND: ObjKind = ObjKind::Float;
    fn trace(&self, _: &mut Marker) {}
}

// SAFETY: repr(C), Header first, fits a cell, its own kind.
unsafe impl HeapObject for RBignum {
    const KIND: ObjKind = ObjKind::Bignum;
    fn trace(&self, _: &mut Marker) {}
}

// SAFETY: repr(C), Header first, fits a cell, its own kind.
unsafe impl HeapObject for REnv {
    const KIND: ObjKind = ObjKind::Env;
    fn trace(&self, marker: &mut Marker) {
        marker.mark(self.parent);
        let slots = self.slots.borrow();
        if slots.spilled() {
            marker.note_external(slots.capacity() * std::mem::size_of::<Value>());
        }
        marker.mark_all(&slots);
    }
}

// SAFETY: repr(C), Header first, fits a cell, its own kind.
unsafe impl HeapObject for RProc {
    const KIND: ObjKind = ObjKind::Proc;
    fn trace(&self, marker: &mut Marker) {
        self.block.trace(marker);
    }
}

// SAFETY: repr(C), Header first, fits a cell, its own kind.
unsafe impl HeapObject for RClass {
    const KIND: ObjKind = ObjKind::Class;
    fn trace(&self, marker: &mut Marker) {
        if let Some(superclass) = self.data.superclass {
            marker.mark(superclass);
        }
        for &value in self.data.constants.borrow().values() {
            marker.mark(value);
        }
        for &value in self.data.ivars.borrow().values() {
            marker.mark(value);
        }
        for &value in self.data.class_variables.borrow().values() {
            marker.mark(value);
        }
        marker.mark_all(&self.data.includes.borrow());
        for entry in self.data.methods.borrow().values() {
            entry.trace(marker);
        }
    }
}

/// Casts a header to the object it starts, if it is of kind `T`.
#[inline]
pub fn downcast<T: HeapObject>(header: &Header) -> Option<&T> {
    if header.kind() == T::KIND {
        // SAFETY: the kind says the cell holds a `T`, which starts with this
        // header (repr(C)), so the cast is to the cell's real type.
        Some(unsafe { &*(header as *const Header as *const T) })
    } else {
        None
    }
}

impl Value {
    /// The object behind a heap reference, if it is a `T`.
    #[inline]
    pub fn get<T: HeapObject>(self) -> Option<&'static T> {
        downcast(self.header()?)
    }
}

/// Marks the children of one cell (the collector's trace function).
pub fn trace_cell(header: &Header, marker: &mut Marker) {
    marker.mark(header.class());
    match header.kind() {
        ObjKind::Free => {}
        ObjKind::Object => downcast::<RObject>(header).unwrap().trace(marker),
        ObjKind::String => downcast::<RString>(header).unwrap().trace(marker),
        ObjKind::Array => downcast::<RArray>(header).unwrap().trace(marker),
        ObjKind::Float | ObjKind::Bignum => {}
        ObjKind::Class => downcast::<RClass>(header).unwrap().trace(marker),
        ObjKind::Env => downcast::<REnv>(header).unwrap().trace(marker),
        ObjKind::Proc => downcast::<RProc>(header).unwrap().trace(marker),
        ObjKind::Hash => downcast::<RHash>(header).unwrap().trace(marker),
        ObjKind::Regexp => {}
        ObjKind::MatchData => downcast::<RMatch>(header).unwrap().trace(marker),
    }
}

/// Drops the object in a cell the collector found dead.
pub fn drop_cell(header: &Header) {
    fn drop_as<T: HeapObject>(header: &Header) {
        // SAFETY: the header's kind says the cell holds a live `T`; it is
        // unreachable (unmarked), so nothing uses it after this drop, and the
        // caller turns the cell into a free cell right after.
        unsafe { std::ptr::drop_in_place(header as *const Header as *mut T) }
    }
    match header.kind() {
        ObjKind::Free => {}
        ObjKind::Object => drop_as::<RObject>(header),
        ObjKind::String => drop_as::<RString>(header),
        ObjKind::Array => drop_as::<RArray>(header),
        ObjKind::Float => drop_as::<RFloat>(header),
        ObjKind::Bignum => drop_as::<RBignum>(header),
        ObjKind::Class => drop_as::<RClass>(header),
        ObjKind::Env => drop_as::<REnv>(header),
        ObjKind::Proc => drop_as::<RProc>(header),
        ObjKind::Hash => drop_as::<RHash>(header),
        ObjKind::Regexp => drop_as::<RRegexp>(header),
        ObjKind::MatchData => drop_as::<RMatch>(header),
    }
}

/// The lexical scope: the `class`/`module` bodies a piece of code is
/// written in, innermost first. Constants are looked up along it before the
/// ancestry, and `def` defines methods in its innermost module.
///
/// The block form of `class_eval` (and `Class.new`...) runs its block with
/// the module as an *evaluated* scope: `def` defines methods there, but
/// constants are still those of where the block was written, as in MRI.
#[derive(Debug)]
pub struct Cref {
    pub module: Value,
    pub parent: Option<Rc<Cref>>,
    /// Pushed by `class_eval` and the like, not by a `class` body.
    pub evaluated: bool,
}

impl Cref {
    /// The innermost scope that is not an evaluated one: where constants
    /// are looked up and assigned.
    pub fn lexical(&self) -> &Cref {
        let mut cref = self;
        while cref.evaluated {
            match cref.parent.as_deref() {
                Some(parent) => cref = parent,
                None => break,
            }
        }
        cref
    }

    /// [`Cref::lexical`] of a shared scope, as the shared scope it is (what
    /// a `const` site's cache keys on).
    pub fn lexical_shared(cref: &Rc<Cref>) -> &Rc<Cref> {
        let mut cref = cref;
        while cref.evaluated {
            match &cref.parent {
                Some(parent) => cref = parent,
                None => break,
            }
        }
        cref
    }
}

/// What `Struct.new` fixed for the class it made.
pub struct StructLayout {
    pub members: Box<[Sym]>,
    pub keyword_init: bool,
}
