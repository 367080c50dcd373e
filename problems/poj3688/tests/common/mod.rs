//! The plain O(N·M) parity table, a second independent method for inputs too
//! big for the subset brute force.

/// Test cases of a valid input as (cards, M), stopping at `0 M` or the end.
pub fn parse_cases(input: &[u8]) -> Vec<(Vec<u64>, usize)> {
    let text = std::str::from_utf8(input).expect("judge data is ASCII");
    let mut numbers = text
        .split_ascii_whitespace()
        .map(|token| token.parse::<u64>().expect("judge data holds numbers"));
    let mut cases = Vec::new();
    while let (Some(card_count), Some(max_weight)) = (numbers.next(), numbers.next()) {
        if card_count == 0 {
            break;
        }
        let cards: Vec<u64> = numbers.by_ref().take(card_count as usize).collect();
        assert_eq!(cards.len() as u64, card_count, "truncated case");
        cases.push((cards, max_weight as usize));
    }
    cases
}

const EVEN: u8 = 1;
const ODD: u8 = 2;

/// `state[w]` says with which parities of card count w is reachable; each
/// card moves every old state up by its value with the parity swapped.
pub fn odd_only_by_table(cards: &[u64], max_weight: usize) -> usize {
    let mut state = vec![0u8; max_weight + 1];
    state[0] = EVEN;
    let mut before = state.clone();
    for &card in cards {
        if card > max_weight as u64 {
            continue;
        }
        before.copy_from_slice(&state);
        for (now, &old) in state[card as usize..].iter_mut().zip(&before) {
            *now |= (old & EVEN) << 1 | (old & ODD) >> 1;
        }
    }
    state[1..].iter().filter(|&&s| s == ODD).count()
}

/// Expected output of a whole valid input, by the table.
pub fn table_output(input: &[u8]) -> Vec<u8> {
    parse_cases(input)
        .iter()
        .map(|(cards, max_weight)| format!("{}\n", odd_only_by_table(cards, *max_weight)))
        .collect::<String>()
        .into_bytes()
}
