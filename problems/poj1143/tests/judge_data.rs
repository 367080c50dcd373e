//! Every stored `judge-data/poj1143/*.in` against its `.out`: the expected
//! output must be what the brute force prints, and what the solution prints.

#[allow(dead_code)]
#[path = "../src/main.rs"]
mod solution;

#[allow(dead_code)]
#[path = "../src/brute.rs"]
mod brute;

use std::fs;
use std::path::PathBuf;

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../judge-data/poj1143")
}

fn expected_output(name: &str) -> Vec<u8> {
    fs::read(data_dir().join(format!("{name}.out"))).unwrap()
}

fn problem() -> testkit::Problem {
    testkit::Problem::new(env!("CARGO_MANIFEST_DIR"), env!("CARGO_BIN_EXE_poj1143"))
}

#[test]
fn stored_outputs_match_brute_force_and_solution() {
    problem().check_stored_by_brute(brute::solve);
    problem().check_stored("solution", solution::solve);
    let cases = problem().stored_cases(&["sample-1", "full-set", "all-reachable-3514"]);
    assert!(cases.len() >= 7, "only {} cases found", cases.len());
}

#[test]
fn known_answers_from_the_statement() {
    assert_eq!(
        expected_output("sample-1"),
        b"Test Case #1\nThe winning moves are: 2\n\n\
          Test Case #2\nThere's no winning move.\n\n\
          Test Case #3\nThe winning moves are: 4 5 6\n\n"
    );
    assert_eq!(
        expected_output("full-set"),
        b"Test Case #1\nThe winning moves are: 5 7 12 16 18 19\n\n"
    );
    assert_eq!(
        expected_output("all-reachable-3514")
            .windows(b"Test Case #".len())
            .filter(|window| window == b"Test Case #")
            .count(),
        3514
    );
    let only_twenty = String::from_utf8(expected_output("edge-only-20-wins")).unwrap();
    assert!(only_twenty
        .lines()
        .filter(|line| line.starts_with("The") || line.starts_with("There"))
        .all(|line| line == "The winning moves are: 20"));
}
