//! A small JSON reader (RFC 8259) and compact printer, for the payloads
//! `import` receives and the answers the any-order compare modes read: one
//! generic `Value`, and errors that name the line and column where the text
//! stopped making sense.

use std::fmt;

/// Ordered (derived) so arrays can be sorted for the any-order compare modes.
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

impl fmt::Display for Value {
    /// Compact JSON: no whitespace, members in their order.
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Value::Null => f.write_str("null"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Number(text) => f.write_str(text),
            Value::String(text) => write_string(f, text),
            Value::Array(items) => {
                f.write_str("[")?;
                for (i, item) in items.iter().enumerate() {
                    write!(f, "{}{item}", if i > 0 { "," } else { "" })?;
                }
                f.write_str("]")
            }
            Value::Object(members) => {
                f.write_str("{")?;
                for (i, (key, value)) in members.iter().enumerate() {
                    f.write_str(if i > 0 { "," } else { "" })?;
                    write_string(f, key)?;
                    write!(f, ":{value}")?;
                }
                f.write_str("}")
            }
        }
    }
}

fn write_string(f: &mut fmt::Formatter, text: &str) -> fmt::Result {
    f.write_str("\"")?;
    for c in text.chars() {
        match c {
            '"' => f.write_str("\\\"")?,
            '\\' => f.write_str("\\\\")?,
            c if (c as u32) < 0x20 => write!(f, "\\u{:04x}", c as u32)?,
            c => write!(f, "{c}")?,
        }
    }
    f.write_str("\"")
}

#[derive(Debug, PartialEq, Eq)]
pub struct Error {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

/// Deeper nesting than any payload or answer has; the limit keeps a hostile
/// text from exhausting the stack.
const MAX_DEPTH: usize = 256;

/// Parses one JSON text, with nothing but whitespace after it.
pub fn parse(text: &str) -> Result<Value, Error> {
    let mut parser = Parser {
        text,
        bytes: text.as_bytes(),
        at: 0,
    };
    parser.skip_whitespace();
    let value = parser.value(0)?;
    parser.skip_whitespace();
    if parser.at < parser.bytes.len() {
        return Err(parser.error("expected the end of the text after the value"));
    }
    Ok(value)
}

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    at: usize,
}

impl Parser<'_> {
    fn error(&self, message: &str) -> Error {
        let before = &self.text[..self.at.min(self.text.len())];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        Error {
            line: before.matches('\n').count() + 1,
            column: before[line_start..].chars().count() + 1,
            message: message.to_string(),
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn skip_whitespace(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.peek() {
            self.at += 1;
        }
    }

    fn expect(&mut self, byte: u8, message: &str) -> Result<(), Error> {
        if self.peek() != Some(byte) {
            return Err(self.error(message));
        }
        self.at += 1;
        Ok(())
    }

    fn value(&mut self, depth: usize) -> Result<Value, Error> {
        if depth > MAX_DEPTH {
            return Err(self.error(&format!("nested deeper than {MAX_DEPTH} levels")));
        }
        match self.peek() {
            None => Err(self.error("the text ends where a value was expected")),
            Some(b'{') => self.object(depth),
            Some(b'[') => self.array(depth),
            Some(b'"') => self.string().map(Value::String),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(_) => {
                for (word, value) in [
                    ("null", Value::Null),
                    ("true", Value::Bool(true)),
                    ("false", Value::Bool(false)),
                ] {
                    if self.bytes[self.at..].starts_with(word.as_bytes()) {
                        self.at += word.len();
                        return Ok(value);
                    }
                }
                Err(self
                    .error("expected a value (object, array, string, number, true, false or null)"))
            }
        }
    }

    fn object(&mut self, depth: usize) -> Result<Value, Error> {
        self.at += 1;
        let mut members: Vec<(String, Value)> = Vec::new();
        self.skip_whitespace();
        if self.peek() == Some(b'}') {
            self.at += 1;
            return Ok(Value::Object(members));
        }
        loop {
            self.skip_whitespace();
            if self.peek() != Some(b'"') {
                return Err(self.error("expected a member name in double quotes"));
            }
            let key = self.string()?;
            self.skip_whitespace();
            self.expect(b':', "expected ':' after the member name")?;
            self.skip_whitespace();
            members.push((key, self.value(depth + 1)?));
            self.skip_whitespace();
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b'}') => {
                    self.at += 1;
                    return Ok(Value::Object(members));
                }
                _ => return Err(self.error("expected ',' or '}' in the object")),
            }
        }
    }

    fn array(&mut self, depth: usize) -> Result<Value, Error> {
        self.at += 1;
        let mut items = Vec::new();
        self.skip_whitespace();
        if self.peek() == Some(b']') {
            self.at += 1;
            return Ok(Value::Array(items));
        }
        loop {
            self.skip_whitespace();
            items.push(self.value(depth + 1)?);
            self.skip_whitespace();
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b']') => {
                    self.at += 1;
                    return Ok(Value::Array(items));
                }
                _ => return Err(self.error("expected ',' or ']' in the array")),
            }
        }
    }

    fn string(&mut self) -> Result<String, Error> {
        self.at += 1;
        let mut out = String::new();
        loop {
            let start = self.at;
            while let Some(b) = self.peek() {
                if b == b'"' || b == b'\\' || b < 0x20 {
                    break;
                }
                self.at += 1;
            }
            // Stops only at ASCII bytes, so the slice is whole characters.
            out.push_str(&self.text[start..self.at]);
            match self.peek() {
                None => return Err(self.error("the text ends inside a string")),
                Some(b'"') => {
                    self.at += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.at += 1;
                    out.push(self.escape()?);
                }
                Some(_) => {
                    return Err(self.error(
                        "raw control character in a string (write it as \\n, \\t or \\u00XX)",
                    ))
                }
            }
        }
    }

    /// The character an escape stands for; `at` is just after the backslash.
    fn escape(&mut self) -> Result<char, Error> {
        let c = match self.peek() {
            Some(b'"') => '"',
            Some(b'\\') => '\\',
            Some(b'/') => '/',
            Some(b'b') => '\u{8}',
            Some(b'f') => '\u{c}',
            Some(b'n') => '\n',
            Some(b'r') => '\r',
            Some(b't') => '\t',
            Some(b'u') => {
                self.at += 1;
                return self.unicode_escape();
            }
            _ => return Err(self.error("unknown escape in a string")),
        };
        self.at += 1;
        Ok(c)
    }

    /// `XXXX` after `\u`, with a second `\uXXXX` when it is a surrogate pair.
    fn unicode_escape(&mut self) -> Result<char, Error> {
        let first = self.hex4()?;
        let code = if (0xD800..0xDC00).contains(&first) {
            if !self.bytes[self.at..].starts_with(b"\\u") {
                return Err(self.error("a high surrogate must be followed by \\u and a low one"));
            }
            self.at += 2;
            let second = self.hex4()?;
            if !(0xDC00..0xE000).contains(&second) {
                return Err(self.error("expected a low surrogate (\\uDC00 to \\uDFFF)"));
            }
            0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        } else {
            first
        };
        char::from_u32(code).ok_or_else(|| self.error("a lone low surrogate is not a character"))
    }

    fn hex4(&mut self) -> Result<u32, Error> {
        let digits = self
            .bytes
            .get(self.at..self.at + 4)
            .and_then(|d| std::str::from_utf8(d).ok())
            .filter(|d| d.bytes().all(|b| b.is_ascii_hexdigit()))
            .ok_or_else(|| self.error("expected four hex digits after \\u"))?;
        let code = u32::from_str_radix(digits, 16).unwrap_or(0);
        self.at += 4;
        Ok(code)
    }

    fn number(&mut self) -> Result<Value, Error> {
        let start = self.at;
        if self.peek() == Some(b'-') {
            self.at += 1;
        }
        match self.peek() {
            Some(b'0') => self.at += 1,
            Some(b'1'..=b'9') => self.digits(),
            _ => return Err(self.error("expected a digit in the number")),
        }
        if self.peek() == Some(b'.') {
            self.at += 1;
            if !self.peek().is_some_and(|b| b.is_ascii_digit()) {
                return Err(self.error("expected a digit after the decimal point"));
            }
            self.digits();
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.at += 1;
            if let Some(b'+' | b'-') = self.peek() {
                self.at += 1;
            }
            if !self.peek().is_some_and(|b| b.is_ascii_digit()) {
                return Err(self.error("expected a digit in the exponent"));
            }
            self.digits();
        }
        Ok(Value::Number(self.text[start..self.at].to_string()))
    }

    fn digits(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.at += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_kind_of_value() {
        let value = parse(
            r#" {"a": [1, -2.5e1, 0], "b": "x\"\\\/\n\u00e9\ud83d\ude00", "c": null,
                "d": true, "e": false, "f": {}, "g": [], "a": "last"} "#,
        )
        .unwrap();
        assert_eq!(value.get("a"), Some(&Value::String("last".into())));
        assert_eq!(value.get("b").unwrap().as_str(), Some("x\"\\/\né😀"));
        assert_eq!(value.get("c"), Some(&Value::Null));
        assert_eq!(value.get("d").unwrap().as_bool(), Some(true));
        assert_eq!(value.get("f"), Some(&Value::Object(Vec::new())));
        assert_eq!(value.get("g").unwrap().as_array(), Some(&[][..]));
        let numbers = parse("[1, -2.5e1, 0, 1.5E+2]").unwrap();
        let numbers: Vec<f64> = numbers
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_f64().unwrap())
            .collect();
        assert_eq!(numbers, [1.0, -25.0, 0.0, 150.0]);
        assert_eq!(parse("\"Ünïcödé ✓\"").unwrap().as_str(), Some("Ünïcödé ✓"));
    }

    #[test]
    fn errors_name_line_and_column() {
        let error = |text: &str| parse(text).unwrap_err();
        let e = error("{\n  \"a\": 1,\n  \"b\" 2\n}");
        assert_eq!((e.line, e.column), (3, 7), "{e}");
        assert!(e.message.contains("':'"), "{e}");
        assert_eq!(error("{\"é\": x}").column, 7);
        assert!(error("[1, 2").message.contains("',' or ']'"));
        assert!(error("\"abc").message.contains("ends inside a string"));
        assert!(error("\"a\nb\"").message.contains("control character"));
        assert!(error("01").message.contains("end of the text"));
        assert!(error("1.").message.contains("decimal point"));
        assert!(error("-").message.contains("digit"));
        assert!(error("\"\\x\"").message.contains("unknown escape"));
        assert!(error("\"\\ud800\"").message.contains("surrogate"));
        assert!(error("\"\\udc00\"").message.contains("surrogate"));
        assert!(error("nul").message.contains("expected a value"));
        assert!(error("").message.contains("ends where a value"));
        assert!(error("{\"a\":1,}").message.contains("member name"));
        assert!(error(&"[".repeat(1000)).message.contains("nested deeper"));
    }

    #[test]
    fn parses_and_prints_back_compactly() {
        let value =
            parse(" [[\"eat\", \"t\\\"ea\"], {\"a\": -1.5e3, \"b\": [true, null]}, []] ").unwrap();
        assert_eq!(
            value.to_string(),
            "[[\"eat\",\"t\\\"ea\"],{\"a\":-1.5e3,\"b\":[true,null]},[]]"
        );
        assert_eq!(
            parse("\"\\u00e9\\n\"").unwrap(),
            Value::String("é\n".into())
        );
    }

    #[test]
    fn refuses_what_is_not_one_json_value() {
        for text in [
            "",
            "[1,",
            "[1 2]",
            "{\"a\" 1}",
            "\"open",
            "1 2",
            "nope",
            "\"\\x\"",
        ] {
            assert!(parse(text).is_err(), "{text}");
        }
        let deep = "[".repeat(MAX_DEPTH + 2);
        assert!(parse(&deep).unwrap_err().message.contains("nested deeper"));
    }
}
