//! Generator for lc1 (Two Sum).
//!
//! `<seed> [<size>]`: one to three cases, each of 2..=size numbers (at least
//! 2) with exactly one pair summing to the target, as the statement
//! guarantees. Values come from a small range (many repeats and near misses),
//! or up to ±10^9 (the constraints' extremes); the pair sits anywhere.
//! `--bench n <size>`: one case of `size` distinct large numbers whose pair
//! is the last two elements scanned, the worst case for a one-pass scan.

use std::collections::HashSet;

use testkit::Rng;

const DEFAULT_SIZE: u64 = 10;
/// The constraints: |nums[i]|, |target| <= 10^9.
const LIMIT: i64 = 1_000_000_000;

fn main() {
    testkit::gen_main(DEFAULT_SIZE, random_input, &[("n", bench_n)]);
}

pub fn random_input(rng: &mut Rng, size: u64) -> Vec<u8> {
    let mut out = String::new();
    for _ in 0..rng.range(1, 3) {
        let len = rng.range(2, size.max(2)) as usize;
        let bound = *rng.pick(&[3, 10, 100, LIMIT]);
        let (nums, target) = one_pair(rng, len, bound);
        out.push_str(&leetcode::show(&nums));
        out.push('\n');
        out.push_str(&leetcode::show(&target));
        out.push('\n');
    }
    out.into_bytes()
}

/// `len` numbers of absolute value at most `bound` (widened when too few
/// values fit) with exactly one pair summing to the target.
fn one_pair(rng: &mut Rng, len: usize, bound: i64) -> (Vec<i32>, i32) {
    let bound = bound.max(2 * len as i64).min(LIMIT);
    let value = |rng: &mut Rng, lo: i64, hi: i64| lo + rng.below((hi - lo + 1) as u64) as i64;
    let target = value(rng, -bound, bound);
    let first = value(
        rng,
        (target - bound).max(-bound),
        (target + bound).min(bound),
    );
    let mut nums = vec![first, target - first];
    let mut present: HashSet<i64> = nums.iter().copied().collect();
    while nums.len() < len {
        let num = if rng.chance(1, 4) {
            // Repeats are fine as long as no copy completes a second pair.
            nums[rng.below(nums.len() as u64) as usize]
        } else {
            value(rng, -bound, bound)
        };
        // A copy of the pair's own values is refused here too: its partner is present.
        if !present.contains(&(target - num)) {
            nums.push(num);
            present.insert(num);
        }
    }
    rng.shuffle(&mut nums);
    (
        nums.into_iter().map(|num| num as i32).collect(),
        target as i32,
    )
}

fn bench_n(size: u64) -> Vec<u8> {
    let len = size.max(2) as i32;
    // Two small numbers sum to an even number, a small and a large one to far
    // more than 1 in absolute value: the last two are the only pair.
    let mut nums: Vec<i32> = (0..len - 2).map(|i| 2 * i - len).collect();
    nums.push(999_999_999);
    nums.push(-999_999_998);
    format!("{}\n1\n", leetcode::show(&nums)).into_bytes()
}
