//! Brute force for POJ 3688: tries every subset of the cards (N <= 20) and
//! marks each subset's sum with the parity of its size. Refuses input it
//! cannot read, so that stress never saves a case from a malformed input.

/// The most cards whose 2^N subsets the brute force tries.
const MAX_CARDS: usize = 20;

/// Answers every case of `input` into `out`, one count per line, like the
/// solution; refuses a malformed input or a hand too large to enumerate.
pub fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
    let mut numbers = testkit::numbers(input)?.into_iter();
    while let Some(card_count) = numbers.next() {
        let max_weight = match numbers.next() {
            Some(max_weight) => max_weight,
            // A last lone 0 ends the input; any other N needs its M.
            None if card_count == 0 => break,
            None => return Err(format!("N = {card_count} without M")),
        };
        if card_count == 0 {
            break;
        }
        let cards: Vec<u64> = numbers.by_ref().take(card_count as usize).collect();
        if cards.len() as u64 != card_count {
            return Err("fewer cards than N".into());
        }
        if cards.len() > MAX_CARDS {
            return Err(format!(
                "too many cards: {} (at most {MAX_CARDS})",
                cards.len()
            ));
        }
        out.extend_from_slice(format!("{}\n", odd_only_by_subsets(&cards, max_weight)).as_bytes());
    }
    Ok(())
}

/// Counts W in 1..=`max_weight` reached by some odd-sized subset of `cards`
/// and by no even-sized one, looking at all 2^N subsets.
pub fn odd_only_by_subsets(cards: &[u64], max_weight: u64) -> u64 {
    assert!(cards.len() <= MAX_CARDS, "brute force: too many cards");
    let mut by_odd = vec![false; max_weight as usize + 1];
    let mut by_even = vec![false; max_weight as usize + 1];
    for subset in 0u32..1 << cards.len() {
        let sum: u64 = (0..cards.len())
            .filter(|&i| subset >> i & 1 == 1)
            .map(|i| cards[i])
            .fold(0, u64::saturating_add);
        if sum <= max_weight {
            if subset.count_ones() % 2 == 1 {
                by_odd[sum as usize] = true;
            } else {
                by_even[sum as usize] = true;
            }
        }
    }
    (1..=max_weight as usize)
        .filter(|&w| by_odd[w] && !by_even[w])
        .count() as u64
}

fn main() -> std::process::ExitCode {
    testkit::main("poj3688-brute", solve)
}
