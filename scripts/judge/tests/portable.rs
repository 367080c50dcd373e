//! The launcher alone (`JUDGE_SANDBOX=portable`), the code every program
//! runs with on macOS, judged on Linux: every verdict test of
//! tests/verdicts.rs again (`common::portable_binary` turns the box off in
//! this binary's runs), and what is the launcher alone's own: TLE by CPU
//! time, a signal named, its process group killed whole at the end, and
//! what it says it does not contain.

#[path = "verdicts.rs"]
mod verdicts;

// A copy of the helpers beside the one `verdicts` holds, private to it.
#[allow(clippy::duplicate_mod)]
mod common;

use common::{case_line, field, probe, survivors, verdict_of, Holds, Sandbox};
use std::time::{Duration, Instant};

const LIMITS: &str = "time_limit_ms = 300\nmemory_limit_kib = 65536\n";

/// `judge test fake --format kv` of the shell solution `body`, its runs
/// marked with a probe: stdout, how long it took, and the processes of
/// the run still alive after it.
fn judged(toml: &str, body: &str) -> (String, Duration, Vec<String>) {
    assert!(common::portable_binary());
    let sandbox = Sandbox::new(toml);
    let program = sandbox.program("sol", body);
    let probe = probe();
    let start = Instant::now();
    let bin = program.to_str().unwrap();
    let output = sandbox
        .command(&probe, &["test", "fake", "--bin", bin, "--format", "kv"])
        .output()
        .unwrap();
    let took = start.elapsed();
    (common::text(&output.stdout), took, survivors(&probe))
}

#[test]
fn spinning_past_the_cpu_limit_is_stopped_by_cpu_time() {
    let (stdout, took, left) = judged(LIMITS, "while :; do :; done");
    assert_eq!(verdict_of(&stdout), "TLE", "{stdout}");
    let ms: u64 = field(case_line(&stdout, None), "time_ms").parse().unwrap();
    assert!((300..1000).contains(&ms), "{stdout}");
    // Well before the wall cap (1.3 s) and the CPU backstop (2 s).
    assert!(took < Duration::from_millis(1300), "took {took:?}");
    assert_eq!(left, Vec::<String>::new());
}

#[test]
fn every_signal_is_named_by_this_system_s_numbers() {
    for (signal, name) in [("ABRT", "SIGABRT"), ("BUS", "SIGBUS"), ("FPE", "SIGFPE")] {
        let (stdout, _, _) = judged(LIMITS, &format!("echo 5; kill -{signal} $$"));
        assert_eq!(verdict_of(&stdout), "RE", "{stdout}");
        stdout.assert_has(&format!("({name})"));
    }
}

#[test]
fn what_the_program_leaves_in_its_group_is_killed_at_the_end() {
    // A child, and an orphan (its parent, the subshell, gone at once):
    // both in the program's group, both still sleeping when it answers.
    let (stdout, took, left) = judged(LIMITS, "sleep 30 & (sleep 31 &); read a b; echo $((a + b))");
    assert_eq!(verdict_of(&stdout), "AC", "{stdout}");
    assert!(took < Duration::from_secs(5), "took {took:?}");
    assert_eq!(left, Vec::<String>::new());
}

#[test]
fn what_a_stopped_program_leaves_in_its_group_is_killed_too() {
    let (stdout, _, left) = judged(LIMITS, "sleep 30 & while :; do :; done");
    assert_eq!(verdict_of(&stdout), "TLE", "{stdout}");
    assert_eq!(left, Vec::<String>::new());
}

#[test]
fn it_says_first_what_it_does_not_contain() {
    let sandbox = Sandbox::new(LIMITS);
    let program = sandbox.program("sol", "read a b; echo $((a + b))");
    let (_, stdout, _) = sandbox.table_with(&program);
    let first = stdout.lines().next().unwrap_or("");
    first.assert_has("sandbox: portable (JUDGE_SANDBOX=portable)");
    first.assert_has("no view, no namespaces: a program sees what the user sees");
    first.assert_has("a process that leaves the group is not followed");
    let explained = common::text(&sandbox.judge(&["sandbox"]).stdout);
    explained.assert_has("missing: a view");
    explained.assert_has("leaves the group (setsid, setpgid) is neither counted nor killed");
}
