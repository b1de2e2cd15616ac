//! IO: the standard streams (`$stdin`, `$stdout`, `$stderr`, `STDIN`,
//! `STDOUT`, `STDERR`) and open files, with `puts`, `print`, `write`, `<<`,
//! `gets`, `read`, `readlines`, `each_line`, `seek`, `rewind`, `close` and
//! friends; Kernel's `gets`, `readlines` and `warn`.
//!
//! An IO object keeps a hidden `fd`: 0, 1 and 2 are the standard streams,
//! any other number is an open file, whose state lives in the VM's table of
//! open files ([`OpenFile`]); `nil` means closed. Every method asks
//! [`stream_of`] first, so a closed stream raises MRI's `IOError` whatever
//! the method.
//!
//! Standard output goes through the VM's buffered output; writing to
//! standard error flushes it first, so the two interleave as the program
//! wrote them. A file is buffered both ways, as MRI buffers it: reads fill
//! a buffer of 8 KiB, writes wait in another until it is full, the file is
//! flushed, read or repositioned, or `sync` is set. Reading and writing the
//! same file (`"r+"`, `"w+"`) therefore see one position:
//!
//! ```ruby
//! File.open("notes.txt", "w+") do |f|
//!   f.write("abc")
//!   f.rewind
//!   f.read        # => "abc"
//! end
//! ```
//!
//! Lines end at a separator (`"\n"` by default, `nil` for the whole rest,
//! `""` for paragraphs) or after a byte limit, never inside a UTF-8
//! character, as in MRI's `gets(sep, limit, chomp: true)`.

use crate::core::public;
use crate::core::string::expect_string;
use crate::object::{RArray, RString};
use crate::open_file::OpenFile;
use crate::value::Value;
use crate::vm::{Vm, VmResult};
use std::io::{BufRead, SeekFrom};

/// What lines are read from: a buffered byte source.
trait Source {
    /// The bytes available without blocking for more, reading when there
    /// are none; empty at the end.
    fn fill(&mut self) -> std::io::Result<&[u8]>;
    fn consume(&mut self, n: usize);
}

impl Source for OpenFile {
    fn fill(&mut self) -> std::io::Result<&[u8]> {
        OpenFile::fill(self)
    }

    fn consume(&mut self, n: usize) {
        OpenFile::consume(self, n);
    }
}

impl Source for std::io::StdinLock<'static> {
    fn fill(&mut self) -> std::io::Result<&[u8]> {
        self.fill_buf()
    }

    fn consume(&mut self, n: usize) {
        BufRead::consume(self, n);
    }
}

/// Where a line ends.
#[derive(Clone, PartialEq, Eq)]
pub enum Separator {
    /// `nil`: at the end of the stream.
    None,
    /// `""`: at an empty line (paragraph mode).
    Paragraph,
    /// After these bytes.
    Bytes(Vec<u8>),
}

/// The arguments of `gets`, `each_line`, `readlines` and `foreach`: the
/// separator, the byte limit (negative: none) and `chomp:`.
#[derive(Clone)]
pub struct LineArgs {
    pub separator: Separator,
    pub limit: i64,
    pub chomp: bool,
}

thread_local! {
    /// ARGF's line count (Kernel's `gets` counts every line it returns,
    /// what the limit cut too).
    static ARGF_LINENO: std::cell::Cell<i64> = const { std::cell::Cell::new(0) };
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

/// Which of MRI's C functions a failed read is reported from.
#[derive(Clone, Copy)]
enum ReadPlace {
    /// `read`: `io_fread - path`.
    Fread,
    /// Lines and `eof?`: `io_fillbuf - fd:N path`.
    Fillbuf,
}

/// Defines IO, the standard streams, and Kernel's `gets` and `readlines`.
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
        vm.globals.set(global, stream);
        let constant = vm.symbols.intern(constant);
        vm.set_constant(object, constant, stream);
    }
    set_last_lineno(vm, 0);
    for (name, value) in [("SEEK_SET", 0), ("SEEK_CUR", 1), ("SEEK_END", 2)] {
        let name = vm.symbols.intern(name);
        vm.set_constant(io, name, Value::small(value));
    }
    vm.define_methods(
        io,
        &[
            public("puts", 0, None, io_puts),
            public("print", 0, None, io_print),
            public("write", 0, None, io_write),
            public("<<", 1, Some(1), io_lshift),
            public("flush", 0, Some(0), io_flush),
            public("gets", 0, Some(3), io_gets),
            public("readline", 0, Some(3), io_readline),
            public("each_line", 0, Some(3), io_each_line),
            public("readlines", 0, Some(3), io_readlines),
            public("read", 0, Some(2), read),
        ],
    );
    vm.define_methods(
        io,
        &[
            public("eof?", 0, Some(0), eof_p),
            public("eof", 0, Some(0), eof_p),
        ],
    );
    vm.define_methods(
        io,
        &[
            public("lineno", 0, Some(0), io_lineno),
            public("lineno=", 1, Some(1), io_lineno_set),
        ],
    );
    vm.define_methods(
        io,
        &[
            public("pos", 0, Some(0), pos),
            public("tell", 0, Some(0), pos),
        ],
    );
    vm.define_methods(
        io,
        &[
            public("pos=", 1, Some(1), io_pos_set),
            public("seek", 1, Some(2), io_seek),
            public("rewind", 0, Some(0), io_rewind),
            public("binmode", 0, Some(0), io_binmode),
            public("binmode?", 0, Some(0), io_binmode_p),
            public("close", 0, Some(0), io_close),
            public("closed?", 0, Some(0), io_closed_p),
        ],
    );
    // Only recorded for the standard streams: rhizome flushes standard
    // output at exit, before anything goes to standard error, and at every
    // newline on a terminal, which is what a program can observe of MRI's
    // sync. A file with sync set writes at once.
    vm.define_methods(
        io,
        &[
            public("sync", 0, Some(0), io_sync),
            public("sync=", 1, Some(1), io_sync_set),
            public("fileno", 0, Some(0), io_fileno),
            public("to_io", 0, Some(0), io_to_io),
            public("inspect", 0, Some(0), io_inspect),
            public("tty?", 0, Some(0), io_tty_p),
        ],
    );
    let kernel = vm.c.kernel;
    vm.define_private_native(kernel, "gets", 0, Some(3), kernel_gets);
    vm.define_private_native(kernel, "readlines", 0, Some(3), kernel_readlines);
}

/// `puts`.
fn io_puts(vm: &mut Vm, io: Value, args: &[Value]) -> VmResult {
    puts_on(vm, io, args)?;
    Ok(Value::NIL)
}

/// `print`.
fn io_print(vm: &mut Vm, io: Value, args: &[Value]) -> VmResult {
    print_on(vm, io, args)?;
    Ok(Value::NIL)
}

/// `write`.
fn io_write(vm: &mut Vm, io: Value, args: &[Value]) -> VmResult {
    let stream = writable(vm, io)?;
    let mut written = 0;
    for &arg in args {
        let bytes = vm.to_s_bytes(arg)?;
        written += bytes.len();
        write_bytes(vm, stream, &bytes)?;
    }
    Ok(Value::small(written as i64))
}

/// `<<`.
fn io_lshift(vm: &mut Vm, io: Value, args: &[Value]) -> VmResult {
    let stream = writable(vm, io)?;
    let bytes = vm.to_s_bytes(args[0])?;
    write_bytes(vm, stream, &bytes)?;
    Ok(io)
}

/// `flush`.
fn io_flush(vm: &mut Vm, io: Value, _: &[Value]) -> VmResult {
    match stream_of(vm, io)? {
        Stream::File(fd) => flush_file(vm, fd)?,
        _ => vm.io.out().flush(),
    }
    Ok(io)
}

/// `gets`.
fn io_gets(vm: &mut Vm, io: Value, args: &[Value]) -> VmResult {
    let line_args = line_args(vm, args)?;
    let line = gets(vm, io, &line_args)?;
    let global = vm.symbols.intern("$_");
    vm.globals.set(global, line);
    Ok(line)
}

/// `readline`.
fn io_readline(vm: &mut Vm, io: Value, args: &[Value]) -> VmResult {
    let line_args = line_args(vm, args)?;
    let line = gets(vm, io, &line_args)?;
    if line.is_nil() {
        let class = vm.c.eof_error;
        return Err(vm.raise(class, "end of file reached".into()));
    }
    Ok(line)
}

/// `each_line`.
fn io_each_line(vm: &mut Vm, io: Value, args: &[Value]) -> VmResult {
    let Some(block) = vm.current_block() else {
        return crate::core::enumerator::for_this_call(vm, io, args, Value::NIL);
    };
    let line_args = line_args(vm, args)?;
    check_limit(vm, &line_args, "each_line")?;
    loop {
        let line = read_line(vm, io, &line_args)?;
        if line.is_nil() {
            return Ok(io);
        }
        vm.invoke_block(&block, &[line])?;
    }
}

/// `readlines`.
fn io_readlines(vm: &mut Vm, io: Value, args: &[Value]) -> VmResult {
    let line_args = line_args(vm, args)?;
    check_limit(vm, &line_args, "readlines")?;
    read_lines(vm, io, &line_args)
}

/// `lineno`.
fn io_lineno(vm: &mut Vm, io: Value, _: &[Value]) -> VmResult {
    Ok(match readable(vm, io)? {
        Stream::File(fd) => Value::small(vm.io.file(fd).lineno),
        _ => Value::small(vm.io.stdin_lineno()),
    })
}

/// `lineno=`.
fn io_lineno_set(vm: &mut Vm, io: Value, args: &[Value]) -> VmResult {
    let stream = readable(vm, io)?;
    let lineno = crate::core::integer::num2int(vm, args[0])?;
    match stream {
        Stream::File(fd) => vm.io.file_mut(fd).lineno = lineno,
        _ => vm.io.set_stdin_lineno(lineno),
    }
    Ok(args[0])
}

/// `pos=`.
fn io_pos_set(vm: &mut Vm, io: Value, args: &[Value]) -> VmResult {
    let offset = crate::core::array::to_long(vm, args[0])?;
    let fd = seekable(vm, io)?;
    seek(vm, fd, offset, 0, "rb_io_set_pos")?;
    Ok(Value::small(offset))
}

/// `seek`.
fn io_seek(vm: &mut Vm, io: Value, args: &[Value]) -> VmResult {
    let offset = crate::core::array::to_long(vm, args[0])?;
    let whence = match args.get(1) {
        None => 0,
        Some(&whence) => whence_arg(vm, whence)?,
    };
    let fd = seekable(vm, io)?;
    seek(vm, fd, offset, whence, "rb_io_seek")?;
    Ok(Value::small(0))
}

/// `rewind`.
fn io_rewind(vm: &mut Vm, io: Value, _: &[Value]) -> VmResult {
    let fd = seekable(vm, io)?;
    seek(vm, fd, 0, 0, "rb_io_rewind")?;
    vm.io.file_mut(fd).lineno = 0;
    Ok(Value::small(0))
}

/// `binmode`.
fn io_binmode(vm: &mut Vm, io: Value, _: &[Value]) -> VmResult {
    if let Stream::File(fd) = stream_of(vm, io)? {
        vm.io.file_mut(fd).binmode = true;
    } else {
        let binmode = vm.symbols.intern("binmode");
        vm.ivar_set(io, binmode, Value::TRUE)?;
    }
    Ok(io)
}

/// `binmode?`.
fn io_binmode_p(vm: &mut Vm, io: Value, _: &[Value]) -> VmResult {
    Ok(match stream_of(vm, io)? {
        Stream::File(fd) => Value::bool(vm.io.file(fd).binmode),
        _ => {
            let binmode = vm.symbols.intern("binmode");
            Value::bool(vm.ivar_get(io, binmode).truthy())
        }
    })
}

/// `close`.
fn io_close(vm: &mut Vm, io: Value, _: &[Value]) -> VmResult {
    let fd = vm.sym.io_fd;
    if let Some(number) = vm.ivar_get(io, fd).as_fixnum() {
        if let Some(mut file) = vm.io.remove_file(number) {
            let _ = file.flush();
        }
    }
    vm.ivar_set(io, fd, Value::NIL)?;
    Ok(Value::NIL)
}

/// `closed?`.
fn io_closed_p(vm: &mut Vm, io: Value, _: &[Value]) -> VmResult {
    let fd = vm.sym.io_fd;
    Ok(Value::bool(vm.ivar_get(io, fd).is_nil()))
}

/// `sync`.
fn io_sync(vm: &mut Vm, io: Value, _: &[Value]) -> VmResult {
    let stream = stream_of(vm, io)?;
    if let Stream::File(fd) = stream {
        return Ok(Value::bool(vm.io.file(fd).sync));
    }
    let sync = vm.symbols.intern("sync");
    let value = vm.ivar_get(io, sync);
    Ok(if value.is_nil() {
        Value::bool(stream == Stream::Stderr)
    } else {
        value
    })
}

/// `sync=`.
fn io_sync_set(vm: &mut Vm, io: Value, args: &[Value]) -> VmResult {
    if let Stream::File(fd) = stream_of(vm, io)? {
        vm.io.file_mut(fd).sync = args[0].truthy();
        flush_file(vm, fd)?;
        return Ok(args[0]);
    }
    let sync = vm.symbols.intern("sync");
    vm.ivar_set(io, sync, Value::bool(args[0].truthy()))?;
    Ok(args[0])
}

/// `fileno`.
fn io_fileno(vm: &mut Vm, io: Value, _: &[Value]) -> VmResult {
    stream_of(vm, io)?;
    let fd = vm.sym.io_fd;
    Ok(vm.ivar_get(io, fd))
}

/// `to_io`.
fn io_to_io(_: &mut Vm, io: Value, _: &[Value]) -> VmResult {
    Ok(io)
}

/// `inspect`.
fn io_inspect(vm: &mut Vm, io: Value, _: &[Value]) -> VmResult {
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
}

/// `tty?`.
fn io_tty_p(vm: &mut Vm, io: Value, _: &[Value]) -> VmResult {
    use std::io::IsTerminal;
    let terminal = match stream_of(vm, io)? {
        Stream::Stdin => std::io::stdin().is_terminal(),
        Stream::Stdout => std::io::stdout().is_terminal(),
        Stream::Stderr => std::io::stderr().is_terminal(),
        Stream::File(_) => false,
    };
    Ok(Value::bool(terminal))
}

/// `gets`.
fn kernel_gets(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let stdin = standard_stream(vm, "$stdin");
    let gets = vm.symbols.intern("gets");
    let kwargs = vm.called_with_keywords();
    let lineno = ARGF_LINENO.get();
    let line = vm.call_forwarding(stdin, gets, args, None, kwargs)?;
    if !line.is_nil() {
        ARGF_LINENO.set(lineno + 1);
        set_last_lineno(vm, lineno + 1);
    }
    Ok(line)
}

/// `readlines`.
fn kernel_readlines(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let stdin = standard_stream(vm, "$stdin");
    let readlines = vm.symbols.intern("readlines");
    let kwargs = vm.called_with_keywords();
    let lineno = ARGF_LINENO.get();
    let lines = vm.call_forwarding(stdin, readlines, args, None, kwargs)?;
    if let Some(count) = vm.array_items(lines).map(|lines| lines.len() as i64) {
        ARGF_LINENO.set(lineno + count);
        set_last_lineno(vm, lineno + count);
    }
    Ok(lines)
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
    vm.globals.get(global)
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
    for file in vm.io.files_mut() {
        let _ = file.flush();
    }
}

/// The open file of File object `file`, or IOError `closed stream`.
pub fn file_fd(vm: &mut Vm, file: Value) -> VmResult<i64> {
    seekable(vm, file)
}

/// Writes `bytes` to open file `fd` (`File.write`), raising MRI's Errno.
pub fn write_to_file(vm: &mut Vm, fd: i64, bytes: &[u8]) -> VmResult<()> {
    if !vm.io.file(fd).is_writable() {
        return Err(io_error(vm, "not opened for writing"));
    }
    write_bytes(vm, Stream::File(fd), bytes)
}

/// Flushes open file `fd`, raising MRI's Errno when the write fails.
pub fn flush_file(vm: &mut Vm, fd: i64) -> VmResult<()> {
    let file = vm.io.file_mut(fd);
    if let Err(error) = file.flush() {
        let path = file.path.clone();
        return Err(vm.raise_io_error(&error, "rb_io_flush_raw", &path));
    }
    Ok(())
}

/// Moves open file `fd` to `offset` from the start (`whence` 0), the
/// current position (1), the end (2), or the next data (3) or hole (4);
/// `place` names the C function MRI reports a failure from (`Invalid
/// argument @ rb_io_seek - path`).
pub fn seek(vm: &mut Vm, fd: i64, offset: i64, whence: i64, place: &str) -> VmResult<()> {
    let file = vm.io.file_mut(fd);
    let result = match whence {
        0 if offset >= 0 => file.seek(SeekFrom::Start(offset as u64)),
        1 => file.seek(SeekFrom::Current(offset)),
        2 => file.seek(SeekFrom::End(offset)),
        _ => file.seek_raw(offset, whence),
    };
    match result {
        Ok(_) => Ok(()),
        Err(error) => Err(file_error(vm, fd, &error, place)),
    }
}

/// Reads open file `fd` as `IO#read(length)` does: everything left
/// (`None`; `""` at the end), or up to `length` bytes (nil at the end).
pub fn read_from_file(vm: &mut Vm, fd: i64, length: Option<usize>) -> VmResult {
    if !vm.io.file(fd).is_readable() {
        return Err(io_error(vm, "not opened for reading"));
    }
    read_stream(vm, Stream::File(fd), length)
}

/// The arguments of a line-reading method: `(sep)`, `(limit)` or
/// `(sep, limit)`, and the `chomp:` keyword (MRI ignores other keywords).
fn line_args(vm: &mut Vm, args: &[Value]) -> VmResult<LineArgs> {
    let (positional, chomp) = match args.split_last() {
        Some((&options, positional)) if vm.called_with_keywords() => {
            let chomp = vm.hash_pairs(options).into_iter().any(|(key, value)| {
                key.as_symbol()
                    .is_some_and(|name| vm.symbols.name(name) == "chomp" && value.truthy())
            });
            (positional, chomp)
        }
        _ => (args, false),
    };
    if positional.len() > 2 {
        return Err(vm.argument_error(format!(
            "wrong number of arguments (given {}, expected 0..2)",
            positional.len()
        )));
    }
    let positional = positional.to_vec();
    positional_line_args(vm, &positional, chomp)
}

/// [`LineArgs`] from the positional arguments of a line-reading method, as
/// MRI's `extract_getline_args` reads them: one argument is a separator
/// when it is nil or a String, else a limit.
pub fn positional_line_args(vm: &mut Vm, args: &[Value], chomp: bool) -> VmResult<LineArgs> {
    let default = Separator::Bytes(b"\n".to_vec());
    let (separator, limit) = match args {
        [] => (default, Value::NIL),
        [only] if only.is_nil() => (Separator::None, Value::NIL),
        [only] => match crate::core::string::check_string(vm, *only)? {
            Some(string) => {
                let bytes = vm.string_bytes(string).unwrap_or_default();
                (separator_of(bytes), Value::NIL)
            }
            None => (default, *only),
        },
        [separator, limit, ..] => {
            let separator = if separator.is_nil() {
                Separator::None
            } else {
                separator_of(expect_string(vm, *separator)?.to_vec())
            };
            (separator, *limit)
        }
    };
    let limit = if limit.is_nil() {
        -1
    } else {
        crate::core::array::to_long(vm, limit)?
    };
    Ok(LineArgs {
        separator,
        limit,
        chomp,
    })
}

fn separator_of(bytes: Vec<u8>) -> Separator {
    if bytes.is_empty() {
        Separator::Paragraph
    } else {
        Separator::Bytes(bytes)
    }
}

/// ArgumentError `invalid limit: 0 for each_line` (and for `readlines`).
pub fn check_limit(vm: &mut Vm, args: &LineArgs, method: &str) -> VmResult<()> {
    if args.limit == 0 {
        return Err(vm.argument_error(format!("invalid limit: 0 for {method}")));
    }
    Ok(())
}

/// `gets`: the next line, `""` for a limit of 0, nil at the end.
fn gets(vm: &mut Vm, io: Value, args: &LineArgs) -> VmResult {
    if args.limit == 0 {
        readable(vm, io)?;
        return Ok(vm.new_str(""));
    }
    read_line(vm, io, args)
}

/// The next line of `io` (nil at the end), counting it in `lineno` and
/// `$.`.
pub fn read_line(vm: &mut Vm, io: Value, args: &LineArgs) -> VmResult {
    let stream = readable(vm, io)?;
    line_on(vm, stream, args)
}

/// The next line of open file `fd` (`File.readlines`, `File.foreach`).
pub fn file_line(vm: &mut Vm, fd: i64, args: &LineArgs) -> VmResult {
    if !vm.io.file(fd).is_readable() {
        return Err(io_error(vm, "not opened for reading"));
    }
    line_on(vm, Stream::File(fd), args)
}

/// The next line of a readable stream.
fn line_on(vm: &mut Vm, stream: Stream, args: &LineArgs) -> VmResult {
    if args.limit == 0 {
        return Ok(vm.new_str(""));
    }
    let line = with_source(vm, stream, |source| line_from(source, args));
    let line = line.map_err(|error| read_error(vm, stream, &error, ReadPlace::Fillbuf))?;
    let Some((line, counted)) = line else {
        return Ok(Value::NIL);
    };
    if counted {
        let last_lineno = match stream {
            Stream::File(fd) => {
                let file = vm.io.file_mut(fd);
                file.lineno += 1;
                file.lineno
            }
            _ => {
                // Standard input is what ARGF reads, whose count moves too.
                vm.io.count_stdin_line();
                ARGF_LINENO.set(ARGF_LINENO.get() + 1);
                ARGF_LINENO.get()
            }
        };
        set_last_lineno(vm, last_lineno);
    }
    Ok(read_string(vm, stream, line, false))
}

/// A String of bytes read from `stream`: ASCII-8BIT when the stream is in
/// binary mode or a length was asked for (`read(n)`), as in MRI; else
/// UTF-8, the default external encoding.
fn read_string(vm: &mut Vm, stream: Stream, bytes: Vec<u8>, by_length: bool) -> Value {
    let binary = by_length || matches!(stream, Stream::File(fd) if vm.io.file(fd).binmode);
    let string = vm.new_string(bytes);
    if binary {
        crate::core::string::string_of(string).set_encoding(crate::encoding::Encoding::Binary);
    }
    string
}

/// `$.`: the number of the last line read.
fn set_last_lineno(vm: &mut Vm, lineno: i64) {
    let name = vm.symbols.intern("$.");
    vm.globals.set(name, Value::small(lineno));
}

/// Every remaining line of `io`, as an Array.
pub fn read_lines(vm: &mut Vm, io: Value, args: &LineArgs) -> VmResult {
    let lines = vm.new_array(Vec::new());
    loop {
        let line = read_line(vm, io, args)?;
        if line.is_nil() {
            return Ok(lines);
        }
        crate::core::array::append(lines, line);
    }
}

/// `IO#read(length = nil, outbuf = nil)`.
fn read(vm: &mut Vm, io: Value, args: &[Value]) -> VmResult {
    let length = match args.first() {
        Some(&length) if !length.is_nil() => {
            let length = crate::core::array::to_long(vm, length)?;
            if length < 0 {
                return Err(vm.argument_error(format!("negative length {length} given")));
            }
            Some(length as usize)
        }
        _ => None,
    };
    let buffer = match args.get(1) {
        Some(&buffer) if !buffer.is_nil() => {
            let Some(string) = crate::core::string::check_string(vm, buffer)? else {
                expect_string(vm, buffer)?;
                unreachable!("expect_string raises for what check_string refuses");
            };
            vm.check_frozen(string)?;
            Some(string)
        }
        _ => None,
    };
    let stream = readable(vm, io)?;
    let result = read_stream(vm, stream, length)?;
    let Some(buffer) = buffer else {
        return Ok(result);
    };
    let bytes = vm.string_bytes(result).unwrap_or_default();
    let string = buffer.get::<RString>().expect("a String");
    *string.bytes_mut() = crate::object::string_bytes(bytes);
    Ok(if result.is_nil() { Value::NIL } else { buffer })
}

/// What `read(length)` reads from a readable stream.
fn read_stream(vm: &mut Vm, stream: Stream, length: Option<usize>) -> VmResult {
    if length == Some(0) {
        return Ok(read_string(vm, stream, Vec::new(), true));
    }
    let bytes = with_source(vm, stream, |source| read_bytes(source, length));
    let bytes = bytes.map_err(|error| read_error(vm, stream, &error, ReadPlace::Fread))?;
    if length.is_some() && bytes.is_empty() {
        return Ok(Value::NIL);
    }
    Ok(read_string(vm, stream, bytes, length.is_some()))
}

/// Runs `read` on the byte source of a readable stream.
fn with_source<R>(vm: &mut Vm, stream: Stream, read: impl FnOnce(&mut dyn Source) -> R) -> R {
    match stream {
        Stream::File(fd) => read(vm.io.file_mut(fd)),
        _ => read(&mut std::io::stdin().lock()),
    }
}

/// Up to `length` bytes (all of them for None).
fn read_bytes(source: &mut dyn Source, length: Option<usize>) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    loop {
        let wanted = length.map_or(usize::MAX, |length| length - bytes.len());
        if wanted == 0 {
            return Ok(bytes);
        }
        let available = source.fill()?;
        if available.is_empty() {
            return Ok(bytes);
        }
        let taken = available.len().min(wanted);
        bytes.extend_from_slice(&available[..taken]);
        source.consume(taken);
    }
}

/// Skips the newlines at the start of `source` (paragraph mode).
fn skip_newlines(source: &mut dyn Source) -> std::io::Result<()> {
    loop {
        let available = source.fill()?;
        let newlines = available.iter().take_while(|&&b| b == b'\n').count();
        let more = newlines == available.len() && newlines > 0;
        source.consume(newlines);
        if !more {
            return Ok(());
        }
    }
}

/// A line read, and whether it counts in `lineno` (one the limit cut
/// does not, as in MRI).
type Line = Option<(Vec<u8>, bool)>;

/// The next line as MRI's `rb_io_getline_0` reads it (None at the end).
fn line_from(source: &mut dyn Source, args: &LineArgs) -> std::io::Result<Line> {
    let limit = usize::try_from(args.limit).ok();
    if args.separator == Separator::None && limit.is_none() {
        let mut all = read_bytes(source, None)?;
        if all.is_empty() {
            return Ok(None);
        }
        if args.chomp {
            // The default separator's chomp: "\r\n", "\n" or "\r".
            if all.ends_with(b"\r\n") {
                all.truncate(all.len() - 2);
            } else if all.ends_with(b"\n") || all.ends_with(b"\r") {
                all.pop();
            }
        }
        return Ok(Some((all, true)));
    }
    let paragraph = args.separator == Separator::Paragraph;
    let separator: &[u8] = match &args.separator {
        Separator::None => &[],
        Separator::Paragraph => b"\n\n",
        Separator::Bytes(bytes) => bytes,
    };
    if paragraph {
        skip_newlines(source)?;
    }
    let mut line = Vec::new();
    let mut remaining = limit.unwrap_or(usize::MAX);
    let mut matched = false;
    let mut at_end = false;
    let mut cut = false;
    'reading: loop {
        let available = source.fill()?;
        if available.is_empty() {
            at_end = true;
            break;
        }
        let mut taken = 0;
        while taken < available.len() {
            let byte = available[taken];
            line.push(byte);
            taken += 1;
            remaining -= 1;
            if !separator.is_empty()
                && byte == separator[separator.len() - 1]
                && line.ends_with(separator)
            {
                matched = true;
                source.consume(taken);
                break 'reading;
            }
            if remaining == 0 {
                source.consume(taken);
                complete_character(source, &mut line)?;
                cut = true;
                break 'reading;
            }
        }
        source.consume(taken);
    }
    if line.is_empty() && at_end {
        return Ok(None);
    }
    if matched && args.chomp {
        line.truncate(line.len() - separator.len());
        if separator == b"\n" && line.last() == Some(&b'\r') {
            line.pop();
        }
    }
    if paragraph && !at_end {
        skip_newlines(source)?;
    }
    Ok(Some((line, !cut)))
}

/// After a limit cut `line` inside a UTF-8 character, the bytes that
/// complete it (MRI never splits a character).
fn complete_character(source: &mut dyn Source, line: &mut Vec<u8>) -> std::io::Result<()> {
    let start = line
        .iter()
        .rev()
        .take(4)
        .position(|&b| b & 0xC0 != 0x80)
        .map(|back| line.len() - 1 - back);
    let Some(start) = start else {
        return Ok(());
    };
    let width = match line[start] {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return Ok(()),
    };
    while line.len() - start < width {
        let available = source.fill()?;
        match available.first() {
            Some(&byte) if byte & 0xC0 == 0x80 => {
                line.push(byte);
                source.consume(1);
            }
            _ => break,
        }
    }
    Ok(())
}

/// The Errno of a failed read, named as MRI names it.
fn read_error(
    vm: &mut Vm,
    stream: Stream,
    error: &std::io::Error,
    place: ReadPlace,
) -> crate::vm::Control {
    let Stream::File(fd) = stream else {
        return vm.raise_io_error(error, "io_fillbuf", "<STDIN>");
    };
    let path = vm.io.file(fd).path.clone();
    match place {
        ReadPlace::Fread => vm.raise_io_error(error, "io_fread", &path),
        ReadPlace::Fillbuf => vm.raise_io_error(error, "io_fillbuf", &format!("fd:{fd} {path}")),
    }
}

/// The Errno of a failed operation on open file `fd`.
fn file_error(vm: &mut Vm, fd: i64, error: &std::io::Error, place: &str) -> crate::vm::Control {
    let path = vm.io.file(fd).path.clone();
    vm.raise_io_error(error, place, &path)
}

/// The `whence` of `seek`: an Integer or `:SET`, `:CUR`, `:END`,
/// `:DATA`, `:HOLE`.
fn whence_arg(vm: &mut Vm, whence: Value) -> VmResult<i64> {
    if let Some(name) = whence.as_symbol() {
        let known = ["SET", "CUR", "END", "DATA", "HOLE"];
        if let Some(index) = known.iter().position(|k| *k == vm.symbols.name(name)) {
            return Ok(index as i64);
        }
    }
    crate::core::integer::num2int(vm, whence)
}

/// The open file of `io` for `pos`, `seek`, `rewind` and File's methods.
/// Standard streams are read and written through buffers whose position
/// rhizome does not track, so they raise NotImplementedError.
fn seekable(vm: &mut Vm, io: Value) -> VmResult<i64> {
    match stream_of(vm, io)? {
        Stream::File(fd) => Ok(fd),
        _ => Err(not_a_file(vm)),
    }
}

fn not_a_file(vm: &mut Vm) -> crate::vm::Control {
    let class = vm.c.not_implemented_error;
    let message = "rhizome positions and measures files only, not the standard streams";
    let message = message.to_string();
    vm.raise(class, message)
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
            vm.append_strings(strings, pieces.iter().copied());
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
        Some(number) if vm.io.is_open(number) => Ok(Stream::File(number)),
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
        Stream::File(fd) => vm.io.file(fd).is_writable(),
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
        Stream::File(fd) => vm.io.file(fd).is_readable(),
    };
    if can_read {
        Ok(stream)
    } else {
        Err(io_error(vm, "not opened for reading"))
    }
}

fn write_bytes(vm: &mut Vm, stream: Stream, bytes: &[u8]) -> VmResult<()> {
    match stream {
        Stream::Stdout => vm.io.out().write(bytes),
        Stream::Stderr => {
            vm.io.out().flush();
            crate::output::write_stderr_bytes(bytes);
        }
        Stream::File(fd) => {
            let file = vm.io.file_mut(fd);
            if let Err(error) = file.write(bytes) {
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
        let items = array.items().to_vec();
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

/// `eof?`, `eof`.
fn eof_p(vm: &mut Vm, io: Value, _: &[Value]) -> VmResult {
    let stream = readable(vm, io)?;
    let at_end = with_source(vm, stream, |source| {
        source.fill().map(|bytes| bytes.is_empty())
    });
    at_end
        .map(Value::bool)
        .map_err(|error| read_error(vm, stream, &error, ReadPlace::Fillbuf))
}

/// `pos`, `tell`.
fn pos(vm: &mut Vm, io: Value, _: &[Value]) -> VmResult {
    let fd = seekable(vm, io)?;
    let file = vm.io.file_mut(fd);
    match file.tell() {
        Ok(pos) => Ok(Value::small(pos as i64)),
        Err(error) => Err(file_error(vm, fd, &error, "rb_io_tell")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A byte source over a slice, handing out `chunk` bytes at a time.
    struct Bytes<'a> {
        bytes: &'a [u8],
        pos: usize,
        chunk: usize,
    }

    impl Source for Bytes<'_> {
        fn fill(&mut self) -> std::io::Result<&[u8]> {
            let end = (self.pos + self.chunk).min(self.bytes.len());
            Ok(&self.bytes[self.pos..end])
        }

        fn consume(&mut self, n: usize) {
            self.pos += n;
        }
    }

    fn lines(text: &str, separator: Separator, limit: i64, chomp: bool) -> Vec<String> {
        let args = LineArgs {
            separator,
            limit,
            chomp,
        };
        let mut result = Vec::new();
        for chunk in [1, 3, 100] {
            let mut source = Bytes {
                bytes: text.as_bytes(),
                pos: 0,
                chunk,
            };
            let mut these = Vec::new();
            while let Some((line, _)) = line_from(&mut source, &args).unwrap() {
                these.push(String::from_utf8(line).unwrap());
            }
            if chunk > 1 {
                assert_eq!(these, result, "the chunk size changes nothing");
            }
            result = these;
        }
        result
    }

    #[test]
    fn lines_split_as_mri_splits_them() {
        let newline = || Separator::Bytes(b"\n".to_vec());
        assert_eq!(lines("a\r\nb\n", newline(), -1, true), ["a", "b"]);
        assert_eq!(lines("a\nb", newline(), -1, false), ["a\n", "b"]);
        assert_eq!(
            lines("\n\nx\n\n\ny\n", Separator::Paragraph, -1, false),
            ["x\n\n", "y\n"]
        );
        assert_eq!(
            lines("x\n\n\ny", Separator::Paragraph, -1, true),
            ["x", "y"]
        );
        assert_eq!(lines("aé€b", newline(), 2, false), ["aé", "€", "b"]);
        assert_eq!(lines("x\r", Separator::None, -1, true), ["x"]);
        assert_eq!(
            lines("hello", Separator::Bytes(b"ll".to_vec()), -1, true),
            ["he", "o"]
        );
    }
}
