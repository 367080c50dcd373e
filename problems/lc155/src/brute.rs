//! Brute force for lc155 (Min Stack): a plain Vec of the values, getMin
//! scanning all of them; no stored minima. Refuses pop, top and getMin on an
//! empty stack, as the solution does.

struct MinStack {
    values: Vec<i32>,
}

impl MinStack {
    fn new() -> Self {
        MinStack { values: Vec::new() }
    }

    fn push(&mut self, val: i32) {
        self.values.push(val);
    }

    fn pop(&mut self) {
        self.values.pop();
    }

    fn top(&self) -> i32 {
        self.values[self.values.len() - 1]
    }

    fn get_min(&self) -> i32 {
        let mut min = self.values[0];
        for &value in &self.values {
            if value < min {
                min = value;
            }
        }
        min
    }
}

/// Answers every case of `input` into `out`.
pub fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
    let methods = ["push", "pop", "top", "getMin"];
    leetcode::design(
        input,
        out,
        "MinStack",
        &methods,
        |_| Ok(MinStack::new()),
        |stack, method, args| {
            if method != "push" && stack.values.is_empty() {
                return Err(format!("brute force: {method} on an empty MinStack"));
            }
            Ok(match method {
                "push" => {
                    let val: i32 = args.arg()?;
                    leetcode::show(&stack.push(val))
                }
                "pop" => leetcode::show(&stack.pop()),
                "top" => leetcode::show(&stack.top()),
                "getMin" => leetcode::show(&stack.get_min()),
                _ => unreachable!("leetcode::design passes only the methods listed"),
            })
        },
    )
}

fn main() -> std::process::ExitCode {
    testkit::main("lc155-brute", solve)
}
