//! `--dump-profile`: what the interpreter recorded, printed after the run.
//!
//! One section per method of the program that ran (the prelude's core
//! methods are left out), then one line per send with the kinds it saw, one
//! per send with its inline cache's state (`empty` when the interpreter's
//! inline path for Integer, Float and Array operations answered every call),
//! one per instance-variable access with its shape cache's state, and one
//! per branch, each group in instruction order:
//!
//! ```text
//! == fib (t.rb:1) calls=177
//! ip=6 send < receiver_kinds={fixnum} args_kinds=[{fixnum}]
//! ip=17 send fib receiver_kinds={Object} args_kinds=[{fixnum}]
//! ip=6 call_cache < cache=empty
//! ip=17 call_cache fib cache=mono
//! ip=8 branch taken=89 not_taken=88
//! ```

use crate::method::LoadedMethod;
use crate::vm::{class_data, Vm};
use bytecode::profile::{builtin_kind_name, Kind, KindSet};
use bytecode::Insn;
use std::fmt::Write;

/// The profile of every method that ran, in load order.
pub fn dump_profiles(vm: &Vm) -> String {
    let mut out = String::new();
    for method in &vm.loaded {
        if method.calls.get() > 0 && !crate::prelude::is_internal(&method.code.file) {
            dump_method(vm, method, &mut out);
        }
    }
    out
}

fn dump_method(vm: &Vm, method: &LoadedMethod, out: &mut String) {
    let code = &method.code;
    let _ = writeln!(
        out,
        "== {} ({}:{}) calls={}",
        vm.symbols.name(code.name),
        code.file,
        code.line,
        method.calls.get()
    );
    let kinds = |set: &KindSet| set.display(|kind| kind_name(vm, kind));
    for (ip, insn) in code.insns.iter().enumerate() {
        if let Insn::Send(site_index) = insn {
            let site = &code.sites[*site_index as usize];
            let state = &method.sites[*site_index as usize];
            let args: Vec<String> = state
                .args
                .iter()
                .map(|recorder| kinds(&recorder.snapshot()))
                .collect();
            let _ = writeln!(
                out,
                "ip={ip} send {} receiver_kinds={} args_kinds=[{}]",
                vm.symbols.name(site.name),
                kinds(&state.receiver.snapshot()),
                args.join(", "),
            );
        }
    }
    for (ip, insn) in code.insns.iter().enumerate() {
        if let Insn::Send(site_index) = insn {
            let _ = writeln!(
                out,
                "ip={ip} call_cache {} cache={}",
                vm.symbols.name(code.sites[*site_index as usize].name),
                method.sites[*site_index as usize].cache.borrow().state()
            );
        }
    }
    for (ip, insn) in code.insns.iter().enumerate() {
        if let Insn::GetIvar(site) | Insn::SetIvar(site) = insn {
            let _ = writeln!(
                out,
                "ip={ip} {} {} cache={}",
                insn.mnemonic(),
                vm.symbols.name(code.ivars[*site as usize]),
                method.ivar_caches[*site as usize].borrow().state()
            );
        }
    }
    for (ip, insn) in code.insns.iter().enumerate() {
        if let Insn::Branch { profile, .. } = insn {
            let counts = method.branches[*profile as usize].get();
            let _ = writeln!(
                out,
                "ip={ip} branch taken={} not_taken={}",
                counts.taken, counts.not_taken
            );
        }
    }
}

/// `fixnum`, `bignum`, `flonum`, `heap_float`, or a class name.
pub fn kind_name(vm: &Vm, kind: Kind) -> String {
    match builtin_kind_name(kind) {
        Some(name) => name.to_string(),
        None => {
            let Kind::Class(id) = kind else {
                unreachable!("builtin kinds are named above")
            };
            let class = vm.classes[id as usize];
            let name = vm.class_name(class);
            if class_data(class).is_singleton {
                // A singleton class profiles as the object's class.
                vm.class_name(
                    class_data(class)
                        .superclass
                        .expect("singleton has a superclass"),
                )
            } else {
                name
            }
        }
    }
}
