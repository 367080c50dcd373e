//! `JUDGE_BOX_STEPS=<file>`: each launcher, and its namespaces' init,
//! appends to the file how long each step of preparing a box, running in
//! it and taking it down took, one line a step: `<step> <microseconds>`.
//! docs/sandbox.md's table of the box's cost is their medians.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::sync::{Mutex, MutexGuard};
use std::time::Instant;

pub const VARIABLE: &str = "JUDGE_BOX_STEPS";

/// The file, and when the last step ended; `None` unless asked for. The
/// launcher and its init are single-threaded: a fork never copies it held.
static STEPS: Mutex<Option<(File, Instant)>> = Mutex::new(None);

fn steps() -> MutexGuard<'static, Option<(File, Instant)>> {
    STEPS.lock().unwrap_or_else(|e| e.into_inner())
}

/// Starts the clock, where `JUDGE_BOX_STEPS` names a file.
pub fn start() {
    let file = std::env::var_os(VARIABLE)
        .and_then(|path| OpenOptions::new().create(true).append(true).open(path).ok());
    *steps() = file.map(|file| (file, Instant::now()));
}

/// Records the time since the last step ended as `step`'s.
pub fn mark(step: &str) {
    if let Some((file, last)) = steps().as_mut() {
        // One write: the launcher and its init append to one file.
        let _ = file.write_all(format!("{step} {}\n", last.elapsed().as_micros()).as_bytes());
        *last = Instant::now();
    }
}

/// Restarts the clock with no record: a wait that is no step of the box's.
pub fn restart() {
    if let Some((_, last)) = steps().as_mut() {
        *last = Instant::now();
    }
}
