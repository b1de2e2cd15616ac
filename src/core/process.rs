//! The process: leaving the program (`exit`, `exit!`, `abort`,
//! `at_exit`), `sleep`, `warn`, the clocks of `Process.clock_gettime`,
//! `Process.times` (a `Process::Tms` Struct), the
//! `Errno` exceptions of system calls, and `ENV`.
//!
//! `exit` raises SystemExit, so `ensure` clauses run and `rescue` can stop
//! it; when it reaches the top, the `at_exit` handlers run (last registered
//! first, with `$!` the exception that ends the program) and the process
//! ends with its status, without a report. `exit!` ends the process at
//! once: no handlers, no `ensure`, and output still buffered is lost, as in
//! MRI.

use crate::core::{private, public};
use crate::value::Value;
use crate::vm::{Vm, VmResult};

/// The system-call errors rhizome raises, with their errno and message.
const ERRNO: &[(&str, i64, &str)] = &[
    ("EPERM", 1, "Operation not permitted"),
    ("ESRCH", 3, "No such process"),
    ("ENOENT", 2, "No such file or directory"),
    ("EACCES", 13, "Permission denied"),
    ("EEXIST", 17, "File exists"),
    ("ENOTDIR", 20, "Not a directory"),
    ("EISDIR", 21, "Is a directory"),
    ("EINVAL", 22, "Invalid argument"),
    ("EPIPE", 32, "Broken pipe"),
    ("EBADF", 9, "Bad file descriptor"),
    ("ENOSPC", 28, "No space left on device"),
    ("EDOM", 33, "Numerical argument out of domain"),
    ("EROFS", 30, "Read-only file system"),
    ("ENAMETOOLONG", 36, "File name too long"),
    ("ENOTEMPTY", 39, "Directory not empty"),
    ("ELOOP", 40, "Too many levels of symbolic links"),
];

pub fn define(vm: &mut Vm) {
    let kernel = vm.c.kernel;
    vm.define_methods(
        kernel,
        &[
            private("exit", 0, Some(1), kernel_exit),
            private("exit!", 0, Some(1), kernel_exit_bang),
            private("abort", 0, Some(1), kernel_abort),
            private("sleep", 0, Some(1), sleep),
            private("warn", 0, None, warn),
        ],
    );
    // MRI starts with $VERBOSE false (warnings on, verbose ones off).
    let verbose = vm.symbols.intern("$VERBOSE");
    vm.globals.set(verbose, Value::FALSE);
    vm.define_private_native(kernel, "at_exit", 0, Some(0), kernel_at_exit);
    let system_exit_class = vm.c.system_exit;
    vm.define_methods(
        system_exit_class,
        &[
            public("status", 0, Some(0), system_exit_class_status),
            public("success?", 0, Some(0), system_exit_class_success_p),
        ],
    );
    define_env(vm);
    define_process(vm);

    let standard = vm.c.standard_error;
    let system_call_error = vm.define_class("SystemCallError", standard);
    vm.define_native(
        system_call_error,
        "errno",
        0,
        Some(0),
        system_call_error_errno,
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
        system_call_error_initialize,
    );
}

/// `exit`.
fn kernel_exit(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let status = exit_status(vm, args.first().copied(), 0)?;
    Err(system_exit(vm, status, "exit"))
}

/// `exit!`.
fn kernel_exit_bang(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let status = exit_status(vm, args.first().copied(), 1)?;
    std::process::exit(status as i32);
}

/// `abort`.
fn kernel_abort(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let message = match args.first() {
        Some(&message) => {
            let text = crate::core::string::expect_string(vm, message)?;
            let stderr = vm.global_named("$stderr");
            crate::core::io::puts_on(vm, stderr, &[message])?;
            String::from_utf8_lossy(&text).into_owned()
        }
        None => {
            // In a rescue clause: the exception's report first.
            let current = vm.global_named("$!");
            if !current.is_nil() {
                let report = vm.error_report(current);
                crate::output::write_stderr(vm.io.out(), &report);
            }
            "exit".to_string()
        }
    };
    Err(system_exit(vm, 1, &message))
}

/// `at_exit`.
fn kernel_at_exit(vm: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    let Some(block) = vm.current_block() else {
        return Err(vm.argument_error("called without a block".into()));
    };
    let handler = vm.new_proc(block);
    vm.at_exit.push(handler);
    Ok(handler)
}

/// `status`.
fn system_exit_class_status(vm: &mut Vm, exception: Value, _: &[Value]) -> VmResult {
    let status = vm.symbols.intern("status");
    Ok(vm.ivar_get(exception, status))
}

/// `success?`.
fn system_exit_class_success_p(vm: &mut Vm, exception: Value, _: &[Value]) -> VmResult {
    let status = vm.symbols.intern("status");
    Ok(Value::bool(
        vm.ivar_get(exception, status) == Value::small(0),
    ))
}

/// `errno`.
fn system_call_error_errno(vm: &mut Vm, exception: Value, _: &[Value]) -> VmResult {
    let errno = vm.symbols.intern("Errno");
    let class = vm.real_class_of(exception);
    Ok(vm.constant(class, errno).unwrap_or(Value::NIL))
}

/// `initialize`.
fn system_call_error_initialize(vm: &mut Vm, exception: Value, args: &[Value]) -> VmResult {
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
}

/// `Process.pid` (also `$$`), `Process.times`, and
/// `Process.clock_gettime(clock, unit = :float_second)` on the system's
/// clocks, with MRI's units.
fn define_process(vm: &mut Vm) {
    let process = vm.define_module("Process");
    let pid = Value::small(i64::from(std::process::id()));
    let dollar_dollar = vm.symbols.intern("$$");
    vm.globals.set(dollar_dollar, pid);
    for (name, clock) in [
        ("CLOCK_REALTIME", libc::CLOCK_REALTIME),
        ("CLOCK_MONOTONIC", libc::CLOCK_MONOTONIC),
        ("CLOCK_PROCESS_CPUTIME_ID", libc::CLOCK_PROCESS_CPUTIME_ID),
        ("CLOCK_THREAD_CPUTIME_ID", libc::CLOCK_THREAD_CPUTIME_ID),
    ] {
        let name = vm.symbols.intern(name);
        vm.set_constant(process, name, Value::small(i64::from(clock)));
    }
    define_tms(vm, process);
    vm.define_singleton_native(process, "times", 0, Some(0), process_times);
    vm.define_singleton_native(process, "pid", 0, Some(0), process_singleton_pid);
    vm.define_singleton_native(
        process,
        "clock_gettime",
        1,
        Some(2),
        process_singleton_clock_gettime,
    );
}

/// `Process.pid`.
fn process_singleton_pid(_: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    Ok(Value::small(i64::from(std::process::id())))
}

/// `Process.clock_gettime`.
fn process_singleton_clock_gettime(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let clock = match args[0].as_symbol() {
        // MRI's emulated clocks by name; any other name is EINVAL.
        Some(name) => match vm.symbols.name(name) {
            "GETTIMEOFDAY_BASED_CLOCK_REALTIME" | "TIME_BASED_CLOCK_REALTIME" => {
                libc::CLOCK_REALTIME
            }
            "TIMES_BASED_CLOCK_PROCESS_CPUTIME_ID"
            | "GETRUSAGE_BASED_CLOCK_PROCESS_CPUTIME_ID"
            | "CLOCK_BASED_CLOCK_PROCESS_CPUTIME_ID" => libc::CLOCK_PROCESS_CPUTIME_ID,
            "TIMES_BASED_CLOCK_MONOTONIC" => libc::CLOCK_MONOTONIC,
            _ => return Err(vm.raise_errno("EINVAL", None)),
        },
        None => {
            let clock = crate::core::array::to_long(vm, args[0])?;
            match libc::clockid_t::try_from(clock) {
                Ok(clock) => clock,
                Err(_) => return Err(vm.raise_errno("EINVAL", Some("clock_gettime"))),
            }
        }
    };
    let mut time = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `time` is a valid, writable timespec for the call's
    // duration; clock_gettime writes nothing else.
    if unsafe { libc::clock_gettime(clock, &mut time) } != 0 {
        return Err(vm.raise_errno("EINVAL", Some("clock_gettime")));
    }
    let nanos = i128::from(time.tv_sec) * 1_000_000_000 + i128::from(time.tv_nsec);
    let unit = match args.get(1).filter(|unit| !unit.is_nil()) {
        None => "float_second".to_string(),
        Some(&unit) => match unit.as_symbol() {
            Some(sym) => vm.symbols.name(sym).to_string(),
            None => {
                let shown = vm.to_s_bytes(unit)?;
                let shown = String::from_utf8_lossy(&shown).into_owned();
                return Err(vm.argument_error(format!("unexpected unit: {shown}")));
            }
        },
    };
    let float = |divisor: f64| nanos as f64 / divisor;
    Ok(match unit.as_str() {
        "float_second" => vm.new_float(float(1e9)),
        "float_millisecond" => vm.new_float(float(1e6)),
        "float_microsecond" => vm.new_float(float(1e3)),
        "second" => Value::small((nanos / 1_000_000_000) as i64),
        "millisecond" => Value::small((nanos / 1_000_000) as i64),
        "microsecond" => Value::small((nanos / 1_000) as i64),
        "nanosecond" => Value::small(nanos as i64),
        other => {
            return Err(vm.argument_error(format!("unexpected unit: {other}")));
        }
    })
}

/// `Process::Tms`, the Struct `Process.times` answers: `utime`, `stime`,
/// `cutime`, `cstime`. Made here as `Struct.new` makes a class (Struct's
/// own methods are defined later; they are found when called).
fn define_tms(vm: &mut Vm, process: Value) {
    use crate::object::{IvarAccessor, MethodBody, Visibility};
    let object = vm.c.object;
    let structure = vm.define_class("Struct", object);
    let tms = vm.new_class_named("Process::Tms", structure);
    let name = vm.symbols.intern("Tms");
    vm.set_constant(process, name, tms);
    let members: Vec<_> = TMS_MEMBERS.iter().map(|m| vm.symbols.intern(m)).collect();
    let layout = crate::object::StructLayout {
        members: members.clone().into_boxed_slice(),
        keyword_init: false,
    };
    let _ = crate::vm::class_data(tms)
        .struct_layout
        .set(std::rc::Rc::new(layout));
    for member in members {
        let setter = vm.symbols.intern(&format!("{}=", vm.symbols.name(member)));
        let reader = MethodBody::AttrReader(IvarAccessor::new(member));
        vm.add_method(tms, member, reader, Visibility::Public);
        let writer = MethodBody::AttrWriter(IvarAccessor::new(member));
        vm.add_method(tms, setter, writer, Visibility::Public);
    }
    let metaclass = vm.singleton_class(tms);
    for name in ["new", "[]"] {
        vm.define_constructor(metaclass, name);
    }
    vm.define_native(metaclass, "members", 0, Some(0), tms_members);
}

/// `Process::Tms.members`.
fn tms_members(vm: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    let members = TMS_MEMBERS
        .iter()
        .map(|m| Value::symbol(vm.symbols.intern(m)))
        .collect();
    Ok(vm.new_array(members))
}

const TMS_MEMBERS: [&str; 4] = ["utime", "stime", "cutime", "cstime"];

/// `Process.times`: the user and system CPU time of the process and of
/// its finished children, in seconds (MRI's `getrusage` reading).
fn process_times(vm: &mut Vm, process: Value, _: &[Value]) -> VmResult {
    let usage = |who| {
        // SAFETY: `rusage` is plain data, valid when zeroed; getrusage
        // writes nothing else.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: `usage` is a valid, writable rusage for the call.
        if unsafe { libc::getrusage(who, &mut usage) } != 0 {
            return None;
        }
        let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
        Some([seconds(usage.ru_utime), seconds(usage.ru_stime)])
    };
    let (Some(own), Some(children)) = (usage(libc::RUSAGE_SELF), usage(libc::RUSAGE_CHILDREN))
    else {
        return Err(vm.raise_errno("EINVAL", Some("getrusage")));
    };
    let name = vm.symbols.intern("Tms");
    let tms = vm.constant(process, name).expect("Process::Tms is defined");
    let mut values = Vec::with_capacity(4);
    for seconds in own.into_iter().chain(children) {
        let value = vm.new_float(seconds);
        vm.temp_roots.borrow_mut().push(value);
        values.push(value);
    }
    let new = vm.symbols.intern("new");
    let result = vm.call(tms, new, &values);
    for _ in &values {
        vm.temp_roots.borrow_mut().pop();
    }
    result
}

/// `ENV`: the process's environment variables, read and written through
/// (`ENV["HOME"]`, `ENV.fetch("X", "default")`, `ENV["X"] = "1"`).
fn define_env(vm: &mut Vm) {
    let object = vm.c.object;
    let env = vm.new_object(object);
    let name = vm.symbols.intern("ENV");
    vm.set_constant(object, name, env);
    vm.define_singleton_native(env, "[]", 1, Some(1), env_singleton_aref);
    vm.define_singleton_native(env, "fetch", 1, Some(2), env_singleton_fetch);
    vm.define_singleton_native(env, "key?", 1, Some(1), env_singleton_key_p);
    vm.define_singleton_native(env, "has_key?", 1, Some(1), env_singleton_key_p);
    vm.define_singleton_native(env, "include?", 1, Some(1), env_singleton_key_p);
    vm.define_singleton_native(env, "member?", 1, Some(1), env_singleton_key_p);
    vm.define_singleton_native(env, "[]=", 2, Some(2), env_singleton_store);
    vm.define_singleton_native(env, "store", 2, Some(2), env_singleton_store);
    vm.define_singleton_native(env, "delete", 1, Some(1), env_singleton_delete);
    vm.define_singleton_native(env, "to_h", 0, Some(0), env_singleton_to_h);
    vm.define_singleton_native(env, "keys", 0, Some(0), env_singleton_keys);
    vm.define_singleton_native(env, "to_s", 0, Some(0), env_singleton_to_s);
    vm.define_singleton_native(env, "inspect", 0, Some(0), env_singleton_inspect);
}

/// `ENV.key?`, `has_key?`, `include?` and `member?`.
fn env_singleton_key_p(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let key = env_key(vm, args[0])?;
    Ok(Value::bool(std::env::var_os(key).is_some()))
}

/// `ENV.[]`.
fn env_singleton_aref(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let key = env_key(vm, args[0])?;
    Ok(match std::env::var_os(key) {
        Some(value) => vm.new_str(&value.to_string_lossy()),
        None => Value::NIL,
    })
}

/// `ENV.fetch`.
fn env_singleton_fetch(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let key = env_key(vm, args[0])?;
    if let Some(value) = std::env::var_os(&key) {
        return Ok(vm.new_str(&value.to_string_lossy()));
    }
    if let Some(block) = vm.current_block() {
        return vm.invoke_block(&block, &args[..1]);
    }
    if let Some(&default) = args.get(1) {
        return Ok(default);
    }
    let message = format!(
        "key not found: {}",
        crate::core::string::inspect_string(key.as_bytes())
    );
    let class = vm.c.key_error;
    Err(vm.raise_with(
        class,
        message,
        &[("key", args[0]), ("receiver", Value::NIL)],
    ))
}

/// `ENV[name] = value`, `ENV.store`: sets the variable, or removes it for
/// nil. A name the C library cannot set (empty, or with `=` in it) is
/// `Errno::EINVAL` as `setenv` reports it; removing one does nothing.
fn env_singleton_store(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let key = env_key(vm, args[0])?;
    if args[1].is_nil() {
        if is_settable(&key) {
            std::env::remove_var(key);
        }
        return Ok(args[1]);
    }
    let value = crate::core::string::expect_string(vm, args[1])?;
    if value.contains(&0) {
        return Err(vm.argument_error("bad environment variable value: contains null byte".into()));
    }
    if !is_settable(&key) {
        return Err(vm.raise_errno("EINVAL", Some(&format!("setenv({key})"))));
    }
    std::env::set_var(key, String::from_utf8_lossy(&value).as_ref());
    Ok(args[1])
}

/// Whether `setenv`/`unsetenv` take `key`: not empty and without `=`.
fn is_settable(key: &str) -> bool {
    !key.is_empty() && !key.contains('=')
}

/// `ENV.delete`.
fn env_singleton_delete(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let key = env_key(vm, args[0])?;
    let old = std::env::var_os(&key);
    if is_settable(&key) {
        std::env::remove_var(key);
    }
    Ok(match old {
        Some(value) => vm.new_str(&value.to_string_lossy()),
        None => Value::NIL,
    })
}

/// `ENV.to_h`.
fn env_singleton_to_h(vm: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    let hash = vm.new_hash();
    for (key, value) in std::env::vars_os() {
        let key = vm.new_str(&key.to_string_lossy());
        let value = vm.new_str(&value.to_string_lossy());
        vm.hash_set(hash, key, value)?;
    }
    Ok(hash)
}

/// `ENV.keys`.
fn env_singleton_keys(vm: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    let keys: Vec<Vec<u8>> = std::env::vars_os()
        .map(|(key, _)| key.to_string_lossy().into_owned().into_bytes())
        .collect();
    let array = vm.new_array(Vec::new());
    vm.append_strings(array, keys.iter().map(Vec::as_slice));
    Ok(array)
}

/// `ENV.to_s`.
fn env_singleton_to_s(vm: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    Ok(vm.new_str("ENV"))
}

/// `ENV.inspect`.
fn env_singleton_inspect(vm: &mut Vm, env: Value, _: &[Value]) -> VmResult {
    let to_h = vm.symbols.intern("to_h");
    let hash = vm.call(env, to_h, &[])?;
    let text = vm.inspect(hash)?;
    Ok(vm.new_str(&text))
}

/// An environment variable's name: a String without NUL bytes.
fn env_key(vm: &mut Vm, key: Value) -> VmResult<String> {
    let bytes = crate::core::string::expect_string(vm, key)?;
    if bytes.contains(&0) {
        return Err(vm.argument_error("bad environment variable name: contains null byte".into()));
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// `exit(true)` is 0, `exit(false)` 1, `exit(n)` n (a Float truncated;
/// anything else is a TypeError).
fn exit_status(vm: &mut Vm, value: Option<Value>, default: i64) -> VmResult<i64> {
    match value {
        None => Ok(default),
        Some(Value::TRUE) => Ok(0),
        Some(Value::FALSE) => Ok(1),
        Some(v) => {
            let status = crate::core::array::to_long(vm, v)?;
            match i32::try_from(status) {
                Ok(status) => Ok(i64::from(status)),
                Err(_) => {
                    let class = vm.c.range_error;
                    let bound = if status < 0 { "small" } else { "big" };
                    Err(vm.raise(
                        class,
                        format!("integer {status} too {bound} to convert to `int'"),
                    ))
                }
            }
        }
    }
}

/// `sleep(seconds)`: sleeps (forever without an argument) and answers the
/// whole seconds the wall clock moved, as MRI's `time(0)` difference.
fn sleep(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let duration = match args.first() {
        None => None,
        Some(&interval) => Some(time_interval(vm, interval)?),
    };
    let now = || {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64)
    };
    let start = now();
    // A signal that arrives ends the system's sleep early: its handler
    // runs (what it raises comes out of `sleep`), then the sleep goes on.
    match duration {
        Some(mut left) => {
            while let Some(rest) = crate::signals::sleep_for(left) {
                vm.run_pending_signals()?;
                left = rest;
            }
        }
        None => loop {
            crate::signals::wait_for_signal();
            vm.run_pending_signals()?;
        },
    }
    Ok(Value::small(now() - start))
}

/// MRI's `rb_time_interval`: a non-negative Integer or Float of seconds.
fn time_interval(vm: &mut Vm, interval: Value) -> VmResult<std::time::Duration> {
    let seconds = if let Some(int) = crate::core::integer::Int::of(interval) {
        int.to_f64()
    } else if let Some(f) = crate::core::integer::float_of(interval) {
        if !f.is_finite() {
            let text = crate::core::float::float_to_s(f);
            let class = vm.c.range_error;
            return Err(vm.raise(class, format!("{text} out of Time range")));
        }
        f
    } else {
        let class = vm.class_name(vm.real_class_of(interval));
        return Err(vm.type_error(format!("can't convert {class} into time interval")));
    };
    if seconds < 0.0 {
        return Err(vm.argument_error("time interval must not be negative".into()));
    }
    Ok(std::time::Duration::from_secs_f64(seconds.min(1e12)))
}

/// `warn(*messages, uplevel: nil, category: nil)`: each message (Arrays
/// flattened) on its own line, written to `$stderr` in one piece; nothing
/// when `$VERBOSE` is nil or the category's warnings are off. `uplevel: n`
/// prefixes `file:line: warning: ` of the n-th caller.
fn warn(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let (messages, keywords) = vm.native_keywords(args, &["uplevel", "category"])?;
    let messages = messages.to_vec();
    if let Some(category) = keywords[1].filter(|c| !c.is_nil()) {
        let name = match category.as_symbol() {
            Some(sym) => vm.symbols.name(sym).to_string(),
            None => match vm.string_text(category) {
                Some(text) => text,
                None => {
                    let shown = vm.inspect(category)?;
                    return Err(vm.type_error(format!("{shown} is not a symbol nor a string")));
                }
            },
        };
        match name.as_str() {
            "deprecated" => return Ok(Value::NIL),
            "experimental" => {}
            _ => return Err(vm.argument_error(format!("unknown category: {name}"))),
        }
    }
    let mut prefix = String::new();
    if let Some(level) = keywords[0].filter(|l| !l.is_nil()) {
        let level = crate::core::array::to_long(vm, level)?;
        if level < 0 {
            return Err(vm.argument_error(format!("negative level ({level})")));
        }
        let lines = vm.backtrace_lines();
        let location = lines
            .get(level as usize + 1)
            .and_then(|line| line.rsplit_once(":in `"))
            .map(|(location, _)| location.to_string());
        prefix = match location {
            Some(location) => format!("{location}: warning: "),
            None => "warning: ".to_string(),
        };
    }
    if vm.global_named("$VERBOSE").is_nil() {
        return Ok(Value::NIL);
    }
    let mut lines = Vec::new();
    for message in messages {
        warning_lines(vm, message, &mut lines, &mut Vec::new())?;
    }
    if lines.is_empty() {
        return Ok(Value::NIL);
    }
    let mut text = prefix.into_bytes();
    for mut line in lines {
        if line.last() != Some(&b'\n') {
            line.push(b'\n');
        }
        text.extend(line);
    }
    let stderr = vm.global_named("$stderr");
    crate::core::io::write_pieces_on(vm, stderr, &[&text])?;
    Ok(Value::NIL)
}

/// The lines `puts` would print for one message (an Array gives its
/// elements, `[...]` for itself inside itself; nil an empty line).
fn warning_lines(
    vm: &mut Vm,
    message: Value,
    lines: &mut Vec<Vec<u8>>,
    seen: &mut Vec<Value>,
) -> VmResult<()> {
    if let Some(items) = vm.array_items(message) {
        if seen.contains(&message) {
            lines.push(b"[...]".to_vec());
            return Ok(());
        }
        seen.push(message);
        for item in items {
            warning_lines(vm, item, lines, seen)?;
        }
        seen.pop();
        return Ok(());
    }
    let line = if message.is_nil() {
        Vec::new()
    } else {
        vm.to_s_bytes(message)?
    };
    lines.push(line);
    Ok(())
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
    /// Raises the `Errno` exception of a failed system call on `path`, with
    /// MRI's message: `No such file or directory @ rb_sysopen - x.txt`
    /// (`place` is the MRI function MRI names). An error without an errno
    /// rhizome knows becomes an IOError with the system's description.
    pub fn raise_io_error(
        &mut self,
        error: &std::io::Error,
        place: &str,
        path: &str,
    ) -> crate::vm::Control {
        let known = error
            .raw_os_error()
            .and_then(|code| ERRNO.iter().find(|entry| entry.1 == i64::from(code)));
        let Some(&(name, _, description)) = known else {
            let class = self.c.io_error;
            return self.raise(class, format!("{error} @ {place} - {path}"));
        };
        let errno = self.symbols.intern("Errno");
        let object = self.c.object;
        let class = self
            .constant(object, errno)
            .and_then(|module| {
                let sym = self.symbols.intern(name);
                self.own_constant(module, sym)
            })
            .expect("Errno classes are defined");
        self.raise(class, format!("{description} @ {place} - {path}"))
    }

    /// Raises the `Errno` exception of a failed system call (`Errno::ESRCH:
    /// No such process`); an errno rhizome does not know becomes a
    /// SystemCallError with the system's description.
    pub fn raise_os_error(&mut self, error: &std::io::Error) -> crate::vm::Control {
        let known = error
            .raw_os_error()
            .and_then(|code| ERRNO.iter().find(|entry| entry.1 == i64::from(code)));
        match known {
            Some(&(name, _, _)) => self.raise_errno(name, None),
            None => {
                let system_call_error = self.symbols.intern("SystemCallError");
                let class = self
                    .constant(self.c.object, system_call_error)
                    .expect("SystemCallError is defined");
                self.raise(class, error.to_string())
            }
        }
    }

    /// Raises `Errno::<name>` (one of the table above) with its
    /// description as the message, then ` - detail` when given
    /// (`Errno::EDOM: Numerical argument out of domain`).
    pub fn raise_errno(&mut self, name: &str, detail: Option<&str>) -> crate::vm::Control {
        let description = ERRNO
            .iter()
            .find(|entry| entry.0 == name)
            .expect("a known errno")
            .2;
        let errno = self.symbols.intern("Errno");
        let object = self.c.object;
        let sym = self.symbols.intern(name);
        let class = self
            .constant(object, errno)
            .and_then(|module| self.own_constant(module, sym))
            .expect("Errno classes are defined");
        let message = match detail {
            Some(detail) => format!("{description} - {detail}"),
            None => description.to_string(),
        };
        self.raise(class, message)
    }

    /// Runs the `at_exit` handlers, last registered first. An exception
    /// in one is reported at once, becomes `$!` for the next ones, and the
    /// others still run; `outcome` notes how they ended.
    pub fn run_at_exit(&mut self, outcome: &mut crate::traps::ExitCodeOutcome) {
        while let Some(handler) = self.at_exit.pop() {
            let call = self.symbols.intern("call");
            let Err(control) = self.call(handler, call, &[]) else {
                continue;
            };
            let exception = self.uncaught(control);
            let current = self.symbols.intern("$!");
            self.globals.set(current, exception);
            outcome.note(self, exception);
            self.finish(Err(crate::vm::Control::Raise(exception)));
        }
    }
}
