//! The solution against the subset brute force and the parity table.

#[allow(dead_code)]
#[path = "../src/main.rs"]
mod solution;

#[allow(dead_code)]
#[path = "../src/brute.rs"]
mod brute;

#[allow(dead_code)]
#[path = "../src/gen.rs"]
mod gen;

// Only the table is needed here; the judge-data test uses the rest.
#[allow(dead_code)]
mod common;

use testkit::Rng;

#[test]
fn generated_inputs_are_judged_right_against_the_brute_force() {
    let problem = testkit::Problem::new(env!("CARGO_MANIFEST_DIR"), env!("CARGO_BIN_EXE_poj3688"));
    let sizes = [1, 2, 3, 5, 8, 12, 16];
    problem.cross_check(
        solution::solve,
        brute::solve,
        gen::random_input,
        0..4000,
        &sizes,
    );
}

#[test]
fn every_generated_input_has_a_case() {
    for seed in 0..600 {
        let input = gen::random_input(&mut Rng::new(seed), 5);
        assert!(
            !testkit::answers(brute::solve, &input).is_empty(),
            "seed {seed}"
        );
    }
}

/// Every multiset of up to 7 cards from 1..=6, which covers every way of
/// splitting up to 7 equal cards into binary pieces.
#[test]
fn all_small_multisets_match_brute_force() {
    let mut hands = vec![Vec::new()];
    let mut checked = 0;
    while let Some(hand) = hands.pop() {
        let total: u64 = hand.iter().sum();
        for max_weight in [1, 4, 9, total.max(1), total + 3] {
            assert_eq!(
                solution::odd_only_count(&hand, max_weight as usize) as u64,
                brute::odd_only_by_subsets(&hand, max_weight),
                "cards {hand:?}, M = {max_weight}"
            );
            checked += 1;
        }
        if hand.len() < 7 {
            let lowest = hand.last().copied().unwrap_or(1);
            for next in lowest..=6 {
                let mut longer = hand.clone();
                longer.push(next);
                hands.push(longer);
            }
        }
    }
    assert_eq!(checked, 5 * 1716);
}

/// Many copies of few values: long runs of equal cards (beyond what the
/// brute force can enumerate) against the plain table.
#[test]
fn heavy_duplicates_match_parity_table() {
    let mut rng = Rng::new(3688);
    for round in 0..600 {
        let card_count = rng.range(1, 400) as usize;
        let distinct = rng.range(1, 6);
        let values: Vec<u64> = (0..distinct).map(|_| rng.range(1, 300)).collect();
        let cards: Vec<u64> = (0..card_count).map(|_| *rng.pick(&values)).collect();
        let max_weight = rng.range(1, 3000) as usize;
        assert_eq!(
            solution::odd_only_count(&cards, max_weight),
            common::odd_only_by_table(&cards, max_weight),
            "round {round}: M = {max_weight}, cards {cards:?}"
        );
    }
}

#[test]
fn wide_random_hands_match_parity_table() {
    let mut rng = Rng::new(94);
    for round in 0..300 {
        let card_count = rng.range(1, 300) as usize;
        let value_cap = rng.range(1, 5000);
        let cards: Vec<u64> = (0..card_count).map(|_| rng.range(1, value_cap)).collect();
        let max_weight = rng.range(1, 5000) as usize;
        assert_eq!(
            solution::odd_only_count(&cards, max_weight),
            common::odd_only_by_table(&cards, max_weight),
            "round {round}: M = {max_weight}, cards {cards:?}"
        );
    }
}
