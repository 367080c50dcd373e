//! A submission's judging on the cases (`Run`), and that of a problem's
//! accepted submissions kept in `target/judged/<id>.txt`, so that one
//! judging serves both the import's time rule and `verify`: reused while
//! nothing in `judge-data/<id>/` changed but the time limit, and while that
//! limit is within the one they were judged under. Each case's verdict, CPU
//! time and score is kept; a run that did not compile, was skipped, or ran
//! in a stand-in interpreter is not, and is judged again.

use judge_core::base::error::SetupError;
use judge_core::base::files;
use judge_core::base::hash::Fnv1a;
use judge_core::base::modes::Mode;
use judge_core::base::verdict::Verdict;
use judge_core::judging::verdict::Judgement;
use judge_core::problem::workspace::Workspace;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// One submission's run on the cases.
pub struct Run {
    /// Each judged case's verdict and CPU time, in order; `Err` for a build
    /// that failed (a compile error).
    pub result: Result<Vec<(String, Verdict, Duration)>, String>,
    pub judgements: Vec<(String, Judgement)>,
    /// Why it was not run: a compiler that is not installed.
    pub skipped: Option<String>,
    /// What ran it in its judge's interpreter's place, and why
    /// (`python3 in place of pypy3: no pypy3 here`): its times are not the
    /// judge's, so the time rule leaves it out.
    pub fallback: Option<String>,
}

impl Run {
    pub fn slowest(&self) -> Option<(&str, Duration)> {
        self.result
            .as_ref()
            .ok()?
            .iter()
            .max_by_key(|(_, _, cpu)| *cpu)
            .map(|(case, _, cpu)| (case.as_str(), *cpu))
    }
}

/// A submission's kept judging: its path, the time limit it was judged
/// under, and the run.
pub type Kept = (String, Duration, Run);

/// Where the judging of `id`'s accepted submissions is kept.
pub fn file(workspace: &Workspace, id: &str) -> PathBuf {
    workspace.target("judged").join(format!("{id}.txt"))
}

/// What the judging depends on: every file of `judge-data/<id>/`, path and
/// bytes, problem.toml's `time_limit_ms` line left out.
pub fn fingerprint(workspace: &Workspace, id: &str) -> Result<u64, SetupError> {
    let dir = workspace.data_dir(id);
    let mut hasher = Fnv1a::default();
    for path in files_under(&dir)? {
        let relative = path.strip_prefix(&dir).unwrap_or(&path);
        hash_file(&mut hasher, &path, relative)
            .map_err(|e| SetupError(format!("cannot read {}: {e}", path.display())))?;
    }
    Ok(hasher.hash)
}

/// Every file under `dir` and its folders, sorted.
fn files_under(dir: &Path) -> Result<Vec<PathBuf>, SetupError> {
    let mut paths = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(folder) = pending.pop() {
        let entries = fs::read_dir(&folder)
            .map_err(|e| SetupError(format!("cannot list {}: {e}", folder.display())))?;
        for path in entries.flatten().map(|entry| entry.path()) {
            match fs::symlink_metadata(&path) {
                Ok(meta) if meta.is_dir() => pending.push(path),
                Ok(_) => paths.push(path),
                Err(_) => {}
            }
        }
    }
    paths.sort();
    Ok(paths)
}

/// Adds the file at `path` to `hasher`: its `relative` path, then its bytes
/// (problem.toml's without its `time_limit_ms` line; a link leading
/// nowhere, none).
fn hash_file(hasher: &mut Fnv1a, path: &Path, relative: &Path) -> io::Result<()> {
    write!(hasher, "{}\0", relative.display())?;
    if relative == Path::new("problem.toml") {
        let text = fs::read_to_string(path)?;
        let judged = text
            .lines()
            .filter(|line| !line.trim_start().starts_with("time_limit_ms"));
        for line in judged {
            writeln!(hasher, "{line}")?;
        }
    } else if let Ok(mut file) = fs::File::open(path) {
        io::copy(&mut file, hasher)?;
    }
    hasher.write_all(b"\0")
}

/// The kept judging of `id`'s accepted submissions when it was made from
/// the data `fingerprint` names; else none.
pub fn load(workspace: &Workspace, id: &str, fingerprint: u64) -> Vec<Kept> {
    let text = files::read_stored(&file(workspace, id), files::MAX_STORED_BYTES)
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
        .unwrap_or_default();
    parse(&text)
        .filter(|(kept_from, _)| *kept_from == fingerprint)
        .map_or(Vec::new(), |(_, kept)| kept)
}

/// Keeps the judging of the `runs` (path, the limit they were judged
/// under, run) of `id`'s accepted submissions, made from the data
/// `fingerprint` names, in place of any kept before.
pub fn store(
    workspace: &Workspace,
    id: &str,
    fingerprint: u64,
    runs: &[(&str, Duration, &Run)],
) -> Result<(), SetupError> {
    let path = file(workspace, id);
    let written = path
        .parent()
        .map_or(Ok(()), fs::create_dir_all)
        .and_then(|_| files::publish(&path, render(id, fingerprint, runs).as_bytes()));
    written.map_err(|e| SetupError(format!("cannot write {}: {e}", path.display())))
}

/// The text `store` writes: the data's fingerprint, then each run that
/// is kept, a line per case.
fn render(id: &str, fingerprint: u64, runs: &[(&str, Duration, &Run)]) -> String {
    let mut text = format!(
        "# The judging of judge-data/{id}/'s accepted submissions, which judge verify reuses \
         while the data is unchanged; delete this file to judge them again.\ndata {fingerprint:016x}\n"
    );
    for (path, limit, run) in runs {
        let Ok(verdicts) = &run.result else { continue };
        if run.skipped.is_some() || run.fallback.is_some() {
            continue;
        }
        text += &format!("submission {} {path}\n", limit.as_millis());
        for ((case, verdict, cpu), (_, judgement)) in verdicts.iter().zip(&run.judgements) {
            let score = judgement.score.map_or("-".to_string(), |s| s.to_string());
            text += &format!(
                "case {} {} {score} {case}\n",
                verdict.name(),
                cpu.as_micros()
            );
        }
    }
    text
}

/// The data's fingerprint and the judging kept, or `None` for a file that
/// is not one `store` wrote.
fn parse(text: &str) -> Option<(u64, Vec<Kept>)> {
    let mut lines = text.lines().filter(|line| !line.starts_with('#'));
    let fingerprint = u64::from_str_radix(lines.next()?.strip_prefix("data ")?, 16).ok()?;
    let mut kept: Vec<Kept> = Vec::new();
    for line in lines {
        if let Some(rest) = line.strip_prefix("submission ") {
            let (limit, path) = rest.split_once(' ')?;
            let limit = Duration::from_millis(limit.parse().ok()?);
            let run = Run {
                result: Ok(Vec::new()),
                judgements: Vec::new(),
                skipped: None,
                fallback: None,
            };
            kept.push((path.to_string(), limit, run));
            continue;
        }
        let mut fields = line.strip_prefix("case ")?.splitn(4, ' ');
        let verdict = Verdict::parse("verdict", fields.next()?).ok()?;
        let cpu = Duration::from_micros(fields.next()?.parse().ok()?);
        let score = match fields.next()? {
            "-" => None,
            score => Some(score.parse().ok()?),
        };
        let case = fields.next()?.to_string();
        let (_, _, run) = kept.last_mut()?;
        let judgement = Judgement {
            score,
            ..Judgement::new(verdict, "")
        };
        run.result.as_mut().ok()?.push((case.clone(), verdict, cpu));
        run.judgements.push((case, judgement));
    }
    Some((fingerprint, kept))
}

/// `run`, judged under a limit no lower than `limit`, as judged at
/// `limit`: a case past it a TLE, and with `stop_at_rejection` nothing
/// after the first rejection.
pub fn at_limit(run: &Run, limit: Duration, stop_at_rejection: bool) -> Run {
    let mut verdicts = Vec::new();
    let mut judgements = Vec::new();
    let judged = run.result.as_deref().unwrap_or_default();
    for ((case, verdict, cpu), (_, judgement)) in judged.iter().zip(&run.judgements) {
        let (verdict, judgement) = match *cpu > limit {
            true => {
                let tle = Verdict::TimeLimitExceeded;
                (tle, Judgement::new(tle, ""))
            }
            false => (*verdict, judgement.clone()),
        };
        verdicts.push((case.clone(), verdict, *cpu));
        judgements.push((case.clone(), judgement));
        if stop_at_rejection && verdict != Verdict::Accepted {
            break;
        }
    }
    Run {
        result: Ok(verdicts),
        judgements,
        skipped: None,
        fallback: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(name: &str, verdict: Verdict, ms: u64) -> (String, Verdict, Duration) {
        (name.into(), verdict, Duration::from_millis(ms))
    }

    /// A run of `verdicts`, each case scored 0.5.
    fn run_of(verdicts: &[(String, Verdict, Duration)], fallback: Option<&str>) -> Run {
        let judgements = verdicts
            .iter()
            .map(|(case, verdict, _)| {
                let judgement = Judgement {
                    score: Some(0.5),
                    ..Judgement::new(*verdict, "")
                };
                (case.clone(), judgement)
            })
            .collect();
        Run {
            result: Ok(verdicts.to_vec()),
            judgements,
            skipped: None,
            fallback: fallback.map(String::from),
        }
    }

    #[test]
    fn a_kept_judging_reads_back_and_is_judged_again_at_a_lower_limit() {
        let verdicts = vec![
            case("sample-1", Verdict::Accepted, 20),
            case("secret 2", Verdict::Accepted, 1500),
            case("secret-3", Verdict::Accepted, 30),
        ];
        let run = run_of(&verdicts, None);
        let stand_in = run_of(&verdicts, Some("run by python3: no pypy3 here"));
        let cap = Duration::from_secs(20);
        let text = render(
            "x",
            7,
            &[
                ("submissions/accepted/a b.py", cap, &run),
                ("submissions/accepted/c.py", cap, &stand_in),
            ],
        );
        assert!(text.contains("case AC 1500000 0.5 secret 2\n"), "{text}");
        let (fingerprint, kept) = parse(&text).unwrap();
        assert_eq!((fingerprint, kept.len()), (7, 1));
        let (path, judged_under, read) = &kept[0];
        assert_eq!(
            (path.as_str(), *judged_under),
            ("submissions/accepted/a b.py", cap)
        );
        assert_eq!(read.result, Ok(verdicts));
        assert_eq!(read.judgements[1].1.score, Some(0.5));
        let at_one_second = at_limit(&run, Duration::from_secs(1), true);
        let shown: Vec<Verdict> = at_one_second
            .result
            .unwrap()
            .iter()
            .map(|(_, v, _)| *v)
            .collect();
        assert_eq!(shown, [Verdict::Accepted, Verdict::TimeLimitExceeded]);
    }
}
