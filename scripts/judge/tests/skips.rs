//! A test that cannot run here is a recorded skip, never a quiet pass:
//! under `CI=true` it fails, elsewhere `make check` sums it up.

mod common;

use std::fs;

#[test]
fn a_skip_fails_under_ci_and_is_noted_elsewhere() {
    // The only test of this binary: the environment is its own.
    let log = common::temp_path("skips");
    std::env::set_var("JUDGE_SKIPS", &log);
    std::env::set_var("CI", "true");
    let under_ci = std::panic::catch_unwind(|| common::skip("no frobnicator here"));
    assert!(under_ci.is_err(), "a skip under CI=true passed");
    assert!(!log.exists(), "a failed skip was noted as a skip");
    std::env::set_var("CI", "false");
    common::skip("no frobnicator here");
    assert!(!common::have("judge-no-such-tool"));
    let noted = fs::read_to_string(&log).unwrap();
    let _ = fs::remove_file(&log);
    assert_eq!(noted, "no frobnicator here\nno judge-no-such-tool here\n");
}
