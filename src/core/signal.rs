//! Signals as Ruby sees them: `Signal.trap` (also `Kernel#trap`),
//! `Signal.list`, `Signal.signame`, `Process.kill`, and the exceptions
//! `SignalException` and `Interrupt`, with MRI's rules and messages.
//!
//! A signal is named by its number, or by a String or Symbol with or
//! without `SIG` (`:INT`, `"SIGINT"`, `2`). `trap` sets the command the
//! VM runs when the signal arrives (`crate::traps`) and what the system
//! does with it (`crate::signals`), and returns the command it replaces:
//!
//! ```text
//! trap(:USR1) { }          # => "DEFAULT"   (Ruby's own handler)
//! trap(:USR1, "IGNORE")    # => #<Proc ...> (the block)
//! trap(:PROF, "DEFAULT")   # => "SYSTEM_DEFAULT" (never set by Ruby)
//! trap(:SEGV) { }          # ArgumentError: can't trap reserved signal: SIGSEGV
//! ```
//!
//! `Process.kill(sig, Process.pid)` counts the signal itself, as MRI does
//! when the process signals itself, and takes it before returning: the
//! handler has run (or its exception is raised) when `kill` returns.

use crate::signals::{self, Action, NSIG};
use crate::traps::Trap;
use crate::value::Value;
use crate::vm::{Vm, VmResult};

pub fn define(vm: &mut Vm) {
    let signal = vm.define_module("Signal");
    vm.define_singleton_native(signal, "trap", 1, Some(2), trap);
    vm.define_private_native(signal, "trap", 1, Some(2), trap);
    vm.define_singleton_native(signal, "list", 0, Some(0), list);
    vm.define_private_native(signal, "list", 0, Some(0), list);
    vm.define_singleton_native(signal, "signame", 1, Some(1), signame);
    vm.define_private_native(signal, "signame", 1, Some(1), signame);
    let kernel = vm.c.kernel;
    vm.define_private_native(kernel, "trap", 1, Some(2), trap);

    let signal_exception = vm.c.signal_exception;
    vm.define_private_native(
        signal_exception,
        "initialize",
        0,
        None,
        signal_exception_initialize,
    );
    vm.define_native(
        signal_exception,
        "signo",
        0,
        Some(0),
        signal_exception_signo,
    );
    let message = vm.symbols.intern("message");
    let signm = vm.symbols.intern("signm");
    crate::core::module::alias_method(vm, signal_exception, signm, message)
        .expect("SignalException has message");
    let interrupt = vm.c.interrupt;
    vm.define_private_native(interrupt, "initialize", 0, Some(1), interrupt_initialize);

    let process = vm.symbols.intern("Process");
    let process = vm
        .constant(vm.c.object, process)
        .expect("Process is defined before signals");
    vm.define_singleton_native(process, "kill", 2, None, process_kill);
}

/// A signal's name as given (a Symbol's, a String's, or `to_str`'s), or
/// MRI's ArgumentError for anything else.
fn name_bytes(vm: &mut Vm, value: Value) -> VmResult<Vec<u8>> {
    if let Some(symbol) = value.as_symbol() {
        return Ok(vm.symbols.name(symbol).as_bytes().to_vec());
    }
    match crate::core::string::check_string(vm, value)? {
        Some(string) => Ok(vm.string_bytes(string).unwrap_or_default()),
        None => {
            let class = vm.class_name(vm.real_class_of(value));
            Err(vm.argument_error(format!("bad signal type {class}")))
        }
    }
}

/// MRI's `signm2signo`: the number of a signal name (`"INT"`, `"SIGINT"`,
/// `"-INT"` when `negative` allows it: a process group), `EXIT` only when
/// `exit` allows it.
fn number_of_name(vm: &mut Vm, value: Value, negative: bool, exit: bool) -> VmResult<i32> {
    let name = name_bytes(vm, value)?;
    if name.contains(&0) {
        return Err(vm.argument_error("signal name with null byte".into()));
    }
    let (sign, rest) = match name.strip_prefix(b"-") {
        Some(rest) if negative => (-1, rest),
        Some(_) => {
            let shown = String::from_utf8_lossy(&name);
            return Err(vm.argument_error(format!("negative signal name: {shown}")));
        }
        None => (1, &name[..]),
    };
    let bare = rest.strip_prefix(b"SIG").unwrap_or(rest);
    match signals::number(bare).filter(|&n| n != 0 || exit) {
        Some(number) if !bare.is_empty() => Ok(sign * number),
        _ => {
            let shown = String::from_utf8_lossy(bare);
            Err(vm.argument_error(format!("unsupported signal `SIG{shown}'")))
        }
    }
}

/// The signal `trap` is given: a number below NSIG, or a name (`EXIT`
/// included).
fn trapped_signal(vm: &mut Vm, value: Value) -> VmResult<i32> {
    match value.as_fixnum() {
        Some(number) if (0..NSIG as i64).contains(&number) => Ok(number as i32),
        Some(number) => Err(vm.argument_error(format!("invalid signal number ({number})"))),
        None => number_of_name(vm, value, false, true),
    }
}

/// `Signal.trap(signal, command)`, `Signal.trap(signal) { |signo| }`.
fn trap(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let signal = trapped_signal(vm, args[0])?;
    if signals::is_reserved(signal) {
        let name = signals::name(signal).unwrap_or_default();
        return Err(vm.argument_error(format!("can't trap reserved signal: SIG{name}")));
    }
    let (trap, action) = match args.get(1) {
        None => {
            let Some(block) = vm.current_block() else {
                return Err(vm.argument_error("tried to create Proc object without a block".into()));
            };
            (Trap::Call(vm.new_proc(block)), Action::Counted)
        }
        Some(&command) => command_of(vm, signal, command)?,
    };
    let old_action = if signal == 0 {
        None
    } else {
        match signals::set_action(signal, action) {
            Ok(old) => Some(old),
            Err(_) => {
                let name =
                    signals::name(signal).map_or(format!("SIG{signal}"), |n| format!("SIG{n}"));
                return Err(vm.raise_errno("EINVAL", Some(&name)));
            }
        }
    };
    if action == Action::Counted {
        vm.traps.owns_signals = true;
    }
    let old = vm.traps.set(signal, trap);
    Ok(match old {
        Trap::Unset | Trap::Ignore => match old_action {
            Some(Action::Ignore) => vm.new_str("IGNORE"),
            Some(Action::SystemDefault) => vm.new_str("SYSTEM_DEFAULT"),
            Some(Action::Counted) => vm.new_str("DEFAULT"),
            _ => Value::NIL,
        },
        Trap::Nil => Value::NIL,
        Trap::Exit => vm.new_str("EXIT"),
        Trap::Call(command) => command,
    })
}

/// MRI's `trap_handler`: the command and the system's action for a
/// `command` argument. `nil` and the ignoring names ignore the signal,
/// `DEFAULT` gives Ruby's action back, `SYSTEM_DEFAULT` the system's,
/// `EXIT` exits; anything else is called with the signal's number.
fn command_of(vm: &mut Vm, signal: i32, command: Value) -> VmResult<(Trap, Action)> {
    if command.is_nil() {
        return Ok((Trap::Nil, Action::Ignore));
    }
    let text = match command.as_symbol() {
        Some(symbol) => Some(vm.symbols.name(symbol).as_bytes().to_vec()),
        None => crate::core::string::check_string(vm, command)?
            .map(|string| vm.string_bytes(string).unwrap_or_default()),
    };
    let Some(text) = text else {
        return Ok((Trap::Call(command), Action::Counted));
    };
    Ok(match &text[..] {
        b"" | b"SIG_IGN" | b"IGNORE" => (Trap::Ignore, Action::Ignore),
        b"SIG_DFL" | b"DEFAULT" => (Trap::Unset, signals::ruby_default(signal)),
        b"SYSTEM_DEFAULT" => (Trap::Unset, Action::SystemDefault),
        b"EXIT" => (Trap::Exit, Action::Counted),
        _ => {
            // MRI evaluates such a String as Ruby code when the signal
            // arrives; rhizome has no `eval` of Strings yet.
            let class = vm.c.not_implemented_error;
            return Err(vm.raise(
                class,
                "a String command for trap is not supported by rhizome (use a block)".into(),
            ));
        }
    })
}

/// `Signal.list`: every signal name and its number.
fn list(vm: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    let hash = vm.new_hash();
    for &(name, number) in signals::NAMES {
        let key = vm.new_str(name);
        vm.hash_set(hash, key, Value::small(i64::from(number)))?;
    }
    Ok(hash)
}

/// `Signal.signame(signo)`: the name of a signal number, or nil.
fn signame(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let number = crate::core::integer::num2int(vm, args[0])?;
    Ok(match signals::name(number as i32) {
        Some(name) => vm.new_str(name),
        None => Value::NIL,
    })
}

/// `SignalException.new(name)`, `SignalException.new(number, message =
/// "SIGNAME")`.
fn signal_exception_initialize(vm: &mut Vm, exception: Value, args: &[Value]) -> VmResult {
    let number = match args.first() {
        Some(&first) => check_to_integer(vm, first)?,
        None => None,
    };
    let max = if number.is_some() { 2 } else { 1 };
    if args.is_empty() || args.len() > max {
        return Err(vm.arity_error(args.len(), 1, Some(max)));
    }
    let (signal, message) = match number {
        Some(number) => {
            let signal = crate::core::integer::num2int(vm, number)?;
            if !(0..=NSIG as i64).contains(&signal) {
                return Err(vm.argument_error(format!("invalid signal number ({signal})")));
            }
            let message = match args.get(1) {
                Some(&message) => message,
                None => {
                    let name = signals::name(signal as i32)
                        .map_or(format!("SIG{signal}"), |name| format!("SIG{name}"));
                    vm.new_str(&name)
                }
            };
            (signal as i32, message)
        }
        None => {
            let signal = number_of_name(vm, args[0], false, false)?;
            let name = name_bytes(vm, args[0])?;
            let mut message = Vec::with_capacity(name.len() + 3);
            if !name.starts_with(b"SIG") {
                message.extend_from_slice(b"SIG");
            }
            message.extend_from_slice(&name);
            (signal, vm.new_string(message))
        }
    };
    vm.ivar_set(exception, vm.sym.mesg, message)?;
    let signo = vm.symbols.intern("signo");
    vm.ivar_set(exception, signo, Value::small(i64::from(signal)))?;
    Ok(Value::NIL)
}

/// MRI's `rb_check_to_integer`: an Integer, what `to_int` makes of the
/// value when that is an Integer, else None.
fn check_to_integer(vm: &mut Vm, value: Value) -> VmResult<Option<Value>> {
    if crate::core::integer::Int::of(value).is_some() {
        return Ok(Some(value));
    }
    let to_int = vm.symbols.intern("to_int");
    if vm.find_method(vm.class_of(value), to_int).is_none() {
        return Ok(None);
    }
    let converted = vm.call(value, to_int, &[])?;
    Ok(crate::core::integer::Int::of(converted).map(|_| converted))
}

/// `signo`.
fn signal_exception_signo(vm: &mut Vm, exception: Value, _: &[Value]) -> VmResult {
    let signo = vm.symbols.intern("signo");
    Ok(vm.ivar_get(exception, signo))
}

/// `Interrupt.new(message = "Interrupt")`: a SignalException of SIGINT.
fn interrupt_initialize(vm: &mut Vm, exception: Value, args: &[Value]) -> VmResult {
    let message = args.first().copied().unwrap_or(Value::NIL);
    vm.ivar_set(exception, vm.sym.mesg, message)?;
    let signo = vm.symbols.intern("signo");
    vm.ivar_set(exception, signo, Value::small(i64::from(libc::SIGINT)))?;
    Ok(Value::NIL)
}

/// `Process.kill(signal, *pids)`: sends `signal` (a number or a name; a
/// negative one signals process groups) to each; the number of pids.
fn process_kill(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let signal = match args[0].as_fixnum() {
        Some(number) => number as i32,
        None => number_of_name(vm, args[0], true, false)?,
    };
    let own_pid = std::process::id() as i64;
    for &pid in &args[1..] {
        let pid = crate::core::integer::num2int(vm, pid)?;
        let sent = if signal < 0 {
            // SAFETY: killpg only sends a signal.
            unsafe { libc::killpg(pid as libc::pid_t, -signal) }
        } else if signal != 0 && pid == own_pid && counted_here(vm, signal) {
            signals::enqueue(signal);
            0
        } else {
            // SAFETY: kill only sends a signal.
            unsafe { libc::kill(pid as libc::pid_t, signal) }
        };
        if sent != 0 {
            return Err(vm.raise_os_error(&std::io::Error::last_os_error()));
        }
    }
    vm.run_pending_signals()?;
    Ok(Value::small(args.len() as i64 - 1))
}

/// Whether `signal` sent to this process is counted for this VM, which
/// then takes it before `kill` returns (MRI's rule for a process that
/// signals itself: faults and KILL/STOP go to the system, as does a signal
/// it ignores or leaves to the system's default).
fn counted_here(vm: &Vm, signal: i32) -> bool {
    vm.traps.owns_signals
        && !signals::is_reserved(signal)
        && signal != libc::SIGKILL
        && signal != libc::SIGSTOP
        && matches!(signals::action(signal), Ok(Action::Counted))
}
