//! The report of `judge mutants`: the score by the stored cases alone and
//! with stress, what killed what, each survivor and each mutant only stress
//! killed as its one-line diff, and the cases that kill nothing. The same
//! text goes to stdout and, with every mutant's row, to `target/mutants.md`.

use crate::judged::{Fate, Seeds, Stressed};
use crate::mutate::Mutant;
use judge_core::base::error::SetupError;
use judge_core::base::files;
use judge_core::base::verdict::Verdict;
use judge_core::outln;
use judge_core::process::run::Program;
use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

/// One mutant and all that was found of it.
pub struct Row {
    pub mutant: Mutant,
    /// Its short name (`mutant-<name>.in` is the case saved for it).
    pub name: String,
    pub fate: Fate,
    /// Its build, unless rustc refused it.
    pub program: Option<Program>,
    /// What stress did to it, when it survived the stored cases.
    pub stressed: Option<Stressed>,
    /// The case saved for it (`--save`), or why not.
    pub saved: Option<Result<String, String>>,
}

pub struct Report<'a> {
    pub id: &'a str,
    pub file: &'a str,
    pub source: &'a str,
    pub cases: usize,
    pub rows: &'a [Row],
    pub dead: &'a [String],
    pub seeds: &'a Seeds<'a>,
    pub jobs: usize,
    pub judged_in: Duration,
}

/// `WA 80, TLE 10, RE 5`: verdicts by how often, most first.
fn tally<'v>(verdicts: impl Iterator<Item = &'v Verdict>) -> String {
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for verdict in verdicts {
        *counts.entry(verdict.to_string()).or_default() += 1;
    }
    let mut counts: Vec<(String, usize)> = counts.into_iter().collect();
    counts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let each: Vec<String> = counts.iter().map(|(v, n)| format!("{v} {n}")).collect();
    each.join(", ")
}

fn percent(part: usize, whole: usize) -> String {
    format!("{:.1}%", 100.0 * part as f64 / whole.max(1) as f64)
}

impl Report<'_> {
    /// Prints the report and writes it, with every mutant's row, to `markdown`.
    pub fn print(&self, markdown: &Path) -> Result<(), SetupError> {
        let summary = self.summary();
        for line in &summary {
            outln!("{line}");
        }
        let mut text = format!("# Mutants of {}\n\n```\n", self.id);
        text += &summary.join("\n");
        text += "\n```\n\n";
        text += &self.table();
        files::publish(markdown, text.as_bytes())
            .map_err(|e| SetupError(format!("cannot write {}: {e}", markdown.display())))?;
        outln!("report: target/mutants.md");
        Ok(())
    }

    fn killed_by_cases(&self) -> Vec<(&Row, &str, &Verdict)> {
        self.rows
            .iter()
            .filter_map(|row| match &row.fate {
                Fate::Killed { case, verdict } => Some((row, case.as_str(), verdict)),
                _ => None,
            })
            .collect()
    }

    fn summary(&self) -> Vec<String> {
        let total = self.rows.len();
        let refused = self.rows.iter().filter(|r| r.fate == Fate::Refused).count();
        let compiled = total - refused;
        let killed = self.killed_by_cases();
        let minutes = self.judged_in.as_secs_f64() / 60.0;
        let mut lines = vec![
            format!("{}: {total} mutants of {}", self.id, self.file),
            format!(
                "built and judged on {} stored cases in {:.0} s with {} jobs: {:.0} mutants/min",
                self.cases,
                self.judged_in.as_secs_f64(),
                self.jobs,
                total as f64 / minutes.max(1e-9)
            ),
            format!("do not compile: {refused} (dropped)"),
            format!(
                "stored cases: {} of {compiled} killed ({}): {}",
                killed.len(),
                percent(killed.len(), compiled),
                tally(killed.iter().map(|(_, _, v)| *v))
            ),
        ];
        let by_stress: Vec<&Row> = self
            .rows
            .iter()
            .filter(|r| matches!(r.stressed, Some(Stressed::Killed { .. })))
            .collect();
        let survivors = compiled - killed.len();
        let verdicts = by_stress.iter().filter_map(|row| match &row.stressed {
            Some(Stressed::Killed { failure, .. }) => Some(&failure.judgement.verdict),
            _ => None,
        });
        lines.push(format!(
            "stress, {} seeds from seed {} at sizes {}: {} of {survivors} survivors killed{}",
            self.seeds.count,
            self.seeds.first,
            self.sizes(),
            by_stress.len(),
            match tally(verdicts) {
                shown if shown.is_empty() => String::new(),
                shown => format!(" ({shown})"),
            }
        ));
        let with_stress = killed.len() + by_stress.len();
        lines.push(format!(
            "score: {} by the stored cases, {} with stress ({with_stress} of {compiled})",
            percent(killed.len(), compiled),
            percent(with_stress, compiled)
        ));
        lines.extend(self.by_case(&killed));
        lines.extend(self.stress_kills(&by_stress));
        lines.extend(self.survivors());
        lines.push(match self.dead {
            [] => "cases that kill no mutant: none".to_string(),
            dead => format!("cases that kill no mutant: {}", dead.join(", ")),
        });
        lines
    }

    /// Each case that killed a mutant first, with how many and how.
    fn by_case(&self, killed: &[(&Row, &str, &Verdict)]) -> Vec<String> {
        let mut cases: BTreeMap<&str, Vec<&Verdict>> = BTreeMap::new();
        for (_, case, verdict) in killed {
            cases.entry(case).or_default().push(verdict);
        }
        let mut lines = vec!["killed first by each stored case:".to_string()];
        for (case, verdicts) in cases {
            let how = tally(verdicts.into_iter());
            lines.push(format!("  {case:<28} {how}"));
        }
        lines
    }

    /// The one-line diff of `row`'s mutant, indented.
    fn diff(&self, row: &Row) -> Vec<String> {
        let (before, after) = row.mutant.lines(self.source);
        vec![format!("    -{before}"), format!("    +{after}")]
    }

    fn heading(&self, row: &Row) -> String {
        format!(
            "  {}:{} ({}, mutant {})",
            self.file, row.mutant.line, row.mutant.operator, row.name
        )
    }

    fn stress_kills(&self, rows: &[&Row]) -> Vec<String> {
        if rows.is_empty() {
            return Vec::new();
        }
        let mut lines = vec!["killed only by stress:".to_string()];
        for row in rows {
            let Some(Stressed::Killed {
                seed,
                size: at,
                failure,
                notes,
            }) = &row.stressed
            else {
                continue;
            };
            let size = failure.input.split(|&b| b == b'\n').count() - 1;
            lines.push(format!(
                "{}: {} at seed {seed}{}, an input of {size} lines",
                self.heading(row),
                failure.judgement.verdict,
                at.map_or(String::new(), |at| format!(" with --size {at}"))
            ));
            lines.extend(self.diff(row));
            lines.extend(notes.iter().map(|note| format!("    {note}")));
            lines.push(match &row.saved {
                Some(Ok(saved)) | Some(Err(saved)) => format!("    {saved}"),
                None => "    not saved: make mutants P=<id> SAVE=1 keeps it as a case"
                    .replace("<id>", self.id),
            });
        }
        lines
    }

    /// The stress sizes: the generator's own, then the bench sizes used.
    fn sizes(&self) -> String {
        let sizes = self.seeds.sizes.iter();
        let names: Vec<String> = sizes
            .map(|size| size.map_or("the generator's".into(), |size| size.to_string()))
            .collect();
        names.join(", ")
    }

    fn survivors(&self) -> Vec<String> {
        let mut lines = Vec::new();
        for row in self.rows {
            let why = match &row.stressed {
                Some(Stressed::Survived) => format!(
                    "survived {} seeds: equivalent, or a gap in the generator",
                    self.seeds.count
                ),
                Some(Stressed::Broken(why)) => format!("not judged by stress: {why}"),
                _ => continue,
            };
            if lines.is_empty() {
                lines.push("survivors:".to_string());
            }
            lines.push(format!("{}: {why}", self.heading(row)));
            lines.extend(self.diff(row));
        }
        lines
    }

    /// Every mutant's row, for the markdown file.
    fn table(&self) -> String {
        let mut text = String::from(
            "| mutant | line | operator | after | stored cases | stress |\n\
             | --- | --- | --- | --- | --- | --- |\n",
        );
        for row in self.rows {
            let (_, after) = row.mutant.lines(self.source);
            let cases = match &row.fate {
                Fate::Refused => "does not compile".to_string(),
                Fate::Killed { case, verdict } => format!("{verdict} on {case}"),
                Fate::Survived => "survived".to_string(),
            };
            let stress = match &row.stressed {
                None => String::new(),
                Some(Stressed::Survived) => "survived".to_string(),
                Some(Stressed::Killed { seed, failure, .. }) => {
                    format!("{} at seed {seed}", failure.judgement.verdict)
                }
                Some(Stressed::Broken(why)) => why.clone(),
            };
            let after = after.trim().replace('|', "\\|").replace('`', "'");
            text += &format!(
                "| {} | {} | {} | `{after}` | {cases} | {} |\n",
                row.name,
                row.mutant.line,
                row.mutant.operator,
                stress.replace('|', "\\|")
            );
        }
        text
    }
}
