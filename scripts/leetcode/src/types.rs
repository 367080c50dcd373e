//! The types LeetCode's signatures use, read from and written as JSON the
//! way LeetCode's custom testcases and answers show them.

use crate::input::Input;
use crate::nodes::{ListNode, Tree, TreeNode};
use json::{number_text, read_array, read_string, write_array, write_string};
use std::cell::RefCell;
use std::collections::VecDeque;
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
