//! POJ 1143 Number Game — http://poj.org/problem?id=1143
//!
//! Idea: a position is the bitmask of still-available numbers 2..=20 (bit n =
//! number n). Choosing x clears bit x and then, walking y upwards from x + 1,
//! clears y whenever y - x is no longer available (1 never counts as
//! forbidden); walking upwards means y - x was already updated, so sums of
//! several copies of x are caught. A position is winning when some move
//! leads to a losing one. Win/lose is memoized in one table indexed by the
//! 19-bit mask and shared by all test cases: a position's value never depends
//! on the test case.
//!
//! Input lines that are not reachable from {2..20} (say {6} while 2 and 3 are
//! forbidden) are answered by the same rules, taking the missing numbers as
//! forbidden: the game is well-defined on any set.
//!
//! Complexity: a position is expanded at most once ever (the memo), with at
//! most 19 moves of at most 19 steps each. Every position visited from a
//! reachable input is itself reachable from {2..20}, and there are only 3514
//! of those besides the empty one, so the whole search costs at most
//! 3514 * 19 * 19 ≈ 1.3 million steps however many test cases there are (any
//! input at all: at most 2^19 positions). A second table keeps the winning
//! moves of every position asked about, so each distinct input position
//! costs O(19 * 19) once; after that a test case costs one lookup plus
//! reading its line and writing its answer, with no allocation. Memory is the
//! 512 KiB win/lose table and the 2 MiB winning-moves table, of which only the
//! pages of positions actually asked about are ever touched.

use std::io::{Read, Write};
use std::process::ExitCode;

const LOWEST: u32 = 2;
const HIGHEST: u32 = 20;

/// Bits LOWEST..=HIGHEST set: the position before anyone has moved.
pub const FULL_SET: u32 = ((1 << (HIGHEST + 1)) - 1) & !((1 << LOWEST) - 1);

/// The available numbers after choosing `number` (which must be available).
pub fn after_choosing(available: u32, number: u32) -> u32 {
    let mut next = available & !(1 << number);
    for y in number + 1..=HIGHEST {
        let difference = y - number;
        if difference >= LOWEST && next & (1 << difference) == 0 {
            next &= !(1 << y);
        }
    }
    next
}

/// Win/lose of every position met so far, and the winning moves of every
/// position asked about so far, shared across test cases.
pub struct Outcomes {
    /// Indexed by `available >> LOWEST`: UNKNOWN, LOSING or WINNING.
    by_position: Vec<u8>,
    /// Same index: 0 while not asked yet, else the winning moves with the
    /// KNOWN bit set. Kept apart from `by_position` so the search can stop at
    /// the first winning move instead of trying them all.
    winning_moves_by_position: Vec<u32>,
}

const UNKNOWN: u8 = 0;
const LOSING: u8 = 1;
const WINNING: u8 = 2;

/// Bit 0 is never a number, so it can tell "no winning move" from "not asked".
const KNOWN: u32 = 1;

impl Default for Outcomes {
    fn default() -> Outcomes {
        let positions = 1 << (HIGHEST - LOWEST + 1);
        Outcomes {
            by_position: vec![UNKNOWN; positions],
            winning_moves_by_position: vec![0; positions],
        }
    }
}

impl Outcomes {
    /// Whether the player to move from `available` can force a win.
    /// Recursion depth is at most 19: every move removes a number.
    pub fn player_to_move_wins(&mut self, available: u32) -> bool {
        let index = (available >> LOWEST) as usize;
        match self.by_position[index] {
            WINNING => return true,
            LOSING => return false,
            _ => {}
        }
        let wins = available_numbers(available)
            .any(|number| !self.player_to_move_wins(after_choosing(available, number)));
        self.by_position[index] = if wins { WINNING } else { LOSING };
        wins
    }

    /// The moves after which the opponent loses, as a bitmask like a position.
    pub fn winning_moves(&mut self, available: u32) -> u32 {
        let index = (available >> LOWEST) as usize;
        let stored = self.winning_moves_by_position[index];
        if stored & KNOWN != 0 {
            return stored & !KNOWN;
        }
        let moves = available_numbers(available)
            .filter(|&number| !self.player_to_move_wins(after_choosing(available, number)))
            .fold(0, |moves, number| moves | 1 << number);
        self.winning_moves_by_position[index] = moves | KNOWN;
        moves
    }
}

fn available_numbers(available: u32) -> impl Iterator<Item = u32> {
    (LOWEST..=HIGHEST).filter(move |&number| available & (1 << number) != 0)
}

/// Appends `value` in decimal; `format!` would allocate a String per number.
fn push_decimal(out: &mut Vec<u8>, value: usize) {
    if value >= 10 {
        push_decimal(out, value / 10);
    }
    out.push(b'0' + (value % 10) as u8);
}

/// Appends one test case's answer in POJ's exact format.
fn write_case(out: &mut Vec<u8>, case_number: usize, winning_moves: u32) {
    out.extend_from_slice(b"Test Case #");
    push_decimal(out, case_number);
    out.push(b'\n');
    if winning_moves == 0 {
        out.extend_from_slice(b"There's no winning move.\n");
    } else {
        out.extend_from_slice(b"The winning moves are:");
        for number in available_numbers(winning_moves) {
            out.push(b' ');
            push_decimal(out, number as usize);
        }
        out.push(b'\n');
    }
    out.push(b'\n');
}

/// Shows a token in an error message, cut short if it is huge.
fn quoted(token: &[u8]) -> String {
    const SHOWN: usize = 20;
    let text = String::from_utf8_lossy(&token[..token.len().min(SHOWN)]).into_owned();
    if token.len() > SHOWN {
        format!("{text:?}...")
    } else {
        format!("{text:?}")
    }
}

/// The token as a number in `range`, or None (also for huge or signed ones).
fn number_in(token: &[u8], range: std::ops::RangeInclusive<u32>) -> Option<u32> {
    if token.is_empty() || !token.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let value = token.iter().try_fold(0u32, |value, &digit| {
        value.checked_mul(10)?.checked_add(u32::from(digit - b'0'))
    })?;
    Some(value).filter(|value| range.contains(value))
}

/// The whitespace-separated tokens of a line, borrowed, not collected.
fn tokens(line: &[u8]) -> impl Iterator<Item = &[u8]> + Clone {
    line.split(u8::is_ascii_whitespace)
        .filter(|token| !token.is_empty())
}

/// Parses one test case line ("k a1 < a2 < ... < ak") into a position.
fn parse_position<'a>(
    count_token: &[u8],
    number_tokens: impl Iterator<Item = &'a [u8]> + Clone,
) -> Result<u32, String> {
    let count = number_in(count_token, 1..=HIGHEST).ok_or_else(|| {
        if count_token == b"0" {
            "found 0 followed by more numbers: a 0 ends the input only alone on its line".into()
        } else {
            format!(
                "expected a count in 1..{HIGHEST} (or 0 alone to end), found {}",
                quoted(count_token)
            )
        }
    })?;
    let found = number_tokens.clone().count();
    if found != count as usize {
        let plural = if found == 1 { "" } else { "s" };
        return Err(format!(
            "count is {count} but the line has {found} number{plural}"
        ));
    }
    let mut available = 0;
    let mut previous = 0;
    for (index, token) in number_tokens.enumerate() {
        let number = number_in(token, LOWEST..=HIGHEST).ok_or_else(|| {
            format!(
                "number {}: expected a number in {LOWEST}..{HIGHEST}, found {}",
                index + 1,
                quoted(token)
            )
        })?;
        if number <= previous {
            return Err(format!(
                "number {}: expected numbers in ascending order, found {number} after {previous}",
                index + 1
            ));
        }
        available |= 1 << number;
        previous = number;
    }
    Ok(available)
}

/// Answers every test case of `input` into `out`. Blank lines are skipped; a
/// line holding only `0`, or the end of input, ends the cases. On bad input
/// the answers to all earlier cases are already in `out`.
pub fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
    let mut outcomes = Outcomes::default();
    let mut case_number = 0;
    for (line_index, line) in input.split(|&byte| byte == b'\n').enumerate() {
        let mut line_tokens = tokens(line);
        let first = match line_tokens.next() {
            Some(token) => token,
            None => continue,
        };
        if first == b"0" && line_tokens.clone().next().is_none() {
            break;
        }
        case_number += 1;
        let available = parse_position(first, line_tokens).map_err(|message| {
            format!(
                "test case {case_number} (line {}): {message}",
                line_index + 1
            )
        })?;
        write_case(out, case_number, outcomes.winning_moves(available));
    }
    Ok(())
}

fn main() -> ExitCode {
    let mut input = Vec::new();
    let mut out = Vec::new();
    let result = match std::io::stdin().read_to_end(&mut input) {
        Ok(_) => solve(&input, &mut out),
        Err(error) => Err(format!("cannot read stdin: {error}")),
    };
    let mut stdout = std::io::stdout().lock();
    let written = stdout.write_all(&out).and_then(|_| stdout.flush());
    match (result, written) {
        (Ok(()), Ok(())) => ExitCode::SUCCESS,
        (Err(message), _) => {
            eprintln!("poj1143: {message}");
            ExitCode::FAILURE
        }
        (Ok(()), Err(error)) => {
            eprintln!("poj1143: cannot write stdout: {error}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    fn error(input: &str) -> (String, String) {
        let (out, result) = run(input);
        (out, result.expect_err("expected an error"))
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
    fn count_mismatch_names_case_and_line() {
        let (out, message) = error("2 2 5\n\n3 2 3\n");
        assert_eq!(out, "Test Case #1\nThe winning moves are: 2\n\n");
        assert_eq!(
            message,
            "test case 2 (line 3): count is 3 but the line has 2 numbers"
        );
        let (out, message) = error("1 2 3\n");
        assert_eq!(out, "");
        assert_eq!(
            message,
            "test case 1 (line 1): count is 1 but the line has 2 numbers"
        );
        let (_, message) = error("2 2\n");
        assert_eq!(
            message,
            "test case 1 (line 1): count is 2 but the line has 1 number"
        );
    }

    #[test]
    fn numbers_out_of_range_or_not_numbers() {
        let (out, message) = error("2 2 5\n2 1 5\n");
        assert_eq!(out, "Test Case #1\nThe winning moves are: 2\n\n");
        assert_eq!(
            message,
            "test case 2 (line 2): number 1: expected a number in 2..20, found \"1\""
        );
        let (_, message) = error("1 21\n");
        assert!(message.ends_with("expected a number in 2..20, found \"21\""));
        let (_, message) = error("2 2 x\n");
        assert!(message.ends_with("number 2: expected a number in 2..20, found \"x\""));
        let (_, message) = error("1 -3\n");
        assert!(message.ends_with("found \"-3\""));
        let (_, message) = error("1 99999999999999999999999999\n");
        assert!(message.ends_with("found \"99999999999999999999\"..."));
    }

    #[test]
    fn bad_counts() {
        let (_, message) = error("21 2 3\n");
        assert_eq!(
            message,
            "test case 1 (line 1): expected a count in 1..20 (or 0 alone to end), found \"21\""
        );
        let (_, message) = error("0 5\n");
        assert_eq!(
            message,
            "test case 1 (line 1): found 0 followed by more numbers: \
             a 0 ends the input only alone on its line"
        );
        let (_, message) = error("abc\n");
        assert!(message.contains("found \"abc\""));
        let (_, message) = error("4294967297 2\n");
        assert!(message.contains("found \"4294967297\""));
    }

    #[test]
    fn numbers_must_ascend_strictly() {
        let (out, message) = error("2 2 3\n2 5 2\n");
        assert_eq!(out, "Test Case #1\nThere's no winning move.\n\n");
        assert_eq!(
            message,
            "test case 2 (line 2): number 2: expected numbers in ascending order, found 2 after 5"
        );
        let (_, message) = error("2 5 5\n");
        assert!(message.ends_with("found 5 after 5"));
    }

    #[test]
    fn garbage_bytes_never_panic() {
        let mut out = Vec::new();
        assert!(solve(b"\xff\xfe 2\n", &mut out).is_err());
        assert!(out.is_empty());
        assert!(solve(b"\0", &mut out).is_err());
        assert!(solve(
            b"20 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 20\n",
            &mut out
        )
        .is_err());
    }

    #[test]
    fn every_subset_is_answered_without_panicking() {
        let mut outcomes = Outcomes::default();
        for available in (0..1u32 << 19).map(|bits| bits << LOWEST) {
            let moves = outcomes.winning_moves(available);
            assert_eq!(moves & !available, 0);
            assert_eq!(moves != 0, outcomes.player_to_move_wins(available));
        }
    }
}
