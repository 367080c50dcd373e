//! Brute force for lc294 (Flip Game II): plain minimax over whole strings,
//! memoized on the string itself. Knows nothing of runs or Grundy values, so
//! it checks the decomposition the solution relies on. Exponential: fine up to
//! about 24 `+` in one run, hopeless for 60.

use std::collections::HashMap;

/// Whether the player to move on `state` wins; `memo` caches solved strings.
pub fn first_player_wins(state: &[u8], memo: &mut HashMap<Vec<u8>, bool>) -> bool {
    if let Some(&known) = memo.get(state) {
        return known;
    }
    let mut after_move = state.to_vec();
    let mut wins = false;
    for i in 1..state.len() {
        if state[i - 1] == b'+' && state[i] == b'+' {
            after_move[i - 1] = b'-';
            after_move[i] = b'-';
            let opponent_wins = first_player_wins(&after_move, memo);
            after_move[i - 1] = b'+';
            after_move[i] = b'+';
            if !opponent_wins {
                wins = true;
                break;
            }
        }
    }
    memo.insert(state.to_vec(), wins);
    wins
}

/// Answers every line of the input into `out`, one memo shared by all lines;
/// refuses a line that is not a `+`/`-` string literal.
pub fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
    let mut memo = HashMap::new();
    for line in String::from_utf8_lossy(input).lines() {
        let literal = line.trim();
        if literal.is_empty() {
            continue;
        }
        // Refusing what the solution refuses keeps stress from saving such input.
        let state = literal
            .strip_prefix('"')
            .and_then(|rest| rest.strip_suffix('"'))
            .filter(|state| state.bytes().all(|cell| cell == b'+' || cell == b'-'))
            .ok_or_else(|| {
                format!("expected one \"+-\" string literal per line, found {line:?}")
            })?;
        let verdict = first_player_wins(state.as_bytes(), &mut memo);
        out.extend_from_slice(if verdict { b"true\n" } else { b"false\n" });
    }
    Ok(())
}

fn main() -> std::process::ExitCode {
    testkit::main("lc294-brute", solve)
}
