//! Makes a failing stress input small before it is reported and saved: first
//! other seeds at smaller sizes, then dropping whole test cases (when
//! `problem.toml` says how the input is laid out) while it still fails alike,
//! a count header rewritten to the cases kept.

use super::trial::{Failure, Found, Trial};
use crate::base::terminal::plural;
use crate::problem::config::Layout;
use std::time::{Duration, Instant};

/// Time for trying smaller sizes; the generator is fast, the search is luck.
const SIZE_BUDGET: Duration = Duration::from_secs(3);
/// Seeds tried at each size.
const SEEDS_PER_SIZE: u64 = 10;
/// Time for dropping cases; each try runs both programs once.
const DROP_BUDGET: Duration = Duration::from_secs(5);

/// An input split into its test cases by the layout `problem.toml` declares.
#[derive(Debug, PartialEq, Eq)]
struct Cases {
    /// With a count header: what its line holds after the count (the newline).
    header: Option<Vec<u8>>,
    /// Each case's lines with their newlines.
    cases: Vec<Vec<u8>>,
    /// The terminator line, or nothing.
    tail: Vec<u8>,
}

impl Cases {
    /// The input of `cases` alone, its count header (if any) saying how many.
    fn join(&self, cases: &[Vec<u8>]) -> Vec<u8> {
        let mut input = match &self.header {
            Some(rest) => [cases.len().to_string().as_bytes(), rest].concat(),
            None => Vec::new(),
        };
        input.extend(cases.concat());
        input.extend_from_slice(&self.tail);
        input
    }
}

/// The count on a header line (spaces and `\r` around it allowed) and what
/// follows it on the line.
fn count_line(line: &[u8]) -> Option<(usize, &[u8])> {
    let start = line.iter().position(|b| !b.is_ascii_whitespace())?;
    let digits = line[start..]
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .count();
    let rest = &line[start + digits..];
    if digits == 0 || !rest.iter().all(u8::is_ascii_whitespace) {
        return None;
    }
    let count = std::str::from_utf8(&line[start..start + digits]).ok()?;
    Some((count.parse().ok()?, rest))
}

/// The cases of `input` by the layout `problem.toml` declares; `None` when
/// the input does not have it.
fn split(layout: &Layout, input: &[u8]) -> Option<Cases> {
    let mut lines: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
    while lines.last().is_some_and(|line| line.is_empty()) {
        lines.pop();
    }
    let (mut header, mut count) = (None, None);
    if layout.count_header {
        let (n, rest) = count_line(lines.first()?)?;
        header = Some([rest, b"\n"].concat());
        count = Some(n);
        lines.remove(0);
    }
    let mut tail = Vec::new();
    let ends_input = |line: &[u8]| {
        let terminator = layout.terminator.as_deref().map(str::trim);
        terminator == Some(String::from_utf8_lossy(line).trim())
    };
    // Inputs may also end at the end of the file, without the terminator.
    if let Some(last) = lines.pop() {
        if ends_input(last) {
            tail = [last, b"\n"].concat();
        } else {
            lines.push(last);
        }
    }
    let blank = |line: &&[u8]| line.iter().all(u8::is_ascii_whitespace);
    // Without `stress_case_lines`, the count's cases share the lines equally.
    let case_lines = match (layout.case_lines, count) {
        (Some(case_lines), _) => case_lines,
        (None, Some(count)) if count > 0 => {
            let body = lines.iter().filter(|line| !blank(line)).count();
            (body % count == 0).then_some(body / count)?
        }
        (None, _) => return None,
    };
    // Blank lines count for no case: formats such as LeetCode's let them
    // stand anywhere. One goes with the case it follows (or, before the
    // first, with the first), so no byte of the input is lost.
    let mut cases: Vec<Vec<u8>> = Vec::new();
    let mut open = Vec::new();
    let mut counted = 0;
    for line in lines {
        let case = match cases.last_mut() {
            Some(last) if blank(&line) && counted == 0 => last,
            _ => &mut open,
        };
        case.extend_from_slice(line);
        case.push(b'\n');
        if !blank(&line) {
            counted += 1;
            if counted == case_lines {
                cases.push(std::mem::take(&mut open));
                counted = 0;
            }
        }
    }
    if cases.is_empty() || counted != 0 || count.is_some_and(|n| n != cases.len()) {
        return None;
    }
    Some(Cases {
        header,
        cases,
        tail,
    })
}

/// The layout as a note names it: `a count line, then 2 lines per case`.
fn describe(layout: &Layout) -> String {
    let mut parts = Vec::new();
    if layout.count_header {
        parts.push("a count line".to_string());
    }
    match layout.case_lines {
        Some(1) => parts.push("1 line per case".into()),
        Some(n) => parts.push(format!("{n} lines per case")),
        None => parts.push("the same number of lines per case".into()),
    }
    if let Some(terminator) = &layout.terminator {
        parts.push(format!("{terminator:?}"));
    }
    parts.join(", then ")
}

/// A smaller input that fails the same way, and what was done to get it.
pub struct Shrunk {
    pub failure: Failure,
    pub notes: Vec<String>,
}

/// Shrinks the failure found with `seed` (at `size`, or the generator's default).
pub fn shrink(
    trial: &Trial,
    seed: u64,
    size: Option<u64>,
    layout: Option<&Layout>,
    failure: Failure,
) -> Shrunk {
    let original = failure.input.len();
    let mut notes = Vec::new();
    let mut failure = failure;
    if let Some((smaller, found_seed, found_size)) = by_size(trial, seed, size, &failure) {
        notes.push(format!(
            "a smaller input fails alike: seed {found_seed} with --size {found_size}"
        ));
        failure = smaller;
    }
    if let Some(layout) = layout {
        match by_dropping_cases(trial, layout, &failure) {
            None => notes.push(format!(
                "the input does not have the layout problem.toml declares \
                 ({}), so no cases were dropped",
                describe(layout)
            )),
            Some((Some(smaller), kept, total)) => {
                notes.push(format!("kept {kept} of its {total} cases"));
                failure = smaller;
            }
            Some((None, _, _)) => {}
        }
    }
    if failure.input.len() < original {
        notes.push(format!(
            "shrunk from {original} to {}",
            plural(failure.input.len(), "byte", "bytes")
        ));
    }
    Shrunk { failure, notes }
}

/// The failure again, when `input` fails with the same verdict and the brute
/// force has no trouble with it.
fn fails_alike(trial: &Trial, input: &[u8], like: &Failure) -> Option<Failure> {
    match trial.check(input) {
        Err(Found::Solution(failure)) if failure.judgement.verdict == like.judgement.verdict => {
            Some(failure)
        }
        _ => None,
    }
}

/// Sizes 1, 2, 4, ... (the generator's default size is unknown, so growing
/// from the smallest finds the small failures first), several seeds each,
/// until an input fails, inputs stop being smaller, or time runs out.
fn by_size(
    trial: &Trial,
    seed: u64,
    size: Option<u64>,
    failure: &Failure,
) -> Option<(Failure, u64, u64)> {
    let deadline = Instant::now() + SIZE_BUDGET;
    let mut best: Option<(Failure, u64, u64)> = None;
    let mut candidate_size = 1u64;
    while size.map_or(true, |limit| candidate_size < limit) {
        let mut any_smaller = false;
        for offset in 0..SEEDS_PER_SIZE {
            if Instant::now() >= deadline {
                return best;
            }
            let candidate_seed = seed.wrapping_add(offset);
            let input = match trial.generate(candidate_seed, Some(candidate_size)) {
                Ok(input) => input,
                Err(_) => continue,
            };
            let smallest = best.as_ref().map_or(failure, |(f, _, _)| f).input.len();
            if input.len() >= smallest {
                continue;
            }
            any_smaller = true;
            if let Some(smaller) = fails_alike(trial, &input, failure) {
                best = Some((smaller, candidate_seed, candidate_size));
            }
        }
        if best.is_some() || !any_smaller {
            return best;
        }
        candidate_size = candidate_size.checked_mul(2)?;
    }
    best
}

/// Drops cases while the input still fails; `None` when the input does not
/// have the layout. Returns the smallest failure if any case could go, with
/// the number of cases kept and the number there were.
fn by_dropping_cases(
    trial: &Trial,
    layout: &Layout,
    failure: &Failure,
) -> Option<(Option<Failure>, usize, usize)> {
    let split = split(layout, &failure.input)?;
    let total = split.cases.len();
    let deadline = Instant::now() + DROP_BUDGET;
    let mut smallest = None;
    let kept = drop_cases(split.cases.clone(), |candidate| {
        if Instant::now() >= deadline {
            return false;
        }
        let input = split.join(candidate);
        match fails_alike(trial, &input, failure) {
            Some(smaller) => {
                smallest = Some(smaller);
                true
            }
            None => false,
        }
    });
    Some((smallest, kept.len(), total))
}

/// Delta debugging over cases: removes one of `parts` equal chunks at a time
/// (halves first, down to single cases) while `still_fails` accepts the rest.
/// `still_fails` is last called with `true` on the returned cases, if ever.
fn drop_cases<T: Clone>(mut cases: Vec<T>, mut still_fails: impl FnMut(&[T]) -> bool) -> Vec<T> {
    let mut parts = 2;
    while cases.len() >= 2 {
        let chunk = (cases.len() + parts - 1) / parts;
        let reduced = (0..cases.len()).step_by(chunk).find_map(|start| {
            let end = (start + chunk).min(cases.len());
            let candidate = [&cases[..start], &cases[end..]].concat();
            still_fails(&candidate).then_some(candidate)
        });
        match reduced {
            Some(candidate) => {
                cases = candidate;
                parts = (parts - 1).max(2);
            }
            None if parts >= cases.len() => break,
            None => parts = (parts * 2).min(cases.len()),
        }
    }
    cases
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(case_lines: usize, terminator: Option<&str>) -> Layout {
        Layout {
            case_lines: Some(case_lines),
            terminator: terminator.map(str::to_string),
            count_header: false,
        }
    }

    fn counted(case_lines: Option<usize>) -> Layout {
        Layout {
            case_lines,
            terminator: None,
            count_header: true,
        }
    }

    /// The cases and the tail, for the layouts without a header.
    fn parts(layout: &Layout, input: &[u8]) -> Option<(Vec<Vec<u8>>, Vec<u8>)> {
        split(layout, input).map(|split| (split.cases, split.tail))
    }

    #[test]
    fn splits_cases_and_keeps_the_terminator() {
        let (cases, tail) = parts(&layout(2, Some("0 0")), b"2 1\n5 6\n1 1\n7\n0 0\n").unwrap();
        assert_eq!(cases, [b"2 1\n5 6\n".to_vec(), b"1 1\n7\n".to_vec()]);
        assert_eq!(tail, b"0 0\n");
        let (cases, tail) = parts(&layout(1, None), b"a\nb").unwrap();
        assert_eq!(cases, [b"a\n".to_vec(), b"b\n".to_vec()]);
        assert!(tail.is_empty());
        let (cases, tail) = parts(&layout(1, Some("0")), b"3\r\n0\r\n").unwrap();
        assert_eq!((cases, tail), (vec![b"3\r\n".to_vec()], b"0\r\n".to_vec()));
        let (cases, tail) = parts(&layout(1, Some("0")), b"1\n2\n").unwrap();
        assert_eq!(cases.len(), 2);
        assert!(tail.is_empty());
    }

    #[test]
    fn blank_lines_count_for_no_case_and_are_kept() {
        let input = b"\n[1]\n\r\n2\n\n[3]\n4\n \n\n[5]\n6\n";
        let (cases, tail) = parts(&layout(2, None), input).unwrap();
        assert_eq!(
            cases,
            [
                b"\n[1]\n\r\n2\n\n".to_vec(),
                b"[3]\n4\n \n\n".to_vec(),
                b"[5]\n6\n".to_vec()
            ]
        );
        assert!(tail.is_empty());
        assert_eq!(cases.concat(), input);
        let (cases, tail) = parts(&layout(1, Some("0")), b"1\n\n2\n\n0\n").unwrap();
        assert_eq!(cases, [b"1\n\n".to_vec(), b"2\n\n".to_vec()]);
        assert_eq!(tail, b"0\n");
        assert_eq!(parts(&layout(2, None), b"[1]\n\n\n"), None);
        assert_eq!(parts(&layout(1, None), b" \n\r\n"), None);
    }

    #[test]
    fn refuses_inputs_of_another_layout() {
        assert_eq!(parts(&layout(2, None), b"1\n2\n3\n"), None);
        assert_eq!(parts(&layout(1, Some("0")), b"0\n"), None);
        assert_eq!(parts(&layout(2, Some("0 0")), b"1 1\n5\n0 7\n"), None);
    }

    #[test]
    fn a_count_header_is_rewritten_to_the_cases_kept() {
        let input = b"3\r\n2\n1 2\n1\n7\n3\n4 5 6\n";
        let cases = split(&counted(Some(2)), input).unwrap();
        assert_eq!(cases.cases.len(), 3);
        assert_eq!(cases.join(&cases.cases), input);
        assert_eq!(cases.join(&cases.cases[1..2]), b"1\r\n1\n7\n");
        // Without stress_case_lines the count's cases share the lines equally.
        let cases = split(&counted(None), b"2\n5\n6\n").unwrap();
        assert_eq!(cases.cases, [b"5\n".to_vec(), b"6\n".to_vec()]);
        assert_eq!(cases.join(&cases.cases[1..]), b"1\n6\n");
        for other in [
            &b"2\n1\n2\n3\n"[..],
            b"x\n1\n",
            b"0\n",
            b"3 4\n1\n2\n3\n",
            b"",
        ] {
            assert_eq!(split(&counted(None), other), None, "{other:?}");
        }
        assert_eq!(split(&counted(Some(1)), b"3\n1\n2\n"), None);
    }

    #[test]
    fn drops_every_case_that_is_not_needed() {
        let cases: Vec<u32> = (0..100).collect();
        let kept = drop_cases(cases, |c| c.contains(&37) && c.contains(&80));
        assert_eq!(kept, [37, 80]);
        let kept = drop_cases(vec![1, 2, 3], |_| false);
        assert_eq!(kept, [1, 2, 3]);
    }
}
