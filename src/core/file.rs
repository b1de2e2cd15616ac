//! File: opening, reading and writing files, questions about paths
//! (`exist?`, `size`, `mtime`, ...), renaming and deleting, and MRI's
//! string functions on paths (`basename`, `dirname`, `extname`, `join`,
//! `expand_path`), which never touch the file system.
//!
//! A File is an IO (see `io.rs`) whose stream is an entry of the VM's table
//! of open files. `File.open(path, "w") { |f| ... }` opens, yields and closes
//! even when the block raises or breaks, returning the block's value; the
//! class methods `read`, `write`, `readlines` and `foreach` open and close
//! the file around their work:
//!
//! ```ruby
//! File.open("log.txt", "a") { |f| f.puts "started" }   # => nil
//! File.write("log.txt", "more\n", mode: "a")           # => 5
//! File.readlines("log.txt", chomp: true)               # => ["started", "more"]
//! ```
//!
//! Files are opened with `open(2)` and the flags MRI derives from the mode
//! (`"r+"` is `O_RDWR`, `"a"` is `O_WRONLY|O_CREAT|O_APPEND`, ...), and their
//! descriptors start at 5, where MRI's do (its own threads hold 3 and 4), so
//! `fileno` and the `fd:5` of some messages match. Failures raise MRI's
//! `Errno` exceptions with MRI's wording, naming the C function MRI reports
//! (`No such file or directory @ rb_sysopen - x`).

use crate::core::io;
use crate::core::public;
use crate::core::string::expect_string;
use crate::open_file::OpenFile;
use crate::value::Value;
use crate::vm::{Vm, VmResult};
use std::ffi::{CString, OsStr};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

mod paths;

use paths::define_path_functions;
pub use paths::{default_home, home_of};

/// The constants of `File::Constants` (which IO includes): open(2)'s
/// flags, flock(2)'s operations and `fnmatch`'s flags, with Linux's values.
const CONSTANTS: &[(&str, i64)] = &[
    ("RDONLY", 0),
    ("WRONLY", 1),
    ("RDWR", 2),
    ("APPEND", 1024),
    ("CREAT", 64),
    ("EXCL", 128),
    ("NONBLOCK", 2048),
    ("TRUNC", 512),
    ("NOCTTY", 256),
    ("BINARY", 0),
    ("SHARE_DELETE", 0),
    ("SYNC", 1052672),
    ("DSYNC", 4096),
    ("RSYNC", 1052672),
    ("NOFOLLOW", 131072),
    ("NOATIME", 262144),
    ("DIRECT", 16384),
    ("TMPFILE", 4259840),
    ("LOCK_SH", 1),
    ("LOCK_EX", 2),
    ("LOCK_NB", 4),
    ("LOCK_UN", 8),
    ("FNM_NOESCAPE", 1),
    ("FNM_PATHNAME", 2),
    ("FNM_DOTMATCH", 4),
    ("FNM_CASEFOLD", 8),
    ("FNM_EXTGLOB", 16),
    ("FNM_SYSCASE", 0),
    ("FNM_SHORTNAME", 0),
];

/// Defines File, its constants (`File::Constants`, which IO includes) and
/// its methods, and the file methods of IO's class (`IO.read`, ...).
pub fn define(vm: &mut Vm) {
    let io = vm.c.io;
    let file = vm.define_class("File", io);
    for (name, value) in [
        ("SEPARATOR", "/"),
        ("Separator", "/"),
        ("PATH_SEPARATOR", ":"),
    ] {
        let name = vm.symbols.intern(name);
        let value = vm.new_str(value);
        vm.set_constant(file, name, value);
    }
    let alt_separator = vm.symbols.intern("ALT_SEPARATOR");
    vm.set_constant(file, alt_separator, Value::NIL);
    let constants = vm.new_anonymous_module();
    let name = vm.symbols.intern("Constants");
    vm.set_constant(file, name, constants);
    for &(name, value) in CONSTANTS {
        let name = vm.symbols.intern(name);
        vm.set_constant(constants, name, Value::small(value));
    }
    let null = vm.symbols.intern("NULL");
    let dev_null = vm.new_str("/dev/null");
    vm.set_constant(constants, null, dev_null);
    vm.include_module(io, constants);

    define_opening(vm, file);
    define_reading_and_writing(vm);
    define_questions(vm, file);
    define_path_functions(vm, file);
}

/// `File.open`, `File.new` and the methods of an open File.
fn define_opening(vm: &mut Vm, file: Value) {
    vm.define_singleton_native(file, "open", 0, None, file_singleton_open);
    vm.define_singleton_native(file, "new", 0, None, file_singleton_new);
    vm.define_private_native(file, "initialize", 0, None, file_initialize);
    vm.define_methods(
        file,
        &[
            public("path", 0, Some(0), path),
            public("to_path", 0, Some(0), path),
        ],
    );
    vm.define_methods(
        file,
        &[
            public("inspect", 0, Some(0), file_inspect),
            public("size", 0, Some(0), file_size),
            public("mtime", 0, Some(0), file_mtime),
            public("atime", 0, Some(0), file_atime),
            public("ctime", 0, Some(0), file_ctime),
        ],
    );
}

/// `File.open`.
fn file_singleton_open(vm: &mut Vm, class: Value, args: &[Value]) -> VmResult {
    let file = vm.new_object(class);
    let initialize = vm.symbols.intern("initialize");
    let kwargs = vm.called_with_keywords();
    vm.call_forwarding(file, initialize, args, None, kwargs)?;
    let Some(block) = vm.current_block() else {
        return Ok(file);
    };
    let result = vm.invoke_block(&block, &[file]);
    close(vm, file)?;
    result
}

/// `File.new`.
fn file_singleton_new(vm: &mut Vm, class: Value, args: &[Value]) -> VmResult {
    if vm.current_block().is_some() {
        let class_name = vm.class_name(class);
        vm.warn(&format!(
            "{class_name}::new() does not take block; use {class_name}::open() instead"
        ));
    }
    let file = vm.new_object(class);
    let initialize = vm.symbols.intern("initialize");
    let kwargs = vm.called_with_keywords();
    vm.call_forwarding(file, initialize, args, None, kwargs)?;
    Ok(file)
}

/// `initialize`.
fn file_initialize(vm: &mut Vm, file: Value, args: &[Value]) -> VmResult {
    let (positional, options) = split_options(vm, args);
    if positional.is_empty() || positional.len() > 3 {
        return Err(arity_error(vm, positional.len(), "1..3"));
    }
    let path = path_arg(vm, positional[0])?;
    let mode = open_mode(
        vm,
        positional.get(1).copied(),
        positional.get(2).copied(),
        &options,
        OpenDefault::Read,
    )?;
    let fd = open_path(vm, &path, &mode)?;
    io::set_fd(vm, file, fd)?;
    let path_sym = vm.symbols.intern("path");
    let path_value = vm.new_string(path);
    vm.ivar_set(file, path_sym, path_value)?;
    Ok(Value::NIL)
}

/// `inspect`.
fn file_inspect(vm: &mut Vm, file: Value, _: &[Value]) -> VmResult {
    let path = vm.symbols.intern("path");
    let path = vm.ivar_get(file, path);
    let path = vm.string_text(path).unwrap_or_default();
    let closed = vm.symbols.intern("closed?");
    let suffix = if vm.call(file, closed, &[])?.truthy() {
        " (closed)"
    } else {
        ""
    };
    let class = vm.class_name(vm.real_class_of(file));
    Ok(vm.new_str(&format!("#<{class}:{path}{suffix}>")))
}

/// `size`.
fn file_size(vm: &mut Vm, file: Value, _: &[Value]) -> VmResult {
    let fd = io::file_fd(vm, file)?;
    let open = vm.io.file_mut(fd);
    match open.size() {
        Ok(size) => Ok(Value::small(size as i64)),
        Err(error) => {
            let path = open.path.clone();
            Err(vm.raise_io_error(&error, "rb_file_size", &path))
        }
    }
}

/// `mtime`.
fn file_mtime(vm: &mut Vm, file: Value, _: &[Value]) -> VmResult {
    file_time(vm, file, Stamp::Modified)
}

/// `atime`.
fn file_atime(vm: &mut Vm, file: Value, _: &[Value]) -> VmResult {
    file_time(vm, file, Stamp::Accessed)
}

/// `ctime`.
fn file_ctime(vm: &mut Vm, file: Value, _: &[Value]) -> VmResult {
    file_time(vm, file, Stamp::Changed)
}

/// The class methods that open, read or write and close: `read`,
/// `binread`, `readlines`, `foreach`, `write`, `binwrite`. They are IO's,
/// as in MRI, and File inherits them; `IO.read("|cmd")` would run a
/// command, which rhizome does not do (NotImplementedError).
fn define_reading_and_writing(vm: &mut Vm) {
    let io = vm.c.io;
    vm.define_singleton_native(io, "read", 0, None, io_singleton_read);
    vm.define_singleton_native(io, "binread", 1, Some(3), io_singleton_binread);
    vm.define_singleton_native(io, "readlines", 0, None, io_singleton_readlines);
    vm.define_singleton_native(io, "foreach", 0, None, io_singleton_foreach);
    vm.define_singleton_native(io, "write", 0, None, io_singleton_write);
    vm.define_singleton_native(io, "binwrite", 0, None, io_singleton_binwrite);
}

/// `IO.read`.
fn io_singleton_read(vm: &mut Vm, class: Value, args: &[Value]) -> VmResult {
    let (positional, options) = split_options(vm, args);
    if positional.is_empty() || positional.len() > 4 {
        return Err(arity_error(vm, positional.len(), "1..4"));
    }
    let path = class_path_arg(vm, class, positional[0])?;
    let mode = open_mode(vm, None, None, &options, OpenDefault::Read)?;
    let length = positional.get(1).copied().unwrap_or(Value::NIL);
    let offset = positional.get(2).copied().unwrap_or(Value::NIL);
    with_open_file(vm, &path, &mode, |vm, fd| read_part(vm, fd, length, offset))
}

/// `IO.binread`.
fn io_singleton_binread(vm: &mut Vm, class: Value, args: &[Value]) -> VmResult {
    let path = class_path_arg(vm, class, args[0])?;
    let mode = OpenMode::from_text(b"rb").expect("a valid mode");
    let length = args.get(1).copied().unwrap_or(Value::NIL);
    let offset = args.get(2).copied().unwrap_or(Value::NIL);
    with_open_file(vm, &path, &mode, |vm, fd| read_part(vm, fd, length, offset))
}

/// `IO.readlines`.
fn io_singleton_readlines(vm: &mut Vm, class: Value, args: &[Value]) -> VmResult {
    let (path, mode, line_args) = line_reading_args(vm, class, args)?;
    with_open_file(vm, &path, &mode, |vm, fd| {
        io::check_limit(vm, &line_args, "readlines")?;
        let lines = vm.new_array(Vec::new());
        loop {
            let line = io::file_line(vm, fd, &line_args)?;
            if line.is_nil() {
                return Ok(lines);
            }
            crate::core::array::append(lines, line);
        }
    })
}

/// `IO.foreach`.
fn io_singleton_foreach(vm: &mut Vm, class: Value, args: &[Value]) -> VmResult {
    let Some(block) = vm.current_block() else {
        let (positional, _) = split_options(vm, args);
        if positional.is_empty() || positional.len() > 4 {
            return Err(arity_error(vm, positional.len(), "1..4"));
        }
        return crate::core::enumerator::for_this_call(vm, class, args, Value::NIL);
    };
    let (path, mode, line_args) = line_reading_args(vm, class, args)?;
    with_open_file(vm, &path, &mode, |vm, fd| loop {
        let line = io::file_line(vm, fd, &line_args)?;
        if line.is_nil() {
            return Ok(Value::NIL);
        }
        vm.invoke_block(&block, &[line])?;
    })
}

/// `IO.write`.
fn io_singleton_write(vm: &mut Vm, class: Value, args: &[Value]) -> VmResult {
    write(vm, class, args, false)
}

/// `IO.binwrite`.
fn io_singleton_binwrite(vm: &mut Vm, class: Value, args: &[Value]) -> VmResult {
    write(vm, class, args, true)
}

/// The questions about what a path names, and the changes of names.
fn define_questions(vm: &mut Vm, file: Value) {
    vm.define_singleton_native(file, "exist?", 1, Some(1), file_singleton_exist_p);
    vm.define_singleton_native(file, "file?", 1, Some(1), file_singleton_file_p);
    vm.define_singleton_native(file, "directory?", 1, Some(1), file_singleton_directory_p);
    vm.define_singleton_native(file, "symlink?", 1, Some(1), file_singleton_symlink_p);
    vm.define_singleton_native(file, "readable?", 1, Some(1), file_singleton_readable_p);
    vm.define_singleton_native(file, "writable?", 1, Some(1), file_singleton_writable_p);
    vm.define_singleton_native(file, "executable?", 1, Some(1), file_singleton_executable_p);
    vm.define_singleton_native(file, "size", 1, Some(1), file_singleton_size);
    vm.define_singleton_native(file, "size?", 1, Some(1), file_singleton_size_p);
    vm.define_singleton_native(file, "zero?", 1, Some(1), file_singleton_zero_p);
    vm.define_singleton_native(file, "empty?", 1, Some(1), file_singleton_zero_p);
    vm.define_singleton_native(file, "mtime", 1, Some(1), file_singleton_mtime);
    vm.define_singleton_native(file, "atime", 1, Some(1), file_singleton_atime);
    vm.define_singleton_native(file, "ctime", 1, Some(1), file_singleton_ctime);
    vm.define_singleton_native(file, "utime", 2, None, utime);
    vm.define_singleton_native(file, "delete", 0, None, file_singleton_delete);
    vm.define_singleton_native(file, "unlink", 0, None, file_singleton_delete);
    vm.define_singleton_native(file, "rename", 2, Some(2), file_singleton_rename);
}

/// `File.zero?` and `empty?`.
fn file_singleton_zero_p(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let path = path_arg(vm, args[0])?;
    let metadata = std::fs::metadata(os(&path));
    Ok(Value::bool(metadata.is_ok_and(|m| m.len() == 0)))
}

/// `File.delete` and `unlink`.
fn file_singleton_delete(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    for &arg in args {
        let path = path_arg(vm, arg)?;
        if let Err(error) = std::fs::remove_file(os(&path)) {
            return Err(vm.raise_io_error(&error, "apply2files", &shown(&path)));
        }
    }
    Ok(Value::small(args.len() as i64))
}

/// `File.exist?`.
fn file_singleton_exist_p(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let path = path_arg(vm, args[0])?;
    Ok(Value::bool(std::fs::metadata(os(&path)).is_ok()))
}

/// `File.file?`.
fn file_singleton_file_p(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let path = path_arg(vm, args[0])?;
    Ok(Value::bool(
        std::fs::metadata(os(&path)).is_ok_and(|m| m.is_file()),
    ))
}

/// `File.directory?`.
fn file_singleton_directory_p(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let path = path_arg(vm, args[0])?;
    Ok(Value::bool(is_directory(&path)))
}

/// `File.symlink?`.
fn file_singleton_symlink_p(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let path = path_arg(vm, args[0])?;
    let metadata = std::fs::symlink_metadata(os(&path));
    Ok(Value::bool(
        metadata.is_ok_and(|m| m.file_type().is_symlink()),
    ))
}

/// `File.readable?`.
fn file_singleton_readable_p(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    accessible(vm, args[0], libc::R_OK)
}

/// `File.writable?`.
fn file_singleton_writable_p(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    accessible(vm, args[0], libc::W_OK)
}

/// `File.executable?`.
fn file_singleton_executable_p(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    accessible(vm, args[0], libc::X_OK)
}

/// `File.size`.
fn file_singleton_size(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let path = path_arg(vm, args[0])?;
    match std::fs::metadata(os(&path)) {
        Ok(metadata) => Ok(Value::small(metadata.len() as i64)),
        Err(error) => Err(vm.raise_io_error(&error, "rb_file_s_size", &shown(&path))),
    }
}

/// `File.size?`.
fn file_singleton_size_p(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let path = path_arg(vm, args[0])?;
    Ok(match std::fs::metadata(os(&path)) {
        Ok(metadata) if metadata.len() > 0 => Value::small(metadata.len() as i64),
        _ => Value::NIL,
    })
}

/// `File.mtime`.
fn file_singleton_mtime(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    path_time(vm, args[0], Stamp::Modified)
}

/// `File.atime`.
fn file_singleton_atime(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    path_time(vm, args[0], Stamp::Accessed)
}

/// `File.ctime`.
fn file_singleton_ctime(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    path_time(vm, args[0], Stamp::Changed)
}

/// `File.rename`.
fn file_singleton_rename(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let from = path_arg(vm, args[0])?;
    let to = path_arg(vm, args[1])?;
    if let Err(error) = std::fs::rename(os(&from), os(&to)) {
        let named = if error.raw_os_error() == Some(libc::EEXIST) {
            shown(&to)
        } else {
            format!("({}, {})", shown(&from), shown(&to))
        };
        return Err(vm.raise_io_error(&error, "rb_file_s_rename", &named));
    }
    Ok(Value::small(0))
}

// --- arguments -------------------------------------------------------------

/// A path argument as MRI's `rb_get_path` reads it: a String, or what
/// `to_path` or `to_str` makes of the object; ArgumentError for one with a
/// NUL byte.
pub fn path_arg(vm: &mut Vm, value: Value) -> VmResult<Vec<u8>> {
    let path = path_string(vm, value)?;
    if path.contains(&0) {
        return Err(vm.argument_error("path name contains null byte".into()));
    }
    Ok(path)
}

/// The path of `IO.read` and friends: for IO itself (not File), a path
/// starting with `|` is a command, which rhizome does not run.
fn class_path_arg(vm: &mut Vm, class: Value, value: Value) -> VmResult<Vec<u8>> {
    let path = path_arg(vm, value)?;
    if class == vm.c.io && path.first() == Some(&b'|') {
        let class = vm.c.not_implemented_error;
        let message = "rhizome does not run commands for IO's class methods".to_string();
        return Err(vm.raise(class, message));
    }
    Ok(path)
}

/// A path argument without the NUL check (`File.path`, `File.join`):
/// `to_path` first, then `to_str`.
fn path_string(vm: &mut Vm, value: Value) -> VmResult<Vec<u8>> {
    let mut value = value;
    if value.is_heap() && vm.string_bytes(value).is_none() {
        let to_path = vm.symbols.intern("to_path");
        if vm.find_method(vm.class_of(value), to_path).is_some() {
            value = vm.call(value, to_path, &[])?;
        }
    }
    Ok(expect_string(vm, value)?.to_vec())
}

/// A path as Rust's file functions take it.
pub fn os(path: &[u8]) -> &Path {
    Path::new(OsStr::from_bytes(path))
}

/// A path as messages show it.
pub fn shown(path: &[u8]) -> String {
    String::from_utf8_lossy(path).into_owned()
}

/// Whether `path` names a directory (following symbolic links).
pub fn is_directory(path: &[u8]) -> bool {
    std::fs::metadata(os(path)).is_ok_and(|m| m.is_dir())
}

/// ArgumentError `wrong number of arguments (given N, expected E)`.
fn arity_error(vm: &mut Vm, given: usize, expected: &str) -> crate::vm::Control {
    vm.argument_error(format!(
        "wrong number of arguments (given {given}, expected {expected})"
    ))
}

/// The positional arguments, and the keyword arguments as pairs (MRI's
/// open options ignore keywords they do not know).
fn split_options(vm: &mut Vm, args: &[Value]) -> (Vec<Value>, Vec<(String, Value)>) {
    match args.split_last() {
        Some((&options, positional)) if vm.called_with_keywords() => {
            let pairs = vm
                .hash_pairs(options)
                .into_iter()
                .filter_map(|(key, value)| {
                    let name = key.as_symbol()?;
                    Some((vm.symbols.name(name).to_string(), value))
                })
                .collect();
            (positional.to_vec(), pairs)
        }
        _ => (args.to_vec(), Vec::new()),
    }
}

fn option(options: &[(String, Value)], name: &str) -> Option<Value> {
    options
        .iter()
        .find(|(key, _)| key == name)
        .map(|&(_, value)| value)
        .filter(|value| !value.is_nil())
}

// --- opening ---------------------------------------------------------------

/// How a file is opened: open(2)'s flags and mode bits, and what the IO
/// may do with it.
struct OpenMode {
    flags: i32,
    perm: u32,
    readable: bool,
    writable: bool,
    binmode: bool,
}

/// What an absent mode means.
#[derive(Clone, Copy)]
enum OpenDefault {
    /// `"r"` (`File.open`, `File.read`).
    Read,
    /// `File.write`: create and truncate (or, at an offset, keep).
    Write { truncate: bool, binary: bool },
}

impl OpenMode {
    /// A mode string as MRI's `rb_io_modestr_fmode` reads it (`"r+"`,
    /// `"wb"`, `"wx"`, `"r:UTF-8"`), or None when it is invalid.
    fn from_text(text: &[u8]) -> Option<OpenMode> {
        let (access, rest) = text.split_first()?;
        let (mut flags, mut readable, mut writable) = match access {
            b'r' => (libc::O_RDONLY, true, false),
            b'w' => (libc::O_WRONLY | libc::O_CREAT | libc::O_TRUNC, false, true),
            b'a' => (libc::O_WRONLY | libc::O_CREAT | libc::O_APPEND, false, true),
            _ => return None,
        };
        let (mut binmode, mut textmode) = (false, false);
        for (i, &c) in rest.iter().enumerate() {
            match c {
                b'b' => binmode = true,
                b't' => textmode = true,
                b'+' => {
                    flags = (flags & !libc::O_ACCMODE) | libc::O_RDWR;
                    readable = true;
                    writable = true;
                }
                b'x' if *access == b'w' => flags |= libc::O_EXCL,
                b':' => {
                    if !encoding_supported(&rest[i + 1..]) {
                        return None;
                    }
                    break;
                }
                _ => return None,
            }
        }
        if binmode && textmode {
            return None;
        }
        Some(OpenMode {
            flags,
            perm: 0o666,
            readable,
            writable,
            binmode,
        })
    }

    /// The mode of open(2) flags.
    fn from_flags(flags: i32) -> OpenMode {
        let access = flags & libc::O_ACCMODE;
        OpenMode {
            flags,
            perm: 0o666,
            readable: access != libc::O_WRONLY,
            writable: access != libc::O_RDONLY,
            binmode: false,
        }
    }
}

/// Whether the encodings after a mode's `:` (`UTF-8`, `BINARY:UTF-8`) are
/// ones rhizome's Strings can hold: UTF-8 and binary. Other encodings
/// raise NotImplementedError where the mode is read.
fn encoding_supported(names: &[u8]) -> bool {
    names.split(|&b| b == b':').all(|name| {
        let name = String::from_utf8_lossy(name).to_ascii_uppercase();
        matches!(name.as_str(), "UTF-8" | "ASCII-8BIT" | "BINARY" | "-")
    })
}

/// The mode of `File.open(path, mode, perm, **options)` as MRI's
/// `rb_io_extract_modeenc` derives it.
fn open_mode(
    vm: &mut Vm,
    mode: Option<Value>,
    perm: Option<Value>,
    options: &[(String, Value)],
    default: OpenDefault,
) -> VmResult<OpenMode> {
    let mut mode_value = mode.filter(|value| !value.is_nil());
    if let Some(from_options) = option(options, "mode") {
        if mode_value.is_some() {
            return Err(vm.argument_error("mode specified twice".into()));
        }
        mode_value = Some(from_options);
    }
    let mut open_mode = match mode_value {
        None => match default {
            OpenDefault::Read => OpenMode::from_flags(libc::O_RDONLY),
            OpenDefault::Write { truncate, binary } => {
                let mut flags = libc::O_WRONLY | libc::O_CREAT;
                if truncate {
                    flags |= libc::O_TRUNC;
                }
                let mut mode = OpenMode::from_flags(flags);
                mode.binmode = binary;
                mode
            }
        },
        Some(value)
            if crate::core::integer::Int::of(value).is_some()
                || crate::core::integer::float_of(value).is_some() =>
        {
            OpenMode::from_flags(crate::core::integer::num2int(vm, value)? as i32)
        }
        Some(value) => {
            let text = expect_string(vm, value)?.to_vec();
            match OpenMode::from_text(&text) {
                Some(mode) => mode,
                None => return Err(invalid_mode(vm, &text)),
            }
        }
    };
    if let Some(flags) = option(options, "flags") {
        let flags = crate::core::integer::to_int(vm, flags)?;
        let flags = crate::core::integer::num2int(vm, flags)? as i32;
        let binmode = open_mode.binmode;
        open_mode = OpenMode::from_flags(open_mode.flags | flags);
        open_mode.binmode = binmode;
    }
    let text_mode = mode_value
        .and_then(|value| vm.string_bytes(value))
        .is_some_and(|text| text.contains(&b't'));
    if let Some(binmode) = option(options, "binmode") {
        if binmode.truthy() {
            if open_mode.binmode {
                return Err(vm.argument_error("binmode specified twice".into()));
            }
            if text_mode {
                return Err(vm.argument_error("both textmode and binmode specified".into()));
            }
            open_mode.binmode = true;
        }
    }
    for key in ["encoding", "external_encoding", "internal_encoding"] {
        if let Some(encoding) = option(options, key) {
            let name = match vm.string_bytes(encoding) {
                Some(name) => name,
                None => vm.to_s_bytes(encoding)?,
            };
            if !encoding_supported(&name) {
                return Err(unsupported_encoding(vm, &name));
            }
        }
    }
    let perm = match perm.filter(|value| !value.is_nil()) {
        Some(perm) => Some(perm),
        None => option(options, "perm"),
    };
    if let Some(perm) = perm {
        open_mode.perm = crate::core::integer::num2int(vm, perm)? as u32;
    }
    Ok(open_mode)
}

/// ArgumentError `invalid access mode x` (or NotImplementedError for a
/// valid mode naming an encoding rhizome lacks).
fn invalid_mode(vm: &mut Vm, text: &[u8]) -> crate::vm::Control {
    if let Some(colon) = text.iter().position(|&b| b == b':') {
        let mut valid = text[..colon].to_vec();
        valid.extend_from_slice(b":UTF-8");
        if OpenMode::from_text(&valid).is_some() {
            return unsupported_encoding(vm, &text[colon + 1..]);
        }
    }
    vm.argument_error(format!("invalid access mode {}", shown(text)))
}

fn unsupported_encoding(vm: &mut Vm, name: &[u8]) -> crate::vm::Control {
    let class = vm.c.not_implemented_error;
    let message = format!(
        "rhizome reads and writes files as UTF-8 or binary only, not {}",
        shown(name)
    );
    vm.raise(class, message)
}

/// Opens `path` and enters it in the VM's table of open files; its
/// descriptor, the lowest free one from 5 (as in MRI, whose threads hold 3
/// and 4).
fn open_path(vm: &mut Vm, path: &[u8], mode: &OpenMode) -> VmResult<i64> {
    use std::os::fd::FromRawFd;
    let c_path = CString::new(path).expect("paths are checked for NUL bytes");
    let flags = mode.flags | libc::O_CLOEXEC;
    // SAFETY: open(2) with a NUL-terminated path.
    let fd = unsafe { libc::open(c_path.as_ptr(), flags, mode.perm as libc::c_uint) };
    if fd < 0 {
        let error = std::io::Error::last_os_error();
        return Err(vm.raise_io_error(&error, "rb_sysopen", &shown(path)));
    }
    // SAFETY: fcntl and close on the descriptor just opened.
    let fd = unsafe {
        let moved = libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, 5);
        if moved >= 0 {
            libc::close(fd);
            moved
        } else {
            fd
        }
    };
    // SAFETY: the descriptor is open and owned by nothing else.
    let handle = unsafe { std::fs::File::from_raw_fd(fd) };
    let open = OpenFile::new(
        shown(path),
        handle,
        mode.readable,
        mode.writable,
        mode.binmode,
    );
    vm.io.add_file(i64::from(fd), open);
    Ok(i64::from(fd))
}

/// Opens `path`, runs `work` on its descriptor and closes it, also when
/// `work` raises (what MRI's `open_key_args` and `rb_ensure` do for
/// `File.read` and friends).
fn with_open_file(
    vm: &mut Vm,
    path: &[u8],
    mode: &OpenMode,
    work: impl FnOnce(&mut Vm, i64) -> VmResult,
) -> VmResult {
    let fd = open_path(vm, path, mode)?;
    let result = work(vm, fd);
    if let Some(mut file) = vm.io.remove_file(fd) {
        if let Err(error) = file.flush() {
            if result.is_ok() {
                return Err(vm.raise_io_error(&error, "rb_io_close", &file.path));
            }
        }
    }
    result
}

fn close(vm: &mut Vm, file: Value) -> VmResult<()> {
    let close = vm.symbols.intern("close");
    vm.call(file, close, &[]).map(|_| ())
}

// --- reading and writing ---------------------------------------------------

/// What `File.read(path, length, offset)` and `File.binread` read from
/// open file `fd`.
fn read_part(vm: &mut Vm, fd: i64, length: Value, offset: Value) -> VmResult {
    if !offset.is_nil() {
        let offset = crate::core::array::to_long(vm, offset)?;
        io::seek(vm, fd, offset, 0, "rb_io_seek")?;
    }
    let length = if length.is_nil() {
        None
    } else {
        let length = crate::core::array::to_long(vm, length)?;
        if length < 0 {
            return Err(vm.argument_error(format!("negative length {length} given")));
        }
        Some(length as usize)
    };
    io::read_from_file(vm, fd, length)
}

/// The path, open mode and line arguments of `File.readlines` and
/// `File.foreach` (`path, sep, limit, chomp:, mode: ...`).
fn line_reading_args(
    vm: &mut Vm,
    class: Value,
    args: &[Value],
) -> VmResult<(Vec<u8>, OpenMode, io::LineArgs)> {
    let (positional, options) = split_options(vm, args);
    if positional.is_empty() || positional.len() > 4 {
        return Err(arity_error(vm, positional.len(), "1..4"));
    }
    let chomp = options
        .iter()
        .any(|(key, value)| key == "chomp" && value.truthy());
    let line_args = io::positional_line_args(vm, &positional[1..positional.len().min(3)], chomp)?;
    let path = class_path_arg(vm, class, positional[0])?;
    let mode = open_mode(vm, None, None, &options, OpenDefault::Read)?;
    Ok((path, mode, line_args))
}

/// `File.write(path, string, offset = nil, **options)` and `binwrite`:
/// the number of bytes written.
fn write(vm: &mut Vm, class: Value, args: &[Value], binary: bool) -> VmResult {
    let (positional, options) = split_options(vm, args);
    if positional.len() < 2 || positional.len() > 3 {
        return Err(arity_error(vm, positional.len(), "2..3"));
    }
    let path = class_path_arg(vm, class, positional[0])?;
    let offset = positional.get(2).copied().filter(|offset| !offset.is_nil());
    let default = OpenDefault::Write {
        truncate: offset.is_none(),
        binary,
    };
    let mode = open_mode(vm, None, None, &options, default)?;
    let string = positional[1];
    with_open_file(vm, &path, &mode, |vm, fd| {
        if let Some(offset) = offset {
            let offset = crate::core::array::to_long(vm, offset)?;
            io::seek(vm, fd, offset, 0, "rb_io_seek")?;
        }
        let bytes = vm.to_s_bytes(string)?;
        io::write_to_file(vm, fd, &bytes)?;
        Ok(Value::small(bytes.len() as i64))
    })
}

// --- questions ---------------------------------------------------------------

/// Which time of a file.
#[derive(Clone, Copy)]
enum Stamp {
    Modified,
    Accessed,
    Changed,
}

impl Stamp {
    /// The seconds and nanoseconds of this time in `metadata`.
    fn of(self, metadata: &std::fs::Metadata) -> (i64, i64) {
        use std::os::unix::fs::MetadataExt;
        match self {
            Stamp::Modified => (metadata.mtime(), metadata.mtime_nsec()),
            Stamp::Accessed => (metadata.atime(), metadata.atime_nsec()),
            Stamp::Changed => (metadata.ctime(), metadata.ctime_nsec()),
        }
    }

    fn name(self) -> &'static str {
        match self {
            Stamp::Modified => "mtime",
            Stamp::Accessed => "atime",
            Stamp::Changed => "ctime",
        }
    }
}

/// A Time for a file's time (`Time.at(sec, nsec, :nanosecond)`).
fn time_of(vm: &mut Vm, metadata: &std::fs::Metadata, stamp: Stamp) -> VmResult {
    let (seconds, nanoseconds) = stamp.of(metadata);
    let time = vm.symbols.intern("Time");
    let object = vm.c.object;
    let time = vm.constant(object, time).expect("Time is defined");
    let at = vm.symbols.intern("at");
    let unit = Value::symbol(vm.symbols.intern("nanosecond"));
    vm.call(
        time,
        at,
        &[Value::small(seconds), Value::small(nanoseconds), unit],
    )
}

/// `File.mtime(path)` and the other times of a path.
fn path_time(vm: &mut Vm, path: Value, stamp: Stamp) -> VmResult {
    let path = path_arg(vm, path)?;
    match std::fs::metadata(os(&path)) {
        Ok(metadata) => time_of(vm, &metadata, stamp),
        Err(error) => {
            let place = format!("rb_file_s_{}", stamp.name());
            Err(vm.raise_io_error(&error, &place, &shown(&path)))
        }
    }
}

/// `File#mtime` and the other times of an open file.
fn file_time(vm: &mut Vm, file: Value, stamp: Stamp) -> VmResult {
    let fd = io::file_fd(vm, file)?;
    let open = vm.io.file_mut(fd);
    match open.metadata() {
        Ok(metadata) => time_of(vm, &metadata, stamp),
        Err(error) => {
            let path = open.path.clone();
            let place = format!("rb_file_{}", stamp.name());
            Err(vm.raise_io_error(&error, &place, &path))
        }
    }
}

/// `File.readable?` and friends: access(2) for the effective user.
fn accessible(vm: &mut Vm, path: Value, access: i32) -> VmResult {
    let path = path_arg(vm, path)?;
    let c_path = CString::new(path).expect("paths are checked for NUL bytes");
    // SAFETY: faccessat with a NUL-terminated path.
    let result =
        unsafe { libc::faccessat(libc::AT_FDCWD, c_path.as_ptr(), access, libc::AT_EACCESS) };
    Ok(Value::bool(result == 0))
}

/// `File.utime(atime, mtime, *paths)`: the number of paths; both times nil
/// mean now.
fn utime(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let times = if args[0].is_nil() && args[1].is_nil() {
        let now = libc::timespec {
            tv_sec: 0,
            tv_nsec: libc::UTIME_NOW,
        };
        [now, now]
    } else {
        [timespec_of(vm, args[0])?, timespec_of(vm, args[1])?]
    };
    for &arg in &args[2..] {
        let path = path_arg(vm, arg)?;
        let c_path = CString::new(path.clone()).expect("paths are checked for NUL bytes");
        // SAFETY: utimensat with a NUL-terminated path and two timespecs.
        let result = unsafe { libc::utimensat(libc::AT_FDCWD, c_path.as_ptr(), times.as_ptr(), 0) };
        if result != 0 {
            let error = std::io::Error::last_os_error();
            return Err(vm.raise_io_error(&error, "apply2files", &shown(&path)));
        }
    }
    Ok(Value::small(args.len() as i64 - 2))
}

/// A time argument of `utime`: a Time, or seconds since the Epoch.
fn timespec_of(vm: &mut Vm, value: Value) -> VmResult<libc::timespec> {
    if let Some(seconds) = value.as_fixnum() {
        return Ok(libc::timespec {
            tv_sec: seconds,
            tv_nsec: 0,
        });
    }
    if let Some(seconds) = crate::core::integer::float_of(value) {
        let whole = seconds.floor();
        return Ok(libc::timespec {
            tv_sec: whole as i64,
            tv_nsec: ((seconds - whole) * 1e9) as i64,
        });
    }
    let time = vm.symbols.intern("Time");
    let object = vm.c.object;
    let time = vm.constant(object, time).expect("Time is defined");
    if value.is_heap() && vm.is_kind_of(value, time) {
        let tv_sec = vm.symbols.intern("tv_sec");
        let tv_nsec = vm.symbols.intern("tv_nsec");
        let seconds = vm.call(value, tv_sec, &[])?;
        let nanoseconds = vm.call(value, tv_nsec, &[])?;
        return Ok(libc::timespec {
            tv_sec: seconds.as_fixnum().unwrap_or(0),
            tv_nsec: nanoseconds.as_fixnum().unwrap_or(0),
        });
    }
    let name = vm.class_name(vm.class_of(value));
    Err(vm.type_error(format!("can't convert {name} into time")))
}

/// `path`, `to_path`.
fn path(vm: &mut Vm, file: Value, _: &[Value]) -> VmResult {
    let path = vm.symbols.intern("path");
    let path = vm.ivar_get(file, path);
    Ok(match vm.string_bytes(path) {
        Some(bytes) => vm.new_string(bytes),
        None => Value::NIL,
    })
}
