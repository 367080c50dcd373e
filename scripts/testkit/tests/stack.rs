//! A recursive brute force 60 000 calls deep, on a problem whose judge gives
//! 64 MiB of stack: `make test` runs it so, and so must the problem's own
//! tests, whose threads have 2 MiB. (Alone in this file: an overflow aborts
//! the whole test program.)

mod common;

use common::Workspace;

const DEPTH: u64 = 60_000;

/// The depth of a chain of `n` calls, each with a frame of some 300 bytes
/// kept past the call below it.
fn depth(n: u64) -> u64 {
    let frame = [n; 32];
    let below = if n == 0 { 0 } else { depth(n - 1) + 1 };
    below + std::hint::black_box(&frame)[31] - n
}

fn recursive(input: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
    let n: u64 = String::from_utf8_lossy(input)
        .trim()
        .parse()
        .map_err(|_| "n")?;
    out.extend_from_slice(format!("{}\n", depth(n)).as_bytes());
    Ok(())
}

#[test]
fn stored_cases_are_solved_on_the_problem_s_stack() {
    let toml = "time_limit_ms = 1000\nmemory_limit_kib = 262144\nstack_kib = 65536\n";
    let chain = [("chain", format!("{DEPTH}\n"))];
    let workspace = Workspace::new("deep", toml, &chain, &format!("{DEPTH}\n"));
    let problem = workspace.problem("deep");
    problem.check_stored("recursive solution", recursive);
    assert!(problem.check_stored_by_brute(recursive).is_empty());
}
