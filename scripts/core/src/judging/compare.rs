//! How an output is judged against the answer: one `Comparator`, built once
//! from `problem.toml` and used alike by `test`, `run`, `stress`, interactive
//! runs and the problems' own tests. A new mode is one new variant of
//! `CompareMode` and one arm here.

use super::checker::Checker;
use super::verdict::Judgement;
use crate::base::diff;
use crate::base::error::SetupError;
use crate::base::files::Text;
use crate::base::modes::CompareMode;
use crate::base::terminal::plural;
use crate::base::verdict::Verdict;
use crate::problem::config::Compare;
use crate::problem::workspace::Problem;
use json::Value;

#[derive(Clone, Debug)]
pub enum Comparator {
    /// The output is compared with the answer by a built-in mode.
    Mode(Compare),
    /// A checker program decides.
    Checker(Checker),
}

impl Comparator {
    /// The comparator the problem's problem.toml asks for; a checker wins
    /// over `compare`. A checker that is not built yet is a setup error.
    pub fn of(problem: &Problem) -> Result<Comparator, SetupError> {
        match &problem.config.checker {
            Some(tool) => Checker::new(problem, tool).map(Comparator::Checker),
            None => Ok(Comparator::Mode(problem.config.compare)),
        }
    }

    /// Byte for byte: what a run with no answer is held to (only its limits
    /// and exit can fail it then).
    pub fn exact() -> Comparator {
        Comparator::Mode(Compare::of_mode(CompareMode::Exact))
    }

    /// Judges `output`, the program's answer to `input`, against `answer`
    /// (a stored one under `limit` bytes).
    pub fn judge(&self, input: Text, output: &[u8], answer: Text, limit: u64) -> Judgement {
        let compare = match self {
            Comparator::Checker(checker) => return checker.judge(input, output, answer),
            Comparator::Mode(compare) => compare,
        };
        let answer = match answer.read(limit) {
            Ok(answer) => answer,
            Err(error) => {
                return Judgement::failure(format!("the answer could not be read: {error}"))
            }
        };
        match compare.mode {
            CompareMode::Exact => exact(&answer, output, false),
            CompareMode::Tokens if compare.case_sensitive && !compare.space_change_sensitive => {
                exact(&answer, output, true)
            }
            CompareMode::Tokens => tokens(&answer, output, compare, false),
            CompareMode::Float => tokens(&answer, output, compare, true),
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
    Judgement::new(verdict, diff::explain(&expected, &actual))
}

fn words(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    text.split(u8::is_ascii_whitespace)
        .filter(|t| !t.is_empty())
}

/// A token, where it is, and the line it is on.
struct Token<'a> {
    text: &'a [u8],
    start: usize,
    line: usize,
}

/// Whitespace-separated tokens; with `punctuation`, JSON's `[]{},:` are
/// tokens of their own, so the numbers in `[1.5,2]` are tokens too.
fn split_tokens(text: &[u8], punctuation: bool) -> Vec<Token<'_>> {
    let mut tokens = Vec::new();
    let (mut line, mut start) = (1, 0);
    for (at, &byte) in text.iter().enumerate() {
        let punct = punctuation && b"[]{},:".contains(&byte);
        if byte.is_ascii_whitespace() || punct {
            if start < at {
                tokens.push(Token {
                    text: &text[start..at],
                    start,
                    line,
                });
            }
            if punct {
                tokens.push(Token {
                    text: &text[at..=at],
                    start: at,
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
            start,
            line,
        });
    }
    tokens
}

/// The whitespace before each token and after the last one.
fn gaps<'a>(text: &'a [u8], tokens: &[Token]) -> Vec<&'a [u8]> {
    let mut gaps = Vec::with_capacity(tokens.len() + 1);
    let mut end = 0;
    for token in tokens {
        gaps.push(&text[end..token.start]);
        end = token.start + token.text.len();
    }
    gaps.push(&text[end..]);
    gaps
}

/// A finite number written as one (`inf` and `nan` are words here, as the
/// Kattis default validator reads them).
fn number(token: &[u8]) -> Option<f64> {
    let looks_numeric = token
        .first()
        .is_some_and(|b| b.is_ascii_digit() || b"+-.".contains(b));
    let value: f64 = std::str::from_utf8(token).ok()?.parse().ok()?;
    (looks_numeric && value.is_finite()).then_some(value)
}

/// `tokens` refined (case, whitespace) and `float`: token by token, the
/// Kattis default validator's way. Where a tolerance is set and the
/// answer's token is a number, the output's must be a number within it;
/// other tokens must be equal (up to ASCII case unless case-sensitive).
fn tokens(expected: &[u8], actual: &[u8], compare: &Compare, punctuation: bool) -> Judgement {
    let (expected, actual) = (
        diff::normalize_newlines(expected),
        diff::normalize_newlines(actual),
    );
    let (want, got) = (
        split_tokens(&expected, punctuation),
        split_tokens(&actual, punctuation),
    );
    if want.len() != got.len() {
        return wrong(format!(
            "expected {}, got {}\n{}",
            plural(want.len(), "token", "tokens"),
            got.len(),
            diff::explain(&expected, &actual)
        ));
    }
    for (index, (w, g)) in want.iter().zip(&got).enumerate() {
        if let Some(why) = token_mismatch(index, w, g, compare) {
            return wrong(why);
        }
    }
    if compare.space_change_sensitive {
        if let Some(why) = gap_mismatch(&expected, &want, &actual, &got) {
            return wrong(why);
        }
    }
    accepted()
}

/// Why the output's token `got` does not match the answer's `want` (token
/// `index`, from 0), if it does not.
fn token_mismatch(index: usize, want: &Token, got: &Token, compare: &Compare) -> Option<String> {
    let numeric = compare.mode == CompareMode::Float
        && (compare.absolute_tolerance.is_some() || compare.relative_tolerance.is_some());
    let shown = |token: &Token| String::from_utf8_lossy(token.text).into_owned();
    let place = format!("token {} (line {} of the answer)", index + 1, want.line);
    let Some(e) = number(want.text).filter(|_| numeric) else {
        let equal = if compare.case_sensitive {
            want.text == got.text
        } else {
            want.text.eq_ignore_ascii_case(got.text)
        };
        let why = format!("{place}: expected {:?}, got {:?}", shown(want), shown(got));
        return (!equal).then_some(why);
    };
    let Some(a) = number(got.text) else {
        return Some(format!(
            "{place}: expected the number {}, got {:?}",
            shown(want),
            shown(got)
        ));
    };
    let error = (a - e).abs();
    let within = |tolerance: Option<f64>, scale: f64| tolerance.is_some_and(|t| error <= t * scale);
    let close =
        within(compare.absolute_tolerance, 1.0) || within(compare.relative_tolerance, e.abs());
    (!close).then(|| {
        format!(
            "{place}: expected {}, got {}: error {error:.2e}, relative {:.2e}, {}",
            shown(want),
            shown(got),
            error / e.abs(),
            tolerances(compare)
        )
    })
}

/// Where the whitespace around the tokens differs (space_change_sensitive),
/// if it does.
fn gap_mismatch(expected: &[u8], want: &[Token], actual: &[u8], got: &[Token]) -> Option<String> {
    let (want_gaps, got_gaps) = (gaps(expected, want), gaps(actual, got));
    let at = (0..want_gaps.len()).find(|&i| want_gaps[i] != got_gaps[i])?;
    let line = want
        .get(at)
        .map_or(want.last().map_or(1, |t| t.line), |t| t.line);
    let before = match at {
        0 => "before the first token".to_string(),
        at => format!("after token {at}"),
    };
    Some(format!(
        "the whitespace {before} (line {line} of the answer) differs: expected {:?}, got {:?} \
         (space_change_sensitive)",
        String::from_utf8_lossy(want_gaps[at]),
        String::from_utf8_lossy(got_gaps[at])
    ))
}

/// `tolerance 1e-6`, or each tolerance that is set.
fn tolerances(compare: &Compare) -> String {
    match (compare.absolute_tolerance, compare.relative_tolerance) {
        (Some(a), Some(r)) if a == r => format!("tolerance {a:e}"),
        (Some(a), Some(r)) => format!("absolute tolerance {a:e}, relative tolerance {r:e}"),
        (Some(a), None) => format!("absolute tolerance {a:e}"),
        (None, Some(r)) => format!("relative tolerance {r:e}"),
        (None, None) => "no tolerance".into(),
    }
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
    use Verdict::{Accepted as AC, PresentationError as PE, WrongAnswer as WA};

    fn mode(mode: CompareMode, float_tolerance: f64) -> Comparator {
        Comparator::Mode(Compare {
            absolute_tolerance: Some(float_tolerance),
            relative_tolerance: Some(float_tolerance),
            ..Compare::of_mode(mode)
        })
    }

    fn flagged(flags: &str) -> Comparator {
        let flags: Vec<String> = flags.split_whitespace().map(String::from).collect();
        Comparator::Mode(
            Compare::kattis_default()
                .with_validator_flags(&flags)
                .unwrap(),
        )
    }

    fn judgement(comparator: &Comparator, expected: &str, actual: &str) -> Judgement {
        comparator.judge(
            Text::Bytes(b""),
            actual.as_bytes(),
            Text::Bytes(expected.as_bytes()),
            u64::MAX,
        )
    }

    #[test]
    fn exact_mode() {
        rows(
            &mode(CompareMode::Exact, 0.0),
            &[
                ("1 2\n3\n", "1 2\n3\n", AC),
                ("1 2\n3\n", "1 2\r\n3\r\n", AC),
                ("1 2\n3\n", "1  2\n3\n", PE),
                ("1 2\n3\n", "1 2\n3", PE),
                ("1 2\n3\n", "1 2\n4\n", WA),
                ("1 2\n", "", WA),
            ],
        );
    }

    #[test]
    fn tokens_mode_accepts_other_whitespace_only() {
        rows(
            &mode(CompareMode::Tokens, 0.0),
            &[
                ("1 2\n3\n", "1\n2 3", AC),
                ("1 2\n3\n", "1 2 3 4", WA),
                ("12\n", "1 2\n", WA),
            ],
        );
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
        rows(
            &mode(CompareMode::Float, 1e-6),
            &[
                ("0.5\n", "0.5000009", AC),
                ("0.5\n", "0.5000011", WA),
                ("1000000\n", "1000000.9", AC),
                ("1000000\n", "1000001.1", WA),
                ("-2 yes\n", "-2.0000000001\nyes", AC),
                ("2 yes\n", "2 YES", WA),
                ("1 2\n", "1 2 3", WA),
                ("nan\n", "nan", AC),
                ("inf\n", "1e308", WA),
            ],
        );
    }

    #[test]
    fn float_mode_reads_numbers_inside_json() {
        let detail = rows(
            &mode(CompareMode::Float, 1e-5),
            &[
                ("[1.50000,2.0]\n", "[1.5, 2.000001]\n", AC),
                ("[1.5,2.0]\n", "1.5 2.0\n", WA),
                ("[1.5,2.0]\n[3]\n", "[1.5,2.0]\n[3.1]\n", WA),
            ],
        );
        assert!(
            detail
                == "token 7 (line 2 of the answer): expected 3, got 3.1: error 1.00e-1, relative 3.33e-2, tolerance 1e-5",
            "{detail}"
        );
    }

    /// `comparator` on (answer, output, verdict) rows; the last row's detail.
    #[track_caller]
    fn rows(comparator: &Comparator, rows: &[(&str, &str, Verdict)]) -> String {
        let mut detail = String::new();
        for (answer, output, wanted) in rows {
            let judged = judgement(comparator, answer, output);
            assert_eq!(judged.verdict, *wanted, "{answer:?} against {output:?}");
            detail = judged.detail;
        }
        detail
    }

    /// The Kattis default validator with `flags`, on (answer, output,
    /// verdict) rows; the last row's detail.
    #[track_caller]
    fn kattis_rows(flags: &str, table: &[(&str, &str, Verdict)]) -> String {
        rows(&flagged(flags), table)
    }

    #[test]
    fn kattis_default_validator_matches_letters_up_to_case_and_reads_nan_as_a_word() {
        kattis_rows("", &[("Yes\n", "YES", AC), ("1.0\n", "1", WA)]);
        let detail = kattis_rows(
            "float_tolerance 1e-6",
            &[
                ("NaN 2\n", "nan 2.0000001", AC),
                ("inf\n", "Inf", AC),
                ("inf\n", "1e308", WA),
                ("0.5\n", "half", WA),
            ],
        );
        assert_eq!(
            detail,
            "token 1 (line 1 of the answer): expected the number 0.5, got \"half\""
        );
        kattis_rows(
            "float_tolerance 1e-6 case_sensitive",
            &[("NaN\n", "nan", WA)],
        );
    }

    #[test]
    fn separate_tolerances_accept_within_either() {
        let detail = kattis_rows(
            "float_relative_tolerance 1e-3",
            &[("1000\n", "1000.9", AC), ("0.001\n", "0.0011", WA)],
        );
        assert!(detail.ends_with("relative tolerance 1e-3"), "{detail}");
        kattis_rows(
            "float_absolute_tolerance 0.01",
            &[("0.001\n", "0.0011", AC), ("1000\n", "1000.9", WA)],
        );
    }

    #[test]
    fn space_change_sensitive_makes_other_whitespace_a_wrong_answer() {
        let detail = kattis_rows(
            "space_change_sensitive",
            &[
                ("a b\nc\n", "A b\r\nc\n", AC),
                ("a b\nc\n", "a  b\nc\n", WA),
                ("a b\nc\n", "a b\nc", WA),
            ],
        );
        assert_eq!(
            detail,
            "the whitespace after token 3 (line 2 of the answer) differs: expected \"\\n\", got \"\" \
             (space_change_sensitive)"
        );
    }

    #[test]
    fn any_order_sorts_top_level_elements_only() {
        let detail = rows(
            &mode(CompareMode::AnyOrder, 0.0),
            &[
                ("[[1,2],[3]]\n", "[[3], [1,2]]", AC),
                ("[[1,2],[3]]\n", "[[3],[2,1]]", WA),
                ("[1,1,2]\n", "[1,2,2]", WA),
                ("true\n[1,2]\n", "true\n[2,1]\n", AC),
                ("[1]\n[2]\n", "[2]\n[1]\n", WA),
                ("not json\n", "not json", AC),
                ("[1]\n", "[1", WA),
                ("[\"a\",\"b\"]\n", "[\"b\",\"c\"]\n", WA),
            ],
        );
        assert_eq!(
            detail,
            "line 1: expected the element \"a\", which is missing (in any order)"
        );
    }

    #[test]
    fn any_order_deep_sorts_the_elements_of_elements_too() {
        let groups = "[[\"bat\"],[\"nat\",\"tan\"],[\"ate\",\"eat\",\"tea\"]]\n";
        let shuffled = "[[\"tan\",\"nat\"],[\"eat\",\"tea\",\"ate\"],[\"bat\"]]\n";
        rows(
            &mode(CompareMode::AnyOrderDeep, 0.0),
            &[(groups, shuffled, AC), ("[[[1,2]]]\n", "[[[2,1]]]\n", WA)],
        );
        rows(&mode(CompareMode::AnyOrder, 0.0), &[(groups, shuffled, WA)]);
    }
}
