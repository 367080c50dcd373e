//! A throw-away workspace for the runner's own tests: fake problems whose
//! solutions, brute forces and generators are small shell scripts.

#![allow(dead_code)] // each test file uses its own part of this module

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A path of its own under the system's temporary folder, with nothing left
/// there by an earlier run: `<prefix>-<process>-<count>`.
pub fn temp_path(prefix: &str) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let path = std::env::temp_dir().join(format!(
        "{prefix}-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::SeqCst)
    ));
    let _ = fs::remove_dir_all(&path);
    path
}

/// A temporary workspace with one problem `fake`: input `2 3`, answer `5`.
pub struct Sandbox {
    pub root: PathBuf,
}

impl Sandbox {
    pub fn new(problem_toml: &str) -> Sandbox {
        let root = temp_path("judge-sandbox");
        fs::create_dir_all(root.join("problems/fake")).unwrap();
        fs::create_dir_all(root.join("judge-data/fake")).unwrap();
        let sandbox = Sandbox { root };
        sandbox.write("judge-data/fake/problem.toml", problem_toml);
        sandbox.write("judge-data/fake/add.in", "2 3\n");
        sandbox.write("judge-data/fake/add.out", "5\n");
        sandbox
    }

    pub fn write(&self, relative: &str, text: &str) -> PathBuf {
        let path = self.root.join(relative);
        fs::write(&path, text).unwrap();
        path
    }

    /// A shell script solution, made executable.
    pub fn program(&self, name: &str, body: &str) -> PathBuf {
        let path = self.write(name, &format!("#!/bin/sh\n{body}\n"));
        fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
        path
    }

    pub fn judge(&self, args: &[&str]) -> Output {
        self.bare_command(args).output().unwrap()
    }

    /// `judge <args>` with the sandbox turned off (the fallback launcher), for
    /// tests whose programs leave traces in files, which the sandbox would
    /// not let them write.
    pub fn judge_unconfined(&self, args: &[&str]) -> Output {
        self.bare_command(args)
            .env("JUDGE_SANDBOX", "none")
            .output()
            .unwrap()
    }

    fn bare_command(&self, args: &[&str]) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_judge"));
        command
            .arg("--root")
            .arg(&self.root)
            .args(args)
            .env("NO_COLOR", "1");
        command
    }

    /// Runs `judge test fake --bin <program>`; returns (exit code, stdout, stderr).
    pub fn test_with(&self, program: &Path) -> (i32, String, String) {
        let output = self.judge(&["test", "fake", "--bin", program.to_str().unwrap()]);
        (
            output.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&output.stdout).into_owned(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )
    }
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.root);
    }
}

/// A value for `PROBE_VARIABLE` no other run uses: every process a test
/// starts with it (and all they start) carries it in its environment.
pub fn probe() -> String {
    temp_path("probe")
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned()
}

pub const PROBE_VARIABLE: &str = "JUDGE_TEST_PROBE";

/// The processes still running with `PROBE_VARIABLE=<probe>`, as
/// "<pid> <command line>"; each is killed, so a failing test leaves none.
pub fn survivors(probe: &str) -> Vec<String> {
    let wanted = format!("{PROBE_VARIABLE}={probe}");
    let mut found = Vec::new();
    for entry in fs::read_dir("/proc").unwrap().flatten() {
        let pid = match entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<i32>().ok())
        {
            Some(pid) => pid,
            None => continue,
        };
        let environ = fs::read(entry.path().join("environ")).unwrap_or_default();
        if environ.split(|&b| b == 0).any(|v| v == wanted.as_bytes()) {
            let cmdline = fs::read(entry.path().join("cmdline")).unwrap_or_default();
            let state = fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
            // A zombie is dead: only its parent has not collected it yet.
            if state
                .rsplit(')')
                .next()
                .unwrap_or("")
                .trim_start()
                .starts_with('Z')
            {
                continue;
            }
            let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
            found.push(format!(
                "{pid} {}",
                String::from_utf8_lossy(&cmdline).replace('\0', " ")
            ));
        }
    }
    found
}

impl Sandbox {
    /// `judge --root <sandbox> <args>` marked with `probe`, not yet started.
    pub fn command(&self, probe: &str, args: &[&str]) -> Command {
        let mut command = self.bare_command(args);
        command.env(PROBE_VARIABLE, probe);
        command
    }
}

/// Copies a file or a folder tree, as the tests that need a workspace of
/// their own do.
pub fn copy_tree(from: &Path, to: &Path) {
    if from.is_dir() {
        fs::create_dir_all(to).unwrap();
        for entry in fs::read_dir(from).unwrap() {
            let entry = entry.unwrap();
            copy_tree(&entry.path(), &to.join(entry.file_name()));
        }
    } else {
        fs::create_dir_all(to.parent().unwrap()).unwrap();
        fs::copy(from, to).unwrap();
    }
}

/// Runs `command` to its end, watching its own peak resident memory
/// (`VmHWM`, which only grows) until it exits; returns its output and that
/// peak in KiB. Its stdout and stderr are read as it runs, so it never
/// blocks on a full pipe.
pub fn run_measuring_memory(command: &mut Command) -> (Output, u64) {
    use std::io::Read;
    use std::process::Stdio;
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let reader = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_end(&mut bytes);
            }
            bytes
        })
    };
    let stdout = reader(
        child
            .stdout
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let stderr = reader(
        child
            .stderr
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let status_file = format!("/proc/{}/status", child.id());
    let mut peak_kib = 0;
    let status = loop {
        let status = fs::read_to_string(&status_file).unwrap_or_default();
        let hwm = status
            .lines()
            .find_map(|line| line.strip_prefix("VmHWM:"))
            .and_then(|kib| kib.trim().trim_end_matches("kB").trim().parse().ok());
        peak_kib = peak_kib.max(hwm.unwrap_or(0));
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    };
    let output = Output {
        status,
        stdout: stdout.join().unwrap(),
        stderr: stderr.join().unwrap(),
    };
    (output, peak_kib)
}
