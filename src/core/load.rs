//! Loading other files: `require_relative`, `require` (of a path), `load`.
//!
//! A required file is compiled and run at the top level (self is `main`,
//! its methods are private to Object), under the label `<top (required)>`.
//! `require` and `require_relative` run each file once (keyed by its
//! absolute path) and return whether they ran it; `load` always runs it.
//!
//! `require` of a bare name looks along `$LOAD_PATH` (`$:`, `$-I`; its
//! first entries come from `RUBYLIB`), each entry a directory taken
//! relative to the current one, for `name` or `name.rb`; then among the
//! standard libraries rhizome carries in `rb/lib/` (as MRI finds its own
//! library directory last on its load path). There are no gems.
//! `$LOADED_FEATURES` (`$"`) lists the absolute path of every file
//! required: a file is required again once its path is taken out of it.
//! Both variables are read-only, as in MRI: their Arrays change in place.
//!
//! ```ruby
//! $LOAD_PATH.unshift "lib"
//! require "widget"        # runs lib/widget.rb, returns true
//! require "widget"        # false: "/abs/lib/widget.rb" is in $"
//! ```

use crate::core::private;
use crate::value::Value;
use crate::vm::{FrameCode, Vm, VmResult};
use std::path::{Path, PathBuf};
use std::rc::Rc;

pub fn define(vm: &mut Vm) {
    let kernel = vm.c.kernel;
    vm.define_private_native(
        kernel,
        "require_relative",
        1,
        Some(1),
        kernel_require_relative,
    );
    // `__dir__`: "." under `-e`, as MRI answers.
    vm.define_methods(
        kernel,
        &[
            private("__dir__", 0, Some(0), kernel_dunder_dir),
            private("require", 1, Some(1), kernel_require),
            private("load", 1, Some(2), kernel_load),
        ],
    );
    vm.define_private_native(kernel, "__method__", 0, Some(0), kernel_dunder_method);
    define_load_path(vm);
}

/// `$LOAD_PATH` (also `$:` and `$-I`), its entries from `RUBYLIB`, and
/// `$LOADED_FEATURES` (also `$"`), empty.
fn define_load_path(vm: &mut Vm) {
    let rubylib = std::env::var("RUBYLIB").unwrap_or_default();
    let entries: Vec<&[u8]> = rubylib
        .split(':')
        .filter(|entry| !entry.is_empty())
        .map(str::as_bytes)
        .collect();
    for (name, aliases) in [
        ("$LOAD_PATH", &["$:", "$-I"][..]),
        ("$LOADED_FEATURES", &["$\""][..]),
    ] {
        let array = vm.new_array(Vec::new());
        let variable = vm.symbols.intern(name);
        vm.globals.set(variable, array);
        vm.globals.make_read_only(variable);
        for alias in aliases {
            let alias = vm.symbols.intern(alias);
            vm.globals.alias(alias, variable);
        }
        if name == "$LOAD_PATH" {
            vm.append_strings(array, entries.iter().copied());
        }
    }
}

/// `require_relative`.
fn kernel_require_relative(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let name = path_arg(vm, args[0])?;
    let base = vm.caller_directory();
    let path = with_extension(&base.join(&name));
    require(vm, &path, &base.join(&name))
}

/// `__dir__`.
fn kernel_dunder_dir(vm: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    let dir = vm.caller_file_directory();
    let text = dir.map_or_else(|| ".".to_string(), |d| d.to_string_lossy().into_owned());
    Ok(vm.new_str(&text))
}

/// `require`.
fn kernel_require(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let name = path_arg(vm, args[0])?;
    let path = Path::new(&name);
    if path.is_absolute() || name.starts_with("./") || name.starts_with("../") {
        let cwd = std::env::current_dir().unwrap_or_default();
        let full = with_extension(&cwd.join(path));
        return require(vm, &full, Path::new(&name));
    }
    if let Some(found) = find_on_load_path(vm, &name)? {
        return require(vm, &found, Path::new(&name));
    }
    match BUNDLED
        .iter()
        .find(|(library, _)| *library == name.trim_end_matches(".rb"))
    {
        Some((library, source)) => require_bundled(vm, library, source),
        None => Err(load_error(vm, &name)),
    }
}

/// The first file `name` (or `name.rb`) in a directory of `$LOAD_PATH`.
/// An entry that is not a String is MRI's TypeError.
fn find_on_load_path(vm: &mut Vm, name: &str) -> VmResult<Option<PathBuf>> {
    let load_path = vm.global_named("$LOAD_PATH");
    let entries = vm.array_items(load_path).unwrap_or_default();
    let cwd = std::env::current_dir().unwrap_or_default();
    for entry in entries {
        let directory = cwd.join(path_arg(vm, entry)?);
        let file = with_extension(&directory.join(name));
        if file.is_file() {
            return Ok(Some(file));
        }
    }
    Ok(None)
}

/// `load`.
fn kernel_load(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let name = path_arg(vm, args[0])?;
    let wrap = match args.get(1) {
        Some(&module) if module.get::<crate::object::RClass>().is_some() => Some(module),
        Some(&flag) if flag.truthy() => {
            let module = vm.new_anonymous_module();
            Some(module)
        }
        _ => None,
    };
    match std::fs::read(&name) {
        Ok(source) => {
            run_file_in(vm, &source, &name, wrap)?;
            Ok(Value::TRUE)
        }
        Err(_) => Err(load_error(vm, &name)),
    }
}

/// `__method__`.
fn kernel_dunder_method(vm: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    Ok(vm.caller_method_name().map_or(Value::NIL, Value::symbol))
}

fn path_arg(vm: &mut Vm, value: Value) -> VmResult<String> {
    match vm.string_text(value) {
        Some(text) => Ok(text),
        None => {
            let name = vm.special_or_class_name(value);
            Err(vm.type_error(format!("no implicit conversion of {name} into String")))
        }
    }
}

/// `name.rb` unless `name` already ends in `.rb`.
fn with_extension(path: &Path) -> PathBuf {
    if path.extension().is_some_and(|e| e == "rb") {
        path.to_path_buf()
    } else {
        let mut with = path.as_os_str().to_owned();
        with.push(".rb");
        PathBuf::from(with)
    }
}

/// LoadError "cannot load such file -- NAME".
fn load_error(vm: &mut Vm, name: &str) -> crate::vm::Control {
    let class = vm.c.load_error;
    vm.raise(class, format!("cannot load such file -- {name}"))
}

/// The standard libraries rhizome carries (`rb/lib/`): `require "set"`
/// runs the bundled source, once, as file `<internal:lib/set>`.
const BUNDLED: &[(&str, &str)] = &[
    ("set", include_str!("../../rb/lib/set.rb")),
    ("json", include_str!("../../rb/lib/json.rb")),
    ("strscan", include_str!("../../rb/lib/strscan.rb")),
    ("benchmark", include_str!("../../rb/lib/benchmark.rb")),
];

fn require_bundled(vm: &mut Vm, library: &str, source: &str) -> VmResult {
    let file = format!("{}{library}>", crate::prelude::LIBRARY_PREFIX);
    require_once(vm, &file, |vm| run_file(vm, source.as_bytes(), &file))
}

/// Runs `path` unless it ran before; `shown` is the name a LoadError
/// reports.
fn require(vm: &mut Vm, path: &Path, shown: &Path) -> VmResult {
    let Ok(absolute) = std::fs::canonicalize(path) else {
        let shown = shown.to_string_lossy().into_owned();
        return Err(load_error(vm, &shown));
    };
    let Ok(source) = std::fs::read(&absolute) else {
        let shown = shown.to_string_lossy().into_owned();
        return Err(load_error(vm, &shown));
    };
    let feature = absolute.to_string_lossy().into_owned();
    require_once(vm, &feature, |vm| run_file(vm, &source, &feature))
}

/// Runs the file `feature` names with `run`, unless `$LOADED_FEATURES`
/// holds it or it is loading now (a require cycle): whether it ran. It
/// joins `$LOADED_FEATURES` once it ran; one that raised is not loaded,
/// so a later require tries again.
fn require_once(vm: &mut Vm, feature: &str, run: impl FnOnce(&mut Vm) -> VmResult<()>) -> VmResult {
    let loaded = vm.global_named("$LOADED_FEATURES");
    let listed = vm
        .array_items(loaded)
        .unwrap_or_default()
        .into_iter()
        .any(|entry| vm.string_text(entry).is_some_and(|text| text == feature));
    let key = PathBuf::from(feature);
    if listed || !vm.features_loading.insert(key.clone()) {
        return Ok(Value::FALSE);
    }
    let result = run(vm);
    vm.features_loading.remove(&key);
    result?;
    let loaded = vm.global_named("$LOADED_FEATURES");
    if loaded.get::<crate::object::RArray>().is_some() {
        vm.append_strings(loaded, [feature.as_bytes()]);
    }
    Ok(Value::TRUE)
}

/// Compiles and runs a file's top level; a syntax error becomes a
/// SyntaxError exception with MRI's message.
fn run_file(vm: &mut Vm, source: &[u8], file: &str) -> VmResult<()> {
    run_file_in(vm, source, file, None)
}

/// [`run_file`], wrapped in module `wrap` when given (`load(file, true)`).
fn run_file_in(vm: &mut Vm, source: &[u8], file: &str, wrap: Option<Value>) -> VmResult<()> {
    let compiled = bytecode::compile_file_as(source, file, "<top (required)>", &mut vm.symbols)
        .and_then(|code| vm.check_regexp_literals(&code).map(|()| code));
    let code = match compiled {
        Ok(code) => code,
        Err(error) => {
            let mut message = error.report;
            if message.contains('\n') {
                message.push('\n');
            }
            let class = vm.c.syntax_error;
            return Err(vm.raise(class, message));
        }
    };
    vm.sources.insert(code.file.clone(), Rc::from(source));
    let top = vm.load(Rc::new(code));
    if let Some(module) = wrap {
        vm.temp_roots.borrow_mut().push(module);
        let result = vm.run_main_in(top, Some(module));
        vm.temp_roots.borrow_mut().pop();
        result?;
    } else {
        vm.run_main(top)?;
    }
    Ok(())
}

impl Vm {
    /// The directory of the file the calling Ruby code is in (the current
    /// directory for `-e`).
    fn caller_directory(&self) -> PathBuf {
        self.caller_file_directory()
            .unwrap_or_else(|| std::env::current_dir().unwrap_or_default())
    }

    /// The absolute directory of the file the calling Ruby code is in;
    /// None for `-e`.
    fn caller_file_directory(&self) -> Option<PathBuf> {
        let file = self
            .frame_views()
            .into_iter()
            .rev()
            .find_map(|f| match &f.code {
                FrameCode::Bytecode(method) if !crate::prelude::is_internal(&method.code.file) => {
                    Some(method.code.file.clone())
                }
                _ => None,
            });
        let cwd = std::env::current_dir().unwrap_or_default();
        Some(match file {
            Some(file) if &*file != "-e" => {
                let dir = Path::new(&*file)
                    .parent()
                    .map(Path::to_path_buf)
                    .unwrap_or_default();
                let dir = if dir.is_absolute() {
                    dir
                } else {
                    cwd.join(dir)
                };
                std::fs::canonicalize(&dir).unwrap_or(dir)
            }
            Some(_) => return None,
            None => cwd,
        })
    }

    /// The name of the method the caller of a core method is running (for a
    /// block: the method it is written in); None at the top level.
    fn caller_method_name(&self) -> Option<bytecode::Sym> {
        let depth = self.context.frames.len();
        let caller = self.context.frames.get(depth.checked_sub(2)?)?;
        if let Some(name) = caller.method_name {
            return Some(name);
        }
        let home = self
            .context
            .frames
            .iter()
            .rev()
            .find(|f| f.id == caller.home)
            .unwrap_or(caller);
        let FrameCode::Bytecode(method) = &home.code else {
            return None;
        };
        let mut method = method;
        // A block whose home frame has no record (it returned, or compiled
        // code never pushed it): the method its code is written in.
        while method.code.kind == bytecode::MethodKind::Block {
            method = &self.methods[method.parent.get()? as usize];
        }
        (method.code.kind == bytecode::MethodKind::Method).then_some(method.code.name)
    }
}
