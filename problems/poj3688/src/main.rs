//! POJ 3688 Cheat in the Game — http://poj.org/problem?id=3688
//!
//! Alice surely wins on W exactly when W is the sum of an odd number of cards
//! and of no even number of cards. The textbook table `reach[w][parity]`,
//! updated card by card, costs N·M cell updates. Here its two parity rows are
//! bitsets of u64 words: a card a does `odd |= even << a` and
//! `even |= odd << a` (from the old sets) a word at a time, only on the words
//! that can change: from word a/64 up to the largest sum reachable so far,
//! stopping below the top band of words already all ones in both sets (on
//! random data that band soon covers almost everything). Cards above M are
//! skipped. The c equal cards of one value a (at most M / a of them matter)
//! are taken as binary pieces of 1, 2, 4, ..., rest cards: the pieces' subset
//! sizes are exactly 0..=c, and a piece of p cards shifts by p·a and swaps the
//! parity iff p is odd, so parities stay exact.
//!
//! Complexity: O(N log N + S·M/64) per case, where S ≤ N is the number of
//! pieces (Σ over distinct values of ⌈log2(c + 1)⌉) and a piece does a few
//! passes over at most M/64 + 1 words: ≤ 1.6·10^7 word positions per pass at
//! N = 10^4, M = 10^5 (all-odd cards, which never fill a word, come close;
//! random cards stay far below). Memory: three bitsets of M + 1 bits
//! (≈ 37 KiB at M = 10^5) plus the cards.

use std::io::{self, Read, Write};
use std::process::ExitCode;

/// Largest M accepted: 100 times the judge's bound; the bitsets then take
/// 3·M/8 bytes ≈ 3.6 MiB.
const MAX_WEIGHT: u64 = 10_000_000;

/// The parity sets of one case, with buffers reused across cases so a file
/// of many cases allocates once.
#[derive(Default)]
pub struct Workspace {
    /// Bit w: w is the sum of an even number of the cards added so far.
    even: Vec<u64>,
    /// Bit w: w is the sum of an odd number of them.
    odd: Vec<u64>,
    scratch: Vec<u64>,
    values: Vec<usize>,
    max_weight: usize,
    /// Largest sum reachable so far, capped at `max_weight`.
    reach: usize,
    /// Words from here up are all ones in both sets, so no card changes them.
    full_from: usize,
}

/// Counts W in 1..=`max_weight` that are the sum of an odd number of `cards`
/// and of no even number of them.
pub fn odd_only_count(cards: &[u64], max_weight: usize, work: &mut Workspace) -> usize {
    let words = max_weight / 64 + 1;
    for set in [&mut work.even, &mut work.odd, &mut work.scratch] {
        set.clear();
        set.resize(words, 0);
    }
    // Bits above M are never counted; setting them lets the last word count
    // as full, and shifts only move them further up, out of the table.
    let in_range = in_range_mask(max_weight);
    work.even[words - 1] |= !in_range;
    work.odd[words - 1] |= !in_range;
    work.even[0] |= 1;
    work.max_weight = max_weight;
    work.reach = 0;
    work.full_from = words;

    work.values.clear();
    work.values.extend(
        cards
            .iter()
            .filter(|&&card| card <= max_weight as u64)
            .map(|&card| card as usize),
    );
    // Ascending order keeps `reach` small while the small cards go in.
    work.values.sort_unstable();

    let mut start = 0;
    while start < work.values.len() {
        let value = work.values[start];
        let mut end = start;
        while end < work.values.len() && work.values[end] == value {
            end += 1;
        }
        let mut left = (end - start).min(max_weight / value);
        let mut piece = 1;
        while left > 0 {
            let cards_taken = piece.min(left);
            add_piece(work, cards_taken, cards_taken * value);
            left -= cards_taken;
            piece *= 2;
        }
        start = end;
    }

    let odd_only = |(index, (&odd, &even)): (usize, (&u64, &u64))| {
        let mask = if index + 1 == words {
            in_range
        } else {
            u64::MAX
        };
        (odd & !even & mask).count_ones() as usize
    };
    // Bit 0 never counts: the empty hand puts 0 in `even`.
    work.odd
        .iter()
        .zip(&work.even)
        .enumerate()
        .map(odd_only)
        .sum()
}

/// The bits of the last word that stand for sums up to `max_weight`.
fn in_range_mask(max_weight: usize) -> u64 {
    let top_bit = max_weight % 64;
    if top_bit == 63 {
        u64::MAX
    } else {
        (1 << (top_bit + 1)) - 1
    }
}

/// Adds the option of taking a piece of `cards_taken` cards worth `shift`.
fn add_piece(work: &mut Workspace, cards_taken: usize, shift: usize) {
    work.reach = (work.reach + shift).min(work.max_weight);
    let end = (work.reach / 64 + 1).min(work.full_from);
    let word_shift = shift / 64;
    if word_shift >= end {
        return;
    }
    let source_len = end - word_shift;
    let Workspace {
        even, odd, scratch, ..
    } = work;
    scratch[..source_len].copy_from_slice(&odd[..source_len]);
    if cards_taken % 2 == 1 {
        or_shifted(odd, even, shift, end);
        or_shifted(even, scratch, shift, end);
    } else {
        or_shifted(odd, scratch, shift, end);
        scratch[..source_len].copy_from_slice(&even[..source_len]);
        or_shifted(even, scratch, shift, end);
    }
    while work.full_from > 0
        && work.even[work.full_from - 1] & work.odd[work.full_from - 1] == u64::MAX
    {
        work.full_from -= 1;
    }
}

/// ORs the bitset `source` moved up by `shift` bits into words
/// `shift / 64..end` of `dest`; needs `shift / 64 < end`.
fn or_shifted(dest: &mut [u64], source: &[u64], shift: usize, end: usize) {
    let word_shift = shift / 64;
    let bit_shift = shift % 64;
    let dest = &mut dest[word_shift..end];
    let source = &source[..end - word_shift];
    dest[0] |= source[0] << bit_shift;
    // `>> 1 >> (63 - s)` is `>> (64 - s)` made valid for s = 0, and this
    // spelling keeps newer LLVMs on vector shifts instead of a scalar shld.
    for ((d, &high), &low) in dest[1..].iter_mut().zip(&source[1..]).zip(source) {
        *d |= high << bit_shift | low >> 1 >> (63 - bit_shift);
    }
}

/// Whitespace-separated tokens, remembering the line of the latest one.
struct Tokens<'a> {
    input: &'a [u8],
    pos: usize,
    line: usize,
}

impl<'a> Tokens<'a> {
    fn new(input: &'a [u8]) -> Self {
        Tokens {
            input,
            pos: 0,
            line: 1,
        }
    }

    fn is_exhausted(&self) -> bool {
        self.input[self.pos..]
            .iter()
            .all(|byte| byte.is_ascii_whitespace())
    }

    /// The next token; at the end of input `line` stays on the last token so
    /// errors point at what came before the gap.
    fn next_token(&mut self) -> Option<&'a [u8]> {
        let mut line = self.line;
        while let Some(&byte) = self.input.get(self.pos) {
            if !byte.is_ascii_whitespace() {
                break;
            }
            if byte == b'\n' {
                line += 1;
            }
            self.pos += 1;
        }
        let start = self.pos;
        while self
            .input
            .get(self.pos)
            .is_some_and(|byte| !byte.is_ascii_whitespace())
        {
            self.pos += 1;
        }
        if start == self.pos {
            return None;
        }
        self.line = line;
        Some(&self.input[start..self.pos])
    }

    /// The next token as a number in `low..=high`, or a message saying that
    /// `what()` was expected and what was found instead. `what` is a closure
    /// so that naming card 9999 costs nothing unless it is wrong.
    fn number(
        &mut self,
        what: impl FnOnce() -> String,
        low: u64,
        high: u64,
    ) -> Result<u64, String> {
        let token = self.next_token();
        match token.and_then(parse_u64) {
            Some(value) if (low..=high).contains(&value) => Ok(value),
            _ if high == u64::MAX => Err(format!(
                "expected {}, a whole number {low} or more, found {}",
                what(),
                describe(token)
            )),
            _ => Err(format!(
                "expected {}, a number in {low}..={high}, found {}",
                what(),
                describe(token)
            )),
        }
    }
}

fn parse_u64(token: &[u8]) -> Option<u64> {
    if token.is_empty() {
        return None;
    }
    token.iter().try_fold(0u64, |value, &byte| {
        if byte.is_ascii_digit() {
            value.checked_mul(10)?.checked_add(u64::from(byte - b'0'))
        } else {
            None
        }
    })
}

fn describe(token: Option<&[u8]>) -> String {
    const SHOWN: usize = 24;
    match token {
        None => "end of input".to_string(),
        Some(token) if token.len() > SHOWN => {
            format!("{:?}...", String::from_utf8_lossy(&token[..SHOWN]))
        }
        Some(token) => format!("{:?}", String::from_utf8_lossy(token)),
    }
}

/// One test case: `N M`, then N cards.
struct Case {
    max_weight: usize,
    cards: Vec<u64>,
}

/// Reads the next case into `case`; `Ok(false)` at `0 0`, at `0 M`, at a
/// last lone `0` and at the end of input.
fn read_case(tokens: &mut Tokens, case: &mut Case) -> Result<bool, String> {
    if tokens.is_exhausted() {
        return Ok(false);
    }
    let card_count = tokens.number(|| "N".into(), 0, u64::MAX)?;
    // A lone 0 at the very end ends the input like `0 0`.
    if card_count == 0 && tokens.is_exhausted() {
        return Ok(false);
    }
    let max_weight = tokens.number(|| "M".into(), 0, MAX_WEIGHT)?;
    if card_count == 0 {
        return Ok(false);
    }
    case.max_weight = max_weight as usize;
    case.cards.clear();
    for index in 1..=card_count {
        let what = || format!("card {index} of {card_count}");
        case.cards.push(tokens.number(what, 1, u64::MAX)?);
    }
    Ok(true)
}

/// Answers every case of `input` into `out`, one count per line. On bad input
/// the answers of the cases before it are already in `out`, and the error
/// names the case and the line.
pub fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
    let mut tokens = Tokens::new(input);
    let mut case = Case {
        max_weight: 0,
        cards: Vec::new(),
    };
    let mut work = Workspace::default();
    for case_number in 1u64.. {
        match read_case(&mut tokens, &mut case) {
            Ok(true) => {}
            Ok(false) => break,
            Err(message) => {
                return Err(format!(
                    "test case {case_number} (line {}): {message}",
                    tokens.line
                ))
            }
        }
        let count = odd_only_count(&case.cards, case.max_weight, &mut work);
        out.extend_from_slice(count.to_string().as_bytes());
        out.push(b'\n');
    }
    Ok(())
}

fn main() -> ExitCode {
    let mut input = Vec::new();
    if let Err(error) = io::stdin().lock().read_to_end(&mut input) {
        eprintln!("poj3688: cannot read stdin: {error}");
        return ExitCode::FAILURE;
    }
    let mut out = Vec::new();
    let result = solve(&input, &mut out);
    let mut stdout = io::stdout().lock();
    if stdout
        .write_all(&out)
        .and_then(|()| stdout.flush())
        .is_err()
    {
        return ExitCode::FAILURE;
    }
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("poj3688: {message}");
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
        (String::from_utf8(out).expect("output is ASCII"), result)
    }

    fn count(cards: &[u64], max_weight: usize) -> usize {
        odd_only_count(cards, max_weight, &mut Workspace::default())
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
    fn all_even_cards_reach_no_odd_weight() {
        let cards: Vec<u64> = (1..=200).map(|i| 2 * i).collect();
        let mut work = Workspace::default();
        odd_only_count(&cards, 1_000, &mut work);
        let odd_weight_reached = (1..=1_000).step_by(2).any(|w| {
            work.odd[w / 64] >> (w % 64) & 1 == 1 || work.even[w / 64] >> (w % 64) & 1 == 1
        });
        assert!(!odd_weight_reached);
    }

    #[test]
    fn workspace_reuse_gives_fresh_answers() {
        let mut work = Workspace::default();
        assert_eq!(odd_only_count(&[1, 2, 3], 10, &mut work), 3);
        assert_eq!(odd_only_count(&[7; 5], 100_000, &mut work), 3);
        assert_eq!(odd_only_count(&[2, 2], 5, &mut work), 1);
        assert_eq!(odd_only_count(&[1, 2, 3], 10, &mut work), 3);
    }

    #[test]
    fn max_weight_beyond_the_judge_bound() {
        assert_eq!(count(&[1_000_000, 3, 999_997], 1_000_000), 2);
        assert_eq!(count(&[7; 3], 10_000_000), 2);
    }

    #[test]
    fn non_number_names_case_and_line() {
        let (out, result) = run("3 10\n1 2 3\n2 5\n2 x\n");
        assert_eq!(out, "3\n");
        assert_eq!(
            result,
            Err(
                "test case 2 (line 4): expected card 2 of 2, a whole number 1 or more, found \"x\""
                    .to_string()
            )
        );
    }

    #[test]
    fn truncated_cards() {
        let (out, result) = run("1 5\n3\n3 10\n1 2\n");
        assert_eq!(out, "1\n");
        assert_eq!(
            result,
            Err(
                "test case 2 (line 4): expected card 3 of 3, a whole number 1 or more, found end of input"
                    .to_string()
            )
        );
    }

    #[test]
    fn missing_or_negative_n_and_m() {
        let (out, result) = run("1 5\n3\n4\n");
        assert_eq!(out, "1\n");
        assert_eq!(
            result,
            Err(
                "test case 2 (line 3): expected M, a number in 0..=10000000, found end of input"
                    .to_string()
            )
        );
        let (out, result) = run("-1 5\n3\n");
        assert_eq!(out, "");
        assert_eq!(
            result,
            Err(
                "test case 1 (line 1): expected N, a whole number 0 or more, found \"-1\""
                    .to_string()
            )
        );
        let (_, result) = run("2 -5\n3 4\n");
        assert_eq!(
            result,
            Err(
                "test case 1 (line 1): expected M, a number in 0..=10000000, found \"-5\""
                    .to_string()
            )
        );
        assert!(run("5\n").1.is_err());
    }

    #[test]
    fn huge_numbers_are_errors_not_panics() {
        let (out, result) = run("1 5\n3\n1 10000001\n1\n");
        assert_eq!(out, "1\n");
        assert!(result
            .unwrap_err()
            .starts_with("test case 2 (line 3): expected M"));
        let (_, result) = run("1 5\n18446744073709551616\n");
        assert!(result
            .unwrap_err()
            .starts_with("test case 1 (line 2): expected card 1 of 1"));
        let (_, result) = run("99999999999999999999999999999999999 5\n");
        assert_eq!(
            result,
            Err("test case 1 (line 1): expected N, a whole number 0 or more, found \"999999999999999999999999\"...".to_string())
        );
        let (_, result) = run("18446744073709551615 5\n1 2\n");
        assert!(result
            .unwrap_err()
            .contains("card 3 of 18446744073709551615"));
    }

    #[test]
    fn zero_card_and_garbage_bytes_are_errors() {
        let (_, result) = run("2 5\n1 0\n");
        assert!(result
            .unwrap_err()
            .contains("card 2 of 2, a whole number 1 or more"));
        let (_, result) = run("1 5\n\u{fffd}\x00\n");
        assert!(result.unwrap_err().starts_with("test case 1 (line 2)"));
        let mut out = Vec::new();
        assert!(solve(b"1 5\n3\n1 \xff\xfe", &mut out).is_err());
        assert_eq!(out, b"1\n");
    }
}
