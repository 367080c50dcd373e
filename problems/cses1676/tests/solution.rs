//! cses1676's own tests, kept out of src/main.rs so that the paste holds no
//! test code: the sample's exact bytes, the edges of the format, and errors
//! that point at the line and column of the bad token.

#[allow(dead_code)]
#[path = "../src/main.rs"]
mod solution;

use solution::{components_after_each_road as after_each, solve};

fn error(input: &str) -> String {
    testkit::refusal(solve, input.as_bytes())
}

#[test]
fn sample_bytes() {
    let mut out = Vec::new();
    assert_eq!(solve(b"5 3\n1 2\n1 3\n4 5\n", &mut out), Ok(()));
    assert_eq!(out, b"4 2\n3 3\n2 3\n");
}

#[test]
fn crlf_and_tokens_split_over_lines() {
    assert_eq!(
        testkit::run(solve, b"5\r\n3 1\r\n2 1 3\r\n\r\n4\r\n5"),
        ("4 2\n3 3\n2 3\n".into(), Ok(()))
    );
}

#[test]
fn a_road_inside_a_component_changes_nothing() {
    assert_eq!(after_each(3, &[(0, 1), (1, 0), (0, 1)]), [(2, 2); 3]);
    assert_eq!(
        after_each(3, &[(0, 1), (1, 2), (2, 0)]),
        [(2, 2), (1, 3), (1, 3)]
    );
}

#[test]
fn the_largest_is_the_merged_one_or_stays() {
    // {0,1,2} first, then {3,4} joined: the largest stays 3 until both meet.
    let roads = [(0, 1), (1, 2), (3, 4), (4, 0)];
    assert_eq!(after_each(6, &roads), [(5, 2), (4, 3), (3, 3), (2, 5)]);
}

#[test]
fn the_bounds_of_n_and_m() {
    let roads: Vec<(usize, usize)> = (1..100_000).map(|city| (city - 1, city)).collect();
    let last = *after_each(100_000, &roads).last().unwrap();
    assert_eq!(last, (1, 100_000));
    let max = format!("100000 200000\n{}", "1 100000\n".repeat(200_000));
    let (out, result) = testkit::run(solve, max.as_bytes());
    assert_eq!(result, Ok(()));
    assert_eq!(out, "99999 2\n".repeat(200_000));
}

#[test]
fn a_bad_token_is_named_with_its_line_and_column() {
    assert_eq!(
        error("5 3\n1 2\n1 x\n"),
        "line 3, column 3: expected b of road 2, a whole number in 1..=5, found \"x\""
    );
    assert_eq!(
        error("5 3\n1 2\n6 1\n"),
        "line 3, column 1: expected a of road 2, a whole number in 1..=5, found \"6\""
    );
    assert_eq!(
        error("0 1\n"),
        "line 1, column 1: expected n, a whole number in 1..=100000, found \"0\""
    );
    assert_eq!(
        error("5 200001\n"),
        "line 1, column 3: expected m, a whole number in 1..=200000, found \"200001\""
    );
}

#[test]
fn a_missing_road_points_at_the_end_of_the_input() {
    assert_eq!(
        error("5 3\n1 2\n1 3\n"),
        "line 4, column 1: expected a of road 3, a whole number in 1..=5, found nothing"
    );
    assert_eq!(
        error("5 3\n1 2\n1 3\n4"),
        "line 4, column 2: expected b of road 3, a whole number in 1..=5, found nothing"
    );
}

/// The house `main`: one line on stderr and exit status 1 on bad input, and
/// on a stdout that cannot be written.
#[test]
fn the_program_fails_the_house_way() {
    testkit::assert_fails_the_house_way(
        env!("CARGO_BIN_EXE_cses1676"),
        "2 1\n1 -2\n",
        b"",
        "error: line 2, column 3: expected b of road 1, a whole number in 1..=2, found \"-2\"\n",
        "2 1\n1 2\n",
    );
}
