//! Generator for lc294 (Flip Game II).
//!
//! `<seed> [<size>]`: a few lines of at most `size` characters, lengths often
//! on the boundaries (1, 2, 33..36, 52..54, 60), shapes from random mixes to
//! long runs of losing lengths and mirrored halves; sometimes `\r\n` and
//! blank lines. Runs are split until the brute force's search stays small.
//! `--bench line <size>`: one line of `size` characters, long runs split by
//! single `-`. `--bench lines60 <size>`: `size` lines of 60 characters.

use testkit::Rng;

const DEFAULT_SIZE: u64 = 60;
const BOUNDARY_LENGTHS: [u64; 10] = [1, 2, 33, 34, 35, 36, 52, 53, 54, 60];
/// Run lengths with Grundy value 0: the positions the brute force finds hardest.
const LOSING_RUNS: [u64; 14] = [0, 1, 5, 9, 15, 21, 25, 29, 35, 39, 43, 55, 59, 63];
/// Bound on the strings the brute force can reach from one input: keeps it
/// under about 30 ms on every default-size input.
const BRUTE_STATE_BUDGET: u64 = 50_000;
/// Longest run in `--bench line`: long enough to use the period, short enough
/// for the tests' O(n^2) independent Grundy table.
const BENCH_MAX_RUN: u64 = 1500;

fn main() {
    testkit::gen_main(
        DEFAULT_SIZE,
        random_input,
        &[("line", bench_line), ("lines60", bench_lines60)],
    );
}

pub fn random_input(rng: &mut Rng, size: u64) -> Vec<u8> {
    let line_count = rng.range(1, 1 + size / 20);
    let line_end: &[u8] = if rng.chance(1, 8) { b"\r\n" } else { b"\n" };
    let mut out = Vec::new();
    for _ in 0..line_count {
        if rng.chance(1, 10) {
            out.extend_from_slice(line_end);
        }
        let mut state = random_state(rng, size);
        limit_brute_states(rng, &mut state, BRUTE_STATE_BUDGET / line_count);
        push_literal(&mut out, &state, line_end);
    }
    out
}

fn random_state(rng: &mut Rng, size: u64) -> Vec<u8> {
    let boundary: Vec<u64> = BOUNDARY_LENGTHS
        .iter()
        .copied()
        .filter(|&n| n <= size)
        .collect();
    let len = if rng.chance(1, 2) && !boundary.is_empty() {
        *rng.pick(&boundary)
    } else {
        rng.range(1, size)
    } as usize;
    let mut state = match rng.below(5) {
        0 => {
            let plus_percent = *rng.pick(&[50, 75, 90]);
            (0..len)
                .map(|_| {
                    if rng.chance(plus_percent, 100) {
                        b'+'
                    } else {
                        b'-'
                    }
                })
                .collect()
        }
        1 => losing_runs(rng, len),
        2 => mirrored(rng, len),
        3 => vec![b'+'; len],
        _ => vec![b'-'; len],
    };
    state.truncate(len);
    state.resize(len, b'-');
    state
}

/// Runs of losing lengths split by one to three `-`.
fn losing_runs(rng: &mut Rng, len: usize) -> Vec<u8> {
    let mut state = Vec::new();
    while state.len() < len {
        state.extend(std::iter::repeat(b'+').take(*rng.pick(&LOSING_RUNS) as usize));
        state.extend(std::iter::repeat(b'-').take(rng.range(1, 3) as usize));
    }
    state
}

/// A random half, a `-`, and the same half again: equal runs cancel out.
fn mirrored(rng: &mut Rng, len: usize) -> Vec<u8> {
    let half: Vec<u8> = (0..len / 2)
        .map(|_| if rng.chance(3, 4) { b'+' } else { b'-' })
        .collect();
    let mut state = half.clone();
    state.push(b'-');
    state.extend_from_slice(&half);
    state
}

/// Turns `+` into `-` inside the longest run until the strings reachable from
/// `state` (the product of Fib(run + 1) over its runs) are at most `budget`.
fn limit_brute_states(rng: &mut Rng, state: &mut [u8], budget: u64) {
    loop {
        let runs = plus_runs(state);
        let reachable = runs.iter().fold(1u64, |product, &(_, len)| {
            product.saturating_mul(fibonacci(len + 1))
        });
        if reachable <= budget.max(1) {
            return;
        }
        let Some(&(start, len)) = runs.iter().max_by_key(|&&(_, len)| len) else {
            return;
        };
        state[start + rng.below(len as u64) as usize] = b'-';
    }
}

/// (start, length) of every maximal run of `+`.
fn plus_runs(state: &[u8]) -> Vec<(usize, usize)> {
    let mut runs = Vec::new();
    let mut start = 0;
    for (i, &cell) in state.iter().chain(std::iter::once(&b'-')).enumerate() {
        if cell != b'+' {
            if i > start {
                runs.push((start, i - start));
            }
            start = i + 1;
        }
    }
    runs
}

fn fibonacci(n: usize) -> u64 {
    let (mut current, mut next) = (0u64, 1u64);
    for _ in 0..n {
        (current, next) = (next, current.saturating_add(next));
    }
    current
}

fn push_literal(out: &mut Vec<u8>, state: &[u8], line_end: &[u8]) {
    out.push(b'"');
    out.extend_from_slice(state);
    out.push(b'"');
    out.extend_from_slice(line_end);
}

fn bench_line(size: u64) -> Vec<u8> {
    let mut rng = Rng::new(294);
    let len = size as usize;
    let mut state = Vec::with_capacity(len + BENCH_MAX_RUN as usize);
    while state.len() < len {
        let run = if rng.chance(1, 4) {
            rng.range(53, BENCH_MAX_RUN)
        } else {
            rng.range(1, 52)
        };
        state.extend(std::iter::repeat(b'+').take(run as usize));
        state.push(b'-');
    }
    state.truncate(len);
    let mut out = Vec::with_capacity(len + 3);
    push_literal(&mut out, &state, b"\n");
    out
}

fn bench_lines60(size: u64) -> Vec<u8> {
    let mut rng = Rng::new(6060);
    let mut out = Vec::with_capacity(size as usize * 63);
    for _ in 0..size {
        let plus_percent = *rng.pick(&[50, 75, 90, 100]);
        let state: Vec<u8> = (0..60)
            .map(|_| {
                if rng.chance(plus_percent, 100) {
                    b'+'
                } else {
                    b'-'
                }
            })
            .collect();
        push_literal(&mut out, &state, b"\n");
    }
    out
}
