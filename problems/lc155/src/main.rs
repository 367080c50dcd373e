//! lc155 Min Stack — https://leetcode.com/problems/min-stack/
//!
//! Idea: the minimum of a stack changes only at its top, so each entry keeps,
//! beside its value, the minimum of itself and everything below it. A push
//! computes it from the entry below; a pop uncovers the entry below, whose
//! stored minimum is again right, since nothing under it has changed.
//!
//! Complexity: O(1) time for each of push, pop, top and getMin: one look at
//! the top entry and at most one push or pop of a Vec (amortized O(1)).
//! O(n) memory for n entries on the stack, two i32 each.
//!
//! Local input: LeetCode's custom-testcase format (scripts/leetcode), two
//! lines a case: the method names and their argument arrays. pop, top and
//! getMin on an empty stack, which LeetCode never asks for, are refused.

use leetcode::Unmet;

// submit-begin
struct MinStack {
    /// (value, minimum of this value and every value below it), bottom first.
    entries: Vec<(i32, i32)>,
}

/**
 * `&self` means the method takes an immutable reference.
 * If you need a mutable reference, change it to `&mut self` instead.
 */
impl MinStack {
    fn new() -> Self {
        MinStack {
            entries: Vec::new(),
        }
    }

    fn push(&mut self, val: i32) {
        let min = match self.entries.last() {
            Some(&(_, below)) => below.min(val),
            None => val,
        };
        self.entries.push((val, min));
    }

    fn pop(&mut self) {
        self.entries.pop();
    }

    fn top(&self) -> i32 {
        self.top_entry().0
    }

    fn get_min(&self) -> i32 {
        self.top_entry().1
    }

    /// LeetCode calls top and getMin only on a non-empty stack.
    fn top_entry(&self) -> (i32, i32) {
        *self
            .entries
            .last()
            .expect("top and getMin need a non-empty stack")
    }
}

/*
 * Your MinStack object will be instantiated and called as such:
 * let obj = MinStack::new();
 * obj.push(val);
 * obj.pop();
 * let ret_3: i32 = obj.top();
 * let ret_4: i32 = obj.get_min();
 */
// submit-end

/// Answers every case of `input` into `out`; on bad input, stops with
/// the earlier answers kept.
pub fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
    let methods = ["push", "pop", "top", "getMin"];
    leetcode::design(
        input,
        out,
        "MinStack",
        &methods,
        // The stack's depth rides beside it, so that a call LeetCode never
        // makes is refused here rather than panicking inside the solution.
        |_| Ok((MinStack::new(), 0usize)),
        |(stack, depth), method, args| {
            if method != "push" && *depth == 0 {
                return Err(args.refuse(Unmet::new(format!(
                    "a push before {method}: LeetCode calls pop, top and getMin \
                     only on a non-empty stack"
                ))));
            }
            Ok(match method {
                "push" => {
                    let val: i32 = args.arg()?;
                    *depth += 1;
                    leetcode::show(&stack.push(val))
                }
                "pop" => {
                    *depth -= 1;
                    leetcode::show(&stack.pop())
                }
                "top" => leetcode::show(&stack.top()),
                "getMin" => leetcode::show(&stack.get_min()),
                _ => unreachable!("leetcode::design passes only the methods listed"),
            })
        },
    )
}

fn main() -> std::process::ExitCode {
    testkit::main("lc155", solve)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(input: &str) -> (String, Result<(), String>) {
        testkit::run(solve, input.as_bytes())
    }

    #[test]
    fn sample() {
        assert_eq!(
            run(concat!(
                "[\"MinStack\",\"push\",\"push\",\"push\",\"getMin\",\"pop\",\"top\",\"getMin\"]\n",
                "[[],[-2],[0],[-3],[],[],[],[]]\n"
            )),
            ("[null,null,null,null,-3,null,0,-2]\n".into(), Ok(()))
        );
    }

    #[test]
    fn an_equal_minimum_survives_the_pop_of_its_twin() {
        assert_eq!(
            run(
                "[\"MinStack\",\"push\",\"push\",\"push\",\"pop\",\"getMin\",\"top\"]\n\
                 [[],[0],[1],[0],[],[],[]]\n"
            )
            .0,
            "[null,null,null,null,null,0,1]\n"
        );
    }

    #[test]
    fn extremes_cases_back_to_back_spaces_and_crlf() {
        assert_eq!(
            run(
                "[\"MinStack\", \"push\", \"push\", \"getMin\", \"top\"]\r\n\
                 [[], [2147483647], [-2147483648], [], []]\r\n\r\n\
                 [\"MinStack\"]\r\n[[]]\r\n"
            )
            .0,
            "[null,null,null,-2147483648,-2147483648]\n[null]\n"
        );
    }

    #[test]
    fn a_call_on_an_empty_stack_is_refused_after_the_earlier_answers() {
        assert_eq!(
            run("[\"MinStack\",\"push\",\"top\"]\n[[],[1],[]]\n\
                 [\"MinStack\",\"push\",\"pop\",\"getMin\"]\n[[],[1],[],[]]\n"),
            (
                "[null,null,1]\n".into(),
                Err(
                    "line 4, column 12: expected a push before getMin: LeetCode calls pop, \
                     top and getMin only on a non-empty stack, found '['"
                        .into()
                )
            )
        );
        assert!(run("[\"MinStack\",\"pop\"]\n[[],[]]\n").1.is_err());
    }
}
