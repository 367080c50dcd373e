//! Ctrl-C (SIGINT) and SIGTERM: the runner stops every launcher it started
//! (each kills its program's whole tree), removes its temporary files and
//! folders (`files`), says what it finished and exits 130 or 143.
//!
//! A signal handler may do almost nothing safely, so it only writes the
//! signal's number into a pipe; a thread of its own reads it and cleans up.
//! That thread holds stdout while it works, so no row is printed for a case
//! the interrupt cut short.

use super::sys::{self, SIGTERM};
use crate::base::files;
use std::collections::BTreeSet;
use std::io::{self, Write};
use std::os::fd::IntoRawFd;
use std::process::{self, Child};
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

const SIGINT: i32 = 2;
/// How long the launchers get to kill their programs and exit.
const LAUNCHERS_GRACE: Duration = Duration::from_secs(3);

extern "C" {
    fn read(fd: i32, buffer: *mut u8, count: usize) -> isize;
    fn write(fd: i32, buffer: *const u8, count: usize) -> isize;
}

/// What is running, for the cleanup.
struct Live {
    launchers: BTreeSet<i32>,
    /// The line printed after "interrupted: ", kept current by the command.
    finished: String,
}

static LIVE: Mutex<Live> = Mutex::new(Live {
    launchers: BTreeSet::new(),
    finished: String::new(),
});
static INTERRUPTED: AtomicBool = AtomicBool::new(false);
static PIPE_WRITE: AtomicI32 = AtomicI32::new(-1);

fn live() -> std::sync::MutexGuard<'static, Live> {
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

extern "C" fn on_signal(signal: i32) {
    let byte = signal as u8;
    // SAFETY: write is async-signal-safe; the buffer is a live local.
    unsafe { write(PIPE_WRITE.load(Ordering::SeqCst), &byte, 1) };
}

/// Routes SIGINT and SIGTERM to the cleanup thread. Called once, by `main`.
pub fn install() {
    let (read_end, write_end) = match sys::pipe() {
        Ok(ends) => ends,
        Err(_) => return, // Without the pipe the default action (exit) still applies.
    };
    // Both ends stay open for the life of the process.
    PIPE_WRITE.store(write_end.into_raw_fd(), Ordering::SeqCst);
    let read_fd = read_end.into_raw_fd();
    thread::spawn(move || {
        let mut byte = 0u8;
        // SAFETY: reads one byte into a live local.
        while unsafe { read(read_fd, &mut byte, 1) } != 1 {}
        clean_up_and_exit(i32::from(byte));
    });
    for signal_number in [SIGINT, SIGTERM] {
        // The handler only calls write, which is async-signal-safe.
        sys::catch_signal(signal_number, on_signal);
    }
}

fn clean_up_and_exit(signal: i32) -> ! {
    let mut stdout = io::stdout().lock();
    // Under the lock: a launcher being started now is recorded before this
    // looks, or sees the flag and is never started.
    let running = {
        let live = live();
        INTERRUPTED.store(true, Ordering::SeqCst);
        live.launchers.clone()
    };
    for &pid in &running {
        // A launcher kills its program's tree on SIGTERM and then exits;
        // what leads a group of its own (a build) is stopped with its group.
        sys::signal(pid, SIGTERM);
        sys::signal(-pid, SIGTERM);
    }
    let start = Instant::now();
    while !live().launchers.is_empty() && start.elapsed() < LAUNCHERS_GRACE {
        // One started ahead for a run to come has no thread waiting for it.
        let left: Vec<i32> = live().launchers.iter().copied().collect();
        for pid in left {
            if let Ok(Some(_)) = sys::reap(pid, false) {
                live().launchers.remove(&pid);
            }
        }
        thread::sleep(Duration::from_millis(5));
    }
    let live = live();
    files::remove_temporaries();
    let name = if signal == SIGINT {
        "SIGINT"
    } else {
        "SIGTERM"
    };
    let finished = if live.finished.is_empty() {
        String::new()
    } else {
        format!("; finished: {}", live.finished)
    };
    let _ = writeln!(stdout, "interrupted by {name}{finished}");
    let _ = stdout.flush();
    process::exit(128 + signal);
}

/// Starts a launcher with `spawn` and records it, as one step an interrupt
/// cannot cut in two: the cleanup either sees the launcher, and stops and
/// waits for it, or comes first, and then no launcher is started at all (this
/// thread waits for the exit instead).
pub fn launch(spawn: impl FnOnce() -> io::Result<Child>) -> io::Result<Child> {
    launch_as(spawn, |child| child.id() as i32)
}

/// `launch` for what `spawn` gives, whose pid `pid` tells.
pub fn launch_as<T>(
    spawn: impl FnOnce() -> io::Result<T>,
    pid: impl Fn(&T) -> i32,
) -> io::Result<T> {
    let mut live = live();
    if INTERRUPTED.load(Ordering::SeqCst) {
        drop(live);
        loop {
            thread::park();
        }
    }
    let launcher = spawn()?;
    live.launchers.insert(pid(&launcher));
    Ok(launcher)
}

/// Records that a launcher was reaped. During an interrupt it never
/// returns: the run was cut short, and the process is about to exit.
pub fn reaped(pid: i32) {
    live().launchers.remove(&pid);
    hold();
}

/// During an interrupt, never returns: the run it ends was cut short, and
/// the process is about to exit.
pub fn hold() {
    while INTERRUPTED.load(Ordering::SeqCst) {
        thread::park();
    }
}

/// Records that a launcher was reaped or is left to the cleanup, never
/// waiting: for a thread's end, which may come while the cleanup holds the
/// record and waits for this very exit.
pub fn forget(pid: i32) {
    while !INTERRUPTED.load(Ordering::SeqCst) {
        if let Ok(mut live) = LIVE.try_lock() {
            live.launchers.remove(&pid);
            return;
        }
        thread::yield_now();
    }
}

/// Whether an interrupt's cleanup has begun (it then reaps the launchers).
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// What the command has finished so far, said when it is interrupted.
pub fn finished(summary: String) {
    live().finished = summary;
}

/// Runs `step` with the cleanup held off: an interrupt waits for it, so a
/// group of renames is done entirely or, before it starts, not at all.
pub fn uninterrupted<T>(step: impl FnOnce() -> T) -> T {
    let _held = live();
    step()
}

static STOP: AtomicBool = AtomicBool::new(false);

extern "C" fn on_stop(_signal: i32) {
    STOP.store(true, Ordering::SeqCst);
}

/// For the launcher: SIGTERM (from the runner, or from the kernel when the
/// runner dies) only raises a flag its watchdog acts on.
pub fn catch_stop() {
    // The handler only stores to an atomic, which is async-signal-safe.
    sys::catch_signal(SIGTERM, on_stop);
}

pub fn stop_requested() -> bool {
    STOP.load(Ordering::SeqCst)
}
