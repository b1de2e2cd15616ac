//! Path strings: `File.basename`, `dirname`, `extname`, `split`, `join`,
//! `expand_path`, `absolute_path`, worked on bytes as MRI does (no file
//! system access, except the home directory and the working directory).
//!
//! ```ruby
//! File.basename("/a/b.rb", ".rb")   # => "b"
//! File.dirname("/a/b/c", 2)          # => "/a"
//! File.join("a", ["b", "c"])         # => "a/b/c"
//! ```

use super::{path_arg, path_string, shown};
use crate::core::string::expect_string;
use crate::object::RArray;
use crate::value::Value;
use crate::vm::{Vm, VmResult};
use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;

/// The functions on path strings.
pub(super) fn define_path_functions(vm: &mut Vm, file: Value) {
    vm.define_singleton_native(file, "path", 1, Some(1), file_singleton_path);
    vm.define_singleton_native(file, "basename", 1, Some(2), file_singleton_basename);
    vm.define_singleton_native(file, "dirname", 1, Some(2), file_singleton_dirname);
    vm.define_singleton_native(file, "extname", 1, Some(1), file_singleton_extname);
    vm.define_singleton_native(file, "split", 1, Some(1), file_singleton_split);
    vm.define_singleton_native(file, "join", 0, None, file_singleton_join);
    vm.define_singleton_native(file, "expand_path", 1, Some(2), file_singleton_expand_path);
    vm.define_singleton_native(file, "realpath", 1, Some(2), file_singleton_realpath);
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
    vm.define_singleton_native(file, "fnmatch", 2, Some(3), file_singleton_fnmatch);
    vm.define_singleton_native(file, "fnmatch?", 2, Some(3), file_singleton_fnmatch);
}

/// `File.fnmatch` and `fnmatch?`.
fn file_singleton_fnmatch(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
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

/// `File.realpath(path, dir = nil)`: the absolute path with every link
/// resolved, `path` taken relative to `dir` (else the current directory);
/// Errno::ENOENT (and the like) when a part of it does not exist.
fn file_singleton_realpath(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    use std::os::unix::ffi::{OsStrExt, OsStringExt};
    let path = path_arg(vm, args[0])?;
    let dir = match args.get(1) {
        Some(&dir) if !dir.is_nil() => Some(path_arg(vm, dir)?),
        _ => None,
    };
    let full = match dir {
        Some(dir) => std::path::Path::new(std::ffi::OsStr::from_bytes(&dir))
            .join(std::ffi::OsStr::from_bytes(&path)),
        None => std::path::PathBuf::from(std::ffi::OsStr::from_bytes(&path)),
    };
    match std::fs::canonicalize(&full) {
        Ok(real) => Ok(vm.new_string(real.into_os_string().into_vec())),
        Err(error) => {
            let shown = crate::core::file::shown(full.as_os_str().as_bytes());
            Err(vm.raise_io_error(&error, "rb_check_realpath_internal", &shown))
        }
    }
}

/// `File.absolute_path?`.
fn file_singleton_absolute_path_p(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let path = path_arg(vm, args[0])?;
    Ok(Value::bool(path.first() == Some(&b'/')))
}

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
