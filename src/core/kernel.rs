//! Kernel's functions: `puts`, `print`, `p`.

use crate::object::RArray;
use crate::value::Value;
use crate::vm::{Vm, VmResult};

pub fn define(vm: &mut Vm) {
    let kernel = vm.c.kernel;
    vm.define_private_native(kernel, "puts", 0, None, |vm, _, args| {
        puts(vm, args)?;
        Ok(Value::NIL)
    });
    vm.define_private_native(kernel, "print", 0, None, |vm, _, args| {
        for &arg in args {
            let bytes = vm.to_s_bytes(arg)?;
            vm.out.write(&bytes);
        }
        Ok(Value::NIL)
    });
    vm.define_private_native(kernel, "p", 0, None, p);
    vm.define_private_native(kernel, "pp", 0, None, p);
}

/// `puts`: each argument on its own line; Arrays print their elements
/// (recursively), an empty call prints a newline.
pub fn puts(vm: &mut Vm, args: &[Value]) -> VmResult<()> {
    if args.is_empty() {
        vm.out.write(b"\n");
        return Ok(());
    }
    for &arg in args {
        puts_one(vm, arg, &mut Vec::new())?;
    }
    Ok(())
}

fn puts_one(vm: &mut Vm, value: Value, seen: &mut Vec<Value>) -> VmResult<()> {
    if let Some(array) = value.get::<RArray>() {
        if seen.contains(&value) {
            vm.out.write(b"[...]\n");
            return Ok(());
        }
        seen.push(value);
        let items = array.items.borrow().clone();
        for item in items {
            puts_one(vm, item, seen)?;
        }
        seen.pop();
        return Ok(());
    }
    let mut bytes = vm.to_s_bytes(value)?;
    if bytes.last() != Some(&b'\n') {
        bytes.push(b'\n');
    }
    vm.out.write(&bytes);
    Ok(())
}

/// `p`: the inspect form of each argument; returns its argument (or an
/// Array of them).
fn p(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    for &arg in args {
        let mut text = vm.inspect(arg)?.into_bytes();
        text.push(b'\n');
        vm.out.write(&text);
    }
    Ok(match args {
        [] => Value::NIL,
        [single] => *single,
        several => vm.new_array(several.to_vec()),
    })
}
