//! Generator for lc643 (Maximum Average Subarray I).
//!
//! `<seed> [<size>]`: one to four cases of 1..=size numbers (often 1 or
//! `size`), from LeetCode's -10^4..=10^4, a narrow range (ties), all
//! negative, or all equal; k often 1 or n, averages often not exact in five
//! decimals; sometimes `\r\n` and blank lines.
//! `--bench n <size>`: one case of `size` numbers (LeetCode stops at 10^5)
//! with k = size / 2, the brute force's worst k.

use testkit::Rng;

const DEFAULT_SIZE: u64 = 10;
/// LeetCode's bound on |nums[i]|.
const MAX_ABS_VALUE: u64 = 10_000;

fn main() {
    testkit::gen_main(DEFAULT_SIZE, random_input, &[("n", bench_n)]);
}

pub fn random_input(rng: &mut Rng, size: u64) -> Vec<u8> {
    testkit::leetcode_cases(rng, 4, |rng| {
        let n = rng.size_biased(1, size);
        let nums = random_nums(rng, n);
        let k = rng.size_biased(1, n);
        vec![leetcode::show(&nums), k.to_string()]
    })
}

fn random_nums(rng: &mut Rng, n: u64) -> Vec<i32> {
    let (low, high) = match rng.below(4) {
        0 => (-(MAX_ABS_VALUE as i64), MAX_ABS_VALUE as i64),
        1 => (-3, 3),
        2 => (-(MAX_ABS_VALUE as i64), -1),
        _ => {
            let value = value_in(rng, -(MAX_ABS_VALUE as i64), MAX_ABS_VALUE as i64);
            (value, value)
        }
    };
    (0..n).map(|_| value_in(rng, low, high) as i32).collect()
}

fn value_in(rng: &mut Rng, low: i64, high: i64) -> i64 {
    low + rng.below((high - low + 1) as u64) as i64
}

fn bench_n(size: u64) -> Vec<u8> {
    let mut rng = Rng::new(643);
    let nums: Vec<i32> = (0..size.max(1))
        .map(|_| value_in(&mut rng, -(MAX_ABS_VALUE as i64), MAX_ABS_VALUE as i64) as i32)
        .collect();
    format!("{}\n{}\n", leetcode::show(&nums), (size / 2).max(1)).into_bytes()
}
