//! LeetCode's custom-testcase input: JSON values separated by JSON
//! whitespace, one value a line, read by a JSON cursor that the input
//! carries with what the current case has said about its nodes.

use crate::nodes::Tree;
use json::Cursor;
use std::ops::{Deref, DerefMut};

/// The input, how far it has been read, and what the current case has said
/// about its nodes.
pub struct Input<'a> {
    cursor: Cursor<'a>,
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
            cursor: Cursor::new(bytes),
            case_tree: None,
            named_a_node: false,
        }
    }

    /// Forgets what the case before said about its nodes.
    pub(crate) fn start_case(&mut self) {
        self.case_tree = None;
        self.named_a_node = false;
    }

    /// Requires the rest of the current line to be blank: one value a line.
    pub fn end_of_line(&mut self) -> Result<(), String> {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\r')) {
            self.bump();
        }
        match self.peek() {
            None | Some(b'\n') => Ok(()),
            Some(_) => Err(self.error("expected the end of the line: one JSON value a line")),
        }
    }
}

/// The input reads as its cursor does.
impl<'a> Deref for Input<'a> {
    type Target = Cursor<'a>;

    fn deref(&self) -> &Cursor<'a> {
        &self.cursor
    }
}

impl<'a> DerefMut for Input<'a> {
    fn deref_mut(&mut self) -> &mut Cursor<'a> {
        &mut self.cursor
    }
}
