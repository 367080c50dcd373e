//! The solution's own tests, kept out of src/main.rs so that the paste holds
//! no test code: exact bytes on the samples, the rules of a move, and errors
//! that point at the line and column of the bad token.

#[allow(dead_code)]
#[path = "../src/main.rs"]
mod solution;

use solution::{after_choosing, solve, Outcomes};

/// Every number 2..=20 available: the position before anyone has moved.
const FULL_SET: u32 = 0x1f_fffc;

fn run(input: &str) -> (String, Result<(), String>) {
    let mut out = Vec::new();
    let result = solve(input.as_bytes(), &mut out);
    (String::from_utf8(out).unwrap(), result)
}

fn answer(input: &str) -> String {
    let (out, result) = run(input);
    assert_eq!(result, Ok(()), "input {input:?}");
    out
}

fn error(input: &str) -> String {
    run(input).1.expect_err("the input is bad")
}

const SAMPLE_OUTPUT: &str = "Test Case #1\nThe winning moves are: 2\n\n\
    Test Case #2\nThere's no winning move.\n\n\
    Test Case #3\nThe winning moves are: 4 5 6\n\n";

#[test]
fn sample_bytes() {
    let mut out = Vec::new();
    assert_eq!(solve(b"2 2 5\n2 2 3\n5 2 3 4 5 6\n0\n", &mut out), Ok(()));
    assert_eq!(out, SAMPLE_OUTPUT.as_bytes());
}

#[test]
fn sample_with_crlf_and_without_final_zero() {
    assert_eq!(
        answer("2 2 5\r\n2 2 3\r\n5 2 3 4 5 6\r\n0\r\n"),
        SAMPLE_OUTPUT
    );
    assert_eq!(answer("2 2 5\n2 2 3\n5 2 3 4 5 6\n"), SAMPLE_OUTPUT);
    assert_eq!(answer("2 2 5\n2 2 3\n5 2 3 4 5 6"), SAMPLE_OUTPUT);
}

#[test]
fn blank_lines_are_skipped_and_do_not_count_as_cases() {
    let input = "\n2 2 5\n\n  \t\r\n2 2 3\n5 2 3 4 5 6\n\n0\n";
    assert_eq!(answer(input), SAMPLE_OUTPUT);
}

#[test]
fn zero_line_ends_input_even_before_garbage() {
    assert_eq!(answer("0\n"), "");
    assert_eq!(answer(""), "");
    assert_eq!(answer("  0  \r\nnot read at all\n"), "");
    assert_eq!(
        answer("2 2 5\n0\n2 2 3\n"),
        "Test Case #1\nThe winning moves are: 2\n\n"
    );
}

#[test]
fn full_set() {
    assert_eq!(
        answer("19 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20\n0\n"),
        "Test Case #1\nThe winning moves are: 5 7 12 16 18 19\n\n"
    );
}

#[test]
fn single_numbers_win_by_taking_them() {
    assert_eq!(
        answer("1 2\n1 3\n"),
        "Test Case #1\nThe winning moves are: 2\n\n\
         Test Case #2\nThe winning moves are: 3\n\n"
    );
}

#[test]
fn repeated_positions_and_multi_digit_case_numbers() {
    let input = "2 2 5\n".repeat(105);
    let expected: String = (1..=105)
        .map(|case| format!("Test Case #{case}\nThe winning moves are: 2\n\n"))
        .collect();
    assert_eq!(answer(&input), expected);
    let mut outcomes = Outcomes::default();
    assert_eq!(
        outcomes.winning_moves(FULL_SET),
        outcomes.winning_moves(FULL_SET)
    );
}

#[test]
fn twenty_is_tried_as_a_move() {
    // A reachable position whose only winning move is 20.
    assert_eq!(
        answer("10 2 3 4 5 6 8 9 10 13 20\n0\n"),
        "Test Case #1\nThe winning moves are: 20\n\n"
    );
    // Choosing 20 forbids nothing else, so {19, 20} is a loss for the mover.
    assert_eq!(after_choosing(1 << 19 | 1 << 20, 20), 1 << 19);
    assert_eq!(
        answer("1 20\n"),
        "Test Case #1\nThe winning moves are: 20\n\n"
    );
    assert_eq!(
        answer("2 19 20\n"),
        "Test Case #1\nThere's no winning move.\n\n"
    );
}

#[test]
fn moves_forbid_sums_with_earlier_forbidden_numbers() {
    // The statement's example: 4 then 3 leaves only 2 and 5.
    let after_four = after_choosing(FULL_SET, 4);
    assert_eq!(after_choosing(after_four, 3), 1 << 2 | 1 << 5);
    // 3 - 2 = 1 and 5 - 2 = 3 are not forbidden, so choosing 2 keeps 3 and 5.
    assert_eq!(after_choosing(1 << 2 | 1 << 3 | 1 << 5, 2), 1 << 3 | 1 << 5);
}

#[test]
fn unreachable_positions_follow_the_same_rules() {
    // {6} cannot arise (2 or 3 forbidden would forbid 6), but taking 6 still wins.
    assert_eq!(
        answer("1 6\n"),
        "Test Case #1\nThe winning moves are: 6\n\n"
    );
    // {6, 9}: choosing 6 also forbids 9 = 3 + 6, as 3 counts as forbidden.
    assert_eq!(after_choosing(1 << 6 | 1 << 9, 6), 0);
    assert_eq!(
        answer("2 6 9\n"),
        "Test Case #1\nThe winning moves are: 6\n\n"
    );
}

#[test]
fn a_line_with_too_few_or_too_many_numbers_is_named() {
    let (out, message) = run("2 2 5\n\n3 2 3\n");
    assert_eq!(out, "Test Case #1\nThe winning moves are: 2\n\n");
    assert_eq!(
        message.unwrap_err(),
        "line 3, column 6: expected number 3, a whole number in 4..=20, found nothing"
    );
    let (out, message) = run("1 2 3\n");
    assert_eq!(out, "");
    assert_eq!(
        message.unwrap_err(),
        "line 1, column 5: expected the end of the line"
    );
    assert_eq!(
        error("2 2\n2 3 4\n"),
        "line 1, column 4: expected number 2, a whole number in 3..=20, found nothing"
    );
}

#[test]
fn numbers_out_of_range_or_not_numbers() {
    let (out, message) = run("2 2 5\n2 1 5\n");
    assert_eq!(out, "Test Case #1\nThe winning moves are: 2\n\n");
    assert_eq!(
        message.unwrap_err(),
        "line 2, column 3: expected number 1, a whole number in 2..=20, found \"1\""
    );
    assert!(error("1 21\n").ends_with("a whole number in 2..=20, found \"21\""));
    assert!(error("2 2 x\n").ends_with("number 2, a whole number in 3..=20, found \"x\""));
    assert!(error("1 -3\n").ends_with("found \"-3\""));
    assert!(error("1 99999999999999999999999999\n").ends_with("found \"99999999999999999999\"..."));
}

#[test]
fn bad_counts() {
    assert_eq!(
        error("21 2 3\n"),
        "line 1, column 1: expected a count (or 0 alone to end), a whole number in 0..=19, \
         found \"21\""
    );
    assert_eq!(
        error("0 5\n"),
        "line 1, column 3: expected the end of the line"
    );
    assert!(error("abc\n").ends_with("found \"abc\""));
    assert!(error("4294967297 2\n").ends_with("found \"4294967297\""));
}

#[test]
fn numbers_must_ascend_strictly() {
    let (out, message) = run("2 2 3\n2 5 2\n");
    assert_eq!(out, "Test Case #1\nThere's no winning move.\n\n");
    assert_eq!(
        message.unwrap_err(),
        "line 2, column 5: expected number 2, a whole number in 6..=20, found \"2\""
    );
    assert!(error("2 5 5\n").ends_with("in 6..=20, found \"5\""));
}

#[test]
fn garbage_bytes_never_panic() {
    let mut out = Vec::new();
    assert!(solve(b"\xff\xfe 2\n", &mut out).is_err());
    assert!(out.is_empty());
    assert!(solve(b"\0", &mut out).is_err());
    let twenty = b"20 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 20\n";
    assert!(solve(twenty, &mut out).is_err());
}

#[test]
fn every_subset_gets_moves_that_win_and_only_those() {
    let mut outcomes = Outcomes::default();
    for available in (0..1u32 << 19).map(|bits| bits << 2) {
        let moves = outcomes.winning_moves(available);
        assert_eq!(moves & !available, 0);
        for number in (2..=20).filter(|&n| available & 1 << n != 0) {
            let opponent_moves = outcomes.winning_moves(after_choosing(available, number));
            assert_eq!(moves & 1 << number != 0, opponent_moves == 0);
        }
    }
}

/// The house `main`: answers before the bad input are written, then one line
/// on stderr and exit status 1; a stdout that cannot be written fails alike.
#[test]
fn the_program_fails_the_house_way() {
    testkit::assert_fails_the_house_way(
        env!("CARGO_BIN_EXE_poj1143"),
        "1 2\n2 5 2\n",
        b"Test Case #1\nThe winning moves are: 2\n\n",
        "error: line 2, column 5: expected number 2, a whole number in 6..=20, found \"2\"\n",
        "1 2\n",
    );
}
