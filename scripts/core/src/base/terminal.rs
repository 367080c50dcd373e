//! What the runner writes to the terminal: lines that end the program
//! quietly when the reader went away, colours only for a person, a program's
//! text with its control characters escaped, and the rows of a check with
//! their `N passed, N failed` line.

use std::env;
use std::fmt;
use std::io::{self, IsTerminal, Write};
use std::process;

/// Writes one line to stdout; a reader that went away ends the program as
/// SIGPIPE would have.
pub fn print_line(line: fmt::Arguments) {
    let mut stdout = io::stdout().lock();
    if writeln!(stdout, "{line}").is_err() {
        process::exit(141);
    }
}

/// Colours only for a person at a terminal who has not asked for none.
pub fn use_colour() -> bool {
    io::stdout().is_terminal() && env::var_os("NO_COLOR").is_none()
}

/// One line of text, safe to store, print and write into a comment:
/// control characters (line ends, tabs, escapes) become spaces, and the
/// characters that reorder text or are invisible are dropped: the
/// bidirectional controls and marks (rustc refuses the controls even in a
/// comment), zero-width spaces, the soft hyphen and the byte-order mark.
pub fn plain_line(text: &str) -> String {
    let hidden = |c: char| {
        matches!(
            c,
            '\u{00AD}'
                | '\u{061C}'
                | '\u{200B}'
                | '\u{200E}'
                | '\u{200F}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2060}'
                | '\u{2066}'..='\u{2069}'
                | '\u{FEFF}'
        )
    };
    text.chars()
        .filter(|&c| !hidden(c))
        .map(|c| {
            if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') {
                ' '
            } else {
                c
            }
        })
        .collect::<String>()
        .trim()
        .to_string()
}

/// `text` with every control character but newline and tab escaped (`\r`,
/// `\u{1b}`), so a program's stderr cannot move the cursor, recolour the
/// terminal or draw a fake row.
pub fn escape_controls(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() && c != '\n' && c != '\t' {
            escaped.extend(c.escape_default());
        } else {
            escaped.push(c);
        }
    }
    escaped
}

/// Whether `c` may not be printed raw in a name: a control character
/// (line ends, tabs, escapes), a line or paragraph separator, or a
/// bidirectional control that reorders what follows.
fn unprintable_in_name(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{2028}' | '\u{2029}' | '\u{061C}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
        )
}

/// Whether a name from outside (a case's file, a package's path) prints as
/// it is: none of its characters needs `escape_name`.
pub fn is_plain_name(name: &str) -> bool {
    !name.chars().any(unprintable_in_name)
}

/// A name from outside as it is printed: every character `is_plain_name`
/// refuses escaped (`\n`, `\t`, `\u{1b}`, `\u{202e}`), so a name cannot
/// move the cursor, start a row of its own or reorder one.
pub fn escape_name(name: &str) -> String {
    let mut escaped = String::with_capacity(name.len());
    for c in name.chars() {
        if unprintable_in_name(c) {
            escaped.extend(c.escape_default());
        } else {
            escaped.push(c);
        }
    }
    escaped
}

/// `1 line`, `2 lines`: a count and its noun.
pub fn plural(count: usize, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

/// The terminal colours a verdict is painted in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colour {
    Green,
    Yellow,
    Red,
    Magenta,
}

pub fn paint(text: &str, colour: Colour, enabled: bool) -> String {
    if !enabled {
        return text.to_string();
    }
    let code = match colour {
        Colour::Green => "32",
        Colour::Yellow => "33",
        Colour::Red => "31",
        Colour::Magenta => "35",
    };
    format!("\x1b[{code}m{text}\x1b[0m")
}

/// The rows of a check, one a thing checked (`<name> ok <summary>`, or
/// `<name> FAILED` and why, indented), closed by `N passed, N failed`.
#[derive(Debug)]
pub struct Tally {
    width: usize,
    passed: usize,
    failed: usize,
}

impl Tally {
    /// Names are padded to `width` so the rows line up.
    pub fn new(width: usize) -> Tally {
        Tally {
            width,
            passed: 0,
            failed: 0,
        }
    }

    pub fn row(&mut self, name: &str, result: Result<String, String>) {
        let width = self.width;
        match result {
            Ok(summary) => {
                self.passed += 1;
                outln!("{name:<width$} ok      {summary}");
            }
            Err(message) => {
                self.failed += 1;
                outln!("{name:<width$} FAILED");
                for line in message.lines() {
                    outln!("    {line}");
                }
            }
        }
    }

    /// Prints `N passed, N failed`; true when none failed.
    pub fn close(self) -> bool {
        outln!("{} passed, {} failed", self.passed, self.failed);
        self.failed == 0
    }
}

/// A score (or a multiplier) as the formats write them: `30`, `12.5`.
pub fn number(score: f64) -> String {
    if score.fract() == 0.0 && score.abs() < 1e15 {
        format!("{}", score as i64)
    } else {
        format!("{score:.2}").trim_end_matches('0').to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_but_lines_kept() {
        assert_eq!(
            escape_controls("AC\r\x1b[32mok\n\tnext\x7f"),
            "AC\\r\\u{1b}[32mok\n\tnext\\u{7f}"
        );
    }

    #[test]
    fn a_name_is_escaped_whole_lines_and_reordering_too() {
        let name = "a\x1b]0;x\x07\nproblem=fake verdict=AC\u{202e}b";
        assert!(!is_plain_name(name));
        assert_eq!(
            escape_name(name),
            "a\\u{1b}]0;x\\u{7}\\nproblem=fake verdict=AC\\u{202e}b"
        );
        assert!(is_plain_name("sample-1 é"));
        assert_eq!(escape_name("sample-1 é"), "sample-1 é");
    }
}
