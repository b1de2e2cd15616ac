//! The constants that name the implementation: `RUBY_VERSION` and its
//! companions.
//!
//! Programs read them to pick code paths (`if RUBY_ENGINE != 'rbx'` in the
//! Are We Fast Yet harness, `RUBY_VERSION >= "3.0"` in many libraries), so
//! the language's constants say the Ruby rhizome is compatible with (MRI
//! 3.1.2, whose behaviour is the reference), and the engine's constants say
//! that it is rhizome, as JRuby and TruffleRuby do:
//!
//! ```ruby
//! RUBY_VERSION         # => "3.1.2"
//! RUBY_ENGINE          # => "rhizome"
//! RUBY_ENGINE_VERSION  # => "0.1.0" (the crate's version)
//! RUBY_DESCRIPTION     # => "rhizome 0.1.0 (ruby 3.1.2p20) [x86_64-linux-gnu]"
//! ```
//!
//! `RUBY_PLATFORM` is the machine rhizome was built for, spelled as MRI
//! spells it (`x86_64-linux-gnu` on a GNU/Linux system). Every String is
//! frozen, as MRI's are.

use crate::value::Value;
use crate::vm::Vm;

/// The MRI release whose behaviour rhizome reproduces.
const RUBY_VERSION: &str = "3.1.2";
const RUBY_PATCHLEVEL: i64 = 20;
const RUBY_RELEASE_DATE: &str = "2022-04-12";
const RUBY_REVISION: &str = "4491bb740a9506d76391ac44bb2fe6e483fec952";
const RUBY_COPYRIGHT: &str = "ruby - Copyright (C) 1993-2022 Yukihiro Matsumoto";
/// The implementation's name, as `RUBY_ENGINE` gives it.
const RUBY_ENGINE: &str = "rhizome";
const RUBY_ENGINE_VERSION: &str = env!("CARGO_PKG_VERSION");

/// The platform triple as MRI names it: the architecture, the system and,
/// on GNU systems, `gnu`.
fn platform() -> String {
    let mut platform = format!("{}-{}", std::env::consts::ARCH, std::env::consts::OS);
    if cfg!(target_env = "gnu") {
        platform.push_str("-gnu");
    }
    platform
}

/// `RUBY_DESCRIPTION`: the engine, the Ruby it follows, the platform.
fn description() -> String {
    format!(
        "{RUBY_ENGINE} {RUBY_ENGINE_VERSION} (ruby {RUBY_VERSION}p{RUBY_PATCHLEVEL}) [{}]",
        platform()
    )
}

pub fn define(vm: &mut Vm) {
    let strings = [
        ("RUBY_VERSION", RUBY_VERSION.to_string()),
        ("RUBY_RELEASE_DATE", RUBY_RELEASE_DATE.to_string()),
        ("RUBY_PLATFORM", platform()),
        ("RUBY_REVISION", RUBY_REVISION.to_string()),
        ("RUBY_COPYRIGHT", RUBY_COPYRIGHT.to_string()),
        ("RUBY_ENGINE", RUBY_ENGINE.to_string()),
        ("RUBY_ENGINE_VERSION", RUBY_ENGINE_VERSION.to_string()),
        ("RUBY_DESCRIPTION", description()),
    ];
    let object = vm.c.object;
    for (name, text) in strings {
        let value = vm.new_str(&text);
        value.header().expect("a String").freeze();
        let name = vm.symbols.intern(name);
        vm.set_constant(object, name, value);
    }
    let name = vm.symbols.intern("RUBY_PATCHLEVEL");
    vm.set_constant(object, name, Value::small(RUBY_PATCHLEVEL));
}
