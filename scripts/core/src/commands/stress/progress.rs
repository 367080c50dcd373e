//! Progress on stderr while the iterations run.

use std::io::{self, IsTerminal};
use std::time::{Duration, Instant};

/// Progress on stderr: a live line on a terminal, a line every few seconds elsewhere.
pub struct Progress {
    live: bool,
    count: u64,
    started: Instant,
    shown: Option<Instant>,
}

impl Progress {
    pub fn new(count: u64) -> Progress {
        Progress {
            live: io::stderr().is_terminal(),
            count,
            started: Instant::now(),
            shown: None,
        }
    }

    pub fn update(&mut self, done: u64, seed: u64) {
        let every = if self.live {
            Duration::from_millis(200)
        } else {
            Duration::from_secs(5)
        };
        let since = self.shown.unwrap_or(self.started).elapsed();
        if since < every {
            return;
        }
        self.shown = Some(Instant::now());
        let elapsed = self.started.elapsed().as_secs_f64();
        let line = format!(
            "{done}/{} passed, {:.0}/s, {elapsed:.0} s, seed {seed}",
            self.count,
            done as f64 / elapsed.max(1e-9)
        );
        if self.live {
            eprint!("\r\x1b[2K{line}");
        } else {
            eprintln!("{line}");
        }
    }

    pub fn finish(&self) {
        if self.live && self.shown.is_some() {
            eprint!("\r\x1b[2K");
        }
    }
}
