//! Checks the solution's one-pass hash map against the brute force's scan of
//! every pair, on generated inputs and on every stored case.

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

use solution::Solution;

fn problem() -> testkit::Problem {
    testkit::Problem::new(env!("CARGO_MANIFEST_DIR"), env!("CARGO_BIN_EXE_lc1"))
}

#[test]
fn matches_brute_on_generated_inputs() {
    let sizes = [10, 10, 3, 200];
    problem().cross_check(
        solution::solve,
        brute::solve,
        generator::random_input,
        0..3000,
        &sizes,
    );
    let longest = (3..3000)
        .step_by(4)
        .map(|seed| generator::random_input(&mut Rng::new(seed), 200).len())
        .max()
        .unwrap_or(0);
    assert!(
        longest > 1000,
        "the generator reaches its size: {longest} bytes"
    );
}

#[test]
fn matches_brute_on_every_small_array_with_one_pair() {
    let mut checked = 0;
    for len in 2..=5u32 {
        for code in 0..5u32.pow(len) {
            let nums: Vec<i32> = (0..len)
                .map(|i| (code / 5u32.pow(i) % 5) as i32 - 2)
                .collect();
            for target in -4..=4 {
                let pairs = (0..nums.len())
                    .flat_map(|i| (i + 1..nums.len()).map(move |j| (i, j)))
                    .filter(|&(i, j)| nums[i] + nums[j] == target)
                    .count();
                if pairs == 1 {
                    assert_eq!(
                        Solution::two_sum(nums.clone(), target),
                        brute::two_sum(&nums, target),
                        "{nums:?} {target}"
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 1000, "{checked} arrays");
}

#[test]
fn judge_data_outputs_are_the_brute_forces() {
    let problem = problem();
    problem.stored_cases(&["sample-1", "sample-2", "sample-3", "large-10k"]);
    problem.check_stored_by_brute(brute::solve);
    problem.check_stored("solution", solution::solve);
}
