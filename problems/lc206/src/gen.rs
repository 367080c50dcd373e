//! Generator for lc206 (Reverse Linked List).
//!
//! `<seed> [<size>]`: one to four lists of 0..=size nodes (empty and
//! one-node lists often), values in [-5000, 5000] as the constraints allow,
//! from a small range (many repeats) or the whole one.
//! `--bench n <size>`: one list of `size` nodes (the constraints allow 5000).

use testkit::Rng;

const DEFAULT_SIZE: u64 = 10;
/// The constraints: |Node.val| <= 5000.
const LIMIT: i64 = 5000;

fn main() {
    testkit::gen_main(DEFAULT_SIZE, random_input, &[("n", bench_n)]);
}

pub fn random_input(rng: &mut Rng, size: u64) -> Vec<u8> {
    let mut out = String::new();
    for _ in 0..rng.range(1, 4) {
        let len = match rng.below(4) {
            0 => rng.range(0, 1.min(size)),
            _ => rng.range(0, size),
        };
        let bound = *rng.pick(&[2, 10, LIMIT]);
        let values: Vec<i32> = (0..len)
            .map(|_| (rng.range(0, 2 * bound as u64) as i64 - bound) as i32)
            .collect();
        out.push_str(&leetcode::show(&values));
        out.push('\n');
    }
    out.into_bytes()
}

fn bench_n(size: u64) -> Vec<u8> {
    let mut rng = Rng::new(206);
    let values: Vec<i32> = (0..size)
        .map(|_| (rng.range(0, 2 * LIMIT as u64) as i64 - LIMIT) as i32)
        .collect();
    format!("{}\n", leetcode::show(&values)).into_bytes()
}
