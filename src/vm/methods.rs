//! Method tables: `include`, lookup, and defining methods.
//!
//! A class's methods are a table from name to [`MethodEntry`]; lookup walks
//! the ancestry (`ancestors`, cached per class until the hierarchy
//! changes) and every change announces itself ([`Vm::methods_changed`]) so
//! inline caches and compiled code that assumed the old table let go:
//!
//! ```ruby
//! class Integer
//!   def +(other) = 42   # methods_changed(:+): the fast paths for + stand down
//! end
//! ```
//!
//! The core library defines its methods here as native functions
//! ([`Vm::define_methods`] takes a class's table of them).

use super::{class_data, method_names_in, ClassFlavour, Vm, VmResult};
use crate::method::{NativeFrame, NativeId, NativeMethod, PureOn};
use crate::object::Cref;
use crate::object::{MethodBody, MethodEntry, RClass, Visibility};
use crate::value::Value;
use bytecode::Sym;
use fxhash::FxHashMap;
use std::rc::Rc;

/// The signature of a core method.
pub type NativeFn = fn(&mut Vm, Value, &[Value]) -> VmResult;

/// One row of a class's table of core methods ([`Vm::define_methods`]):
/// its name, arity (`max` None means any number), function and whether it
/// is private.
pub struct CoreMethod {
    pub name: &'static str,
    pub min: u8,
    pub max: Option<u8>,
    pub func: NativeFn,
    pub private: bool,
}

/// A public core method's row.
pub const fn public(name: &'static str, min: u8, max: Option<u8>, func: NativeFn) -> CoreMethod {
    CoreMethod {
        name,
        min,
        max,
        func,
        private: false,
    }
}

/// A private core method's row (called without a receiver).
pub const fn private(name: &'static str, min: u8, max: Option<u8>, func: NativeFn) -> CoreMethod {
    CoreMethod {
        name,
        min,
        max,
        func,
        private: true,
    }
}

impl Vm {
    /// `include`: adds `module` to `class`'s ancestry. Returns false when it
    /// was already there.
    pub fn include_module(&mut self, class: Value, module: Value) -> bool {
        if self.ancestors(class).contains(&module) {
            return false;
        }
        class_data(class).includes.borrow_mut().push(module);
        self.hierarchy_serial += 1;
        self.constant_serial += 1;
        self.methods_changed(None);
        true
    }

    /// A method table changed (a method named `name` defined or removed;
    /// any lookup may have changed when None): the inline caches and the
    /// compiled code that assumed a lookup are stale.
    pub fn methods_changed(&mut self, name: Option<Sym>) {
        self.method_serial += 1;
        self.jit_methods_changed(name);
    }

    /// Constant `name` was set or removed somewhere: the `const` sites'
    /// caches and the compiled code that assumed its value are stale.
    pub fn constant_changed(&mut self, name: Sym) {
        self.constant_serial += 1;
        self.jit_constant_changed(name);
    }

    /// Whether each of `classes` still finds the core's own (native)
    /// method `name`: a fast path may then skip calling it. The answer is
    /// kept in `cache` until a method is defined or removed anywhere (the
    /// method serial moves).
    pub fn core_methods_stand<const N: usize>(
        &self,
        cache: &std::cell::Cell<Option<(u64, [bool; N])>>,
        classes: [Value; N],
        name: Sym,
    ) -> [bool; N] {
        if let Some((serial, natives)) = cache.get() {
            if serial == self.method_serial {
                return natives;
            }
        }
        let natives = classes.map(|class| {
            self.find_method(class, name)
                .is_some_and(|entry| matches!(entry.body, MethodBody::Native(_)))
        });
        cache.set(Some((self.method_serial, natives)));
        natives
    }

    /// Looks `name` up along `class`'s ancestry.
    pub fn find_method(&self, class: Value, name: Sym) -> Option<Rc<MethodEntry>> {
        let mut cache = self.method_cache.borrow_mut();
        if cache.0 != self.method_serial {
            *cache = (self.method_serial, FxHashMap::default());
        }
        if let Some(found) = cache.1.get(&(class, name)) {
            return found.clone();
        }
        let found = self
            .ancestors(class)
            .iter()
            .find_map(|&c| class_data(c).methods.borrow().get(&name).cloned())
            .filter(|entry| !entry.is_undefined());
        cache.1.insert((class, name), found.clone());
        found
    }

    /// The method `super` calls from a method of `owner` named `name`, for a
    /// receiver of class `class`: the next one after `owner` in the ancestry.
    pub fn find_super_method(
        &self,
        class: Value,
        owner: Value,
        name: Sym,
    ) -> Option<Rc<MethodEntry>> {
        let ancestors = self.ancestors(class);
        let start = ancestors.iter().position(|&c| c == owner)? + 1;
        ancestors[start..]
            .iter()
            .find_map(|&c| class_data(c).methods.borrow().get(&name).cloned())
            .filter(|entry| !entry.is_undefined())
    }

    /// Every method name callable on instances of `class` (for
    /// did_you_mean), with private ones only if `include_private`.
    pub fn method_names(&self, class: Value, include_private: bool) -> Vec<Sym> {
        method_names_in(&self.ancestors(class), |visibility| {
            include_private || visibility != Visibility::Private
        })
    }

    pub fn add_method(
        &mut self,
        class: Value,
        name: Sym,
        body: MethodBody,
        visibility: Visibility,
    ) {
        self.add_method_in(class, name, body, visibility, None);
    }

    /// Adds a method defined in the lexical scope `cref` (Ruby methods run
    /// with it, for constant lookup).
    pub fn add_method_in(
        &mut self,
        class: Value,
        name: Sym,
        body: MethodBody,
        visibility: Visibility,
        cref: Option<Rc<Cref>>,
    ) {
        if [self.c.integer, self.c.float].contains(&class)
            && crate::method::is_basic_op(self.symbols.name(name))
        {
            self.basic_ops_redefined = true;
        }
        if class == self.c.array && crate::method::is_array_op(self.symbols.name(name)) {
            self.array_ops_redefined = true;
        }
        if let (MethodBody::Bytecode(method), Some(cref)) = (&body, &cref) {
            let mut defined_in = method.defined_in.borrow_mut();
            match &*defined_in {
                None => *defined_in = Some((cref.clone(), class)),
                Some((first, owner)) => {
                    if (!Rc::ptr_eq(first, cref) || *owner != class) && !method.defined_twice.get()
                    {
                        method.defined_twice.set(true);
                        drop(defined_in);
                        self.jit_method_defined_again(method.origin());
                    }
                }
            }
        }
        let entry = MethodEntry {
            body,
            visibility,
            owner: class,
            cref,
        };
        class_data(class)
            .methods
            .borrow_mut()
            .insert(name, Rc::new(entry));
        self.methods_changed(Some(name));
    }

    /// Defines a core method written in Rust.
    pub fn define_native(
        &mut self,
        class: Value,
        name: &str,
        min: u8,
        max: Option<u8>,
        func: NativeFn,
    ) {
        self.define_native_with(class, name, min, max, func, Visibility::Public);
    }

    /// Defines a table of core methods on `class`, in order.
    pub fn define_methods(&mut self, class: Value, methods: &[CoreMethod]) {
        for method in methods {
            let visibility = if method.private {
                Visibility::Private
            } else {
                Visibility::Public
            };
            self.define_native_with(
                class,
                method.name,
                method.min,
                method.max,
                method.func,
                visibility,
            );
        }
    }

    /// Defines a private core method (Kernel's functions).
    pub fn define_private_native(
        &mut self,
        class: Value,
        name: &str,
        min: u8,
        max: Option<u8>,
        func: NativeFn,
    ) {
        self.define_native_with(class, name, min, max, func, Visibility::Private);
    }

    fn define_native_with(
        &mut self,
        class: Value,
        name: &str,
        min: u8,
        max: Option<u8>,
        func: NativeFn,
        visibility: Visibility,
    ) {
        let sym = self.symbols.intern(name);
        let func = self.native_id(func);
        let native = NativeMethod {
            name: sym,
            min,
            max,
            func,
            frame: NativeFrame::Shown,
            uses_caller_frame: false,
            constructs: false,
            pure: None,
        };
        self.add_method(class, sym, MethodBody::Native(native), visibility);
    }

    /// Adds `func` to the table of native functions.
    pub fn native_id(&mut self, func: NativeFn) -> NativeId {
        self.natives.push(func);
        NativeId(self.natives.len() as u32 - 1)
    }

    /// The function of a core method.
    #[inline]
    pub fn native_fn(&self, id: NativeId) -> NativeFn {
        self.natives[id.0 as usize]
    }

    /// Changes core method `name` of `class`, if defined, with `change`.
    /// The entry is replaced (caches may hold it as it was).
    fn change_native(&mut self, class: Value, name: &str, change: impl FnOnce(&mut NativeMethod)) {
        let sym = self.symbols.intern(name);
        if let Some(entry) = class_data(class).methods.borrow_mut().get_mut(&sym) {
            if let MethodBody::Native(native) = &mut Rc::make_mut(entry).body {
                change(native);
            }
        }
        self.method_serial += 1;
    }

    /// Sets whether core method `name` of `class` shows in backtraces.
    pub fn set_native_frame(&mut self, class: Value, name: &str, frame: NativeFrame) {
        self.change_native(class, name, |native| native.frame = frame);
        let sym = self.symbols.intern(name);
        self.jit_methods_changed(Some(sym));
    }

    /// Marks core method `name` of `class`, if defined, as pure on the
    /// operands `on` (`NativeMethod::pure`).
    pub fn set_native_pure(&mut self, class: Value, name: &str, on: PureOn) {
        self.change_native(class, name, |native| native.pure = Some(on));
    }

    /// Marks core method `name` of `class`, if defined, as one that reads
    /// or changes its caller's frame.
    pub fn set_native_uses_caller_frame(&mut self, class: Value, name: &str) {
        self.change_native(class, name, |native| native.uses_caller_frame = true);
    }

    /// The singleton class of a heap object (a class's singleton class is
    /// where its class methods live: `GC.start`). Created on first use.
    pub fn singleton_class(&mut self, object: Value) -> Value {
        let header = object
            .header()
            .expect("only heap objects have singleton classes");
        let current = header.class();
        if class_data(current).is_singleton {
            return current;
        }
        let name = if object.get::<RClass>().is_some() {
            format!("#<Class:{}>", self.class_name(object))
        } else {
            format!("#<Class:{}>", self.default_to_s(object))
        };
        let singleton = self.new_class_with(&name, Some(current), ClassFlavour::Singleton);
        if object.get::<RClass>().is_some() {
            class_data(singleton).attached.set(object);
        }
        header.set_class(singleton);
        singleton
    }

    pub fn define_singleton_native(
        &mut self,
        class: Value,
        name: &str,
        min: u8,
        max: Option<u8>,
        func: NativeFn,
    ) {
        let singleton = self.singleton_class(class);
        self.define_native(singleton, name, min, max, func);
    }
}
