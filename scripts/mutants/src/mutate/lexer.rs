//! Rust source as tokens, enough to mutate it: comments dropped, every
//! string, byte string, raw string and char literal one opaque token (never
//! mutated), numbers told from ranges (`1..=20`), multi-character operators
//! whole. Not a parser: what it gets wrong, the compiler refuses.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Ident,
    /// An integer literal, suffix included (`1u64`, `0x1f`, `10_000`).
    Int,
    Float,
    /// A string, byte string, raw string or char literal.
    Quoted,
    Lifetime,
    Punct,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    pub kind: Kind,
    pub text: &'a str,
    /// Its first byte in the source.
    pub start: usize,
}

impl Token<'_> {
    pub fn end(&self) -> usize {
        self.start + self.text.len()
    }

    pub fn is(&self, text: &str) -> bool {
        self.text == text && matches!(self.kind, Kind::Punct | Kind::Ident)
    }
}

/// Longest first: `<<=` before `<<` before `<`.
const PUNCTS: [&str; 24] = [
    "<<=", ">>=", "...", "..=", "::", "->", "=>", "==", "!=", "<=", ">=", "&&", "||", "+=", "-=",
    "*=", "/=", "%=", "^=", "&=", "|=", "<<", ">>", "..",
];

fn ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The tokens of `source`, in order.
pub fn tokens(source: &str) -> Vec<Token<'_>> {
    let bytes = source.as_bytes();
    let mut found = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let rest = &source[at..];
        let c = rest.chars().next().unwrap_or(' ');
        let (kind, len) = if c.is_whitespace() {
            at += c.len_utf8();
            continue;
        } else if rest.starts_with("//") {
            at += rest.find('\n').unwrap_or(rest.len());
            continue;
        } else if rest.starts_with("/*") {
            at += block_comment(rest);
            continue;
        } else if let Some(len) = quoted(rest) {
            (Kind::Quoted, len)
        } else if c == '\'' {
            quote_or_lifetime(rest)
        } else if c.is_ascii_digit() {
            number(rest)
        } else if ident_char(c) {
            (
                Kind::Ident,
                rest.find(|c| !ident_char(c)).unwrap_or(rest.len()),
            )
        } else {
            let len = PUNCTS
                .iter()
                .find(|p| rest.starts_with(*p))
                .map_or(c.len_utf8(), |p| p.len());
            (Kind::Punct, len)
        };
        found.push(Token {
            kind,
            text: &source[at..at + len],
            start: at,
        });
        at += len;
    }
    found
}

/// The length of the block comment `rest` starts with; they nest.
fn block_comment(rest: &str) -> usize {
    let (mut depth, mut at) = (0, 0);
    let bytes = rest.as_bytes();
    while at < bytes.len() {
        if bytes[at..].starts_with(b"/*") {
            (depth, at) = (depth + 1, at + 2);
        } else if bytes[at..].starts_with(b"*/") {
            (depth, at) = (depth - 1, at + 2);
            if depth == 0 {
                return at;
            }
        } else {
            at += 1;
        }
    }
    bytes.len()
}

/// The length of the string literal `rest` starts with (`"..."`, `b"..."`,
/// `r#"..."#`, `br"..."`, `b'x'`), if it starts with one.
fn quoted(rest: &str) -> Option<usize> {
    let bytes = rest.as_bytes();
    let (prefix, raw) = match bytes {
        [b'b', b'r', b'"' | b'#', ..] => (2, true),
        [b'r', b'"' | b'#', ..] => (1, true),
        [b'b', b'"', ..] => (1, false),
        [b'b', b'\'', ..] => return Some(1 + quote_or_lifetime(&rest[1..]).1),
        [b'"', ..] => (0, false),
        _ => return None,
    };
    let hashes = bytes[prefix..].iter().take_while(|&&b| b == b'#').count();
    if bytes.get(prefix + hashes) != Some(&b'"') || (!raw && hashes > 0) {
        return None;
    }
    let body = prefix + hashes + 1;
    if raw {
        let close = format!("\"{}", "#".repeat(hashes));
        return Some(
            rest[body..]
                .find(&close)
                .map_or(rest.len(), |at| body + at + close.len()),
        );
    }
    let mut at = body;
    while at < bytes.len() {
        match bytes[at] {
            b'\\' => at += 2,
            b'"' => return Some(at + 1),
            _ => at += 1,
        }
    }
    Some(bytes.len())
}

/// A char literal (`'a'`, `'\n'`, `'\u{1F600}'`) or a lifetime (`'a`).
fn quote_or_lifetime(rest: &str) -> (Kind, usize) {
    let mut chars = rest.char_indices().skip(1);
    match chars.next() {
        Some((_, '\\')) => {
            let close = rest[2..].find('\'').map_or(rest.len(), |at| at + 3);
            // `'\''`: the escaped quote is not the closing one.
            let close = if rest[2..].starts_with('\'') {
                4
            } else {
                close
            };
            (Kind::Quoted, close.min(rest.len()))
        }
        Some((_, c)) => match chars.next() {
            Some((at, '\'')) => (Kind::Quoted, at + 1),
            _ if ident_char(c) => {
                let len = rest[1..].find(|c| !ident_char(c)).unwrap_or(rest.len() - 1);
                (Kind::Lifetime, 1 + len)
            }
            _ => (Kind::Punct, 1),
        },
        None => (Kind::Punct, 1),
    }
}

/// An integer or a float; `1..` is the integer 1 and a range.
fn number(rest: &str) -> (Kind, usize) {
    let bytes = rest.as_bytes();
    let radix = matches!(bytes, [b'0', b'x' | b'o' | b'b', ..]);
    let digit = |b: u8| {
        if radix {
            b.is_ascii_hexdigit() || b == b'_'
        } else {
            b.is_ascii_digit() || b == b'_'
        }
    };
    let mut at = if radix { 2 } else { 0 };
    at += bytes[at..].iter().take_while(|&&b| digit(b)).count();
    let mut kind = Kind::Int;
    if !radix && bytes.get(at) == Some(&b'.') && bytes.get(at + 1).is_some_and(u8::is_ascii_digit) {
        kind = Kind::Float;
        at += 1 + bytes[at + 1..].iter().take_while(|&&b| digit(b)).count();
    }
    let exponent = matches!(bytes.get(at), Some(b'e' | b'E'))
        && matches!(bytes.get(at + 1), Some(b'0'..=b'9' | b'+' | b'-'));
    if !radix && exponent {
        kind = Kind::Float;
        at += 2 + bytes[at + 2..].iter().take_while(|&&b| digit(b)).count();
    }
    let suffix = rest[at..]
        .find(|c| !ident_char(c))
        .unwrap_or(rest.len() - at);
    if rest[at..].starts_with('f') {
        kind = Kind::Float;
    }
    (kind, at + suffix)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(source: &str) -> Vec<(Kind, &str)> {
        tokens(source).iter().map(|t| (t.kind, t.text)).collect()
    }

    #[test]
    fn comments_go_and_literals_stay_whole() {
        use Kind::*;
        let source = "a /* x /* y */ < */ < b // c < d\n\"e < f\" r#\"g\"h\"# b'<' '\\'' 'i";
        assert_eq!(
            shown(source),
            [
                (Ident, "a"),
                (Punct, "<"),
                (Ident, "b"),
                (Quoted, "\"e < f\""),
                (Quoted, "r#\"g\"h\"#"),
                (Quoted, "b'<'"),
                (Quoted, "'\\''"),
                (Lifetime, "'i"),
            ]
        );
    }

    #[test]
    fn numbers_ranges_and_operators() {
        use Kind::*;
        assert_eq!(
            shown("1..=20 1.5 1e9 0x1f 7u64 2.0f64 x<<=y"),
            [
                (Int, "1"),
                (Punct, "..="),
                (Int, "20"),
                (Float, "1.5"),
                (Float, "1e9"),
                (Int, "0x1f"),
                (Int, "7u64"),
                (Float, "2.0f64"),
                (Ident, "x"),
                (Punct, "<<="),
                (Ident, "y"),
            ]
        );
        assert_eq!(shown("'a' 'x: '\\u{1F600}'").len(), 4);
    }
}
