//! Generator for POJ 1143 Number Game. Every position it prints really occurs
//! in the game: it starts from {2..20} and plays random moves.
//!
//! `<seed> [<size>]`: 1..=size positions, then `0`, mixing the full set,
//! positions played down to one number, positions where 20 is still
//! available, and positions after a few random moves.
//! `--bench positions <size>`: `size` such positions (fixed seed), then `0`.

use testkit::Rng;

const DEFAULT_SIZE: u64 = 10;
const HIGHEST: usize = 20;

/// `available[n]`: n (in 2..=20) may still be chosen.
type Position = [bool; HIGHEST + 1];

fn full_set() -> Position {
    let mut available = [true; HIGHEST + 1];
    available[0] = false;
    available[1] = false;
    available
}

fn numbers(available: &Position) -> Vec<usize> {
    (2..=HIGHEST).filter(|&n| available[n]).collect()
}

fn after_choosing(available: &Position, chosen: usize) -> Position {
    let mut next = *available;
    next[chosen] = false;
    for y in chosen + 1..=HIGHEST {
        if y - chosen >= 2 && !next[y - chosen] {
            next[y] = false;
        }
    }
    next
}

/// Plays up to `moves` random moves from the full set, only ever moving to a
/// nonempty position that `allowed` accepts.
fn play(rng: &mut Rng, moves: usize, allowed: impl Fn(&Position) -> bool) -> Position {
    let mut position = full_set();
    for _ in 0..moves {
        let candidates: Vec<Position> = numbers(&position)
            .into_iter()
            .map(|n| after_choosing(&position, n))
            .filter(|next| !numbers(next).is_empty() && allowed(next))
            .collect();
        if candidates.is_empty() {
            break;
        }
        position = *rng.pick(&candidates);
    }
    position
}

fn random_position(rng: &mut Rng) -> Position {
    match rng.below(10) {
        0 => full_set(),
        // Played down to one number, which is always 2 or 3: with both
        // forbidden, every number from 4 up is a sum of 2s and 3s.
        1 | 2 => play(rng, HIGHEST, |_| true),
        3 | 4 => {
            let moves = rng.range(1, 8) as usize;
            play(rng, moves, |next| next[HIGHEST])
        }
        _ => {
            let moves = rng.range(1, 6) as usize;
            play(rng, moves, |_| true)
        }
    }
}

fn write_input(positions: &[Position]) -> Vec<u8> {
    let mut text = String::new();
    for position in positions {
        let numbers = numbers(position);
        text.push_str(&numbers.len().to_string());
        for n in numbers {
            text.push_str(&format!(" {n}"));
        }
        text.push('\n');
    }
    text.push_str("0\n");
    text.into_bytes()
}

pub fn random_input(rng: &mut Rng, size: u64) -> Vec<u8> {
    let cases = rng.range(1, size.max(1));
    let positions: Vec<Position> = (0..cases).map(|_| random_position(rng)).collect();
    write_input(&positions)
}

pub fn bench_positions(size: u64) -> Vec<u8> {
    let mut rng = Rng::new(1143);
    let positions: Vec<Position> = (0..size).map(|_| random_position(&mut rng)).collect();
    write_input(&positions)
}

fn main() {
    testkit::gen_main(
        DEFAULT_SIZE,
        random_input,
        &[("positions", bench_positions)],
    );
}
