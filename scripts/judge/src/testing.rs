//! `judge test`: every stored case of every selected problem, judged.

use crate::cli::Args;
use crate::problem::{SetupError, Workspace};
use crate::report::Report;
use crate::run::{self, Input, Limits, Program};
use crate::verdict::{self, Rules};
use std::fs;

/// Output allowed beyond the expected size before the run counts as OLE.
const OUTPUT_SLACK_BYTES: usize = 1 << 20;

pub fn command(workspace: &Workspace, args: &Args) -> Result<bool, SetupError> {
    let ids = workspace.select(&args.positional)?;
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
    for id in &ids {
        let program = match &bin {
            Some(program) => Ok(program.clone()),
            None => workspace.built(id).map(Program::Exec),
        };
        if let Err(SetupError(error)) =
            program.and_then(|program| judge_problem(workspace, id, &program, &mut report))
        {
            let error = format!("{id}: {error}");
            if ids.len() == 1 {
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
    program: &Program,
    report: &mut Report,
) -> Result<(), SetupError> {
    let config = workspace.config(id)?;
    let cases = workspace.cases(id)?;
    let rules = Rules::of(&config);
    for case in cases {
        let expected = fs::read(&case.output)
            .map_err(|e| SetupError(format!("cannot read {}: {e}", case.output.display())))?;
        let limits = Limits {
            time: rules.time_limit,
            memory_kib: Some(rules.memory_limit_kib),
            output_cap: expected.len() * 2 + OUTPUT_SLACK_BYTES,
        };
        let outcome = run::run(program, Input::File(&case.input), &limits)
            .map_err(|e| SetupError(format!("cannot run {}: {e}", program.describe())))?;
        let judgement = verdict::judge(&outcome, &expected, &rules);
        report.row(id, &case.name, &judgement, outcome.wall, outcome.peak_kib);
    }
    Ok(())
}
