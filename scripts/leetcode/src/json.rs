//! The workspace's one JSON implementation (RFC 8259): the types LeetCode's
//! signatures use, read from and written as JSON the way LeetCode's custom
//! testcases and answers show them, and any JSON `Value` (the runner's
//! payloads and the answers its any-order compare modes read). Errors name
//! the line and column where the text stopped making sense.

use crate::input::Input;
use crate::nodes::{ListNode, TreeNode};
use std::cell::RefCell;
use std::collections::VecDeque;
use std::fmt;
use std::rc::Rc;

/// A value of a LeetCode signature, in LeetCode's JSON.
pub trait Json: Sized {
    /// How an error names the type expected (`i32`, `Vec<Vec<char>>`).
    fn name() -> String;
    /// Reads one value, whitespace before it skipped.
    fn read(input: &mut Input) -> Result<Self, String>;
    /// Appends the value, compact, as LeetCode shows it.
    fn write(&self, out: &mut Vec<u8>);
    /// Appends the value as the answer of a case that gave a node by its
    /// value: as `write` does, but a tree is then one of the case's nodes,
    /// shown by its value as LeetCode shows Lowest Common Ancestor's (`3`).
    fn write_as_node(&self, out: &mut Vec<u8>) {
        self.write(out);
    }
}

/// The text of a JSON number (`-12`, `1.5e3`), whitespace before it skipped;
/// `None`, with nothing read, where none starts.
fn number_text<'a>(input: &mut Input<'a>) -> Option<&'a str> {
    input.skip_whitespace();
    let start = input.pos();
    let digits = |input: &mut Input| {
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

macro_rules! integer {
    ($($type:ty),*) => {$(
        impl Json for $type {
            fn name() -> String {
                stringify!($type).into()
            }

            fn read(input: &mut Input) -> Result<Self, String> {
                input.skip_whitespace();
                let start = input.pos();
                number_text(input)
                    .and_then(|text| text.parse().ok())
                    .ok_or_else(|| input.error_at(start, &format!("expected {}", Self::name())))
            }

            fn write(&self, out: &mut Vec<u8>) {
                out.extend_from_slice(self.to_string().as_bytes());
            }
        }
    )*};
}

integer!(i32, i64, u32, u64, usize);

impl Json for f64 {
    fn name() -> String {
        "f64".into()
    }

    fn read(input: &mut Input) -> Result<Self, String> {
        input.skip_whitespace();
        let start = input.pos();
        number_text(input)
            .and_then(|text| text.parse().ok())
            .ok_or_else(|| input.error_at(start, "expected f64"))
    }

    /// Five decimals, as LeetCode shows floating-point answers (`2.00000`).
    fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(format!("{self:.5}").as_bytes());
    }
}

impl Json for bool {
    fn name() -> String {
        "bool".into()
    }

    fn read(input: &mut Input) -> Result<Self, String> {
        input.skip_whitespace();
        for (word, value) in [(&b"true"[..], true), (b"false", false)] {
            if input.rest().starts_with(word) {
                input.advance(word.len());
                return Ok(value);
            }
        }
        Err(input.error("expected bool (true or false)"))
    }

    fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(if *self { b"true" } else { b"false" });
    }
}

/// `()` is what a method without a result returns: `null` in a design case.
impl Json for () {
    fn name() -> String {
        "null".into()
    }

    fn read(input: &mut Input) -> Result<Self, String> {
        input.skip_whitespace();
        if input.rest().starts_with(b"null") {
            input.advance(4);
            return Ok(());
        }
        Err(input.error("expected null"))
    }

    fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"null");
    }
}

impl Json for String {
    fn name() -> String {
        "String".into()
    }

    fn read(input: &mut Input) -> Result<Self, String> {
        read_string(input, "String")
    }

    fn write(&self, out: &mut Vec<u8>) {
        write_string(self, out);
    }
}

/// A JSON string of one character (`"a"`), as LeetCode gives a `char`.
impl Json for char {
    fn name() -> String {
        "char".into()
    }

    fn read(input: &mut Input) -> Result<Self, String> {
        input.skip_whitespace();
        let start = input.pos();
        let text = read_string(input, "char (a string of one character)")?;
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Ok(c),
            _ => Err(input.error_at(start, "expected char (a string of one character)")),
        }
    }

    fn write(&self, out: &mut Vec<u8>) {
        write_string(self.encode_utf8(&mut [0; 4]), out);
    }
}

/// The string a JSON string literal stands for; `what` names the type
/// expected in errors.
fn read_string(input: &mut Input, what: &str) -> Result<String, String> {
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
fn read_escape(input: &mut Input, text: &mut Vec<u8>) -> Result<(), String> {
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
fn hex_unit(input: &mut Input) -> Option<u32> {
    let hex = std::str::from_utf8(input.rest().get(..4)?).ok()?;
    let value = u32::from_str_radix(hex, 16).ok()?;
    input.advance(4);
    Some(value)
}

fn write_string(text: &str, out: &mut Vec<u8>) {
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
pub fn read_array<T>(
    input: &mut Input,
    what: &str,
    mut element: impl FnMut(&mut Input) -> Result<T, String>,
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
/// index i of an array is its element i, of a string its character i. The
/// value has been read already; a path that leads out of it stops where
/// the value stops making sense of it.
pub(crate) fn locate(input: &Input, start: usize, path: &[usize]) -> usize {
    let mut input = input.at(start);
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
                match input.peek() {
                    Some(b'\\') => {
                        input.bump();
                        if read_escape(&mut input, &mut Vec::new()).is_err() {
                            break;
                        }
                    }
                    Some(b'"') | None => break,
                    // One character: its first byte and any continuation bytes.
                    Some(_) => {
                        input.bump();
                        while input.peek().is_some_and(|byte| byte & 0xc0 == 0x80) {
                            input.bump();
                        }
                    }
                }
            }
        } else {
            break;
        }
    }
    input.pos()
}

fn write_array<T>(items: &[T], out: &mut Vec<u8>, mut element: impl FnMut(&T, &mut Vec<u8>)) {
    out.push(b'[');
    for (index, item) in items.iter().enumerate() {
        if index > 0 {
            out.push(b',');
        }
        element(item, out);
    }
    out.push(b']');
}

impl<T: Json> Json for Vec<T> {
    fn name() -> String {
        format!("Vec<{}>", T::name())
    }

    fn read(input: &mut Input) -> Result<Self, String> {
        read_array(input, &Self::name(), T::read)
    }

    fn write(&self, out: &mut Vec<u8>) {
        write_array(self, out, T::write);
    }
}

/// An element of a tree's level order: a value or `null`.
fn read_optional_i32(input: &mut Input) -> Result<Option<i32>, String> {
    input.skip_whitespace();
    if input.rest().starts_with(b"null") {
        input.advance(4);
        return Ok(None);
    }
    let start = input.pos();
    i32::read(input)
        .map(Some)
        .map_err(|_| input.error_at(start, "expected i32 or null"))
}

/// A linked list as a JSON array of its values; `[]` is the empty list.
impl Json for Option<Box<ListNode>> {
    fn name() -> String {
        "a linked list (array of i32)".into()
    }

    fn read(input: &mut Input) -> Result<Self, String> {
        let values = read_array(input, &Self::name(), i32::read)?;
        let mut head = None;
        for val in values.into_iter().rev() {
            head = Some(Box::new(ListNode { val, next: head }));
        }
        Ok(head)
    }

    fn write(&self, out: &mut Vec<u8>) {
        let mut values = Vec::new();
        let mut node = self.as_deref();
        while let Some(current) = node {
            values.push(current.val);
            node = current.next.as_deref();
        }
        values.write(out);
    }
}

pub(crate) type Tree = Option<Rc<RefCell<TreeNode>>>;

/// A binary tree in level order, `null` for a missing child, children listed
/// only for nodes that are present (`[3,9,20,null,null,15,7]`). After a
/// case's first tree, a value instead of an array is a node of that tree:
/// LeetCode gives Lowest Common Ancestor's `p` and `q` so (`5`).
impl Json for Tree {
    fn name() -> String {
        "a binary tree (level order, i32 or null)".into()
    }

    fn read(input: &mut Input) -> Result<Self, String> {
        input.skip_whitespace();
        if input.peek() != Some(b'[') {
            if let Some(root) = input.case_tree.clone() {
                return read_node(input, &root);
            }
        }
        let tree = read_level_order(input)?;
        input.case_tree.get_or_insert_with(|| tree.clone());
        Ok(tree)
    }

    fn write(&self, out: &mut Vec<u8>) {
        let mut values = Vec::new();
        let mut queue = VecDeque::from([self.clone()]);
        while let Some(node) = queue.pop_front() {
            match node {
                Some(node) => {
                    let node = node.borrow();
                    values.push(Some(node.val));
                    queue.push_back(node.left.clone());
                    queue.push_back(node.right.clone());
                }
                None => values.push(None),
            }
        }
        while values.last() == Some(&None) {
            values.pop();
        }
        write_array(&values, out, |value, out| match value {
            Some(val) => val.write(out),
            None => out.extend_from_slice(b"null"),
        });
    }

    /// The node's value, `null` for none.
    fn write_as_node(&self, out: &mut Vec<u8>) {
        match self {
            Some(node) => node.borrow().val.write(out),
            None => out.extend_from_slice(b"null"),
        }
    }
}

/// The node of `root` that a value names: the first in level order holding
/// it (LeetCode's node values are distinct where it names nodes so).
fn read_node(input: &mut Input, root: &Tree) -> Result<Tree, String> {
    let start = input.pos();
    let val = i32::read(input).map_err(|_| {
        input.error_at(
            start,
            "expected a binary tree, or a node of the case's first tree by its value",
        )
    })?;
    let mut queue: VecDeque<Rc<RefCell<TreeNode>>> = root.iter().cloned().collect();
    while let Some(node) = queue.pop_front() {
        if node.borrow().val == val {
            input.named_a_node = true;
            return Ok(Some(node));
        }
        let node = node.borrow();
        queue.extend(node.left.iter().chain(node.right.iter()).cloned());
    }
    Err(input.error_at(
        start,
        &format!("expected a node of the case's first tree by its value (no node holds {val})"),
    ))
}

/// A tree as LeetCode writes one: its level order.
fn read_level_order(input: &mut Input) -> Result<Tree, String> {
    let start = input.pos();
    let values = read_array(input, &Tree::name(), read_optional_i32)?;
    let mut values = values.into_iter();
    let root = match values.next() {
        None | Some(None) => return Ok(None),
        Some(Some(val)) => Rc::new(RefCell::new(TreeNode::new(val))),
    };
    let mut waiting = VecDeque::from([Rc::clone(&root)]);
    let mut values = values.peekable();
    while values.peek().is_some() {
        let parent = waiting.pop_front().ok_or_else(|| {
            input.error_at(
                start,
                "expected a binary tree: more values than places for children",
            )
        })?;
        for left in [true, false] {
            if let Some(Some(val)) = values.next() {
                let child = Rc::new(RefCell::new(TreeNode::new(val)));
                waiting.push_back(Rc::clone(&child));
                let mut parent = parent.borrow_mut();
                *(if left {
                    &mut parent.left
                } else {
                    &mut parent.right
                }) = Some(child);
            }
        }
    }
    Ok(Some(root))
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

impl Json for Value {
    fn name() -> String {
        "a JSON value".into()
    }

    fn read(input: &mut Input) -> Result<Self, String> {
        read_value(input, 0)
    }

    /// Compact: no whitespace, members in their order.
    fn write(&self, out: &mut Vec<u8>) {
        match self {
            Value::Null => out.extend_from_slice(b"null"),
            Value::Bool(b) => b.write(out),
            Value::Number(text) => out.extend_from_slice(text.as_bytes()),
            Value::String(text) => write_string(text, out),
            Value::Array(items) => write_array(items, out, Value::write),
            Value::Object(members) => {
                out.push(b'{');
                for (index, (key, value)) in members.iter().enumerate() {
                    if index > 0 {
                        out.push(b',');
                    }
                    write_string(key, out);
                    out.push(b':');
                    value.write(out);
                }
                out.push(b'}');
            }
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&crate::show(self))
    }
}

fn read_value(input: &mut Input, depth: usize) -> Result<Value, String> {
    if depth > MAX_DEPTH {
        return Err(input.error(&format!(
            "expected no more than {MAX_DEPTH} levels of nesting"
        )));
    }
    input.skip_whitespace();
    match input.peek() {
        Some(b'{') => read_object(input, depth),
        Some(b'[') => {
            read_array(input, "an array", |input| read_value(input, depth + 1)).map(Value::Array)
        }
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

fn read_object(input: &mut Input, depth: usize) -> Result<Value, String> {
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
    let mut input = Input::new(text.as_bytes());
    let value = read_value(&mut input, 0)?;
    if input.more() {
        return Err(input.error("expected the end of the text after the value"));
    }
    Ok(value)
}
