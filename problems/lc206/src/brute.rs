//! Brute force for lc206 (Reverse Linked List): reads each list as the plain
//! JSON array it is written as, and writes the array read backwards by
//! index. No `ListNode` anywhere, so it shares nothing with the solution's
//! relinking.

/// The values of `values` from the last to the first.
pub fn reversed(values: &[i32]) -> Vec<i32> {
    (0..values.len())
        .map(|i| values[values.len() - 1 - i])
        .collect()
}

/// Answers every case of `input` into `out`.
pub fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
    leetcode::cases(input, out, |case| {
        let values: Vec<i32> = case.arg()?;
        Ok(reversed(&values))
    })
}

fn main() -> std::process::ExitCode {
    testkit::one_line_panics();
    testkit::main("lc206-brute", solve)
}
