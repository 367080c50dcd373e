//! lc226 Invert Binary Tree — https://leetcode.com/problems/invert-binary-tree/
//!
//! Idea: the mirror image of a tree has every node's children swapped, and
//! swapping at each node independently gives it (the node's subtrees are
//! mirrored too, whichever order the swaps happen in). So visit every node
//! once, swap its two child pointers and go on with its children: depth
//! first, from an explicit stack, so no tree shape can overflow the call
//! stack (LeetCode's 100 nodes could not, but a recursion would be the one
//! thing here that depends on the tree's height).
//!
//! Complexity: O(n) time for n nodes, O(1) work per node (a swap and two
//! pushes of reference-counted pointers); O(h) memory for a tree of height h:
//! the stack holds the nodes whose parents are on the current path, at most
//! one waiting sibling per level plus the current node's two children.
//!
//! Local input: LeetCode's custom-testcase format (scripts/leetcode), a tree
//! in level order per case (`[4,2,7,1,3,6,9]`); the answer is the inverted
//! tree the same way, without trailing `null`s.
//! Only the lines between the submit markers are pasted (`make submit`).

use leetcode::TreeNode;

// submit-begin
// Definition for a binary tree node.
// #[derive(Debug, PartialEq, Eq)]
// pub struct TreeNode {
//   pub val: i32,
//   pub left: Option<Rc<RefCell<TreeNode>>>,
//   pub right: Option<Rc<RefCell<TreeNode>>>,
// }
//
// impl TreeNode {
//   #[inline]
//   pub fn new(val: i32) -> Self {
//     TreeNode {
//       val,
//       left: None,
//       right: None
//     }
//   }
// }
use std::cell::RefCell;
use std::rc::Rc;
impl Solution {
    pub fn invert_tree(root: Option<Rc<RefCell<TreeNode>>>) -> Option<Rc<RefCell<TreeNode>>> {
        let mut pending: Vec<Rc<RefCell<TreeNode>>> = root.iter().cloned().collect();
        while let Some(node) = pending.pop() {
            let mut node = node.borrow_mut();
            let node = &mut *node;
            std::mem::swap(&mut node.left, &mut node.right);
            pending.extend(node.left.iter().chain(node.right.iter()).cloned());
        }
        root
    }
}
// submit-end

pub struct Solution;

/// Answers every case of `input` into `out`; on bad input, stops with
/// the earlier answers kept.
pub fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
    leetcode::cases(input, out, |case| {
        let root: Option<Rc<RefCell<TreeNode>>> = case.arg()?;
        Ok(Solution::invert_tree(root))
    })
}

fn main() -> std::process::ExitCode {
    testkit::main("lc226", solve)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answers(input: &str) -> String {
        testkit::answers(solve, input.as_bytes())
    }

    #[test]
    fn samples() {
        assert_eq!(answers("[4,2,7,1,3,6,9]\n"), "[4,7,2,9,6,3,1]\n");
        assert_eq!(answers("[2,1,3]\n"), "[2,3,1]\n");
        assert_eq!(answers("[]\n"), "[]\n");
        assert_eq!(
            answers("[4,2,7,1,3,6,9]\n[2,1,3]\n[]\n"),
            "[4,7,2,9,6,3,1]\n[2,3,1]\n[]\n"
        );
    }

    #[test]
    fn lopsided_trees_and_nulls() {
        assert_eq!(answers("[1]\n"), "[1]\n");
        assert_eq!(answers("[1,2]\n"), "[1,null,2]\n");
        assert_eq!(answers("[1,null,2]\n"), "[1,2]\n");
        assert_eq!(
            answers("[1,2,null,3,null,4]\n"),
            "[1,null,2,null,3,null,4]\n"
        );
        assert_eq!(answers("[3,9,20,null,null,15,7]\n"), "[3,20,9,7,15]\n");
        assert_eq!(
            answers("[-100,100,null,0]\r\n\r\n[ 1 , null , 2 ]\r\n"),
            "[-100,null,100,null,0]\n[1,2]\n"
        );
    }

    #[test]
    fn inverting_twice_gives_the_tree_back() {
        let mut out = Vec::new();
        let input = b"[5,3,8,1,4,7,9,null,2,null,null,6]\n";
        assert_eq!(solve(input, &mut out), Ok(()));
        let mut twice = Vec::new();
        assert_eq!(solve(&out, &mut twice), Ok(()));
        assert_eq!(twice, input);
    }

    #[test]
    fn bad_input_names_line_and_keeps_earlier_answers() {
        let mut out = Vec::new();
        let result = solve(b"[2,1,3]\n[1,nul]\n", &mut out);
        assert_eq!(out, b"[2,3,1]\n");
        let message = result.expect_err("nul is no value");
        assert!(
            message.starts_with("line 2, column 4: expected"),
            "{message}"
        );
    }
}
