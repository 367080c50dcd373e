//! Checks the solution's in-place transpose-and-mirror against the brute
//! force, which builds the turned matrix afresh from columns, on every
//! matrix of small values up to 3 x 3, on generated inputs, and on every
//! stored case.

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
fn matches_brute_on_every_matrix_of_values_0_to_2_up_to_3_by_3() {
    for n in 1..=3u32 {
        let cells = n * n;
        for code in 0..3u32.pow(cells) {
            let values: Vec<i32> = (0..cells)
                .map(|cell| (code / 3u32.pow(cell) % 3) as i32)
                .collect();
            let matrix: Vec<Vec<i32>> = values.chunks(n as usize).map(<[i32]>::to_vec).collect();
            let input = format!("{}\n", leetcode::show(&matrix));
            assert_eq!(
                testkit::answers(solution::solve, input.as_bytes()),
                testkit::answers(brute::solve, input.as_bytes()),
                "{input}"
            );
        }
    }
}

fn problem() -> testkit::Problem {
    testkit::Problem::new(env!("CARGO_MANIFEST_DIR"), env!("CARGO_BIN_EXE_lc48"))
}

#[test]
fn matches_brute_on_generated_inputs() {
    let sizes = [6, 6, 20, 2];
    problem().cross_check(
        solution::solve,
        brute::solve,
        generator::random_input,
        0..3000,
        &sizes,
    );
    let largest = (2..3000)
        .step_by(4)
        .map(|seed| {
            let input = generator::random_input(&mut Rng::new(seed), 20);
            testkit::answers(brute::solve, &input).len()
        })
        .max()
        .unwrap_or(0);
    // Some matrices are as large as LeetCode's 20 x 20.
    assert!(largest > 20 * 20 * 2, "{largest} bytes at most");
}

#[test]
fn judge_data_outputs_are_the_brute_forces_answers() {
    let problem = problem();
    problem.stored_cases(&["sample-1", "sample-2"]);
    problem.check_stored_by_brute(brute::solve);
    problem.check_stored("solution", solution::solve);
}
