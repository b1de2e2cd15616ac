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
//!
//! A method's splits ([`crate::splitting`]) follow it, each named by its
//! number and saying which call site it belongs to:
//!
//! ```text
//! == add<split-3> (t.rb:4) calls=1199 split of add for double<split-2> ip 7
//! ```

use crate::method::LoadedMethod;
use crate::vm::Vm;
use bytecode::profile::KindSet;
use bytecode::Insn;
use std::fmt::Write;

/// The profile of every method that ran, in load order, each followed by
/// its splits (and their blocks).
pub fn dump_profiles(vm: &Vm) -> String {
    let mut out = String::new();
    for method in &vm.loaded {
        if crate::prelude::is_internal(&method.code.file) {
            continue;
        }
        if method.calls.get() > 0 {
            dump_method(vm, method, &mut out);
        }
        for &split in method.split.splits.borrow().iter() {
            dump_split(vm, &vm.methods[split as usize], &mut out);
        }
    }
    out
}

/// A split that ran, and its blocks.
fn dump_split(vm: &Vm, method: &LoadedMethod, out: &mut String) {
    if method.calls.get() > 0 {
        dump_method(vm, method, out);
    }
    for child in &method.children {
        dump_split(vm, child, out);
    }
}

fn dump_method(vm: &Vm, method: &LoadedMethod, out: &mut String) {
    let code = &method.code;
    let _ = write!(
        out,
        "== {} ({}:{}) calls={}",
        vm.method_display_name(method),
        code.file,
        code.line,
        method.calls.get()
    );
    let site = method.split.callers.borrow().first().copied();
    match (method.split.of, site) {
        (Some(of), Some((caller, site))) => {
            let caller = &vm.methods[caller as usize];
            let _ = writeln!(
                out,
                " split of {} for {} ip {}",
                vm.method_display_name(&vm.methods[of.original as usize]),
                vm.method_display_name(caller),
                crate::splitting::site_ip(caller, site)
            );
        }
        _ => out.push('\n'),
    }
    let kinds = |set: &KindSet| set.display(|kind| vm.kind_name(kind));
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
                method.ivar_caches[*site as usize].state()
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

#[cfg(test)]
mod tests {
    use super::dump_profiles;
    use crate::vm::{Vm, VmOptions};

    const PROGRAM: &str = "def f(x) = x < 2 ? 1 : 2\n3.times { |i| f(i) }\n";

    fn profiles(options: VmOptions) -> String {
        let mut vm = Vm::new(options);
        assert_eq!(vm.run_program("p.rb", PROGRAM.as_bytes().to_vec(), &[]), 0);
        dump_profiles(&vm)
    }

    #[test]
    fn the_interpreter_profiles_kinds_and_branches() {
        let dump = profiles(VmOptions::default());
        assert!(dump.contains("send < receiver_kinds={fixnum} args_kinds=[{fixnum}]"));
        assert!(dump.contains("branch taken=1 not_taken=2"));
    }

    /// Without profiling (`--no-jit`) the interpreter records no kinds and
    /// no branch counts, but its inline caches still fill: they serve the
    /// interpreter itself.
    #[test]
    fn without_profiling_nothing_is_recorded_but_caches_fill() {
        let dump = profiles(VmOptions {
            no_profiling: true,
            ..VmOptions::default()
        });
        assert!(
            dump.contains("send < receiver_kinds={} args_kinds=[{}]"),
            "{dump}"
        );
        assert!(dump.contains("branch taken=0 not_taken=0"), "{dump}");
        assert!(dump.contains("call_cache f cache=mono"), "{dump}");
    }
}
