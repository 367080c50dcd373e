//! Checks the solution's sliding window sum against the brute force, which
//! sums every window from scratch, on exhaustive small arrays, on generated
//! inputs, and on every stored case. Both divide an exact integer sum by k
//! once, so their answers agree to the last bit and are compared exactly.

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
fn matches_brute_on_every_array_of_values_minus_2_to_2_up_to_length_6_and_every_k() {
    let mut cases = 0;
    for n in 1..=6u32 {
        for code in 0..5u32.pow(n) {
            let nums: Vec<i32> = (0..n)
                .map(|i| (code / 5u32.pow(i) % 5) as i32 - 2)
                .collect();
            for k in 1..=n as i32 {
                assert_eq!(
                    solution::Solution::find_max_average(nums.clone(), k),
                    brute::Solution::find_max_average(nums.clone(), k),
                    "{nums:?}, k = {k}"
                );
                cases += 1;
            }
        }
    }
    assert!(cases > 80_000, "{cases} cases");
}

fn problem() -> testkit::Problem {
    testkit::Problem::new(env!("CARGO_MANIFEST_DIR"), env!("CARGO_BIN_EXE_lc643"))
}

#[test]
fn matches_brute_on_generated_inputs() {
    let sizes = [10, 10, 100, 2];
    problem().cross_check(
        solution::solve,
        brute::solve,
        generator::random_input,
        0..3000,
        &sizes,
    );
}

#[test]
fn judge_data_outputs_are_the_brute_forces_answers() {
    let problem = problem();
    problem.stored_cases(&["sample-1", "sample-2", "large-100k"]);
    problem.check_stored_by_brute(brute::solve);
    problem.check_stored("solution", solution::solve);
}
