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

use crate::core::io::{self, OpenFile};
use crate::core::public;
use crate::core::string::expect_string;
use crate::object::RArray;
use crate::value::Value;
use crate::vm::{Vm, VmResult};
use std::ffi::{CString, OsStr};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

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
    for name in ["path", "to_path"] {
        vm.define_native(file, name, 0, Some(0), |vm, file, _| {
            let path = vm.symbols.intern("path");
            let path = vm.ivar_get(file, path);
            Ok(match vm.string_bytes(path) {
                Some(bytes) => vm.new_string(bytes),
                None => Value::NIL,
            })
        });
    }
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
    let open = vm.files.get_mut(&fd).expect("open");
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
    for name in ["zero?", "empty?"] {
        vm.define_singleton_native(file, name, 1, Some(1), |vm, _, args| {
            let path = path_arg(vm, args[0])?;
            let metadata = std::fs::metadata(os(&path));
            Ok(Value::bool(metadata.is_ok_and(|m| m.len() == 0)))
        });
    }
    vm.define_singleton_native(file, "mtime", 1, Some(1), file_singleton_mtime);
    vm.define_singleton_native(file, "atime", 1, Some(1), file_singleton_atime);
    vm.define_singleton_native(file, "ctime", 1, Some(1), file_singleton_ctime);
    vm.define_singleton_native(file, "utime", 2, None, utime);
    for name in ["delete", "unlink"] {
        vm.define_singleton_native(file, name, 0, None, |vm, _, args| {
            for &arg in args {
                let path = path_arg(vm, arg)?;
                if let Err(error) = std::fs::remove_file(os(&path)) {
                    return Err(vm.raise_io_error(&error, "apply2files", &shown(&path)));
                }
            }
            Ok(Value::small(args.len() as i64))
        });
    }
    vm.define_singleton_native(file, "rename", 2, Some(2), file_singleton_rename);
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

/// The functions on path strings.
fn define_path_functions(vm: &mut Vm, file: Value) {
    vm.define_singleton_native(file, "path", 1, Some(1), file_singleton_path);
    vm.define_singleton_native(file, "basename", 1, Some(2), file_singleton_basename);
    vm.define_singleton_native(file, "dirname", 1, Some(2), file_singleton_dirname);
    vm.define_singleton_native(file, "extname", 1, Some(1), file_singleton_extname);
    vm.define_singleton_native(file, "split", 1, Some(1), file_singleton_split);
    vm.define_singleton_native(file, "join", 0, None, file_singleton_join);
    vm.define_singleton_native(file, "expand_path", 1, Some(2), file_singleton_expand_path);
    vm.define_singleton_native(
        file,
        "absolute_path",
        1,
        Some(2),
        file_singleton_absolute_path,
    );
    vm.define_singleton_native(
        file,
        "absolute_path?",
        1,
        Some(1),
        file_singleton_absolute_path_p,
    );
    for name in ["fnmatch", "fnmatch?"] {
        vm.define_singleton_native(file, name, 2, Some(3), |vm, _, args| {
            let pattern = expect_string(vm, args[0])?.to_vec();
            let path = path_string(vm, args[1])?;
            let flags = match args.get(2) {
                Some(&flags) => crate::core::integer::num2int(vm, flags)?,
                None => 0,
            };
            Ok(Value::bool(crate::core::dir::fnmatch_with_braces(
                &pattern,
                &path,
                flags as i32,
            )))
        });
    }
}

/// `File.path`.
fn file_singleton_path(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let path = path_string(vm, args[0])?;
    Ok(vm.new_string(path))
}

/// `File.basename`.
fn file_singleton_basename(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let suffix = match args.get(1) {
        Some(&suffix) => Some(expect_string(vm, suffix)?.to_vec()),
        None => None,
    };
    let path = path_arg(vm, args[0])?;
    Ok(vm.new_string(basename(&path, suffix.as_deref())))
}

/// `File.dirname`.
fn file_singleton_dirname(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let levels = match args.get(1) {
        Some(&levels) => crate::core::integer::num2int(vm, levels)?,
        None => 1,
    };
    if levels < 0 {
        return Err(vm.argument_error(format!("negative level: {levels}")));
    }
    let path = path_arg(vm, args[0])?;
    Ok(vm.new_string(dirname(&path, levels as usize)))
}

/// `File.extname`.
fn file_singleton_extname(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let path = path_arg(vm, args[0])?;
    Ok(vm.new_string(extname(&path)))
}

/// `File.split`.
fn file_singleton_split(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let path = path_arg(vm, args[0])?;
    let parts = [dirname(&path, 1), basename(&path, None)];
    let parts = parts.map(|part| vm.new_string(part));
    Ok(vm.new_array(parts.to_vec()))
}

/// `File.join`.
fn file_singleton_join(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let mut joined = Vec::new();
    join_into(vm, args, &mut Vec::new(), &mut joined, &mut true)?;
    Ok(vm.new_string(joined))
}

/// `File.expand_path`.
fn file_singleton_expand_path(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    expand_path_method(vm, args, false)
}

/// `File.absolute_path`.
fn file_singleton_absolute_path(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    expand_path_method(vm, args, true)
}

/// `File.absolute_path?`.
fn file_singleton_absolute_path_p(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let path = path_arg(vm, args[0])?;
    Ok(Value::bool(path.first() == Some(&b'/')))
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
    vm.files.insert(i64::from(fd), open);
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
    if let Some(mut file) = vm.files.remove(&fd) {
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
    let open = vm.files.get_mut(&fd).expect("open");
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

// --- path functions ----------------------------------------------------------

/// `File.expand_path(path, dir = nil)` and `File.absolute_path` (which
/// leaves `~` alone).
fn expand_path_method(vm: &mut Vm, args: &[Value], absolute: bool) -> VmResult {
    let path = path_arg(vm, args[0])?;
    let dir = match args.get(1) {
        Some(&dir) if !dir.is_nil() => Some(path_arg(vm, dir)?),
        _ => None,
    };
    let expanded = expand_path(vm, &path, dir.as_deref(), absolute)?;
    Ok(vm.new_string(expanded))
}

/// The index after the leading separators of `path[..end]`.
fn skip_root(path: &[u8], end: usize) -> usize {
    path[..end].iter().take_while(|&&b| b == b'/').count()
}

/// MRI's `strrdirsep`: the last separator of `path` that more follows.
fn last_separator(path: &[u8]) -> Option<usize> {
    let mut last = None;
    let mut i = 0;
    while i < path.len() {
        if path[i] == b'/' {
            let start = i;
            while i < path.len() && path[i] == b'/' {
                i += 1;
            }
            if i >= path.len() {
                break;
            }
            last = Some(start);
        } else {
            i += 1;
        }
    }
    last
}

/// MRI's `chompdirsep`: where the trailing separators of `path` start (its
/// length when there are none).
fn chomp_separators(path: &[u8]) -> usize {
    let mut i = 0;
    while i < path.len() {
        if path[i] == b'/' {
            let start = i;
            while i < path.len() && path[i] == b'/' {
                i += 1;
            }
            if i >= path.len() {
                return start;
            }
        } else {
            i += 1;
        }
    }
    path.len()
}

/// The home directory of the process: `$HOME`, else the password
/// database's entry for the login name or the user.
pub fn default_home(vm: &mut Vm) -> VmResult<Vec<u8>> {
    if let Some(home) = std::env::var_os("HOME") {
        return Ok(home.as_bytes().to_vec());
    }
    // SAFETY: getlogin, getpwnam and getpwuid return static buffers or
    // null; the directory is copied out at once.
    unsafe {
        let login = libc::getlogin();
        let mut entry = if login.is_null() {
            std::ptr::null_mut()
        } else {
            libc::getpwnam(login)
        };
        if entry.is_null() {
            entry = libc::getpwuid(libc::getuid());
        }
        if entry.is_null() {
            let uid = libc::getuid();
            return Err(vm.argument_error(format!("couldn't find home for uid `{uid}'")));
        }
        Ok(std::ffi::CStr::from_ptr((*entry).pw_dir)
            .to_bytes()
            .to_vec())
    }
}

/// The home directory of `user`, or ArgumentError.
pub fn home_of(vm: &mut Vm, user: &[u8]) -> VmResult<Vec<u8>> {
    let name = CString::new(user).unwrap_or_default();
    // SAFETY: getpwnam returns a static buffer or null; the directory is
    // copied out at once.
    unsafe {
        let entry = libc::getpwnam(name.as_ptr());
        if entry.is_null() {
            return Err(vm.argument_error(format!("user {} doesn't exist", shown(user))));
        }
        Ok(std::ffi::CStr::from_ptr((*entry).pw_dir)
            .to_bytes()
            .to_vec())
    }
}

/// `File.expand_path`, as MRI's `rb_file_expand_path_internal` computes it
/// on Unix: `~` and `~user` read as home directories (unless `absolute`),
/// relative paths taken from `dir` (itself expanded) or the working
/// directory, `.` and `..` resolved; a leading `//` stays.
fn expand_path(vm: &mut Vm, path: &[u8], dir: Option<&[u8]>, absolute: bool) -> VmResult<Vec<u8>> {
    let s = path;
    let mut si = 0;
    let mut buf: Vec<u8>;
    let mut p: usize;
    if s.first() == Some(&b'~') && !absolute {
        let user_end = if s.len() == 1 || s[1] == b'/' {
            si = if s.len() > 1 { 2 } else { 1 };
            buf = default_home(vm)?;
            None
        } else {
            let end = s.iter().position(|&b| b == b'/').unwrap_or(s.len());
            si = end;
            buf = home_of(vm, &s[1..end])?;
            Some(end)
        };
        if buf.first() != Some(&b'/') {
            let message = match user_end {
                Some(end) => format!("non-absolute home of {}", shown(&s[1..end])),
                None => "non-absolute home".to_string(),
            };
            return Err(vm.argument_error(message));
        }
        p = buf.len();
    } else if s.first() != Some(&b'/') {
        buf = match dir {
            Some(dir) => expand_path(vm, dir, None, absolute)?,
            None => std::env::current_dir()
                .map(|dir| dir.as_os_str().as_bytes().to_vec())
                .unwrap_or_default(),
        };
        p = buf.len();
        let root = skip_root(&buf, p);
        p = root + chomp_separators(&buf[root..p]);
    } else {
        let slashes = s.iter().take_while(|&&b| b == b'/').count();
        si = slashes;
        buf = vec![b'/'; slashes];
        p = slashes;
    }
    // buf[p] is the separator the next component goes after.
    if p > 0 && buf[p - 1] == b'/' {
        p -= 1;
    } else {
        buf.truncate(p);
        buf.push(b'/');
    }
    buf.truncate(p + 1);
    let copy = |buf: &mut Vec<u8>, p: &mut usize, name: &[u8]| {
        buf.truncate(*p + 1);
        buf.extend_from_slice(name);
        *p += 1 + name.len();
    };
    let mut b = si;
    while si < s.len() {
        match s[si] {
            b'.' => {
                let at_start = b == si;
                si += 1;
                if at_start {
                    match s.get(si) {
                        None => b = si,
                        Some(b'.') if s.get(si + 1).is_none_or(|&c| c == b'/') => {
                            if let Some(n) = last_separator(&buf[..p]) {
                                p = n;
                            }
                            buf.truncate(p);
                            buf.push(b'/');
                            si += 1;
                            b = si;
                        }
                        Some(b'/') => {
                            si += 1;
                            b = si;
                        }
                        _ => {}
                    }
                }
            }
            b'/' => {
                if si > b {
                    copy(&mut buf, &mut p, &s[b..si]);
                    buf.truncate(p);
                    buf.push(b'/');
                }
                si += 1;
                b = si;
            }
            _ => si += 1,
        }
    }
    let pending_separator = if si > b {
        copy(&mut buf, &mut p, &s[b..si]);
        false
    } else {
        true
    };
    let end = p + usize::from(pending_separator);
    if p + 1 == skip_root(&buf, end.min(buf.len())) {
        p += 1;
    }
    buf.truncate(p);
    Ok(buf)
}

/// MRI's `rmext`: how much of `name` (the last component, `base_len` of it
/// before its extension) `File.basename` keeps for `suffix`; 0 for all.
fn strip_suffix(name: &[u8], base_len: usize, suffix: &[u8]) -> usize {
    if suffix.is_empty() {
        return 0;
    }
    if suffix.len() >= 2 && suffix.ends_with(b"*") {
        let first = &suffix[..suffix.len() - 1];
        if std::str::from_utf8(first).is_ok_and(|text| text.chars().count() == 1) {
            if first == b"." {
                return base_len;
            }
            return find_last(name, first).unwrap_or(name.len());
        }
    }
    if name.len() < suffix.len() {
        return name.len();
    }
    let start = name.len() - suffix.len();
    if name[start..] == *suffix {
        start
    } else {
        0
    }
}

fn find_last(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack
        .windows(needle.len())
        .rposition(|window| window == needle)
}

/// The last component of `path` (trailing separators aside), and where its
/// extension starts (MRI's `ruby_enc_find_basename`); None for a path of
/// separators only.
fn find_basename(path: &[u8]) -> Option<(&[u8], usize)> {
    let root = skip_root(path, path.len());
    if root == path.len() {
        return None;
    }
    let start = match last_separator(path) {
        Some(separator) => separator + path[separator..].iter().take_while(|&&b| b == b'/').count(),
        None => 0,
    };
    let rest = &path[start..];
    let name = &rest[..chomp_separators(rest)];
    let dots = name.iter().take_while(|&&b| b == b'.').count();
    let extension = name[dots..]
        .iter()
        .rposition(|&b| b == b'.')
        .map_or(name.len(), |dot| dots + dot);
    Some((name, extension))
}

/// `File.basename`: the last component, without `suffix` (`".*"`: any
/// extension).
fn basename(path: &[u8], suffix: Option<&[u8]>) -> Vec<u8> {
    if path.is_empty() {
        return Vec::new();
    }
    let Some((name, extension)) = find_basename(path) else {
        return b"/".to_vec();
    };
    let kept = match suffix {
        None => name.len(),
        Some(suffix) => match strip_suffix(name, extension, suffix) {
            0 => name.len(),
            kept => kept,
        },
    };
    name[..kept].to_vec()
}

/// `File.dirname(path, levels)`: `path` without its last `levels`
/// components; `"."` when nothing is left.
fn dirname(path: &[u8], levels: usize) -> Vec<u8> {
    let mut root = skip_root(path, path.len());
    let mut name_start = 0;
    if root > 1 {
        name_start = root - 1;
    }
    let end = path.len();
    let p = if levels > (end - root).div_ceil(2) {
        root
    } else {
        match levels {
            0 => end,
            1 => last_separator(&path[root..]).map_or(root, |i| root + i),
            _ => {
                let mut separators = vec![root; levels];
                let mut i = 0;
                let mut at = root;
                while at < end {
                    if path[at] == b'/' {
                        let start = at;
                        while at < end && path[at] == b'/' {
                            at += 1;
                        }
                        if at >= end {
                            break;
                        }
                        separators[i] = start;
                        i = (i + 1) % levels;
                    } else {
                        at += 1;
                    }
                }
                separators[i]
            }
        }
    };
    root = name_start;
    if p == root {
        return b".".to_vec();
    }
    path[root..p].to_vec()
}

/// `File.extname`: the last component's extension, dot included; empty for
/// none and for a dot-file such as `.bashrc`; `"."` for a name ending in a
/// dot, as MRI 3.1 answers on Unix.
fn extname(path: &[u8]) -> Vec<u8> {
    let start = match last_separator(path) {
        Some(separator) => separator + path[separator..].iter().take_while(|&&b| b == b'/').count(),
        None => 0,
    };
    let name = &path[start..];
    let mut p = name.iter().take_while(|&&b| b == b'.').count();
    let mut dot = None;
    while p < name.len() && name[p] != b'/' {
        if name[p] == b'.' {
            dot = Some(p);
        }
        p += 1;
    }
    match dot {
        None | Some(0) => Vec::new(),
        Some(dot) if dot + 1 == p => b".".to_vec(),
        Some(dot) => name[dot..p].to_vec(),
    }
}

/// `File.join` into `joined`: Strings and the elements of Arrays
/// (recursively; an Array inside itself is ArgumentError), one separator
/// at each seam whatever separators the parts bring.
fn join_into(
    vm: &mut Vm,
    args: &[Value],
    seen: &mut Vec<Value>,
    joined: &mut Vec<u8>,
    first: &mut bool,
) -> VmResult<()> {
    for &arg in args {
        let part = if let Some(array) = arg.get::<RArray>() {
            if seen.contains(&arg) {
                return Err(vm.argument_error("recursive array".into()));
            }
            seen.push(arg);
            let items = array.items().clone();
            let mut inner = Vec::new();
            let mut inner_first = true;
            join_into(vm, &items, seen, &mut inner, &mut inner_first)?;
            seen.pop();
            inner
        } else {
            let part = path_string(vm, arg)?;
            if part.contains(&0) {
                return Err(vm.argument_error("string contains null byte".into()));
            }
            part
        };
        if !*first {
            let tail = chomp_separators(joined);
            if part.first() == Some(&b'/') {
                joined.truncate(tail);
            } else if tail == joined.len() {
                joined.push(b'/');
            }
        }
        *first = false;
        joined.extend_from_slice(&part);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn base(path: &str, suffix: Option<&str>) -> String {
        shown(&basename(path.as_bytes(), suffix.map(str::as_bytes)))
    }

    fn dir(path: &str, levels: usize) -> String {
        shown(&dirname(path.as_bytes(), levels))
    }

    fn ext(path: &str) -> String {
        shown(&extname(path.as_bytes()))
    }

    #[test]
    fn path_functions_answer_as_mri() {
        assert_eq!(base("/a/b/c.rb", Some(".rb")), "c");
        assert_eq!(base("/a/b/c.rb", Some(".*")), "c");
        assert_eq!(base("a/b/", None), "b");
        assert_eq!(base("/", None), "/");
        assert_eq!(base("...", Some(".*")), "...");
        assert_eq!(base("a..", Some(".*")), "a.");
        assert_eq!(base("a/b.rb", Some("rb")), "b.");
        assert_eq!(base("a.rb", Some("a.rb")), "a.rb");
        assert_eq!(dir("//a", 1), "/");
        assert_eq!(dir("a/b/", 1), "a");
        assert_eq!(dir("a//b//c", 1), "a//b");
        assert_eq!(dir("/a/b/c", 2), "/a");
        assert_eq!(dir("/a/b/c", 5), "/");
        assert_eq!(dir("a/b/c", 0), "a/b/c");
        assert_eq!(ext(".bashrc"), "");
        assert_eq!(ext("a.tar.gz"), ".gz");
        assert_eq!(ext("a."), ".");
        assert_eq!(ext("/x.y/z"), "");
        assert_eq!(ext("..rb"), "");
        assert_eq!(ext("a.rb/"), ".rb");
    }
}
