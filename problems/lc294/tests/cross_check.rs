//! Checks the solution against methods that share none of its code: the
//! brute force's minimax over whole strings, and Grundy values recomputed
//! straight from the mex definition without assuming any period.

use std::collections::{HashMap, HashSet};

use testkit::Rng;

#[allow(dead_code)]
#[path = "../src/main.rs"]
mod solution;

#[allow(dead_code)]
#[path = "../src/brute.rs"]
mod brute;

#[allow(dead_code)]
#[path = "../src/gen.rs"]
mod generator;

use solution::Solution;

/// g(n) for a run of n `+`, for n in 0..=max_run, by the mex definition.
fn grundy_by_mex(max_run: usize) -> Vec<usize> {
    let mut grundy = Vec::with_capacity(max_run + 1);
    for run in 0..=max_run {
        let options: HashSet<usize> = (0..run.saturating_sub(1))
            .map(|left| grundy[left] ^ grundy[run - 2 - left])
            .collect();
        grundy.push(
            (0..)
                .find(|value| !options.contains(value))
                .expect("mex exists"),
        );
    }
    grundy
}

fn pluses(n: usize) -> String {
    "+".repeat(n)
}

#[test]
fn grundy_values_are_periodic_from_53_with_period_34() {
    let (start, period, max_take) = (53, 34, 2);
    let grundy = grundy_by_mex(600);
    // Guy–Smith: for an octal game removing at most `max_take` tokens, a period
    // that holds for start <= n < 2·start + period + max_take holds forever.
    assert!(grundy.len() > 2 * start + period + max_take + period);
    for n in start..grundy.len() - period {
        assert_eq!(grundy[n], grundy[n + period], "g({n}) vs g({})", n + period);
    }
    assert_ne!(
        grundy[start - 1],
        grundy[start - 1 + period],
        "the period starts at 53"
    );
    let losing: Vec<usize> = (0..64).filter(|&n| grundy[n] == 0).collect();
    assert_eq!(losing, [0, 1, 5, 9, 15, 21, 25, 29, 35, 39, 43, 55, 59, 63]);
}

#[test]
fn solution_matches_recomputed_grundy_on_runs_and_pairs_of_runs() {
    let grundy = grundy_by_mex(600);
    for (n, &value) in grundy.iter().enumerate() {
        assert_eq!(Solution::can_win(pluses(n)), value != 0, "{n} pluses");
        assert_eq!(
            Solution::can_win(format!("--{}-", pluses(n))),
            value != 0,
            "-{n} pluses-"
        );
    }
    for a in 0..130 {
        for b in 0..130 {
            let state = format!("{}-{}", pluses(a), pluses(b));
            assert_eq!(
                Solution::can_win(state),
                grundy[a] != grundy[b],
                "{a} and {b} pluses"
            );
        }
    }
}

#[test]
fn matches_brute_on_every_string_up_to_length_14() {
    let mut memo = HashMap::new();
    let mut wins = 0;
    for len in 0..=14 {
        for bits in 0u32..1 << len {
            let state: Vec<u8> = (0..len)
                .map(|i| if bits >> i & 1 == 1 { b'+' } else { b'-' })
                .collect();
            let expected = brute::first_player_wins(&state, &mut memo);
            let text = String::from_utf8(state).expect("ASCII");
            assert_eq!(Solution::can_win(text.clone()), expected, "{text:?}");
            wins += usize::from(expected);
        }
    }
    // Both verdicts occur often, so a constant answer cannot pass.
    assert!(wins > 5000 && wins < (1 << 15) - 5000, "{wins} wins");
}

#[test]
fn matches_brute_on_random_strings_up_to_24_pluses() {
    let mut rng = Rng::new(294);
    let mut memo = HashMap::new();
    for case in 0..3000 {
        let len = rng.range(15, 40) as usize;
        let plus_count = rng.range(0, 24.min(len as u64)) as usize;
        let mut state = vec![b'-'; len];
        if case % 3 == 0 {
            // One long run: the brute force's hardest shape.
            let start = rng.range(0, (len - plus_count) as u64) as usize;
            state[start..start + plus_count].fill(b'+');
        } else {
            let mut cells: Vec<usize> = (0..len).collect();
            rng.shuffle(&mut cells);
            for &cell in &cells[..plus_count] {
                state[cell] = b'+';
            }
        }
        if memo.len() > 1_000_000 {
            memo.clear();
        }
        let expected = brute::first_player_wins(&state, &mut memo);
        let text = String::from_utf8(state).expect("ASCII");
        assert_eq!(Solution::can_win(text.clone()), expected, "{text:?}");
    }
}

fn problem() -> testkit::Problem {
    testkit::Problem::new(env!("CARGO_MANIFEST_DIR"), env!("CARGO_BIN_EXE_lc294"))
}

#[test]
fn matches_brute_on_generated_inputs() {
    let sizes = [60, 60, 20, 5];
    problem().cross_check(
        solution::solve,
        brute::solve,
        generator::random_input,
        0..2000,
        &sizes,
    );
    for seed in 0..2000 {
        let input = generator::random_input(&mut Rng::new(seed), sizes[seed as usize % 4]);
        assert!(
            !testkit::answers(solution::solve, &input).is_empty(),
            "seed {seed}"
        );
    }
}

/// The string each non-blank line of a judge-data input holds.
fn judge_states(input: &str) -> Vec<&str> {
    input
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .map(|line| {
            line.strip_prefix('"')
                .and_then(|rest| rest.strip_suffix('"'))
                .unwrap_or_else(|| panic!("not a string literal: {line:?}"))
        })
        .collect()
}

fn plus_run_lengths(state: &str) -> Vec<usize> {
    state.split('-').map(str::len).collect()
}

/// How many strings the brute force can reach from `state`: a run of n `+`
/// can become Fib(n + 1) different strings.
fn reachable_strings(state: &str) -> u64 {
    let fibonacci = |n: usize| {
        (0..n)
            .fold((0u64, 1u64), |(a, b), _| (b, a.saturating_add(b)))
            .0
    };
    plus_run_lengths(state).iter().fold(1, |product, &run| {
        product.saturating_mul(fibonacci(run + 1))
    })
}

#[test]
fn judge_data_outputs_are_independently_verified() {
    let cases = problem().stored_cases(&["sample-1", "sample-2", "large-100k"]);
    let mut brute_checked_lines = 0;
    let mut memo = HashMap::new();
    for case in &cases {
        let (name, input, stored) = (&case.name, &case.input[..], &case.output[..]);
        assert!(
            input.len() < 1 << 20 && stored.len() < 1 << 20,
            "{name} must stay under 1 MiB"
        );
        let text = std::str::from_utf8(input).expect("UTF-8 input");
        let states = judge_states(text);
        let longest_run = states
            .iter()
            .flat_map(|state| plus_run_lengths(state))
            .max();
        let grundy = grundy_by_mex(longest_run.unwrap_or(0));
        let mut expected = String::new();
        for state in states {
            let xor = plus_run_lengths(state)
                .iter()
                .fold(0, |xor, &run| xor ^ grundy[run]);
            if reachable_strings(state) <= 20_000 {
                assert_eq!(
                    brute::first_player_wins(state.as_bytes(), &mut memo),
                    xor != 0
                );
                brute_checked_lines += 1;
            }
            expected.push_str(if xor != 0 { "true\n" } else { "false\n" });
        }
        assert_eq!(String::from_utf8_lossy(stored), expected, "{name}.out");
    }
    assert!(brute_checked_lines > 0);
    problem().check_stored("solution", solution::solve);
}

/// The built program, as `make test` runs it: on `"++a+"` it refuses the
/// `a` by line and column after the earlier answers, with exit status 1.
#[test]
fn the_program_refuses_a_character_other_than_plus_and_minus() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_lc294"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"\"++\"\n\"++a+\"\n")
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(output.stdout, b"true\n");
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "lc294: line 2, column 4: expected '+' or '-', found 'a'\n"
    );
}
