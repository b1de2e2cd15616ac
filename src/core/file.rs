//! File and Dir: opening, reading and writing files, questions about paths,
//! and MRI's string functions on paths (`basename`, `dirname`, `extname`,
//! `join`, `expand_path`), which never touch the file system.
//!
//! A File is an IO (see `io.rs`) whose stream is an entry of the VM's table
//! of open files. `File.open(path, "w") { |f| ... }` opens, yields and closes
//! even when the block raises or breaks, returning the block's value:
//!
//! ```ruby
//! File.open("log.txt", "a") { |f| f.puts "started" }   # => nil
//! File.read("log.txt")                                 # => "started\n"
//! ```
//!
//! Failures raise MRI's `Errno` exceptions with MRI's wording, naming the
//! C function MRI reports (`No such file or directory @ rb_sysopen - x`).

use crate::core::io::{self, OpenFile};
use crate::core::string::expect_string;
use crate::object::RArray;
use crate::value::Value;
use crate::vm::{Vm, VmResult};
use std::path::Path;

pub fn define(vm: &mut Vm) {
    let io = vm.c.io;
    let file = vm.define_class("File", io);
    let separator = vm.symbols.intern("SEPARATOR");
    let slash = vm.new_str("/");
    vm.set_constant(file, separator, slash);

    vm.define_singleton_native(file, "open", 1, Some(2), |vm, class, args| {
        let file = vm.new_object(class);
        let initialize = vm.symbols.intern("initialize");
        vm.call(file, initialize, args)?;
        let Some(block) = vm.current_block() else {
            return Ok(file);
        };
        let result = vm.invoke_block(&block, &[file]);
        let close = vm.symbols.intern("close");
        vm.call(file, close, &[])?;
        result
    });
    vm.define_private_native(file, "initialize", 1, Some(2), open);
    vm.define_singleton_native(file, "read", 1, Some(1), |vm, _, args| {
        let path = path_arg(vm, args[0])?;
        let bytes = read_file(vm, &path, "io_fread")?;
        Ok(vm.new_string(bytes))
    });
    vm.define_singleton_native(file, "readlines", 1, Some(2), |vm, class, args| {
        let (file, rest) = open_for_reading(vm, class, args)?;
        let readlines = vm.symbols.intern("readlines");
        let kwargs = vm.called_with_keywords();
        let lines = vm.call_forwarding(file, readlines, rest, None, kwargs);
        close(vm, file)?;
        lines
    });
    vm.define_singleton_native(file, "foreach", 1, Some(2), |vm, class, args| {
        let (file, rest) = open_for_reading(vm, class, args)?;
        let each_line = vm.symbols.intern("each_line");
        let block = vm.current_block();
        let kwargs = vm.called_with_keywords();
        let result = vm.call_forwarding(file, each_line, rest, block, kwargs);
        close(vm, file)?;
        result.map(|_| Value::NIL)
    });
    vm.define_singleton_native(file, "write", 2, Some(2), |vm, _, args| {
        let path = path_arg(vm, args[0])?;
        let bytes = vm.to_s_bytes(args[1])?;
        if let Err(error) = std::fs::write(&path, &bytes) {
            return Err(vm.raise_io_error(&error, "rb_sysopen", &path));
        }
        Ok(Value::small(bytes.len() as i64))
    });
    vm.define_singleton_native(file, "exist?", 1, Some(1), |vm, _, args| {
        let path = path_arg(vm, args[0])?;
        Ok(Value::bool(Path::new(&path).exists()))
    });
    vm.define_singleton_native(file, "file?", 1, Some(1), |vm, _, args| {
        let path = path_arg(vm, args[0])?;
        Ok(Value::bool(Path::new(&path).is_file()))
    });
    vm.define_singleton_native(file, "directory?", 1, Some(1), |vm, _, args| {
        let path = path_arg(vm, args[0])?;
        Ok(Value::bool(Path::new(&path).is_dir()))
    });
    vm.define_singleton_native(file, "size", 1, Some(1), |vm, _, args| {
        let path = path_arg(vm, args[0])?;
        match std::fs::metadata(&path) {
            Ok(metadata) => Ok(Value::small(metadata.len() as i64)),
            Err(error) => Err(vm.raise_io_error(&error, "rb_file_s_size", &path)),
        }
    });
    for name in ["delete", "unlink"] {
        vm.define_singleton_native(file, name, 0, None, |vm, _, args| {
            for &arg in args {
                let path = path_arg(vm, arg)?;
                if let Err(error) = std::fs::remove_file(&path) {
                    return Err(vm.raise_io_error(&error, "apply2files", &path));
                }
            }
            Ok(Value::small(args.len() as i64))
        });
    }
    vm.define_singleton_native(file, "basename", 1, Some(2), |vm, _, args| {
        let path = path_arg(vm, args[0])?;
        let suffix = match args.get(1) {
            Some(&suffix) => Some(path_arg(vm, suffix)?),
            None => None,
        };
        Ok(vm.new_str(&basename(&path, suffix.as_deref())))
    });
    vm.define_singleton_native(file, "dirname", 1, Some(1), |vm, _, args| {
        let path = path_arg(vm, args[0])?;
        Ok(vm.new_str(&dirname(&path)))
    });
    vm.define_singleton_native(file, "extname", 1, Some(1), |vm, _, args| {
        let path = path_arg(vm, args[0])?;
        Ok(vm.new_str(&extname(&path)))
    });
    vm.define_singleton_native(file, "split", 1, Some(1), |vm, _, args| {
        let path = path_arg(vm, args[0])?;
        let parts = [dirname(&path), basename(&path, None)];
        let parts = parts.map(|part| vm.new_str(&part));
        Ok(vm.new_array(parts.to_vec()))
    });
    vm.define_singleton_native(file, "join", 0, None, |vm, _, args| {
        let mut parts = Vec::new();
        join_parts(vm, args, &mut Vec::new(), &mut parts)?;
        Ok(vm.new_str(&join(&parts)))
    });
    vm.define_singleton_native(file, "expand_path", 1, Some(2), |vm, _, args| {
        let path = path_arg(vm, args[0])?;
        let base = match args.get(1) {
            Some(&base) if !base.is_nil() => Some(path_arg(vm, base)?),
            _ => None,
        };
        Ok(vm.new_str(&expand_path(&path, base.as_deref())))
    });
    vm.define_singleton_native(file, "absolute_path?", 1, Some(1), |vm, _, args| {
        let path = path_arg(vm, args[0])?;
        Ok(Value::bool(path.starts_with('/')))
    });
    vm.define_native(file, "path", 0, Some(0), |vm, file, _| {
        let path = vm.symbols.intern("path");
        Ok(vm.ivar_get(file, path))
    });
    vm.define_native(file, "inspect", 0, Some(0), |vm, file, _| {
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
    });
    vm.define_native(file, "size", 0, Some(0), |vm, file, _| {
        let path = vm.symbols.intern("path");
        let path = vm.ivar_get(file, path);
        let size = vm.symbols.intern("size");
        let class = vm.real_class_of(file);
        vm.call(class, size, &[path])
    });

    let object = vm.c.object;
    let dir = vm.define_class("Dir", object);
    for name in ["pwd", "getwd"] {
        vm.define_singleton_native(dir, name, 0, Some(0), |vm, _, _| {
            let cwd = std::env::current_dir().unwrap_or_default();
            Ok(vm.new_str(&cwd.to_string_lossy()))
        });
    }
    vm.define_singleton_native(dir, "exist?", 1, Some(1), |vm, _, args| {
        let path = path_arg(vm, args[0])?;
        Ok(Value::bool(Path::new(&path).is_dir()))
    });
}

/// A path argument: a String (or something with `to_str`).
fn path_arg(vm: &mut Vm, value: Value) -> VmResult<String> {
    let bytes = expect_string(vm, value)?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// The whole file at `path`, or the Errno MRI raises.
fn read_file(vm: &mut Vm, path: &str, read_place: &str) -> VmResult<Vec<u8>> {
    if Path::new(path).is_dir() {
        let error = std::io::Error::from_raw_os_error(21);
        return Err(vm.raise_io_error(&error, read_place, path));
    }
    std::fs::read(path).map_err(|error| vm.raise_io_error(&error, "rb_sysopen", path))
}

/// How a mode string opens a file.
struct Mode {
    read: bool,
    write: bool,
    append: bool,
    truncate: bool,
}

fn parse_mode(text: &str) -> Option<Mode> {
    let base = text.trim_end_matches(['b', 't']);
    let (kind, plus) = match base.strip_suffix('+') {
        Some(kind) => (kind, true),
        None => (base, false),
    };
    let mode = match kind {
        "r" => Mode {
            read: true,
            write: plus,
            append: false,
            truncate: false,
        },
        "w" => Mode {
            read: plus,
            write: true,
            append: false,
            truncate: true,
        },
        "a" => Mode {
            read: plus,
            write: true,
            append: true,
            truncate: false,
        },
        _ => return None,
    };
    Some(mode)
}

/// `File#initialize(path, mode = "r")`: opens the file for a new File.
fn open(vm: &mut Vm, file: Value, args: &[Value]) -> VmResult {
    let path = path_arg(vm, args[0])?;
    let mode_text = match args.get(1) {
        Some(&mode) => path_arg(vm, mode)?,
        None => "r".to_string(),
    };
    let Some(mode) = parse_mode(&mode_text) else {
        return Err(vm.argument_error(format!("invalid access mode {mode_text}")));
    };
    let handle = std::fs::OpenOptions::new()
        .read(mode.read)
        .write(mode.write && !mode.append)
        .append(mode.append)
        .truncate(mode.truncate)
        .create(mode.write && (mode.truncate || mode.append))
        .open(&path);
    let handle = handle.map_err(|error| vm.raise_io_error(&error, "rb_sysopen", &path))?;
    let contents = if mode.read {
        Some(read_file(vm, &path, "io_fread")?)
    } else {
        None
    };
    let fd = {
        use std::os::fd::AsRawFd;
        i64::from(handle.as_raw_fd())
    };
    let writer = mode.write.then_some(handle);
    vm.files
        .insert(fd, OpenFile::new(path.clone(), contents, writer));
    io::set_fd(vm, file, fd)?;
    let path_sym = vm.symbols.intern("path");
    let path_value = vm.new_str(&path);
    vm.ivar_set(file, path_sym, path_value)?;
    Ok(Value::NIL)
}

/// Opens the file named by the first argument for reading; the rest are
/// what the reading method gets.
fn open_for_reading<'a>(
    vm: &mut Vm,
    class: Value,
    args: &'a [Value],
) -> VmResult<(Value, &'a [Value])> {
    let file = vm.new_object(class);
    open(vm, file, &args[..1])?;
    Ok((file, &args[1..]))
}

fn close(vm: &mut Vm, file: Value) -> VmResult<()> {
    let close = vm.symbols.intern("close");
    vm.call(file, close, &[]).map(|_| ())
}

/// `File.basename`: the last component, without `suffix` (`".*"`: any
/// extension).
fn basename(path: &str, suffix: Option<&str>) -> String {
    let trimmed = path.trim_end_matches('/');
    if trimmed.is_empty() {
        return if path.is_empty() { "" } else { "/" }.to_string();
    }
    let base = trimmed.rsplit('/').next().unwrap_or(trimmed);
    let stripped = match suffix {
        Some(".*") => match base.rfind('.') {
            Some(dot) if dot > 0 => &base[..dot],
            _ => base,
        },
        Some(suffix) if !suffix.is_empty() && base != suffix => {
            base.strip_suffix(suffix).unwrap_or(base)
        }
        _ => base,
    };
    stripped.to_string()
}

/// `File.dirname`: everything before the last component, `"."` when there
/// is none.
fn dirname(path: &str) -> String {
    let trimmed = path.trim_end_matches('/');
    if trimmed.is_empty() {
        return if path.is_empty() { "." } else { "/" }.to_string();
    }
    match trimmed.rfind('/') {
        None => ".".to_string(),
        Some(slash) => {
            let dir = trimmed[..slash].trim_end_matches('/');
            if dir.is_empty() {
                "/".to_string()
            } else {
                dir.to_string()
            }
        }
    }
}

/// `File.extname`: the last component's extension, dot included; empty for
/// none and for a dot-file such as `.bashrc`; `"."` for a name ending in a
/// dot, as MRI 3.1 answers on Unix.
fn extname(path: &str) -> String {
    let base = basename(path, None);
    let name = base.trim_start_matches('.');
    match name.rfind('.') {
        Some(dot) => name[dot..].to_string(),
        None => String::new(),
    }
}

/// The parts `File.join` joins: Strings, and the elements of Arrays
/// (recursively; an Array inside itself is ArgumentError).
fn join_parts(
    vm: &mut Vm,
    args: &[Value],
    seen: &mut Vec<Value>,
    parts: &mut Vec<String>,
) -> VmResult<()> {
    for &arg in args {
        if let Some(array) = arg.get::<RArray>() {
            if seen.contains(&arg) {
                return Err(vm.argument_error("recursive array".into()));
            }
            seen.push(arg);
            let items = array.items().clone();
            join_parts(vm, &items, seen, parts)?;
            seen.pop();
        } else {
            parts.push(path_arg(vm, arg)?);
        }
    }
    Ok(())
}

/// `File.join`: one separator between parts, whatever separators the
/// parts bring at the seams (inner repeated slashes stay, as MRI's do).
fn join(parts: &[String]) -> String {
    let mut joined = String::new();
    for (i, part) in parts.iter().enumerate() {
        if i == 0 {
            joined.push_str(part);
            continue;
        }
        match (joined.ends_with('/'), part.starts_with('/')) {
            (true, true) => joined.push_str(part.trim_start_matches('/')),
            (false, false) => {
                joined.push('/');
                joined.push_str(part);
            }
            _ => joined.push_str(part),
        }
    }
    joined
}

/// `File.expand_path`: an absolute path with `.` and `..` resolved, `~`
/// read as the home directory, relative paths taken from `base` (itself
/// expanded) or the working directory.
fn expand_path(path: &str, base: Option<&str>) -> String {
    let home = || std::env::var("HOME").unwrap_or_default();
    let absolute = if path == "~" {
        home()
    } else if let Some(rest) = path.strip_prefix("~/") {
        format!("{}/{rest}", home())
    } else if path.starts_with('/') {
        path.to_string()
    } else {
        let base = match base {
            Some(base) => expand_path(base, None),
            None => std::env::current_dir()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned(),
        };
        format!("{base}/{path}")
    };
    let mut components: Vec<&str> = Vec::new();
    for component in absolute.split('/') {
        match component {
            "" | "." => {}
            ".." => {
                components.pop();
            }
            other => components.push(other),
        }
    }
    format!("/{}", components.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_functions_answer_as_mri() {
        assert_eq!(basename("/a/b/c.rb", Some(".rb")), "c");
        assert_eq!(basename("/a/b/c.rb", Some(".*")), "c");
        assert_eq!(basename("a/b/", None), "b");
        assert_eq!(basename("/", None), "/");
        assert_eq!(dirname("//a"), "/");
        assert_eq!(dirname("a/b/"), "a");
        assert_eq!(extname(".bashrc"), "");
        assert_eq!(extname("a.tar.gz"), ".gz");
        assert_eq!(extname("a."), ".");
        assert_eq!(extname("/x.y/z"), "");
        let parts = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(join(&parts(&["a/", "/b"])), "a/b");
        assert_eq!(join(&parts(&["a//", "b"])), "a//b");
        assert_eq!(join(&parts(&["", "x"])), "/x");
        assert_eq!(expand_path("../x", Some("/tmp/y")), "/tmp/x");
        assert_eq!(expand_path("/a/./b/../c", None), "/a/c");
    }
}
