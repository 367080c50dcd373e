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
//! length n: one scan that reads a run of `+` eight bytes at a time and does
//! O(1) work per run (the 87-entry table costs O(87^2) once, at compile
//! time). For the follow-up: plain
//! backtracking costs T(n) = n·T(n-2), O(n!!); memoizing whole strings still
//! visits every reachable string, Fib(n+1) ≈ 1.62^n for a run of n `+`
//! (2.5·10^12 for n = 60), each costing O(n^2) to expand. Computing g by its
//! definition instead of the period is O(n^2).
//!
//! Local input: LeetCode's custom-testcase format (scripts/leetcode), one
//! JSON string per case; output `true` or `false` per case. A character
//! other than `+` and `-` is refused, naming its line and column.

use leetcode::Unmet;
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
    let mut start = 0;
    loop {
        let end = run_end(state, start);
        total ^= grundy(end - start);
        if end >= state.len() {
            return total != 0;
        }
        start = end + 1;
    }
}

/// Grundy value of a run of `run` pluses, folded into the period.
fn grundy(run: usize) -> u8 {
    if run < GRUNDY_TABLE_LEN {
        GRUNDY[run]
    } else {
        GRUNDY[PERIOD_START + (run - PERIOD_START) % PERIOD]
    }
}

/// Where the run of `+` starting at `start` ends: eight bytes at a time, so
/// a long run costs an eighth of a byte-by-byte scan.
fn run_end(state: &[u8], mut at: usize) -> usize {
    const PLUSES: u64 = u64::from_le_bytes([b'+'; 8]);
    while let Some(word) = state.get(at..at + 8) {
        let other = u64::from_le_bytes([
            word[0], word[1], word[2], word[3], word[4], word[5], word[6], word[7],
        ]) ^ PLUSES;
        if other != 0 {
            return at + other.trailing_zeros() as usize / 8;
        }
        at += 8;
    }
    at + state[at..]
        .iter()
        .position(|&cell| cell != b'+')
        .unwrap_or(state.len() - at)
}

impl Solution {
    pub fn can_win(current_state: String) -> bool {
        first_player_wins(current_state.as_bytes())
    }
}
// submit-end

pub struct Solution;

/// Answers every case of `input` into `out`; on bad input, stops with the
/// answers of the earlier cases already in `out`.
pub fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
    leetcode::cases(input, out, |case| {
        let current_state: String = case.arg_where(|state: &String| {
            // Every byte before the first other one is ASCII: its index is
            // the character's.
            match state.bytes().position(|cell| cell != b'+' && cell != b'-') {
                Some(at) => Err(Unmet::new("'+' or '-'").at(at)),
                None => Ok(()),
            }
        })?;
        Ok(Solution::can_win(current_state))
    })
}

fn main() -> ExitCode {
    testkit::main("lc294", solve)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(input: &[u8]) -> (String, Result<(), String>) {
        testkit::run(solve, input)
    }

    fn answers(input: &str) -> String {
        testkit::answers(solve, input.as_bytes())
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
    fn bad_input_names_line_column_and_type_and_keeps_earlier_answers() {
        let (out, result) = run(b"\"++++\"\n  ++++\n\"+\"\n");
        assert_eq!(out, "true\n");
        assert_eq!(
            result,
            Err("line 2, column 3: expected String: '\"' opening a JSON string, found '+'".into())
        );
        let (out, result) = run(b"\"+\"\r\n\"++\" x\r\n");
        assert_eq!(out, "false\n");
        assert_eq!(
            result,
            Err(
                "line 2, column 6: expected the end of the line: one JSON value a line, found 'x'"
                    .into()
            )
        );
        let (out, result) = run(b"\"++\"\n\"+\"\n \"+-x+\"\n\"++\"\n");
        assert_eq!(out, "true\nfalse\n");
        assert_eq!(
            result,
            Err("line 3, column 5: expected '+' or '-', found 'x'".into())
        );
        let (_, result) = run(b"\"+\"\n\"++");
        assert_eq!(
            result,
            Err("line 2, column 4: expected String: '\"' closing the string, found the end of the input"
                .into())
        );
    }
}
