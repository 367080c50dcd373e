//! The reader of `problem.toml`, a TOML document of `key = value` lines:
//! keys bare, quoted or dotted (`group."data/secret".cases`), values basic
//! or literal strings, integers, floats, booleans and arrays of them (over
//! several lines if need be), `#` comments; no tables. Keys are checked:
//! known, or `bench.<series>`, `group.<path>.<setting>` or
//! `submission.<path>`, each set once; an unknown one is refused with the
//! nearest known key. A line TOML reads otherwise than meant, or not at all
//! (bare words, a list spaced, a path unquoted in a key), is read as meant
//! and noted with the TOML to write instead.

use super::keys::{shape, Shape, KEYS};
use super::toml;
use crate::base::nearest::nearest;
use std::collections::BTreeMap;

/// Every `key = value` line, keys checked: known, or `bench.<series>`,
/// `group.`, `submission.`, and each set once; with a note for each line
/// to write otherwise (`line 3: write compare = "tokens" (a TOML string)`).
pub fn key_values(text: &str) -> Result<(BTreeMap<String, String>, Vec<String>), String> {
    let mut raw = BTreeMap::new();
    let mut notes = Vec::new();
    for entry in entries(text)? {
        let at = entry.lines.0 + 1;
        let key = entry.key.as_str();
        let named = |prefix: &str| {
            key.strip_prefix(prefix)
                .is_some_and(|name| !name.is_empty())
        };
        let series = named("bench.") || named("group.") || named("submission.");
        if !series && !KEYS.iter().any(|(known, _)| *known == key) {
            return Err(format!("line {at}: unknown key `{key}`{}", suggestion(key)));
        }
        if let Some((line, what)) = &entry.instead {
            notes.push(format!("line {at}: write {line} ({what})"));
        }
        if raw.insert(key.to_string(), entry.value).is_some() {
            return Err(format!("line {at}: `{key}` is set twice"));
        }
    }
    Ok((raw, notes))
}

/// One `key = value` of the text.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// Its segments joined by `.`: `group.data/secret.cases`.
    pub key: String,
    /// The value as the typed model reads it: a string's text, a number or
    /// a boolean as written, an array's items spaced.
    pub value: String,
    /// Its first line and its last, from 0 (an array may span several).
    pub lines: (usize, usize),
    /// When TOML reads it otherwise than meant or not at all: the line to
    /// write instead, and what that changes (`a TOML array`).
    pub instead: Option<(String, String)>,
}

/// Every `key = value` of `text`, in order, its keys unchecked; an error
/// names the line and what was expected there.
pub fn entries(text: &str) -> Result<Vec<Entry>, String> {
    let mut cursor = Cursor {
        text,
        at: 0,
        line: 0,
    };
    let mut entries = Vec::new();
    loop {
        cursor.space();
        if cursor.peek().is_none() {
            return Ok(entries);
        }
        let first = cursor.line;
        let at = first + 1;
        let line = cursor.line_rest().trim_end();
        if cursor.peek() == Some('[') {
            return Err(format!(
                "line {at}: expected `key = value`, found {line:?}: tables are not read \
                 here, dotted keys are (bench.max = [1000, 10000])"
            ));
        }
        let start = cursor;
        let segments = match key(&mut cursor) {
            Ok(segments) => {
                cursor.blanks();
                cursor.eat('=').then_some(segments)
            }
            Err(_) => None,
        };
        let key = match &segments {
            Some(segments) => segments.join("."),
            // The flat form's key: all before the `=`.
            None => {
                let (key, _) = line
                    .split_once('=')
                    .ok_or_else(|| format!("line {at}: expected `key = value`, found {line:?}"))?;
                cursor = start;
                cursor.at += key.len() + 1;
                key.trim().to_string()
            }
        };
        cursor.blanks();
        let before = cursor;
        let value = match value(&mut cursor).and_then(|value| cursor.line_end().map(|_| value)) {
            Ok(value) => value,
            // Only TOML starts so: its error stands, at the line where it
            // was found (an array's first, when it runs to the end).
            Err(e)
                if matches!(before.peek(), Some('[' | '\'' | '{'))
                    || before.rest().starts_with("\"\"\"") =>
            {
                let line = match cursor.peek() {
                    Some(_) => cursor.line + 1,
                    None => at,
                };
                return Err(format!("line {line}: {e}"));
            }
            Err(_) => {
                cursor = before;
                let flat =
                    flat(cursor.line_rest().trim()).map_err(|e| format!("line {at}: {e}"))?;
                cursor.at += cursor.line_rest().len();
                Value::Flat(flat)
            }
        };
        entries.push(Entry {
            instead: instead(&key, segments.as_deref(), &value),
            key,
            value: value.text(),
            lines: (first, cursor.line),
        });
    }
}

/// The TOML line to write for `key = value` as read (`segments`: the key's,
/// when it was read as TOML), and what changes, if it is not TOML already.
fn instead(key: &str, segments: Option<&[String]>, value: &Value) -> Option<(String, String)> {
    let shape = shape(key);
    let key_fits = segments
        .is_some_and(|segments| segments.iter().map(String::as_str).eq(toml::segments(key)));
    let value_fits = value.is(shape);
    if key_fits && value_fits {
        return None;
    }
    value.as_toml(shape).map(|written| {
        let changes: Vec<&str> = [(key_fits, "a quoted key"), (value_fits, shape.name())]
            .iter()
            .filter(|(fits, _)| !fits)
            .map(|(_, change)| *change)
            .collect();
        (
            format!("{} = {written}", toml::key(key)),
            changes.join(", "),
        )
    })
}

/// A value as read.
#[derive(Clone, Debug, PartialEq)]
enum Value {
    Text(String),
    /// A TOML integer or float, as written less its `_`s.
    Number(String),
    Bool(bool),
    /// Of strings, numbers and booleans.
    Array(Vec<Value>),
    /// What TOML does not read as a value: bare words, or a quoted string
    /// with a backslash TOML knows no escape for, read as it was meant.
    Flat(String),
}

impl Value {
    /// The value as the typed model reads it: an array's items spaced.
    fn text(&self) -> String {
        match self {
            Value::Text(text) | Value::Number(text) | Value::Flat(text) => text.clone(),
            Value::Bool(value) => value.to_string(),
            Value::Array(items) => {
                let items: Vec<String> = items.iter().map(Value::text).collect();
                items.join(" ")
            }
        }
    }

    /// Whether TOML writes a value of `shape` so.
    fn is(&self, shape: Shape) -> bool {
        let all =
            |of: fn(&Value) -> bool| matches!(self, Value::Array(items) if items.iter().all(of));
        match shape {
            Shape::Text => matches!(self, Value::Text(_)),
            Shape::Whole | Shape::Number => matches!(self, Value::Number(_)),
            Shape::Bool => matches!(self, Value::Bool(_)),
            Shape::Texts => all(|item| matches!(item, Value::Text(_))),
            Shape::Numbers => all(|item| matches!(item, Value::Number(_))),
        }
    }

    /// The value as TOML writes one of `shape`; `None` when it is none
    /// (the typed model refuses it).
    fn as_toml(&self, shape: Shape) -> Option<String> {
        let text = self.text();
        let words: Vec<&str> = text.split_whitespace().collect();
        match shape {
            Shape::Text => Some(toml::string(&text)),
            Shape::Whole => text.parse::<u64>().ok().map(|n| n.to_string()),
            Shape::Number => toml_number(&text),
            Shape::Bool => matches!(text.as_str(), "true" | "false").then_some(text),
            Shape::Texts => Some(toml::strings(&words)),
            Shape::Numbers => {
                let numbers: Option<Vec<String>> = words.iter().map(|w| toml_number(w)).collect();
                numbers.map(|numbers| toml::numbers(&numbers))
            }
        }
    }
}

/// A number as TOML writes it: as written where TOML reads it so, else
/// the float it is (`.5` is `0.5`).
fn toml_number(text: &str) -> Option<String> {
    match number(text) {
        Some(_) => Some(text.to_string()),
        None => text.parse::<f64>().ok().map(|n| format!("{n:?}")),
    }
}

/// The text read so far and what is left; `line` counts the newlines passed.
#[derive(Clone, Copy)]
struct Cursor<'a> {
    text: &'a str,
    at: usize,
    line: usize,
}

impl<'a> Cursor<'a> {
    fn rest(&self) -> &'a str {
        &self.text[self.at..]
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += c.len_utf8();
        self.line += usize::from(c == '\n');
        Some(c)
    }

    fn eat(&mut self, c: char) -> bool {
        let found = self.peek() == Some(c);
        if found {
            self.bump();
        }
        found
    }

    /// The rest of the current line, without its line break.
    fn line_rest(&self) -> &'a str {
        let rest = self.rest();
        let line = rest.split('\n').next().unwrap_or(rest);
        line.strip_suffix('\r').unwrap_or(line)
    }

    fn blanks(&mut self) {
        while matches!(self.peek(), Some(' ' | '\t')) {
            self.bump();
        }
    }

    /// Blanks, comments and line breaks: between entries, and between an
    /// array's items.
    fn space(&mut self) {
        loop {
            self.blanks();
            if self.peek() == Some('#') {
                self.at += self.line_rest().len();
            }
            match self.peek() {
                Some('\r' | '\n') => {
                    self.bump();
                }
                _ => return,
            }
        }
    }

    /// Nothing but blanks and a comment up to the end of the line.
    fn line_end(&mut self) -> Result<(), String> {
        self.blanks();
        let rest = self.line_rest();
        if !rest.is_empty() && !rest.starts_with('#') {
            return Err(format!(
                "expected the end of the line or a `#` comment after the value, found {rest:?}"
            ));
        }
        self.at += rest.len();
        Ok(())
    }
}

/// A key: segments bare (letters, digits, `_`, `-`) or quoted, dotted.
fn key(cursor: &mut Cursor) -> Result<Vec<String>, String> {
    let mut segments = Vec::new();
    loop {
        cursor.blanks();
        let segment = match cursor.peek() {
            Some('"') => basic_string(cursor)?,
            Some('\'') => literal_string(cursor)?,
            _ => {
                let bare: String = cursor
                    .rest()
                    .chars()
                    .take_while(|&c| toml::is_bare_char(c))
                    .collect();
                if bare.is_empty() {
                    return Err("expected a key".into());
                }
                cursor.at += bare.len();
                bare
            }
        };
        segments.push(segment);
        cursor.blanks();
        if !cursor.eat('.') {
            return Ok(segments);
        }
    }
}

/// A string, a number, a boolean or an array of them.
fn value(cursor: &mut Cursor) -> Result<Value, String> {
    match cursor.peek() {
        Some('"') => basic_string(cursor).map(Value::Text),
        Some('\'') => literal_string(cursor).map(Value::Text),
        Some('[') => array(cursor),
        Some('{') => Err("expected a value, found an inline table: write dotted keys".into()),
        _ => {
            let token: String = cursor
                .rest()
                .chars()
                .take_while(|c| !matches!(c, ' ' | '\t' | '\r' | '\n' | '#' | ',' | ']'))
                .collect();
            let value = match token.as_str() {
                "true" => Value::Bool(true),
                "false" => Value::Bool(false),
                _ => Value::Number(number(&token).ok_or_else(|| {
                    format!(
                        "expected a value (a \"string\", a number, true, false or an array \
                         [...]), found {token:?}"
                    )
                })?),
            };
            cursor.at += token.len();
            Ok(value)
        }
    }
}

/// `[item, item, ...]`, over several lines if need be, a `,` after the
/// last allowed; each item one word, so that the model reads it whole.
fn array(cursor: &mut Cursor) -> Result<Value, String> {
    cursor.bump();
    let mut items = Vec::new();
    loop {
        cursor.space();
        if cursor.eat(']') {
            return Ok(Value::Array(items));
        }
        let item = match cursor.peek() {
            None => return Err("unterminated array: no closing ']'".into()),
            Some('[') => {
                return Err("expected a string or a number, found an array in an array".into())
            }
            _ => value(cursor)?,
        };
        if let Value::Text(text) = &item {
            if text.is_empty() || text.contains(char::is_whitespace) {
                return Err(format!(
                    "an array's strings here are single words, found {text:?}"
                ));
            }
        }
        items.push(item);
        cursor.space();
        if cursor.peek().is_none() {
            return Err("unterminated array: no closing ']'".into());
        }
        if !cursor.eat(',') && cursor.peek() != Some(']') {
            return Err(format!(
                "expected ',' or ']' in the array, found {:?}",
                cursor.line_rest()
            ));
        }
    }
}

/// `"text"`, with TOML's escapes (`\"`, `\\`, `\n`, `\u00e9`, ...), on one line.
fn basic_string(cursor: &mut Cursor) -> Result<String, String> {
    if cursor.rest().starts_with("\"\"\"") {
        return Err("expected a one-line string, found a multi-line one (\"\"\")".into());
    }
    cursor.bump();
    let mut text = String::new();
    loop {
        match cursor.bump() {
            None | Some('\n') => return Err("unterminated string: no closing '\"'".into()),
            Some('"') => return Ok(text),
            Some('\\') => text.push(escape(cursor)?),
            Some(c) if c.is_control() && c != '\t' => {
                return Err(format!("a string holds no control character, found {c:?}"))
            }
            Some(c) => text.push(c),
        }
    }
}

/// The character a backslash escape in a basic string stands for.
fn escape(cursor: &mut Cursor) -> Result<char, String> {
    let c = cursor.bump();
    let digits = match c {
        Some('b') => return Ok('\u{8}'),
        Some('t') => return Ok('\t'),
        Some('n') => return Ok('\n'),
        Some('f') => return Ok('\u{c}'),
        Some('r') => return Ok('\r'),
        Some('"') => return Ok('"'),
        Some('\\') => return Ok('\\'),
        Some('u') => 4,
        Some('U') => 8,
        _ => {
            return Err(format!(
                "expected an escape such as \\\\ or \\\" after a backslash, found {:?}",
                c.map(String::from).unwrap_or_default()
            ))
        }
    };
    let hex: String = cursor.rest().chars().take(digits).collect();
    let code = match hex.len() == digits && hex.chars().all(|c| c.is_ascii_hexdigit()) {
        true => u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32),
        false => None,
    };
    cursor.at += hex.len();
    code.ok_or_else(|| {
        format!("expected {digits} hex digits of a character after \\u, found {hex:?}")
    })
}

/// `'text'`, as it stands, on one line.
fn literal_string(cursor: &mut Cursor) -> Result<String, String> {
    if cursor.rest().starts_with("'''") {
        return Err("expected a one-line string, found a multi-line one (''')".into());
    }
    cursor.bump();
    let mut text = String::new();
    loop {
        match cursor.bump() {
            None | Some('\n') => return Err("unterminated string: no closing \"'\"".into()),
            Some('\'') => return Ok(text),
            Some(c) if c.is_control() && c != '\t' => {
                return Err(format!("a string holds no control character, found {c:?}"))
            }
            Some(c) => text.push(c),
        }
    }
}

/// A TOML decimal integer or float (`1000`, `-3`, `1_000`, `1e-6`, `0.5`,
/// `inf`, `-nan`) less its `_`s, or `None`.
fn number(token: &str) -> Option<String> {
    let unsigned = token.strip_prefix(['+', '-']).unwrap_or(token);
    if unsigned == "inf" || unsigned == "nan" {
        return Some(token.to_string());
    }
    // Digits with `_` only between two; a leading zero only where `zero`.
    let digits = |text: &str, zero: bool| {
        let bytes = text.as_bytes();
        !text.is_empty()
            && text.chars().all(|c| c.is_ascii_digit() || c == '_')
            && bytes[0] != b'_'
            && bytes[bytes.len() - 1] != b'_'
            && !text.contains("__")
            && (zero || bytes[0] != b'0' || text == "0")
    };
    let (mantissa, exponent) = match unsigned.split_once(['e', 'E']) {
        Some((mantissa, exponent)) => (mantissa, Some(exponent)),
        None => (unsigned, None),
    };
    let (whole, fraction) = match mantissa.split_once('.') {
        Some((whole, fraction)) => (whole, Some(fraction)),
        None => (mantissa, None),
    };
    let fine = digits(whole, false)
        && fraction.map_or(true, |fraction| digits(fraction, true))
        && exponent.map_or(true, |exponent| {
            digits(exponent.strip_prefix(['+', '-']).unwrap_or(exponent), true)
        });
    fine.then(|| token.replace('_', ""))
}

/// The flat form's value: `"text"` up to the next quote, or bare text up to
/// a `#`; either may be followed by a `#` comment.
fn flat(value: &str) -> Result<String, String> {
    let quoted = match value.strip_prefix('"') {
        Some(quoted) => quoted,
        None => return Ok(value.split('#').next().unwrap_or("").trim().to_string()),
    };
    let (inside, after) = quoted
        .split_once('"')
        .ok_or("unterminated string: no closing '\"'")?;
    let after = after.trim();
    if !after.is_empty() && !after.starts_with('#') {
        return Err(format!(
            "expected a `#` comment or nothing after the closing quote, found {after:?}"
        ));
    }
    Ok(inside.to_string())
}

/// "; did you mean `compare`?" for the known key nearest to `key`, or the
/// list of known keys when none is near.
fn suggestion(key: &str) -> String {
    let known: Vec<&str> = KEYS.iter().map(|(known, _)| *known).collect();
    match nearest(key, known.iter().copied()) {
        Some(known) => format!("; did you mean `{known}`?"),
        None => format!(
            "; known keys: {}, bench.<series>, group.<path>.<setting>, submission.<path>",
            known.join(", ")
        ),
    }
}
