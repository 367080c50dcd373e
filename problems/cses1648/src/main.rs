//! cses1648 Dynamic Range Sum Queries — https://cses.fi/problemset/task/1648
//!
//! Idea: the values sit in a Fenwick tree (the `fenwick_tree` snippet
//! below), built in O(n) from the array. `1 k u` sets x_k = u: the tree
//! only adds, so it adds u - x_k, with the current x_k kept beside it; `2 a
//! b` is the difference of two prefix sums. Sums reach n · 10^9 = 2·10^14,
//! far past 32 bits: the tree holds i64 (a set may add a negative amount,
//! which u64 cannot), and every sum of values is non-negative and below
//! 2^63.
//!
//! Complexity: O(n + q log n) time: a query is at most two walks of
//! ⌊log2 n⌋ + 1 = 18 steps at n = 2·10^5, so at q = 2·10^5 about 7·10^6
//! steps. Memory: the tree and the values, two arrays of n words (3.2 MiB).
//!
//! Everything from `house skeleton: begin` down is the same in every stdin
//! solution (`make check` compares), and each `snippet` region is the
//! library's file (`make snippet`); the problem's code goes above them, and
//! its tests in tests/solution.rs, so that the paste holds no test code.

use fenwick_tree::FenwickTree;

/// One query of the input, its positions 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Query {
    /// `1 k u`: x_k becomes u.
    Set { index: usize, value: u64 },
    /// `2 a b`: print x_a + ... + x_b.
    Sum { start: usize, end: usize },
}

/// The answers to the `Sum` queries of `queries` on `values`, in order.
pub fn range_sums(values: &[u64], queries: &[Query]) -> Vec<u64> {
    let mut current: Vec<i64> = values.iter().map(|&v| v as i64).collect();
    let mut tree = FenwickTree::from_slice(&current, 0);
    let mut sums = Vec::new();
    for query in queries {
        match *query {
            Query::Set { index, value } => {
                tree.add(index, value as i64 - current[index]);
                current[index] = value as i64;
            }
            Query::Sum { start, end } => sums.push(tree.sum(start..end) as u64),
        }
    }
    sums
}

/// Reads `n q`, the n values and the q queries, and answers each `2 a b`
/// on a line of its own.
pub fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
    let mut tokens = Tokens::new(input);
    let n = tokens.number("n", 1..=200_000)?;
    let query_count = tokens.number("q", 1..=200_000)?;
    let mut values = Vec::with_capacity(n as usize);
    for i in 1..=n {
        values.push(tokens.number(format_args!("x{i}"), 1..=1_000_000_000)?);
    }
    let mut queries = Vec::with_capacity(query_count as usize);
    for i in 1..=query_count {
        let query = match tokens.number(format_args!("the type of query {i}"), 1..=2)? {
            1 => Query::Set {
                index: tokens.number(format_args!("k of query {i}"), 1..=n)? as usize - 1,
                value: tokens.number(format_args!("u of query {i}"), 1..=1_000_000_000)?,
            },
            _ => {
                let a = tokens.number(format_args!("a of query {i}"), 1..=n)?;
                let b = tokens.number(format_args!("b of query {i}"), a..=n)?;
                Query::Sum {
                    start: a as usize - 1,
                    end: b as usize,
                }
            }
        };
        queries.push(query);
    }
    for sum in range_sums(&values, &queries) {
        out.extend_from_slice(format!("{sum}\n").as_bytes());
    }
    Ok(())
}

// snippet fenwick_tree: begin
/// Fenwick tree (binary indexed tree): add at a point, sum over a prefix or a range.
///
/// # Constraints
/// - `T` with `+=`, `-` and `zero` is a commutative group (`i64`, a `ModInt`,
///   ...); `u64` works while no range sum goes negative.
/// - Indices are `0..n`; ranges are `start..end` with `start <= end <= n`.
///
/// # Complexity
/// - `new`, `from_slice`: O(n).
/// - `add`, `prefix_sum`: O(log n), at most ⌊log2 n⌋ + 1 additions each;
///   `sum`: two `prefix_sum`s and one subtraction.
///
/// # Panics
/// - `add` when `index >= n`; `prefix_sum` when `end > n`; `sum` on a range
///   that is reversed or reaches past `n`.
#[allow(dead_code)]
pub mod fenwick_tree {
    use std::ops::{AddAssign, Range, Sub};

    #[derive(Clone, Debug)]
    pub struct FenwickTree<T> {
        // tree[i - 1] holds the sum of the elements at (i - lowbit(i))..i.
        tree: Vec<T>,
        zero: T,
    }

    impl<T: Copy + AddAssign + Sub<Output = T>> FenwickTree<T> {
        /// `n` elements, all `zero`.
        pub fn new(n: usize, zero: T) -> Self {
            FenwickTree {
                tree: vec![zero; n],
                zero,
            }
        }

        /// The elements `values`, built in O(n).
        pub fn from_slice(values: &[T], zero: T) -> Self {
            let mut tree = values.to_vec();
            for i in 1..=tree.len() {
                let parent = i + (i & i.wrapping_neg());
                if parent <= tree.len() {
                    let partial = tree[i - 1];
                    tree[parent - 1] += partial;
                }
            }
            FenwickTree { tree, zero }
        }

        /// The number of elements, `n`.
        pub fn len(&self) -> usize {
            self.tree.len()
        }

        pub fn is_empty(&self) -> bool {
            self.tree.is_empty()
        }

        /// Adds `value` to the element at `index`.
        pub fn add(&mut self, index: usize, value: T) {
            assert!(
                index < self.len(),
                "FenwickTree::add: index {} out of range 0..{}",
                index,
                self.len()
            );
            let mut i = index + 1;
            while i <= self.len() {
                self.tree[i - 1] += value;
                i += i & i.wrapping_neg();
            }
        }

        /// The sum of the first `end` elements.
        pub fn prefix_sum(&self, end: usize) -> T {
            assert!(
                end <= self.len(),
                "FenwickTree::prefix_sum: end {} past the length {}",
                end,
                self.len()
            );
            let mut sum = self.zero;
            let mut i = end;
            while i > 0 {
                sum += self.tree[i - 1];
                i &= i - 1;
            }
            sum
        }

        /// The sum of the elements in `range`.
        pub fn sum(&self, range: Range<usize>) -> T {
            assert!(
                range.start <= range.end && range.end <= self.len(),
                "FenwickTree::sum: range {:?} not inside 0..{}",
                range,
                self.len()
            );
            self.prefix_sum(range.end) - self.prefix_sum(range.start)
        }
    }
}
// snippet fenwick_tree: end

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
