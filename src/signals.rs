//! The process's signals: what the operating system does with each one,
//! and the signals that arrived and wait for the VM.
//!
//! A signal can arrive between any two machine instructions, in the middle
//! of an allocation or of a method lookup. So the handler this module
//! installs ([`count_signal`]) does the one thing that is safe there: it
//! counts the signal in a table of atomic counters and returns. The VM
//! takes counted signals where its state is whole, at its next *step* (a
//! call, or a loop's back edge: `Vm::spend_step` asks [`any_pending`]), and
//! runs the program's `trap` handler or Ruby's default action there
//! (`crate::traps`). This is MRI's design too: its handler enqueues, and
//! the interpreter checks a flag at calls and back edges.
//!
//! ```text
//! trap("USR1") { puts "got it" }     # USR1's action becomes Counted
//! Process.kill(:USR1, other_pid)     # in that process: counts[10] += 1
//! ...                                # its next call runs the block
//! ```
//!
//! The table is the process's, as signal dispositions are: a process runs
//! one program, and the VM that steps first takes what arrived.
//!
//! The command line blocks the asynchronous signals on every thread but
//! the VM's ([`block_on_this_thread`]), so that a signal interrupts the
//! VM's `sleep` (`nanosleep` returns early: [`sleep_for`]) rather than an
//! idle thread.

use std::io;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

/// One more than the highest signal number (Linux: 64 signals).
pub const NSIG: usize = 65;

/// MRI's signal names on Linux, in MRI's order (`Signal.list`): the first
/// name of a number is its name (`IOT` and `CLD` are aliases, `POLL` is
/// `IO`'s).
pub const NAMES: &[(&str, i32)] = &[
    ("EXIT", 0),
    ("HUP", libc::SIGHUP),
    ("INT", libc::SIGINT),
    ("QUIT", libc::SIGQUIT),
    ("ILL", libc::SIGILL),
    ("TRAP", libc::SIGTRAP),
    ("ABRT", libc::SIGABRT),
    ("IOT", libc::SIGIOT),
    ("FPE", libc::SIGFPE),
    ("KILL", libc::SIGKILL),
    ("BUS", libc::SIGBUS),
    ("SEGV", libc::SIGSEGV),
    ("SYS", libc::SIGSYS),
    ("PIPE", libc::SIGPIPE),
    ("ALRM", libc::SIGALRM),
    ("TERM", libc::SIGTERM),
    ("URG", libc::SIGURG),
    ("STOP", libc::SIGSTOP),
    ("TSTP", libc::SIGTSTP),
    ("CONT", libc::SIGCONT),
    ("CHLD", libc::SIGCHLD),
    ("CLD", libc::SIGCHLD),
    ("TTIN", libc::SIGTTIN),
    ("TTOU", libc::SIGTTOU),
    ("IO", libc::SIGIO),
    ("XCPU", libc::SIGXCPU),
    ("XFSZ", libc::SIGXFSZ),
    ("VTALRM", libc::SIGVTALRM),
    ("PROF", libc::SIGPROF),
    ("WINCH", libc::SIGWINCH),
    ("USR1", libc::SIGUSR1),
    ("USR2", libc::SIGUSR2),
    ("PWR", libc::SIGPWR),
    ("POLL", libc::SIGPOLL),
];

/// The number of the signal named `name` (without `SIG`), `EXIT` (0)
/// included.
pub fn number(name: &[u8]) -> Option<i32> {
    NAMES
        .iter()
        .find(|(known, _)| known.as_bytes() == name)
        .map(|&(_, number)| number)
}

/// The name of signal `number` (`"INT"`), `"EXIT"` for 0.
pub fn name(number: i32) -> Option<&'static str> {
    NAMES
        .iter()
        .find(|&&(_, known)| known == number)
        .map(|&(name, _)| name)
}

/// The signals the VM cannot take: they report a fault of the thread that
/// raised them (MRI's reserved signals), or serve the runtime.
pub fn is_reserved(signal: i32) -> bool {
    matches!(
        signal,
        libc::SIGSEGV | libc::SIGBUS | libc::SIGILL | libc::SIGFPE | libc::SIGVTALRM
    )
}

/// What the operating system does when a signal arrives.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Action {
    /// The system's default (`SIG_DFL`): for most signals, the end of the
    /// process.
    SystemDefault,
    /// Nothing, and the signal is discarded (`SIG_IGN`).
    Ignore,
    /// Counted for the VM ([`count_signal`]).
    Counted,
    /// Caught and dropped: unlike `Ignore`, a program started by `exec`
    /// gets the system's default back (MRI's for `SIGPIPE`: a write to a
    /// closed pipe fails with `EPIPE` instead of ending the process).
    DoNothing,
    /// A handler somebody else installed.
    Foreign,
}

impl Action {
    fn handler(self) -> libc::sighandler_t {
        match self {
            Action::SystemDefault => libc::SIG_DFL,
            Action::Ignore => libc::SIG_IGN,
            Action::Counted => count_signal as extern "C" fn(libc::c_int) as libc::sighandler_t,
            Action::DoNothing => do_nothing as extern "C" fn(libc::c_int) as libc::sighandler_t,
            Action::Foreign => unreachable!("only read, never installed"),
        }
    }

    fn of_handler(handler: libc::sighandler_t) -> Action {
        if handler == libc::SIG_DFL {
            Action::SystemDefault
        } else if handler == libc::SIG_IGN {
            Action::Ignore
        } else if handler == Action::Counted.handler() {
            Action::Counted
        } else if handler == Action::DoNothing.handler() {
            Action::DoNothing
        } else {
            Action::Foreign
        }
    }
}

/// Arrivals not yet taken, by signal number.
static COUNTS: [AtomicU32; NSIG] = [const { AtomicU32::new(0) }; NSIG];
/// Their sum: the one word the VM's steps read.
static PENDING: AtomicU32 = AtomicU32::new(0);

/// The handler of [`Action::Counted`]: counts the arrival (atomic adds are
/// safe in a signal handler; nothing else is done here).
extern "C" fn count_signal(signal: libc::c_int) {
    enqueue(signal);
}

/// The handler of [`Action::DoNothing`].
extern "C" fn do_nothing(_: libc::c_int) {}

/// Counts an arrival of `signal`, as its handler would: `Process.kill` to
/// the process itself takes this path, so that the signal is taken before
/// `kill` returns, whichever thread the system would have chosen.
pub fn enqueue(signal: i32) {
    if let Some(count) = COUNTS.get(signal as usize) {
        count.fetch_add(1, Ordering::SeqCst);
        PENDING.fetch_add(1, Ordering::SeqCst);
    }
}

/// Whether a signal arrived that the VM has not taken: one load, made at
/// every step.
#[inline(always)]
pub fn any_pending() -> bool {
    PENDING.load(Ordering::Relaxed) != 0
}

/// The lowest-numbered signal waiting, taken from the table.
pub fn take() -> Option<i32> {
    if !any_pending() {
        return None;
    }
    for (signal, count) in COUNTS.iter().enumerate() {
        let taken = count.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1));
        if taken.is_ok() {
            PENDING.fetch_sub(1, Ordering::SeqCst);
            return Some(signal as i32);
        }
    }
    None
}

/// Sets what the system does with `signal`; the action it replaces.
pub fn set_action(signal: i32, action: Action) -> io::Result<Action> {
    // SAFETY: an all-zero `sigaction` is a valid value (no handler, empty
    // mask, no flags), then filled in.
    let mut new: libc::sigaction = unsafe { std::mem::zeroed() };
    new.sa_sigaction = action.handler();
    // Interrupted system calls return EINTR (no SA_RESTART), so a `sleep`
    // ends early and the VM takes the signal.
    new.sa_flags = 0;
    // SAFETY: as above.
    let mut old: libc::sigaction = unsafe { std::mem::zeroed() };
    // SAFETY: both pointers are to live `sigaction`s; the handlers
    // installed are `extern "C"` functions that only use atomics.
    let failed = unsafe {
        libc::sigemptyset(&mut new.sa_mask);
        libc::sigaction(signal, &new, &mut old) != 0
    };
    if failed {
        return Err(io::Error::last_os_error());
    }
    Ok(Action::of_handler(old.sa_sigaction))
}

/// What the system does with `signal` now.
pub fn action(signal: i32) -> io::Result<Action> {
    // SAFETY: an all-zero `sigaction` is a valid value, overwritten below.
    let mut old: libc::sigaction = unsafe { std::mem::zeroed() };
    // SAFETY: a null new action only reads the current one into `old`.
    if unsafe { libc::sigaction(signal, std::ptr::null(), &mut old) } != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(Action::of_handler(old.sa_sigaction))
}

/// The signals Ruby handles from the start: its default action raises an
/// exception in the program (`Interrupt` for INT, `SignalException` for
/// the others), or notes a child's end.
pub const RUBY_HANDLED: [i32; 8] = [
    libc::SIGINT,
    libc::SIGHUP,
    libc::SIGQUIT,
    libc::SIGTERM,
    libc::SIGALRM,
    libc::SIGUSR1,
    libc::SIGUSR2,
    libc::SIGCHLD,
];

/// Ruby's action for `signal` when the program asks for `DEFAULT`.
pub fn ruby_default(signal: i32) -> Action {
    if RUBY_HANDLED.contains(&signal) {
        Action::Counted
    } else if signal == libc::SIGPIPE || signal == libc::SIGSYS {
        Action::DoNothing
    } else {
        Action::SystemDefault
    }
}

/// Installs Ruby's actions at the start of a program, as MRI does: the
/// signals of [`RUBY_HANDLED`] are counted, SIGPIPE and SIGSYS dropped.
/// A signal the parent process told us to ignore (`nohup`) stays ignored.
pub fn install_ruby_defaults() {
    for signal in RUBY_HANDLED {
        if let Ok(old) = set_action(signal, Action::Counted) {
            if old != Action::SystemDefault {
                let _ = set_action(signal, old);
            }
        }
    }
    for signal in [libc::SIGPIPE, libc::SIGSYS] {
        let _ = set_action(signal, Action::DoNothing);
    }
}

/// The signals a program's handlers take, in a set.
fn asynchronous_signals() -> libc::sigset_t {
    // SAFETY: an all-zero `sigset_t` is valid storage, emptied next.
    let mut set: libc::sigset_t = unsafe { std::mem::zeroed() };
    // SAFETY: `set` is live storage for a signal set.
    unsafe {
        libc::sigfillset(&mut set);
        for synchronous in [libc::SIGSEGV, libc::SIGBUS, libc::SIGILL, libc::SIGFPE] {
            libc::sigdelset(&mut set, synchronous);
        }
    }
    set
}

/// Blocks the asynchronous signals on the calling thread, so that the
/// system delivers them to another one (the VM's). Threads started later
/// by this one inherit the mask.
pub fn block_on_this_thread() {
    let set = asynchronous_signals();
    // SAFETY: `set` is a valid signal set; no old mask is asked for.
    unsafe {
        libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut());
    }
}

/// Sleeps for `duration`, or until a handled signal arrives; the time
/// still to sleep when one did.
pub fn sleep_for(duration: Duration) -> Option<Duration> {
    let request = libc::timespec {
        tv_sec: duration.as_secs().min(i64::MAX as u64) as libc::time_t,
        tv_nsec: duration.subsec_nanos() as libc::c_long,
    };
    let mut remaining = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: both are live `timespec`s.
    let failed = unsafe { libc::nanosleep(&request, &mut remaining) } != 0;
    let interrupted = failed && io::Error::last_os_error().kind() == io::ErrorKind::Interrupted;
    interrupted.then(|| Duration::new(remaining.tv_sec as u64, remaining.tv_nsec as u32))
}

/// Waits until a handled signal arrives (`sleep` without a duration).
pub fn wait_for_signal() {
    // SAFETY: `pause` only suspends the thread until a signal is caught.
    unsafe {
        libc::pause();
    }
}

/// Ends the process by `signal`, as the system's default action would (a
/// program ended by an uncaught `SignalException` tells its parent which
/// signal ended it, as MRI does); exit status `128 + signal` if the signal
/// does not end it.
pub fn die_by(signal: i32) -> ! {
    let _ = set_action(signal, Action::SystemDefault);
    // SAFETY: an all-zero `sigset_t` is valid storage, filled below.
    let mut set: libc::sigset_t = unsafe { std::mem::zeroed() };
    // SAFETY: `set` is live; unblocking `signal` on this thread lets the
    // `raise` below deliver it here.
    unsafe {
        libc::sigemptyset(&mut set);
        libc::sigaddset(&mut set, signal);
        libc::pthread_sigmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut());
        libc::raise(signal);
    }
    std::process::exit(128 + signal)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_numbers_follow_mris_list() {
        assert_eq!(number(b"INT"), Some(2));
        assert_eq!(number(b"EXIT"), Some(0));
        assert_eq!(number(b"SIGINT"), None);
        // An alias's number is named by the first name listed.
        assert_eq!(name(libc::SIGCHLD), Some("CHLD"));
        assert_eq!(name(libc::SIGIO), Some("IO"));
        assert_eq!(name(99), None);
        assert!(is_reserved(libc::SIGSEGV) && !is_reserved(libc::SIGUSR1));
    }

    #[test]
    fn an_installed_action_is_reported_back_and_a_raised_signal_is_counted() {
        // SIGWINCH: ignored by default and not used by any other test.
        let signal = libc::SIGWINCH;
        let before = set_action(signal, Action::Counted).expect("settable");
        assert_eq!(action(signal).expect("readable"), Action::Counted);
        // SAFETY: the signal's handler only counts it.
        unsafe { libc::raise(signal) };
        assert!(any_pending());
        assert_eq!(take(), Some(signal));
        set_action(signal, before).expect("restorable");
        assert!(set_action(libc::SIGKILL, Action::Ignore).is_err());
    }
}
