//! Storing samples as `judge-data/<id>/sample-<k>.in` / `.out`: only inputs
//! not stored yet, each file written whole under a temporary name and then
//! linked into place, so nothing is half-written or overwritten.

use super::payload::Sample;
use judge_core::base::error::SetupError;
use judge_core::base::files::{self, MAX_STORED_BYTES};
use std::collections::HashSet;
use std::fs;
use std::path::Path;

#[derive(Debug, Default, PartialEq, Eq)]
pub struct Added {
    /// The new cases' names (`sample-3`).
    pub names: Vec<String>,
    /// Samples whose input a case already holds.
    pub already: usize,
    /// Samples too large to store, as their positions in the payload (from 1).
    pub too_large: Vec<usize>,
}

/// Adds the samples whose input no case in `dir` holds yet, numbered after
/// the `sample-<k>` names already taken.
pub fn add(dir: &Path, samples: &[Sample]) -> Result<Added, SetupError> {
    fs::create_dir_all(dir)
        .map_err(|e| SetupError(format!("cannot create {}: {e}", dir.display())))?;
    let mut stored = stored_inputs(dir)?;
    let mut added = Added::default();
    let mut k = 1;
    for (index, sample) in samples.iter().enumerate() {
        let input = normalized(&sample.input);
        let output = normalized(&sample.output);
        if stored.contains(&input) {
            added.already += 1;
            continue;
        }
        if input.len().max(output.len()) as u64 >= MAX_STORED_BYTES {
            added.too_large.push(index + 1);
            continue;
        }
        loop {
            let name = format!("sample-{k}");
            k += 1;
            if store_pair(dir, &name, &input, &output)? {
                added.names.push(name);
                break;
            }
        }
        stored.insert(input);
    }
    Ok(added)
}

/// The statement's example dialogues of an interactive problem, kept in
/// `examples.txt` for reading, not as cases: the interactor reads hidden data,
/// not the dialogue. `false` when the file exists already (it is kept).
pub fn keep_dialogues(dir: &Path, samples: &[Sample]) -> Result<bool, SetupError> {
    let mut text = String::new();
    for (index, sample) in samples.iter().enumerate() {
        let [input, output] = [&sample.input, &sample.output].map(|t| normalized(t));
        text.push_str(&format!(
            "# example {}: the judge's side\n{}# the solution's side\n{}",
            index + 1,
            String::from_utf8_lossy(&input),
            String::from_utf8_lossy(&output)
        ));
    }
    store_new(&dir.join(DIALOGUES), text.as_bytes())
}

/// Where `keep_dialogues` writes.
pub const DIALOGUES: &str = "examples.txt";

/// The judges' own files end lines with `\n` and end with one; pages and
/// browsers on Windows give `\r\n`.
fn normalized(text: &str) -> Vec<u8> {
    let mut text = text.replace("\r\n", "\n").replace('\r', "\n");
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    text.into_bytes()
}

fn stored_inputs(dir: &Path) -> Result<HashSet<Vec<u8>>, SetupError> {
    let cannot = |e: std::io::Error| SetupError(format!("cannot read {}: {e}", dir.display()));
    let mut inputs = HashSet::new();
    for entry in fs::read_dir(dir).map_err(cannot)? {
        let path = entry.map_err(cannot)?.path();
        if path.extension().and_then(|e| e.to_str()) == Some("in") {
            let bytes = files::read_stored(&path, files::MAX_STORED_BYTES).map_err(SetupError)?;
            inputs.insert(normalized(&String::from_utf8_lossy(&bytes)));
        }
    }
    Ok(inputs)
}

/// Stores `<name>.out` then `<name>.in` (a case counts once its `.in`
/// exists); `false`, with nothing left behind, when either name is taken.
fn store_pair(dir: &Path, name: &str, input: &[u8], output: &[u8]) -> Result<bool, SetupError> {
    let out = dir.join(format!("{name}.out"));
    if dir.join(format!("{name}.in")).exists() || !store_new(&out, output)? {
        return Ok(false);
    }
    if !store_new(&dir.join(format!("{name}.in")), input)? {
        let _ = fs::remove_file(&out);
        return Ok(false);
    }
    Ok(true)
}

/// Writes `bytes` as the new file `path`, whole; `false` when `path` exists.
fn store_new(path: &Path, bytes: &[u8]) -> Result<bool, SetupError> {
    files::publish_new(path, bytes)
        .map_err(|e| SetupError(format!("cannot write {}: {e}", path.display())))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(input: &str, output: &str) -> Sample {
        Sample {
            input: input.into(),
            output: output.into(),
        }
    }

    #[test]
    fn adds_new_inputs_only_and_never_overwrites() {
        let dir = std::env::temp_dir().join(format!("judge-samples-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let first = add(&dir, &[sample("1 2\r\n", "3\r\n"), sample("1 2", "3")]).unwrap();
        assert_eq!(first.names, ["sample-1"]);
        assert_eq!(first.already, 1);
        assert_eq!(fs::read(dir.join("sample-1.in")).unwrap(), b"1 2\n");
        assert_eq!(fs::read(dir.join("sample-1.out")).unwrap(), b"3\n");
        // A stray sample-2.out (hand-made) keeps its name taken.
        fs::write(dir.join("sample-2.out"), "kept\n").unwrap();
        fs::write(dir.join("edge.in"), "0 0\n").unwrap();
        let second = add(
            &dir,
            &[
                sample("1 2\n", "999\n"),
                sample("0 0", "0"),
                sample("5 5", "10"),
            ],
        )
        .unwrap();
        assert_eq!(second.names, ["sample-3"]);
        assert_eq!(second.already, 2);
        assert_eq!(fs::read(dir.join("sample-1.out")).unwrap(), b"3\n");
        assert_eq!(fs::read(dir.join("sample-2.out")).unwrap(), b"kept\n");
        assert!(!dir.join("sample-2.in").exists());
        assert_eq!(fs::read(dir.join("sample-3.in")).unwrap(), b"5 5\n");
        let huge = "1".repeat(MAX_STORED_BYTES as usize);
        assert_eq!(add(&dir, &[sample(&huge, "1")]).unwrap().too_large, [1]);
        let leftovers = fs::read_dir(&dir)
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .unwrap()
                    .file_name()
                    .to_string_lossy()
                    .contains(".partial")
            })
            .count();
        assert_eq!(leftovers, 0);
        fs::remove_dir_all(&dir).unwrap();
    }
}
