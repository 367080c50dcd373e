//! Throw-away workspaces for the runner's own tests: a sandbox of fake
//! problems whose solutions, brute forces and generators are small shell
//! scripts, and a copy of the real workspace's tools to scaffold and build
//! problems in.

#![allow(dead_code)] // each test file uses its own part of this module

use std::fs;
use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The verdict of the first case of problem `fake` in the output of
/// `judge test --format kv`.
pub fn verdict_of(stdout: &str) -> &str {
    field(case_line(stdout, None), "verdict")
}

/// The lines of the cases of problem `fake` in the output of `judge test
/// --format kv`.
pub fn case_lines(stdout: &str) -> impl Iterator<Item = &str> {
    stdout.lines().filter(|l| l.starts_with("problem=fake "))
}

/// The line of case `case` of problem `fake` (the first case, for `None`)
/// in the output of `judge test --format kv`.
pub fn case_line<'a>(stdout: &'a str, case: Option<&str>) -> &'a str {
    case_lines(stdout)
        .find(|line| case.map_or(true, |case| field(line, "case") == case))
        .unwrap_or_else(|| panic!("no line for the case {case:?} in:\n{stdout}"))
}

/// The value of `key` on a case's line of `judge test --format kv`: up to
/// the next space, or for `case`, which comes last, to the line's end.
pub fn field<'a>(line: &'a str, key: &str) -> &'a str {
    let value = line
        .strip_prefix(&format!("{key}="))
        .or_else(|| line.split_once(&format!(" {key}=")).map(|(_, value)| value))
        .unwrap_or_else(|| panic!("no {key}= in {line:?}"));
    match key {
        "case" => value,
        _ => value.split(' ').next().unwrap_or(""),
    }
}

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

    /// The stderr of `judge <args>`, which must refuse them as a setup
    /// error (exit status 2).
    #[track_caller]
    pub fn refusal(&self, args: &[&str]) -> String {
        let output = self.judge(args);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        stderr
    }

    /// `judge <args>` with the box turned off (the launcher alone), for
    /// tests whose programs leave traces in files, which the sandbox would
    /// not let them write.
    pub fn judge_unconfined(&self, args: &[&str]) -> Output {
        self.bare_command(args)
            .env("JUDGE_SANDBOX", "portable")
            .output()
            .unwrap()
    }

    fn bare_command(&self, args: &[&str]) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_judge"));
        if portable_binary() {
            command.env("JUDGE_SANDBOX", "portable");
        }
        command
            .arg("--root")
            .arg(&self.root)
            .args(args)
            .env("NO_COLOR", "1");
        command
    }

    /// Runs `judge test fake --bin <program> --format kv` (each case one line
    /// of fields: `verdict_of`, `field`); returns (exit code, stdout, stderr).
    pub fn test_with(&self, program: &Path) -> (i32, String, String) {
        let bin = program.to_str().unwrap();
        outcome(&self.judge(&["test", "fake", "--bin", bin, "--format", "kv"]))
    }

    /// `test_with` as the table a person reads.
    pub fn table_with(&self, program: &Path) -> (i32, String, String) {
        outcome(&self.judge(&["test", "fake", "--bin", program.to_str().unwrap()]))
    }
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.root);
    }
}

/// Whether this test binary is tests/portable.rs, which holds the tests of
/// tests/verdicts.rs again, its runs under the launcher alone
/// (`JUDGE_SANDBOX=portable`): the code a Mac runs every program with.
/// Every other binary's runs take the box the runner finds.
pub fn portable_binary() -> bool {
    std::env::current_exe().is_ok_and(|exe| {
        exe.file_name()
            .is_some_and(|name| name.to_string_lossy().starts_with("portable-"))
    })
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
    // A process killed a moment ago may still be on its way out (more so on
    // a loaded machine): it has half a second before it counts as running.
    for _ in 0..25 {
        if marked(probe).is_empty() {
            return Vec::new();
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    marked(probe)
        .into_iter()
        .map(|(pid, cmdline)| {
            let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
            format!("{pid} {cmdline}")
        })
        .collect()
}

/// The live processes marked with `probe` (zombies are dead: only their
/// parent has not collected them yet), with their command lines.
fn marked(probe: &str) -> Vec<(i32, String)> {
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
        if !environ.split(|&b| b == 0).any(|v| v == wanted.as_bytes()) {
            continue;
        }
        let state = fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
        let zombie = state
            .rsplit(')')
            .next()
            .unwrap_or("")
            .trim_start()
            .starts_with('Z');
        if !zombie {
            let cmdline = fs::read(entry.path().join("cmdline")).unwrap_or_default();
            found.push((pid, String::from_utf8_lossy(&cmdline).replace('\0', " ")));
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

/// A copy of the workspace's manifests, tools (the snippet library too) and
/// one problem, for tests that scaffold and build problems; removed on drop.
/// Its runner is this build's, in its target/release: the copy builds its
/// problems alone, which never link the runner.
pub struct WorkspaceCopy {
    pub root: PathBuf,
}

impl WorkspaceCopy {
    pub fn new() -> WorkspaceCopy {
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let root = temp_path("judge-new");
        for file in ["Cargo.toml", "Cargo.lock"] {
            copy_tree(&source.join(file), &root.join(file));
        }
        for dir in ["scripts", "problems/poj1143"] {
            copy_tree(&source.join(dir), &root.join(dir));
        }
        copy_tree(
            &source.join("judge-data/poj1143/problem.toml"),
            &root.join("judge-data/poj1143/problem.toml"),
        );
        copy_tree(
            Path::new(env!("CARGO_BIN_EXE_judge")),
            &root.join("target/release/judge"),
        );
        WorkspaceCopy { root }
    }

    pub fn judge(&self, args: &[&str]) -> Output {
        self.judge_with_input(args, b"")
    }

    pub fn judge_with_input(&self, args: &[&str], stdin: &[u8]) -> Output {
        run_with_input(
            Command::new(env!("CARGO_BIN_EXE_judge"))
                .arg("--root")
                .arg(&self.root)
                .args(args),
            stdin,
        )
    }

    /// The stderr of `judge <args>` in the copy, which must refuse them as a
    /// setup error (exit status 2).
    pub fn refusal(&self, args: &[&str]) -> String {
        let output = self.judge(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        text(&output.stderr)
    }

    /// Runs `make <args>` in the copy, with the workspace's Makefile (copied
    /// in at the first call), the tests' cargo and a target folder of its own.
    pub fn make(&self, args: &[&str]) -> Output {
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../Makefile");
        if !self.root.join("Makefile").is_file() {
            copy_tree(&source, &self.root.join("Makefile"));
        }
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        Command::new("make")
            .args(["--no-print-directory", &format!("CARGO={cargo}")])
            .args(args)
            .current_dir(&self.root)
            .env("CARGO_TARGET_DIR", self.root.join("target"))
            .env("NO_COLOR", "1")
            .output()
            .unwrap()
    }

    /// Runs cargo in the copy with a target folder of its own.
    pub fn cargo(&self, args: &[&str]) -> Output {
        Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
            .args(args)
            .current_dir(&self.root)
            .env("CARGO_TARGET_DIR", self.root.join("target"))
            .output()
            .unwrap()
    }
}

impl Drop for WorkspaceCopy {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.root);
    }
}

pub fn run_with_input(command: &mut Command, stdin: &[u8]) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

/// Assertions on a text (a command's output, a file), each failure showing
/// the text.
pub trait Holds {
    /// Fails unless the text holds `part`.
    fn assert_has(&self, part: &str);
    /// Fails unless the text has each of `lines` as a whole line.
    fn assert_lines(&self, lines: &[&str]);
    /// Fails unless the text's last line is `line`.
    fn assert_last_line(&self, line: &str);
}

impl Holds for str {
    #[track_caller]
    fn assert_has(&self, part: &str) {
        assert!(self.contains(part), "{part:?} not in:\n{self}");
    }

    #[track_caller]
    fn assert_lines(&self, lines: &[&str]) {
        for line in lines {
            assert!(self.lines().any(|l| l == *line), "{line} not in:\n{self}");
        }
    }

    #[track_caller]
    fn assert_last_line(&self, line: &str) {
        assert_eq!(self.lines().last(), Some(line), "{self}");
    }
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// An output's exit code (-1 when a signal ended it), stdout and stderr.
pub fn outcome(output: &Output) -> (i32, String, String) {
    let code = output.status.code().unwrap_or(-1);
    (code, text(&output.stdout), text(&output.stderr))
}

/// Whether `output` is of a run that succeeded; if not, its output is shown.
pub fn succeeded(output: &Output) -> bool {
    if !output.status.success() {
        eprintln!("{}{}", text(&output.stdout), text(&output.stderr));
    }
    output.status.success()
}

/// Whether `tool` runs here; its absence is no skip, for tests that check
/// what a missing tool gives.
pub fn runs(tool: &str) -> bool {
    Command::new(tool)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok()
}

/// True when `tool` runs; else the test is skipped (see `skip`).
pub fn have(tool: &str) -> bool {
    let found = runs(tool);
    if !found {
        skip(&format!("no {tool} here"));
    }
    found
}

/// Records that a test cannot run here, and `why`: under `CI=true` (where
/// `make check` installs every tool first) a failure; else a line in the
/// file `$JUDGE_SKIPS` names, which `make check` sums up at its end.
pub fn skip(why: &str) {
    if std::env::var("CI").is_ok_and(|ci| ci == "true") {
        panic!("skipped: {why}; under CI=true a skip is a failure");
    }
    println!("skipped: {why}");
    if let Some(log) = std::env::var_os("JUDGE_SKIPS") {
        let logged = fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(log)
            .and_then(|mut log| writeln!(log, "{why}"));
        logged.expect("cannot note a skip in $JUDGE_SKIPS");
    }
}

/// Fails unless Python's TOML 1.0 parser, `tomllib`, reads every file of
/// `paths`, naming the first it refuses and why; skipped (see `skip`)
/// without a python3 that has it (3.11 on).
#[track_caller]
pub fn assert_toml(paths: &[PathBuf]) {
    let has_tomllib = Command::new("python3")
        .args(["-c", "import tomllib"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    if !has_tomllib {
        skip("no python3 with tomllib (3.11 on) here");
        return;
    }
    const LOAD_EACH: &str = "import sys, tomllib
for path in sys.argv[1:]:
    try:
        tomllib.load(open(path, 'rb'))
    except Exception as e:
        sys.exit(f'{path}: {e}')";
    let output = Command::new("python3")
        .args(["-c", LOAD_EACH])
        .args(paths)
        .output()
        .unwrap();
    let refused = text(&output.stderr);
    let shown = refused.split(": ").next().unwrap_or("");
    assert!(
        output.status.success(),
        "tomllib refuses {refused}{}",
        fs::read_to_string(shown).unwrap_or_default()
    );
}

/// A sandbox with `problem_toml`, or `None` (having said so) when a tool
/// the test needs is not installed.
pub fn sandbox_with(tools: &[&str], problem_toml: &str) -> Option<Sandbox> {
    // Every missing tool is named, not only the first.
    let missing = tools.iter().filter(|tool| !have(tool)).count();
    (missing == 0).then(|| Sandbox::new(problem_toml))
}

/// Fails unless `output` is of a run that succeeded (both streams shown);
/// its stdout.
pub fn success_stdout(output: &Output) -> String {
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stdout}{stderr}");
    stdout
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
