//! Mutants of a solution: small wrong versions of its own code, one token
//! (or one short statement) changed each, to measure how much of the code
//! the stored cases and stress really check. Only the solution's own code
//! is mutated: the paste's region (the whole file up to the house skeleton,
//! or LeetCode's submit region), never a comment, string, char literal,
//! attribute, `use` line or `#[cfg(test)]` item. Each mutant changes one
//! line and keeps the line count; the same source gives the same mutants
//! in the same order.

mod lexer;

use judge_core::base::hash::fnv1a;
use judge_paste::copies::SKELETON_BEGIN;
use judge_paste::{Paste, Style, BEGIN, END};
use lexer::{Kind, Token};
use std::ops::Range;

/// One mutant: `source[span]` replaced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mutant {
    pub span: Range<usize>,
    pub replacement: String,
    /// The line changed, from 1.
    pub line: usize,
    /// The operator's name (`boundary`, `arithmetic`, ...).
    pub operator: &'static str,
}

impl Mutant {
    /// The mutated source.
    pub fn apply(&self, source: &str) -> String {
        let mut text = source[..self.span.start].to_string();
        text += &self.replacement;
        text += &source[self.span.end..];
        text
    }

    /// The changed line before and after, without their newlines.
    pub fn lines(&self, source: &str) -> (String, String) {
        let start = source[..self.span.start].rfind('\n').map_or(0, |at| at + 1);
        let end = source[self.span.end..]
            .find('\n')
            .map_or(source.len(), |at| self.span.end + at);
        let before = source[start..end].to_string();
        let after = format!(
            "{}{}{}",
            &source[start..self.span.start],
            self.replacement,
            &source[self.span.end..end]
        );
        (before, after)
    }

    /// A short name of the mutant, from the mutated source: the same
    /// mutant of the same file has it on every run.
    pub fn name(&self, source: &str) -> String {
        let hash = fnv1a(&[self.apply(source).as_bytes()]);
        format!("{:08x}", hash >> 32)
    }
}

/// The byte range of `source` whose code is the solution's own: for a
/// whole-file paste, up to the house skeleton; for LeetCode, the submit
/// region. The error says why the region cannot be cut.
pub fn region(source: &str, style: Style) -> Result<Range<usize>, String> {
    let line_start = |wanted: &dyn Fn(&str) -> bool| {
        let mut at = 0;
        for line in source.split_inclusive('\n') {
            if wanted(line) {
                return Some((at, at + line.len()));
            }
            at += line.len();
        }
        None
    };
    match style {
        Style::WholeFile => {
            let end = line_start(&|line| line.starts_with(SKELETON_BEGIN));
            Ok(0..end.map_or(source.len(), |(start, _)| start))
        }
        Style::LeetCode => {
            Paste::from_source(source, style)?;
            let (_, begin) = line_start(&|line| line.trim() == BEGIN).unwrap_or_default();
            let (end, _) = line_start(&|line| line.trim() == END).unwrap_or_default();
            Ok(begin..end)
        }
    }
}

/// Every mutant of `source`'s own code, in the order of the source.
pub fn mutants(source: &str, style: Style) -> Result<Vec<Mutant>, String> {
    let region = region(source, style)?;
    let tokens = lexer::tokens(source);
    let skipped = skipped(&tokens, &region);
    let generic = generic_angles(&tokens);
    let mut found: Vec<Mutant> = Vec::new();
    for at in 0..tokens.len() {
        if skipped[at] || generic[at] {
            continue;
        }
        for (span, replacement, operator) in token_mutants(&tokens, at) {
            // A statement over several lines is no one-line mutant.
            if source[span.clone()].contains('\n') {
                continue;
            }
            let line = source[..span.start].matches('\n').count() + 1;
            let mutant = Mutant {
                span,
                replacement,
                line,
                operator,
            };
            if !found.contains(&mutant) {
                found.push(mutant);
            }
        }
    }
    // A statement removed starts before the token that makes it.
    found.sort_by_key(|mutant| mutant.span.start);
    Ok(found)
}

/// Which tokens are left alone: outside `region`, in an attribute, a `use`
/// declaration or a `#[cfg(test)]` item.
fn skipped(tokens: &[Token], region: &Range<usize>) -> Vec<bool> {
    let mut skipped: Vec<bool> = tokens.iter().map(|t| !region.contains(&t.start)).collect();
    let mut at = 0;
    while at < tokens.len() {
        let open = at + 1 + usize::from(tokens.get(at + 1).is_some_and(|t| t.is("!")));
        let end = if tokens[at].is("#") && tokens.get(open).is_some_and(|t| t.is("[")) {
            let close = matching(tokens, open);
            let texts: Vec<&str> = tokens[at..=close].iter().map(|t| t.text).collect();
            if texts.concat() == "#[cfg(test)]" {
                item_end(tokens, close + 1)
            } else {
                close
            }
        } else if tokens[at].is("use") {
            (at..tokens.len())
                .find(|&i| tokens[i].is(";"))
                .unwrap_or(tokens.len())
        } else {
            at += 1;
            continue;
        };
        for flag in &mut skipped[at..=end.min(tokens.len() - 1)] {
            *flag = true;
        }
        at = end + 1;
    }
    skipped
}

/// The index of the bracket closing the one at `open`, or the last token.
fn matching(tokens: &[Token], open: usize) -> usize {
    let mut depth = 0i32;
    for (at, token) in tokens.iter().enumerate().skip(open) {
        if ["(", "[", "{"].iter().any(|b| token.is(b)) {
            depth += 1;
        } else if [")", "]", "}"].iter().any(|b| token.is(b)) {
            depth -= 1;
            if depth == 0 {
                return at;
            }
        }
    }
    tokens.len().saturating_sub(1)
}

/// The last token of the item starting at `from`: its `;`, or its body's `}`.
fn item_end(tokens: &[Token], from: usize) -> usize {
    for at in from..tokens.len() {
        if tokens[at].is(";") {
            return at;
        }
        if tokens[at].is("{") {
            return matching(tokens, at);
        }
    }
    tokens.len().saturating_sub(1)
}

/// Which `<`, `>` and `>>` tokens are generics' brackets (`Vec<u8>`,
/// `sum::<u32>()`, `fn f<T>`), not comparisons or shifts.
fn generic_angles(tokens: &[Token]) -> Vec<bool> {
    let mut generic = vec![false; tokens.len()];
    let mut depth = 0usize;
    for at in 0..tokens.len() {
        let token = &tokens[at];
        let before = at.checked_sub(1).map(|i| &tokens[i]);
        let opens = token.is("<")
            && before.is_some_and(|b| {
                b.is("::")
                    || b.is("impl")
                    || (b.kind == Kind::Ident && is_type_name(b.text))
                    || (at >= 2 && tokens[at - 2].is("fn"))
            });
        if opens {
            depth += 1;
            generic[at] = true;
        } else if depth > 0 && (token.is(">") || token.is(">>")) {
            depth = depth.saturating_sub(token.text.len());
            generic[at] = true;
        } else if [";", "{", "}"].iter().any(|t| token.is(t)) {
            depth = 0;
        }
    }
    generic
}

/// `Vec` or `T`, not the constant `MAX_N`.
fn is_type_name(name: &str) -> bool {
    name.starts_with(char::is_uppercase) && (name.len() == 1 || name.contains(char::is_lowercase))
}

const KEYWORDS: [&str; 22] = [
    "as", "break", "const", "continue", "dyn", "else", "enum", "fn", "for", "if", "impl", "in",
    "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "while",
];

/// Whether the token ends an operand, so that an operator after it is binary.
fn ends_operand(token: Option<&Token>) -> bool {
    token.is_some_and(|t| match t.kind {
        Kind::Ident => !KEYWORDS.contains(&t.text),
        Kind::Int | Kind::Float | Kind::Quoted => true,
        Kind::Lifetime => false,
        Kind::Punct => [")", "]", "?"].contains(&t.text),
    })
}

/// The pairs of operators swapped one for the other.
const SWAPS: [(&str, &str, &str); 12] = [
    ("<", "<=", "boundary"),
    (">", ">=", "boundary"),
    ("==", "!=", "equality"),
    ("+", "-", "arithmetic"),
    ("+=", "-=", "arithmetic"),
    ("*", "/", "arithmetic"),
    ("*=", "/=", "arithmetic"),
    ("<<", ">>", "shift"),
    ("<<=", ">>=", "shift"),
    ("&&", "||", "logical"),
    ("min", "max", "min/max"),
    ("break", "continue", "break/continue"),
];

const COMPOUND: [&str; 10] = ["+=", "-=", "*=", "/=", "%=", "^=", "&=", "|=", "<<=", ">>="];

/// The mutants of the token at `at`: (span, replacement, operator).
fn token_mutants(tokens: &[Token], at: usize) -> Vec<(Range<usize>, String, &'static str)> {
    let token = &tokens[at];
    let before = at.checked_sub(1).map(|i| &tokens[i]);
    let span = token.start..token.end();
    let mut found = Vec::new();
    let binary = ends_operand(before);
    let path = before.is_some_and(|b| b.is(".") || b.is("::"));
    for (one, other, operator) in SWAPS {
        let applies = match operator {
            "min/max" => path && token.kind == Kind::Ident,
            "break/continue" => token.kind == Kind::Ident,
            // `-x`, `*x` and `&&x` are no arithmetic or logic; `|| x` is a closure.
            _ => token.kind == Kind::Punct && binary,
        };
        if !applies {
            continue;
        }
        if token.text == one {
            found.push((span.clone(), other.to_string(), operator));
        } else if token.text == other {
            found.push((span.clone(), one.to_string(), operator));
        }
    }
    // `!` after a name is a macro's.
    if token.is("!") && !binary {
        found.push((span.clone(), String::new(), "negation removed"));
    }
    if token.kind == Kind::Int && !before.is_some_and(|b| b.is(".")) {
        found.extend(
            literals(token)
                .into_iter()
                .map(|text| (span.clone(), text, "literal")),
        );
    }
    let removable = COMPOUND.contains(&token.text) || token.is("return") || token.is("continue");
    if removable && token.kind != Kind::Quoted {
        if let Some(statement) = statement(tokens, at) {
            found.push((statement, String::new(), "statement removed"));
        }
    }
    found
}

/// An integer literal plus one and minus one, in its own base and suffix.
fn literals(token: &Token) -> Vec<String> {
    let text = token.text.replace('_', "");
    let (radix, prefix, digits) = match text.get(..2) {
        Some("0x") => (16, "0x", &text[2..]),
        Some("0o") => (8, "0o", &text[2..]),
        Some("0b") => (2, "0b", &text[2..]),
        _ => (10, "", &text[..]),
    };
    let end = digits
        .find(|c: char| !c.is_digit(radix))
        .unwrap_or(digits.len());
    let (number, suffix) = digits.split_at(end);
    let Ok(value) = u128::from_str_radix(number, radix) else {
        return Vec::new();
    };
    let shown = |v: u128| match radix {
        16 => format!("{prefix}{v:x}{suffix}"),
        8 => format!("{prefix}{v:o}{suffix}"),
        2 => format!("{prefix}{v:b}{suffix}"),
        _ => format!("{v}{suffix}"),
    };
    [value.checked_add(1), value.checked_sub(1)]
        .into_iter()
        .flatten()
        .map(shown)
        .collect()
}

/// The span of the statement that token `at` is in (a compound assignment)
/// or starts (`return`, `continue`), up to its `;`, when it stands on one
/// line between statement boundaries.
fn statement(tokens: &[Token], at: usize) -> Option<Range<usize>> {
    let boundary = |t: &Token| t.is(";") || t.is("{") || t.is("}");
    let mut start = at;
    let mut depth = 0i32;
    while start > 0 {
        let before = &tokens[start - 1];
        if depth == 0 && boundary(before) {
            break;
        }
        if before.is(")") || before.is("]") {
            depth += 1;
        } else if before.is("(") || before.is("[") {
            depth -= 1;
            if depth < 0 {
                return None;
            }
        }
        start -= 1;
    }
    if start != at && !COMPOUND.contains(&tokens[at].text) {
        return None;
    }
    let mut end = at;
    let mut depth = 0i32;
    while end < tokens.len() && !(depth == 0 && tokens[end].is(";")) {
        match tokens[end].text {
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" if depth == 0 => return None,
            ")" | "]" | "}" => depth -= 1,
            _ => {}
        }
        end += 1;
    }
    Some(tokens.get(start)?.start..tokens.get(end)?.end())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The one-line diffs of `code`'s mutants, as `before => after`.
    fn diffs(code: &str) -> Vec<String> {
        let source = format!("{code}\n");
        mutants(&source, Style::WholeFile)
            .unwrap()
            .iter()
            .map(|m| {
                let (before, after) = m.lines(&source);
                assert_eq!(before, code);
                after
            })
            .collect()
    }

    #[test]
    fn each_operator_gives_its_one_line_diffs() {
        let cases: [(&str, &[&str]); 14] = [
            ("a < b", &["a <= b"]),
            ("a >= b", &["a > b"]),
            ("a == b", &["a != b"]),
            ("a - b", &["a + b"]),
            ("a * b", &["a / b"]),
            ("a << b", &["a >> b"]),
            ("a || b", &["a && b"]),
            ("if !a {}", &["if a {}"]),
            ("x = 0;", &["x = 1;"]),
            ("x = 0x1fu8;", &["x = 0x20u8;", "x = 0x1eu8;"]),
            ("a.min(b)", &["a.max(b)"]),
            ("loop { break; }", &["loop { continue; }"]),
            (
                "{ x += 1; }",
                &["{  }", "{ x -= 1; }", "{ x += 2; }", "{ x += 0; }"],
            ),
            ("{ continue; }", &["{ break; }", "{  }"]),
        ];
        for (code, expected) in cases {
            assert_eq!(diffs(code), expected.to_vec(), "{code}");
        }
        assert_eq!(diffs("fn f() -> u8 { return 1; }")[0], "fn f() -> u8 {  }");
    }

    #[test]
    fn comments_strings_chars_attributes_uses_and_tests_are_left_alone() {
        let code = "use std::io::{self, Read};\n#[derive(Debug)]\n#[allow(x, 1 < 2)]\n\
                    // a < b + 1\n/* 2 * 3 */\nconst S: &str = \"a < 1\";\nconst C: char = '+';\n\
                    const B: &[u8] = b\"1 - 2\";\n#[cfg(test)]\nmod tests { fn f() { 1 + 2; } }\n";
        assert_eq!(mutants(code, Style::WholeFile).unwrap(), Vec::new());
    }

    #[test]
    fn generics_unary_operators_macros_and_tuple_fields_are_not_operators() {
        let code = "fn f<'a>(x: Vec<Vec<u8>>) -> Option<&'a [u8]> { g::<u32>(-x, *y, &&z, || w, \
                    p.0, println!(\"\")) }\n";
        assert_eq!(mutants(code, Style::WholeFile).unwrap(), Vec::new());
    }

    #[test]
    fn the_house_skeleton_and_beyond_leetcode_s_region_are_left_alone() {
        let whole = "fn solve() -> u8 { 1 }\n// house skeleton: begin. Same bytes.\n\
                     fn main() { let x = 1 + 2; }\n// house skeleton: end\n";
        let found = mutants(whole, Style::WholeFile).unwrap();
        assert_eq!(found.len(), 2);
        assert!(found.iter().all(|m| m.line == 1));
        let leetcode = "fn a() -> u8 { 1 + 2 }\n// submit-begin\nimpl Solution {\n    \
                        fn f(x: i32) -> bool { x > 2 }\n}\n// submit-end\nfn b() { 3 * 4; }\n";
        let found = mutants(leetcode, Style::LeetCode).unwrap();
        let lines: Vec<usize> = found.iter().map(|m| m.line).collect();
        assert_eq!(lines, [4, 4, 4]);
        assert!(mutants("fn f() {}\n", Style::LeetCode).is_err());
    }

    #[test]
    fn the_same_source_gives_the_same_mutants_in_the_same_order_and_names() {
        let source = include_str!("../../../problems/poj1143/src/main.rs");
        let first = mutants(source, Style::WholeFile).unwrap();
        let again = mutants(source, Style::WholeFile).unwrap();
        assert_eq!(first, again);
        assert!(first.len() >= 100, "{} mutants", first.len());
        assert!(first.windows(2).all(|w| w[0].span.start <= w[1].span.start));
        let names: Vec<String> = first.iter().map(|m| m.name(source)).collect();
        let mut unique = names.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), names.len());
        for mutant in &first {
            let mutated = mutant.apply(source);
            assert_eq!(mutated.lines().count(), source.lines().count());
            let changed = source.lines().zip(mutated.lines()).filter(|(a, b)| a != b);
            assert_eq!(
                changed.count(),
                1,
                "line {}: {:?}",
                mutant.line,
                mutant.lines(source)
            );
        }
    }
}
