//! Checks the solution's relinking against the brute force's backwards read
//! of the plain array, on generated inputs and on every stored case.

use testkit::Rng;

#[allow(dead_code)]
#[path = "../src/main.rs"]
mod solution;

#[allow(dead_code)]
#[path = "../src/brute.rs"]
mod brute;

#[allow(dead_code)]
#[path = "../src/gen.rs"]
mod generator;

#[test]
fn matches_brute_on_generated_inputs() {
    let mut empty_lists = 0;
    for seed in 0..3000 {
        let size = [10, 10, 2, 5000][seed as usize % 4];
        let input = generator::random_input(&mut Rng::new(seed), size);
        let out = leetcode::answers(solution::solve, &input);
        assert_eq!(out, leetcode::answers(brute::solve, &input), "seed {seed}");
        empty_lists += out.split('\n').filter(|line| *line == "[]").count();
    }
    assert!(empty_lists > 100, "{empty_lists} empty lists");
}

#[test]
fn judge_data_outputs_are_the_brute_forces() {
    let cases = testkit::stored_cases(
        env!("CARGO_MANIFEST_DIR"),
        "lc206",
        &["sample-1", "sample-2", "sample-3", "large-5000"],
    );
    for case in &cases {
        case.assert_solved_by("brute force", brute::solve);
        case.assert_solved_by("solution", solution::solve);
    }
}
