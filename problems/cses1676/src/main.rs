//! cses1676 Road Construction — https://cses.fi/problemset/task/1676
//!
//! Idea: the cities are a union-find (the `union_find` snippet below, union
//! by size). A road between two components merges them, one fewer
//! component; a road inside one changes nothing. Components only grow, so
//! the largest after a merge is the larger of the largest before and the
//! merged one: a running maximum, never a scan.
//!
//! Complexity: O(n + m α(n)) time, every `unite` amortised O(α(n)) and at
//! most O(log n) (union by size keeps each tree that shallow): about 4·10^5
//! finds at n = 10^5, m = 2·10^5. Memory: two arrays of n words, 1.6 MiB.
//!
//! Everything from `house skeleton: begin` down is the same in every stdin
//! solution (`make check` compares), and each `snippet` region is the
//! library's file (`make snippet`); the problem's code goes above them, and
//! its tests in tests/solution.rs, so that the paste holds no test code.

use union_find::UnionFind;

/// The number of components and the size of the largest after each road of
/// `roads` (0-based city pairs) is built among `city_count >= 1` cities.
pub fn components_after_each_road(
    city_count: usize,
    roads: &[(usize, usize)],
) -> Vec<(usize, usize)> {
    let mut cities = UnionFind::new(city_count);
    // Before any road every city is a component of one.
    let mut largest = 1;
    roads
        .iter()
        .map(|&(a, b)| {
            if cities.unite(a, b) {
                largest = largest.max(cities.size(a));
            }
            (cities.set_count(), largest)
        })
        .collect()
}

/// Reads `n m` and the m roads `a b` (cities 1..=n), and answers one line
/// per road: `components largest`.
pub fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
    let mut tokens = Tokens::new(input);
    let city_count = tokens.number("n", 1..=100_000)?;
    let road_count = tokens.number("m", 1..=200_000)?;
    let mut roads = Vec::with_capacity(road_count as usize);
    for i in 1..=road_count {
        let a = tokens.number(format_args!("a of road {i}"), 1..=city_count)?;
        let b = tokens.number(format_args!("b of road {i}"), 1..=city_count)?;
        roads.push((a as usize - 1, b as usize - 1));
    }
    for (components, largest) in components_after_each_road(city_count as usize, &roads) {
        out.extend_from_slice(format!("{components} {largest}\n").as_bytes());
    }
    Ok(())
}

// snippet union_find: begin
/// Union-find (disjoint set union) with union by size and path halving.
///
/// # Constraints
/// - The elements are `0..n`.
///
/// # Complexity
/// - `new`: O(n).
/// - `find`, `unite`, `same`, `size`: amortised O(α(n)); one call is at most
///   O(log n), since union by size keeps every tree at most log2(n) deep.
/// - `groups`: O(n α(n)).
///
/// # Panics
/// - Every method taking an element panics when it is not below `n`.
#[allow(dead_code)]
pub mod union_find {
    /// Disjoint sets over `0..n`, each named by its leader.
    #[derive(Clone, Debug)]
    pub struct UnionFind {
        parent: Vec<usize>,
        // Meaningful at leaders only.
        size: Vec<usize>,
        set_count: usize,
    }

    impl UnionFind {
        /// The `n` singletons `{0}, {1}, ..., {n - 1}`.
        pub fn new(n: usize) -> Self {
            UnionFind {
                parent: (0..n).collect(),
                size: vec![1; n],
                set_count: n,
            }
        }

        /// The number of elements, `n`.
        pub fn len(&self) -> usize {
            self.parent.len()
        }

        pub fn is_empty(&self) -> bool {
            self.parent.is_empty()
        }

        /// The number of disjoint sets.
        pub fn set_count(&self) -> usize {
            self.set_count
        }

        /// The leader of `x`'s set.
        pub fn find(&mut self, mut x: usize) -> usize {
            self.check(x);
            while self.parent[x] != x {
                // Halving: every node on the walk skips a level, so the next
                // walk from here is about half as long.
                let grandparent = self.parent[self.parent[x]];
                self.parent[x] = grandparent;
                x = grandparent;
            }
            x
        }

        /// Merges the sets of `a` and `b`; false when they already were one.
        pub fn unite(&mut self, a: usize, b: usize) -> bool {
            let (mut big, mut small) = (self.find(a), self.find(b));
            if big == small {
                return false;
            }
            if self.size[big] < self.size[small] {
                std::mem::swap(&mut big, &mut small);
            }
            self.parent[small] = big;
            self.size[big] += self.size[small];
            self.set_count -= 1;
            true
        }

        /// Whether `a` and `b` are in the same set.
        pub fn same(&mut self, a: usize, b: usize) -> bool {
            self.find(a) == self.find(b)
        }

        /// The number of elements in `x`'s set.
        pub fn size(&mut self, x: usize) -> usize {
            let leader = self.find(x);
            self.size[leader]
        }

        /// `x`'s parent pointer (`x` itself for a leader), read without
        /// shortening anything: for inspecting the forest.
        pub fn parent(&self, x: usize) -> usize {
            self.check(x);
            self.parent[x]
        }

        /// Every set, sorted ascending, the sets ordered by smallest element.
        pub fn groups(&mut self) -> Vec<Vec<usize>> {
            let mut group_of_leader = vec![usize::MAX; self.len()];
            let mut groups: Vec<Vec<usize>> = Vec::with_capacity(self.set_count);
            for x in 0..self.len() {
                let leader = self.find(x);
                if group_of_leader[leader] == usize::MAX {
                    group_of_leader[leader] = groups.len();
                    groups.push(Vec::new());
                }
                groups[group_of_leader[leader]].push(x);
            }
            groups
        }

        fn check(&self, x: usize) {
            assert!(
                x < self.len(),
                "UnionFind: element {} out of range 0..{}",
                x,
                self.len()
            );
        }
    }
}
// snippet union_find: end

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
