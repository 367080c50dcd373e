//! How an output is judged against the answer: one `Comparator`, built once
//! from `problem.toml` and used alike by `test`, `run`, `stress`, interactive
//! runs and the problems' own tests. A new mode is one new variant of
//! `CompareMode` and one arm here.

use super::checker::Checker;
use super::verdict::{Judgement, Verdict};
use crate::base::diff;
use crate::base::error::SetupError;
use crate::base::files::Text;
use crate::base::modes::CompareMode;
use crate::base::terminal::plural;
use crate::problem::config::{Compare, Config};
use crate::problem::workspace::Workspace;
use leetcode::json::{self, Value};

#[derive(Clone, Debug)]
pub enum Comparator {
    /// The output is compared with the answer by a built-in mode.
    Mode(Compare),
    /// A checker program decides.
    Checker(Checker),
}

impl Comparator {
    /// The comparator `problem.toml` of problem `id` asks for; a checker wins
    /// over `compare`. A checker that is not built yet is a setup error.
    pub fn of(workspace: &Workspace, id: &str, config: &Config) -> Result<Comparator, SetupError> {
        match &config.checker {
            Some(tool) => Checker::new(workspace, id, tool).map(Comparator::Checker),
            None => Ok(Comparator::Mode(config.compare)),
        }
    }

    /// Byte for byte: what a run with no answer is held to (only its limits
    /// and exit can fail it then).
    pub fn exact() -> Comparator {
        Comparator::Mode(Compare {
            mode: CompareMode::Exact,
            float_tolerance: 0.0,
        })
    }

    /// Judges `output`, the program's answer to `input`, against `answer`.
    pub fn judge(&self, input: Text, output: &[u8], answer: Text) -> Judgement {
        let compare = match self {
            Comparator::Checker(checker) => return checker.judge(input, output, answer),
            Comparator::Mode(compare) => compare,
        };
        let answer = match answer.read() {
            Ok(answer) => answer,
            Err(error) => {
                return Judgement::failure(format!("the answer could not be read: {error}"))
            }
        };
        match compare.mode {
            CompareMode::Exact => exact(&answer, output, false),
            CompareMode::Tokens => exact(&answer, output, true),
            CompareMode::Float => float(&answer, output, compare.float_tolerance),
            CompareMode::AnyOrder => any_order(&answer, output, 1),
            CompareMode::AnyOrderDeep => any_order(&answer, output, 2),
        }
    }
}

fn accepted() -> Judgement {
    Judgement::accepted()
}

fn wrong(detail: String) -> Judgement {
    Judgement::new(Verdict::WrongAnswer, detail)
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
            "expected {}, got {}\n{}",
            plural(want.len(), "token", "tokens"),
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

    fn mode(mode: CompareMode, float_tolerance: f64) -> Comparator {
        Comparator::Mode(Compare {
            mode,
            float_tolerance,
        })
    }

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
        let exact = &mode(CompareMode::Exact, 0.0);
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
        let tokens = &mode(CompareMode::Tokens, 0.0);
        assert_eq!(verdict(tokens, "1 2\n3\n", "1\n2 3"), Verdict::Accepted);
        assert_eq!(verdict(tokens, "1 2\n3\n", "1 2 3 4"), Verdict::WrongAnswer);
        assert_eq!(verdict(tokens, "12\n", "1 2\n"), Verdict::WrongAnswer);
    }

    #[test]
    fn wrong_answer_explains_where() {
        let judgement = judgement(
            &mode(CompareMode::Exact, 0.0),
            "true\nfalse\n",
            "true\ntrue\n",
        );
        assert!(judgement.detail.contains("line 2"), "{}", judgement.detail);
    }

    #[test]
    fn float_mode_allows_absolute_or_relative_error() {
        let float = &mode(CompareMode::Float, 1e-6);
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
        let float = &mode(CompareMode::Float, 1e-5);
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
        let any = &mode(CompareMode::AnyOrder, 0.0);
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
        let deep = &mode(CompareMode::AnyOrderDeep, 0.0);
        let groups = "[[\"bat\"],[\"nat\",\"tan\"],[\"ate\",\"eat\",\"tea\"]]\n";
        let shuffled = "[[\"tan\",\"nat\"],[\"eat\",\"tea\",\"ate\"],[\"bat\"]]\n";
        assert_eq!(verdict(deep, groups, shuffled), Verdict::Accepted);
        assert_eq!(
            verdict(&mode(CompareMode::AnyOrder, 0.0), groups, shuffled),
            Verdict::WrongAnswer
        );
        assert_eq!(
            verdict(deep, "[[[1,2]]]\n", "[[[2,1]]]\n"),
            Verdict::WrongAnswer
        );
    }
}
