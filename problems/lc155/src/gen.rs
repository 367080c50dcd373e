//! Generator for lc155 (Min Stack).
//!
//! `<seed> [<size>]`: one to four cases of 0..=size calls after the
//! constructor, pop, top and getMin only on a non-empty stack (as LeetCode
//! promises); values from all of i32, a narrow range (equal minima pushed
//! and popped), the extremes, or a falling run; sometimes `\r\n` and blank
//! lines. `--bench calls <size>`: one case of `size` calls, half of them
//! pushes first (LeetCode stops at 3·10^4 calls).

use testkit::Rng;

const DEFAULT_SIZE: u64 = 12;

/// One method call: LeetCode's name and its argument array.
type Call = (&'static str, Vec<i32>);

fn main() {
    testkit::gen_main(DEFAULT_SIZE, random_input, &[("calls", bench_calls)]);
}

pub fn random_input(rng: &mut Rng, size: u64) -> Vec<u8> {
    testkit::leetcode_cases(rng, 4, |rng| {
        let count = if rng.chance(1, 2) {
            size
        } else {
            rng.range(0, size)
        };
        case_lines(&random_calls(rng, count))
    })
}

fn random_calls(rng: &mut Rng, count: u64) -> Vec<Call> {
    let values = rng.below(4);
    let mut falling = rng.range(0, 5) as i32;
    let mut depth = 0;
    let mut calls = Vec::new();
    for _ in 0..count {
        if depth == 0 || rng.chance(2, 5) {
            let val = match values {
                0 => rng.next_u64() as i32,
                1 => rng.range(0, 4) as i32 - 2,
                2 => *rng.pick(&[i32::MIN, i32::MAX, 0, -1]),
                _ => {
                    falling -= rng.range(0, 2) as i32;
                    falling
                }
            };
            calls.push(("push", vec![val]));
            depth += 1;
        } else {
            let method = *rng.pick(&["pop", "top", "getMin", "getMin"]);
            if method == "pop" {
                depth -= 1;
            }
            calls.push((method, Vec::new()));
        }
    }
    calls
}

/// The two lines of a case: the names, constructor first, and the arguments.
fn case_lines(calls: &[Call]) -> Vec<String> {
    let mut names = vec!["MinStack".to_string()];
    let mut args = vec![Vec::new()];
    for (name, call_args) in calls {
        names.push(name.to_string());
        args.push(call_args.clone());
    }
    vec![leetcode::show(&names), leetcode::show(&args)]
}

fn bench_calls(size: u64) -> Vec<u8> {
    let mut rng = Rng::new(155);
    let pushes = (size / 2).max(1);
    let mut calls: Vec<Call> = (0..pushes)
        .map(|_| ("push", vec![rng.next_u64() as i32]))
        .collect();
    let mut depth = pushes;
    for _ in pushes..size {
        let mut method = *rng.pick(&["pop", "top", "getMin", "getMin"]);
        if method == "pop" {
            // The last entry stays, so every later call finds one.
            if depth > 1 {
                depth -= 1;
            } else {
                method = "getMin";
            }
        }
        calls.push((method, Vec::new()));
    }
    (case_lines(&calls).join("\n") + "\n").into_bytes()
}
