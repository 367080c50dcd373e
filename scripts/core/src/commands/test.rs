//! `judge test`: every stored case of every selected problem, judged, one
//! row per case (or, with `--format kv`, one line of `key=value` fields),
//! and the closing `N passed, N failed` line.

use crate::base::args::Args;
use crate::base::error::SetupError;
use crate::base::terminal::{escape_name, number, use_colour};
use crate::base::verdict::{Cells, Verdict};
use crate::judging::grading::{self, Graded};
use crate::judging::judge::Judge;
use crate::judging::verdict::Judged;
use crate::problem::workspace::Workspace;
use crate::process::interrupt;
use crate::process::launch;
use crate::process::run::Program;
use std::time::Duration;

/// Judges the problems named (`<id>`, or `<id>/<case>` for the cases whose
/// names start with `<case>`), or all of them.
pub fn command(workspace: &Workspace, args: &Args) -> Result<bool, SetupError> {
    let selected: Vec<(String, Option<String>)> = args
        .positional
        .iter()
        .map(|arg| match arg.split_once('/') {
            Some((id, case)) => (id.to_string(), Some(case.to_string())),
            None => (arg.clone(), None),
        })
        .collect();
    let named: Vec<String> = selected.iter().map(|(id, _)| id.clone()).collect();
    let ids = workspace.select(&named)?;
    let selected = if selected.is_empty() {
        ids.iter().map(|id| (id.clone(), None)).collect()
    } else {
        selected
    };
    let bin = args
        .value("bin")
        .map(|text| workspace.program(text))
        .transpose()?;
    if bin.is_some() && ids.len() != 1 {
        return Err(SetupError(
            "--bin judges one problem: name exactly one id (make test P=<id> BIN=<program>)".into(),
        ));
    }
    let fields = args.key_values().map_err(SetupError)?;
    outln!("sandbox: {}", launch::current().describe());
    let longest_id = selected.iter().map(|(id, _)| id.len()).max().unwrap_or(0);
    let mut report = Report::new(longest_id, fields);
    let mut broken = Vec::new();
    for (id, case) in &selected {
        let program = match &bin {
            Some(program) => Ok(program.clone()),
            None => workspace.built(id).map(Program::exec),
        };
        if let Err(SetupError(error)) = program.and_then(|program| {
            judge_problem(workspace, id, case.as_deref(), &program, &mut report)
        }) {
            let error = format!("{id}: {error}");
            if selected.len() == 1 {
                return Err(SetupError(error));
            }
            eprintln!("judge: {error}");
            broken.push(id.as_str());
        }
    }
    report.finish();
    if !broken.is_empty() {
        return Err(SetupError(format!("could not judge {}", broken.join(", "))));
    }
    Ok(report.failed == 0)
}

fn judge_problem(
    workspace: &Workspace,
    id: &str,
    case_prefix: Option<&str>,
    program: &Program,
    report: &mut Report,
) -> Result<(), SetupError> {
    let problem = workspace.problem(id)?;
    let config = &problem.config;
    let judge = Judge::of(&problem)?;
    let mut cases = judge.cases(&problem)?;
    if cases.is_empty() {
        return Err(SetupError(format!(
            "{} has no cases yet: add <name>.in with its <name>.out",
            workspace.data_dir(id).display()
        )));
    }
    if let Some(prefix) = case_prefix {
        let names: Vec<String> = cases.iter().map(|case| case.name.clone()).collect();
        cases.retain(|case| case.name.starts_with(prefix));
        if cases.is_empty() {
            return Err(SetupError(format!(
                "no case name starts with {prefix:?}; cases: {}",
                names.join(", ")
            )));
        }
    }
    let mut judgements = Vec::new();
    for case in cases {
        let judged = judge.judge_case_settled(&config.groups, program, &case)?;
        report.row(id, &case.name, &judged);
        judgements.push((case.name, judged.judgement));
    }
    if !config.groups.is_empty() && case_prefix.is_none() {
        let judged = |case: &str| {
            judgements
                .iter()
                .find(|(name, _)| name == case)
                .map(|(_, j)| j.clone())
        };
        report.groups(&grading::grade(&config.groups, &judged), config.scoring);
    }
    Ok(())
}

/// The table: a header before the first row, details under failures, the
/// slowest case and the summary at the end.
struct Report {
    colour: bool,
    /// Each case as `problem=<id> <fields> case=<name>`, without the header.
    fields: bool,
    /// The problem column's width: the longest id's, at least 10.
    width: usize,
    passed: usize,
    failed: usize,
    slowest: Option<(String, Duration)>,
}

impl Report {
    fn new(longest_id: usize, fields: bool) -> Report {
        Report {
            colour: use_colour(),
            fields,
            width: longest_id.max(10),
            passed: 0,
            failed: 0,
            slowest: None,
        }
    }

    fn row(&mut self, id: &str, case: &str, judged: &Judged) {
        let (width, cells) = (self.width, judged.cells());
        let case = &escape_name(case);
        if self.fields {
            outln!("problem={id} {} case={case}", cells.fields());
        } else {
            if self.passed + self.failed == 0 {
                outln!("{:<width$} {:<28} {}", "problem", "case", Cells::headings());
            }
            outln!("{id:<width$} {case:<28} {}", cells.row(self.colour));
        }
        for line in judged.judgement.detail.lines() {
            outln!("    {line}");
        }
        if judged.judgement.is_accepted() {
            self.passed += 1;
        } else {
            self.failed += 1;
        }
        let cpu = judged.run.cpu;
        if self.slowest.as_ref().map_or(true, |(_, t)| cpu > *t) {
            self.slowest = Some((format!("{id}/{case}"), cpu));
        }
        interrupt::finished(format!("{} passed, {} failed", self.passed, self.failed));
    }

    /// Each group's verdict (and score, for a scoring problem) as the
    /// format's grader gives it, then the problem's total score.
    fn groups(&self, graded: &[Graded], scoring: bool) {
        outln!(
            "{:<39} {} {:>12}",
            "group",
            Verdict::heading(),
            if scoring { "score" } else { "" }
        );
        for group in graded {
            let shown = group.verdict.cell(self.colour);
            let score = match (scoring, group.most) {
                (false, _) => String::new(),
                (true, Some(most)) => format!("{} of {}", number(group.score), number(most)),
                (true, None) => number(group.score),
            };
            outln!("{:<39} {shown} {score:>12}", group.path);
        }
        if let (true, Some(total)) = (scoring, graded.last()) {
            let of = total
                .most
                .map_or(String::new(), |most| format!(" of {}", number(most)));
            outln!("score: {}{of} ({})", number(total.score), total.path);
        }
    }

    /// Prints the slowest case and, last and alone on its line, the summary.
    fn finish(&self) {
        if let Some((case, cpu)) = &self.slowest {
            outln!("slowest: {case} in {} ms", cpu.as_millis());
        }
        outln!("{} passed, {} failed", self.passed, self.failed);
    }
}
