//! Which cases reject which wrong submissions (`judge verify --matrix`):
//! the matrix itself, the cases that reject none (the data's dead weight),
//! the submissions a single case rejects (that case must stay), and a
//! smallest set of cases that still rejects every submission some case
//! rejects: searched exactly while the search is small, else chosen greedily
//! and said so. Nothing here runs a program; `verify` fills the matrix.

/// How many steps the exact search may take before the greedy set is kept.
const SEARCH_STEPS: usize = 1_000_000;

/// `rejects[case][submission]`: whether that case rejected that submission.
pub struct Matrix {
    pub cases: Vec<String>,
    pub submissions: Vec<String>,
    pub rejects: Vec<Vec<bool>>,
}

/// A set of cases (indices, in case order) rejecting every rejected
/// submission; `exact` when no smaller one exists.
#[derive(Debug, PartialEq)]
pub struct Cover {
    pub cases: Vec<usize>,
    pub exact: bool,
}

impl Matrix {
    /// The submissions `case` rejects.
    pub fn rejected_by(&self, case: usize) -> Vec<usize> {
        (0..self.submissions.len())
            .filter(|&s| self.rejects[case][s])
            .collect()
    }

    /// The cases that reject `submission`.
    pub fn rejecting(&self, submission: usize) -> Vec<usize> {
        (0..self.cases.len())
            .filter(|&c| self.rejects[c][submission])
            .collect()
    }

    /// The cases that reject no submission.
    pub fn dead_cases(&self) -> Vec<usize> {
        (0..self.cases.len())
            .filter(|&c| self.rejected_by(c).is_empty())
            .collect()
    }

    /// Each submission that exactly one case rejects, with that case.
    pub fn single(&self) -> Vec<(usize, usize)> {
        (0..self.submissions.len())
            .filter_map(|s| match self.rejecting(s).as_slice() {
                [case] => Some((s, *case)),
                _ => None,
            })
            .collect()
    }

    /// A smallest set of cases rejecting every submission some case rejects.
    pub fn smallest_cover(&self) -> Cover {
        let greedy = self.greedy();
        if self.submissions.len() > 64 {
            return Cover {
                cases: greedy,
                exact: false,
            };
        }
        let columns: Vec<u64> = (0..self.cases.len())
            .map(|c| {
                self.rejected_by(c)
                    .iter()
                    .fold(0u64, |mask, s| mask | 1 << s)
            })
            .collect();
        let all = columns.iter().fold(0, |mask, column| mask | column);
        let mut search = Search {
            columns: &columns,
            best: greedy,
            steps: SEARCH_STEPS,
        };
        let exact = search.down(all, &mut Vec::new());
        let mut cases = search.best;
        cases.sort_unstable();
        Cover { cases, exact }
    }

    /// Cases taken one at a time, each the one rejecting the most
    /// submissions not rejected yet (the first of equals).
    fn greedy(&self) -> Vec<usize> {
        let mut left: Vec<bool> = (0..self.submissions.len())
            .map(|s| !self.rejecting(s).is_empty())
            .collect();
        let mut chosen = Vec::new();
        loop {
            let gain = |c: usize| self.rejected_by(c).iter().filter(|&&s| left[s]).count();
            let Some(best) = (0..self.cases.len()).max_by_key(|&c| (gain(c), usize::MAX - c))
            else {
                break;
            };
            if gain(best) == 0 {
                break;
            }
            for s in self.rejected_by(best) {
                left[s] = false;
            }
            chosen.push(best);
        }
        chosen.sort_unstable();
        chosen
    }

    /// The report: a legend numbering the submissions, one line per case
    /// with the numbers it rejects, then the dead cases, the submissions a
    /// single case (or none) rejects, and the smallest covering set.
    pub fn report(&self) -> Vec<String> {
        let mut lines = vec![format!(
            "which case rejects which of the {} labelled wrong submissions:",
            self.submissions.len()
        )];
        for (s, name) in self.submissions.iter().enumerate() {
            lines.push(format!("  {:>3}  {name}", s + 1));
        }
        let width = self.cases.iter().map(String::len).max().unwrap_or(0).max(4);
        lines.push(format!("{:<width$}  rejects", "case"));
        for (c, case) in self.cases.iter().enumerate() {
            let numbers: Vec<String> = self
                .rejected_by(c)
                .iter()
                .map(|s| (s + 1).to_string())
                .collect();
            let shown = if numbers.is_empty() {
                "-".to_string()
            } else {
                numbers.join(" ")
            };
            lines.push(format!("{case:<width$}  {shown}"));
        }
        lines.extend(self.summary());
        lines
    }

    /// The lines after the matrix.
    fn summary(&self) -> Vec<String> {
        let names = |cases: &[usize]| {
            let names: Vec<&str> = cases.iter().map(|&c| self.cases[c].as_str()).collect();
            if names.is_empty() {
                "none".to_string()
            } else {
                names.join(", ")
            }
        };
        let mut lines = vec![format!(
            "cases that reject none: {}",
            names(&self.dead_cases())
        )];
        let single = self.single();
        if single.is_empty() {
            lines.push("rejected by a single case: none".into());
        }
        for (s, case) in single {
            lines.push(format!(
                "rejected by a single case: {} (only by {})",
                self.submissions[s], self.cases[case]
            ));
        }
        for s in (0..self.submissions.len()).filter(|&s| self.rejecting(s).is_empty()) {
            lines.push(format!("rejected by no case: {}", self.submissions[s]));
        }
        let cover = self.smallest_cover();
        lines.push(format!(
            "smallest set of cases that still rejects every rejected one: {} ({} of {} cases){}",
            names(&cover.cases),
            cover.cases.len(),
            self.cases.len(),
            if cover.exact {
                ""
            } else {
                "; chosen greedily, too large to search exactly: a smaller one may exist"
            }
        ));
        lines
    }
}

/// A branch-and-bound search for fewer cases than the best set known.
struct Search<'a> {
    columns: &'a [u64],
    best: Vec<usize>,
    steps: usize,
}

impl Search<'_> {
    /// Extends `chosen` until `uncovered` is empty, keeping the smallest
    /// set found; `false` when the steps ran out first.
    fn down(&mut self, uncovered: u64, chosen: &mut Vec<usize>) -> bool {
        if uncovered == 0 {
            if chosen.len() < self.best.len() {
                self.best = chosen.clone();
            }
            return true;
        }
        // One more case at least: no better than the best already.
        if chosen.len() + 1 >= self.best.len() {
            return true;
        }
        if self.steps == 0 {
            return false;
        }
        self.steps -= 1;
        // The uncovered submission the fewest cases reject: one of them
        // must be taken.
        let covering = |bit: u32| {
            let mask = 1u64 << bit;
            self.columns
                .iter()
                .filter(|column| *column & mask != 0)
                .count()
        };
        let bit = (0..64)
            .filter(|bit| uncovered & (1u64 << bit) != 0)
            .min_by_key(|&bit| covering(bit))
            .unwrap_or(0);
        let mut candidates: Vec<usize> = (0..self.columns.len())
            .filter(|&c| self.columns[c] & (1u64 << bit) != 0)
            .collect();
        candidates.sort_by_key(|&c| std::cmp::Reverse((self.columns[c] & uncovered).count_ones()));
        for c in candidates {
            chosen.push(c);
            let finished = self.down(uncovered & !self.columns[c], chosen);
            chosen.pop();
            if !finished {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A matrix from rows of `x` (rejects) and `.`, one row per case.
    fn matrix(rows: &[&str]) -> Matrix {
        let width = rows.first().map_or(0, |r| r.len());
        Matrix {
            cases: (0..rows.len()).map(|c| format!("c{c}")).collect(),
            submissions: (0..width).map(|s| format!("s{s}")).collect(),
            rejects: rows
                .iter()
                .map(|r| r.chars().map(|ch| ch == 'x').collect())
                .collect(),
        }
    }

    #[test]
    fn dead_cases_and_single_rejections_are_found() {
        let m = matrix(&["xx.", "...", ".x.", "..x"]);
        assert_eq!(m.dead_cases(), vec![1]);
        assert_eq!(m.single(), vec![(0, 0), (2, 3)]);
    }

    #[test]
    fn the_exact_search_beats_the_greedy_choice() {
        // Greedy takes c2 (four submissions), then c0 and c1 for one each:
        // three cases, where c0 and c1 alone reject all six.
        let m = matrix(&["xxx...", "...xxx", "xx.xx.", "..x...", ".....x"]);
        assert_eq!(m.greedy(), vec![0, 1, 2]);
        assert_eq!(
            m.smallest_cover(),
            Cover {
                cases: vec![0, 1],
                exact: true
            }
        );
    }

    #[test]
    fn a_submission_no_case_rejects_is_named_and_left_out_of_the_cover() {
        let m = matrix(&["x.", ".."]);
        let report = m.report().join("\n");
        assert!(report.contains("rejected by no case: s1"), "{report}");
        assert!(
            report.contains(
                "smallest set of cases that still rejects every rejected one: c0 (1 of 2 cases)"
            ),
            "{report}"
        );
        assert!(report.contains("cases that reject none: c1"), "{report}");
    }

    #[test]
    fn past_64_submissions_the_greedy_set_is_kept_and_said() {
        let row = "x".repeat(70);
        let m = matrix(&[&row, &row]);
        assert_eq!(
            m.smallest_cover(),
            Cover {
                cases: vec![0],
                exact: false
            }
        );
        assert!(m.report().last().unwrap().contains("chosen greedily"));
    }
}
