//! The program's signal handlers (`trap`), and what the VM does when it
//! takes a signal that arrived (`crate::signals` counted it).
//!
//! Each signal has a *command* in [`Traps`], as in MRI's `trap_list`:
//! unset (Ruby's default), ignored, `nil`, `"EXIT"`, or something to
//! `call` with the signal's number. The VM takes waiting signals at its
//! next step ([`Vm::spend_step`]), where any Ruby code may run, and runs the
//! command there:
//!
//! ```text
//! trap(:USR1) { |n| puts n }   # commands[10] = Call(the block's Proc)
//! Process.kill(:USR1, $$)      # counted, then taken: prints 10
//! Process.kill(:TERM, $$)      # unset: raises SignalException "SIGTERM"
//! ```
//!
//! Ruby's default for INT raises `Interrupt`; for HUP, QUIT, TERM, ALRM,
//! USR1 and USR2 it raises `SignalException`. Raised by a handler or by
//! a default, the exception comes out of the step that took the signal,
//! as if the call there had raised it. While a handler runs, the signals
//! that arrive wait until it returns.
//!
//! A program that ends with an uncaught `SignalException` ends by that
//! signal ([`Vm::exit_signal`]), as MRI's does: its parent sees it killed.

use crate::signals::{self, NSIG};
use crate::value::Value;
use crate::vm::{Vm, VmResult};

/// What the program asked for one signal.
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub enum Trap {
    /// No command: the action decides (`DEFAULT`, `SYSTEM_DEFAULT`).
    #[default]
    Unset,
    /// `IGNORE`, `SIG_IGN` or `""`.
    Ignore,
    /// `nil`: ignored too, and `trap` reports it as `nil`.
    Nil,
    /// `EXIT`: the program exits with status 0.
    Exit,
    /// A Proc, a Method or any object with `call`.
    Call(Value),
}

/// The commands of every signal, and whether a handler is running.
pub struct Traps {
    commands: [Trap; NSIG],
    /// A handler is running: signals wait until it returns.
    running: bool,
    /// Whether this VM installed the process's handlers: it is the one
    /// that takes what arrives.
    pub owns_signals: bool,
    /// The signal of the SignalException that ended the program: the
    /// process ends by it.
    pub ending_signal: Option<i32>,
}

impl Default for Traps {
    fn default() -> Self {
        Traps {
            commands: [Trap::Unset; NSIG],
            running: false,
            owns_signals: false,
            ending_signal: None,
        }
    }
}

impl Traps {
    /// The command of `signal` (0: `EXIT`, run at the end of the program).
    pub fn get(&self, signal: i32) -> Trap {
        self.commands[signal as usize]
    }

    /// Sets the command of `signal`; the one it replaces.
    pub fn set(&mut self, signal: i32, trap: Trap) -> Trap {
        std::mem::replace(&mut self.commands[signal as usize], trap)
    }

    /// The objects the commands hold (roots for the collector).
    pub fn values(&self) -> impl Iterator<Item = Value> + '_ {
        self.commands.iter().filter_map(|trap| match *trap {
            Trap::Call(value) => Some(value),
            _ => None,
        })
    }
}

impl Vm {
    /// Installs Ruby's actions for the process's signals (the command line
    /// does, at the start): this VM takes them from now on.
    pub fn handle_process_signals(&mut self) {
        signals::install_ruby_defaults();
        self.traps.owns_signals = true;
    }

    /// Takes the signals that arrived and runs their commands, unless a
    /// handler is running already (or another VM handles the process's
    /// signals). The first exception a command raises ends the run: the
    /// signals after it wait for the next step.
    #[cold]
    pub fn run_pending_signals(&mut self) -> VmResult<()> {
        if self.traps.running || !self.traps.owns_signals {
            return Ok(());
        }
        while let Some(signal) = signals::take() {
            self.run_trap(signal)?;
        }
        Ok(())
    }

    /// Runs the command of `signal`, taken just now.
    fn run_trap(&mut self, signal: i32) -> VmResult<()> {
        match self.traps.get(signal) {
            Trap::Unset => self.default_signal_action(signal),
            // Ignored after it arrived, before it was taken.
            Trap::Ignore | Trap::Nil => Ok(()),
            Trap::Exit => {
                let class = self.c.system_exit;
                Err(self.raise_with(class, "exit".into(), &[("status", Value::small(0))]))
            }
            Trap::Call(command) => {
                self.traps.running = true;
                let call = self.symbols.intern("call");
                let result = self.call(command, call, &[Value::small(i64::from(signal))]);
                self.traps.running = false;
                result.map(|_| ())
            }
        }
    }

    /// Ruby's action for `signal` with no command: INT raises Interrupt,
    /// the signals that end a process by default raise SignalException,
    /// the others (CHLD) do nothing.
    fn default_signal_action(&mut self, signal: i32) -> VmResult<()> {
        match signal {
            libc::SIGINT => Err(self.signal_exception(self.c.interrupt, signal, "")),
            libc::SIGHUP
            | libc::SIGQUIT
            | libc::SIGTERM
            | libc::SIGALRM
            | libc::SIGUSR1
            | libc::SIGUSR2 => {
                let name = signals::name(signal).unwrap_or_default();
                let class = self.c.signal_exception;
                Err(self.signal_exception(class, signal, &format!("SIG{name}")))
            }
            _ => Ok(()),
        }
    }

    /// A SignalException (or Interrupt) of `signal` raised here.
    pub fn signal_exception(
        &mut self,
        class: Value,
        signal: i32,
        message: &str,
    ) -> crate::vm::Control {
        let signo = self.symbols.intern("signo");
        let control = self.raise(class, message.into());
        if let crate::vm::Control::Raise(exception) = control {
            self.set_internal(exception, signo, Value::small(i64::from(signal)));
        }
        control
    }

    /// The status `exception` exits with, if it is a SystemExit.
    pub fn system_exit_status(&mut self, exception: Value) -> Option<i32> {
        if !self.is_kind_of(exception, self.c.system_exit) {
            return None;
        }
        let status = self.symbols.intern("status");
        Some(self.ivar_get(exception, status).as_fixnum().unwrap_or(0) as i32)
    }

    /// The signal that ends the program when `exception` ends it: its
    /// number, if it is a SignalException.
    pub fn exit_signal(&mut self, exception: Value) -> Option<i32> {
        if !self.is_kind_of(exception, self.c.signal_exception) {
            return None;
        }
        let signo = self.symbols.intern("signo");
        let signal = self.ivar_get(exception, signo).as_fixnum()?;
        i32::try_from(signal).ok().filter(|&s| s > 0)
    }

    /// Runs the `EXIT` trap (`trap(0) { }`), before the `at_exit` handlers.
    /// As in MRI, what it raises is not reported: it becomes `$!` for the
    /// `at_exit` handlers, and is noted in `outcome`.
    pub fn run_exit_trap(&mut self, outcome: &mut ExitCodeOutcome) {
        let Trap::Call(command) = self.traps.set(0, Trap::Unset) else {
            return;
        };
        let call = self.symbols.intern("call");
        if let Err(control) = self.call(command, call, &[Value::small(0)]) {
            let exception = self.uncaught(control);
            let current = self.symbols.intern("$!");
            self.globals.set(current, exception);
            outcome.note(self, exception);
        }
    }
}

/// How the code that runs at exit (the `EXIT` trap, then the `at_exit`
/// handlers) ended, which can change the exit status as in MRI:
///
/// ```text
/// at_exit { exit 4 }; raise "a"     # status 4: a handler's exit decides
/// at_exit { raise "x" }; exit 0     # status 0: the program's exit stands
/// at_exit { raise "x" }             # status 1
/// ```
///
/// The last handler that raised is the one that counts.
#[derive(Default, Clone, Copy, Debug)]
pub struct ExitCodeOutcome {
    /// What the last handler that raised raised: a SystemExit's status,
    /// or None for any other exception.
    last_raised: Option<Option<i32>>,
}

impl ExitCodeOutcome {
    /// Notes that a handler raised `exception`.
    pub fn note(&mut self, vm: &mut Vm, exception: Value) {
        self.last_raised = Some(vm.system_exit_status(exception));
    }

    /// The program's exit status, given that its main part raised (or not)
    /// and ended with `main_status`.
    pub fn status(self, main_raised: bool, main_status: i32) -> i32 {
        match self.last_raised {
            Some(Some(exit_status)) => exit_status,
            Some(None) if !main_raised => 1,
            _ => main_status,
        }
    }
}
