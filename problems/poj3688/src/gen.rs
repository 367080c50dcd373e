//! Generator for POJ 3688. `<seed> [<size>]`: a few small cases (N <= 16, so
//! the subset brute force stays fast) stressing duplicates, cards above M,
//! M = 1, all-equal and all-even hands, with or without the final `0 0`.
//! `--bench cases <k>`: k maximal cases; `--bench m <M>`: one case with
//! N = 10^4 cards in 1..=M.

use testkit::Rng;

const DEFAULT_SIZE: u64 = 12;
const MAX_CARDS: u64 = 10_000;
const MAX_WEIGHT: u64 = 100_000;

fn main() {
    testkit::gen_main(
        DEFAULT_SIZE,
        random_input,
        &[
            ("cases", |size| bench_input(size, MAX_WEIGHT)),
            ("m", |size| bench_input(1, size.max(1))),
        ],
    );
}

/// `case_count` cases of N = 10^4 cards drawn from 1..=`max_weight`, M = `max_weight`.
fn bench_input(case_count: u64, max_weight: u64) -> Vec<u8> {
    let mut rng = Rng::new(3688);
    let mut input = String::new();
    for _ in 0..case_count {
        let cards: Vec<u64> = (0..MAX_CARDS).map(|_| rng.range(1, max_weight)).collect();
        write_case(&mut input, &cards, max_weight);
    }
    (input + "0 0\n").into_bytes()
}

pub fn random_input(rng: &mut Rng, size: u64) -> Vec<u8> {
    let mut input = String::new();
    for _ in 0..rng.range(1, size.min(4)) {
        let (cards, max_weight) = random_case(rng, size);
        write_case(&mut input, &cards, max_weight);
    }
    // Two lines per case and `0 0` (or nothing) last: the layout problem.toml
    // declares, so that judge stress can drop whole cases when shrinking.
    // Cards split over lines and `0 M` endings are covered by the unit tests.
    if !rng.chance(1, 6) {
        input += "0 0\n";
    }
    if rng.chance(1, 10) {
        input = input.replace('\n', "\r\n");
    }
    input.into_bytes()
}

/// One case's cards and M, in one of the shapes the issue asks to emphasise.
fn random_case(rng: &mut Rng, size: u64) -> (Vec<u64>, u64) {
    let card_count = rng.range(1, size.min(16)) as usize;
    let value_cap = (2 * size).max(2);
    let draw = |rng: &mut Rng, low: u64, high: u64| -> Vec<u64> {
        (0..card_count).map(|_| rng.range(low, high)).collect()
    };
    let cards = match rng.below(6) {
        0 => draw(rng, 1, value_cap),
        1 => {
            let distinct = rng.range(1, 3);
            draw(rng, 1, distinct)
        }
        2 => {
            let value = rng.range(1, value_cap);
            vec![value; card_count]
        }
        3 => draw(rng, 1, value_cap / 2)
            .into_iter()
            .map(|half| 2 * half)
            .collect(),
        4 => return (draw(rng, 1, 3), 1),
        _ => {
            let max_weight = rng.range(1, value_cap);
            return (draw(rng, 1, 2 * max_weight + 1), max_weight);
        }
    };
    let total: u64 = cards.iter().sum();
    let max_weight = if rng.chance(1, 4) {
        rng.range(1, total + value_cap)
    } else {
        rng.range(1, total)
    };
    (cards, max_weight)
}

fn write_case(input: &mut String, cards: &[u64], max_weight: u64) {
    let cards: Vec<String> = cards.iter().map(u64::to_string).collect();
    *input += &format!("{} {}\n{}\n", cards.len(), max_weight, cards.join(" "));
}
