//! `judge testkit <id>`: what a problem's own tests (the `testkit` crate)
//! ask of the runner, so that they judge as `make test` does without linking
//! it. One `key: value` line each, as isolate's meta file:
//!
//! - without `--compare`: `stack_kib`, `memory_limit_kib`, `brute_skip`
//!   (`listed`, or `over <bytes>`: the rule without the key), then a
//!   `case: brute <name>` or `case: skip <name>` line per stored case with an
//!   answer, in name order;
//! - with `--compare DIR`: each `<k>.out` in DIR judged, in name order, as
//!   the problem judges an output for the input `<k>.in` against the answer
//!   `<k>.ans`; the first one rejected is `case: <k>`, `verdict: ...` and
//!   `detail:` with the lines after it (exit status 1), else `accepted: N`.
//!
//! `--binaries DIR`: where the problem's checker is built (the tests' own
//! profile), instead of target/release.

use crate::base::args::Args;
use crate::base::error::SetupError;
use crate::base::files::{self, Text};
use crate::base::wildcard;
use crate::judging::judge::Judge;
use crate::problem::config::BRUTE_SKIP_OVER_BYTES;
use crate::problem::workspace::Workspace;
use std::fs;
use std::path::{Path, PathBuf};

pub fn command(workspace: &Workspace, args: &Args) -> Result<bool, SetupError> {
    let id = workspace.one(
        &args.positional,
        "usage: judge testkit <id> [--compare DIR]",
    )?;
    let mut workspace = workspace.clone();
    if let Some(dir) = args.value("binaries") {
        workspace.binaries = PathBuf::from(dir);
    }
    let problem = workspace.problem(&id)?;
    let config = &problem.config;
    let judge = Judge::of(&problem)?;
    if let Some(dir) = args.value("compare") {
        return compare(&judge, Path::new(dir));
    }
    let mut facts = format!(
        "stack_kib: {}\nmemory_limit_kib: {}\nbrute_skip: {}\n",
        config.stack_kib,
        config.memory_limit_kib,
        match config.brute_skip {
            Some(_) => "listed".to_string(),
            None => format!("over {BRUTE_SKIP_OVER_BYTES}"),
        }
    );
    for case in judge.cases(&problem)? {
        if case.answer.is_none() {
            continue;
        }
        let skipped = match &config.brute_skip {
            Some(patterns) => patterns.iter().any(|p| wildcard::matches(p, &case.name)),
            None => Text::File(&case.input).size() as u64 > BRUTE_SKIP_OVER_BYTES,
        };
        let side = if skipped { "skip" } else { "brute" };
        facts += &format!("case: {side} {}\n", case.name);
    }
    outln!("{}", facts.trim_end());
    Ok(true)
}

/// Every `<k>.out` in `dir` judged against `<k>.ans` for `<k>.in`.
fn compare(judge: &Judge, dir: &Path) -> Result<bool, SetupError> {
    let cannot = |e: std::io::Error| SetupError(format!("cannot list {}: {e}", dir.display()));
    let mut names: Vec<String> = fs::read_dir(dir)
        .map_err(cannot)?
        .flatten()
        .filter_map(|entry| {
            let name = entry.file_name().to_string_lossy().into_owned();
            name.strip_suffix(".out").map(str::to_string)
        })
        .collect();
    names.sort();
    for name in &names {
        let file = |ending: &str| dir.join(format!("{name}.{ending}"));
        let output = files::read_stored(&file("out"), judge.stored_limit()).map_err(SetupError)?;
        let (input, answer) = (file("in"), file("ans"));
        let judgement = judge.compare(Text::File(&input), &output, Text::File(&answer));
        if !judgement.is_accepted() {
            outln!(
                "case: {name}\nverdict: {}\ndetail:\n{}",
                judgement.verdict,
                judgement.detail
            );
            return Ok(false);
        }
    }
    outln!("accepted: {}", names.len());
    Ok(true)
}
