//! The runner against programs that fight it (issue 15): nothing a run
//! starts outlives it, nothing hangs it, nothing forges its verdict, nothing
//! is half-saved, and time is CPU time with a wall cap, as judges count it.
//! Every test marks the processes it starts and checks none is left.

mod common;

use common::{case_lines, field, probe, survivors, temp_path, Holds, Sandbox};
use std::fs;
use std::io::Read;
use std::os::unix::fs::symlink;
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

const LIMITS: &str = "time_limit_ms = 1000\nmemory_limit_kib = 65536\n";

/// What one `judge` run printed, and how long it took.
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
    took: Duration,
}

/// Runs `judge <args>` in the sandbox and checks it left no process behind.
fn judge(sandbox: &Sandbox, args: &[&str]) -> Run {
    let probe = probe();
    let start = Instant::now();
    let output = sandbox.command(&probe, args).output().unwrap();
    let run = Run {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        took: start.elapsed(),
    };
    assert_eq!(survivors(&probe), Vec::<String>::new(), "{}", run.stdout);
    run
}

fn test_with(sandbox: &Sandbox, program: &str) -> Run {
    let program = sandbox.program("sol", program);
    let bin = program.to_str().unwrap();
    judge(sandbox, &["test", "fake", "--bin", bin, "--format", "kv"])
}

/// The line of case `name` (the run was `judge test --format kv`).
fn row<'a>(run: &'a Run, name: &str) -> &'a str {
    case_lines(&run.stdout)
        .find(|line| field(line, "case") == name)
        .unwrap_or_else(|| panic!("no line for {name} in:\n{}{}", run.stdout, run.stderr))
}

fn verdict<'a>(run: &'a Run, name: &str) -> &'a str {
    field(row(run, name), "verdict")
}

/// Sends `signal` (a `kill` name) to a child.
fn send(child: &Child, signal: &str) {
    let sent = Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
}

/// Waits for a child, killing it after `limit`; its exit code and stdout.
fn finish(mut child: Child, limit: Duration) -> (Option<i32>, String) {
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("still running after {limit:?}");
        }
        thread::sleep(Duration::from_millis(10));
    }
    let mut stdout = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut stdout)
        .unwrap();
    (child.wait().unwrap().code(), stdout)
}

#[test]
fn interrupting_judge_test_kills_the_program_tree_and_says_what_finished() {
    let sandbox = Sandbox::new(&LIMITS.replace("1000", "20000"));
    sandbox.write("judge-data/fake/loop.in", "4 4\n");
    sandbox.write("judge-data/fake/loop.out", "8\n");
    // Case `add` passes; case `loop` spins, with a daemon spinning beside it.
    let program = sandbox.program(
        "sol",
        "read a b; [ $a = 2 ] && { echo 5; exit; }\n\
         setsid sh -c 'while :; do :; done' & while :; do :; done",
    );
    for (signal, code) in [("INT", 130), ("TERM", 143)] {
        let probe = probe();
        let child = sandbox
            .command(
                &probe,
                &["test", "fake", "--bin", program.to_str().unwrap()],
            )
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        thread::sleep(Duration::from_millis(700));
        send(&child, signal);
        let (exit, stdout) = finish(child, Duration::from_secs(5));
        assert_eq!(survivors(&probe), Vec::<String>::new());
        assert_eq!(exit, Some(code), "{stdout}");
        stdout.assert_has("add ");
        assert!(
            stdout.ends_with(&format!(
                "interrupted by SIG{signal}; finished: 1 passed, 0 failed\n"
            )),
            "{stdout}"
        );
        assert!(
            !stdout.contains("loop "),
            "no row for the cut case: {stdout}"
        );
    }
}

#[test]
fn interrupted_stress_saves_are_whole_or_absent() {
    let sandbox = stress_workspace("echo $((${1:-0} % 5 + 1))");
    // The solution is wrong on every input: each run finds, shrinks and saves.
    // Interrupts at many moments must never leave half a case behind.
    for delay_ms in (0..12).map(|i| 100 + 60 * i) {
        let probe = probe();
        let child = sandbox
            .command(&probe, &["stress", "fake", "--count", "50", "--jobs", "1"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        thread::sleep(Duration::from_millis(delay_ms));
        send(&child, "INT");
        let (exit, stdout) = finish(child, Duration::from_secs(10));
        assert_eq!(survivors(&probe), Vec::<String>::new());
        assert!(exit == Some(130) || exit == Some(1), "{exit:?} {stdout}");
        let mut names: Vec<String> = fs::read_dir(sandbox.root.join("judge-data/fake"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|name| name != "problem.toml" && !name.starts_with("add."))
            .collect();
        names.sort();
        for name in &names {
            let stem = name.rsplit_once('.').map(|(stem, _)| stem).unwrap_or(name);
            assert!(
                name.ends_with(".in") || name.ends_with(".out"),
                "after {delay_ms} ms: {names:?}"
            );
            for twin in ["in", "out"] {
                let path = sandbox.root.join(format!("judge-data/fake/{stem}.{twin}"));
                let size = fs::metadata(&path).map(|m| m.len());
                assert!(
                    size.is_ok_and(|size| size > 0),
                    "after {delay_ms} ms: {names:?}"
                );
            }
        }
        for name in names {
            fs::remove_file(sandbox.root.join("judge-data/fake").join(name)).unwrap();
        }
    }
}

/// A stress sandbox: inputs `<seed> <seed>`, a brute force that adds, and
/// the given solution.
fn stress_workspace(solution: &str) -> Sandbox {
    let sandbox = Sandbox::new(LIMITS);
    fs::create_dir_all(sandbox.root.join("target/release")).unwrap();
    sandbox.program("target/release/fake", solution);
    sandbox.program("target/release/fake-brute", "read a b; echo $((a + b))");
    sandbox.program("target/release/fake-gen", "echo \"$1 $1\"");
    sandbox
}

#[test]
fn a_setsid_daemon_neither_hangs_the_run_nor_survives_it() {
    let sandbox = Sandbox::new(LIMITS);
    for daemon in [
        "setsid sh -c 'while :; do sleep 1; done' &",
        "set -m; (while :; do :; done) &",
        "(setsid sh -c 'sleep 30' &) &",
    ] {
        let run = test_with(&sandbox, &format!("{daemon}\nread a b; echo $((a + b))"));
        assert_eq!(verdict(&run, "add"), "AC", "{daemon}: {}", run.stdout);
        assert!(
            run.took < Duration::from_secs(2),
            "{daemon}: {:?}",
            run.took
        );
    }
}

#[test]
fn stress_with_a_solution_that_leaves_daemons_ends() {
    let sandbox =
        stress_workspace("setsid sh -c 'while :; do sleep 1; done' & read a b; echo $((a + b))");
    let run = judge(&sandbox, &["stress", "fake", "--count", "6", "--seed", "1"]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(run.took < Duration::from_secs(10), "{:?}", run.took);
}

#[test]
fn a_double_forked_grandchild_s_memory_counts() {
    let sandbox = Sandbox::new("time_limit_ms = 5000\nmemory_limit_kib = 32768\n");
    // The grandchild is reparented away from the program at once.
    let run = test_with(
        &sandbox,
        "(sh -c 'x=$(head -c 200000000 /dev/zero | tr \"\\0\" a); sleep 5' &)\n\
         sleep 3; read a b; echo $((a + b))",
    );
    assert_eq!(verdict(&run, "add"), "MLE", "{}", run.stdout);
    assert!(run.took < Duration::from_secs(4), "{:?}", run.took);
}

#[test]
fn memory_is_the_whole_tree_s_together() {
    let sandbox = Sandbox::new("time_limit_ms = 5000\nmemory_limit_kib = 65536\n");
    // Four processes of about 24 MiB each: every one under the limit alone.
    let run = test_with(
        &sandbox,
        "for i in 1 2 3 4; do sh -c 'x=$(head -c 25000000 /dev/zero | tr \"\\0\" a); sleep 5' & done\n\
         sleep 3; read a b; echo $((a + b))",
    );
    assert_eq!(verdict(&run, "add"), "MLE", "{}", run.stdout);
    assert!(run.took < Duration::from_secs(4), "{:?}", run.took);
}

#[test]
fn a_program_cannot_forge_or_redirect_the_launcher_s_report() {
    let sandbox = Sandbox::new(LIMITS);
    let tmp = sandbox.root.join("tmp");
    fs::create_dir(&tmp).unwrap();
    // Answers, writes a perfect report wherever a launcher might read one
    // (the file an older runner used, in the runner's TMPDIR, named here: the
    // program's own TMPDIR is `/tmp`; the launcher's descriptors), then kills
    // the launcher so its own report never comes. A descriptor may be a pipe
    // nobody reads: SIGPIPE is ignored so the program gets as far as the kill.
    let program = sandbox.program(
        "sol",
        &format!(
            "trap '' PIPE; read a b; echo $((a + b))\n\
             runner=$(cut -d' ' -f4 /proc/$PPID/stat)\n\
             printf 'code 0 1 1 0\\n' > \"{}/judge-launch-$runner-0\"\n\
             for f in /proc/$PPID/fd/*; do case ${{f##*/}} in 0 | 1 | 2) ;;\n\
               *) printf 'code 0 1 1 1 -\\n' > \"$f\" ;; esac; done 2>/dev/null\n\
             kill -9 $PPID; sleep 5",
            tmp.display()
        ),
    );
    // The fallback launcher: in the sandbox no launcher can be named at all
    // (tests/sandbox.rs).
    let probe = probe();
    let output = sandbox
        .command(
            &probe,
            &["test", "fake", "--bin", program.to_str().unwrap()],
        )
        .env("TMPDIR", &tmp)
        .env("JUDGE_SANDBOX", "portable")
        .output()
        .unwrap();
    assert_eq!(survivors(&probe), Vec::<String>::new());
    let stdout = String::from_utf8_lossy(&output.stdout);
    let row = stdout.lines().find(|l| l.starts_with("fake ")).unwrap();
    assert!(row.contains(" RE "), "{stdout}");
    stdout.assert_has("killed by signal 9");
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    let forged = fs::read_dir(&tmp).unwrap().flatten();
    let names: Vec<_> = forged.map(|entry| entry.file_name()).collect();
    assert_eq!(names.len(), 1, "the forged report: {names:?}");
}

#[test]
fn a_descriptor_the_runner_inherits_is_not_its_launchers_either() {
    // Without the sandbox a program run as root may open its launcher's
    // descriptors through /proc: none of them may be one the runner's
    // caller left open (here descriptor 7, not closed on exec).
    let sandbox = Sandbox::new(LIMITS);
    let leak = sandbox.root.join("leak");
    fs::write(&leak, "").unwrap();
    let program = sandbox.program(
        "sol",
        "read a b; echo $((a + b))\n\
         for f in /proc/$PPID/fd/*; do case ${f##*/} in 0 | 1 | 2) ;;\n\
           *) echo leak >> \"$f\" ;; esac; done 2>/dev/null; true",
    );
    let probe = probe();
    let mut command = sandbox.command(
        &probe,
        &["test", "fake", "--bin", program.to_str().unwrap()],
    );
    let file = fs::OpenOptions::new().append(true).open(&leak).unwrap();
    let from = std::os::fd::AsRawFd::as_raw_fd(&file);
    extern "C" {
        fn dup2(from: i32, to: i32) -> i32;
    }
    // SAFETY: dup2 is async-signal-safe; its copy is not closed on exec.
    unsafe {
        std::os::unix::process::CommandExt::pre_exec(&mut command, move || match dup2(from, 7) {
            7 => Ok(()),
            _ => Err(std::io::Error::last_os_error()),
        });
    }
    let output = command.env("JUDGE_SANDBOX", "portable").output().unwrap();
    drop(file);
    assert_eq!(survivors(&probe), Vec::<String>::new());
    let stdout = String::from_utf8_lossy(&output.stdout);
    stdout.assert_has(" AC ");
    assert_eq!(fs::read_to_string(&leak).unwrap(), "", "{stdout}");
}

#[test]
fn runs_need_no_temporary_folder() {
    let sandbox = Sandbox::new(LIMITS);
    let program = sandbox.program("sol", "read a b; echo $((a + b))");
    let probe = probe();
    let output = sandbox
        .command(
            &probe,
            &["test", "fake", "--bin", program.to_str().unwrap()],
        )
        .env("TMPDIR", sandbox.root.join("missing"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    stdout.assert_has(" AC ");
}

#[test]
fn a_relative_program_name_runs_the_file_here_not_one_in_path() {
    let sandbox = Sandbox::new(LIMITS);
    // `echo` in PATH would print the empty line: a WA.
    sandbox.program("echo", "read a b; /bin/echo $((a + b))");
    for bin in ["echo", "./echo"] {
        let probe = probe();
        let output = sandbox
            .command(&probe, &["test", "fake", "--bin", bin])
            .current_dir(&sandbox.root)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert_eq!(output.status.code(), Some(0), "{bin}: {stdout}");
    }
    // A bare name with no file here is a command from PATH.
    let run = judge(
        &sandbox,
        &["test", "fake", "--bin", "cat", "--format", "kv"],
    );
    assert_eq!(verdict(&run, "add"), "WA", "{}", run.stdout);
}

#[test]
fn concurrent_benches_on_a_cold_cache_both_succeed() {
    let sandbox = Sandbox::new(&format!("{LIMITS}bench.n = [1000]\n"));
    fs::create_dir_all(sandbox.root.join("target/release")).unwrap();
    // Slow enough that both benches generate at the same time.
    sandbox.program("target/release/fake-gen", "sleep 0.5; seq \"$3\"");
    sandbox.program("target/release/fake", "wc -l");
    let probe = probe();
    let benches: Vec<Child> = (0..2)
        .map(|_| {
            sandbox
                .command(&probe, &["bench", "--smoke"])
                .stdout(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let finished: Vec<(Option<i32>, String)> = benches
        .into_iter()
        .map(|bench| finish(bench, Duration::from_secs(20)))
        .collect();
    assert_eq!(survivors(&probe), Vec::<String>::new());
    for (exit, stdout) in finished {
        assert_eq!(exit, Some(0), "{stdout}");
    }
    let input = fs::read_to_string(sandbox.root.join("target/bench/fake/n-1000.in")).unwrap();
    assert_eq!(input.lines().count(), 1000);
    let left: Vec<_> = fs::read_dir(sandbox.root.join("target/bench/fake"))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .filter(|name| name.to_string_lossy().contains("partial"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn a_symlinked_oversized_out_is_refused_without_reading_it() {
    let sandbox = Sandbox::new(LIMITS);
    let huge = temp_path("judge-huge");
    // Sparse: 2 GiB long, no disk used.
    fs::File::create(&huge).unwrap().set_len(2 << 30).unwrap();
    sandbox.write("judge-data/fake/big.in", "1 1\n");
    symlink(&huge, sandbox.root.join("judge-data/fake/big.out")).unwrap();
    let run = test_with(&sandbox, "read a b; echo $((a + b))");
    fs::remove_file(&huge).unwrap();
    assert_eq!(run.code, 2, "{}", run.stdout);
    run.stderr.assert_has("big.out is 2097152 KiB");
}

#[test]
fn fifos_and_folders_named_like_cases_are_refused_by_name() {
    let sandbox = Sandbox::new(LIMITS);
    fs::create_dir(sandbox.root.join("judge-data/fake/dir.in")).unwrap();
    sandbox.write("judge-data/fake/dir.out", "2\n");
    let made = Command::new("mkfifo")
        .arg(sandbox.root.join("judge-data/fake/pipe.out"))
        .status();
    sandbox.write("judge-data/fake/pipe.in", "1 1\n");
    let run = test_with(&sandbox, "read a b; echo $((a + b))");
    assert_eq!(run.code, 2, "{}", run.stdout);
    run.stderr.assert_has("dir.in is not a regular file");
    if made.is_ok_and(|status| status.success()) {
        run.stderr.assert_has("pipe.out is not a regular file");
    } else {
        println!("skipped: no mkfifo, so no FIFO case");
    }
}

#[test]
fn bench_counts_a_flood_of_output_without_keeping_it() {
    let sandbox = Sandbox::new(&format!("{LIMITS}bench.n = [1]\n"));
    fs::create_dir_all(sandbox.root.join("target/release")).unwrap();
    sandbox.program("target/release/fake-gen", "echo 1");
    sandbox.program("target/release/fake", "head -c 268435456 /dev/zero");
    let probe = probe();
    let mut child = sandbox
        .command(&probe, &["bench", "--smoke"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    // The runner's own high-water mark, the last seen before it exits (the
    // kernel's figure at exit would include the programs it waited for).
    let status = format!("/proc/{}/status", child.id());
    let mut runner_kib = 0;
    while child.try_wait().unwrap().is_none() {
        let text = fs::read_to_string(&status).unwrap_or_default();
        if let Some(line) = text.lines().find(|l| l.starts_with("VmHWM:")) {
            runner_kib = line.split_whitespace().nth(1).unwrap().parse().unwrap();
        }
        thread::sleep(Duration::from_millis(5));
    }
    let (exit, stdout) = finish(child, Duration::from_secs(1));
    assert_eq!(survivors(&probe), Vec::<String>::new());
    assert_eq!(exit, Some(0), "{stdout}");
    stdout.assert_has("256.0 MiB");
    assert!(
        runner_kib > 0 && runner_kib < 32 * 1024,
        "the runner peaked at {runner_kib} KiB"
    );
}

#[test]
fn ids_that_are_paths_are_refused_by_every_command() {
    let sandbox = stress_workspace("read a b; echo $((a + b))");
    let outside = temp_path("judge-outside");
    fs::create_dir(&outside).unwrap();
    let id = outside.to_str().unwrap();
    for args in [
        vec![
            "stress", id, "--sol", "cat", "--brute", "cat", "--gen", "echo",
        ],
        vec!["test", id],
        vec!["test", "../fake"],
        vec!["bench", id],
    ] {
        let run = judge(&sandbox, &args);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stdout);
        assert!(
            run.stderr.contains("invalid id"),
            "{args:?}: {}",
            run.stderr
        );
    }
    // An id in the wrong case is no path: it names the one meant.
    let run = judge(&sandbox, &["submit", "Fake"]);
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(
        run.stderr
            .contains("unknown problem \"Fake\": did you mean fake?"),
        "{}",
        run.stderr
    );
    assert_eq!(fs::read_dir(&outside).unwrap().count(), 0);
    fs::remove_dir(&outside).unwrap();
}

#[test]
fn problem_toml_takes_comments_and_refuses_unknown_and_repeated_keys() {
    let sandbox = Sandbox::new(&format!("{LIMITS}compare = \"tokens\" # a note\n"));
    let run = test_with(&sandbox, "read a b; echo \" $((a + b))\"");
    assert_eq!(verdict(&run, "add"), "AC", "{}{}", run.stdout, run.stderr);

    sandbox.write(
        "judge-data/fake/problem.toml",
        &format!("{LIMITS}compre = tokens\n"),
    );
    let run = test_with(&sandbox, "cat");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("problem.toml: line 3: unknown key `compre`; did you mean `compare`?"),
        "{}",
        run.stderr
    );

    sandbox.write(
        "judge-data/fake/problem.toml",
        &format!("{LIMITS}time_limit_ms = 5\n"),
    );
    let run = test_with(&sandbox, "cat");
    assert_eq!(run.code, 2);
    run.stderr
        .assert_has("line 3: `time_limit_ms` is set twice");
}

#[test]
fn control_characters_of_stderr_are_shown_escaped() {
    let sandbox = Sandbox::new(LIMITS);
    let run = test_with(
        &sandbox,
        "printf 'oops\\r\\033[32mfake add AC\\033[0m\\n' >&2; exit 1",
    );
    assert_eq!(verdict(&run, "add"), "RE", "{}", run.stdout);
    assert!(!run.stdout.contains('\r') && !run.stdout.contains('\x1b'));
    assert!(
        run.stdout
            .contains("oops\\r\\u{1b}[32mfake add AC\\u{1b}[0m"),
        "{}",
        run.stdout
    );
}

/// Two threads that each burn `seconds` of their own CPU time, then print 5.
const BURNER: &str = r#"
#[repr(C)]
struct Timespec { seconds: i64, nanos: i64 }
extern "C" { fn clock_gettime(clock: i32, time: *mut Timespec) -> i32; }
fn thread_cpu() -> f64 {
    let mut time = Timespec { seconds: 0, nanos: 0 };
    unsafe { clock_gettime(3, &mut time) }; // CLOCK_THREAD_CPUTIME_ID
    time.seconds as f64 + time.nanos as f64 * 1e-9
}
fn main() {
    let seconds: f64 = std::env::args().nth(1).unwrap().parse().unwrap();
    let burners: Vec<_> = (0..2)
        .map(|_| std::thread::spawn(move || while thread_cpu() < seconds {}))
        .collect();
    for burner in burners { burner.join().unwrap(); }
    println!("5");
}
"#;

#[test]
fn two_cpu_burning_threads_pass_the_limit_in_cpu_time() {
    let sandbox = Sandbox::new(&LIMITS.replace("1000", "300"));
    sandbox.write("burn.rs", BURNER);
    let built = Command::new("rustc")
        .args(["-O", "-o"])
        .arg(sandbox.root.join("burn"))
        .arg(sandbox.root.join("burn.rs"))
        .status()
        .unwrap();
    assert!(built.success());
    let burn = sandbox.root.join("burn");
    // 2 x 0.3 s of CPU: within 0.3 s of wall time on two idle cores, not of
    // CPU time. Even a busy machine gives it 0.3 s of CPU before the 1.3 s cap.
    let run = judge(
        &sandbox,
        &[
            "test",
            "fake",
            "--bin",
            &format!("{} 0.3", burn.display()),
            "--format",
            "kv",
        ],
    );
    assert_eq!(verdict(&run, "add"), "TLE", "{}", run.stdout);
    run.stdout.assert_has("CPU time passed the limit");
    // One thread's worth is within the limit, and the time column is CPU time.
    let run = judge(
        &sandbox,
        &[
            "test",
            "fake",
            "--bin",
            &format!("{} 0.1", burn.display()),
            "--format",
            "kv",
        ],
    );
    assert_eq!(verdict(&run, "add"), "AC", "{}", run.stdout);
    let ms: u64 = field(row(&run, "add"), "time_ms").parse().unwrap();
    assert!((195..300).contains(&ms), "{}", run.stdout);
}

#[test]
fn sleeping_is_cpu_free_until_the_wall_cap_unless_time_is_wall() {
    let sandbox = Sandbox::new(&LIMITS.replace("1000", "400"));
    let run = test_with(&sandbox, "sleep 0.7; read a b; echo $((a + b))");
    assert_eq!(verdict(&run, "add"), "AC", "{}", run.stdout);
    assert!(
        field(row(&run, "add"), "wall_ms").starts_with('7'),
        "{}",
        run.stdout
    );

    let run = test_with(&sandbox, "sleep 30");
    assert_eq!(verdict(&run, "add"), "TLE", "{}", run.stdout);
    run.stdout.assert_has("wall time passed the cap of 1400 ms");
    assert!(run.took < Duration::from_millis(2400), "{:?}", run.took);

    sandbox.write(
        "judge-data/fake/problem.toml",
        &format!("{}time = \"wall\"\n", LIMITS.replace("1000", "400")),
    );
    let run = test_with(&sandbox, "sleep 0.7; read a b; echo $((a + b))");
    assert_eq!(verdict(&run, "add"), "TLE", "{}", run.stdout);
    run.stdout.assert_has("wall time passed the limit");
    assert!(run.took < Duration::from_millis(1400), "{:?}", run.took);
}

#[test]
fn the_survivor_check_finds_a_marked_process_still_running_and_kills_it() {
    let probe = probe();
    let mut sleeper = Command::new("sleep")
        .arg("30")
        .env(common::PROBE_VARIABLE, &probe)
        .spawn()
        .unwrap();
    let left = survivors(&probe);
    assert_eq!(left.len(), 1, "{left:?}");
    assert!(left[0].ends_with("sleep 30 "), "{left:?}");
    // Killed by the check: it ends at once, long before its 30 s.
    assert!(!sleeper.wait().unwrap().success());
    assert_eq!(survivors(&probe), Vec::<String>::new());
}
