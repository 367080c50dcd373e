//! The bench inputs: which series and sizes `problem.toml` asks for, and the
//! generated file for each, cached under `target/bench/<id>/`.

use crate::problem::{Config, SetupError, Workspace};
use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

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
    // Written aside and renamed, so an interrupted run leaves no half input behind.
    let partial = path.with_extension("in.partial");
    let file = File::create(&partial)
        .map_err(|e| SetupError(format!("cannot create {}: {e}", partial.display())))?;
    let output = Command::new(&gen)
        .args(["--bench", series, &size.to_string()])
        .stdin(Stdio::null())
        .stdout(file)
        .output()
        .map_err(|e| SetupError(format!("cannot run {}: {e}", gen.display())))?;
    if !output.status.success() {
        let _ = fs::remove_file(&partial);
        return Err(SetupError(format!(
            "`{} --bench {series} {size}` failed ({}): {}",
            gen.display(),
            output.status,
            String::from_utf8_lossy(&output.stderr).trim()
        )));
    }
    fs::rename(&partial, &path)
        .map_err(|e| SetupError(format!("cannot write {}: {e}", path.display())))?;
    if let Some(stamp) = stamp {
        // Without its stamp the input is merely made again next time.
        let _ = fs::write(&stamp_path, stamp);
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
