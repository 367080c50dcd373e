//! Brute force for lc643 (Maximum Average Subarray I): sums every window of
//! k elements from scratch, takes its average, and keeps the largest; no
//! sliding sum. Refuses a k outside 1..=n, as the solution does.

impl Solution {
    pub fn find_max_average(nums: Vec<i32>, k: i32) -> f64 {
        let k = k as usize;
        (0..=nums.len() - k)
            .map(|start| {
                let sum: i64 = nums[start..start + k].iter().map(|&num| num as i64).sum();
                sum as f64 / k as f64
            })
            .fold(f64::NEG_INFINITY, f64::max)
    }
}

pub struct Solution;

/// Answers every case of `input` into `out`.
pub fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
    leetcode::cases(input, out, |case| {
        let nums: Vec<i32> = case.arg()?;
        let k: i32 = case.arg()?;
        if k < 1 || k as usize > nums.len() {
            return Err("brute force: expected k in 1..=n".into());
        }
        Ok(Solution::find_max_average(nums, k))
    })
}

fn main() -> std::process::ExitCode {
    testkit::main("lc643-brute", solve)
}
