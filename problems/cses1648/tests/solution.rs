//! cses1648's own tests, kept out of src/main.rs so that the paste holds no
//! test code: the sample's exact bytes, sums past 32 bits, the edges of the
//! format, and errors that point at the line and column of the bad token.

#[allow(dead_code)]
#[path = "../src/main.rs"]
mod solution;

use solution::{range_sums, solve, Query};

fn error(input: &str) -> String {
    testkit::refusal(solve, input.as_bytes())
}

#[test]
fn sample_bytes() {
    let mut out = Vec::new();
    let sample = b"8 4\n3 2 4 5 1 1 5 3\n2 1 4\n2 5 6\n1 3 1\n2 1 4\n";
    assert_eq!(solve(sample, &mut out), Ok(()));
    assert_eq!(out, b"14\n2\n11\n");
}

#[test]
fn crlf_and_tokens_split_over_lines() {
    let input = b"8\r\n4 3 2 4\r\n5 1 1 5 3 2\r\n1 4 2 5 6\r\n1 3 1 2 1\r\n\r\n4";
    assert_eq!(testkit::run(solve, input), ("14\n2\n11\n".into(), Ok(())));
}

#[test]
fn a_set_replaces_the_value_even_when_smaller_or_equal() {
    let queries = [
        Query::Set { index: 1, value: 9 },
        Query::Sum { start: 0, end: 3 },
        Query::Set { index: 1, value: 1 },
        Query::Set { index: 1, value: 1 },
        Query::Sum { start: 1, end: 2 },
    ];
    assert_eq!(range_sums(&[5, 6, 7], &queries), [21, 1]);
    assert_eq!(range_sums(&[5], &[Query::Set { index: 0, value: 2 }]), []);
}

#[test]
fn sums_of_the_largest_input_need_more_than_32_bits() {
    let values = vec![1_000_000_000; 200_000];
    let whole = Query::Sum {
        start: 0,
        end: 200_000,
    };
    assert_eq!(range_sums(&values, &[whole]), [200_000_000_000_000]);
    let input = format!(
        "200000 200000\n{}\n{}",
        "1000000000 ".repeat(200_000),
        "2 1 200000\n".repeat(200_000)
    );
    let (out, result) = testkit::run(solve, input.as_bytes());
    assert_eq!(result, Ok(()));
    assert_eq!(out, "200000000000000\n".repeat(200_000));
}

#[test]
fn a_bad_token_is_named_with_its_line_and_column() {
    assert_eq!(
        error("3 1\n1 2 0\n2 1 3\n"),
        "line 2, column 5: expected x3, a whole number in 1..=1000000000, found \"0\""
    );
    assert_eq!(
        error("3 2\n1 2 3\n2 1 3\n3 1 1\n"),
        "line 4, column 1: expected the type of query 2, a whole number in 1..=2, found \"3\""
    );
    assert_eq!(
        error("3 1\n1 2 3\n2 3 2\n"),
        "line 3, column 5: expected b of query 1, a whole number in 3..=3, found \"2\""
    );
    assert_eq!(
        error("3 1\n1 2 3\n1 4 5\n"),
        "line 3, column 3: expected k of query 1, a whole number in 1..=3, found \"4\""
    );
    assert_eq!(
        error("3 1\n1 2 3\n1 1 1000000001\n"),
        "line 3, column 5: expected u of query 1, a whole number in 1..=1000000000, \
         found \"1000000001\""
    );
    assert_eq!(
        error("200001 1\n"),
        "line 1, column 1: expected n, a whole number in 1..=200000, found \"200001\""
    );
}

#[test]
fn a_missing_token_points_at_the_end_of_the_input() {
    assert_eq!(
        error("3 2\n1 2 3\n2 1 3\n"),
        "line 4, column 1: expected the type of query 2, a whole number in 1..=2, found nothing"
    );
    assert_eq!(
        error("3 1\n1 2"),
        "line 2, column 4: expected x3, a whole number in 1..=1000000000, found nothing"
    );
}

/// The house `main`: one line on stderr and exit status 1 on bad input, and
/// on a stdout that cannot be written.
#[test]
fn the_program_fails_the_house_way() {
    testkit::assert_fails_the_house_way(
        env!("CARGO_BIN_EXE_cses1648"),
        "1 1\n5\n2 1 x\n",
        b"",
        "error: line 3, column 5: expected b of query 1, a whole number in 1..=1, found \"x\"\n",
        "1 1\n5\n2 1 1\n",
    );
}
