//! Brute force for lc1 (Two Sum): tries every pair i < j, in i64 so no sum
//! can overflow, and refuses an input without exactly one pair, so stress
//! never stores a case outside the statement's guarantee.

/// The one pair of indices whose values sum to `target`, smaller index first.
pub fn two_sum(nums: &[i32], target: i32) -> Vec<i32> {
    let mut pairs = Vec::new();
    for i in 0..nums.len() {
        for j in i + 1..nums.len() {
            if i64::from(nums[i]) + i64::from(nums[j]) == i64::from(target) {
                pairs.push(vec![i as i32, j as i32]);
            }
        }
    }
    assert!(
        pairs.len() == 1,
        "brute force: expected exactly one pair summing to {target}, found {}",
        pairs.len()
    );
    pairs.remove(0)
}

/// Answers every case of `input` into `out`.
pub fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
    leetcode::cases(input, out, |case| {
        let nums: Vec<i32> = case.arg()?;
        let target: i32 = case.arg()?;
        Ok(two_sum(&nums, target))
    })
}

fn main() -> std::process::ExitCode {
    testkit::one_line_panics();
    testkit::main("lc1-brute", solve)
}
