//! The bench inputs: the generated file for each series' size, cached
//! under `target/bench/<id>/`.

use judge_core::base::error::SetupError;
use judge_core::base::files::{self, Partial};
use judge_core::judging::verdict::past_helper_limit;
use judge_core::problem::config::HelperLimits;
use judge_core::problem::workspace::Workspace;
use judge_core::process::run::{self, Access, Program, Stdin, Stdout};
use std::fs;
use std::path::{Path, PathBuf};

/// The input `<id>-gen --bench <series> <size>` prints under the problem's
/// `helper` limits, made again only when the generator changed since it was
/// written. The generator's modification time and size are kept beside the
/// input and compared for equality: asking "is the input newer?" fails on
/// file systems whose clock ticks coarsely.
pub fn prepare(
    workspace: &Workspace,
    id: &str,
    series: &str,
    size: u64,
    helper: &HelperLimits,
) -> Result<PathBuf, SetupError> {
    let gen = workspace.binary(&format!("{id}-gen"));
    let dir = workspace.root.join("target").join("bench").join(id);
    let path = dir.join(format!("{series}-{size}.in"));
    let stamp_path = path.with_extension("gen");
    let stamp = stamp(&gen);
    if path.is_file() && stamp.is_some() && fs::read_to_string(&stamp_path).ok() == stamp {
        return Ok(path);
    }
    workspace.built(&format!("{id}-gen"))?;
    fs::create_dir_all(&dir)
        .map_err(|e| SetupError(format!("cannot create {}: {e}", dir.display())))?;
    // Written under a name of this process's own and renamed, so neither an
    // interrupted run nor a bench running at the same time sees half an input.
    let cannot = |e| SetupError(format!("cannot create {}: {e}", path.display()));
    let partial = Partial::beside(&path).map_err(cannot)?;
    let file = partial.file().map_err(cannot)?;
    let program = Program::Exec(
        gen.clone(),
        vec!["--bench".into(), series.into(), size.to_string()],
    );
    let outcome = run::run(
        &program,
        Stdin::Bytes(b""),
        Stdout::Fd(file.into()),
        &helper.limits(usize::MAX),
        &Access::JUDGED,
    )
    .map_err(|e| SetupError(format!("cannot run {}: {e}", gen.display())))?;
    if outcome.killed.is_some() || !outcome.exit.success() {
        let why = past_helper_limit(&outcome, helper, usize::MAX)
            .unwrap_or_else(|| outcome.exit.describe());
        return Err(SetupError(format!(
            "`{}` failed: {why}{}",
            program.describe(),
            outcome.stderr_end()
        )));
    }
    partial
        .publish(&path)
        .map_err(|e| SetupError(format!("cannot write {}: {e}", path.display())))?;
    if let Some(stamp) = stamp {
        // Without its stamp the input is merely made again next time.
        let _ = files::publish(&stamp_path, stamp.as_bytes());
    }
    Ok(path)
}

/// What identifies one build of the generator: its modification time and size.
fn stamp(gen: &Path) -> Option<String> {
    let metadata = fs::metadata(gen).ok()?;
    Some(format!(
        "{:?} {}\n",
        metadata.modified().ok()?,
        metadata.len()
    ))
}
