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

#[test]
fn matches_brute_on_generated_inputs() {
    let mut longest = 0;
    for seed in 0..3000 {
        let size = [10, 10, 3, 200][seed as usize % 4];
        let input = generator::random_input(&mut Rng::new(seed), size);
        let out = leetcode::answers(solution::solve, &input);
        assert_eq!(out, leetcode::answers(brute::solve, &input), "seed {seed}");
        longest = longest.max(input.len());
    }
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
    let cases = testkit::stored_cases(
        env!("CARGO_MANIFEST_DIR"),
        "lc1",
        &["sample-1", "sample-2", "sample-3", "large-10k"],
    );
    for case in &cases {
        case.assert_solved_by("brute force", brute::solve);
        case.assert_solved_by("solution", solution::solve);
    }
}
