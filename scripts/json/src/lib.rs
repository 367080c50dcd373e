//! The workspace's one JSON implementation (RFC 8259): a [`Cursor`] over
//! JSON text, readers and writers of its numbers, strings and arrays (which
//! LeetCode's format builds its types on), and any JSON [`Value`] (the
//! runner's payloads and the answers its any-order compare modes read).
//! Errors name the line and column where the text stopped making sense.

mod cursor;

pub use cursor::Cursor;
use std::fmt;
use std::ops::DerefMut;

/// The text of a JSON number (`-12`, `1.5e3`), whitespace before it skipped;
/// `None`, with nothing read, where none starts.
pub fn number_text<'a>(input: &mut Cursor<'a>) -> Option<&'a str> {
    input.skip_whitespace();
    let start = input.pos();
    let digits = |input: &mut Cursor| {
        let from = input.pos();
        while input.peek().is_some_and(|b| b.is_ascii_digit()) {
            input.bump();
        }
        input.pos() > from
    };
    let _ = input.eat_here(b'-');
    let whole = if input.eat_here(b'0') {
        true
    } else {
        digits(input)
    };
    let fraction = !input.eat_here(b'.') || digits(input);
    let exponent = !(input.eat_here(b'e') || input.eat_here(b'E')) || {
        let _ = input.eat_here(b'+') || input.eat_here(b'-');
        digits(input)
    };
    if whole && fraction && exponent {
        std::str::from_utf8(input.since(start)).ok()
    } else {
        input.rewind(start);
        None
    }
}

/// The string a JSON string literal stands for; `what` names the type
/// expected in errors.
pub fn read_string(input: &mut Cursor, what: &str) -> Result<String, String> {
    input.skip_whitespace();
    if !input.eat(b'"') {
        return Err(input.error(&format!("expected {what}: '\"' opening a JSON string")));
    }
    let mut text = Vec::new();
    loop {
        // Copies plain runs at once: a 10^7-character string costs one scan.
        let run = plain_run(input.rest());
        text.extend_from_slice(&input.rest()[..run]);
        input.advance(run);
        match input.peek() {
            Some(b'"') => {
                input.bump();
                break;
            }
            Some(b'\\') => {
                input.bump();
                read_escape(input, &mut text)?;
            }
            _ => {
                return Err(input.error(&format!("expected {what}: '\"' closing the string")));
            }
        }
    }
    String::from_utf8(text).map_err(|error| {
        input.error_at(
            input.pos() - 1,
            &format!(
                "expected {what} in UTF-8 (byte {} of the string is not)",
                error.utf8_error().valid_up_to() + 1
            ),
        )
    })
}

/// How many bytes `bytes` starts with that a JSON string holds as they are:
/// no `"`, `\` or control character.
fn plain_run(bytes: &[u8]) -> usize {
    let special = |byte: u8| (byte == b'"') | (byte == b'\\') | (byte < 0x20);
    // A test without early exit inside each chunk vectorizes: on a 10^7-byte
    // string it is several times faster than a plain `position`.
    const CHUNK: usize = 64;
    let plain_chunks = bytes
        .chunks(CHUNK)
        .take_while(|chunk| {
            !chunk
                .iter()
                .fold(false, |found, &byte| found | special(byte))
        })
        .count();
    let start = (plain_chunks * CHUNK).min(bytes.len());
    start
        + bytes[start..]
            .iter()
            .position(|&byte| special(byte))
            .unwrap_or(bytes.len() - start)
}

/// The character after a `\` of a JSON string, with `\uXXXX` surrogate pairs.
fn read_escape(input: &mut Cursor, text: &mut Vec<u8>) -> Result<(), String> {
    let start = input.pos() - 1;
    let simple = match input.peek() {
        Some(b'"') => Some(b'"'),
        Some(b'\\') => Some(b'\\'),
        Some(b'/') => Some(b'/'),
        Some(b'b') => Some(8),
        Some(b'f') => Some(12),
        Some(b'n') => Some(b'\n'),
        Some(b'r') => Some(b'\r'),
        Some(b't') => Some(b'\t'),
        Some(b'u') => None,
        _ => {
            return Err(
                input.error("expected an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)")
            )
        }
    };
    input.bump();
    if let Some(byte) = simple {
        text.push(byte);
        return Ok(());
    }
    let code = match hex_unit(input) {
        Some(high @ 0xd800..=0xdbff) => {
            let low = if input.rest().starts_with(b"\\u") {
                input.advance(2);
                hex_unit(input)
            } else {
                None
            };
            low.filter(|low| (0xdc00..=0xdfff).contains(low))
                .map(|low| 0x10000 + ((high - 0xd800) << 10) + (low - 0xdc00))
        }
        other => other,
    };
    let c = code.and_then(char::from_u32).ok_or_else(|| {
        input.error_at(start, "expected \\u and four hex digits naming a character")
    })?;
    text.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
    Ok(())
}

/// The four hex digits of a `\\u` escape.
fn hex_unit(input: &mut Cursor) -> Option<u32> {
    let hex = std::str::from_utf8(input.rest().get(..4)?).ok()?;
    let value = u32::from_str_radix(hex, 16).ok()?;
    input.advance(4);
    Some(value)
}

pub fn write_string(text: &str, out: &mut Vec<u8>) {
    out.push(b'"');
    for c in text.chars() {
        match c {
            '"' => out.extend_from_slice(b"\\\""),
            '\\' => out.extend_from_slice(b"\\\\"),
            '\n' => out.extend_from_slice(b"\\n"),
            '\r' => out.extend_from_slice(b"\\r"),
            '\t' => out.extend_from_slice(b"\\t"),
            c if u32::from(c) < 0x20 => {
                out.extend_from_slice(format!("\\u{:04x}", u32::from(c)).as_bytes())
            }
            c => out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
        }
    }
    out.push(b'"');
}

/// Reads `[a, b, ...]`, each element by `element`; `what` names the type.
/// `input` is a cursor (`&mut cursor`) or carries one, and `element` reads
/// from the same.
pub fn read_array<'a, I: DerefMut<Target = Cursor<'a>>, T>(
    input: &mut I,
    what: &str,
    mut element: impl FnMut(&mut I) -> Result<T, String>,
) -> Result<Vec<T>, String> {
    input.skip_whitespace();
    if !input.eat(b'[') {
        return Err(input.error(&format!("expected {what}: '[' opening an array")));
    }
    let mut items = Vec::new();
    if input.eat(b']') {
        return Ok(items);
    }
    loop {
        items.push(element(input)?);
        if input.eat(b']') {
            return Ok(items);
        }
        if !input.eat(b',') {
            return Err(input.error(&format!("expected ',' or ']' in {what}")));
        }
    }
}

/// Where the part of the value at `start` that `path` leads to starts:
/// index i of an array is its element i, of a string its character i, and
/// a one-character string is its character. The value has been read already; a path that leads out of it stops where
/// the value stops making sense of it.
pub fn locate(input: &Cursor, start: usize, path: &[usize]) -> usize {
    let mut input = input.clone();
    input.rewind(start);
    for &index in path {
        input.skip_whitespace();
        if input.eat_here(b'[') {
            for _ in 0..index {
                if read_value(&mut input, 0).is_err() || !input.eat(b',') {
                    break;
                }
            }
            input.skip_whitespace();
        } else if input.eat_here(b'"') {
            for _ in 0..index {
                if !skip_character(&mut input) {
                    break;
                }
            }
        } else {
            break;
        }
    }
    // A one-character string (a `char`'s) is its character: the fault is
    // there, not at the quote.
    let at = input.pos();
    let mut inside = input.clone();
    if inside.eat_here(b'"') && skip_character(&mut inside) && inside.peek() == Some(b'"') {
        return at + 1;
    }
    at
}

/// Moves past one character of a string's text (an escape, or a UTF-8
/// character's bytes); false at the closing quote, the end, or a bad escape.
fn skip_character(input: &mut Cursor) -> bool {
    match input.peek() {
        Some(b'\\') => {
            input.bump();
            read_escape(input, &mut Vec::new()).is_ok()
        }
        Some(b'"') | None => false,
        Some(_) => {
            input.bump();
            while input.peek().is_some_and(|byte| byte & 0xc0 == 0x80) {
                input.bump();
            }
            true
        }
    }
}

pub fn write_array<T>(items: &[T], out: &mut Vec<u8>, mut element: impl FnMut(&T, &mut Vec<u8>)) {
    out.push(b'[');
    for (index, item) in items.iter().enumerate() {
        if index > 0 {
            out.push(b',');
        }
        element(item, out);
    }
    out.push(b']');
}

/// Any JSON value. Ordered (derived) so arrays can be sorted for the
/// any-order compare modes.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Value {
    Null,
    Bool(bool),
    /// The number's text as written, so `1.0` and `1` stay apart as they do on
    /// LeetCode; `as_f64` reads its value.
    Number(String),
    String(String),
    Array(Vec<Value>),
    /// Members in the order written, repeated keys included; `get` takes a
    /// repeated key's last value.
    Object(Vec<(String, Value)>),
}

impl Value {
    /// The member `key` of an object (`None` for anything else).
    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Object(members) => members.iter().rev().find(|(k, _)| k == key).map(|m| &m.1),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(text) => Some(text),
            _ => None,
        }
    }

    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Value::Number(text) => text.parse().ok(),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&[Value]> {
        match self {
            Value::Array(items) => Some(items),
            _ => None,
        }
    }

    /// What kind of value this is, for error messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Null => "null",
            Value::Bool(_) => "a boolean",
            Value::Number(_) => "a number",
            Value::String(_) => "a string",
            Value::Array(_) => "an array",
            Value::Object(_) => "an object",
        }
    }
}

/// Deeper nesting than any payload or answer has; the limit keeps a hostile
/// text from exhausting the stack.
pub const MAX_DEPTH: usize = 256;

/// Appends `value`, compact: no whitespace, members in their order.
fn write_value(value: &Value, out: &mut Vec<u8>) {
    match value {
        Value::Null => out.extend_from_slice(b"null"),
        Value::Bool(b) => out.extend_from_slice(if *b { b"true" } else { b"false" }),
        Value::Number(text) => out.extend_from_slice(text.as_bytes()),
        Value::String(text) => write_string(text, out),
        Value::Array(items) => write_array(items, out, write_value),
        Value::Object(members) => {
            out.push(b'{');
            for (index, (key, value)) in members.iter().enumerate() {
                if index > 0 {
                    out.push(b',');
                }
                write_string(key, out);
                out.push(b':');
                write_value(value, out);
            }
            out.push(b'}');
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let mut out = Vec::new();
        write_value(self, &mut out);
        f.write_str(&String::from_utf8_lossy(&out))
    }
}

fn read_value(mut input: &mut Cursor, depth: usize) -> Result<Value, String> {
    if depth > MAX_DEPTH {
        return Err(input.error(&format!(
            "expected no more than {MAX_DEPTH} levels of nesting"
        )));
    }
    input.skip_whitespace();
    match input.peek() {
        Some(b'{') => read_object(input, depth),
        Some(b'[') => read_array(&mut input, "an array", |input| read_value(input, depth + 1))
            .map(Value::Array),
        Some(b'"') => read_string(input, "a string").map(Value::String),
        _ => {
            if let Some(text) = number_text(input) {
                return Ok(Value::Number(text.to_string()));
            }
            for (word, value) in [
                ("null", Value::Null),
                ("true", Value::Bool(true)),
                ("false", Value::Bool(false)),
            ] {
                if input.rest().starts_with(word.as_bytes()) {
                    input.advance(word.len());
                    return Ok(value);
                }
            }
            Err(input
                .error("expected a value (object, array, string, number, true, false or null)"))
        }
    }
}

fn read_object(input: &mut Cursor, depth: usize) -> Result<Value, String> {
    input.expect(b'{', "opening an object")?;
    let mut members = Vec::new();
    if input.eat(b'}') {
        return Ok(Value::Object(members));
    }
    loop {
        let key = read_string(input, "a member name in double quotes")?;
        input.expect(b':', "after the member name")?;
        members.push((key, read_value(input, depth + 1)?));
        if input.eat(b'}') {
            return Ok(Value::Object(members));
        }
        if !input.eat(b',') {
            return Err(input.error("expected ',' or '}' in the object"));
        }
    }
}

/// Parses one JSON text, with nothing but whitespace after it.
pub fn parse(text: &str) -> Result<Value, String> {
    let mut input = Cursor::new(text.as_bytes());
    let value = read_value(&mut input, 0)?;
    if input.more() {
        return Err(input.error("expected the end of the text after the value"));
    }
    Ok(value)
}
