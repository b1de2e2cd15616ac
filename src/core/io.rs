//! IO, as far as the standard streams: `$stdout`, `$stderr`, `STDOUT`,
//! `STDERR` and their `puts`, `print`, `write`, `<<`, `printf`-free
//! `flush`, `sync`. Standard output goes through the VM's buffered output;
//! writing to standard error flushes it first, so the two interleave as the
//! program wrote them.

use crate::value::Value;
use crate::vm::{Vm, VmResult};

pub fn define(vm: &mut Vm) {
    let object = vm.c.object;
    let io = vm.define_class("IO", object);
    let fd = vm.symbols.intern("fd");
    let stdout = vm.new_object(io);
    vm.ivar_set(stdout, fd, Value::small(1))
        .expect("a new object is not frozen");
    let stderr = vm.new_object(io);
    vm.ivar_set(stderr, fd, Value::small(2))
        .expect("a new object is not frozen");
    for (global, constant, stream) in [("$stdout", "STDOUT", stdout), ("$stderr", "STDERR", stderr)]
    {
        let global = vm.symbols.intern(global);
        vm.globals.insert(global, stream);
        let constant = vm.symbols.intern(constant);
        vm.set_constant(object, constant, stream);
    }
    vm.define_native(io, "puts", 0, None, |vm, io, args| {
        write_with(vm, io, |vm| crate::core::kernel::puts(vm, args))?;
        Ok(Value::NIL)
    });
    vm.define_native(io, "print", 0, None, |vm, io, args| {
        write_with(vm, io, |vm| {
            for &arg in args {
                let bytes = vm.to_s_bytes(arg)?;
                vm.out.write(&bytes);
            }
            Ok(())
        })?;
        Ok(Value::NIL)
    });
    vm.define_native(io, "write", 0, None, |vm, io, args| {
        let mut written = 0;
        write_with(vm, io, |vm| {
            for &arg in args {
                let bytes = vm.to_s_bytes(arg)?;
                written += bytes.len();
                vm.out.write(&bytes);
            }
            Ok(())
        })?;
        Ok(Value::small(written as i64))
    });
    vm.define_native(io, "<<", 1, Some(1), |vm, io, args| {
        write_with(vm, io, |vm| {
            let bytes = vm.to_s_bytes(args[0])?;
            vm.out.write(&bytes);
            Ok(())
        })?;
        Ok(io)
    });
    vm.define_native(io, "flush", 0, Some(0), |vm, io, _| {
        vm.out.flush();
        Ok(io)
    });
    vm.define_native(io, "sync", 0, Some(0), |_, _, _| Ok(Value::TRUE));
    vm.define_native(io, "sync=", 1, Some(1), |_, _, args| Ok(args[0]));
    vm.define_native(io, "fileno", 0, Some(0), |vm, io, _| {
        let fd = vm.symbols.intern("fd");
        Ok(vm.ivar_get(io, fd))
    });
    vm.define_native(io, "tty?", 0, Some(0), |vm, io, _| {
        use std::io::IsTerminal;
        let terminal = if is_stderr(vm, io) {
            std::io::stderr().is_terminal()
        } else {
            std::io::stdout().is_terminal()
        };
        Ok(Value::bool(terminal))
    });
    vm.define_private_native(vm.c.kernel, "warn", 0, None, |vm, _, args| {
        let mut text = Vec::new();
        for &arg in args {
            let mut bytes = vm.to_s_bytes(arg)?;
            if bytes.last() != Some(&b'\n') {
                bytes.push(b'\n');
            }
            text.extend(bytes);
        }
        crate::output::write_stderr(&mut vm.out, &String::from_utf8_lossy(&text));
        Ok(Value::NIL)
    });
}

fn is_stderr(vm: &mut Vm, io: Value) -> bool {
    let fd = vm.symbols.intern("fd");
    vm.ivar_get(io, fd) == Value::small(2)
}

/// Runs `write`, which writes to the VM's output, for `io`: standard error
/// gets what it wrote (after standard output is flushed).
fn write_with(vm: &mut Vm, io: Value, write: impl FnOnce(&mut Vm) -> VmResult<()>) -> VmResult<()> {
    if !is_stderr(vm, io) {
        return write(vm);
    }
    vm.out.flush();
    vm.out.set_stderr(true);
    let result = write(vm);
    vm.out.flush();
    vm.out.set_stderr(false);
    result
}
