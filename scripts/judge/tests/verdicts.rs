//! Proves each verdict of `judge test` with small fake solutions (shell
//! scripts) run on a throw-away workspace.

mod common;

use common::{case_line, case_lines, field, verdict_of, Holds, Sandbox};
use std::fs;
use std::time::{Duration, Instant};

const EXACT: &str = "time_limit_ms = 1000\nmemory_limit_kib = 65536\ncompare = \"exact\"\n";

/// `judge test fake --format kv` of the shell solution `body` in a sandbox whose
/// problem.toml is `toml`: exit code, stdout and how long it took.
fn judged(toml: &str, body: &str) -> (i32, String, Duration) {
    let sandbox = Sandbox::new(toml);
    let program = sandbox.program("sol", body);
    let start = Instant::now();
    let (code, stdout, _) = sandbox.test_with(&program);
    (code, stdout, start.elapsed())
}

#[test]
fn exact_answer_is_accepted() {
    let (code, stdout, _) = judged(EXACT, "read a b; echo $((a + b))");
    assert_eq!(verdict_of(&stdout), "AC", "{stdout}");
    assert_eq!(code, 0);
    stdout.assert_last_line("1 passed, 0 failed");
}

#[test]
fn stdin_is_the_case_as_a_file_read_from_its_start() {
    // As a judge's `< file`: a regular file, read only, whose size is the
    // case's; a pipe would print its own name.
    let body = "[ -f /dev/stdin ] || { echo pipe; exit; }\n\
        [ \"$(wc -c < /dev/stdin)\" = 4 ] || { echo size; exit; }\n\
        read a b; echo $((a + b))";
    let (code, stdout, _) = judged(EXACT, body);
    assert_eq!((code, verdict_of(&stdout)), (0, "AC"), "{stdout}");
}

#[test]
fn changed_whitespace_is_a_presentation_error_unless_tokens_are_compared() {
    let (code, stdout, _) = judged(EXACT, "read a b; printf ' %d \\n' $((a + b))");
    assert_eq!(verdict_of(&stdout), "PE", "{stdout}");
    assert_eq!(code, 1);
    stdout.assert_last_line("0 passed, 1 failed");

    let tokens =
        Sandbox::new("time_limit_ms = 1000\nmemory_limit_kib = 65536\ncompare = \"tokens\"\n");
    let program = tokens.program("sol", "read a b; printf ' %d \\n' $((a + b))");
    assert_eq!(verdict_of(&tokens.test_with(&program).1), "AC");
}

#[test]
fn wrong_answer_shows_the_differing_line() {
    let (code, stdout, _) = judged(EXACT, "read a b; echo $((a * b))");
    assert_eq!(verdict_of(&stdout), "WA", "{stdout}");
    assert_eq!(code, 1);
    stdout.assert_has("first difference at line 1");
    stdout.assert_has("expected    1 | \"5\"");
    stdout.assert_has("actual      1 | \"6\"");
}

#[test]
fn invalid_utf8_in_an_answer_is_shown_as_bytes_not_as_what_replaces_them() {
    let sandbox = Sandbox::new(EXACT);
    fs::write(sandbox.root.join("judge-data/fake/add.out"), b"\xff\xfe\n").unwrap();
    // U+FFFD twice: what a lossy decoding of the answer would show.
    let program = sandbox.program("sol", "printf '\\357\\277\\275\\357\\277\\275\\n'");
    let (code, stdout, _) = sandbox.test_with(&program);
    assert_eq!((code, verdict_of(&stdout)), (1, "WA"), "{stdout}");
    assert!(
        stdout.contains("(expected 1 line, got 1)"),
        "one line, not `1 lines`:\n{stdout}"
    );
    stdout.assert_has("expected    1 | \"\\xff\\xfe\"");
    stdout.assert_has("actual      1 | \"\u{fffd}\u{fffd}\"");
}

#[test]
fn the_table_s_columns_stay_aligned_when_the_wall_time_is_shown() {
    let sandbox = Sandbox::new(EXACT);
    sandbox.write("judge-data/fake/slow.in", "0 0\n");
    sandbox.write("judge-data/fake/slow.out", "0\n");
    let program = sandbox.program("sol", "read a b; [ $a = 0 ] && sleep 0.4; echo $((a + b))");
    let (code, stdout, _) = sandbox.table_with(&program);
    assert_eq!(code, 0, "{stdout}");
    let rows: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("fake ") || l.starts_with("problem "))
        .collect();
    assert_eq!(rows.len(), 3, "{stdout}");
    assert!(
        rows[2].contains("(wall "),
        "the slow case shows its wall time:\n{stdout}"
    );
    // Where the memory column ends: right after "memory", or "KiB".
    let ends: Vec<usize> = rows
        .iter()
        .map(|row| {
            row.find("memory")
                .map_or(0, |at| at + 6)
                .max(row.find(" KiB").map_or(0, |at| at + 4))
        })
        .collect();
    assert!(ends.iter().all(|&end| end == ends[0]), "{ends:?}\n{stdout}");
}

#[test]
fn sleeping_past_the_limit_is_stopped_near_the_limit() {
    // The sleep is a child of the shell: the whole group must die, or the
    // runner would wait for the pipe the sleep still holds.
    let (code, stdout, took) = judged(
        "time_limit_ms = 300\nmemory_limit_kib = 65536\n",
        "sleep 30; echo 5",
    );
    assert_eq!(verdict_of(&stdout), "TLE", "{stdout}");
    assert_eq!(code, 1);
    assert!(took < Duration::from_secs(3), "took {took:?}");
}

#[test]
fn non_zero_exit_is_a_runtime_error_with_stderr() {
    let (code, stdout, _) = judged(EXACT, "echo 'index out of bounds' >&2; exit 3");
    assert_eq!(verdict_of(&stdout), "RE", "{stdout}");
    assert_eq!(code, 1);
    stdout.assert_has("exit status 3");
    stdout.assert_has("index out of bounds");
}

#[test]
fn a_file_not_found_in_the_box_says_what_the_box_shows() {
    // A wrapper calling a binary beside it, which the box does not show.
    let sandbox = Sandbox::new(EXACT);
    sandbox.program("helper", "read a b; echo $((a + b))");
    let wrapper = sandbox.program("sol", "exec \"$(dirname \"$0\")/helper\"");
    let (code, stdout, _) = sandbox.test_with(&wrapper);
    if common::portable_binary() {
        // The launcher alone shows every file: the helper is found.
        assert_eq!((code, verdict_of(&stdout)), (0, "AC"), "{stdout}");
        assert!(!stdout.contains("the box shows"), "{stdout}");
        return;
    }
    if !stdout.contains("mount") {
        return common::skip("no mount namespace here: a program sees every file");
    }
    assert_eq!((code, verdict_of(&stdout)), (1, "RE"), "{stdout}");
    stdout.assert_has("helper: not found");
    let hints: Vec<&str> = stdout
        .lines()
        .filter(|line| line.contains("the box shows a program its own file"))
        .collect();
    assert_eq!(hints.len(), 1, "{stdout}");
    assert!(
        hints[0].ends_with("no other file beside it (docs/sandbox.md)"),
        "{stdout}"
    );
    // Another RE says nothing of the box.
    let (_, stdout, _) = judged(EXACT, "echo 'index out of bounds' >&2; exit 3");
    assert!(!stdout.contains("the box shows"), "{stdout}");
}

#[test]
fn a_signal_is_a_runtime_error_that_names_it() {
    let (_, stdout, _) = judged(EXACT, "echo 5; kill -SEGV $$");
    assert_eq!(verdict_of(&stdout), "RE", "{stdout}");
    stdout.assert_has("signal 11 (SIGSEGV)");
}

#[test]
fn allocating_far_beyond_the_limit_is_a_memory_limit_exceeded() {
    // The shell keeps the whole command substitution in memory: ~200 MB.
    let (code, stdout, _) = judged(
        "time_limit_ms = 5000\nmemory_limit_kib = 16384\n",
        "x=$(head -c 200000000 /dev/zero | tr '\\0' a); echo 5",
    );
    assert_eq!(verdict_of(&stdout), "MLE", "{stdout}");
    assert_eq!(code, 1);
}

#[test]
fn a_wrapper_s_child_cannot_escape_the_memory_limit() {
    // The script waits for the hog, a process the launcher did not start.
    let (_, stdout, took) = judged(
        "time_limit_ms = 5000\nmemory_limit_kib = 16384\n",
        "sh -c \"x=\\$(head -c 200000000 /dev/zero | tr '\\\\0' a)\"; echo 5",
    );
    assert_eq!(verdict_of(&stdout), "MLE", "{stdout}");
    assert!(took < Duration::from_secs(4), "took {took:?}");
    let row = case_line(&stdout, None);
    let kib: u64 = field(row, "peak_kib").parse().unwrap();
    // Up to the limit, where a cgroup stops it: the peak may stop short of
    // it by the charge that failed (a page batch or a large folio; it was
    // under 16 MiB once in six runs on a loaded machine), never by 2 MiB.
    assert!(kib >= 16384 - 2048, "the peak shown is the hog's: {row}");
}

#[test]
fn endless_output_is_cut_off() {
    let (_, stdout, took) = judged(
        "time_limit_ms = 5000\nmemory_limit_kib = 1048576\n",
        "yes 5",
    );
    assert_eq!(verdict_of(&stdout), "OLE", "{stdout}");
    assert!(took < Duration::from_secs(4), "took {took:?}");
}

#[test]
fn memory_is_reported_in_kib() {
    let sandbox = Sandbox::new(EXACT);
    let program = sandbox.program("sol", "read a b; echo $((a + b))");
    let (_, stdout, _) = sandbox.table_with(&program);
    let row = stdout.lines().find(|l| l.starts_with("fake ")).unwrap();
    assert!(row.ends_with(" KiB"), "{row}");
}

#[test]
fn the_machine_form_is_one_line_of_fields_per_case_with_the_case_last() {
    let sandbox = Sandbox::new(EXACT);
    sandbox.write("judge-data/fake/two words.in", "1 1\n");
    sandbox.write("judge-data/fake/two words.out", "2\n");
    let program = sandbox.program("sol", "read a b; echo $((a + b))");
    let (code, stdout, _) = sandbox.test_with(&program);
    assert_eq!(code, 0, "{stdout}");
    let keys = |line: &str| -> Vec<String> {
        let fields = line.split(" case=").next().unwrap().split(' ');
        fields
            .map(|f| f.split('=').next().unwrap().to_string())
            .collect()
    };
    for line in case_lines(&stdout) {
        assert_eq!(
            keys(line),
            ["problem", "verdict", "time_ms", "wall_ms", "peak_kib"],
            "{line}"
        );
    }
    assert_eq!(
        field(case_line(&stdout, Some("two words")), "verdict"),
        "AC"
    );
    assert!(!stdout.contains("verdict "), "no header:\n{stdout}");
    stdout.assert_last_line("2 passed, 0 failed");
    let bin = program.to_str().unwrap();
    let stderr = sandbox.refusal(&["test", "fake", "--bin", bin, "--format", "json"]);
    stderr.assert_has("--format takes kv, found \"json\"");
}

#[test]
fn setup_errors_exit_2_and_say_what_is_wrong() {
    let sandbox = Sandbox::new(EXACT);
    let program = sandbox.program("sol", "cat");

    let stderr = sandbox.refusal(&["test", "nope"]);
    assert!(
        stderr.contains("unknown problem \"nope\"") && stderr.contains("fake"),
        "{stderr}"
    );

    let stderr = sandbox.refusal(&["test", "fake"]);
    stderr.assert_has("target/release/fake is missing: run `make`");

    sandbox.write("judge-data/fake/lonely.in", "1 1\n");
    let (code, _, stderr) = sandbox.test_with(&program);
    assert_eq!(code, 2);
    stderr.assert_has("lonely.in has no lonely.out");

    fs::remove_file(sandbox.root.join("judge-data/fake/lonely.in")).unwrap();
    fs::remove_file(sandbox.root.join("judge-data/fake/add.in")).unwrap();
    fs::remove_file(sandbox.root.join("judge-data/fake/add.out")).unwrap();
    let (code, _, stderr) = sandbox.test_with(&program);
    assert_eq!(code, 2);
    stderr.assert_has("has no cases yet");
}

#[test]
fn a_limit_past_its_maximum_is_refused_naming_the_key() {
    // u64::MAX ms overflowed the launcher's wall cap: every run was an RE.
    let sandbox = Sandbox::new("time_limit_ms = 18446744073709551615\nmemory_limit_kib = 65536\n");
    let program = sandbox.program("sol", "read a b; echo $((a + b))");
    let (code, stdout, stderr) = sandbox.test_with(&program);
    assert_eq!(code, 2, "{stdout}{stderr}");
    assert_eq!(
        stderr,
        format!(
            "judge: fake: {}: `time_limit_ms` must be at most 3600000, found 18446744073709551615\n",
            sandbox.root.join("judge-data/fake/problem.toml").display()
        )
    );
}

#[test]
fn memory_is_the_program_s_own_not_the_runner_s() {
    // Reading a large expected file raises the runner's own peak; Linux would
    // lend that peak to a child it started directly.
    let sandbox = Sandbox::new(EXACT);
    sandbox.write("judge-data/fake/big.in", "1 1\n");
    sandbox.write("judge-data/fake/big.out", &"2\n".repeat(500_000));
    let program = sandbox.program("sol", "read a b; echo $((a + b))");
    let (_, stdout, _) = sandbox.test_with(&program);
    let kib: Vec<u64> = case_lines(&stdout)
        .map(|row| field(row, "peak_kib").parse().unwrap())
        .collect();
    assert_eq!(kib.len(), 2, "{stdout}");
    // A shell needs about 1.5 MiB, the launcher about 2 MiB; the runner
    // holding the expected output and twice its size of captured stdout is
    // well past 4 MiB.
    assert!(kib.iter().all(|&kib| kib < 4096), "{stdout}");
}

#[test]
fn the_launcher_passes_stdio_through_and_reports_the_exit() {
    use std::io::Read;
    use std::os::fd::AsRawFd;
    use std::os::unix::net::UnixStream;
    use std::os::unix::process::CommandExt;
    let sandbox = Sandbox::new(EXACT);
    // The launcher's channel, handed over as the runner does: the run comes
    // on it, and the report goes back.
    let (mut channel, theirs) = UnixStream::pair().unwrap();
    let fd = theirs.as_raw_fd();
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_judge"));
    command
        .args(["__launch", &fd.to_string()])
        .stdin(fs::File::open(sandbox.root.join("judge-data/fake/add.in")).unwrap())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    // SAFETY: fcntl is async-signal-safe; it runs between fork and exec.
    unsafe {
        command.pre_exec(move || {
            extern "C" {
                fn fcntl(fd: i32, command: i32, flags: i32) -> i32;
            }
            // F_SETFD to no FD_CLOEXEC: the launcher inherits it.
            match fcntl(fd, 2, 0) {
                0 => Ok(()),
                _ => Err(std::io::Error::last_os_error()),
            }
        });
    }
    let child = command.spawn().unwrap();
    drop(theirs);
    let run: Vec<std::ffi::OsString> = ["wall=5000", "--", "sh", "-c", "cat; echo err >&2; exit 4"]
        .iter()
        .map(Into::into)
        .collect();
    judge_core::process::launch::send(&mut channel, &run).unwrap();
    let mut report = String::new();
    channel.read_to_string(&mut report).unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "{output:?}");
    assert_eq!(output.stdout, b"2 3\n");
    assert_eq!(output.stderr, b"err\n");
    // The process group the program ran in, then the report.
    let lines: Vec<&str> = report.lines().collect();
    assert_eq!(lines.len(), 2, "{report}");
    assert!(lines[0].starts_with("group "), "{report}");
    let words: Vec<&str> = lines[1].split_whitespace().collect();
    assert_eq!(words[..2], ["code", "4"], "{report}");
    assert!(words[2].parse::<u64>().unwrap() > 0, "{report}");
    assert_eq!(words[5], "-", "{report}");
}

#[test]
fn id_slash_prefix_judges_only_the_cases_named_so() {
    let sandbox = Sandbox::new(EXACT);
    sandbox.write("judge-data/fake/big-1.in", "4 4\n");
    sandbox.write("judge-data/fake/big-1.out", "8\n");
    let program = sandbox.program("sol", "read a b; echo $((a + b))");
    let bin = program.to_str().unwrap();
    let output = sandbox.judge(&["test", "fake/big", "--bin", bin]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    assert_eq!(
        stdout.lines().filter(|l| l.starts_with("fake ")).count(),
        1,
        "{stdout}"
    );
    stdout.assert_has("big-1");

    let stderr = sandbox.refusal(&["test", "fake/zz", "--bin", bin]);
    stderr.assert_has("no case name starts with \"zz\"; cases: add, big-1");
}

/// macOS's stack hard limit is 65520 KiB, under most judges' `stack_kib`:
/// with a hard limit of 16 MiB on the runner, a problem asking for 64 MiB
/// runs on 16 MiB, and the runner says so once.
#[test]
fn a_stack_past_the_hard_limit_runs_on_the_hard_limit_said_once() {
    use judge_core::process::sys;
    use std::os::unix::process::CommandExt;
    let sandbox = Sandbox::new(&format!("{EXACT}stack_kib = 65536\n"));
    sandbox.write("judge-data/fake/again.in", "1 1\n");
    sandbox.write("judge-data/fake/again.out", "2\n");
    let program = sandbox.program(
        "sol",
        "read a b; [ \"$(ulimit -s)\" = 16384 ] && echo $((a + b))",
    );
    let bin = program.to_str().unwrap();
    let mut command = sandbox.command(
        &common::probe(),
        &["test", "fake", "--bin", bin, "--format", "kv"],
    );
    // SAFETY: lower_limit is async-signal-safe.
    unsafe { command.pre_exec(|| sys::lower_limit(sys::RLIMIT_STACK, 16 << 20)) };
    let (code, stdout, stderr) = common::outcome(&command.output().unwrap());
    assert_eq!(code, 0, "{stdout}{stderr}");
    stdout.assert_last_line("2 passed, 0 failed");
    let said =
        "a run's stack is held to 16384 KiB, this system's hard limit (it asks for 65536 KiB)";
    assert_eq!(stderr.matches(said).count(), 1, "{stderr}");
}
