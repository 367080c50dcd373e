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

fn problem() -> testkit::Problem {
    testkit::Problem::new(env!("CARGO_MANIFEST_DIR"), env!("CARGO_BIN_EXE_lc226"))
}

#[test]
fn matches_brute_on_generated_inputs() {
    let sizes = [10, 10, 3, 100];
    problem().cross_check(
        solution::solve,
        brute::solve,
        generator::random_input,
        0..3000,
        &sizes,
    );
    let changed = (0..3000)
        .filter(|&seed| {
            let input = generator::random_input(&mut Rng::new(seed), sizes[seed as usize % 4]);
            testkit::answers(solution::solve, &input).as_bytes() != input
        })
        .count();
    // Most inputs are not their own mirror image, so the identity cannot pass.
    assert!(changed > 2000, "{changed} inputs changed");
}

#[test]
fn judge_data_outputs_are_the_brute_forces() {
    let problem = problem();
    problem.stored_cases(&["sample-1", "sample-2", "sample-3", "large-100"]);
    problem.check_stored_by_brute(brute::solve);
    problem.check_stored("solution", solution::solve);
}
