//! Checks the solution's pointer swaps against the brute force's rebuild
//! from mirrored paths, on generated inputs and on every stored case.

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
    let mut changed = 0;
    for seed in 0..3000 {
        let size = [10, 10, 3, 100][seed as usize % 4];
        let input = generator::random_input(&mut Rng::new(seed), size);
        let out = leetcode::answers(solution::solve, &input);
        assert_eq!(out, leetcode::answers(brute::solve, &input), "seed {seed}");
        changed += usize::from(out.as_bytes() != input);
    }
    // Most inputs are not their own mirror image, so the identity cannot pass.
    assert!(changed > 2000, "{changed} inputs changed");
}

#[test]
fn judge_data_outputs_are_the_brute_forces() {
    let cases = testkit::stored_cases(
        env!("CARGO_MANIFEST_DIR"),
        "lc226",
        &["sample-1", "sample-2", "sample-3", "large-100"],
    );
    for case in &cases {
        case.assert_solved_by("brute force", brute::solve);
        case.assert_solved_by("solution", solution::solve);
    }
}
