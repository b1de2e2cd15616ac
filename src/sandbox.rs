//! Running input nobody vetted: the `cargo fuzz` target's program runner.
//!
//! [`run_untrusted`] runs any bytes as a Ruby program (parse, compile, run
//! in the interpreter) within a budget of steps and memory
//! ([`crate::limits`]), on a thread with the VM's large stack as the
//! command line runs it, after a prologue ([`SANDBOX`]) that takes away
//! what could harm the machine or wait: writing and deleting files,
//! changing directory, `sleep`, `exit!`, reading standard input, sending
//! signals and trapping them (a trapped SIGALRM would stop libFuzzer's
//! timeouts). Every Ruby
//! error (SyntaxError, NoMemoryError, SystemStackError, the `fatal` of a
//! spent budget...) is a correct answer; a panic is re-raised on the
//! caller's thread, where the fuzzer reports it.
//!
//! ```text
//! run_untrusted(b"File.write('x', 1)")   # NotImplementedError: not in the fuzz sandbox
//! run_untrusted(b"loop {}")              # fatal: the step budget is spent
//! ```
//!
//! It lives in the library, not in `fuzz/` (which only nightly builds),
//! so that the build and tests of every commit check it.

use crate::limits::Limits;
use crate::vm::{Vm, VmOptions};

/// Calls and loop iterations one input may make. (The interpreter runs the
/// input: a step budget counts no iterations of compiled loops.)
const STEPS: u64 = 200_000;
/// Megabytes its heap, or one allocation, may take.
const MEMORY_MB: u64 = 256;

/// Run before the input: methods that touch the world raise instead.
const SANDBOX: &str = r#"
refused = ->(*) { raise NotImplementedError, "not in the fuzz sandbox" }
[Kernel, Kernel.singleton_class].each do |m|
  %i[sleep exit! gets readline readlines system spawn exec fork ` open trap].each do |name|
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
Process.singleton_class.send(:define_method, :kill, &refused)
Signal.singleton_class.send(:define_method, :trap, &refused)
"#;

/// A VM with the fuzz target's limits, the sandbox prologue run.
fn sandboxed_vm() -> Box<Vm> {
    let mut vm = Vm::new(VmOptions {
        limits: Limits {
            steps: Some(STEPS),
            memory: Some(MEMORY_MB << 20),
        },
        no_profiling: true,
        ..VmOptions::default()
    });
    let status = vm.run_program("<sandbox>", SANDBOX.as_bytes().to_vec(), &[]);
    assert_eq!(status, 0, "the sandbox prologue failed");
    vm
}

/// Runs `source` as a Ruby program in the sandbox, on a thread of its own
/// with the VM's stack; its exit status. A panic in the VM is resumed on
/// the calling thread.
pub fn run_untrusted(source: &[u8]) -> i32 {
    let source = source.to_vec();
    let thread = std::thread::Builder::new()
        .stack_size(crate::stack::VM_STACK_SIZE)
        .spawn(move || {
            crate::stack::set_limit_for_current_thread(crate::stack::VM_STACK_SIZE);
            sandboxed_vm().run_program("fuzz.rb", source, &[])
        })
        .expect("cannot start the VM thread");
    match thread.join() {
        Ok(status) => status,
        Err(panic) => std::panic::resume_unwind(panic),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_program_runs_to_its_exit_status() {
        assert_eq!(run_untrusted(b"x = [1, 2].sum\nexit x"), 3);
    }

    #[test]
    fn writing_a_file_is_refused_with_not_implemented_error() {
        let path = std::env::temp_dir().join(format!("rhizome-sandbox-{}", std::process::id()));
        let program = format!(
            "begin\n  File.write({:?}, 'x')\nrescue NotImplementedError => e\n  exit(e.message == 'not in the fuzz sandbox' ? 7 : 8)\nend",
            path.display().to_string()
        );
        assert_eq!(run_untrusted(program.as_bytes()), 7);
        assert!(!path.exists());
    }

    #[test]
    fn sleeping_and_exiting_at_once_are_refused() {
        for call in [
            "sleep 100",
            "exit!(0)",
            "Process.exit!(0)",
            "Dir.chdir('/')",
        ] {
            let program = format!("begin\n  {call}\nrescue NotImplementedError\n  exit 5\nend");
            assert_eq!(run_untrusted(program.as_bytes()), 5, "{call}");
        }
    }

    #[test]
    fn an_endless_loop_ends_at_the_step_budget() {
        assert_eq!(run_untrusted(b"loop {}"), 1);
    }

    #[test]
    fn bad_bytes_are_a_syntax_error() {
        assert_eq!(run_untrusted(b"def (\xff"), 1);
    }
}
