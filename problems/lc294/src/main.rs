//! lc294 — Flip Game II (LeetCode 294): https://leetcode.com/problems/flip-game-ii/
//!
//! Idea: a move flips `++` inside one run of `+`, so a position is a sum of
//! independent games, one per run, and the player to move wins iff the xor of
//! the runs' Grundy values is non-zero (Sprague–Grundy). Flipping a pair in a
//! run of n leaves runs of i and n-2-i, so g(n) = mex{ g(i) xor g(n-2-i) }:
//! the octal game 0.07 (Dawson's Kayles). Its values repeat with period 34 from
//! n = 53 on; the tests check this up to n = 600, past 2·53 + 34 + 2 = 142,
//! which by the periodicity theorem for octal games proves it for every n.
//! So the first 87 values are computed at compile time and longer runs fold
//! into the period.
//!
//! Complexity: O(n) time and O(1) memory beyond the input for a string of
//! length n: one scan with O(1) work per character (the 87-entry table costs
//! O(87^2) once, at compile time). For the follow-up: plain
//! backtracking costs T(n) = n·T(n-2), O(n!!); memoizing whole strings still
//! visits every reachable string, Fib(n+1) ≈ 1.62^n for a run of n `+`
//! (2.5·10^12 for n = 60), each costing O(n^2) to expand. Computing g by its
//! definition instead of the period is O(n^2).
//!
//! Local input (LeetCode's custom-testcase format): one JSON string literal
//! per line, blank lines skipped; output `true` or `false` per line.

use std::io::{Read, Write};
use std::process::ExitCode;

// submit-begin
/// Runs of `+` at least this long have Grundy values periodic in the length.
const PERIOD_START: usize = 53;
const PERIOD: usize = 34;
const GRUNDY_TABLE_LEN: usize = PERIOD_START + PERIOD;
/// Grundy value of a run of n `+`, for n < `GRUNDY_TABLE_LEN`.
const GRUNDY: [u8; GRUNDY_TABLE_LEN] = grundy_table();

const fn grundy_table() -> [u8; GRUNDY_TABLE_LEN] {
    let mut grundy = [0u8; GRUNDY_TABLE_LEN];
    let mut run = 2;
    while run < GRUNDY_TABLE_LEN {
        // Bit v is set when some move leaves a position of Grundy value v;
        // the values stay below 16, and a shift past 31 would not compile.
        let mut reachable: u32 = 0;
        let mut left = 0;
        while left + 2 <= run {
            reachable |= 1 << (grundy[left] ^ grundy[run - 2 - left]);
            left += 1;
        }
        grundy[run] = reachable.trailing_ones() as u8;
        run += 1;
    }
    grundy
}

/// Whether the player to move wins; every byte other than `+` ends a run.
pub fn first_player_wins(state: &[u8]) -> bool {
    let mut total = 0;
    // Where the current run's Grundy value sits in `GRUNDY`: one step per `+`,
    // one period back on running off the end. Updated without branches:
    // on random strings a branch per cell mispredicts often and costs 2.5x.
    let mut run = 0;
    for &cell in state {
        let is_plus = cell == b'+';
        total ^= GRUNDY[run] * u8::from(!is_plus);
        let longer = if run + 1 == GRUNDY_TABLE_LEN {
            PERIOD_START
        } else {
            run + 1
        };
        run = if is_plus { longer } else { 0 };
    }
    total ^ GRUNDY[run] != 0
}

impl Solution {
    pub fn can_win(current_state: String) -> bool {
        first_player_wins(current_state.as_bytes())
    }
}
// submit-end

pub struct Solution;

/// Answers every line of `input` into `out`; on a bad line, stops with the
/// answers of the earlier lines already in `out`.
pub fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
    for (index, line) in input.split(|&byte| byte == b'\n').enumerate() {
        // `first_player_wins` is what `can_win` runs; calling it on the line
        // itself saves copying a 10^7-byte line into a `String`.
        if let Some(state) = parse_state(line, index + 1)? {
            write_answer(first_player_wins(state), out);
        }
    }
    Ok(())
}

fn is_json_whitespace(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\r' | b'\n')
}

/// The string that line `line_number` holds, or `None` for a blank line.
fn parse_state(line: &[u8], line_number: usize) -> Result<Option<&[u8]>, String> {
    let start = match line.iter().position(|&byte| !is_json_whitespace(byte)) {
        Some(start) => start,
        None => return Ok(None),
    };
    let trailing_whitespace = line
        .iter()
        .rev()
        .take_while(|&&byte| is_json_whitespace(byte));
    let literal = &line[start..line.len() - trailing_whitespace.count()];
    if literal.first() != Some(&b'"') {
        return Err(format!(
            "line {line_number}, column {}: expected '\"' opening a JSON string literal \
             such as \"++--\", found {}",
            start + 1,
            describe_first_char(literal)
        ));
    }
    if literal.len() < 2 || literal.last() != Some(&b'"') {
        return Err(format!(
            "line {line_number}: unterminated JSON string literal, expected '\"' at the end of the line"
        ));
    }
    let content = &literal[1..literal.len() - 1];
    if let Some(offset) = first_non_cell(content) {
        if content[offset] == b'"' {
            return Err(format!(
                "line {line_number}, column {}: the string literal ends here but the line \
                 goes on; expected one JSON string per line",
                start + 2 + offset
            ));
        }
        return Err(format!(
            "line {line_number}, column {}: expected '+' or '-', found {}",
            start + 2 + offset,
            describe_first_char(&content[offset..])
        ));
    }
    Ok(Some(content))
}

fn is_cell(byte: u8) -> bool {
    (byte == b'+') | (byte == b'-')
}

/// Offset of the first byte of `content` that is neither `+` nor `-`.
fn first_non_cell(content: &[u8]) -> Option<usize> {
    // A check without early exit inside each chunk vectorizes: on a 10^7-byte
    // line it is about four times faster than a plain `position`.
    const CHUNK: usize = 64;
    let bad_chunk = content.chunks(CHUNK).position(|chunk| {
        !chunk
            .iter()
            .fold(true, |valid, &byte| valid & is_cell(byte))
    })?;
    let chunk_start = bad_chunk * CHUNK;
    content[chunk_start..]
        .iter()
        .position(|&byte| !is_cell(byte))
        .map(|inner| chunk_start + inner)
}

/// The character `bytes` starts with, quoted, or the byte if it is not UTF-8.
fn describe_first_char(bytes: &[u8]) -> String {
    let head = &bytes[..bytes.len().min(4)];
    let decoded = match std::str::from_utf8(head) {
        Ok(text) => text,
        Err(error) => std::str::from_utf8(&head[..error.valid_up_to()]).unwrap_or(""),
    };
    match (decoded.chars().next(), bytes.first()) {
        (Some(c), _) => format!("{c:?}"),
        (None, Some(byte)) => format!("byte 0x{byte:02x} (not UTF-8)"),
        (None, None) => "the end of the line".into(),
    }
}

fn write_answer(first_player_wins: bool, out: &mut Vec<u8>) {
    out.extend_from_slice(if first_player_wins {
        b"true\n"
    } else {
        b"false\n"
    });
}

fn main() -> ExitCode {
    let mut input = Vec::new();
    if let Err(error) = std::io::stdin().lock().read_to_end(&mut input) {
        eprintln!("lc294: cannot read stdin: {error}");
        return ExitCode::FAILURE;
    }
    let mut out = Vec::new();
    let result = solve(&input, &mut out);
    let mut stdout = std::io::stdout().lock();
    if let Err(error) = stdout.write_all(&out).and_then(|()| stdout.flush()) {
        eprintln!("lc294: cannot write stdout: {error}");
        return ExitCode::FAILURE;
    }
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("lc294: {message}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(input: &[u8]) -> (Vec<u8>, Result<(), String>) {
        let mut out = Vec::new();
        let result = solve(input, &mut out);
        (out, result)
    }

    fn answers(input: &str) -> String {
        let (out, result) = run(input.as_bytes());
        assert_eq!(result, Ok(()));
        String::from_utf8(out).expect("answers are ASCII")
    }

    #[test]
    fn samples() {
        assert_eq!(answers("\"++++\"\n"), "true\n");
        assert_eq!(answers("\"+\"\n"), "false\n");
        assert_eq!(answers("\"++++\"\n\"+\"\n"), "true\nfalse\n");
    }

    #[test]
    fn statement_facts() {
        assert!(!Solution::can_win("++--++".into()));
        assert!(!Solution::can_win("+++++".into()));
        assert!(Solution::can_win("++++++".into()));
        for losing in [0, 1, 5, 9, 15, 21, 25, 29, 35, 39, 43, 55, 59, 63] {
            assert!(!Solution::can_win("+".repeat(losing)), "{losing} pluses");
        }
        for winning in [2, 3, 4, 6, 7, 8, 10, 34, 53, 54, 60, 86, 87] {
            assert!(Solution::can_win("+".repeat(winning)), "{winning} pluses");
        }
    }

    #[test]
    fn grundy_prefix_starts_like_dawsons_kayles() {
        assert_eq!(
            GRUNDY[..16],
            [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0]
        );
    }

    #[test]
    fn runs_past_the_table_fold_into_the_period() {
        for run in [GRUNDY_TABLE_LEN - 1, GRUNDY_TABLE_LEN, 200, 1_000_003] {
            let folded = PERIOD_START + (run - PERIOD_START) % PERIOD;
            for (prefix, suffix) in [("", ""), ("++-", "-+++")] {
                let long = format!("{prefix}{}{suffix}", "+".repeat(run));
                let short = format!("{prefix}{}{suffix}", "+".repeat(folded));
                assert_eq!(
                    Solution::can_win(long),
                    Solution::can_win(short),
                    "{run} pluses"
                );
            }
        }
    }

    #[test]
    fn blank_lines_crlf_whitespace_and_missing_final_newline() {
        assert_eq!(answers(""), "");
        assert_eq!(answers("\n\r\n  \n"), "");
        assert_eq!(
            answers("\"++++\"\r\n\r\n\t \"+\" \r\n\"\""),
            "true\nfalse\nfalse\n"
        );
        assert_eq!(answers("\"---\"\n\"-++-\""), "false\ntrue\n");
    }

    #[test]
    fn not_a_string_literal() {
        let (out, result) = run(b"\"++++\"\n  ++++\n\"+\"\n");
        assert_eq!(out, b"true\n");
        assert_eq!(
            result,
            Err(
                "line 2, column 3: expected '\"' opening a JSON string literal such as \
                 \"++--\", found '+'"
                    .into()
            )
        );
        let (out, result) = run(b"123456789012345678901234567890\n");
        assert_eq!(out, b"");
        assert!(result
            .expect_err("a number")
            .starts_with("line 1, column 1:"));
    }

    #[test]
    fn unterminated_literal() {
        for truncated in [&b"\"+\"\n\"++"[..], b"\"+\"\n\"", b"\"+\"\r\n\"++\" x\r\n"] {
            let (out, result) = run(truncated);
            assert_eq!(out, b"false\n");
            assert_eq!(
                result,
                Err("line 2: unterminated JSON string literal, expected '\"' at the end of the line"
                    .into())
            );
        }
    }

    #[test]
    fn bad_characters_name_line_and_column() {
        let (out, result) = run(b"\"++\"\n\"+\"\n \"+-x+\"\n\"++\"\n");
        assert_eq!(out, b"true\nfalse\n");
        assert_eq!(
            result,
            Err("line 3, column 5: expected '+' or '-', found 'x'".into())
        );
        let (_, result) = run("\"+é\"".as_bytes());
        assert_eq!(
            result,
            Err("line 1, column 3: expected '+' or '-', found 'é'".into())
        );
        let (_, result) = run(b"\"+\xff+\"");
        assert_eq!(
            result,
            Err("line 1, column 3: expected '+' or '-', found byte 0xff (not UTF-8)".into())
        );
        let (_, result) = run(b"\"+\\u002b\"");
        assert_eq!(
            result,
            Err("line 1, column 3: expected '+' or '-', found '\\\\'".into())
        );
        let (_, result) = run(b"\"+\"+\"");
        assert_eq!(
            result,
            Err(
                "line 1, column 3: the string literal ends here but the line goes on; \
                 expected one JSON string per line"
                    .into()
            )
        );
        let (_, result) = run(b"\"++++\" \"+\"\n");
        assert!(result
            .unwrap_err()
            .starts_with("line 1, column 6: the string literal ends"));
    }

    #[test]
    fn describes_characters_and_bytes() {
        assert_eq!(describe_first_char(b""), "the end of the line");
        assert_eq!(describe_first_char(b"\xe2\x82"), "byte 0xe2 (not UTF-8)");
        assert_eq!(describe_first_char("€x".as_bytes()), "'€'");
        assert_eq!(describe_first_char("😀".as_bytes()), "'😀'");
    }
}
