//! The solution's own tests, kept out of src/main.rs so that the paste holds
//! no test code: exact bytes on the samples, the edges of the format, and
//! errors that point at the line and column of the bad token.

#[allow(dead_code)]
#[path = "../src/main.rs"]
mod solution;

use solution::{odd_only_count as count, solve};

fn run(input: &str) -> (String, Result<(), String>) {
    let mut out = Vec::new();
    let result = solve(input.as_bytes(), &mut out);
    (String::from_utf8(out).expect("output is ASCII"), result)
}

fn error(input: &str) -> String {
    run(input).1.expect_err("the input is bad")
}

#[test]
fn sample_bytes() {
    let mut out = Vec::new();
    let sample = b"3 10\n1 2 3\n2 5\n2 2\n1 7\n8\n0 0\n";
    assert_eq!(solve(sample, &mut out), Ok(()));
    assert_eq!(out, b"3\n1\n0\n");
}

#[test]
fn crlf_and_numbers_split_over_lines() {
    let input = "3\r\n10 1\r\n2\r\n\r\n3 2 5 2\r\n2\r\n1 7 8 0 0\r\n";
    assert_eq!(run(input), ("3\n1\n0\n".to_string(), Ok(())));
}

#[test]
fn input_ends_at_eof_or_at_zero_cards() {
    assert_eq!(run("1 5\n3\n"), ("1\n".to_string(), Ok(())));
    assert_eq!(run("1 5\n3\n  \n"), ("1\n".to_string(), Ok(())));
    assert_eq!(run(""), (String::new(), Ok(())));
    assert_eq!(run("1 5\n3\n0 7\n1 5\n3\n"), ("1\n".to_string(), Ok(())));
    assert_eq!(run("0 0\n1 5\nx\n"), (String::new(), Ok(())));
    assert_eq!(run("1 5\n3\n0\n"), ("1\n".to_string(), Ok(())));
    assert_eq!(run("0"), (String::new(), Ok(())));
}

#[test]
fn cards_above_max_weight_are_skipped() {
    assert_eq!(count(&[8], 7), 0);
    assert_eq!(count(&[u64::MAX, 3, 200_000], 5), 1);
    assert_eq!(run("2 1\n18446744073709551615 1\n0 0\n").0, "1\n");
}

#[test]
fn max_weight_at_the_judge_bound() {
    assert_eq!(count(&[100_000, 1], 100_000), 2);
    // 100000 is one card and also two cards of 50000.
    assert_eq!(count(&[50_000, 50_000, 100_000], 100_000), 1);
    assert_eq!(count(&[99_999, 1], 100_000), 2);
}

#[test]
fn max_weight_zero_and_one() {
    assert_eq!(count(&[1, 2], 0), 0);
    assert_eq!(count(&[1], 1), 1);
    assert_eq!(count(&[1, 1], 1), 1);
    assert_eq!(count(&[2, 3], 1), 0);
}

#[test]
fn equal_cards_keep_their_parity() {
    // k cards of 7 reach only 7k, with parity k: odd k counts.
    assert_eq!(count(&[7; 10_000], 100_000), 5_000);
    assert_eq!(count(&[7; 5], 100_000), 3);
    // Only 14285 copies fit under M; odd multiples up to 7·14285.
    assert_eq!(count(&[7; 20_000], 100_000), 7_143);
    assert_eq!(count(&[1; 64], 63), 32);
}

#[test]
fn a_small_hand_by_hand() {
    // Odd-count sums of 2, 4, 6: 2, 4, 6, 12; even-count ones: 0, 6, 8, 10.
    assert_eq!(count(&[2, 4, 6], 13), 3);
    assert_eq!(count(&[2, 4, 6], 11), 2);
}

#[test]
fn max_weight_beyond_the_judge_bound() {
    assert_eq!(count(&[1_000_000, 3, 999_997], 1_000_000), 2);
    assert_eq!(count(&[7; 3], 10_000_000), 2);
}

#[test]
fn a_bad_token_is_named_with_its_line_and_column() {
    let (out, result) = run("3 10\n1 2 3\n2 5\n2 x\n");
    assert_eq!(out, "3\n");
    assert_eq!(
        result.unwrap_err(),
        "line 4, column 3: expected card 2 of 2, a whole number in 1..=18446744073709551615, \
         found \"x\""
    );
    assert_eq!(
        error("-1 5\n3\n"),
        "line 1, column 1: expected N, a whole number in 0..=18446744073709551615, found \"-1\""
    );
    assert_eq!(
        error("2 -5\n3 4\n"),
        "line 1, column 3: expected M, a whole number in 0..=10000000, found \"-5\""
    );
}

#[test]
fn a_missing_token_points_at_the_end_of_the_input() {
    let (out, result) = run("1 5\n3\n3 10\n1 2");
    assert_eq!(out, "1\n");
    assert_eq!(
        result.unwrap_err(),
        "line 4, column 4: expected card 3 of 3, a whole number in 1..=18446744073709551615, \
         found nothing"
    );
    assert_eq!(
        error("1 5\n3\n4\n"),
        "line 4, column 1: expected M, a whole number in 0..=10000000, found nothing"
    );
    assert!(run("5\n").1.is_err());
}

#[test]
fn huge_numbers_are_errors_not_panics() {
    let (out, result) = run("1 5\n3\n1 10000001\n1\n");
    assert_eq!(out, "1\n");
    assert!(result
        .unwrap_err()
        .starts_with("line 3, column 3: expected M"));
    assert!(error("1 5\n18446744073709551616\n")
        .starts_with("line 2, column 1: expected card 1 of 1, a whole number"));
    assert!(error("99999999999999999999999999999999999 5\n")
        .ends_with("found \"99999999999999999999\"..."));
    assert!(error("18446744073709551615 5\n1 2\n").contains("card 3 of 18446744073709551615"));
}

#[test]
fn zero_cards_and_garbage_bytes_are_errors() {
    assert!(error("2 5\n1 0\n").contains("card 2 of 2, a whole number in 1..="));
    assert!(error("1 5\n\u{fffd}\x00\n").starts_with("line 2, column 1: "));
    let mut out = Vec::new();
    assert!(solve(b"1 5\n3\n1 \xff\xfe", &mut out).is_err());
    assert_eq!(out, b"1\n");
}

/// The house `main`: answers before the bad input are written, then one line
/// on stderr and exit status 1; a stdout that cannot be written fails alike.
#[test]
fn the_program_fails_the_house_way() {
    testkit::assert_fails_the_house_way(
        env!("CARGO_BIN_EXE_poj3688"),
        "1 5\n3\n2 x\n",
        b"1\n",
        "error: line 3, column 3: expected M, a whole number in 0..=10000000, found \"x\"\n",
        "1 5\n3\n",
    );
}
