//! The solution against the brute force: every position reachable from
//! {2..20}, random arbitrary (even unreachable) sets, and whole generator files.

#[allow(dead_code)]
#[path = "../src/main.rs"]
mod solution;

#[allow(dead_code)]
#[path = "../src/brute.rs"]
mod brute;

#[allow(dead_code)]
#[path = "../src/gen.rs"]
mod gen;

use std::collections::BTreeSet;
use testkit::Rng;

fn as_mask(numbers: &[usize]) -> u32 {
    numbers.iter().fold(0, |mask, &n| mask | 1 << n)
}

/// Every nonempty position reachable from {2..20}, found with the brute
/// force's from-scratch move rule only.
fn reachable_positions() -> BTreeSet<Vec<usize>> {
    let start = brute::Game::new(&(2..=20).collect::<Vec<_>>());
    let mut seen = BTreeSet::new();
    let mut pending = vec![start];
    while let Some(game) = pending.pop() {
        let available = game.available();
        if available.is_empty() || !seen.insert(available.clone()) {
            continue;
        }
        pending.extend(available.iter().map(|&n| game.after_choosing(n)));
    }
    seen
}

#[test]
fn every_reachable_position_matches_the_brute_force() {
    let positions = reachable_positions();
    assert_eq!(positions.len(), 3514);
    let mut search = brute::Search::default();
    let mut outcomes = solution::Outcomes::default();
    for available in &positions {
        let expected = as_mask(&search.winning_moves(&brute::Game::new(available)));
        assert_eq!(
            outcomes.winning_moves(as_mask(available)),
            expected,
            "position {available:?}"
        );
    }
}

#[test]
fn full_set_winning_moves() {
    let full: Vec<usize> = (2..=20).collect();
    let moves = brute::Search::default().winning_moves(&brute::Game::new(&full));
    assert_eq!(moves, [5, 7, 12, 16, 18, 19]);
    assert_eq!(
        solution::Outcomes::default().winning_moves(as_mask(&full)),
        as_mask(&moves)
    );
}

#[test]
fn arbitrary_sets_match_the_brute_force() {
    // Unreachable sets too: both sides read the missing numbers as forbidden.
    let mut rng = testkit::Rng::new(1143);
    let mut search = brute::Search::default();
    let mut outcomes = solution::Outcomes::default();
    for _ in 0..3000 {
        let available: Vec<usize> = (2..=20).filter(|_| rng.chance(1, 3)).collect();
        let expected = as_mask(&search.winning_moves(&brute::Game::new(&available)));
        assert_eq!(
            outcomes.winning_moves(as_mask(&available)),
            expected,
            "position {available:?}"
        );
    }
}

fn random_input(seed: u64, size: u64) -> Vec<u8> {
    gen::random_input(&mut Rng::new(seed), size)
}

#[test]
fn generated_files_are_judged_right_against_the_brute_force() {
    testkit::Problem::new(env!("CARGO_MANIFEST_DIR"), env!("CARGO_BIN_EXE_poj1143")).cross_check(
        solution::solve,
        brute::solve,
        gen::random_input,
        0..300,
        &[10],
    );
}

#[test]
fn generated_positions_are_reachable() {
    let reachable = reachable_positions();
    for seed in 0..300 {
        let text = String::from_utf8(random_input(seed, 10)).unwrap();
        assert!(text.ends_with("\n0\n"), "seed {seed}: {text:?}");
        for line in text.lines().filter(|&line| line != "0") {
            let numbers: Vec<usize> = line.split(' ').map(|t| t.parse().unwrap()).collect();
            assert_eq!(numbers[0], numbers.len() - 1, "seed {seed}: {line}");
            assert!(reachable.contains(&numbers[1..]), "seed {seed}: {line}");
        }
    }
}

#[test]
fn generator_is_deterministic_and_varied() {
    assert_eq!(random_input(7, 10), random_input(7, 10));
    assert_ne!(random_input(7, 10), random_input(8, 10));
    assert_eq!(
        random_input(7, 1).iter().filter(|&&b| b == b'\n').count(),
        2
    );
    let bench = gen::bench_positions(100);
    assert_eq!(bench, gen::bench_positions(100));
    assert_eq!(bench.iter().filter(|&&b| b == b'\n').count(), 101);
    // The edge cases the generator is meant to emphasise do show up.
    let all: String = (0..200)
        .map(|seed| String::from_utf8(random_input(seed, 10)).unwrap())
        .collect();
    assert!(all.lines().any(|line| line == "1 2" || line == "1 3"));
    assert!(all.lines().any(|line| line.starts_with("19 ")));
    assert!(all.lines().filter(|line| line.ends_with(" 20")).count() > 100);
}
