//! How an output is judged against the answer: one `Comparator`, built once
//! from `problem.toml` and used alike by `test`, `stress` and interactive
//! runs. A new mode is one new variant here.

use crate::checker::Checker;
use crate::diff;
use crate::json::{self, Value};
use crate::problem::{Compare, Config, SetupError, Workspace};
use crate::verdict::{Judgement, Verdict};
use std::borrow::Cow;
use std::fs;
use std::path::Path;

/// Bytes a judge reads from a file: the file itself, or bytes that have no
/// file yet (a stress input, the brute force's answer).
#[derive(Clone, Copy, Debug)]
pub enum Text<'a> {
    File(&'a Path),
    Bytes(&'a [u8]),
}

impl Text<'_> {
    pub fn read(&self) -> Result<Cow<'_, [u8]>, String> {
        match self {
            Text::File(path) => fs::read(path)
                .map(Cow::Owned)
                .map_err(|e| format!("cannot read {}: {e}", path.display())),
            Text::Bytes(bytes) => Ok(Cow::Borrowed(bytes)),
        }
    }

    pub fn size(&self) -> usize {
        match self {
            Text::File(path) => fs::metadata(path).map_or(0, |m| m.len() as usize),
            Text::Bytes(bytes) => bytes.len(),
        }
    }
}

#[derive(Clone, Debug)]
pub enum Comparator {
    /// Bytes must match (`\r\n` as `\n`); the same tokens otherwise spaced is a PE.
    Exact,
    /// Only the whitespace-separated tokens must match.
    Tokens,
    /// Tokens must match, numbers within this absolute or relative error.
    Float(f64),
    /// Per line, a JSON array's elements in any order.
    AnyOrder,
    /// Per line, a JSON array's elements and their own elements in any order.
    AnyOrderDeep,
    /// A checker program decides.
    Checker(Checker),
}

impl Comparator {
    /// The comparator `problem.toml` of problem `id` asks for; a checker wins
    /// over `compare`. A checker that is not built yet is a setup error.
    pub fn of(workspace: &Workspace, id: &str, config: &Config) -> Result<Comparator, SetupError> {
        if let Some(command) = &config.checker {
            return Checker::new(workspace, id, command, config.checker_protocol)
                .map(Comparator::Checker);
        }
        Ok(match config.compare {
            Compare::Exact => Comparator::Exact,
            Compare::Tokens => Comparator::Tokens,
            Compare::Float => Comparator::Float(config.float_tolerance),
            Compare::AnyOrder => Comparator::AnyOrder,
            Compare::AnyOrderDeep => Comparator::AnyOrderDeep,
        })
    }

    /// Judges `output`, the program's answer to `input`, against `answer`.
    /// The interactive runner calls this too, with the interactor's output.
    pub fn judge(&self, input: Text, output: &[u8], answer: Text) -> Judgement {
        let with_answer = |compare: &dyn Fn(&[u8]) -> Judgement| match answer.read() {
            Ok(answer) => compare(&answer),
            Err(error) => Judgement {
                verdict: Verdict::CheckerFailure,
                detail: format!("the answer could not be read: {error}"),
            },
        };
        match self {
            Comparator::Exact => with_answer(&|answer| exact(answer, output, false)),
            Comparator::Tokens => with_answer(&|answer| exact(answer, output, true)),
            Comparator::Float(tolerance) => {
                with_answer(&|answer| float(answer, output, *tolerance))
            }
            Comparator::AnyOrder => with_answer(&|answer| any_order(answer, output, 1)),
            Comparator::AnyOrderDeep => with_answer(&|answer| any_order(answer, output, 2)),
            Comparator::Checker(checker) => checker.judge(input, output, answer),
        }
    }
}

fn accepted() -> Judgement {
    Judgement {
        verdict: Verdict::Accepted,
        detail: String::new(),
    }
}

fn wrong(detail: String) -> Judgement {
    Judgement {
        verdict: Verdict::WrongAnswer,
        detail,
    }
}

/// `exact` and `tokens`: equal bytes are AC; the same tokens are PE, or AC
/// when only tokens count.
fn exact(expected: &[u8], actual: &[u8], only_tokens: bool) -> Judgement {
    let expected = diff::normalize_newlines(expected);
    let actual = diff::normalize_newlines(actual);
    let same_words = words(&expected).eq(words(&actual));
    let verdict = match (expected == actual, same_words, only_tokens) {
        (true, _, _) | (false, true, true) => return accepted(),
        (false, true, false) => Verdict::PresentationError,
        (false, false, _) => Verdict::WrongAnswer,
    };
    Judgement {
        verdict,
        detail: diff::explain(&expected, &actual),
    }
}

fn words(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    text.split(u8::is_ascii_whitespace)
        .filter(|t| !t.is_empty())
}

/// A token and the line it is on.
struct Token<'a> {
    text: &'a [u8],
    line: usize,
}

/// Whitespace-separated tokens, with JSON's punctuation as tokens of its own
/// so the numbers in `[1.5,2]` are tokens too.
fn float_tokens(text: &[u8]) -> Vec<Token<'_>> {
    let mut tokens = Vec::new();
    let (mut line, mut start) = (1, 0);
    for (at, &byte) in text.iter().enumerate() {
        let punctuation = b"[]{},:".contains(&byte);
        if byte.is_ascii_whitespace() || punctuation {
            if start < at {
                tokens.push(Token {
                    text: &text[start..at],
                    line,
                });
            }
            if punctuation {
                tokens.push(Token {
                    text: &text[at..=at],
                    line,
                });
            }
            line += usize::from(byte == b'\n');
            start = at + 1;
        }
    }
    if start < text.len() {
        tokens.push(Token {
            text: &text[start..],
            line,
        });
    }
    tokens
}

/// A finite number written as one (`inf` and `nan` are words here).
fn number(token: &[u8]) -> Option<f64> {
    let looks_numeric = token
        .first()
        .is_some_and(|b| b.is_ascii_digit() || b"+-.".contains(b));
    let value: f64 = std::str::from_utf8(token).ok()?.parse().ok()?;
    (looks_numeric && value.is_finite()).then_some(value)
}

fn float(expected: &[u8], actual: &[u8], tolerance: f64) -> Judgement {
    let (want, got) = (float_tokens(expected), float_tokens(actual));
    if want.len() != got.len() {
        return wrong(format!(
            "expected {} tokens, got {}\n{}",
            want.len(),
            got.len(),
            diff::explain(
                &diff::normalize_newlines(expected),
                &diff::normalize_newlines(actual)
            )
        ));
    }
    for (index, (w, g)) in want.iter().zip(&got).enumerate() {
        let shown = |token: &Token| String::from_utf8_lossy(token.text).into_owned();
        let place = format!("token {} (line {} of the answer)", index + 1, w.line);
        match (number(w.text), number(g.text)) {
            (Some(e), Some(a)) => {
                let error = (a - e).abs();
                if error > tolerance && error > tolerance * e.abs() {
                    return wrong(format!(
                        "{place}: expected {}, got {}: error {error:.2e}, relative {:.2e}, \
                         tolerance {tolerance:e}",
                        shown(w),
                        shown(g),
                        error / e.abs()
                    ));
                }
            }
            _ if w.text != g.text => {
                return wrong(format!(
                    "{place}: expected {:?}, got {:?}",
                    shown(w),
                    shown(g)
                ))
            }
            _ => {}
        }
    }
    accepted()
}

/// Each line a JSON value whose arrays, `levels` deep, may list their
/// elements in any order. A line that is not JSON must match exactly.
fn any_order(expected: &[u8], actual: &[u8], levels: usize) -> Judgement {
    let lines = |text: &[u8]| -> Vec<String> {
        let text = String::from_utf8_lossy(text);
        let mut lines: Vec<String> = text.lines().map(|l| l.trim().to_string()).collect();
        while lines.last().is_some_and(String::is_empty) {
            lines.pop();
        }
        lines
    };
    let (want, got) = (lines(expected), lines(actual));
    let explain = || {
        diff::explain(
            &diff::normalize_newlines(expected),
            &diff::normalize_newlines(actual),
        )
    };
    if want.len() != got.len() {
        return wrong(explain());
    }
    for (index, (w, g)) in want.iter().zip(&got).enumerate() {
        let (w_value, g_value) = match (json::parse(w), json::parse(g)) {
            (Ok(w), Ok(g)) => (sorted(w, levels), sorted(g, levels)),
            _ if w == g => continue,
            _ => return wrong(explain()),
        };
        if w_value != g_value {
            return wrong(format!(
                "line {}: {} (in any order)",
                index + 1,
                element_difference(&w_value, &g_value)
            ));
        }
    }
    accepted()
}

/// The value with its arrays' elements sorted, `levels` deep.
fn sorted(value: Value, levels: usize) -> Value {
    match value {
        Value::Array(items) if levels > 0 => {
            let mut items: Vec<Value> = items.into_iter().map(|v| sorted(v, levels - 1)).collect();
            items.sort();
            Value::Array(items)
        }
        other => other,
    }
}

/// What tells two sorted values apart: a missing element, or else both.
fn element_difference(want: &Value, got: &Value) -> String {
    if let (Value::Array(w), Value::Array(g)) = (want, got) {
        if w.len() != g.len() {
            return format!("expected {} elements, got {}", w.len(), g.len());
        }
        let mut unmatched = g.clone();
        for element in w {
            match unmatched.iter().position(|u| u == element) {
                Some(at) => {
                    unmatched.remove(at);
                }
                None => return format!("expected the element {element}, which is missing"),
            }
        }
    }
    format!("expected {want}, got {got}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verdict(comparator: &Comparator, expected: &str, actual: &str) -> Verdict {
        judgement(comparator, expected, actual).verdict
    }

    fn judgement(comparator: &Comparator, expected: &str, actual: &str) -> Judgement {
        comparator.judge(
            Text::Bytes(b""),
            actual.as_bytes(),
            Text::Bytes(expected.as_bytes()),
        )
    }

    #[test]
    fn exact_mode() {
        let exact = &Comparator::Exact;
        assert_eq!(verdict(exact, "1 2\n3\n", "1 2\n3\n"), Verdict::Accepted);
        assert_eq!(
            verdict(exact, "1 2\n3\n", "1 2\r\n3\r\n"),
            Verdict::Accepted
        );
        assert_eq!(
            verdict(exact, "1 2\n3\n", "1  2\n3\n"),
            Verdict::PresentationError
        );
        assert_eq!(
            verdict(exact, "1 2\n3\n", "1 2\n3"),
            Verdict::PresentationError
        );
        assert_eq!(verdict(exact, "1 2\n3\n", "1 2\n4\n"), Verdict::WrongAnswer);
        assert_eq!(verdict(exact, "1 2\n", ""), Verdict::WrongAnswer);
    }

    #[test]
    fn tokens_mode_accepts_other_whitespace_only() {
        let tokens = &Comparator::Tokens;
        assert_eq!(verdict(tokens, "1 2\n3\n", "1\n2 3"), Verdict::Accepted);
        assert_eq!(verdict(tokens, "1 2\n3\n", "1 2 3 4"), Verdict::WrongAnswer);
        assert_eq!(verdict(tokens, "12\n", "1 2\n"), Verdict::WrongAnswer);
    }

    #[test]
    fn wrong_answer_explains_where() {
        let judgement = judgement(&Comparator::Exact, "true\nfalse\n", "true\ntrue\n");
        assert!(judgement.detail.contains("line 2"), "{}", judgement.detail);
    }

    #[test]
    fn float_mode_allows_absolute_or_relative_error() {
        let float = &Comparator::Float(1e-6);
        assert_eq!(verdict(float, "0.5\n", "0.5000009"), Verdict::Accepted);
        assert_eq!(verdict(float, "0.5\n", "0.5000011"), Verdict::WrongAnswer);
        assert_eq!(verdict(float, "1000000\n", "1000000.9"), Verdict::Accepted);
        assert_eq!(
            verdict(float, "1000000\n", "1000001.1"),
            Verdict::WrongAnswer
        );
        assert_eq!(
            verdict(float, "-2 yes\n", "-2.0000000001\nyes"),
            Verdict::Accepted
        );
        assert_eq!(verdict(float, "2 yes\n", "2 YES"), Verdict::WrongAnswer);
        assert_eq!(verdict(float, "1 2\n", "1 2 3"), Verdict::WrongAnswer);
        assert_eq!(verdict(float, "nan\n", "nan"), Verdict::Accepted);
        assert_eq!(verdict(float, "inf\n", "1e308"), Verdict::WrongAnswer);
    }

    #[test]
    fn float_mode_reads_numbers_inside_json() {
        let float = &Comparator::Float(1e-5);
        assert_eq!(
            verdict(float, "[1.50000,2.0]\n", "[1.5, 2.000001]\n"),
            Verdict::Accepted
        );
        assert_eq!(
            verdict(float, "[1.5,2.0]\n", "1.5 2.0\n"),
            Verdict::WrongAnswer
        );
        let judgement = judgement(float, "[1.5,2.0]\n[3]\n", "[1.5,2.0]\n[3.1]\n");
        assert_eq!(judgement.verdict, Verdict::WrongAnswer);
        assert!(
            judgement
                .detail
                == "token 7 (line 2 of the answer): expected 3, got 3.1: error 1.00e-1, relative 3.33e-2, tolerance 1e-5",
            "{}",
            judgement.detail
        );
    }

    #[test]
    fn any_order_sorts_top_level_elements_only() {
        let any = &Comparator::AnyOrder;
        assert_eq!(
            verdict(any, "[[1,2],[3]]\n", "[[3], [1,2]]"),
            Verdict::Accepted
        );
        assert_eq!(
            verdict(any, "[[1,2],[3]]\n", "[[3],[2,1]]"),
            Verdict::WrongAnswer
        );
        assert_eq!(verdict(any, "[1,1,2]\n", "[1,2,2]"), Verdict::WrongAnswer);
        assert_eq!(
            verdict(any, "true\n[1,2]\n", "true\n[2,1]\n"),
            Verdict::Accepted
        );
        assert_eq!(
            verdict(any, "[1]\n[2]\n", "[2]\n[1]\n"),
            Verdict::WrongAnswer
        );
        assert_eq!(verdict(any, "not json\n", "not json"), Verdict::Accepted);
        assert_eq!(verdict(any, "[1]\n", "[1"), Verdict::WrongAnswer);
        let judgement = judgement(any, "[\"a\",\"b\"]\n", "[\"b\",\"c\"]\n");
        assert_eq!(
            judgement.detail,
            "line 1: expected the element \"a\", which is missing (in any order)"
        );
    }

    #[test]
    fn any_order_deep_sorts_the_elements_of_elements_too() {
        let deep = &Comparator::AnyOrderDeep;
        let groups = "[[\"bat\"],[\"nat\",\"tan\"],[\"ate\",\"eat\",\"tea\"]]\n";
        let shuffled = "[[\"tan\",\"nat\"],[\"eat\",\"tea\",\"ate\"],[\"bat\"]]\n";
        assert_eq!(verdict(deep, groups, shuffled), Verdict::Accepted);
        assert_eq!(
            verdict(&Comparator::AnyOrder, groups, shuffled),
            Verdict::WrongAnswer
        );
        assert_eq!(
            verdict(deep, "[[[1,2]]]\n", "[[[2,1]]]\n"),
            Verdict::WrongAnswer
        );
    }
}
