//! Leaving the program: `exit`, `exit!`, `abort`, `at_exit`; and the
//! `Errno` exceptions of system calls.
//!
//! `exit` raises SystemExit, so `ensure` clauses run and `rescue` can stop
//! it; when it reaches the top, the `at_exit` handlers run (last registered
//! first) and the process ends with its status, without a report.

use crate::value::Value;
use crate::vm::Vm;

/// The system-call errors rhizome raises, with their errno and message.
const ERRNO: &[(&str, i64, &str)] = &[
    ("EPERM", 1, "Operation not permitted"),
    ("ENOENT", 2, "No such file or directory"),
    ("EACCES", 13, "Permission denied"),
    ("EEXIST", 17, "File exists"),
    ("ENOTDIR", 20, "Not a directory"),
    ("EISDIR", 21, "Is a directory"),
    ("EINVAL", 22, "Invalid argument"),
    ("EPIPE", 32, "Broken pipe"),
];

pub fn define(vm: &mut Vm) {
    let kernel = vm.c.kernel;
    vm.define_private_native(kernel, "exit", 0, Some(1), |vm, _, args| {
        let status = exit_status(args.first().copied(), 0);
        Err(system_exit(vm, status, "exit"))
    });
    vm.define_private_native(kernel, "exit!", 0, Some(1), |vm, _, args| {
        let status = exit_status(args.first().copied(), 1);
        vm.out.flush();
        std::process::exit(status as i32);
    });
    vm.define_private_native(kernel, "abort", 0, Some(1), |vm, _, args| {
        let message = match args.first() {
            Some(&message) => {
                let text = vm.to_s_bytes(message)?;
                let text = String::from_utf8_lossy(&text).into_owned();
                crate::output::write_stderr(&mut vm.out, &format!("{text}\n"));
                text
            }
            None => "exit".to_string(),
        };
        Err(system_exit(vm, 1, &message))
    });
    vm.define_private_native(kernel, "at_exit", 0, Some(0), |vm, _, _| {
        let Some(block) = vm.current_block() else {
            return Err(vm.argument_error("called without a block".into()));
        };
        let handler = vm.new_proc(block);
        vm.at_exit.push(handler);
        Ok(handler)
    });

    let system_exit_class = vm.c.system_exit;
    vm.define_native(
        system_exit_class,
        "status",
        0,
        Some(0),
        |vm, exception, _| {
            let status = vm.symbols.intern("status");
            Ok(vm.ivar_get(exception, status))
        },
    );
    vm.define_native(
        system_exit_class,
        "success?",
        0,
        Some(0),
        |vm, exception, _| {
            let status = vm.symbols.intern("status");
            Ok(Value::bool(
                vm.ivar_get(exception, status) == Value::small(0),
            ))
        },
    );

    let standard = vm.c.standard_error;
    let system_call_error = vm.define_class("SystemCallError", standard);
    vm.define_native(
        system_call_error,
        "errno",
        0,
        Some(0),
        |vm, exception, _| {
            let errno = vm.symbols.intern("Errno");
            let class = vm.real_class_of(exception);
            Ok(vm.constant(class, errno).unwrap_or(Value::NIL))
        },
    );
    let errno = vm.define_module("Errno");
    for &(name, number, description) in ERRNO {
        let path = format!("Errno::{name}");
        let class = vm.new_class_named(&path, system_call_error);
        let sym = vm.symbols.intern(name);
        vm.set_constant(errno, sym, class);
        let errno_sym = vm.symbols.intern("Errno");
        vm.set_constant(class, errno_sym, Value::small(number));
        let text = vm.new_str(description);
        let description_sym = vm.symbols.intern("__description__");
        vm.set_constant(class, description_sym, text);
    }
    vm.define_private_native(
        system_call_error,
        "initialize",
        0,
        Some(1),
        |vm, exception, args| {
            let description_sym = vm.symbols.intern("__description__");
            let class = vm.real_class_of(exception);
            let description = vm
                .constant(class, description_sym)
                .and_then(|d| vm.string_text(d))
                .unwrap_or_default();
            let message = match args.first() {
                Some(&detail) if !detail.is_nil() => {
                    let detail = vm.to_s_bytes(detail)?;
                    format!("{description} - {}", String::from_utf8_lossy(&detail))
                }
                _ => description,
            };
            let message = vm.new_str(&message);
            vm.ivar_set(exception, vm.sym.mesg, message)?;
            Ok(Value::NIL)
        },
    );
}

/// `exit(true)` is 0, `exit(false)` 1, `exit(n)` n.
fn exit_status(value: Option<Value>, default: i64) -> i64 {
    match value {
        None => default,
        Some(Value::TRUE) => 0,
        Some(Value::FALSE) => 1,
        Some(v) => v.as_fixnum().unwrap_or(default),
    }
}

/// A SystemExit with `status`.
fn system_exit(vm: &mut Vm, status: i64, message: &str) -> crate::vm::Control {
    let class = vm.c.system_exit;
    vm.raise_with(
        class,
        message.to_string(),
        &[("status", Value::small(status))],
    )
}

impl Vm {
    /// Raises `Errno::NAME` with `detail` (`No such file or directory - x`).
    pub fn raise_errno(&mut self, name: &str, detail: &str) -> crate::vm::Control {
        let errno = self.symbols.intern("Errno");
        let object = self.c.object;
        let class = self
            .constant(object, errno)
            .and_then(|module| {
                let sym = self.symbols.intern(name);
                self.own_constant(module, sym)
            })
            .expect("Errno classes are defined");
        let new = self.symbols.intern("new");
        let detail = self.new_str(detail);
        match self.call(class, new, &[detail]) {
            Ok(exception) => {
                self.set_backtrace_here(exception, 0);
                crate::vm::Control::Raise(exception)
            }
            Err(control) => control,
        }
    }

    /// Runs the `at_exit` handlers, last registered first. An exception
    /// in one is reported at once and the others still run; the last
    /// SystemExit's status, if any, is returned.
    pub fn run_at_exit(&mut self) -> Option<i32> {
        let mut exit_status = None;
        while let Some(handler) = self.at_exit.pop() {
            let call = self.symbols.intern("call");
            let result = self.call(handler, call, &[]);
            if result.is_err() {
                exit_status = Some(self.finish(result));
            }
        }
        exit_status
    }
}
