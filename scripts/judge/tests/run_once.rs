//! `judge run`: one run on a file, a stored case or stdin, the output on
//! stdout untouched and one status line on stderr, under the problem's limits.

mod common;

use common::{outcome, Holds, Sandbox};
use std::collections::BTreeMap;
use std::io::Write;
use std::process::{Command, Stdio};

const TOML: &str = "time_limit_ms = 500\nmemory_limit_kib = 262144\n";
const ADD: &str = "read a b; echo $((a + b))";

/// Runs `judge run fake <args>` with `stdin`; returns (exit code, stdout, stderr).
fn run(sandbox: &Sandbox, args: &[&str], stdin: &str) -> (i32, String, String) {
    run_as(sandbox, &[args, &["--format", "kv"]].concat(), stdin)
}

/// The same, the status as people read it.
fn run_as(sandbox: &Sandbox, args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_judge"))
        .arg("--root")
        .arg(&sandbox.root)
        .args(["run", "fake"])
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    outcome(&output)
}

/// The status's `key=value` fields (`--format kv`).
fn status(stderr: &str) -> BTreeMap<String, String> {
    stderr
        .lines()
        .rev()
        .find(|line| line.starts_with("verdict="))
        .unwrap_or_else(|| panic!("no status line in:\n{stderr}"))
        .split(' ')
        .map(|field| {
            let (key, value) = field.split_once('=').expect(field);
            (key.to_string(), value.to_string())
        })
        .collect()
}

#[test]
fn stdin_a_file_and_a_stored_case_are_run_once() {
    let sandbox = Sandbox::new(TOML);
    let add = sandbox.program("add", ADD);
    let bin = add.to_str().unwrap();

    let (code, stdout, stderr) = run(&sandbox, &["--bin", bin], "40 2\n");
    assert_eq!((code, stdout.as_str()), (0, "42\n"), "{stderr}");
    let fields = status(&stderr);
    assert_eq!(fields["verdict"], "AC", "{stderr}");
    assert_eq!(fields["compared"], "no", "{stderr}");
    let number = |key: &str| fields[key].parse::<u64>().expect(key);
    assert!(number("time_ms") <= number("wall_ms") + 5, "{stderr}");
    assert!(number("peak_kib") > 0, "{stderr}");
    // Piped input is not a terminal: no prompt.
    assert!(!stderr.contains("Ctrl-D"), "{stderr}");
    // As people read it: nothing was compared, so OK rather than AC.
    let (_, _, stderr) = run_as(&sandbox, &["--bin", bin], "40 2\n");
    let line = stderr.lines().last().unwrap();
    assert!(line.starts_with("OK  "), "{stderr}");
    assert!(
        line.ends_with("KiB  (limits 500 ms, 262144 KiB)"),
        "{stderr}"
    );

    let file = sandbox.write("mine.txt", "1 1\n");
    let (code, stdout, _) = run(
        &sandbox,
        &["--bin", bin, "--in", file.to_str().unwrap()],
        "",
    );
    assert_eq!((code, stdout.as_str()), (0, "2\n"));

    let (code, stdout, stderr) = run(&sandbox, &["--bin", bin, "--case", "add"], "");
    assert_eq!((code, stdout.as_str()), (0, "5\n"));
    assert_eq!(status(&stderr)["verdict"], "AC", "{stderr}");
    assert_eq!(status(&stderr)["compared"], "yes", "{stderr}");

    let wrong = sandbox.program("wrong", "echo 6");
    let (code, stdout, stderr) = run(
        &sandbox,
        &["--bin", wrong.to_str().unwrap(), "--case", "add"],
        "",
    );
    assert_eq!((code, stdout.as_str()), (1, "6\n"));
    assert_eq!(status(&stderr)["verdict"], "WA", "{stderr}");
    stderr.assert_has("line 1");
}

#[test]
fn limits_and_exits_give_the_status() {
    let sandbox = Sandbox::new(TOML);
    let slow = sandbox.program("slow", "sleep 5");
    let (code, _, stderr) = run(&sandbox, &["--bin", slow.to_str().unwrap()], "");
    assert_eq!(code, 1);
    assert_eq!(status(&stderr)["verdict"], "TLE", "{stderr}");

    let crash = sandbox.program("crash", "printf partial; echo oops >&2; exit 3");
    let (code, stdout, stderr) = run(&sandbox, &["--bin", crash.to_str().unwrap()], "");
    assert_eq!((code, stdout.as_str()), (1, "partial"));
    // After the line that says what the sandbox contains.
    assert!(stderr.starts_with("sandbox: "), "{stderr}");
    assert!(stderr.lines().nth(1) == Some("oops"), "{stderr}");
    let fields = status(&stderr);
    assert_eq!(fields["verdict"], "RE", "{stderr}");
    assert_eq!(fields["final_newline"], "no", "{stderr}");
    stderr.assert_has("exit status 3");
    let (_, _, stderr) = run_as(&sandbox, &["--bin", crash.to_str().unwrap()], "");
    stderr.assert_has("(the output has no final newline)");
}

#[test]
fn bad_requests_are_setup_errors() {
    let sandbox = Sandbox::new(TOML);
    let add = sandbox.program("add", ADD);
    let bin = add.to_str().unwrap();
    for (args, expected) in [
        (
            vec!["--bin", bin, "--case", "nope"],
            "no case \"nope\"; cases: add",
        ),
        (vec!["--bin", bin, "--case", "add", "--in", "x"], "not both"),
        (
            vec!["--bin", bin, "--in", "/no/such/input"],
            "cannot read /no/such/input",
        ),
    ] {
        let (code, stdout, stderr) = run(&sandbox, &args, "");
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(stdout.is_empty(), "{stdout}");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
    }
}
