//! A cursor over LeetCode's custom-testcase input: JSON values separated by
//! JSON whitespace, one value a line. Errors name the line and column.

use crate::json::Tree;

/// The input, how far it has been read, and what the current case has said
/// about its nodes.
pub struct Input<'a> {
    bytes: &'a [u8],
    pos: usize,
    /// The current case's first tree: a later tree parameter given as a
    /// value (Lowest Common Ancestor's `p = 5`) is the node of that value in it.
    pub(crate) case_tree: Option<Tree>,
    /// Whether the current case gave a node by its value: a tree answering
    /// it is one of its nodes, shown by its value.
    pub(crate) named_a_node: bool,
}

impl<'a> Input<'a> {
    pub fn new(bytes: &'a [u8]) -> Input<'a> {
        Input {
            bytes,
            pos: 0,
            case_tree: None,
            named_a_node: false,
        }
    }

    /// Forgets what the case before said about its nodes.
    pub(crate) fn start_case(&mut self) {
        self.case_tree = None;
        self.named_a_node = false;
    }

    /// A cursor over the same input at `pos`, for looking back into a value.
    pub(crate) fn at(&self, pos: usize) -> Input<'a> {
        let mut input = Input::new(self.bytes);
        input.pos = pos;
        input
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

    /// Requires the rest of the current line to be blank: one value a line.
    pub fn end_of_line(&mut self) -> Result<(), String> {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\r')) {
            self.pos += 1;
        }
        match self.peek() {
            None | Some(b'\n') => Ok(()),
            Some(_) => Err(self.error("expected the end of the line: one JSON value a line")),
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
