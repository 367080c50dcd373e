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

fn problem() -> testkit::Problem {
    testkit::Problem::new(env!("CARGO_MANIFEST_DIR"), env!("CARGO_BIN_EXE_lc206"))
}

#[test]
fn matches_brute_on_generated_inputs() {
    let sizes = [10, 10, 2, 5000];
    problem().cross_check(
        solution::solve,
        brute::solve,
        generator::random_input,
        0..3000,
        &sizes,
    );
    let empty_lists: usize = (0..3000)
        .map(|seed| {
            let input = generator::random_input(&mut Rng::new(seed), sizes[seed as usize % 4]);
            let out = testkit::answers(solution::solve, &input);
            out.split('\n').filter(|line| *line == "[]").count()
        })
        .sum();
    assert!(empty_lists > 100, "{empty_lists} empty lists");
}

#[test]
fn judge_data_outputs_are_the_brute_forces() {
    let problem = problem();
    problem.stored_cases(&["sample-1", "sample-2", "sample-3", "large-5000"]);
    problem.check_stored_by_brute(brute::solve);
    problem.check_stored("solution", solution::solve);
}
