//! A cursor over JSON text: values separated by JSON whitespace. Errors
//! name the line and column.

/// The text and how far it has been read.
#[derive(Clone)]
pub struct Cursor<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Cursor<'a> {
    pub fn new(bytes: &'a [u8]) -> Cursor<'a> {
        Cursor { bytes, pos: 0 }
    }

    /// The next byte, not consumed.
    pub fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    pub fn bump(&mut self) {
        self.pos += 1;
    }

    /// The bytes from `from` to the current position.
    pub fn since(&self, from: usize) -> &'a [u8] {
        &self.bytes[from..self.pos]
    }

    pub fn pos(&self) -> usize {
        self.pos
    }

    /// The unread bytes.
    pub fn rest(&self) -> &'a [u8] {
        &self.bytes[self.pos..]
    }

    pub fn advance(&mut self, count: usize) {
        self.pos += count;
    }

    pub fn skip_whitespace(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\r' | b'\n')) {
            self.pos += 1;
        }
    }

    /// Skips whitespace; whether anything but whitespace is left.
    pub fn more(&mut self) -> bool {
        self.skip_whitespace();
        self.pos < self.bytes.len()
    }

    /// Skips whitespace and consumes `byte` if it comes next.
    pub fn eat(&mut self, byte: u8) -> bool {
        self.skip_whitespace();
        self.eat_here(byte)
    }

    /// Consumes `byte` if it comes next, whitespace not skipped.
    pub fn eat_here(&mut self, byte: u8) -> bool {
        let found = self.peek() == Some(byte);
        if found {
            self.pos += 1;
        }
        found
    }

    /// Goes back to `pos`, read before.
    pub fn rewind(&mut self, pos: usize) {
        self.pos = pos.min(self.pos);
    }

    /// Skips whitespace and consumes `byte`, or says what was expected.
    pub fn expect(&mut self, byte: u8, what: &str) -> Result<(), String> {
        if self.eat(byte) {
            Ok(())
        } else {
            Err(self.error(&format!("expected '{}' {what}", char::from(byte))))
        }
    }

    /// `line L, column C: <expected>, found <what is there>`, at the current
    /// position; columns count characters from 1.
    pub fn error(&self, expected: &str) -> String {
        self.error_at(self.pos, expected)
    }

    pub fn error_at(&self, pos: usize, expected: &str) -> String {
        let before = &self.bytes[..pos];
        let line = 1 + before.iter().filter(|&&byte| byte == b'\n').count();
        let line_start = before
            .iter()
            .rposition(|&byte| byte == b'\n')
            .map_or(0, |newline| newline + 1);
        let column = 1 + String::from_utf8_lossy(&before[line_start..])
            .chars()
            .count();
        format!(
            "line {line}, column {column}: {expected}, found {}",
            describe(&self.bytes[pos..])
        )
    }
}

/// The character `bytes` starts with, quoted; the byte if it is not UTF-8.
fn describe(bytes: &[u8]) -> String {
    let head = &bytes[..bytes.len().min(4)];
    let decoded = match std::str::from_utf8(head) {
        Ok(text) => text,
        Err(error) => std::str::from_utf8(&head[..error.valid_up_to()]).unwrap_or(""),
    };
    match (decoded.chars().next(), bytes.first()) {
        (Some('\n'), _) | (Some('\r'), _) => "the end of the line".into(),
        (Some(c), _) => format!("{c:?}"),
        (None, Some(byte)) => format!("byte 0x{byte:02x} (not UTF-8)"),
        (None, None) => "the end of the input".into(),
    }
}
