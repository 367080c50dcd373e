//! lc1 Two Sum — https://leetcode.com/problems/two-sum/
//!
//! Idea: scan once, remembering in a hash map the index where each value was
//! seen. At index i the partner `target - nums[i]` is either already in the
//! map (the pair is found: its index, then i) or, if it lies to the right,
//! the pair will be found when the scan reaches it. Looking the partner up
//! before inserting `nums[i]` keeps an element from pairing with itself, and
//! `[3,3]` with target 6 still finds both copies. The difference stays within
//! ±2·10^9 and so fits in i32 for every allowed input; i64 costs nothing and
//! needs no such argument.
//!
//! Complexity: O(n) expected time (one pass, O(1) expected per hash map
//! lookup and insert) and O(n) memory for the map. Against the O(n^2) of
//! trying every pair (the brute force), or O(n log n) by sorting.
//!
//! Local input: LeetCode's custom-testcase format (scripts/leetcode), the
//! array and the target on a line each; the answer is the two indices.
//! Only the lines between the submit markers are pasted (`make submit`).

// submit-begin
use std::collections::HashMap;

impl Solution {
    pub fn two_sum(nums: Vec<i32>, target: i32) -> Vec<i32> {
        let mut index_of: HashMap<i64, usize> = HashMap::with_capacity(nums.len());
        for (i, &num) in nums.iter().enumerate() {
            let partner = i64::from(target) - i64::from(num);
            if let Some(&j) = index_of.get(&partner) {
                return vec![j as i32, i as i32];
            }
            index_of.insert(i64::from(num), i);
        }
        // The statement guarantees exactly one answer; LeetCode shows `[]` otherwise.
        Vec::new()
    }
}
// submit-end

pub struct Solution;

/// Answers every case of `input` into `out`; on bad input, stops with
/// the earlier answers kept.
pub fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
    leetcode::cases(input, out, |case| {
        let nums: Vec<i32> = case.arg()?;
        let target: i32 = case.arg()?;
        Ok(Solution::two_sum(nums, target))
    })
}

fn main() -> std::process::ExitCode {
    testkit::main("lc1", solve)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answers(input: &str) -> String {
        testkit::answers(solve, input.as_bytes())
    }

    #[test]
    fn samples() {
        assert_eq!(answers("[2,7,11,15]\n9\n"), "[0,1]\n");
        assert_eq!(answers("[3,2,4]\n6\n"), "[1,2]\n");
        assert_eq!(answers("[3,3]\n6\n"), "[0,1]\n");
        assert_eq!(
            answers("[2,7,11,15]\n9\n[3,2,4]\n6\n[3,3]\n6\n"),
            "[0,1]\n[1,2]\n[0,1]\n"
        );
    }

    #[test]
    fn extremes_negatives_and_an_element_never_pairs_with_itself() {
        let max = 1_000_000_000;
        assert_eq!(Solution::two_sum(vec![-max, 5, max], 0), [0, 2]);
        assert_eq!(Solution::two_sum(vec![1, max, -1], max - 1), [1, 2]);
        assert_eq!(Solution::two_sum(vec![max, 0, -max], -max), [1, 2]);
        // 3 + 3 = 6, but there is one 3: the pair is 2 + 4.
        assert_eq!(Solution::two_sum(vec![3, 2, 4], 6), [1, 2]);
        assert_eq!(Solution::two_sum(vec![-3, 4, 3, 90], 0), [0, 2]);
    }

    #[test]
    fn json_whitespace_crlf_and_blank_lines() {
        assert_eq!(answers("\r\n[ 3, 2 ,4 ]\r\n\r\n 6 \r\n"), "[1,2]\n");
    }

    #[test]
    fn bad_input_names_line_and_keeps_earlier_answers() {
        let mut out = Vec::new();
        let result = solve(b"[3,3]\n6\n[1,2]\nx\n", &mut out);
        assert_eq!(out, b"[0,1]\n");
        let message = result.expect_err("x is no i32");
        assert!(
            message.starts_with("line 4, column 1: expected i32"),
            "{message}"
        );
    }
}
