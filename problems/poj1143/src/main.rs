//! POJ 1143 Number Game — http://poj.org/problem?id=1143
//!
//! Idea: a position is the bitmask of available numbers 2..=20. Choosing x
//! clears x, then walks y up from x + 1 and clears y when y - x is no longer
//! available (1 never counts as forbidden); walking upwards catches sums of
//! several copies of x. A position wins when some move leaves a losing one;
//! sets not reachable from {2..20} follow the same rules.
//!
//! Complexity: win/lose is memoized per 19-bit mask for all test cases, so a
//! position is expanded once: 19 moves of 19 steps at most. Positions met from
//! a reachable input are among the 3514 reachable from {2..20}: 3514·19·19 ≈
//! 1.3 million steps in all (any input: 2^19 positions). Winning moves of the
//! positions asked are kept, so a repeat costs a lookup. Memory: 2.5 MiB.

/// The available numbers after choosing `number` (which must be available).
pub fn after_choosing(available: u32, number: u32) -> u32 {
    let mut next = available & !(1 << number);
    for y in number + 1..=20 {
        if y - number >= 2 && next & (1 << (y - number)) == 0 {
            next &= !(1 << y);
        }
    }
    next
}

fn numbers_in(available: u32) -> impl Iterator<Item = u32> {
    (2..=20).filter(move |&number| available & (1 << number) != 0)
}

/// What is known of the positions met, by `available >> 2`: win/lose (0
/// unknown, 1 losing, 2 winning) for the search, which stops at a first
/// winning move, and the winning moves of the positions asked, with bit 0 set
/// (never a number: it tells "none" from "not asked yet").
pub struct Outcomes {
    wins: Vec<u8>,
    moves: Vec<u32>,
}

impl Default for Outcomes {
    fn default() -> Outcomes {
        let (wins, moves) = (vec![0; 1 << 19], vec![0; 1 << 19]);
        Outcomes { wins, moves }
    }
}

impl Outcomes {
    /// Whether choosing `number` from `available` leaves the opponent losing.
    /// The recursion is at most 19 deep: every move removes a number.
    fn wins_by(&mut self, available: u32, number: u32) -> bool {
        let next = after_choosing(available, number);
        let index = (next >> 2) as usize;
        if self.wins[index] == 0 {
            let wins = numbers_in(next).any(|n| self.wins_by(next, n));
            self.wins[index] = 1 + u8::from(wins);
        }
        self.wins[index] == 1
    }

    /// The moves after which the opponent loses, as a bitmask like a position.
    pub fn winning_moves(&mut self, available: u32) -> u32 {
        let index = (available >> 2) as usize;
        if self.moves[index] == 0 {
            let moves = numbers_in(available).filter(|&n| self.wins_by(available, n));
            self.moves[index] = moves.fold(1, |mask, n| mask | 1 << n);
        }
        self.moves[index] & !1
    }
}

/// Answers every test case of `input` into `out`: a line `k a1 < ... < ak`,
/// blank lines skipped, until a line holding only `0` or the end of the input.
pub fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
    let (mut outcomes, mut case, mut start) = (Outcomes::default(), 0, 0);
    for line in input.split(|&byte| byte == b'\n') {
        // The tokens of this line; errors count lines from the input's start.
        let mut tokens = Tokens::new(&input[..start + line.len()]);
        (tokens.pos, start) = (start, start + line.len() + 1);
        if tokens.at_end() {
            continue;
        }
        let count = tokens.number("a count (or 0 alone to end)", 0..=19)?;
        if count == 0 && tokens.at_end() {
            break;
        }
        let (mut available, mut previous) = (0, 1);
        for i in 1..=count {
            previous = tokens.number(format_args!("number {i}"), previous + 1..=20)?;
            available |= 1 << previous;
        }
        if !tokens.at_end() {
            tokens.next();
            return Err(tokens.error("expected the end of the line"));
        }
        case += 1;
        out.extend_from_slice(b"Test Case #");
        push_decimal(out, case);
        let moves = outcomes.winning_moves(available);
        out.extend_from_slice(match moves {
            0 => b"\nThere's no winning move.",
            _ => b"\nThe winning moves are:" as &[u8],
        });
        for number in numbers_in(moves) {
            out.push(b' ');
            push_decimal(out, number);
        }
        out.extend_from_slice(b"\n\n");
    }
    Ok(())
}

/// Appends `value` in decimal; `format!` would allocate a String per number.
fn push_decimal(out: &mut Vec<u8>, value: u32) {
    if value >= 10 {
        push_decimal(out, value / 10);
    }
    out.push(b'0' + (value % 10) as u8);
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
