//! The solution against the brute force on thousands of generated inputs,
//! and every stored `judge-data/cses1676/*.out` against both, each judged as
//! `make test` judges (tokens). The brute force's component lists are fast
//! enough to answer even the largest stored case.

#[allow(dead_code)]
#[path = "../src/main.rs"]
mod solution;

#[allow(dead_code)]
#[path = "../src/brute.rs"]
mod brute;

#[allow(dead_code)]
#[path = "../src/gen.rs"]
mod gen;

fn problem() -> testkit::Problem {
    testkit::Problem::new(env!("CARGO_MANIFEST_DIR"), env!("CARGO_BIN_EXE_cses1676"))
}

#[test]
fn generated_inputs_are_judged_right_against_the_brute_force() {
    problem().cross_check(
        solution::solve,
        brute::solve,
        gen::random_input,
        0..5000,
        &[2, 3, 5, 8, 20, 100, 1000],
    );
}

#[test]
fn stored_answers_are_the_brute_force_s_and_the_solution_s() {
    problem().check_stored("brute force", brute::solve);
    problem().check_stored("solution", solution::solve);
}

/// `stored_cases` refuses a file of 1 MiB or more, as `make test` does.
#[test]
fn data_has_the_sample_edges_and_maximal_cases_under_1_mib() {
    let cases = problem().stored_cases(&[
        "sample-1",
        "edge-one-road",
        "edge-repeated-road",
        "edge-star",
        "large-random-80000",
        "large-chain-50000",
    ]);
    assert!(cases.len() >= 7, "{} cases", cases.len());
}
