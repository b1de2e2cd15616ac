//! IO: the standard streams (`$stdin`, `$stdout`, `$stderr`, `STDIN`,
//! `STDOUT`, `STDERR`) and open files, with `puts`, `print`, `write`, `<<`,
//! `gets`, `read`, `readlines`, `each_line`, `close` and friends; Kernel's
//! `gets`, `readlines` and `warn`.
//!
//! An IO object keeps a hidden `fd`: 0, 1 and 2 are the standard streams,
//! any other number is an open file, whose state lives in the VM's table of
//! open files ([`OpenFile`]); `nil` means closed. Every method asks
//! [`stream_of`] first, so a closed stream raises MRI's `IOError` whatever
//! the method.
//!
//! Standard output goes through the VM's buffered output; writing to
//! standard error flushes it first, so the two interleave as the program
//! wrote them. A file opened for reading is read whole when it is opened
//! (then `gets` and `read` walk a cursor over the bytes); one opened for
//! writing writes through a buffer that `close`, `flush` and the end of the
//! program empty.

use crate::core::string::expect_string;
use crate::object::RArray;
use crate::value::Value;
use crate::vm::{Vm, VmResult};
use std::io::{BufRead, Read, Write};

/// A file opened with `File.open`.
pub struct OpenFile {
    pub path: String,
    /// The whole file when it was opened for reading, and the read cursor.
    contents: Option<(Vec<u8>, usize)>,
    writer: Option<std::io::BufWriter<std::fs::File>>,
    lineno: i64,
}

impl OpenFile {
    pub fn new(path: String, contents: Option<Vec<u8>>, writer: Option<std::fs::File>) -> OpenFile {
        OpenFile {
            path,
            contents: contents.map(|bytes| (bytes, 0)),
            writer: writer.map(std::io::BufWriter::new),
            lineno: 0,
        }
    }

    fn flush(&mut self) {
        if let Some(writer) = &mut self.writer {
            let _ = writer.flush();
        }
    }
}

/// Where an IO object's bytes come from and go to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stream {
    Stdin,
    Stdout,
    Stderr,
    File(i64),
}

/// Where `puts`, `print` and `p` write: an IO's stream, or any object with
/// a `write` method assigned to `$stdout` (which then gets the pieces as
/// MRI passes them: `write(line, "\n")`).
#[derive(Clone, Copy)]
enum Sink {
    Stream(Stream),
    Object(Value),
}

pub fn define(vm: &mut Vm) {
    let object = vm.c.object;
    let io = vm.define_class("IO", object);
    vm.c.io = io;
    for (global, constant, fd) in [
        ("$stdin", "STDIN", 0),
        ("$stdout", "STDOUT", 1),
        ("$stderr", "STDERR", 2),
    ] {
        let stream = new_io(vm, io, fd);
        let global = vm.symbols.intern(global);
        vm.globals.insert(global, stream);
        let constant = vm.symbols.intern(constant);
        vm.set_constant(object, constant, stream);
    }
    vm.define_native(io, "puts", 0, None, |vm, io, args| {
        puts_on(vm, io, args)?;
        Ok(Value::NIL)
    });
    vm.define_native(io, "print", 0, None, |vm, io, args| {
        print_on(vm, io, args)?;
        Ok(Value::NIL)
    });
    vm.define_native(io, "write", 0, None, |vm, io, args| {
        let stream = writable(vm, io)?;
        let mut written = 0;
        for &arg in args {
            let bytes = vm.to_s_bytes(arg)?;
            written += bytes.len();
            write_bytes(vm, stream, &bytes)?;
        }
        Ok(Value::small(written as i64))
    });
    vm.define_native(io, "<<", 1, Some(1), |vm, io, args| {
        let stream = writable(vm, io)?;
        let bytes = vm.to_s_bytes(args[0])?;
        write_bytes(vm, stream, &bytes)?;
        Ok(io)
    });
    vm.define_native(io, "flush", 0, Some(0), |vm, io, _| {
        match stream_of(vm, io)? {
            Stream::File(fd) => vm.files.get_mut(&fd).expect("open").flush(),
            _ => vm.out.flush(),
        }
        Ok(io)
    });
    vm.define_native(io, "gets", 0, Some(1), |vm, io, args| {
        let chomp = chomp_keyword(vm, args)?;
        let line = read_line(vm, io, chomp)?;
        let global = vm.symbols.intern("$_");
        vm.globals.insert(global, line);
        Ok(line)
    });
    vm.define_native(io, "readline", 0, Some(1), |vm, io, args| {
        let chomp = chomp_keyword(vm, args)?;
        let line = read_line(vm, io, chomp)?;
        if line.is_nil() {
            let class = vm.c.eof_error;
            return Err(vm.raise(class, "end of file reached".into()));
        }
        Ok(line)
    });
    vm.define_native(io, "each_line", 0, Some(1), |vm, io, args| {
        let Some(block) = vm.current_block() else {
            return crate::core::enumerator::for_this_call(vm, io, args, Value::NIL);
        };
        let chomp = chomp_keyword(vm, args)?;
        loop {
            let line = read_line(vm, io, chomp)?;
            if line.is_nil() {
                return Ok(io);
            }
            vm.invoke_block(&block, &[line])?;
        }
    });
    vm.define_native(io, "readlines", 0, Some(1), |vm, io, args| {
        let chomp = chomp_keyword(vm, args)?;
        read_lines(vm, io, chomp)
    });
    vm.define_native(io, "read", 0, Some(0), |vm, io, _| {
        let stream = readable(vm, io)?;
        let bytes = read_rest(vm, stream);
        Ok(vm.new_string(bytes))
    });
    vm.define_native(io, "eof?", 0, Some(0), |vm, io, _| {
        let at_end = match readable(vm, io)? {
            Stream::File(fd) => {
                let (bytes, pos) = vm.files[&fd].contents.as_ref().expect("readable");
                *pos >= bytes.len()
            }
            _ => std::io::stdin()
                .lock()
                .fill_buf()
                .map_or(true, |buffer| buffer.is_empty()),
        };
        Ok(Value::bool(at_end))
    });
    vm.define_native(io, "lineno", 0, Some(0), |vm, io, _| {
        Ok(match readable(vm, io)? {
            Stream::File(fd) => Value::small(vm.files[&fd].lineno),
            _ => Value::small(vm.stdin_lineno),
        })
    });
    vm.define_native(io, "close", 0, Some(0), |vm, io, _| {
        let fd = vm.sym.io_fd;
        if let Some(number) = vm.ivar_get(io, fd).as_fixnum() {
            if let Some(mut file) = vm.files.remove(&number) {
                file.flush();
            }
        }
        vm.ivar_set(io, fd, Value::NIL)?;
        Ok(Value::NIL)
    });
    vm.define_native(io, "closed?", 0, Some(0), |vm, io, _| {
        let fd = vm.sym.io_fd;
        Ok(Value::bool(vm.ivar_get(io, fd).is_nil()))
    });
    // Only recorded: rhizome flushes standard output at exit, before
    // anything goes to standard error, and at every newline on a terminal,
    // which is what a program can observe of MRI's sync.
    vm.define_native(io, "sync", 0, Some(0), |vm, io, _| {
        let stream = stream_of(vm, io)?;
        let sync = vm.symbols.intern("sync");
        let value = vm.ivar_get(io, sync);
        Ok(if value.is_nil() {
            Value::bool(stream == Stream::Stderr)
        } else {
            value
        })
    });
    vm.define_native(io, "sync=", 1, Some(1), |vm, io, args| {
        stream_of(vm, io)?;
        let sync = vm.symbols.intern("sync");
        vm.ivar_set(io, sync, Value::bool(args[0].truthy()))?;
        Ok(args[0])
    });
    vm.define_native(io, "fileno", 0, Some(0), |vm, io, _| {
        stream_of(vm, io)?;
        let fd = vm.sym.io_fd;
        Ok(vm.ivar_get(io, fd))
    });
    vm.define_native(io, "inspect", 0, Some(0), |vm, io, _| {
        let fd = vm.sym.io_fd;
        let name = match vm.ivar_get(io, fd).as_fixnum() {
            Some(0) => "<STDIN>".to_string(),
            Some(1) => "<STDOUT>".to_string(),
            Some(2) => "<STDERR>".to_string(),
            Some(number) => format!("fd {number}"),
            None => "(closed)".to_string(),
        };
        let class = vm.class_name(vm.real_class_of(io));
        Ok(vm.new_str(&format!("#<{class}:{name}>")))
    });
    vm.define_native(io, "tty?", 0, Some(0), |vm, io, _| {
        use std::io::IsTerminal;
        let terminal = match stream_of(vm, io)? {
            Stream::Stdin => std::io::stdin().is_terminal(),
            Stream::Stdout => std::io::stdout().is_terminal(),
            Stream::Stderr => std::io::stderr().is_terminal(),
            Stream::File(_) => false,
        };
        Ok(Value::bool(terminal))
    });

    let kernel = vm.c.kernel;
    vm.define_private_native(kernel, "gets", 0, Some(1), |vm, _, args| {
        let stdin = standard_stream(vm, "$stdin");
        let gets = vm.symbols.intern("gets");
        let kwargs = vm.called_with_keywords();
        vm.call_forwarding(stdin, gets, args, None, kwargs)
    });
    vm.define_private_native(kernel, "readlines", 0, Some(1), |vm, _, args| {
        let stdin = standard_stream(vm, "$stdin");
        let readlines = vm.symbols.intern("readlines");
        let kwargs = vm.called_with_keywords();
        vm.call_forwarding(stdin, readlines, args, None, kwargs)
    });
}

/// A new IO object of `class` on stream `fd`.
fn new_io(vm: &mut Vm, class: Value, fd: i64) -> Value {
    let io = vm.new_object(class);
    set_fd(vm, io, fd).expect("a new object is not frozen");
    io
}

/// Points IO object `io` at stream `fd`.
pub fn set_fd(vm: &mut Vm, io: Value, fd: i64) -> VmResult<()> {
    let name = vm.sym.io_fd;
    vm.ivar_set(io, name, Value::small(fd))
}

/// The value of `$stdout`/`$stdin` (what Kernel's `puts` and `gets` use).
fn standard_stream(vm: &mut Vm, global: &str) -> Value {
    let global = vm.symbols.intern(global);
    vm.globals.get(&global).copied().unwrap_or(Value::NIL)
}

/// Whether `value` is an IO object (of IO or a subclass such as File).
pub fn is_io(vm: &mut Vm, value: Value) -> bool {
    let io = vm.c.io;
    value.is_heap() && (vm.real_class_of(value) == io || vm.is_kind_of(value, io))
}

/// `puts` on `io` (an IO, or whatever `$stdout` holds).
pub fn puts_on(vm: &mut Vm, io: Value, args: &[Value]) -> VmResult<()> {
    let sink = sink_of(vm, io)?;
    puts_to(vm, sink, args)
}

/// `print` on `io`: each argument's `to_s` (an object sink gets the
/// arguments themselves, as MRI passes them to `write`).
pub fn print_on(vm: &mut Vm, io: Value, args: &[Value]) -> VmResult<()> {
    match sink_of(vm, io)? {
        Sink::Stream(stream) => {
            for &arg in args {
                let bytes = vm.to_s_bytes(arg)?;
                write_bytes(vm, stream, &bytes)?;
            }
        }
        Sink::Object(object) => {
            let write = vm.symbols.intern("write");
            for &arg in args {
                vm.call(object, write, &[arg])?;
            }
        }
    }
    Ok(())
}

/// Writes `pieces` to `io` in one write (what `p` does with an inspect
/// form and its newline).
pub fn write_pieces_on(vm: &mut Vm, io: Value, pieces: &[&[u8]]) -> VmResult<()> {
    let sink = sink_of(vm, io)?;
    emit(vm, sink, pieces)
}

/// Flushes every open file (at the end of the program).
pub fn flush_files(vm: &mut Vm) {
    for file in vm.files.values_mut() {
        file.flush();
    }
}

/// Where writing to `io` goes: an IO's stream (IOError when it cannot be
/// written), or `io` itself when it is some other object.
fn sink_of(vm: &mut Vm, io: Value) -> VmResult<Sink> {
    if is_io(vm, io) {
        Ok(Sink::Stream(writable(vm, io)?))
    } else {
        Ok(Sink::Object(io))
    }
}

/// One write of `pieces` to `sink`.
fn emit(vm: &mut Vm, sink: Sink, pieces: &[&[u8]]) -> VmResult<()> {
    match sink {
        Sink::Stream(stream) => {
            for piece in pieces {
                write_bytes(vm, stream, piece)?;
            }
            Ok(())
        }
        Sink::Object(object) => {
            let strings = vm.new_array(Vec::new());
            crate::core::array::append_strings(vm, strings, pieces.iter().copied());
            let args = strings.get::<RArray>().expect("an Array").items().clone();
            let write = vm.symbols.intern("write");
            vm.temp_roots.borrow_mut().push(strings);
            let result = vm.call(object, write, &args);
            vm.temp_roots.borrow_mut().pop();
            result.map(|_| ())
        }
    }
}

/// The stream of `io`, or IOError `closed stream`.
fn stream_of(vm: &mut Vm, io: Value) -> VmResult<Stream> {
    let fd = vm.sym.io_fd;
    match vm.ivar_get(io, fd).as_fixnum() {
        Some(0) => Ok(Stream::Stdin),
        Some(1) => Ok(Stream::Stdout),
        Some(2) => Ok(Stream::Stderr),
        Some(number) if vm.files.contains_key(&number) => Ok(Stream::File(number)),
        _ => Err(io_error(vm, "closed stream")),
    }
}

fn io_error(vm: &mut Vm, message: &str) -> crate::vm::Control {
    let class = vm.c.io_error;
    vm.raise(class, message.into())
}

/// The stream of `io` when it can be written, else IOError.
fn writable(vm: &mut Vm, io: Value) -> VmResult<Stream> {
    let stream = stream_of(vm, io)?;
    let can_write = match stream {
        Stream::Stdin => false,
        Stream::Stdout | Stream::Stderr => true,
        Stream::File(fd) => vm.files[&fd].writer.is_some(),
    };
    if can_write {
        Ok(stream)
    } else {
        Err(io_error(vm, "not opened for writing"))
    }
}

/// The stream of `io` when it can be read, else IOError.
fn readable(vm: &mut Vm, io: Value) -> VmResult<Stream> {
    let stream = stream_of(vm, io)?;
    let can_read = match stream {
        Stream::Stdin => true,
        Stream::Stdout | Stream::Stderr => false,
        Stream::File(fd) => vm.files[&fd].contents.is_some(),
    };
    if can_read {
        Ok(stream)
    } else {
        Err(io_error(vm, "not opened for reading"))
    }
}

fn write_bytes(vm: &mut Vm, stream: Stream, bytes: &[u8]) -> VmResult<()> {
    match stream {
        Stream::Stdout => vm.out.write(bytes),
        Stream::Stderr => {
            vm.out.flush();
            crate::output::write_stderr_bytes(bytes);
        }
        Stream::File(fd) => {
            let file = vm.files.get_mut(&fd).expect("a writable file");
            let writer = file.writer.as_mut().expect("a writable file");
            if let Err(error) = writer.write_all(bytes) {
                let path = file.path.clone();
                return Err(vm.raise_io_error(&error, "io_write", &path));
            }
        }
        Stream::Stdin => unreachable!("stdin is not writable"),
    }
    Ok(())
}

/// `puts`: each argument on its own line; Arrays print their elements
/// (recursively, `[...]` for an Array inside itself), an empty call prints
/// a newline.
fn puts_to(vm: &mut Vm, sink: Sink, args: &[Value]) -> VmResult<()> {
    if args.is_empty() {
        return emit(vm, sink, &[b"\n"]);
    }
    for &arg in args {
        puts_one(vm, sink, arg, &mut Vec::new())?;
    }
    Ok(())
}

fn puts_one(vm: &mut Vm, sink: Sink, value: Value, seen: &mut Vec<Value>) -> VmResult<()> {
    if let Some(array) = value.get::<RArray>() {
        if seen.contains(&value) {
            return emit(vm, sink, &[b"[...]", b"\n"]);
        }
        seen.push(value);
        let items = array.items().clone();
        for item in items {
            puts_one(vm, sink, item, seen)?;
        }
        seen.pop();
        return Ok(());
    }
    let bytes = vm.to_s_bytes(value)?;
    if bytes.last() == Some(&b'\n') {
        emit(vm, sink, &[&bytes])
    } else {
        emit(vm, sink, &[&bytes, b"\n"])
    }
}

/// The `chomp:` keyword of `gets`, `readlines` and `each_line`.
fn chomp_keyword(vm: &mut Vm, args: &[Value]) -> VmResult<bool> {
    let (positional, values) = vm.native_keywords(args, &["chomp"])?;
    if !positional.is_empty() {
        let text = expect_string(vm, positional[0])?;
        if text[..] != b"\n"[..] {
            let message = "rhizome reads lines ending in \"\\n\" only".to_string();
            let class = vm.c.not_implemented_error;
            return Err(vm.raise(class, message));
        }
    }
    Ok(values[0].is_some_and(Value::truthy))
}

/// The next line of `io` (with its newline unless `chomp`), nil at the end.
fn read_line(vm: &mut Vm, io: Value, chomp: bool) -> VmResult {
    let stream = readable(vm, io)?;
    let line = match stream {
        Stream::File(fd) => {
            let file = vm.files.get_mut(&fd).expect("a readable file");
            let (bytes, pos) = file.contents.as_mut().expect("a readable file");
            if *pos >= bytes.len() {
                None
            } else {
                let end = bytes[*pos..]
                    .iter()
                    .position(|&b| b == b'\n')
                    .map_or(bytes.len(), |i| *pos + i + 1);
                let line = bytes[*pos..end].to_vec();
                *pos = end;
                file.lineno += 1;
                Some(line)
            }
        }
        _ => {
            let mut line = Vec::new();
            let _ = std::io::stdin().lock().read_until(b'\n', &mut line);
            (!line.is_empty()).then(|| {
                vm.stdin_lineno += 1;
                line
            })
        }
    };
    Ok(match line {
        None => Value::NIL,
        Some(mut line) => {
            if chomp && line.last() == Some(&b'\n') {
                line.pop();
            }
            vm.new_string(line)
        }
    })
}

/// Every remaining line of `io`, as an Array.
fn read_lines(vm: &mut Vm, io: Value, chomp: bool) -> VmResult {
    let lines = vm.new_array(Vec::new());
    loop {
        let line = read_line(vm, io, chomp)?;
        if line.is_nil() {
            return Ok(lines);
        }
        crate::core::array::append(lines, line);
    }
}

/// Everything left to read on a readable stream.
fn read_rest(vm: &mut Vm, stream: Stream) -> Vec<u8> {
    match stream {
        Stream::File(fd) => {
            let file = vm.files.get_mut(&fd).expect("a readable file");
            let (bytes, pos) = file.contents.as_mut().expect("a readable file");
            let rest = bytes[*pos..].to_vec();
            *pos = bytes.len();
            rest
        }
        _ => {
            let mut bytes = Vec::new();
            let _ = std::io::stdin().lock().read_to_end(&mut bytes);
            bytes
        }
    }
}
