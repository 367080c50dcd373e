//! `judge run <id>`: the solution (or `--bin`) once on one input — a file
//! (`--in`), a stored case (`--case`) or whatever stdin holds — under the
//! problem's limits. Its output goes to stdout untouched; its stderr, then one
//! status line (verdict, time, memory) go to stderr, so `> out.txt` keeps
//! only the output.

use crate::cli::Args;
use crate::compare::{Comparator, Text};
use crate::problem::{SetupError, Workspace};
use crate::report::{paint, time_cell, use_colour};
use crate::run::{self, Input, Program};
use crate::verdict::{self, Verdict};
use std::fs;
use std::io::{self, IsTerminal, Read, Write};
use std::path::Path;

/// Output allowed beyond the expected size before the run counts as OLE.
const OUTPUT_SLACK_BYTES: usize = 1 << 20;
/// With nothing to compare with, output past this is an OLE.
const OUTPUT_CAP: usize = 64 << 20;

pub fn command(workspace: &Workspace, args: &Args) -> Result<bool, SetupError> {
    let id = match args.positional.as_slice() {
        [id] => id.clone(),
        _ => return Err(SetupError(
            "run takes one problem id: judge run <id> [--in FILE | --case NAME] (make run P=<id>)"
                .into(),
        )),
    };
    workspace.select(std::slice::from_ref(&id))?;
    let config = workspace.config(&id)?;
    let program = match args.value("bin") {
        Some(text) => Program::from_arg(text).map_err(SetupError)?,
        None => Program::Exec(workspace.built(&id)?),
    };
    let (input, expected) = match (args.value("in"), args.value("case")) {
        (Some(_), Some(_)) => {
            return Err(SetupError("give --in FILE or --case NAME, not both".into()))
        }
        (Some(file), None) => (read(Path::new(file))?, None),
        (None, Some(name)) => {
            let cases = workspace.cases(&id)?;
            let case = cases.iter().find(|case| case.name == name).ok_or_else(|| {
                let names: Vec<&str> = cases.iter().map(|case| case.name.as_str()).collect();
                SetupError(format!(
                    "{id} has no case {name:?}; cases: {}",
                    names.join(", ")
                ))
            })?;
            (read(&case.input)?, Some(read(&case.output)?))
        }
        (None, None) => (typed_input()?, None),
    };
    let rules = verdict::Rules::of(workspace, &id, &config)?;
    let limits = rules.limits(
        expected
            .as_ref()
            .map_or(OUTPUT_CAP, |e| e.len() * 2 + OUTPUT_SLACK_BYTES),
    );
    let outcome = run::run(&program, Input::Bytes(&input), &limits)
        .map_err(|e| SetupError(format!("cannot run {}: {e}", program.describe())))?;
    let judgement = match &expected {
        Some(expected) => {
            verdict::judge(&outcome, Text::Bytes(&input), Text::Bytes(expected), &rules)
        }
        // With no answer, the output is compared with itself, byte for byte:
        // only the limits and the exit can fail the run.
        None => verdict::judge(
            &outcome,
            Text::Bytes(&input),
            Text::Bytes(&outcome.stdout),
            &verdict::Rules {
                compare: Comparator::Exact,
                ..rules
            },
        ),
    };
    let mut stdout = io::stdout().lock();
    let _ = stdout
        .write_all(&outcome.stdout)
        .and_then(|()| stdout.flush());
    let mut stderr = io::stderr().lock();
    let _ = stderr.write_all(outcome.stderr_tail.as_bytes());
    let open_line = [&outcome.stdout, outcome.stderr_tail.as_bytes()]
        .iter()
        .any(|text| !text.is_empty() && !text.ends_with(b"\n"));
    let name = match (judgement.verdict, &expected) {
        (Verdict::Accepted, None) => "OK".to_string(),
        (verdict, _) => verdict.to_string(),
    };
    let colour = use_colour() && io::stderr().is_terminal();
    let status = format!(
        "{}{}  {}  {}  (limits {} ms, {} KiB){}",
        if open_line { "\n" } else { "" },
        paint(&name, judgement.verdict, colour),
        time_cell(outcome.cpu, outcome.wall, judgement.verdict),
        outcome
            .peak_kib
            .map_or("- KiB".to_string(), |kib| format!("{kib} KiB")),
        config.time_limit_ms,
        config.memory_limit_kib,
        if outcome.stdout.ends_with(b"\n") || outcome.stdout.is_empty() {
            ""
        } else {
            "  (the output has no final newline)"
        }
    );
    let _ = writeln!(stderr, "{status}");
    // Its stderr is shown in full above; a runtime error only adds how it ended.
    let detail = match judgement.verdict {
        Verdict::RuntimeError => outcome.exit.describe(),
        _ => judgement.detail,
    };
    for line in detail.lines() {
        let _ = writeln!(stderr, "    {line}");
    }
    Ok(judgement.verdict == Verdict::Accepted)
}

fn read(path: &Path) -> Result<Vec<u8>, SetupError> {
    fs::read(path).map_err(|e| SetupError(format!("cannot read {}: {e}", path.display())))
}

/// All of stdin, read before the program starts so typing is not timed.
fn typed_input() -> Result<Vec<u8>, SetupError> {
    let stdin = io::stdin();
    if stdin.is_terminal() {
        eprintln!("type the input, end with Ctrl-D");
    }
    let mut input = Vec::new();
    stdin
        .lock()
        .read_to_end(&mut input)
        .map_err(|e| SetupError(format!("cannot read stdin: {e}")))?;
    Ok(input)
}
