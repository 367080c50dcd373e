//! Checks the solution's stored minima against the brute force, which scans
//! a plain Vec for every getMin, on every call sequence of small values up
//! to length 6, on generated inputs, and on every stored case.

#[allow(dead_code)]
#[path = "../src/main.rs"]
mod solution;

#[allow(dead_code)]
#[path = "../src/brute.rs"]
mod brute;

#[allow(dead_code)]
#[path = "../src/gen.rs"]
mod generator;

/// Every sequence of `length` calls that never pops or reads an empty
/// stack, pushes taking values 0..=2, as one design case each.
fn all_cases(length: usize) -> Vec<String> {
    let steps = ["push(0)", "push(1)", "push(2)", "pop", "top", "getMin"];
    let mut cases = Vec::new();
    let mut sequences: Vec<(Vec<&str>, usize)> = vec![(Vec::new(), 0)];
    for _ in 0..length {
        let mut longer = Vec::new();
        for (calls, depth) in &sequences {
            for step in steps {
                let pushes = step.starts_with("push");
                if !pushes && *depth == 0 {
                    continue;
                }
                let depth = match step {
                    "pop" => depth - 1,
                    _ if pushes => depth + 1,
                    _ => *depth,
                };
                let mut calls = calls.clone();
                calls.push(step);
                longer.push((calls, depth));
            }
        }
        sequences = longer;
        for (calls, _) in &sequences {
            let names: Vec<String> = calls
                .iter()
                .map(|step| format!("\"{}\"", step.split('(').next().unwrap()))
                .collect();
            let args: Vec<String> = calls
                .iter()
                .map(|step| match step.strip_prefix("push(") {
                    Some(value) => format!("[{}]", value.trim_end_matches(')')),
                    None => "[]".to_string(),
                })
                .collect();
            cases.push(format!(
                "[\"MinStack\",{}]\n[[],{}]\n",
                names.join(","),
                args.join(",")
            ));
        }
    }
    cases
}

#[test]
fn matches_brute_on_every_call_sequence_up_to_length_6() {
    let cases = all_cases(6);
    assert!(cases.len() > 20_000, "{} cases", cases.len());
    // Checked in batches: one input of many cases, as LeetCode's format allows.
    for batch in cases.chunks(1000) {
        let input = batch.concat();
        assert_eq!(
            testkit::answers(solution::solve, input.as_bytes()),
            testkit::answers(brute::solve, input.as_bytes()),
        );
    }
}

fn problem() -> testkit::Problem {
    testkit::Problem::new(env!("CARGO_MANIFEST_DIR"), env!("CARGO_BIN_EXE_lc155"))
}

#[test]
fn matches_brute_on_generated_inputs() {
    let sizes = [12, 12, 100, 3];
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
    problem.stored_cases(&["sample-1", "large-30k"]);
    problem.check_stored_by_brute(brute::solve);
    problem.check_stored("solution", solution::solve);
}
