//! lc48 Rotate Image — https://leetcode.com/problems/rotate-image/
//!
//! Idea: a clockwise quarter turn sends cell (i, j) to (j, n-1-i). That is a
//! transpose, (i, j) -> (j, i), followed by mirroring each row, (j, i) ->
//! (j, n-1-i); both are swaps of pairs of cells, so the matrix turns in place
//! with no second matrix, as the problem demands.
//!
//! Complexity: O(n^2) time for an n x n matrix: the transpose swaps each of
//! the n(n-1)/2 cells above the diagonal once, the mirror swaps n/2 pairs in
//! each of n rows, each swap O(1). O(1) memory beyond the matrix: swaps only.
//!
//! Local input: LeetCode's custom-testcase format (scripts/leetcode), one
//! matrix a case; the answer is the matrix after the call. A matrix that is
//! not square is refused, naming its first row of another length.

// LeetCode's signature takes `&Vec`, which clippy would have be a slice.
#![allow(clippy::ptr_arg)]

use leetcode::Unmet;

// submit-begin
impl Solution {
    pub fn rotate(matrix: &mut Vec<Vec<i32>>) {
        let n = matrix.len();
        for i in 0..n {
            // Row i apart from the rows below it, so a cell of each can swap.
            let (upper, lower) = matrix.split_at_mut(i + 1);
            for (row, j) in lower.iter_mut().zip(i + 1..) {
                std::mem::swap(&mut upper[i][j], &mut row[i]);
            }
        }
        for row in matrix.iter_mut() {
            row.reverse();
        }
    }
}
// submit-end

pub struct Solution;

/// Answers every case of `input` into `out`; on bad input, stops with
/// the earlier answers kept.
pub fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
    leetcode::cases(input, out, |case| {
        let mut matrix: Vec<Vec<i32>> = case.arg_where(|matrix: &Vec<Vec<i32>>| {
            match matrix.iter().position(|row| row.len() != matrix.len()) {
                Some(row) => Err(Unmet::new(format!(
                    "a square matrix, n rows of n values (row {} has {} of {})",
                    row + 1,
                    matrix[row].len(),
                    matrix.len()
                ))
                .at(row)),
                None => Ok(()),
            }
        })?;
        Solution::rotate(&mut matrix);
        Ok(matrix)
    })
}

fn main() -> std::process::ExitCode {
    testkit::main("lc48", solve)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(input: &str) -> (String, Result<(), String>) {
        testkit::run(solve, input.as_bytes())
    }

    #[test]
    fn samples() {
        assert_eq!(
            run("[[1,2,3],[4,5,6],[7,8,9]]\n"),
            ("[[7,4,1],[8,5,2],[9,6,3]]\n".into(), Ok(()))
        );
        assert_eq!(
            run("[[5,1,9,11],[2,4,8,10],[13,3,6,7],[15,14,12,16]]\n"),
            (
                "[[15,13,2,5],[14,3,4,1],[12,6,8,9],[16,7,10,11]]\n".into(),
                Ok(())
            )
        );
    }

    #[test]
    fn one_cell_spaces_and_crlf() {
        assert_eq!(
            run("[[-1000]]\r\n\r\n[ [1, 2] ,\t[3, 4] ]\r\n"),
            ("[[-1000]]\n[[3,1],[4,2]]\n".into(), Ok(()))
        );
    }

    #[test]
    fn four_turns_are_the_identity() {
        let start: Vec<Vec<i32>> = (0..5)
            .map(|i| (0..5).map(|j| i * 5 + j).collect())
            .collect();
        let mut matrix = start.clone();
        for turn in 1..=4 {
            Solution::rotate(&mut matrix);
            assert_eq!(matrix == start, turn == 4, "after {turn} turns");
        }
    }

    #[test]
    fn a_matrix_that_is_not_square_is_refused_after_the_earlier_answers() {
        assert_eq!(
            run("[[1]]\n  [[1,2],[3]]\n"),
            (
                "[[1]]\n".into(),
                Err(
                    "line 2, column 10: expected a square matrix, n rows of n values \
                     (row 2 has 1 of 2), found '['"
                        .into()
                )
            )
        );
        assert_eq!(
            run("[[1,2]]\n").1,
            Err(
                "line 1, column 2: expected a square matrix, n rows of n values \
                 (row 1 has 2 of 1), found '['"
                    .into()
            )
        );
        assert_eq!(
            run("[[1],2]\n").1,
            Err("line 1, column 6: expected Vec<i32>: '[' opening an array, found '2'".into())
        );
    }
}
