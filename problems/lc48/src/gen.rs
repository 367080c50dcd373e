//! Generator for lc48 (Rotate Image).
//!
//! `<seed> [<size>]`: one to four square matrices of side 1..=size (often 1
//! or `size`), values from LeetCode's -1000..=1000, from a narrow range (many
//! equal values), or numbered cell by cell; sometimes `\r\n` and blank lines.
//! `--bench n <size>`: one `size` x `size` matrix (LeetCode stops at 20).
//! `--bench max20 <size>`: `size` cases of 20 x 20, LeetCode's largest.

use testkit::Rng;

const DEFAULT_SIZE: u64 = 6;
/// LeetCode's bounds on a cell.
const MAX_ABS_VALUE: i64 = 1000;
const LEETCODE_MAX_N: u64 = 20;

fn main() {
    testkit::gen_main(
        DEFAULT_SIZE,
        random_input,
        &[
            ("n", |size| matrix_lines(&mut Rng::new(48), 1, size)),
            ("max20", |size| {
                matrix_lines(&mut Rng::new(4820), size, LEETCODE_MAX_N)
            }),
        ],
    );
}

pub fn random_input(rng: &mut Rng, size: u64) -> Vec<u8> {
    testkit::leetcode_cases(rng, 4, |rng| {
        let n = rng.size_biased(1, size);
        vec![leetcode::show(&random_matrix(rng, n as usize))]
    })
}

fn random_matrix(rng: &mut Rng, n: usize) -> Vec<Vec<i32>> {
    let shape = rng.below(3);
    let narrow = rng.range(0, 3) as i64;
    (0..n)
        .map(|i| {
            (0..n)
                .map(|j| match shape {
                    0 => random_value(rng, MAX_ABS_VALUE),
                    1 => random_value(rng, narrow),
                    _ => ((i * n + j) as i64 % (MAX_ABS_VALUE + 1)) as i32,
                })
                .collect()
        })
        .collect()
}

/// Uniform in -max_abs..=max_abs.
fn random_value(rng: &mut Rng, max_abs: i64) -> i32 {
    (rng.range(0, 2 * max_abs as u64) as i64 - max_abs) as i32
}

/// `count` cases, each an n x n matrix of random LeetCode values.
fn matrix_lines(rng: &mut Rng, count: u64, n: u64) -> Vec<u8> {
    let mut out = String::new();
    for _ in 0..count {
        let matrix: Vec<Vec<i32>> = (0..n)
            .map(|_| (0..n).map(|_| random_value(rng, MAX_ABS_VALUE)).collect())
            .collect();
        out.push_str(&leetcode::show(&matrix));
        out.push('\n');
    }
    out.into_bytes()
}
