//! Any bytes, run as a Ruby program: parse, compile, run, within a budget
//! of steps and memory, in a sandbox (`rhizome::sandbox`). A panic, an
//! abort, a crash, a hang past libFuzzer's `-timeout` or memory past its
//! `-rss_limit_mb` is a finding; every Ruby error (SyntaxError,
//! NoMemoryError, SystemStackError, the `fatal` of a spent budget...) is a
//! correct answer.
//!
//! Build it without AddressSanitizer (`cargo fuzz run -s none`): the
//! collector scans the whole machine stack for conservative roots, and ASan
//! reports reading its redzones as an overflow.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    rhizome::sandbox::run_untrusted(data);
});
