use snippets::big_stack::run_with_stack;
use std::hint::black_box;

/// Subtree sizes on a path 0 - 1 - ... - (n - 1) by plain recursion: each
/// level's frame stays live until its child returns.
fn subtree_size(v: usize, n: usize, size: &mut Vec<usize>) -> usize {
    let below = if v + 1 < n {
        subtree_size(v + 1, n, size)
    } else {
        0
    };
    size[v] = black_box(below) + 1;
    size[v]
}

const DEPTH: usize = 1_000_000;

fn deep_recursion() -> Vec<usize> {
    let mut size = vec![0; DEPTH];
    subtree_size(0, DEPTH, &mut size);
    size
}

#[test]
fn a_recursion_a_million_deep_runs_on_a_big_stack() {
    let size = run_with_stack(256 << 20, deep_recursion);
    assert!(size.iter().enumerate().all(|(v, &s)| s == DEPTH - v));
}

/// Run in a child process by the next test: the same recursion on a 256 KiB
/// stack must overflow, or the test above proves nothing.
#[test]
fn overflow_child() {
    if std::env::var_os("BIG_STACK_OVERFLOW_CHILD").is_some() {
        run_with_stack(256 << 10, deep_recursion);
    }
}

#[test]
fn the_same_recursion_overflows_a_small_stack() {
    let output = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "overflow_child",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("BIG_STACK_OVERFLOW_CHILD", "1")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(stderr.contains("has overflowed its stack"), "{stderr}");
}

#[test]
fn the_closure_may_borrow_and_return_anything() {
    let words = ["deep".to_string(), "stack".to_string()];
    let joined = run_with_stack(1 << 20, || words.join(" "));
    assert_eq!(joined, "deep stack");
    assert_eq!(words.len(), 2);
}

#[test]
#[should_panic(expected = "raised inside the worker")]
fn a_panic_inside_reaches_the_caller() {
    run_with_stack(1 << 20, || panic!("raised inside the worker"));
}
