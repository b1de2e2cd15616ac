//! Defining classes and modules, and looking up constants and class
//! variables.
//!
//! `class Foo < Bar; body; end` runs in three steps: find or create `Foo`
//! in the scope (the lexical one, the innermost class body, unless written
//! `A::Foo` or `::Foo`), check it is a class with the right superclass, then
//! run the body as a method whose `self` is the class, with the class pushed
//! on the lexical scope ([`Cref`]).
//!
//! A constant is looked up first in the lexical scopes, innermost first (not
//! including the top level), then along the ancestry of the innermost one,
//! then in Object:
//!
//! ```ruby
//! X = :top
//! module M
//!   X = :m
//!   class C
//!     def x = X      # :m, found lexically in M
//!   end
//! end
//! ```

use crate::method::LoadedMethod;
use crate::object::Cref;
use crate::object::RClass;
use crate::value::Value;
use crate::vm::{class_data, Control, FrameCode, FrameRecord, Vm, VmResult};
use bytecode::{Method, Sym};
use std::rc::Rc;

impl Vm {
    /// The top level's lexical scope (Object).
    pub fn top_cref(&self) -> Rc<Cref> {
        self.top_cref.clone()
    }

    /// A constant of `module` itself (not its ancestors).
    pub fn own_constant(&self, module: Value, name: Sym) -> Option<Value> {
        class_data(module).constants.borrow().get(&name).copied()
    }

    /// Lexical, then ancestry, then Object lookup of a bare constant.
    pub fn lookup_constant(&self, cref: &Cref, name: Sym) -> Option<Value> {
        let cref = cref.lexical();
        let mut scope = Some(cref);
        while let Some(c) = scope {
            if c.parent.is_none() {
                break;
            }
            if c.evaluated {
                scope = c.parent.as_deref();
                continue;
            }
            if let Some(value) = self.own_constant(c.module, name) {
                return Some(value);
            }
            scope = c.parent.as_deref();
        }
        let found = self
            .ancestors(cref.module)
            .iter()
            .find_map(|&m| self.own_constant(m, name));
        found.or_else(|| {
            self.ancestors(self.c.object)
                .iter()
                .find_map(|&m| self.own_constant(m, name))
        })
    }

    /// `Scope::Name`: the constant along `scope`'s ancestry (Object's own
    /// constants only when the scope is Object itself, as in Ruby 3).
    pub fn scoped_constant(
        &mut self,
        scope: Value,
        name: Sym,
        code: &Method,
        ip: usize,
    ) -> VmResult {
        self.expect_module(scope)?;
        match self.constant_in_scope(scope, name) {
            Some(value) => Ok(value),
            None => Err(self.uninitialized_constant(name, Some(scope), code, ip)),
        }
    }

    /// Constant `name` along the ancestry of the class or module `scope`
    /// (Object's own constants only when the scope is Object itself).
    pub fn constant_in_scope(&self, scope: Value, name: Sym) -> Option<Value> {
        let object = self.c.object;
        self.ancestors(scope)
            .iter()
            .filter(|&&m| scope == object || m != object)
            .find_map(|&m| self.own_constant(m, name))
    }

    /// TypeError unless `value` is a class or module.
    pub fn expect_module(&mut self, value: Value) -> VmResult<()> {
        if value.get::<RClass>().is_some() {
            return Ok(());
        }
        let description = self.inspect(value)?;
        Err(self.type_error(format!("{description} is not a class/module")))
    }

    /// The full name of a constant `name` defined in `scope` (`M::Foo`).
    fn qualified_name(&self, scope: Value, name: Sym) -> String {
        if scope == self.c.object {
            self.symbols.name(name).to_string()
        } else {
            format!("{}::{}", self.class_name(scope), self.symbols.name(name))
        }
    }

    /// Finds or creates class `name` in `scope` for a `class` statement.
    pub fn open_class(&mut self, scope: Value, name: Sym, superclass: Option<Value>) -> VmResult {
        if let Some(superclass) = superclass {
            if superclass.get::<RClass>().is_none_or(|c| c.data.is_module) {
                let given = self.special_or_class_name(superclass);
                return Err(self.type_error(format!("superclass must be a Class ({given} given)")));
            }
        }
        if let Some(existing) = self.own_constant(scope, name) {
            if existing.get::<RClass>().is_none_or(|c| c.data.is_module) {
                let shown = self.qualified_name(scope, name);
                let mut message = format!("{shown} is not a class");
                if let Some(note) = self.previous_definition_note(scope, name) {
                    message = format!("{message}\n{note}");
                }
                return Err(self.type_error(message));
            }
            if let Some(superclass) = superclass {
                if class_data(existing).superclass != Some(superclass) {
                    let shown = self.qualified_name(scope, name);
                    return Err(self.type_error(format!("superclass mismatch for class {shown}")));
                }
            }
            return Ok(existing);
        }
        let superclass = superclass.unwrap_or(self.c.object);
        let full_name = self.qualified_name(scope, name);
        let class = self.new_class_named(&full_name, superclass);
        self.set_constant(scope, name, class);
        let inherited = self.symbols.intern("inherited");
        self.call(superclass, inherited, &[class])?;
        Ok(class)
    }

    /// Finds or creates module `name` in `scope` for a `module` statement.
    pub fn open_module(&mut self, scope: Value, name: Sym) -> VmResult {
        if let Some(existing) = self.own_constant(scope, name) {
            if existing.get::<RClass>().is_none_or(|c| !c.data.is_module) {
                let shown = self.qualified_name(scope, name);
                let mut message = format!("{shown} is not a module");
                if let Some(note) = self.previous_definition_note(scope, name) {
                    message = format!("{message}\n{note}");
                }
                return Err(self.type_error(message));
            }
            return Ok(existing);
        }
        let full_name = self.qualified_name(scope, name);
        let module = self.new_module_named(&full_name);
        self.set_constant(scope, name, module);
        Ok(module)
    }

    /// Runs a class body with `module` as self and pushed on the lexical
    /// scope.
    pub fn run_class_body(
        &mut self,
        body: &Rc<LoadedMethod>,
        module: Value,
        outer: Rc<Cref>,
    ) -> VmResult {
        if self.too_deep() {
            return Err(self.stack_overflow());
        }
        let base = self.context.stack.len();
        self.context.stack.push(module);
        let cref = Rc::new(Cref {
            module,
            parent: Some(outer),
            evaluated: false,
        });
        let id = self.new_frame_id();
        let mut frame = FrameRecord::new(FrameCode::Bytecode(body.clone()), cref, module, id);
        frame.env = self.new_env(&body.code, Value::NIL);
        self.context.frames.push(frame);
        body.calls.set(body.calls.get() + 1);
        self.jit_entering(body);
        for _ in 0..body.code.locals.len() {
            self.context.stack.push(Value::NIL);
        }
        let result = self.run_method(body, base, 0);
        self.jit_leaving(body);
        self.pop_frame();
        self.context.stack.truncate(base);
        result
    }

    /// The class whose class variables code in `cref` sees: the innermost
    /// lexical class, skipping singleton classes.
    fn class_variable_base(&mut self, cref: &Cref) -> VmResult<Value> {
        let mut scope = Some(cref);
        while let Some(c) = scope {
            if !class_data(c.module).is_singleton {
                if c.parent.is_none() {
                    let class = self.c.runtime_error;
                    return Err(self.raise(class, "class variable access from toplevel".into()));
                }
                return Ok(c.module);
            }
            scope = c.parent.as_deref();
        }
        let class = self.c.runtime_error;
        Err(self.raise(class, "class variable access from toplevel".into()))
    }

    /// The class in `base`'s ancestry that holds class variable `name`.
    fn class_variable_holder(&self, base: Value, name: Sym) -> Option<Value> {
        self.ancestors(base)
            .iter()
            .copied()
            .find(|&m| class_data(m).class_variables.borrow().contains_key(&name))
    }

    pub fn class_variable_get(&mut self, cref: &Cref, name: Sym) -> VmResult {
        let base = self.class_variable_base(cref)?;
        match self.class_variable_holder(base, name) {
            Some(holder) => Ok(class_data(holder).class_variables.borrow()[&name]),
            None => {
                let message = format!(
                    "uninitialized class variable {} in {}",
                    self.symbols.name(name),
                    self.class_name(base)
                );
                let class = self.c.name_error;
                Err(self.raise(class, message))
            }
        }
    }

    pub fn class_variable_set(&mut self, cref: &Cref, name: Sym, value: Value) -> VmResult<()> {
        let base = self.class_variable_base(cref)?;
        let holder = self.class_variable_holder(base, name).unwrap_or(base);
        class_data(holder)
            .class_variables
            .borrow_mut()
            .insert(name, value);
        Ok(())
    }

    /// NoMethodError for a `super` with nothing to call.
    pub fn no_superclass_method(&mut self, receiver: Value, name: Sym) -> Control {
        let head = format!(
            "super: no superclass method `{}' for ",
            self.symbols.name(name)
        );
        let class = self.c.no_method_error;
        let attributes = [("name", Value::symbol(name))];
        self.raise_about_receiver(class, &head, receiver, String::new(), &attributes)
    }
}
