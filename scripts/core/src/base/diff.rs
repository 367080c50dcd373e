//! Shows where an output differs from the expected one, with invisible
//! whitespace made visible: every line is printed quoted and escaped.

use super::terminal::plural;

/// Lines shown before the first difference.
const CONTEXT_BEFORE: usize = 3;
/// Lines of each side shown from the first difference on.
const SHOWN_AFTER: usize = 6;
/// Characters of a long line shown on each side of the first differing column.
const COLUMN_WINDOW: usize = 30;

/// `\r\n` counts as `\n`, as judges read it.
pub fn normalize_newlines(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    for (i, &b) in bytes.iter().enumerate() {
        if !(b == b'\r' && bytes.get(i + 1) == Some(&b'\n')) {
            out.push(b);
        }
    }
    out
}

struct Lines<'a> {
    lines: Vec<&'a [u8]>,
    final_newline: bool,
}

fn split_lines(text: &[u8]) -> Lines<'_> {
    let final_newline = text.last() == Some(&b'\n');
    let body = if final_newline {
        &text[..text.len() - 1]
    } else {
        text
    };
    Lines {
        lines: if text.is_empty() {
            Vec::new()
        } else {
            body.split(|&b| b == b'\n').collect()
        },
        final_newline,
    }
}

/// A few lines that locate the first difference between two outputs
/// (already newline-normalized). Empty when they are equal.
pub fn explain(expected: &[u8], actual: &[u8]) -> String {
    let want = split_lines(expected);
    let got = split_lines(actual);
    let first =
        (0..want.lines.len().max(got.lines.len())).find(|&i| want.lines.get(i) != got.lines.get(i));
    let first = match first {
        Some(first) => first,
        None if want.final_newline == got.final_newline => return String::new(),
        None if want.final_newline => {
            return "output matches but lacks the final newline".to_string()
        }
        None => return "output matches but has an extra final newline".to_string(),
    };
    let column = match (want.lines.get(first), got.lines.get(first)) {
        (Some(a), Some(b)) => a.iter().zip(b.iter()).take_while(|(x, y)| x == y).count(),
        _ => 0,
    };
    let mut text = format!(
        "first difference at line {}, column {} (expected {}, got {})\n",
        first + 1,
        column + 1,
        plural(want.lines.len(), "line", "lines"),
        got.lines.len()
    );
    let last = (first + SHOWN_AFTER).min(want.lines.len().max(got.lines.len()));
    let width = last.to_string().len().max(4);
    let mut row = |label: &str, number: usize, shown: String| {
        text += &format!("{label:<8} {number:>width$} | {shown}\n");
    };
    for i in first.saturating_sub(CONTEXT_BEFORE)..first {
        row("", i + 1, visible(want.lines[i], column));
    }
    for i in first..last {
        let (a, b) = (want.lines.get(i), got.lines.get(i));
        let shown = |line: Option<&&[u8]>| {
            line.map_or("<end of output>".to_string(), |l| visible(l, column))
        };
        if i > first && a == b {
            row("", i + 1, shown(a));
        } else {
            row("expected", i + 1, shown(a));
            row("actual", i + 1, shown(b));
        }
    }
    text.pop();
    text
}

/// The line's characters as a quoted line shows them, each with the byte
/// it starts at: escaped as in a Rust string, and each byte that is no
/// UTF-8 as `\x..`, so that a bad byte and U+FFFD never look alike.
fn shown_chars(line: &[u8]) -> Vec<(usize, String)> {
    let mut shown = Vec::new();
    let mut at = 0;
    while at < line.len() {
        let (valid, bad) = match std::str::from_utf8(&line[at..]) {
            Ok(text) => (text, 0),
            Err(e) => {
                let bad = e.error_len().unwrap_or(line.len() - at - e.valid_up_to());
                let valid = std::str::from_utf8(&line[at..at + e.valid_up_to()]).unwrap_or("");
                (valid, bad)
            }
        };
        for (offset, c) in valid.char_indices() {
            let escaped = match c {
                '\'' => "'".to_string(),
                c => c.escape_debug().to_string(),
            };
            shown.push((at + offset, escaped));
        }
        at += valid.len();
        for byte in &line[at..at + bad] {
            shown.push((at, format!("\\x{byte:02x}")));
            at += 1;
        }
    }
    shown
}

/// The line quoted and escaped, cut to a window around the byte `column`
/// when long.
fn visible(line: &[u8], column: usize) -> String {
    let chars = shown_chars(line);
    let quoted = |chars: &[(usize, String)]| {
        let text: String = chars.iter().map(|(_, shown)| shown.as_str()).collect();
        format!("\"{text}\"")
    };
    if chars.len() <= 2 * COLUMN_WINDOW + 20 {
        return quoted(&chars);
    }
    let column = chars.iter().take_while(|(at, _)| *at < column).count();
    let start = column.saturating_sub(COLUMN_WINDOW).min(chars.len());
    let end = (column + COLUMN_WINDOW).min(chars.len());
    format!(
        "{}{}{} ({} chars)",
        if start > 0 { "…" } else { "" },
        quoted(&chars[start..end]),
        if end < chars.len() { "…" } else { "" },
        chars.len()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crlf_becomes_lf_but_lone_cr_stays() {
        assert_eq!(normalize_newlines(b"a\r\nb\rc\r\n"), b"a\nb\rc\n");
    }

    #[test]
    fn equal_outputs_explain_nothing() {
        assert_eq!(explain(b"1\n2\n", b"1\n2\n"), "");
    }

    #[test]
    fn points_at_the_first_differing_line_and_shows_trailing_space() {
        let text = explain(b"a\nb\nc\n", b"a\nb \nc\n");
        assert!(
            text.starts_with("first difference at line 2, column 2"),
            "{text}"
        );
        assert!(text.contains("expected    2 | \"b\""), "{text}");
        assert!(text.contains("actual      2 | \"b \""), "{text}");
        assert!(text.contains("\n            1 | \"a\""), "{text}");
        assert!(text.contains("\n            3 | \"c\""), "{text}");
    }

    #[test]
    fn missing_lines_and_final_newline_are_named() {
        let text = explain(b"1\n2\n", b"1\n");
        assert!(text.contains("actual      2 | <end of output>"), "{text}");
        assert_eq!(
            explain(b"1\n2\n", b"1\n2"),
            "output matches but lacks the final newline"
        );
        assert_eq!(
            explain(b"1\n", b"1\n\n").lines().next().unwrap(),
            "first difference at line 2, column 1 (expected 1 line, got 2)"
        );
        assert!(explain(b"1\n2\n", b"3\n").starts_with(
            "first difference at line 1, column 1 \
             (expected 2 lines, got 1)"
        ));
    }

    #[test]
    fn invalid_utf8_is_shown_as_escaped_bytes_never_as_the_replacement_character() {
        let text = explain(b"\xff\xfe\n", "\u{fffd}\u{fffd}\n".as_bytes());
        assert!(text.contains("expected    1 | \"\\xff\\xfe\""), "{text}");
        assert!(
            text.contains("actual      1 | \"\u{fffd}\u{fffd}\""),
            "{text}"
        );
        let text = explain(b"caf\xc3\xa9 \"it's\"\t\x1b\n", b"cafe\n");
        assert!(
            text.contains("expected    1 | \"café \\\"it's\\\"\\t\\u{1b}\""),
            "{text}"
        );
        // A bad byte in a long line: the window still lands on the difference.
        let mut want = vec![b'a'; 500];
        want[300] = 0xff;
        let got = "a".repeat(500);
        let text = explain(&want, got.as_bytes());
        assert!(text.contains("column 301"), "{text}");
        assert!(text.contains("a\\xffa"), "{text}");
    }

    #[test]
    fn wide_line_numbers_keep_the_label_apart() {
        let want: String = (0..20_000).map(|i| format!("{i}\n")).collect();
        let got = want.replace("\n10541\n", "\n10541\nx\n");
        let text = explain(want.as_bytes(), got.as_bytes());
        assert!(text.contains("\nexpected 10543 | \"10542\""), "{text}");
        assert!(text.contains("\nactual   10543 | \"x\""), "{text}");
    }

    #[test]
    fn long_lines_are_cut_around_the_difference() {
        let want = "+".repeat(1000);
        let mut got = want.clone().into_bytes();
        got[500] = b'-';
        let text = explain(want.as_bytes(), &got);
        assert!(text.contains("column 501"), "{text}");
        assert!(text.contains("(1000 chars)"), "{text}");
        assert!(text.lines().all(|l| l.len() < 120), "{text}");
    }

    #[test]
    fn context_stays_short_on_long_outputs() {
        let want: String = (0..100).map(|i| format!("{i}\n")).collect();
        let got = want.replace("50\n", "x\n");
        assert!(explain(want.as_bytes(), got.as_bytes()).lines().count() <= 20);
    }
}
