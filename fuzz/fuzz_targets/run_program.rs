//! Any bytes, run as a Ruby program: parse, compile, run, within a budget
//! of steps and memory (`rhizome::limits`). A panic, an abort, a crash, a
//! hang past libFuzzer's `-timeout` or memory past its `-rss_limit_mb` is a
//! finding; every Ruby error (SyntaxError, NoMemoryError, SystemStackError,
//! the `fatal` of a spent budget...) is a correct answer.
//!
//! The program runs in the interpreter (a step budget counts no
//! iterations of compiled loops), on a thread with the VM's large stack as
//! the command line runs it, after a prologue that takes away what could
//! harm the machine or wait: writing and deleting files, changing
//! directory, `sleep`, `exit!`, reading standard input.
//!
//! Build it without AddressSanitizer (`cargo fuzz run -s none`): the
//! collector scans the whole machine stack for conservative roots, and ASan
//! reports reading its redzones as an overflow.

#![no_main]

use libfuzzer_sys::fuzz_target;
use rhizome::limits::Limits;
use rhizome::vm::{Vm, VmOptions};

/// Calls and loop iterations one input may make.
const STEPS: u64 = 200_000;
/// Megabytes its heap, or one allocation, may take.
const MEMORY_MB: u64 = 256;

/// Run before the input: methods that touch the world raise instead.
const SANDBOX: &str = r#"
refused = ->(*) { raise NotImplementedError, "not in the fuzz sandbox" }
[Kernel, Kernel.singleton_class].each do |m|
  %i[sleep exit! gets readline readlines system spawn exec fork ` open].each do |name|
    m.send(:define_method, name, &refused) if m.method_defined?(name) || m.private_method_defined?(name)
  end
end
[File, Dir, IO].each do |klass|
  klass.singleton_methods.each do |name|
    next if %i[exist? file? directory? basename dirname extname join expand_path absolute_path? split].include?(name)
    klass.singleton_class.send(:define_method, name, &refused)
  end
end
[STDIN, $stdin].each { |io| io.singleton_class.send(:define_method, :read, &refused) }
Process.singleton_class.send(:define_method, :exit!, &refused)
"#;

fuzz_target!(|data: &[u8]| {
    let source = data.to_vec();
    let thread = std::thread::Builder::new()
        .stack_size(rhizome::stack::VM_STACK_SIZE)
        .spawn(move || {
            rhizome::stack::set_limit_for_current_thread(rhizome::stack::VM_STACK_SIZE);
            let mut vm = Vm::new(VmOptions {
                gc_stress: false,
                limits: Limits {
                    steps: Some(STEPS),
                    memory: Some(MEMORY_MB << 20),
                },
            });
            let sandboxed = vm.run_program("<sandbox>", SANDBOX.as_bytes().to_vec(), &[]);
            assert_eq!(sandboxed, 0, "the sandbox prologue failed");
            vm.run_program("fuzz.rb", source, &[]);
        })
        .expect("cannot start the VM thread");
    if let Err(panic) = thread.join() {
        std::panic::resume_unwind(panic);
    }
});
