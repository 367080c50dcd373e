//! `judge new <id>`: starts a problem of one of the kinds (`problem::kind`)
//! from its templates — solution, brute force or interactor, generator,
//! tests, and `judge-data/<id>/problem.toml` — with the judge, URL and
//! limits guessed from the id unless given. `scaffold` writes them, for
//! this command and for both imports (the browser's, a package's).

pub mod scaffold;

use crate::scaffold::{scaffold, Spec};
use judge_core::base::args::Args;
use judge_core::base::error::SetupError;
use judge_core::base::judges;
use judge_core::base::judges::urls::leetcode_title;
use judge_core::base::nearest::nearest;
use judge_core::outln;
use judge_core::problem::kind::Kind;
use judge_core::problem::workspace::Workspace;
use std::fs;
use std::io::Read;
use std::path::Path;

pub fn command(workspace: &Workspace, args: &Args) -> Result<bool, SetupError> {
    let id = match args.positional.as_slice() {
        [id] => id.as_str(),
        _ => {
            return Err(SetupError(
                "new takes one problem id (make new P=<id>)".into(),
            ))
        }
    };
    refuse_mistyped_judge(args.value("judge"))?;
    let mut spec = Spec::for_id(
        id,
        args.value("judge"),
        args.flag("checker"),
        args.flag("interactive"),
    )?;
    spec.title = checked_one_line("title", args.value("title").unwrap_or(""))?.to_string();
    if let Some(url) = args.value("url") {
        spec.url = checked_one_line("url", url)?.to_string();
        if spec.title.is_empty() {
            spec.title = leetcode_title(url).unwrap_or_default();
        }
    }
    if let Some(file) = args.value("snippet") {
        spec.snippet = Some(read_snippet(file)?);
    }
    let (kind, files) = scaffold(workspace, &spec)?;
    outln!(
        "created {id} ({}, {} ms, {} KiB):\n  {}",
        spec.judge,
        spec.time_limit_ms,
        spec.memory_limit_kib,
        files
            .iter()
            .map(|path| path.display().to_string())
            .collect::<Vec<_>>()
            .join("\n  ")
    );
    let problem_toml = Path::new("judge-data").join(id).join("problem.toml");
    if judges::known(&spec.judge).is_none() {
        outln!(
            "{:?} is not a judge this tool knows: check the limits in problem.toml",
            spec.judge
        );
    }
    if spec.title.is_empty() {
        outln!("no title: add one in {}", problem_toml.display());
    }
    if spec.url.is_empty() {
        outln!(
            "no URL could be made from the id: add it in {}",
            problem_toml.display()
        );
    }
    let (write, cases) = match kind {
        Kind::Interactive => (
            "the interactor in problems/{id}/src/interactor.rs, the solution in main.rs and \
             the generator beside them",
            "<name>.in is the interactor's input (a <name>.out, if any, is its <answer>)",
        ),
        _ => (
            "the solution in problems/{id}/src/main.rs, its brute force and generator beside it",
            "<name>.in with its <name>.out, the samples first",
        ),
    };
    outln!(
        "{} {} problem; next steps:\n  1. write {}\n  2. add cases to judge-data/{id}/: {cases}\n  \
         3. make test P={id}\n  4. make stress P={id}\n  5. make submit P={id}",
        if kind.name().starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" },
        kind.name(),
        write.replace("{id}", id)
    );
    Ok(true)
}

/// A judge the table does not know is taken (its limits to check), but not
/// one a letter or two from a known one: that is a typo.
fn refuse_mistyped_judge(judge: Option<&str>) -> Result<(), SetupError> {
    let Some(judge) = judge.filter(|judge| judges::known(judge).is_none()) else {
        return Ok(());
    };
    match nearest(judge, judges::JUDGES.iter().map(|j| j.name)) {
        Some(meant) => Err(SetupError(format!(
            "unknown judge {judge:?}: did you mean {meant}? (JUDGE={meant})"
        ))),
        None => Ok(()),
    }
}

/// The snippet in `file`, or stdin for `-`.
fn read_snippet(file: &str) -> Result<String, SetupError> {
    let read = if file == "-" {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text).map(|_| text)
    } else {
        fs::read_to_string(file)
    };
    read.map_err(|e| SetupError(format!("cannot read the snippet {file}: {e}")))
}

/// Refuses a value that would break the one-line `key = "value"` of problem.toml.
fn checked_one_line<'a>(name: &str, value: &'a str) -> Result<&'a str, SetupError> {
    if value.chars().any(|c| c.is_control() || c == '"') {
        return Err(SetupError(format!(
            "--{name} must be one line of text without '\"'"
        )));
    }
    Ok(value.trim())
}
