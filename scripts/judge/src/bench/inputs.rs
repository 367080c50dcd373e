//! The bench inputs: which series and sizes `problem.toml` asks for, and the
//! generated file for each, cached under `target/bench/<id>/`.

use crate::interrupt::TempFile;
use crate::problem::{Config, SetupError, Workspace};
use crate::run::{self, Clock, Input, Limits, Output, Program};
use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::process;
use std::time::Duration;

/// Far beyond what any generator needs: only a hung one reaches it.
const GENERATOR_LIMIT: Duration = Duration::from_secs(60);

/// One `bench.<name> = <size> <size> ...` line of `problem.toml`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Series {
    pub name: String,
    pub sizes: Vec<u64>,
}

/// Every series of a problem, in key order.
pub fn series(config: &Config) -> Result<Vec<Series>, String> {
    let mut found = Vec::new();
    for (key, value) in &config.raw {
        let Some(name) = key.strip_prefix("bench.") else {
            continue;
        };
        let sizes = value
            .split_whitespace()
            .map(|size| size.parse::<u64>().ok().filter(|&n| n > 0))
            .collect::<Option<Vec<u64>>>()
            .filter(|sizes| !sizes.is_empty())
            .ok_or_else(|| {
                format!("`{key}` must list positive whole-number sizes, found {value:?}")
            })?;
        found.push(Series {
            name: name.to_string(),
            sizes,
        });
    }
    if found.is_empty() {
        return Err(
            "problem.toml has no `bench.<series> = <size> <size> ...` line to benchmark".into(),
        );
    }
    Ok(found)
}

/// The input `<id>-gen --bench <series> <size>` prints, made again only when
/// the generator changed since it was written. The generator's modification
/// time and size are kept beside the input and compared for equality: asking
/// "is the input newer?" fails on file systems whose clock ticks coarsely.
pub fn prepare(
    workspace: &Workspace,
    id: &str,
    series: &str,
    size: u64,
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
    let partial = TempFile::new(partial_name(&path));
    let file = File::create(&partial.path)
        .map_err(|e| SetupError(format!("cannot create {}: {e}", partial.path.display())))?;
    let program = Program::ExecWith(
        gen.clone(),
        vec!["--bench".into(), series.into(), size.to_string()],
    );
    let limits = Limits {
        time: GENERATOR_LIMIT,
        clock: Clock::Wall,
        memory_kib: None,
        output_cap: usize::MAX,
    };
    let outcome = run::run_with(
        &program,
        Input::Bytes(b""),
        Output::Fd(file.into()),
        &limits,
    )
    .map_err(|e| SetupError(format!("cannot run {}: {e}", gen.display())))?;
    if outcome.killed.is_some() || !outcome.exit.success() {
        let why = match outcome.killed {
            Some(_) => format!("no end within {} s", GENERATOR_LIMIT.as_secs()),
            None => outcome.exit.describe(),
        };
        return Err(SetupError(format!(
            "`{}` failed ({why}){}",
            program.describe(),
            outcome.stderr_end()
        )));
    }
    fs::rename(&partial.path, &path)
        .map_err(|e| SetupError(format!("cannot write {}: {e}", path.display())))?;
    if let Some(stamp) = stamp {
        // Without its stamp the input is merely made again next time.
        let partial = TempFile::new(partial_name(&stamp_path));
        let _ =
            fs::write(&partial.path, stamp).and_then(|()| fs::rename(&partial.path, &stamp_path));
    }
    Ok(path)
}

/// `<name>.partial-<process id>` beside `path`.
fn partial_name(path: &Path) -> PathBuf {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    path.with_file_name(format!("{name}.partial-{}", process::id()))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::parse_config;

    #[test]
    fn series_come_from_bench_keys_in_key_order() {
        let config = parse_config(
            "time_limit_ms = 1\nmemory_limit_kib = 1\nbench.m = 10 20\nbench.cases = 1 2 5\n",
        )
        .unwrap();
        let names: Vec<(String, Vec<u64>)> = series(&config)
            .unwrap()
            .into_iter()
            .map(|s| (s.name, s.sizes))
            .collect();
        assert_eq!(
            names,
            [
                ("cases".to_string(), vec![1, 2, 5]),
                ("m".to_string(), vec![10, 20])
            ]
        );
    }

    #[test]
    fn bad_or_missing_series_are_explained() {
        let config = parse_config("time_limit_ms = 1\nmemory_limit_kib = 1\n").unwrap();
        assert!(series(&config).unwrap_err().contains("no `bench."));
        for bad in ["ten", "10 0", ""] {
            let config = parse_config(&format!(
                "time_limit_ms = 1\nmemory_limit_kib = 1\nbench.x = {bad}\n"
            ))
            .unwrap();
            assert!(
                series(&config).unwrap_err().contains("`bench.x`"),
                "{bad:?}"
            );
        }
    }
}
