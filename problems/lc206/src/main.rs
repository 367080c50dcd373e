//! lc206 Reverse Linked List — https://leetcode.com/problems/reverse-linked-list/
//!
//! Idea: walk the list once, moving each node from the front of the rest
//! onto the front of the reversed part: `take` the node's `next` (the rest),
//! point the node at the reversed part, and it becomes the reversed part's
//! head. Every node is relinked, never copied or reallocated.
//!
//! Complexity: O(n) time for n nodes (one step per node, O(1) pointer moves
//! each) and O(1) memory beyond the list: the recursive version of the
//! follow-up costs O(n) stack, one frame per node.
//!
//! Local input: LeetCode's custom-testcase format (scripts/leetcode), a list
//! as a JSON array per case; the answer is the reversed list's array.
//! Only the lines between the submit markers are pasted (`make submit`).

use leetcode::ListNode;

// submit-begin
// Definition for singly-linked list.
// #[derive(PartialEq, Eq, Clone, Debug)]
// pub struct ListNode {
//   pub val: i32,
//   pub next: Option<Box<ListNode>>
// }
//
// impl ListNode {
//   #[inline]
//   fn new(val: i32) -> Self {
//     ListNode {
//       next: None,
//       val
//     }
//   }
// }
impl Solution {
    pub fn reverse_list(head: Option<Box<ListNode>>) -> Option<Box<ListNode>> {
        let mut reversed = None;
        let mut rest = head;
        while let Some(mut node) = rest {
            rest = node.next.take();
            node.next = reversed;
            reversed = Some(node);
        }
        reversed
    }
}
// submit-end

pub struct Solution;

/// Answers every case of `input` into `out`; on bad input, stops with
/// the earlier answers kept.
pub fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
    leetcode::cases(input, out, |case| {
        let head: Option<Box<ListNode>> = case.arg()?;
        Ok(Solution::reverse_list(head))
    })
}

fn main() -> std::process::ExitCode {
    testkit::main("lc206", solve)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answers(input: &str) -> String {
        testkit::answers(solve, input.as_bytes())
    }

    #[test]
    fn samples() {
        assert_eq!(answers("[1,2,3,4,5]\n"), "[5,4,3,2,1]\n");
        assert_eq!(answers("[1,2]\n"), "[2,1]\n");
        assert_eq!(answers("[]\n"), "[]\n");
        assert_eq!(
            answers("[1,2,3,4,5]\n[1,2]\n[]\n"),
            "[5,4,3,2,1]\n[2,1]\n[]\n"
        );
    }

    #[test]
    fn one_node_extremes_and_whitespace() {
        assert_eq!(answers("[-5000]\n"), "[-5000]\n");
        assert_eq!(answers("[5000,-5000,0]\n"), "[0,-5000,5000]\n");
        assert_eq!(answers("\r\n[ 1 , 2,3 ]\r\n\r\n[ ]\r\n"), "[3,2,1]\n[]\n");
    }

    #[test]
    fn relinks_the_same_nodes() {
        let mut head = None;
        for val in (0..3).rev() {
            head = Some(Box::new(ListNode { val, next: head }));
        }
        let addresses = |mut node: Option<&ListNode>| {
            let mut seen = Vec::new();
            while let Some(current) = node {
                seen.push(current as *const ListNode);
                node = current.next.as_deref();
            }
            seen
        };
        let mut before = addresses(head.as_deref());
        let reversed = Solution::reverse_list(head);
        before.reverse();
        assert_eq!(addresses(reversed.as_deref()), before);
    }

    #[test]
    fn bad_input_names_line_and_keeps_earlier_answers() {
        let mut out = Vec::new();
        let result = solve(b"[1,2]\n[1,x]\n", &mut out);
        assert_eq!(out, b"[2,1]\n");
        let message = result.expect_err("x is no i32");
        assert!(
            message.starts_with("line 2, column 4: expected"),
            "{message}"
        );
    }
}
