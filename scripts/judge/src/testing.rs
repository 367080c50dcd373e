//! `judge test`: every stored case of every selected problem, judged.

use crate::cli::Args;
use crate::compare::Text;
use crate::interactive::Interactor;
use crate::problem::{SetupError, Workspace};
use crate::report::Report;
use crate::run::{self, Input, Program};
use crate::verdict::{self, Rules};
use std::fs;

/// Output allowed beyond the expected size before the run counts as OLE.
const OUTPUT_SLACK_BYTES: usize = 1 << 20;

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
        .map(Program::from_arg)
        .transpose()
        .map_err(SetupError)?;
    if bin.is_some() && ids.len() != 1 {
        return Err(SetupError(
            "--bin judges one problem: name exactly one id (make test P=<id> BIN=<program>)".into(),
        ));
    }
    let mut report = Report::new();
    let mut broken = Vec::new();
    for (id, case) in &selected {
        let program = match &bin {
            Some(program) => Ok(program.clone()),
            None => workspace.built(id).map(Program::Exec),
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
    Ok(report.failed() == 0)
}

fn judge_problem(
    workspace: &Workspace,
    id: &str,
    case_prefix: Option<&str>,
    program: &Program,
    report: &mut Report,
) -> Result<(), SetupError> {
    let config = workspace.config(id)?;
    let interactor = Interactor::of(workspace, id, &config)?;
    let mut cases = match interactor {
        Some(_) => workspace.interaction_cases(id)?,
        None => workspace.cases(id)?,
    };
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
    let rules = Rules::of(workspace, id, &config)?;
    for case in cases {
        if let Some(interactor) = &interactor {
            let answer = Some(case.output.as_path()).filter(|path| path.is_file());
            let run = interactor
                .judge(program, &case.input, answer, &rules)
                .map_err(|e| SetupError(format!("{}: {e}", case.name)))?;
            report.row(id, &case.name, &run.judgement, &run.solution);
            continue;
        }
        let expected_bytes = fs::metadata(&case.output)
            .map_err(|e| SetupError(format!("cannot read {}: {e}", case.output.display())))?
            .len() as usize;
        let limits = rules.limits(expected_bytes * 2 + OUTPUT_SLACK_BYTES);
        let input = Input::file(&case.input)
            .map_err(|e| SetupError(format!("cannot read {}: {e}", case.input.display())))?;
        let outcome = run::run(program, input, &limits)
            .map_err(|e| SetupError(format!("cannot run {}: {e}", program.describe())))?;
        let judgement = verdict::judge(
            &outcome,
            Text::File(&case.input),
            Text::File(&case.output),
            &rules,
        );
        report.row(id, &case.name, &judgement, &outcome);
    }
    Ok(())
}
