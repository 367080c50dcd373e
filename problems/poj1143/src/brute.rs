//! Brute force for POJ 1143 Number Game, written without the solution's
//! incremental walk: after every move the forbidden set is recomputed from
//! scratch as "a number forbidden at the start plus a sum of multiples of the
//! numbers chosen since" (a coin-change table over the chosen numbers), and the
//! game tree is searched with a memo keyed by the available numbers.
//! Assumes valid input.

use std::collections::HashMap;

/// Numbers in play; everything above is forbidden from the start.
const HIGHEST: usize = 20;

/// A position as the brute force sees it: what was forbidden when the input
/// line was read, plus the numbers chosen since then, in order.
#[derive(Clone, Debug)]
pub struct Game {
    initially_forbidden: Vec<usize>,
    chosen: Vec<usize>,
}

impl Game {
    /// The position in which exactly `available` (numbers in 2..=20) may be chosen.
    pub fn new(available: &[usize]) -> Game {
        Game {
            initially_forbidden: (2..=HIGHEST).filter(|n| !available.contains(n)).collect(),
            chosen: Vec::new(),
        }
    }

    /// The numbers that may be chosen now, ascending.
    pub fn available(&self) -> Vec<usize> {
        // sum_of_multiples[n]: n = a1*c1 + a2*c2 + ... over the chosen c, all a >= 0.
        let mut sum_of_multiples = [false; HIGHEST + 1];
        sum_of_multiples[0] = true;
        for n in 1..=HIGHEST {
            sum_of_multiples[n] = self
                .chosen
                .iter()
                .any(|&c| c <= n && sum_of_multiples[n - c]);
        }
        let forbidden = |y: usize| {
            let bases = std::iter::once(0).chain(self.initially_forbidden.iter().copied());
            bases
                .filter(|&base| base <= y)
                .any(|base| sum_of_multiples[y - base])
        };
        (2..=HIGHEST).filter(|&y| !forbidden(y)).collect()
    }

    pub fn after_choosing(&self, number: usize) -> Game {
        let mut next = self.clone();
        next.chosen.push(number);
        next
    }
}

/// Win/lose of positions already searched, keyed by the available numbers:
/// what can still happen depends on nothing else, because choosing x from
/// "forbidden F" always leads to "forbidden F plus multiples of x" however F
/// came about. Without it the full set {2..20} takes half a minute.
#[derive(Default)]
pub struct Search {
    player_to_move_wins: HashMap<Vec<usize>, bool>,
}

impl Search {
    pub fn player_to_move_wins(&mut self, game: &Game) -> bool {
        let available = game.available();
        if let Some(&wins) = self.player_to_move_wins.get(&available) {
            return wins;
        }
        let wins = available
            .iter()
            .any(|&number| !self.player_to_move_wins(&game.after_choosing(number)));
        self.player_to_move_wins.insert(available, wins);
        wins
    }

    /// The first moves after which the opponent loses, ascending.
    pub fn winning_moves(&mut self, game: &Game) -> Vec<usize> {
        game.available()
            .into_iter()
            .filter(|&number| !self.player_to_move_wins(&game.after_choosing(number)))
            .collect()
    }
}

/// Answers `input` into `out`, as the solution does; refuses a malformed line.
pub fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
    let text = String::from_utf8_lossy(input);
    let mut case_number = 0;
    let mut search = Search::default();
    for line in text.lines() {
        let numbers: Vec<usize> = line
            .split_whitespace()
            .map(|token| token.parse())
            .collect::<Result<_, _>>()
            .map_err(|_| format!("expected numbers, found {line:?}"))?;
        match numbers.as_slice() {
            [] => continue,
            [0] => break,
            [count, available @ ..] => {
                // Refusing what the solution refuses keeps stress from saving such input.
                if !(*count == available.len()
                    && available.iter().all(|n| (2..=20).contains(n))
                    && available.windows(2).all(|pair| pair[0] < pair[1]))
                {
                    return Err(format!(
                        "expected a count and that many ascending numbers in 2..20, found {line:?}"
                    ));
                }
                case_number += 1;
                let mut answer = format!("Test Case #{case_number}\n");
                let moves = search.winning_moves(&Game::new(available));
                if moves.is_empty() {
                    answer.push_str("There's no winning move.\n");
                } else {
                    answer.push_str("The winning moves are:");
                    for number in moves {
                        answer.push_str(&format!(" {number}"));
                    }
                    answer.push('\n');
                }
                answer.push('\n');
                out.extend_from_slice(answer.as_bytes());
            }
        }
    }
    Ok(())
}

fn main() -> std::process::ExitCode {
    testkit::main("poj1143-brute", solve)
}
