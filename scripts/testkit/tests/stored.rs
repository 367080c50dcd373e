//! `Problem::check_stored_by_brute` on a throw-away workspace: the brute
//! force skips the stored cases `brute_skip` names, or without it the large
//! ones, and says which; it answers every other case.

mod common;

use common::Workspace;
use std::fs;

/// Without `brute_skip`, the brute force skips the cases over 64 KiB.
const BRUTE_SKIP_OVER_BYTES: usize = 64 << 10;

const LIMITS: &str = "time_limit_ms = 1000\nmemory_limit_kib = 65536\n";

/// Answers `ok`, and fails the test on an input it has no time for.
fn brute(input: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
    assert!(
        !input.starts_with(b"slow"),
        "the brute force ran a slow case"
    );
    out.extend_from_slice(b"ok\n");
    Ok(())
}

fn cases() -> Vec<(&'static str, String)> {
    let large = "x".repeat(BRUTE_SKIP_OVER_BYTES + 1);
    vec![
        ("sample-1", "1\n".into()),
        ("large-1", format!("slow {large}\n")),
        ("deep-2", "slow\n".into()),
    ]
}

#[test]
fn without_brute_skip_the_cases_over_the_size_are_skipped() {
    let workspace = Workspace::new("bysize", LIMITS, &cases()[..2], "ok\n");
    let problem = workspace.problem("bysize");
    assert_eq!(problem.check_stored_by_brute(brute), ["large-1"]);
}

#[test]
fn brute_skip_names_the_cases_skipped_by_pattern() {
    let toml = format!("{LIMITS}brute_skip = [\"large-*\", \"deep-*\"]\n");
    let workspace = Workspace::new("bypattern", &toml, &cases(), "ok\n");
    let problem = workspace.problem("bypattern");
    assert_eq!(problem.check_stored_by_brute(brute), ["deep-2", "large-1"]);
}

#[test]
#[should_panic(expected = "the brute force ran a slow case")]
fn an_empty_brute_skip_skips_nothing() {
    let toml = format!("{LIMITS}brute_skip = []\n");
    let workspace = Workspace::new("nothing", &toml, &cases()[..2], "ok\n");
    workspace.problem("nothing").check_stored_by_brute(brute);
}

/// Holds 128 MiB on an input starting `hog`, else answers `ok`.
fn hog(input: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
    if input.starts_with(b"hog") {
        let held = vec![1u8; 128 << 20];
        out.push(held[held.len() - 1]);
    }
    out.extend_from_slice(b"ok\n");
    Ok(())
}

/// A brute force that passes the memory limit (64 MiB) on a stored case
/// ends the test with a line naming the case and `brute_skip`, where the
/// kernel would have killed the whole test binary without a word. Run in a
/// child, this test binary again, as the end is the process's.
#[test]
fn a_brute_force_past_the_memory_limit_ends_the_test_naming_the_case() {
    const CHILD: &str = "TESTKIT_STORED_CHILD";
    let name = "a_brute_force_past_the_memory_limit_ends_the_test_naming_the_case";
    if std::env::var_os(CHILD).is_some() {
        let cases = [("sample-1", "1\n".into()), ("big-3", "hog\n".into())];
        let workspace = Workspace::new("hog", LIMITS, &cases, "ok\n");
        workspace.problem("hog").check_stored_by_brute(hog);
        panic!("the brute force was not stopped");
    }
    let child = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["--exact", name, "--test-threads", "1"])
        .env(CHILD, "1")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // The child's workspace, which its abort leaves behind.
    let left = std::env::temp_dir().join(format!("testkit-hog-{}", child.id()));
    let child = child.wait_with_output().unwrap();
    fs::remove_dir_all(&left).unwrap();
    let stderr = String::from_utf8_lossy(&child.stderr);
    assert!(
        stderr.contains(
            "hog: the brute force passed the memory limit (64 MiB) on big-3.in: a case too big \
             for it goes in problem.toml's brute_skip (brute_skip = [\"big-3\"])\n"
        ),
        "{stderr}"
    );
    assert!(!child.status.success());
}
