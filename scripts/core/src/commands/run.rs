//! `judge run <id>`: the solution (or `--bin`) once on one input — a file
//! (`--in`), a stored case (`--case`) or whatever stdin holds — judged as
//! `judge test` judges. Its output goes to stdout untouched; its stderr, then
//! one status line (verdict, time, memory) go to stderr, so `> out.txt`
//! keeps only the output; with `--format kv` the status is one line of
//! `key=value` fields. For an interactive problem the input is the
//! interactor's, and the interactor talks to the program.

use crate::base::args::Args;
use crate::base::error::SetupError;
use crate::base::files::Text;
use crate::base::terminal::use_colour;
use crate::base::verdict::Verdict;
use crate::judging::judge::Judge;
use crate::problem::config::Config;
use crate::problem::workspace::Workspace;
use crate::process::launch;
use crate::process::run::Program;
use std::fs::File;
use std::io::{self, IsTerminal, Read, Write};
use std::path::Path;

pub fn command(workspace: &Workspace, args: &Args) -> Result<bool, SetupError> {
    let id = workspace.one(
        &args.positional,
        "run takes one problem id: judge run <id> [--in FILE | --case NAME] (make run P=<id>)",
    )?;
    let fields = args.key_values().map_err(SetupError)?;
    let problem = workspace.problem(&id)?;
    let judge = Judge::of(&problem)?;
    let program = match args.value("bin") {
        Some(text) => workspace.program(text)?,
        None => Program::exec(workspace.built(&id)?),
    };
    let (typed, found);
    let (input, answer) = match (args.value("in"), args.value("case")) {
        (Some(_), Some(_)) => {
            return Err(SetupError("give --in FILE or --case NAME, not both".into()))
        }
        (Some(file), None) => {
            File::open(file).map_err(|e| SetupError(format!("cannot read {file}: {e}")))?;
            (Text::File(Path::new(file)), None)
        }
        (None, Some(name)) => {
            let cases = judge.cases(&problem)?;
            let names: Vec<String> = cases.iter().map(|case| case.name.clone()).collect();
            found = cases
                .into_iter()
                .find(|case| case.name == name)
                .ok_or_else(|| {
                    SetupError(format!(
                        "{id} has no case {name:?}; cases: {}",
                        names.join(", ")
                    ))
                })?;
            (Text::File(&found.input), found.answer.as_deref())
        }
        (None, None) => {
            typed = typed_input()?;
            (Text::Bytes(&typed), None)
        }
    };
    show(&judge, &program, &problem.config, input, answer, fields)
}

/// Judges the run and shows it: the output, its stderr, the status line.
fn show(
    judge: &Judge,
    program: &Program,
    config: &Config,
    input: Text,
    answer: Option<&Path>,
    fields: bool,
) -> Result<bool, SetupError> {
    eprintln!("sandbox: {}", launch::current().describe());
    let judged = judge
        .judge(program, input, answer.map(Text::File))
        .map_err(|e| SetupError(format!("cannot run {}: {e}", program.describe())))?;
    let (run, judgement) = (&judged.run, &judged.judgement);
    let mut stdout = io::stdout().lock();
    let _ = stdout.write_all(&run.stdout).and_then(|()| stdout.flush());
    let mut stderr = io::stderr().lock();
    let _ = stderr.write_all(run.stderr_tail.as_bytes());
    let open_line = [&run.stdout, run.stderr_tail.as_bytes()]
        .iter()
        .any(|text| !text.is_empty() && !text.ends_with(b"\n"));
    let colour = use_colour() && io::stderr().is_terminal();
    let final_newline = run.stdout.ends_with(b"\n") || run.stdout.is_empty();
    // The status starts a line of its own.
    if open_line {
        let _ = writeln!(stderr);
    }
    let status = if fields {
        format!(
            "{} compared={} final_newline={}",
            judged.cells().fields(),
            yes_no(answer.is_some()),
            yes_no(final_newline)
        )
    } else {
        format!(
            "{}  (limits {} ms, {} KiB){}",
            judged.cells().status(answer.is_some(), colour),
            config.time_limit_ms,
            config.memory_limit_kib,
            if final_newline {
                ""
            } else {
                "  (the output has no final newline)"
            }
        )
    };
    let _ = writeln!(stderr, "{status}");
    // Its stderr is shown in full above; a runtime error only adds how it ended.
    let detail = match judgement.verdict {
        Verdict::RuntimeError => run.exit.describe(),
        _ => judgement.detail.clone(),
    };
    for line in detail.lines() {
        let _ = writeln!(stderr, "    {line}");
    }
    Ok(judgement.is_accepted())
}

fn yes_no(yes: bool) -> &'static str {
    if yes {
        "yes"
    } else {
        "no"
    }
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
