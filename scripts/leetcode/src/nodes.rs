//! `ListNode` and `TreeNode` as LeetCode's prelude defines them, derives
//! included, so a solution's code uses these locally and LeetCode's when
//! pasted. Only `ListNode::new` differs: `pub` here, since it is called from
//! another crate.

use std::cell::RefCell;
use std::rc::Rc;

// Definition for singly-linked list.
#[derive(PartialEq, Eq, Clone, Debug)]
pub struct ListNode {
    pub val: i32,
    pub next: Option<Box<ListNode>>,
}

impl ListNode {
    #[inline]
    pub fn new(val: i32) -> Self {
        ListNode { next: None, val }
    }
}

// Definition for a binary tree node.
#[derive(Debug, PartialEq, Eq)]
pub struct TreeNode {
    pub val: i32,
    pub left: Option<Rc<RefCell<TreeNode>>>,
    pub right: Option<Rc<RefCell<TreeNode>>>,
}

impl TreeNode {
    #[inline]
    pub fn new(val: i32) -> Self {
        TreeNode {
            val,
            left: None,
            right: None,
        }
    }
}

/// A tree as LeetCode's signatures take and give one.
pub(crate) type Tree = Option<Rc<RefCell<TreeNode>>>;

/// LeetCode's judge puts `struct Solution;` beside a pasted solution, and the
/// definition of each node type the problem uses: these, their text exactly
/// as LeetCode gives it. The definitions import nothing: they rely on the
/// solution's own `use std::rc::Rc; use std::cell::RefCell;`, which is why
/// LeetCode's tree snippets start with those lines.
pub fn node_definitions(paste: &str) -> String {
    let mut prelude = String::new();
    for (name, definition) in [("ListNode", LIST_NODE), ("TreeNode", TREE_NODE)] {
        if paste.contains(name) {
            prelude.push_str(definition);
        }
    }
    prelude
}

const LIST_NODE: &str = "// Definition for singly-linked list.
#[derive(PartialEq, Eq, Clone, Debug)]
pub struct ListNode {
  pub val: i32,
  pub next: Option<Box<ListNode>>
}

impl ListNode {
  #[inline]
  fn new(val: i32) -> Self {
    ListNode {
      next: None,
      val
    }
  }
}
";

const TREE_NODE: &str = "// Definition for a binary tree node.
#[derive(Debug, PartialEq, Eq)]
pub struct TreeNode {
  pub val: i32,
  pub left: Option<Rc<RefCell<TreeNode>>>,
  pub right: Option<Rc<RefCell<TreeNode>>>,
}

impl TreeNode {
  #[inline]
  pub fn new(val: i32) -> Self {
    TreeNode {
      val,
      left: None,
      right: None
    }
  }
}
";
