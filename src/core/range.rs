//! Range: a frozen object with a beginning, an end (either may be nil) and
//! whether the end is excluded. Comparisons are here; iteration (`each`,
//! `step`, `to_a`, ...) is Ruby, in `rb/range.rb`.

use crate::core::public;
use crate::value::Value;
use crate::vm::{Vm, VmResult};

pub fn define(vm: &mut Vm) {
    let range = vm.c.range;
    vm.define_singleton_native(range, "new", 2, Some(3), range_singleton_new);
    vm.define_methods(
        range,
        &[
            public("begin", 0, Some(0), begin),
            public("first", 0, Some(0), begin),
        ],
    );
    vm.define_methods(
        range,
        &[
            public("end", 0, Some(0), range_end),
            public("exclude_end?", 0, Some(0), range_exclude_end_p),
        ],
    );
    vm.define_methods(
        range,
        &[
            public("===", 1, Some(1), include_p),
            public("include?", 1, Some(1), include_p),
            public("member?", 1, Some(1), include_p),
            public("cover?", 1, Some(1), include_p),
        ],
    );
    vm.define_methods(
        range,
        &[
            public("==", 1, Some(1), eql_p),
            public("eql?", 1, Some(1), eql_p),
        ],
    );
    vm.define_methods(
        range,
        &[
            public("to_s", 0, Some(0), range_to_s),
            public("inspect", 0, Some(0), range_inspect),
        ],
    );
    vm.define_native(range, "hash", 0, Some(0), range_hash);
}

/// `Range.new`.
fn range_singleton_new(vm: &mut Vm, class: Value, args: &[Value]) -> VmResult {
    let exclusive = args.get(2).is_some_and(|v| v.truthy());
    vm.check_range_ends(args[0], args[1])?;
    vm.make_range_of(class, args[0], args[1], exclusive)
}

/// `end`.
fn range_end(vm: &mut Vm, range: Value, _: &[Value]) -> VmResult {
    Ok(vm.range_parts(range).1)
}

/// `exclude_end?`.
fn range_exclude_end_p(vm: &mut Vm, range: Value, _: &[Value]) -> VmResult {
    Ok(Value::bool(vm.range_parts(range).2))
}

/// `to_s`.
fn range_to_s(vm: &mut Vm, range: Value, _: &[Value]) -> VmResult {
    let (begin, end, exclusive) = vm.range_parts(range);
    let mut text = if begin.is_nil() {
        Vec::new()
    } else {
        vm.to_s_bytes(begin)?
    };
    text.extend_from_slice(if exclusive { b"..." } else { b".." });
    if !end.is_nil() {
        text.extend(vm.to_s_bytes(end)?);
    }
    Ok(vm.new_string(text))
}

/// `inspect`.
fn range_inspect(vm: &mut Vm, range: Value, _: &[Value]) -> VmResult {
    let (begin, end, exclusive) = vm.range_parts(range);
    let mut text = if begin.is_nil() {
        String::new()
    } else {
        vm.inspect(begin)?
    };
    text.push_str(if exclusive { "..." } else { ".." });
    if !end.is_nil() {
        text.push_str(&vm.inspect(end)?);
    }
    Ok(vm.new_str(&text))
}

/// `hash`.
fn range_hash(vm: &mut Vm, range: Value, _: &[Value]) -> VmResult {
    let (begin, end, exclusive) = vm.range_parts(range);
    let hash = vm.symbols.intern("hash");
    let (a, b) = (vm.call(begin, hash, &[])?, vm.call(end, hash, &[])?);
    // (The flag goes in after the shift, which would drop its bit: `0..2`
    // and `0...2` hashed alike.)
    let mixed = ((a.bits().rotate_left(17) ^ b.bits()) >> 3) ^ (u64::from(exclusive) << 20);
    Ok(vm.new_int(mixed as i128))
}

/// Whether `value` lies in the range, by `<=>`.
fn covers(vm: &mut Vm, range: Value, value: Value) -> VmResult<bool> {
    let (begin, end, exclusive) = vm.range_parts(range);
    let compare = vm.sym.compare;
    if !begin.is_nil() {
        let order = vm.call(begin, compare, &[value])?;
        match order.as_fixnum() {
            Some(order) if order <= 0 => {}
            _ => return Ok(false),
        }
    }
    if !end.is_nil() {
        let order = vm.call(value, compare, &[end])?;
        match order.as_fixnum() {
            Some(order) if order < 0 || (order == 0 && !exclusive) => {}
            _ => return Ok(false),
        }
    }
    Ok(true)
}

impl Vm {
    /// A new Range; ArgumentError "bad value for range" when the ends do not
    /// compare.
    pub fn new_range(&mut self, begin: Value, end: Value, exclusive: bool) -> VmResult {
        self.check_range_ends(begin, end)?;
        self.make_range(begin, end, exclusive)
    }

    /// ArgumentError "bad value for range" unless `begin` and `end` compare
    /// (or one of them is nil).
    fn check_range_ends(&mut self, begin: Value, end: Value) -> VmResult<()> {
        // Two Integers always compare (MRI asks `<=>` only of others).
        let fixnums = begin.is_fixnum() && end.is_fixnum();
        if !fixnums && !begin.is_nil() && !end.is_nil() {
            let compare = self.sym.compare;
            if self.call(begin, compare, &[end])?.is_nil() {
                return Err(self.argument_error("bad value for range".into()));
            }
        }
        Ok(())
    }

    /// A new Range of ends known to compare (a literal's).
    pub fn make_range(&mut self, begin: Value, end: Value, exclusive: bool) -> VmResult {
        let class = self.c.range;
        self.make_range_of(class, begin, end, exclusive)
    }

    /// [`Vm::make_range`] of class `class` (Range or a subclass of it:
    /// `MyRange.new(1, 2)`).
    fn make_range_of(
        &mut self,
        class: Value,
        begin: Value,
        end: Value,
        exclusive: bool,
    ) -> VmResult {
        let range = self.new_object(class);
        let (b, e, x) = self.range_names();
        // Every Range takes the same three variables in the same order:
        // once the first has made the shapes, the slots are filled in
        // place, without a lookup for each variable.
        let root = crate::shape::ShapeId::ROOT;
        let made = self.range_shape.or_else(|| {
            self.shapes
                .existing_transition(root, b)
                .and_then(|shape| self.shapes.existing_transition(shape, e))
                .and_then(|shape| self.shapes.existing_transition(shape, x))
        });
        self.range_shape = made;
        if let (Some(shape), Some(object)) = (made, range.get::<crate::object::RObject>()) {
            for value in [begin, end, Value::bool(exclusive)] {
                object.push_slot(value);
            }
            object.shape.set(shape);
            range.header().expect("a heap object").freeze();
            return Ok(range);
        }
        self.temp_roots.borrow_mut().push(range);
        self.ivar_set(range, b, begin)?;
        self.ivar_set(range, e, end)?;
        self.ivar_set(range, x, Value::bool(exclusive))?;
        self.temp_roots.borrow_mut().pop();
        // The first Range made the shapes: it is in the one every Range
        // shares from now on.
        if let Some(object) = range.get::<crate::object::RObject>() {
            self.range_shape = Some(object.shape.get());
        }
        range.header().expect("a heap object").freeze();
        Ok(range)
    }

    /// The beginning, end and exclusiveness of a Range.
    pub fn range_parts(&self, range: Value) -> (Value, Value, bool) {
        // A Range that `make_range` made holds them in its first three
        // slots, in the shape every such Range shares.
        if let Some(object) = range.get::<crate::object::RObject>() {
            if self.range_shape == Some(object.shape.get()) {
                return (object.slot(0), object.slot(1), object.slot(2).truthy());
            }
        }
        let (b, e, x) = self.range_names();
        (
            self.ivar_get(range, b),
            self.ivar_get(range, e),
            self.ivar_get(range, x).truthy(),
        )
    }

    /// The internal variable names a Range keeps its parts under.
    fn range_names(&self) -> (bytecode::Sym, bytecode::Sym, bytecode::Sym) {
        (
            self.sym.range_begin,
            self.sym.range_end,
            self.sym.range_exclusive,
        )
    }
}

/// `begin`, `first`.
fn begin(vm: &mut Vm, range: Value, _: &[Value]) -> VmResult {
    Ok(vm.range_parts(range).0)
}

/// `===`, `include?`, `member?`, `cover?`.
fn include_p(vm: &mut Vm, range: Value, args: &[Value]) -> VmResult {
    let covered = covers(vm, range, args[0])?;
    Ok(Value::bool(covered))
}

/// `==`, `eql?`.
fn eql_p(vm: &mut Vm, range: Value, args: &[Value]) -> VmResult {
    let other = args[0];
    if vm.real_class_of(other) != vm.c.range {
        return Ok(Value::FALSE);
    }
    let (a, b) = (vm.range_parts(range), vm.range_parts(other));
    let eq = vm.sym.eq;
    let same =
        a.2 == b.2 && vm.call(a.0, eq, &[b.0])?.truthy() && vm.call(a.1, eq, &[b.1])?.truthy();
    Ok(Value::bool(same))
}
