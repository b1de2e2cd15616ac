//! Dir: the working directory (`Dir.pwd`, `Dir.chdir`), making, removing
//! and listing directories, and globbing (`Dir.glob`, `Dir[]`), with
//! `File.fnmatch`'s matcher, ported from MRI's `dir.c`.
//!
//! A glob pattern is cut at its separators into components (MRI's
//! `glob_make_pattern`): plain ones (`lib`, joined while they stay plain:
//! `lib/core`), magical ones (`*.rb`, `[ab]?`), brace ones (`{a,b}`),
//! recursive ones (`**/`), and a last one that says whether a match must
//! be a directory (a pattern ending in `/`). The walk (MRI's `glob_helper`)
//! checks plain components with `lstat` and reads a directory, sorted
//! bytewise as MRI 3.0+ sorts it, only for the others; a brace component
//! expands the pattern and walks each expansion in turn:
//!
//! ```ruby
//! Dir.glob("**/*.rb")            # => ["lib/a.rb", "lib/b/c.rb", "main.rb"]
//! Dir.glob("{lib,test}/*")       # lib's matches, then test's
//! Dir.glob("*", base: "lib")     # => ["a.rb", "b"]
//! ```
//!
//! Dot files match only patterns that start with a dot (or with
//! `File::FNM_DOTMATCH`); `..` never matches and `.` only in the first
//! directory read, as in MRI 3.1.

use crate::core::file::{is_directory, os, path_arg, shown};
use crate::core::string::expect_string;
use crate::value::Value;
use crate::vm::{Vm, VmResult};
use std::cell::Cell;
use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;

const FNM_NOESCAPE: i32 = 0x01;
const FNM_PATHNAME: i32 = 0x02;
const FNM_DOTMATCH: i32 = 0x04;
const FNM_CASEFOLD: i32 = 0x08;
const FNM_EXTGLOB: i32 = 0x10;
/// Read directories in the order the system gives (`sort: false`).
const FNM_GLOB_NOSORT: i32 = 0x40;
/// Skip `.`: set for every directory below the first one read.
const FNM_GLOB_SKIPDOT: i32 = 0x80;

thread_local! {
    /// How many `Dir.chdir` blocks are running (a chdir without a block
    /// inside one warns, as in MRI).
    static CHDIR_BLOCKS: Cell<usize> = const { Cell::new(0) };
}

/// Defines Dir and its class methods.
pub fn define(vm: &mut Vm) {
    let object = vm.c.object;
    let dir = vm.define_class("Dir", object);
    vm.define_singleton_native(dir, "pwd", 0, Some(0), dir_singleton_pwd);
    vm.define_singleton_native(dir, "getwd", 0, Some(0), dir_singleton_pwd);
    vm.define_singleton_native(dir, "chdir", 0, Some(1), chdir);
    vm.define_singleton_native(dir, "home", 0, Some(1), dir_singleton_home);
    vm.define_singleton_native(dir, "exist?", 1, Some(1), dir_singleton_exist_p);
    vm.define_singleton_native(dir, "empty?", 1, Some(1), dir_singleton_empty_p);
    vm.define_singleton_native(dir, "mkdir", 1, Some(2), dir_singleton_mkdir);
    vm.define_singleton_native(dir, "rmdir", 1, Some(1), dir_singleton_rmdir);
    vm.define_singleton_native(dir, "delete", 1, Some(1), dir_singleton_rmdir);
    vm.define_singleton_native(dir, "unlink", 1, Some(1), dir_singleton_rmdir);
    vm.define_singleton_native(dir, "entries", 0, None, dir_singleton_entries);
    vm.define_singleton_native(dir, "children", 0, None, dir_singleton_children);
    vm.define_singleton_native(dir, "each_child", 0, None, dir_singleton_each_child);
    vm.define_singleton_native(dir, "foreach", 0, None, dir_singleton_foreach);
    vm.define_singleton_native(dir, "glob", 0, None, dir_singleton_glob);
    vm.define_singleton_native(dir, "[]", 0, None, dir_singleton_aref);
}

/// `Dir.pwd` and `getwd`.
fn dir_singleton_pwd(vm: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    let cwd = current_dir(vm)?;
    Ok(vm.new_string(cwd))
}

/// `Dir.rmdir`, `delete` and `unlink`.
fn dir_singleton_rmdir(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let path = path_arg(vm, args[0])?;
    if let Err(error) = std::fs::remove_dir(os(&path)) {
        return Err(vm.raise_io_error(&error, "dir_s_rmdir", &shown(&path)));
    }
    Ok(Value::small(0))
}

/// `Dir.home`.
fn dir_singleton_home(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let user = match args.first() {
        Some(&user) if !user.is_nil() => expect_string(vm, user)?.to_vec(),
        _ => Vec::new(),
    };
    let home = if user.is_empty() {
        crate::core::file::default_home(vm)?
    } else {
        crate::core::file::home_of(vm, &user)?
    };
    Ok(vm.new_string(home))
}

/// `Dir.exist?`.
fn dir_singleton_exist_p(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let path = path_arg(vm, args[0])?;
    Ok(Value::bool(is_directory(&path)))
}

/// `Dir.empty?`.
fn dir_singleton_empty_p(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let path = path_arg(vm, args[0])?;
    match read_entries(&path) {
        Ok(entries) => Ok(Value::bool(
            entries.iter().all(|name| name == b"." || name == b".."),
        )),
        Err(error) if error.raw_os_error() == Some(libc::ENOTDIR) => Ok(Value::FALSE),
        Err(error) => Err(vm.raise_io_error(&error, "rb_dir_s_empty_p", &shown(&path))),
    }
}

/// `Dir.mkdir`.
fn dir_singleton_mkdir(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let path = path_arg(vm, args[0])?;
    let perm = match args.get(1) {
        Some(&perm) => crate::core::integer::num2int(vm, perm)? as libc::mode_t,
        None => 0o777,
    };
    let c_path = CString::new(path.clone()).expect("paths are checked for NUL bytes");
    // SAFETY: mkdir(2) with a NUL-terminated path.
    if unsafe { libc::mkdir(c_path.as_ptr(), perm) } != 0 {
        let error = std::io::Error::last_os_error();
        return Err(vm.raise_io_error(&error, "dir_s_mkdir", &shown(&path)));
    }
    Ok(Value::small(0))
}

/// `Dir.entries`.
fn dir_singleton_entries(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let names = listed(vm, args)?;
    new_strings(vm, names)
}

/// `Dir.children`.
fn dir_singleton_children(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let names = children(listed(vm, args)?);
    new_strings(vm, names)
}

/// `Dir.each_child`.
fn dir_singleton_each_child(vm: &mut Vm, dir: Value, args: &[Value]) -> VmResult {
    let Some(block) = vm.current_block() else {
        return crate::core::enumerator::for_this_call(vm, dir, args, Value::NIL);
    };
    let names = children(listed(vm, args)?);
    let names = new_strings(vm, names)?;
    yield_each(vm, &block, names)?;
    Ok(Value::NIL)
}

/// `Dir.foreach`.
fn dir_singleton_foreach(vm: &mut Vm, dir: Value, args: &[Value]) -> VmResult {
    let Some(block) = vm.current_block() else {
        return crate::core::enumerator::for_this_call(vm, dir, args, Value::NIL);
    };
    let names = listed(vm, args)?;
    let names = new_strings(vm, names)?;
    yield_each(vm, &block, names)?;
    Ok(Value::NIL)
}

/// `Dir.glob`.
fn dir_singleton_glob(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let (positional, values) = vm.native_keywords(args, &["flags", "base", "sort"])?;
    let positional = positional.to_vec();
    if positional.is_empty() || positional.len() > 2 {
        return Err(vm.argument_error(format!(
            "wrong number of arguments (given {}, expected 1..2)",
            positional.len()
        )));
    }
    let flags = match values[0].or(positional.get(1).copied()) {
        Some(flags) => crate::core::integer::num2int(vm, flags)? as i32,
        None => 0,
    };
    let options = glob_options(vm, values[1], values[2], flags & !FNM_CASEFOLD)?;
    let listed = vm.array_items(positional[0]);
    let single = listed.is_none();
    let patterns = listed.unwrap_or_else(|| vec![positional[0]]);
    let results = glob_all(vm, &patterns, single, &options)?;
    let Some(block) = vm.current_block() else {
        return Ok(results);
    };
    yield_each(vm, &block, results)?;
    Ok(Value::NIL)
}

/// `Dir.[]`.
fn dir_singleton_aref(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let (patterns, values) = vm.native_keywords(args, &["base", "sort"])?;
    let patterns = patterns.to_vec();
    let options = glob_options(vm, values[0], values[1], 0)?;
    glob_all(vm, &patterns, patterns.len() == 1, &options)
}

/// The working directory, as bytes.
fn current_dir(vm: &mut Vm) -> VmResult<Vec<u8>> {
    match std::env::current_dir() {
        Ok(dir) => Ok(dir.as_os_str().as_bytes().to_vec()),
        Err(error) => Err(vm.raise_io_error(&error, "rb_dir_getwd_ospath", "")),
    }
}

/// chdir(2), or MRI's Errno naming `place`.
fn change_dir(vm: &mut Vm, path: &[u8], place: &str) -> VmResult<()> {
    std::env::set_current_dir(os(path))
        .map_err(|error| vm.raise_io_error(&error, place, &shown(path)))
}

/// `Dir.chdir(path = $HOME)`: 0; with a block, the block's value, the
/// working directory restored after it even when it raises or breaks.
fn chdir(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let (path, path_value) = match args.first() {
        Some(&path) => (path_arg(vm, path)?, path),
        None => {
            let home = std::env::var_os("HOME").or_else(|| std::env::var_os("LOGDIR"));
            let Some(home) = home else {
                return Err(vm.argument_error("HOME/LOGDIR not set".into()));
            };
            let bytes = home.as_bytes().to_vec();
            let value = vm.new_string(bytes.clone());
            (bytes, value)
        }
    };
    let block = vm.current_block();
    if CHDIR_BLOCKS.get() > 0 && block.is_none() {
        vm.warn("conflicting chdir during another chdir block");
    }
    let Some(block) = block else {
        change_dir(vm, &path, "dir_s_chdir")?;
        return Ok(Value::small(0));
    };
    let old = current_dir(vm)?;
    change_dir(vm, &path, "dir_chdir")?;
    CHDIR_BLOCKS.set(CHDIR_BLOCKS.get() + 1);
    let result = vm.invoke_block(&block, &[path_value]);
    CHDIR_BLOCKS.set(CHDIR_BLOCKS.get() - 1);
    change_dir(vm, &old, "dir_chdir")?;
    result
}

/// The entries of the directory `Dir.entries(path, encoding: nil)` names,
/// in the order the system reads them.
fn listed(vm: &mut Vm, args: &[Value]) -> VmResult<Vec<Vec<u8>>> {
    let (positional, values) = vm.native_keywords(args, &["encoding"])?;
    if positional.len() != 1 {
        return Err(vm.argument_error(format!(
            "wrong number of arguments (given {}, expected 1)",
            positional.len()
        )));
    }
    let path = path_arg(vm, positional[0])?;
    if let Some(encoding) = values[0].filter(|value| !value.is_nil()) {
        let name = vm.to_s_bytes(encoding)?;
        let name = String::from_utf8_lossy(&name).to_ascii_uppercase();
        if !matches!(name.as_str(), "UTF-8" | "ASCII-8BIT" | "BINARY") {
            let class = vm.c.not_implemented_error;
            let message = format!("rhizome names entries in UTF-8 or binary only, not {name}");
            return Err(vm.raise(class, message));
        }
    }
    read_entries(&path).map_err(|error| vm.raise_io_error(&error, "dir_initialize", &shown(&path)))
}

/// The entries without `.` and `..`.
fn children(names: Vec<Vec<u8>>) -> Vec<Vec<u8>> {
    names
        .into_iter()
        .filter(|name| name != b"." && name != b"..")
        .collect()
}

/// Yields each element of `array` (read from it as the block runs, so
/// the elements stay reachable).
fn yield_each(vm: &mut Vm, block: &std::rc::Rc<crate::block::Block>, array: Value) -> VmResult<()> {
    let mut index = 0;
    while let Some(item) = array
        .get::<crate::object::RArray>()
        .and_then(|items| items.items().get(index).copied())
    {
        vm.invoke_block(block, &[item])?;
        index += 1;
    }
    Ok(())
}

/// A new Array of Strings.
fn new_strings(vm: &mut Vm, names: Vec<Vec<u8>>) -> VmResult {
    let array = vm.new_array(Vec::new());
    for name in names {
        let name = vm.new_string(name);
        crate::core::array::append(array, name);
    }
    Ok(array)
}

/// What a directory entry is, as readdir(2)'s `d_type` or a stat says
/// (MRI's `rb_pathtype_t`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum PathType {
    /// Not asked yet.
    Unknown,
    /// Does not exist.
    NoEnt,
    /// Exists, of a type readdir(2) did not say.
    Exist,
    Directory,
    Regular,
    Symlink,
    /// A device, FIFO or socket.
    Other,
}

impl PathType {
    fn exists(self) -> bool {
        !matches!(self, PathType::Unknown | PathType::NoEnt)
    }

    fn of_d_type(d_type: u8) -> PathType {
        match d_type {
            libc::DT_UNKNOWN => PathType::Exist,
            libc::DT_DIR => PathType::Directory,
            libc::DT_REG => PathType::Regular,
            libc::DT_LNK => PathType::Symlink,
            _ => PathType::Other,
        }
    }

    fn of_metadata(metadata: std::io::Result<std::fs::Metadata>) -> PathType {
        match metadata {
            Err(_) => PathType::NoEnt,
            Ok(metadata) => {
                let kind = metadata.file_type();
                if kind.is_dir() {
                    PathType::Directory
                } else if kind.is_file() {
                    PathType::Regular
                } else if kind.is_symlink() {
                    PathType::Symlink
                } else {
                    PathType::Other
                }
            }
        }
    }
}

/// The entries of directory `path` (`.` and `..` included) with their
/// types, in the order readdir(2) gives them.
fn read_typed_entries(path: &[u8]) -> std::io::Result<Vec<(Vec<u8>, PathType)>> {
    let c_path = CString::new(path).map_err(|_| std::io::Error::from_raw_os_error(libc::ENOENT))?;
    // SAFETY: opendir/readdir/closedir on a directory stream this function
    // owns; each name is copied before the next readdir.
    unsafe {
        let dir = libc::opendir(c_path.as_ptr());
        if dir.is_null() {
            return Err(std::io::Error::last_os_error());
        }
        let mut entries = Vec::new();
        loop {
            let entry = libc::readdir(dir);
            if entry.is_null() {
                break;
            }
            let name = std::ffi::CStr::from_ptr((*entry).d_name.as_ptr());
            let kind = PathType::of_d_type((*entry).d_type);
            entries.push((name.to_bytes().to_vec(), kind));
        }
        libc::closedir(dir);
        Ok(entries)
    }
}

/// The names in directory `path`, in the order readdir(2) gives them.
fn read_entries(path: &[u8]) -> std::io::Result<Vec<Vec<u8>>> {
    Ok(read_typed_entries(path)?
        .into_iter()
        .map(|(name, _)| name)
        .collect())
}

// --- fnmatch -------------------------------------------------------------------

/// The byte at `i`, NUL past the end (the C strings MRI walks end so).
fn at(s: &[u8], i: usize) -> u8 {
    s.get(i).copied().unwrap_or(0)
}

/// The length of the UTF-8 character at `i` (1 for an invalid byte).
fn char_len(s: &[u8], i: usize) -> usize {
    precise_char_len(s, i).unwrap_or(1)
}

/// The length of the valid UTF-8 character at `i`, if there is one.
fn precise_char_len(s: &[u8], i: usize) -> Option<usize> {
    let width = match at(s, i) {
        0x00..=0x7F => 1,
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return None,
    };
    let end = i + width;
    (end <= s.len() && std::str::from_utf8(&s[i..end]).is_ok()).then_some(width)
}

/// The code point at `i` (the byte itself when it is not valid UTF-8).
fn code_point(s: &[u8], i: usize) -> u32 {
    match precise_char_len(s, i) {
        Some(width) => std::str::from_utf8(&s[i..i + width])
            .ok()
            .and_then(|c| c.chars().next())
            .map_or(u32::from(at(s, i)), u32::from),
        None => u32::from(at(s, i)),
    }
}

/// ASCII upper case (what MRI's `rb_enc_toupper` does for UTF-8).
fn upper(c: u32) -> u32 {
    if (u32::from(b'a')..=u32::from(b'z')).contains(&c) {
        c - 32
    } else {
        c
    }
}

/// MRI's `bracket`: matches the character at `s[si]` against the bracket
/// expression after `[` at `p`; where the pattern goes on when it matches.
fn bracket(pattern: &[u8], mut p: usize, s: &[u8], si: usize, flags: i32) -> Option<usize> {
    let nocase = flags & FNM_CASEFOLD != 0;
    let escape = flags & FNM_NOESCAPE == 0;
    let end = pattern.len();
    let left = s.len() - si;
    if p >= end {
        return None;
    }
    let mut not = false;
    let mut ok = false;
    if pattern[p] == b'!' || pattern[p] == b'^' {
        not = true;
        p += 1;
    }
    let fold = |c: u32| if nocase { upper(c) } else { c };
    while at(pattern, p) != b']' {
        let mut t1 = p;
        if escape && at(pattern, t1) == b'\\' {
            t1 += 1;
        }
        if at(pattern, t1) == 0 {
            return None;
        }
        let r = char_len(pattern, t1);
        p = t1 + r;
        if p >= end {
            return None;
        }
        if pattern[p] == b'-' && at(pattern, p + 1) != b']' {
            let mut t2 = p + 1;
            if escape && at(pattern, t2) == b'\\' {
                t2 += 1;
            }
            if at(pattern, t2) == 0 {
                return None;
            }
            let r2 = char_len(pattern, t2);
            p = t2 + r2;
            if ok {
                continue;
            }
            if (r <= left && pattern[t1..t1 + r] == s[si..si + r])
                || (r2 <= left && pattern[t2..t2 + r2] == s[si..si + r2])
            {
                ok = true;
                continue;
            }
            let c1 = fold(code_point(s, si));
            if c1 < fold(code_point(pattern, t1)) || c1 > fold(code_point(pattern, t2)) {
                continue;
            }
        } else {
            if ok {
                continue;
            }
            if r <= left && pattern[t1..t1 + r] == s[si..si + r] {
                ok = true;
                continue;
            }
            // MRI compares with the character after the one in brackets.
            if !nocase || upper(code_point(s, si)) != upper(code_point(pattern, p)) {
                continue;
            }
        }
        ok = true;
    }
    (ok != not).then_some(p + 1)
}

/// MRI's `fnmatch_helper`: matches `pattern` from `*pi` against `s` from
/// `*si` (up to a separator with `FNM_PATHNAME`), leaving both where it
/// stopped.
fn fnmatch_helper(pattern: &[u8], pi: &mut usize, s: &[u8], si: &mut usize, flags: i32) -> bool {
    let period = flags & FNM_DOTMATCH == 0;
    let pathname = flags & FNM_PATHNAME != 0;
    let escape = flags & FNM_NOESCAPE == 0;
    let nocase = flags & FNM_CASEFOLD != 0;
    let unescape = |p: usize| {
        if escape && at(pattern, p) == b'\\' {
            p + 1
        } else {
            p
        }
    };
    let is_end = |x: &[u8], i: usize| at(x, i) == 0 || (pathname && at(x, i) == b'/');
    let mut p = *pi;
    let mut sp = *si;
    let mut retry: Option<(usize, usize)> = None;
    let matched = 'matching: {
        if period && at(s, sp) == b'.' && at(pattern, unescape(p)) != b'.' {
            break 'matching false;
        }
        loop {
            match at(pattern, p) {
                b'*' => {
                    while at(pattern, p) == b'*' {
                        p += 1;
                    }
                    if is_end(pattern, unescape(p)) {
                        p = unescape(p);
                        break 'matching true;
                    }
                    if is_end(s, sp) {
                        break 'matching false;
                    }
                    retry = Some((p, sp));
                    continue;
                }
                b'?' => {
                    if is_end(s, sp) {
                        break 'matching false;
                    }
                    p += 1;
                    sp += char_len(s, sp);
                    continue;
                }
                b'[' => {
                    if is_end(s, sp) {
                        break 'matching false;
                    }
                    if let Some(next) = bracket(pattern, p + 1, s, sp, flags) {
                        p = next;
                        sp += char_len(s, sp);
                        continue;
                    }
                }
                _ => {
                    p = unescape(p);
                    if is_end(s, sp) {
                        break 'matching is_end(pattern, p);
                    }
                    if !is_end(pattern, p) {
                        if let Some(r) = precise_char_len(pattern, p) {
                            if r <= s.len() - sp && pattern[p..p + r] == s[sp..sp + r] {
                                p += r;
                                sp += r;
                                continue;
                            }
                            if nocase && upper(code_point(pattern, p)) == upper(code_point(s, sp)) {
                                p += r;
                                sp += char_len(s, sp);
                                continue;
                            }
                        }
                    }
                }
            }
            // Failed: try the last `*` one character further.
            let Some((retry_p, retry_s)) = retry else {
                break 'matching false;
            };
            let next = retry_s + char_len(s, retry_s);
            retry = Some((retry_p, next));
            p = retry_p;
            sp = next;
        }
    };
    *pi = p;
    *si = sp;
    matched
}

/// MRI's `fnmatch`: whether `s` matches `pattern` (with `FNM_PATHNAME`,
/// component by component, `**/` matching any number of directories).
pub fn fnmatch(pattern: &[u8], s: &[u8], flags: i32) -> bool {
    let period = flags & FNM_DOTMATCH == 0;
    let mut p = 0;
    let mut sp = 0;
    if flags & FNM_PATHNAME == 0 {
        return fnmatch_helper(pattern, &mut p, s, &mut sp, flags);
    }
    let is_recursive = |p: usize| {
        at(pattern, p) == b'*' && at(pattern, p + 1) == b'*' && at(pattern, p + 2) == b'/'
    };
    let mut retry: Option<(usize, usize)> = None;
    loop {
        if is_recursive(p) {
            while is_recursive(p) {
                p += 3;
            }
            retry = Some((p, sp));
        }
        if fnmatch_helper(pattern, &mut p, s, &mut sp, flags) {
            while at(s, sp) != 0 && at(s, sp) != b'/' {
                sp += char_len(s, sp);
            }
            if at(pattern, p) != 0 && at(s, sp) != 0 {
                p += 1;
                sp += 1;
                continue;
            }
            if at(pattern, p) == 0 && at(s, sp) == 0 {
                return true;
            }
        }
        // Failed: let the last `**/` take one more directory.
        if let Some((retry_p, mut retry_s)) = retry {
            if !(period && at(s, retry_s) == b'.') {
                while at(s, retry_s) != 0 && at(s, retry_s) != b'/' {
                    retry_s += char_len(s, retry_s);
                }
                if at(s, retry_s) != 0 {
                    retry_s += 1;
                    retry = Some((retry_p, retry_s));
                    p = retry_p;
                    sp = retry_s;
                    continue;
                }
            }
        }
        return false;
    }
}

/// `File.fnmatch(pattern, path, flags)`: with `FNM_EXTGLOB`, braces expand
/// first and any expansion may match.
pub fn fnmatch_with_braces(pattern: &[u8], path: &[u8], flags: i32) -> bool {
    if flags & FNM_EXTGLOB == 0 {
        return fnmatch(pattern, path, flags);
    }
    let escape = flags & FNM_NOESCAPE == 0;
    let mut matched = false;
    let _ = brace_expand(pattern, escape, &mut |expanded| {
        matched = fnmatch(expanded, path, flags);
        Ok(matched)
    });
    matched
}

/// MRI's `ruby_brace_expand`: calls `each` with every expansion of the
/// first outermost `{a,b}` of `pattern` (expanded again, recursively); an
/// unclosed brace expands to nothing. Stops when `each` answers true, and
/// answers whether it stopped.
fn brace_expand(
    pattern: &[u8],
    escape: bool,
    each: &mut dyn FnMut(&[u8]) -> VmResult<bool>,
) -> VmResult<bool> {
    let mut left = None;
    let mut right = None;
    let mut nest = 0;
    let mut p = 0;
    while p < pattern.len() {
        if pattern[p] == b'{' {
            if nest == 0 {
                left = Some(p);
            }
            nest += 1;
        }
        if pattern[p] == b'}' && left.is_some() {
            nest -= 1;
            if nest == 0 {
                right = Some(p);
                break;
            }
        }
        if pattern[p] == b'\\' && escape {
            p += 1;
            if p >= pattern.len() {
                break;
            }
        }
        p += char_len(pattern, p);
    }
    match (left, right) {
        (Some(left), Some(right)) => {
            let mut p = left;
            while p < right {
                p += 1;
                let start = p;
                let mut nest = 0i32;
                while p < right && !(pattern[p] == b',' && nest == 0) {
                    if pattern[p] == b'{' {
                        nest += 1;
                    }
                    if pattern[p] == b'}' {
                        nest -= 1;
                    }
                    if pattern[p] == b'\\' && escape {
                        p += 1;
                        if p == right {
                            break;
                        }
                    }
                    p += char_len(pattern, p);
                }
                let mut expanded = pattern[..left].to_vec();
                expanded.extend_from_slice(&pattern[start..p.min(right)]);
                expanded.extend_from_slice(&pattern[right + 1..]);
                if brace_expand(&expanded, escape, each)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        (None, None) => each(pattern),
        _ => Ok(false),
    }
}

// --- glob --------------------------------------------------------------------

/// What a component of a glob pattern is (MRI's `glob_pattern_type`, in
/// its order).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Kind {
    Plain,
    Alpha,
    Brace,
    Magical,
    Recursive,
    MatchAll,
    MatchDir,
}

/// One component of a glob pattern; the next one follows it in its list.
#[derive(Debug)]
struct Component {
    kind: Kind,
    text: Vec<u8>,
}

/// How `Dir.glob` globs.
struct GlobOptions {
    flags: i32,
    base: Option<Vec<u8>>,
}

/// The `base:` and `sort:` keywords.
fn glob_options(
    vm: &mut Vm,
    base: Option<Value>,
    sort: Option<Value>,
    flags: i32,
) -> VmResult<GlobOptions> {
    let mut flags = flags;
    match sort {
        None => {}
        Some(value) if value == Value::TRUE => {}
        Some(value) if value == Value::FALSE => flags |= FNM_GLOB_NOSORT,
        Some(value) => {
            let shown = vm.inspect(value)?;
            return Err(vm.argument_error(format!("expected true or false as sort: {shown}")));
        }
    }
    let base = match base.filter(|base| !base.is_nil()) {
        Some(base) => Some(path_arg(vm, base)?).filter(|base| !base.is_empty()),
        None => None,
    };
    Ok(GlobOptions { flags, base })
}

/// Globs each pattern in turn into one Array (`single`: one pattern given
/// as itself, which may not hold a NUL).
fn glob_all(vm: &mut Vm, patterns: &[Value], single: bool, options: &GlobOptions) -> VmResult {
    let results = vm.new_array(Vec::new());
    for &pattern in patterns {
        let text = match vm.string_bytes(pattern) {
            Some(text) if single => {
                if text.contains(&0) {
                    let message = "nul-separated glob pattern is deprecated".to_string();
                    return Err(vm.argument_error(message));
                }
                text
            }
            _ => path_arg(vm, pattern)?,
        };
        let mut emit = |path: &[u8]| {
            let path = vm.new_string(path.to_vec());
            crate::core::array::append(results, path);
        };
        glob0(&text, options.base.as_deref(), options.flags, &mut emit)?;
    }
    Ok(results)
}

/// MRI's `has_magic`: the kind of a component.
fn has_magic(text: &[u8], flags: i32) -> Kind {
    let escape = flags & FNM_NOESCAPE == 0;
    let mut alpha = false;
    let mut magical = false;
    let mut p = 0;
    while p < text.len() {
        let c = text[p];
        match c {
            b'{' => return Kind::Brace,
            b'*' | b'?' | b'[' => magical = true,
            b'\\' if escape => {
                p += 1;
                if p >= text.len() {
                    break;
                }
            }
            _ if c.is_ascii_alphabetic() => alpha = true,
            _ => {}
        }
        p += char_len(text, p);
    }
    if magical {
        Kind::Magical
    } else if alpha {
        Kind::Alpha
    } else {
        Kind::Plain
    }
}

/// MRI's `find_dirsep`: the separator that ends the component at `p`
/// (not one inside brackets or braces), or the end.
fn find_separator(pattern: &[u8], mut p: usize, flags: i32) -> usize {
    let escape = flags & FNM_NOESCAPE == 0;
    let mut open = false;
    while p < pattern.len() {
        let c = pattern[p];
        match c {
            b'[' | b'{' => open = true,
            b']' | b'}' => open = false,
            b'/' if !open => return p,
            b'\\' if escape => {
                p += 1;
                if p >= pattern.len() {
                    return p;
                }
            }
            _ => {}
        }
        p += if c.is_ascii() {
            1
        } else {
            char_len(pattern, p)
        };
    }
    pattern.len()
}

/// MRI's `glob_make_pattern`: the components of `pattern`, ending with
/// MatchAll or MatchDir.
fn make_pattern(pattern: &[u8], flags: i32) -> Vec<Component> {
    let mut list = Vec::new();
    let mut dirsep = false;
    let mut recursive = false;
    let mut p = 0;
    let end = pattern.len();
    let is_recursive = |p: usize| {
        at(pattern, p) == b'*' && at(pattern, p + 1) == b'*' && at(pattern, p + 2) == b'/'
    };
    while p < end {
        if is_recursive(p) {
            loop {
                p += 3;
                while at(pattern, p) == b'/' {
                    p += 1;
                }
                if !is_recursive(p) {
                    break;
                }
            }
            list.push(Component {
                kind: Kind::Recursive,
                text: Vec::new(),
            });
            dirsep = true;
            recursive = true;
            continue;
        }
        let mut m = find_separator(pattern, p, flags);
        let magic = has_magic(&pattern[p..m], flags);
        if magic <= Kind::Alpha && !recursive && m < end {
            loop {
                let m2 = find_separator(pattern, m + 1, flags);
                if has_magic(&pattern[m + 1..m2], flags) <= Kind::Alpha && m2 < end {
                    m = m2;
                } else {
                    break;
                }
            }
        }
        let kind = if magic > Kind::Alpha {
            magic
        } else {
            Kind::Plain
        };
        list.push(Component {
            kind,
            text: pattern[p..m].to_vec(),
        });
        dirsep = m < end;
        p = if dirsep { m + 1 } else { m };
    }
    list.push(Component {
        kind: if dirsep {
            Kind::MatchDir
        } else {
            Kind::MatchAll
        },
        text: Vec::new(),
    });
    list
}

/// MRI's `join_path_from_pattern`: the pattern again, from component
/// `first` on.
fn join_components(list: &[Component], first: usize) -> Vec<u8> {
    let mut path: Option<Vec<u8>> = None;
    for component in &list[first..] {
        let text: &[u8] = match component.kind {
            Kind::Recursive => b"**",
            Kind::MatchDir => b"",
            Kind::MatchAll => continue,
            _ => &component.text,
        };
        match &mut path {
            None => path = Some(text.to_vec()),
            Some(path) => {
                path.push(b'/');
                path.extend_from_slice(text);
            }
        }
    }
    path.unwrap_or_default()
}

/// `path`, then a separator when `dirsep`, then `name`.
fn join_path(path: &[u8], dirsep: bool, name: &[u8]) -> Vec<u8> {
    let mut joined = Vec::with_capacity(path.len() + name.len() + 1);
    joined.extend_from_slice(path);
    if dirsep {
        joined.push(b'/');
    }
    joined.extend_from_slice(name);
    joined
}

/// MRI's `remove_backslashes`.
fn remove_backslashes(text: &[u8]) -> Vec<u8> {
    let mut result = Vec::with_capacity(text.len());
    let mut p = 0;
    while p < text.len() {
        if text[p] == b'\\' {
            p += 1;
            if p >= text.len() {
                break;
            }
        }
        let width = char_len(text, p).min(text.len() - p);
        result.extend_from_slice(&text[p..p + width]);
        p += width;
    }
    result
}

/// MRI's `ruby_glob0`: globs one pattern, calling `emit` with each path
/// found (relative to `base` when there is one).
fn glob0(
    pattern: &[u8],
    base: Option<&[u8]>,
    flags: i32,
    emit: &mut dyn FnMut(&[u8]),
) -> VmResult<()> {
    if pattern.first() == Some(&b'{') {
        let escape = flags & FNM_NOESCAPE == 0;
        brace_expand(pattern, escape, &mut |expanded| {
            glob0(expanded, base, flags, emit)?;
            Ok(false)
        })?;
        return Ok(());
    }
    let root = usize::from(pattern.first() == Some(&b'/'));
    let (path, base_len, dirsep) = match base {
        Some(base) if root == 0 => (base.to_vec(), base.len(), true),
        _ => (pattern[..root].to_vec(), 0, false),
    };
    let list = make_pattern(&pattern[root..], flags);
    let walk = Walk {
        path: &path,
        base_len,
        name_len: path.len() - base_len,
        dirsep,
        path_type: PathType::Unknown,
    };
    glob_helper(&walk, &list, &[0], flags, emit)
}

/// Where `glob_helper` stands: `path` (`base_len` bytes of base, then
/// `name_len` more), whether a separator goes before a child's name, and
/// what `path` is if that is known.
struct Walk<'a> {
    path: &'a [u8],
    base_len: usize,
    name_len: usize,
    dirsep: bool,
    path_type: PathType,
}

/// MRI's `glob_helper`: matches the components `current` (indices into
/// `list`) at `walk.path`, emitting what matches and descending.
fn glob_helper(
    walk: &Walk,
    list: &[Component],
    current: &[usize],
    flags: i32,
    emit: &mut dyn FnMut(&[u8]),
) -> VmResult<()> {
    let escape = flags & FNM_NOESCAPE == 0;
    let (mut plain, mut brace, mut magical, mut recursive) = (false, false, false, false);
    let (mut match_all, mut match_dir) = (false, false);
    for &index in current {
        let mut index = index;
        if list[index].kind == Kind::Recursive {
            recursive = true;
            index += 1;
        }
        match list[index].kind {
            Kind::Plain => plain = true,
            Kind::Alpha | Kind::Magical => magical = true,
            Kind::Brace => {
                if !recursive || list[index].text.contains(&b'/') {
                    brace = true;
                }
            }
            Kind::MatchAll => match_all = true,
            Kind::MatchDir => match_dir = true,
            Kind::Recursive => unreachable!("continuous recursive components fold into one"),
        }
    }
    let path = walk.path;
    if brace {
        let joined = join_components(list, current[0]);
        brace_expand(&joined, escape, &mut |expanded| {
            let list = make_pattern(expanded, flags);
            glob_helper(walk, &list, &[0], flags, emit)?;
            Ok(false)
        })?;
        return Ok(());
    }
    let mut path_type = walk.path_type;
    if !path.is_empty() {
        if match_all && path_type == PathType::Unknown {
            path_type = PathType::of_metadata(std::fs::symlink_metadata(os(path)));
        }
        if match_dir && matches!(path_type, PathType::Unknown | PathType::Symlink) {
            path_type = PathType::of_metadata(std::fs::metadata(os(path)));
        }
        let separator = usize::from(walk.base_len > 0 && path.get(walk.base_len) == Some(&b'/'));
        let subpath = &path[walk.base_len + separator..];
        if match_all && path_type.exists() {
            emit(subpath);
        }
        if match_dir && path_type == PathType::Directory {
            let name = &subpath[..walk.name_len - separator];
            emit(&join_path(name, walk.dirsep, b""));
        }
    }
    if path_type == PathType::NoEnt {
        return Ok(());
    }
    let path_len = walk.base_len + walk.name_len;
    if magical || recursive {
        let directory: &[u8] = if path.is_empty() { b"." } else { path };
        // Unreadable directories are skipped, as MRI skips the ENOENT and
        // ENOTDIR of opendir(2) and only warns (under -W) for EACCES.
        let Ok(mut entries) = read_typed_entries(directory) else {
            return Ok(());
        };
        if flags & FNM_GLOB_NOSORT == 0 {
            entries.sort_by(|a, b| a.0.cmp(&b.0));
        }
        let skip_dot = flags & FNM_GLOB_SKIPDOT != 0;
        let flags = flags | FNM_GLOB_SKIPDOT;
        let dot_limit = if flags & FNM_DOTMATCH != 0 { 2 } else { 1 };
        for (name, d_type) in entries {
            let mut new_type = d_type;
            let mut dotfile = 0;
            if name.first() == Some(&b'.') {
                dotfile += 1;
                if name.len() == 1 {
                    if (recursive && flags & FNM_DOTMATCH == 0) || skip_dot {
                        continue;
                    }
                    dotfile += 1;
                    new_type = PathType::Directory;
                } else if name == b".." {
                    continue;
                }
            }
            let mut next = Vec::new();
            for &index in current {
                let mut index = index;
                if list[index].kind == Kind::Recursive {
                    let directory = matches!(new_type, PathType::Directory | PathType::Exist);
                    if directory && dotfile < dot_limit {
                        next.push(index);
                    }
                    index += 1;
                }
                let component = &list[index];
                let matched = match component.kind {
                    Kind::Brace => brace_expand(&component.text, escape, &mut |expanded| {
                        Ok(fnmatch(expanded, &name, flags))
                    })?,
                    Kind::Plain | Kind::Alpha | Kind::Magical => {
                        fnmatch(&component.text, &name, flags)
                    }
                    _ => false,
                };
                if matched {
                    next.push(index + 1);
                }
            }
            let child = join_path(&path[..path_len], walk.dirsep, &name);
            let walk = Walk {
                path: &child,
                base_len: walk.base_len,
                name_len: child.len() - walk.base_len,
                dirsep: true,
                path_type: new_type,
            };
            glob_helper(&walk, list, &next, flags, emit)?;
        }
    } else if plain {
        let mut copies: Vec<Option<usize>> = current
            .iter()
            .map(|&index| (list[index].kind <= Kind::Alpha).then_some(index))
            .collect();
        for i in 0..copies.len() {
            let Some(index) = copies[i] else {
                continue;
            };
            let name = if escape {
                remove_backslashes(&list[index].text)
            } else {
                list[index].text.clone()
            };
            let mut next = vec![index + 1];
            for other in copies.iter_mut().skip(i + 1) {
                if let Some(other_index) = *other {
                    if fnmatch(&list[other_index].text, &name, flags) {
                        next.push(other_index + 1);
                        *other = None;
                    }
                }
            }
            let child = join_path(&path[..path_len], walk.dirsep, &name);
            let walk = Walk {
                path: &child,
                base_len: walk.base_len,
                name_len: child.len() - walk.base_len,
                dirsep: true,
                path_type: PathType::Unknown,
            };
            glob_helper(&walk, list, &next, flags, emit)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnmatch_answers_as_mri() {
        assert!(fnmatch(b"c?t", b"cat", 0));
        assert!(!fnmatch(b"c??t", b"cat", 0));
        assert!(fnmatch(b"c*t", b"c/a/b/t", 0));
        assert!(fnmatch(b"ca[a-z]", b"cat", 0));
        assert!(!fnmatch(b"ca[^t]", b"cat", 0));
        assert!(!fnmatch(b"*", b".profile", 0));
        assert!(fnmatch(b"*", b".profile", FNM_DOTMATCH));
        assert!(fnmatch(b"**/foo", b"a/b/c/foo", FNM_PATHNAME));
        assert!(!fnmatch(b"**/foo", b"a/.b/c/foo", FNM_PATHNAME));
        assert!(!fnmatch(b"*/*", b"dave/.profile", FNM_PATHNAME));
        assert!(fnmatch(b"[z-a]", b"a", 0));
        assert!(fnmatch_with_braces(b"c{at,ub}s", b"cats", FNM_EXTGLOB));
        assert!(!fnmatch_with_braces(b"c{at,ub}s", b"cats", 0));
    }

    #[test]
    fn patterns_split_into_components() {
        let kinds = |pattern: &str| {
            make_pattern(pattern.as_bytes(), 0)
                .iter()
                .map(|c| (c.kind, String::from_utf8_lossy(&c.text).into_owned()))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            kinds("a/b/*.rb"),
            [
                (Kind::Plain, "a/b".into()),
                (Kind::Magical, "*.rb".into()),
                (Kind::MatchAll, "".into())
            ]
        );
        assert_eq!(
            kinds("**/x/"),
            [
                (Kind::Recursive, "".into()),
                (Kind::Plain, "x".into()),
                (Kind::MatchDir, "".into())
            ]
        );
        assert_eq!(kinds("{a,b/c}")[0], (Kind::Brace, "{a,b/c}".into()));
    }
}
