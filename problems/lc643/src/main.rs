//! lc643 Maximum Average Subarray I — https://leetcode.com/problems/maximum-average-subarray-i/
//!
//! Idea: all windows have the same length k, so the largest average is the
//! largest window sum divided by k, and dividing once at the end keeps every
//! comparison exact. Sliding the window one step adds the element entering
//! it and subtracts the one leaving, so each sum comes from the previous one.
//! Sums stay within 10^5 · 10^4 = 10^9 in magnitude; i64 leaves room anyway.
//!
//! Complexity: O(n) time: one pass over the first k elements, then O(1) per
//! step for each of the n - k further windows. O(1) memory beyond the input.
//!
//! Local input: LeetCode's custom-testcase format (scripts/leetcode), `nums`
//! and `k` on a line each; the answer with five decimals, as LeetCode shows
//! it. A `k` outside 1..=n is refused.

use leetcode::Unmet;

// submit-begin
impl Solution {
    pub fn find_max_average(nums: Vec<i32>, k: i32) -> f64 {
        let k = k as usize;
        let mut window: i64 = nums[..k].iter().map(|&num| i64::from(num)).sum();
        let mut best = window;
        for (&entering, &leaving) in nums[k..].iter().zip(&nums) {
            window += i64::from(entering) - i64::from(leaving);
            best = best.max(window);
        }
        best as f64 / k as f64
    }
}
// submit-end

pub struct Solution;

/// Answers every case of `input` into `out`; on bad input, stops with
/// the earlier answers kept.
pub fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
    leetcode::cases(input, out, |case| {
        let nums: Vec<i32> = case.arg()?;
        let n = nums.len();
        let k: i32 = case.arg_where(|&k: &i32| match k >= 1 && k as usize <= n {
            true => Ok(()),
            false => Err(Unmet::new(format!("k in 1..={n} (the length of nums)"))),
        })?;
        Ok(Solution::find_max_average(nums, k))
    })
}

fn main() -> std::process::ExitCode {
    testkit::main("lc643", solve)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(input: &str) -> (String, Result<(), String>) {
        testkit::run(solve, input.as_bytes())
    }

    #[test]
    fn samples() {
        assert_eq!(run("[1,12,-5,-6,50,3]\n4\n"), ("12.75000\n".into(), Ok(())));
        assert_eq!(run("[5]\n1\n"), ("5.00000\n".into(), Ok(())));
    }

    #[test]
    fn negative_averages_whole_array_and_extremes() {
        assert_eq!(run("[-1,-2,-3]\n2\n").0, "-1.50000\n");
        assert_eq!(run("[0,4,0,3]\n4\n").0, "1.75000\n");
        assert_eq!(run("[-3, 1]\r\n\r\n\t2\r\n").0, "-1.00000\n");
        let max = format!("[{}]\n100000\n", vec!["10000"; 100_000].join(","));
        assert_eq!(run(&max), ("10000.00000\n".into(), Ok(())));
        let min = format!("[{}]\n99999\n", vec!["-10000"; 100_000].join(","));
        assert_eq!(run(&min), ("-10000.00000\n".into(), Ok(())));
    }

    #[test]
    fn the_best_window_may_come_last() {
        assert_eq!(Solution::find_max_average(vec![1, 2, 3, 4, 5], 2), 4.5);
        assert_eq!(Solution::find_max_average(vec![5, 4, 3, 2, 1], 2), 4.5);
        assert_eq!(Solution::find_max_average(vec![0, 1, 1, 3, 3], 4), 2.0);
    }

    #[test]
    fn a_k_outside_the_array_is_refused_after_the_earlier_answers() {
        assert_eq!(
            run("[5]\n1\n[1,2]\n 3\n"),
            (
                "5.00000\n".into(),
                Err("line 4, column 2: expected k in 1..=2 (the length of nums), found '3'".into())
            )
        );
        assert_eq!(
            run("[1,2]\n0\n").1,
            Err("line 2, column 1: expected k in 1..=2 (the length of nums), found '0'".into())
        );
        assert_eq!(
            run("[1,2]\n").1,
            Err(
                "line 2, column 1: expected i32 for the next parameter, found the end of the input"
                    .into()
            )
        );
    }
}
