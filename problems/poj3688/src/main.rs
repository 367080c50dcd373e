//! POJ 3688 Cheat in the Game — http://poj.org/problem?id=3688
//!
//! Idea: W is a sure win when it is the sum of an odd number of cards and of
//! no even number. The table `reach[w][parity]` becomes two bitsets of u64
//! words: a card a does `odd |= even << a`, `even |= odd << a` (old sets) a
//! word at a time, only from word a/64 up to the largest sum reached so far,
//! and below the top band of words already all ones in both sets (on random
//! data that band soon covers almost everything). Cards above M are skipped.
//! The c equal cards of a value a (at most M / a matter) go in as binary
//! pieces of 1, 2, 4, ..., rest cards: their subset sizes are exactly 0..=c,
//! and a piece of p cards shifts by p·a and swaps parity iff p is odd.
//!
//! Complexity: O(N log N + S·M/64) per case, S ≤ N pieces (Σ ⌈log2(c + 1)⌉
//! over distinct values), each a few passes over at most M/64 + 1 words:
//! at most 1.6·10^7 word steps per pass at N = 10^4, M = 10^5. Memory: three
//! bitsets of M + 1 bits (37 KiB at M = 10^5) and the cards.

/// Counts W in 1..=`max_weight` that are the sum of an odd number of `cards`
/// and of no even number of them.
pub fn odd_only_count(cards: &[u64], max_weight: usize) -> usize {
    let words = max_weight / 64 + 1;
    // Bit w of `even` (`odd`): w is the sum of an even (odd) number of the
    // cards added so far. Bits above M, set in both, never count (odd and not
    // even) and let the last word count as full; shifts move them out.
    let mut odd = vec![0; words];
    odd[words - 1] = !(u64::MAX >> (63 - max_weight % 64));
    let (mut even, mut old) = (odd.clone(), vec![0; words]);
    even[0] |= 1;
    // The largest sum reached so far; words from `full_from` up are all ones
    // in both sets, so no card changes them.
    let (mut reach, mut full_from) = (0usize, words);
    for_each_piece(cards, max_weight, |shift, odd_cards| {
        reach = reach.saturating_add(shift);
        let end = (reach / 64 + 1).min(full_from);
        if shift / 64 >= end {
            return;
        }
        let len = end - shift / 64;
        old[..len].copy_from_slice(&odd[..len]);
        if odd_cards {
            or_shifted(&mut odd, &even, shift, end);
        } else {
            or_shifted(&mut odd, &old, shift, end);
            old[..len].copy_from_slice(&even[..len]);
        }
        or_shifted(&mut even, &old, shift, end);
        while full_from > 0 && even[full_from - 1] & odd[full_from - 1] == u64::MAX {
            full_from -= 1;
        }
    });
    // Bit 0 never counts: the empty hand puts 0 in `even`.
    let odd_only = odd.iter().zip(&even).map(|(o, e)| (o & !e).count_ones());
    odd_only.sum::<u32>() as usize
}

/// Calls `add(worth, odd number of cards)` for the binary pieces of the cards
/// up to `max_weight`, smallest card first (that keeps `reach` small).
fn for_each_piece(cards: &[u64], max_weight: usize, mut add: impl FnMut(usize, bool)) {
    let fits = cards.iter().filter(|&&card| card <= max_weight as u64);
    let mut values: Vec<usize> = fits.map(|&card| card as usize).collect();
    values.sort_unstable();
    let mut start = 0;
    while start < values.len() {
        let value = values[start];
        let count = values[start..].iter().take_while(|&&v| v == value).count();
        start += count;
        let (mut left, mut piece) = (count.min(max_weight / value), 1);
        while left > 0 {
            let taken = piece.min(left);
            add(taken * value, taken % 2 == 1);
            (left, piece) = (left - taken, piece * 2);
        }
    }
}

/// ORs the bitset `source` moved up by `shift` bits into words
/// `shift / 64..end` of `dest`; needs `shift / 64 < end`.
fn or_shifted(dest: &mut [u64], source: &[u64], shift: usize, end: usize) {
    let (word_shift, bit_shift) = (shift / 64, shift % 64);
    let dest = &mut dest[word_shift..end];
    let source = &source[..end - word_shift];
    dest[0] |= source[0] << bit_shift;
    // `>> 1 >> (63 - s)` is `>> (64 - s)` made valid for s = 0, and this
    // spelling keeps newer LLVMs on vector shifts instead of a scalar shld.
    for ((d, &high), &low) in dest[1..].iter_mut().zip(&source[1..]).zip(source) {
        *d |= high << bit_shift | low >> 1 >> (63 - bit_shift);
    }
}

/// Answers every case (`N M`, then N cards) of `input`, one count per line,
/// until `0 M`, a last lone `0` or the end of the input.
pub fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
    let (mut tokens, mut cards) = (Tokens::new(input), Vec::new());
    while !tokens.at_end() {
        let card_count = tokens.number("N", 0..=u64::MAX)?;
        if card_count == 0 && tokens.at_end() {
            break;
        }
        // Up to 100 times the judge's bound on M: bitsets of 3.6 MiB.
        let max_weight = tokens.number("M", 0..=10_000_000)?;
        if card_count == 0 {
            break;
        }
        cards.clear();
        for i in 1..=card_count {
            cards.push(tokens.number(format_args!("card {i} of {card_count}"), 1..=u64::MAX)?);
        }
        let count = odd_only_count(&cards, max_weight as usize);
        out.extend_from_slice(format!("{count}\n").as_bytes());
    }
    Ok(())
}

// house skeleton: begin. The same bytes in every stdin solution; `make check` compares.
use std::io::{self, Read, Write};
use std::{fmt::Display, ops::RangeInclusive, process::ExitCode};

/// The input's whitespace-separated tokens (`\r\n` too). `at` is where an
/// error points: the latest token, or the end of the input once it is read.
struct Tokens<'a> {
    input: &'a [u8],
    pos: usize,
    at: usize,
}

#[allow(dead_code)] // not every input format needs every method
impl<'a> Tokens<'a> {
    fn new(input: &'a [u8]) -> Self {
        let (pos, at) = (0, 0);
        Tokens { input, pos, at }
    }

    /// The next token; empty at the end of the input (where `space_at` is None).
    fn next(&mut self) -> &'a [u8] {
        let space_at = |i: usize| self.input.get(i).map(u8::is_ascii_whitespace);
        self.at = (self.pos..).find(|&i| space_at(i) != Some(true)).unwrap();
        self.pos = (self.at..).find(|&i| space_at(i) != Some(false)).unwrap();
        &self.input[self.at..self.pos]
    }

    fn at_end(&self) -> bool {
        self.input[self.pos..].iter().all(u8::is_ascii_whitespace)
    }

    /// The next token as a whole number in `range`; the error names `what`.
    fn number(&mut self, what: impl Display, range: RangeInclusive<u64>) -> Result<u64, String> {
        let token = self.next();
        let digit = |n: u64, &byte: &u8| {
            let digit = (byte as char).to_digit(10)?;
            n.checked_mul(10)?.checked_add(digit.into())
        };
        match token.iter().try_fold(0, digit) {
            Some(value) if !token.is_empty() && range.contains(&value) => Ok(value),
            _ => Err(self.error(format_args!(
                "expected {what}, a whole number in {range:?}, found {}",
                shown(token)
            ))),
        }
    }

    /// `message` after the line and column (in bytes, from 1) of `at`.
    fn error(&self, message: impl Display) -> String {
        let lines: Vec<&[u8]> = self.input[..self.at].split(|&b| b == b'\n').collect();
        let column = lines[lines.len() - 1].len() + 1;
        format!("line {}, column {column}: {message}", lines.len())
    }
}

/// A token as an error shows it: quoted, and cut short if huge.
fn shown(token: &[u8]) -> String {
    let cut = String::from_utf8_lossy(&token[..token.len().min(20)]);
    match token.len() {
        0 => "nothing".to_string(),
        1..=20 => format!("{cut:?}"),
        _ => format!("{cut:?}..."),
    }
}

/// Reads all of stdin, answers into one buffer and writes it once; a failure
/// is one line on stderr and exit status 1, after the answers before it.
fn main() -> ExitCode {
    let (mut input, mut out) = (Vec::new(), Vec::new());
    let read = io::stdin().read_to_end(&mut input);
    let solved = read.map_err(|e| format!("cannot read stdin: {e}"));
    let solved = solved.and_then(|_| solve(&input, &mut out));
    let mut stdout = io::stdout().lock();
    let written = stdout.write_all(&out).and_then(|()| stdout.flush());
    let written = written.map_err(|e| format!("cannot write stdout: {e}"));
    if let Err(message) = solved.and(written) {
        eprintln!("error: {message}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
// house skeleton: end
