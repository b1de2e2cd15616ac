//! Execution limits: how many steps a program may take and how much memory
//! it may hold, for running code nobody has read (the fuzz target in
//! `fuzz/`, an embedder's untrusted script).
//!
//! A *step* is a method or block call or a loop's back edge: every program
//! that runs forever takes steps forever, so a budget of steps ends any of
//! them. Memory is the heap's pages plus what one allocation asks for (a
//! String of `2**30` bytes is refused up front, as `Vm::reserve` refuses
//! what the machine cannot give).
//!
//! A limit reached raises `fatal`, MRI's exception that no `rescue` catches
//! (not even `rescue Exception`, nor a class with its own `===`): `ensure`
//! clauses run as the stack unwinds, and every later step raises it again,
//! so a program that keeps looping in an `ensure` ends too.
//!
//! ```text
//! $ rhizome --max-steps=1000 -e 'loop { }'
//! -e:1:in `block in <main>': execution step limit reached (fatal)
//! ```
//!
//! Without limits `steps_left` starts at `u64::MAX` and the memory limit is
//! the machine's: the checks cost a decrement and two compares per call
//! (the second asks whether a signal waits: `crate::traps`).

use crate::value::Value;
use crate::vm::{Control, Vm, VmResult};

/// The limits of one run (None: unlimited).
#[derive(Clone, Copy, Default, Debug)]
pub struct Limits {
    /// Calls and loop iterations the program may make.
    pub steps: Option<u64>,
    /// Bytes the heap and any single allocation may take.
    pub memory: Option<u64>,
}

/// Which limit ended the run.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LimitReached {
    Steps,
    Memory,
}

impl Vm {
    /// Spends one step (a call or a loop's back edge); `fatal` once the
    /// budget is spent or the heap outgrew the memory limit. A step is
    /// also where the signals that arrived are taken: their handlers run
    /// here, and what they raise comes out of it.
    #[inline(always)]
    pub fn spend_step(&mut self) -> VmResult<()> {
        if self.step_needs_attention() {
            return self.spend_step_attentively();
        }
        self.steps_left -= 1;
        Ok(())
    }

    /// Whether the next step cannot just be spent: no step is left, or a
    /// signal waits. (Fast paths that spend a step themselves ask, and
    /// leave such a step to [`Vm::spend_step`].)
    #[inline(always)]
    pub fn step_needs_attention(&self) -> bool {
        self.steps_left == 0 || crate::signals::any_pending()
    }

    /// [`Vm::spend_step`] when a signal waits or no step is left.
    #[cold]
    #[inline(never)]
    pub fn spend_step_attentively(&mut self) -> VmResult<()> {
        self.run_pending_signals()?;
        if self.steps_left == 0 {
            return Err(self.limit_exceeded());
        }
        self.steps_left -= 1;
        Ok(())
    }

    /// The `fatal` of a reached limit (the steps left stay at zero, so the
    /// next step raises it again).
    #[cold]
    fn limit_exceeded(&mut self) -> Control {
        let reached = *self.limit_reached.get_or_insert(LimitReached::Steps);
        let message = match reached {
            LimitReached::Steps => "execution step limit reached",
            LimitReached::Memory => "memory limit reached",
        };
        let fatal = self.c.fatal;
        self.raise(fatal, message.into())
    }

    /// Called after each collection: a heap larger than the memory limit
    /// ends the run at the next step.
    pub(crate) fn check_heap_limit(&mut self) {
        if self.heap.footprint() as u64 > self.memory_limit {
            self.limit_reached = Some(LimitReached::Memory);
            self.steps_left = 0;
        }
    }

    /// Whether one allocation of `bytes`, whose size comes from the
    /// program, is within the memory limit (the machine's memory when the
    /// run has none): callers raise NoMemoryError before allocating when
    /// it is not.
    pub fn may_allocate(&self, bytes: usize) -> bool {
        bytes as u64 <= self.memory_limit
    }

    /// Whether `exception` is a `fatal`, which no rescue clause catches.
    pub fn is_fatal(&self, exception: Value) -> bool {
        self.class_of(exception) == self.c.fatal
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vm::VmOptions;

    fn vm_with(limits: Limits) -> Box<Vm> {
        Vm::new(VmOptions {
            limits,
            ..VmOptions::default()
        })
    }

    fn run(vm: &mut Vm, source: &str) -> i32 {
        vm.run_program("limits.rb", source.as_bytes().to_vec(), &[])
    }

    fn global(vm: &mut Vm, name: &str) -> Value {
        let name = vm.symbols.intern(name);
        vm.globals.get(name)
    }

    #[test]
    fn a_step_budget_ends_an_endless_loop_that_rescues_everything() {
        let mut vm = vm_with(Limits {
            steps: Some(10_000),
            memory: None,
        });
        let catch_all = "class All; def self.===(_) = true; end\n";
        let program = format!(
            "{catch_all}$tries = 0\nbegin\n  while true; end\nrescue Exception, All\n  $tries += 1\n  retry\nensure\n  $ensured = true\nend\n"
        );
        assert_eq!(run(&mut vm, &program), 1);
        assert_eq!(vm.limit_reached, Some(LimitReached::Steps));
        assert_eq!(global(&mut vm, "$tries"), Value::small(0));
        assert_eq!(global(&mut vm, "$ensured"), Value::TRUE);
    }

    #[test]
    fn a_step_budget_counts_calls() {
        let mut vm = vm_with(Limits {
            steps: Some(1_000),
            memory: None,
        });
        assert_eq!(run(&mut vm, "def f(n) = n\n2000.times { |i| f(i) }"), 1);
        assert_eq!(vm.limit_reached, Some(LimitReached::Steps));
    }

    #[test]
    fn a_program_within_its_budget_runs_as_without_one() {
        let mut vm = vm_with(Limits {
            steps: Some(1_000_000),
            memory: Some(64 << 20),
        });
        assert_eq!(run(&mut vm, "$sum = (1..1000).sum { |i| i * 2 }"), 0);
        assert_eq!(global(&mut vm, "$sum"), Value::small(1_001_000));
        assert_eq!(vm.limit_reached, None);
    }

    #[test]
    fn an_allocation_beyond_the_memory_limit_is_a_no_memory_error() {
        let mut vm = vm_with(Limits {
            steps: None,
            memory: Some(16 << 20),
        });
        let program = "begin\n  'x' * (32 << 20)\nrescue NoMemoryError\n  $refused = true\nend";
        assert_eq!(run(&mut vm, program), 0);
        assert_eq!(global(&mut vm, "$refused"), Value::TRUE);
    }

    #[test]
    fn a_heap_beyond_the_memory_limit_ends_the_run() {
        let mut vm = vm_with(Limits {
            steps: None,
            memory: Some(8 << 20),
        });
        let program = "list = []\nloop { list << Object.new }";
        assert_eq!(run(&mut vm, program), 1);
        assert_eq!(vm.limit_reached, Some(LimitReached::Memory));
    }

    /// Buffers outside the cells count too: Strings of 1 MB each (a few
    /// cells of heap) reach a 32 MB limit after about 32 of them, as do
    /// Arrays' buffers, and the backtraces of many live exceptions.
    #[test]
    fn buffers_outside_the_cells_count_towards_the_memory_limit() {
        let programs = [
            "list = []\nloop { list << 'x' * (1 << 20) }",
            "list = []\nloop { list << Array.new(1 << 17, 0) }",
            "def dig(n)\n  return dig(n - 1) if n > 0\n  kept = []\n  loop { kept << (raise 'x' rescue $!) }\nend\ndig(50)",
        ];
        for program in programs {
            let mut vm = vm_with(Limits {
                steps: None,
                memory: Some(32 << 20),
            });
            assert_eq!(run(&mut vm, program), 1, "{program}");
            assert_eq!(vm.limit_reached, Some(LimitReached::Memory), "{program}");
        }
    }
}
