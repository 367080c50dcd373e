//! Just enough JSON to compare LeetCode answers: a value parser and a
//! compact printer. Numbers keep their text, so `1.0` and `1` stay apart as
//! they do on LeetCode.

use std::fmt;

/// Deeper nesting than any answer needs; keeps a hostile line off the stack.
const MAX_DEPTH: usize = 256;

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Value {
    Null,
    Bool(bool),
    Number(String),
    Str(String),
    Array(Vec<Value>),
    Object(Vec<(String, Value)>),
}

/// The one JSON value `text` holds, surrounding whitespace allowed.
pub fn parse(text: &str) -> Result<Value, String> {
    let mut parser = Parser {
        bytes: text.as_bytes(),
        at: 0,
    };
    let value = parser.value(0)?;
    parser.skip_space();
    if parser.at < parser.bytes.len() {
        return Err(parser.error("the end of the line"));
    }
    Ok(value)
}

struct Parser<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Parser<'_> {
    fn error(&self, expected: &str) -> String {
        format!("expected {expected} at column {}", self.at + 1)
    }

    fn skip_space(&mut self) {
        while self.bytes.get(self.at).is_some_and(u8::is_ascii_whitespace) {
            self.at += 1;
        }
    }

    /// Consumes `byte` after optional whitespace.
    fn eat(&mut self, byte: u8) -> bool {
        self.skip_space();
        let found = self.bytes.get(self.at) == Some(&byte);
        self.at += usize::from(found);
        found
    }

    fn value(&mut self, depth: usize) -> Result<Value, String> {
        if depth > MAX_DEPTH {
            return Err(format!("nesting deeper than {MAX_DEPTH}"));
        }
        self.skip_space();
        let rest = &self.bytes[self.at..];
        for (word, value) in [
            ("null", Value::Null),
            ("true", Value::Bool(true)),
            ("false", Value::Bool(false)),
        ] {
            if rest.starts_with(word.as_bytes()) {
                self.at += word.len();
                return Ok(value);
            }
        }
        match rest.first() {
            Some(b'"') => self.string().map(Value::Str),
            Some(b'[') => {
                self.at += 1;
                let mut items = Vec::new();
                if !self.eat(b']') {
                    loop {
                        items.push(self.value(depth + 1)?);
                        if self.eat(b']') {
                            break;
                        }
                        if !self.eat(b',') {
                            return Err(self.error("',' or ']'"));
                        }
                    }
                }
                Ok(Value::Array(items))
            }
            Some(b'{') => {
                self.at += 1;
                let mut fields = Vec::new();
                if !self.eat(b'}') {
                    loop {
                        self.skip_space();
                        let key = self.string()?;
                        if !self.eat(b':') {
                            return Err(self.error("':'"));
                        }
                        fields.push((key, self.value(depth + 1)?));
                        if self.eat(b'}') {
                            break;
                        }
                        if !self.eat(b',') {
                            return Err(self.error("',' or '}'"));
                        }
                    }
                }
                Ok(Value::Object(fields))
            }
            Some(b'-' | b'0'..=b'9') => Ok(Value::Number(self.number())),
            _ => Err(self.error("a JSON value")),
        }
    }

    fn number(&mut self) -> String {
        let start = self.at;
        while self
            .bytes
            .get(self.at)
            .is_some_and(|b| b.is_ascii_digit() || b"+-.eE".contains(b))
        {
            self.at += 1;
        }
        String::from_utf8_lossy(&self.bytes[start..self.at]).into_owned()
    }

    fn string(&mut self) -> Result<String, String> {
        if self.bytes.get(self.at) != Some(&b'"') {
            return Err(self.error("a string"));
        }
        self.at += 1;
        let mut text = Vec::new();
        loop {
            let byte = *self
                .bytes
                .get(self.at)
                .ok_or_else(|| self.error("the closing '\"'"))?;
            self.at += 1;
            match byte {
                b'"' => return Ok(String::from_utf8_lossy(&text).into_owned()),
                b'\\' => {
                    let escaped = self.bytes.get(self.at).copied();
                    self.at += 1;
                    let decoded = match escaped {
                        Some(b'n') => '\n',
                        Some(b't') => '\t',
                        Some(b'r') => '\r',
                        Some(b'b') => '\u{8}',
                        Some(b'f') => '\u{c}',
                        Some(b'u') => self.unicode_escape()?,
                        Some(other @ (b'"' | b'\\' | b'/')) => char::from(other),
                        _ => return Err(self.error("an escape such as \\n")),
                    };
                    text.extend_from_slice(decoded.encode_utf8(&mut [0; 4]).as_bytes());
                }
                other => text.push(other),
            }
        }
    }

    /// The four hex digits after `\u`; a lone surrogate becomes U+FFFD.
    fn unicode_escape(&mut self) -> Result<char, String> {
        let digits = self
            .bytes
            .get(self.at..self.at + 4)
            .and_then(|hex| std::str::from_utf8(hex).ok())
            .and_then(|hex| u32::from_str_radix(hex, 16).ok())
            .ok_or_else(|| self.error("four hex digits after \\u"))?;
        self.at += 4;
        Ok(char::from_u32(digits).unwrap_or(char::REPLACEMENT_CHARACTER))
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Value::Null => f.write_str("null"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Number(text) => f.write_str(text),
            Value::Str(text) => write_string(f, text),
            Value::Array(items) => {
                f.write_str("[")?;
                for (i, item) in items.iter().enumerate() {
                    write!(f, "{}{item}", if i > 0 { "," } else { "" })?;
                }
                f.write_str("]")
            }
            Value::Object(fields) => {
                f.write_str("{")?;
                for (i, (key, value)) in fields.iter().enumerate() {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_back_compactly() {
        let value =
            parse(" [[\"eat\", \"t\\\"ea\"], {\"a\": -1.5e3, \"b\": [true, null]}, []] ").unwrap();
        assert_eq!(
            value.to_string(),
            "[[\"eat\",\"t\\\"ea\"],{\"a\":-1.5e3,\"b\":[true,null]},[]]"
        );
        assert_eq!(parse("\"\\u00e9\\n\"").unwrap(), Value::Str("é\n".into()));
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
        assert!(parse(&deep).unwrap_err().contains("nesting"));
    }
}
