//! Brute force for lc48 (Rotate Image): builds the turned matrix afresh, row
//! r of the answer being column r of the input read from the bottom up, and
//! copies it back. No transpose, no in-place swaps: it checks the solution's
//! decomposition of the turn. Refuses a matrix that is not square, as the
//! solution does.

// LeetCode's signature takes `&Vec`, which clippy would have be a slice.
#![allow(clippy::ptr_arg)]

impl Solution {
    pub fn rotate(matrix: &mut Vec<Vec<i32>>) {
        let turned: Vec<Vec<i32>> = (0..matrix.len())
            .map(|column| matrix.iter().rev().map(|row| row[column]).collect())
            .collect();
        *matrix = turned;
    }
}

struct Solution;

/// Answers every case of `input` into `out`.
pub fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
    leetcode::cases(input, out, |case| {
        let mut matrix: Vec<Vec<i32>> = case.arg()?;
        if matrix.iter().any(|row| row.len() != matrix.len()) {
            return Err("brute force: expected a square matrix".into());
        }
        Solution::rotate(&mut matrix);
        Ok(matrix)
    })
}

fn main() -> std::process::ExitCode {
    testkit::main("lc48-brute", solve)
}
