//! Every stored judge-data case: the expected output must match the parity
//! table (and the subset brute force where every case is small enough), and
//! the solution must match it.

#[allow(dead_code)]
#[path = "../src/main.rs"]
mod solution;

#[allow(dead_code)]
#[path = "../src/brute.rs"]
mod brute;

mod common;

const BRUTE_FORCE_MAX_CARDS: usize = 16;

fn problem() -> testkit::Problem {
    testkit::Problem::new(env!("CARGO_MANIFEST_DIR"), env!("CARGO_BIN_EXE_poj3688"))
}

#[test]
fn stored_outputs_match_independent_methods_and_solution() {
    let cases = problem().stored_cases(&[]);
    assert!(
        cases.len() >= 10,
        "judge data missing: {} cases",
        cases.len()
    );
    for case in &cases {
        let (name, input) = (&case.name, &case.input);
        let expected = String::from_utf8(case.output.clone()).expect("UTF-8 .out");
        let by_table = String::from_utf8(common::table_output(input)).unwrap();
        assert_eq!(
            by_table, expected,
            "{name}: parity table disagrees with {name}.out"
        );
        let small = common::parse_cases(input)
            .iter()
            .all(|(cards, _)| cards.len() <= BRUTE_FORCE_MAX_CARDS);
        if small {
            let by_brute = testkit::answers(brute::solve, input);
            assert_eq!(
                by_brute, expected,
                "{name}: brute force disagrees with {name}.out"
            );
        }
    }
    problem().check_stored("solution", solution::solve);
}

#[test]
fn data_has_samples_edges_and_maximal_cases() {
    let cases = problem().stored_cases(&[
        "sample-1",
        "edge-m-1",
        "edge-m-max",
        "edge-all-equal",
        "large-random-3",
    ]);
    for case in &cases {
        for (suffix, bytes) in [("in", &case.input), ("out", &case.output)] {
            let size = bytes.len();
            assert!(size < 1 << 20, "{}.{suffix} is {size} bytes", case.name);
        }
    }
}
