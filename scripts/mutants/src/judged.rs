//! Mutants judged as the judge would judge the solution: each built as the
//! paste is (one file, `rustc -O`, warnings off), cached by its bytes, all
//! of them in parallel; each run on every stored case through the one
//! judge until a case kills it; then every survivor stressed against the
//! brute force (a `trial` per seed, the first failure shrunk). Nothing here
//! prints or saves: `judge mutants` reports and keeps what it finds.

use judge_core::base::error::SetupError;
use judge_core::base::files::{self, Scratch};
use judge_core::base::hash::fnv1a;
use judge_core::base::verdict::Verdict;
use judge_core::judging::judge::Judge;
use judge_core::judging::shrink;
use judge_core::judging::trial::{Failure, Found, Rerun, Trial};
use judge_core::problem::config::{Group, Layout};
use judge_core::problem::workspace::Case;
use judge_core::process::run::Program;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::thread;
use std::time::Duration;

/// How the mutants' programs are compiled: the paste's flags.
const RUSTC_FLAGS: [&str; 7] = [
    "--edition",
    "2021",
    "-O",
    "-A",
    "warnings",
    "--crate-name",
    "main",
];

/// Where and how mutants are built.
pub struct Builder {
    /// `target/mutants/<id>/`: one folder per mutant built, `<key>.refused`
    /// for one that does not compile.
    pub dir: PathBuf,
    /// `rustc --version`, part of every key.
    version: String,
    /// Extra rustc arguments (the crates a LeetCode harness links).
    extra: Vec<String>,
}

impl Builder {
    pub fn new(dir: PathBuf, extra: Vec<String>) -> Result<Builder, SetupError> {
        let output = Command::new("rustc").arg("--version").output();
        let version = match output {
            Ok(output) if output.status.success() => {
                String::from_utf8_lossy(&output.stdout).trim().to_string()
            }
            _ => {
                return Err(SetupError(
                    "no `rustc` on PATH: install Rust with rustup".into(),
                ))
            }
        };
        fs::create_dir_all(&dir)
            .map_err(|e| SetupError(format!("cannot create {}: {e}", dir.display())))?;
        Ok(Builder {
            dir,
            version,
            extra,
        })
    }

    /// The folder a program's build is kept in, named by its bytes.
    pub fn folder(&self, program: &str) -> PathBuf {
        let extra = self.extra.join(" ");
        let key = fnv1a(&[
            self.version.as_bytes(),
            b"\0",
            RUSTC_FLAGS.join(" ").as_bytes(),
            extra.as_bytes(),
            b"\0",
            program.as_bytes(),
        ]);
        self.dir.join(format!("{key:016x}"))
    }

    /// `program` built, from the cache when it was built before; `None`
    /// when it does not compile.
    pub fn build(&self, program: &str) -> Result<Option<Program>, SetupError> {
        let folder = self.folder(program);
        let binary = folder.join("main");
        let refused = folder.with_extension("refused");
        if binary.is_file() {
            return Ok(Some(Program::exec(binary)));
        }
        if refused.is_file() {
            return Ok(None);
        }
        let cannot = |e: std::io::Error| SetupError(format!("cannot build a mutant: {e}"));
        let scratch = Scratch::under(&self.dir, ".build").map_err(cannot)?;
        let source = scratch
            .file("main.rs", program.as_bytes())
            .map_err(cannot)?;
        let output = Command::new("rustc")
            .args(RUSTC_FLAGS)
            .args(&self.extra)
            .arg("-o")
            .arg(scratch.path().join("main"))
            .arg(&source)
            .current_dir(scratch.path())
            .output()
            .map_err(|e| SetupError(format!("cannot run rustc: {e}")))?;
        if !output.status.success() {
            files::publish(&refused, &output.stderr).map_err(cannot)?;
            return Ok(None);
        }
        // A rival run's build of the same bytes is as good as this one.
        scratch.keep_as(&folder).map_err(cannot)?;
        Ok(Some(Program::exec(binary)))
    }
}

/// What the stored cases did to a mutant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fate {
    /// rustc refused it.
    Refused,
    /// The first case that failed it, and how.
    Killed {
        case: String,
        verdict: Verdict,
    },
    Survived,
}

/// How the runs so far went, for a progress line.
#[derive(Default)]
pub struct Counts {
    pub done: AtomicUsize,
    pub killed: AtomicUsize,
    pub refused: AtomicUsize,
}

/// The judge and cases every mutant is judged with.
pub struct Cases<'a> {
    pub judge: &'a Judge,
    pub groups: &'a [Group],
    pub cases: &'a [Case],
}

impl Cases<'_> {
    /// The first case that fails `program`, with its verdict.
    pub fn first_kill(&self, program: &Program) -> Result<Option<(String, Verdict)>, SetupError> {
        for case in self.cases {
            let judged = self.judge.judge_case(self.groups, program, case)?;
            if judged.judgement.verdict != Verdict::Accepted {
                return Ok(Some((case.name.clone(), judged.judgement.verdict)));
            }
        }
        Ok(None)
    }

    /// Whether `case` fails `program`.
    pub fn kills(&self, case: &Case, program: &Program) -> Result<bool, SetupError> {
        let judged = self.judge.judge_case(self.groups, program, case)?;
        Ok(judged.judgement.verdict != Verdict::Accepted)
    }
}

/// Builds and judges each of `programs` on the cases, `jobs` at a time;
/// `tick` is called every 200 ms while they run. Each fate comes with the
/// program built (`None` when refused).
pub fn judge_all(
    builder: &Builder,
    cases: &Cases,
    programs: &[String],
    jobs: usize,
    tick: &mut dyn FnMut(&Counts),
) -> Result<Vec<(Fate, Option<Program>)>, SetupError> {
    let counts = Counts::default();
    let work = |program: &String| -> Result<(Fate, Option<Program>), SetupError> {
        let built = builder.build(program)?;
        let fate = match &built {
            None => {
                counts.refused.fetch_add(1, Ordering::SeqCst);
                Fate::Refused
            }
            Some(binary) => match cases.first_kill(binary)? {
                Some((case, verdict)) => {
                    counts.killed.fetch_add(1, Ordering::SeqCst);
                    Fate::Killed { case, verdict }
                }
                None => Fate::Survived,
            },
        };
        counts.done.fetch_add(1, Ordering::SeqCst);
        Ok((fate, built))
    };
    in_parallel(programs, jobs, &work, &mut || tick(&counts))
}

/// `work` on every item, `jobs` threads at a time, the results in the
/// items' order; the first error stops the rest. `tick` runs meanwhile.
pub fn in_parallel<T: Sync, R: Send>(
    items: &[T],
    jobs: usize,
    work: &(dyn Fn(&T) -> Result<R, SetupError> + Sync),
    tick: &mut dyn FnMut(),
) -> Result<Vec<R>, SetupError> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let results: Mutex<Vec<Option<Result<R, SetupError>>>> =
        Mutex::new((0..items.len()).map(|_| None).collect());
    thread::scope(|scope| {
        let workers: Vec<_> = (0..jobs.clamp(1, items.len().max(1)))
            .map(|_| {
                scope.spawn(|| {
                    while !stop.load(Ordering::SeqCst) {
                        let index = next.fetch_add(1, Ordering::SeqCst);
                        let Some(item) = items.get(index) else { return };
                        let result = work(item);
                        if result.is_err() {
                            stop.store(true, Ordering::SeqCst);
                        }
                        results.lock().unwrap_or_else(|e| e.into_inner())[index] = Some(result);
                    }
                })
            })
            .collect();
        while !workers.iter().all(|worker| worker.is_finished()) {
            thread::sleep(Duration::from_millis(200));
            tick();
        }
    });
    let results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut done = Vec::with_capacity(results.len());
    let mut stopped = false;
    for result in results {
        match result {
            Some(Err(error)) => return Err(error),
            Some(Ok(result)) => done.push(result),
            None => stopped = true,
        }
    }
    match stopped {
        true => Err(SetupError("a mutant's run was stopped".into())),
        false => Ok(done),
    }
}

/// What stress did to a survivor of the stored cases.
pub enum Stressed {
    /// Every seed passed.
    Survived,
    /// The seed (and size, when not the generator's own) that failed it,
    /// the failure shrunk, and the shrinker's notes.
    Killed {
        seed: u64,
        size: Option<u64>,
        failure: Failure,
        notes: Vec<String>,
    },
    /// Stress could not judge it: the generator, brute force or checker failed.
    Broken(String),
}

/// The stress settings: seeds, the sizes they go round, and how the input
/// is laid out for shrinking.
pub struct Seeds<'a> {
    pub first: u64,
    pub count: u64,
    /// `None`, the generator's own stress size, then the bench sizes the
    /// brute force answers in time (see [`stress_sizes`]).
    pub sizes: Vec<Option<u64>>,
    pub layout: Option<&'a Layout>,
}

/// A bench size is stressed at while the brute force answers its first seed
/// within this: stress wants many seeds, and each costs a brute force run.
const SIZE_BUDGET: Duration = Duration::from_millis(100);

/// The sizes survivors are stressed at: the generator's own, then the
/// problem's bench sizes from the smallest, up to the first at which the
/// generator or the brute force does not answer seed `first` within
/// [`SIZE_BUDGET`]. Big inputs find what small ones miss (an overflow, a
/// bound off by one at the limit), as the judge's own big tests would.
pub fn stress_sizes(trial: &Trial, first: u64, bench: &[u64]) -> Vec<Option<u64>> {
    let mut bench = bench.to_vec();
    bench.sort_unstable();
    bench.dedup();
    let mut sizes = vec![None];
    for size in bench {
        match trial.generate(first, Some(size)) {
            Ok(input) if trial.brute_answers_within(&input, SIZE_BUDGET) => sizes.push(Some(size)),
            _ => break,
        }
    }
    sizes
}

/// Stresses `trial` (a survivor as its solution) seed after seed, the seeds
/// going round `seeds.sizes`; the first failure is shrunk. A bench size at
/// which the generator or the brute force fails later is dropped with the
/// bigger ones (it was only probed on one seed). `shared`: other jobs run at
/// the same time, so a TLE is run again alone before it counts.
pub fn stress(trial: &Trial, seeds: &Seeds, shared: bool) -> Result<Stressed, SetupError> {
    let mut sizes = seeds.sizes.clone();
    for index in 0..seeds.count {
        let seed = seeds.first.wrapping_add(index);
        let size = sizes[index as usize % sizes.len()];
        let failure = match trial.iteration(seed, size) {
            Ok(()) => continue,
            Err(Found::Solution(failure)) => failure,
            Err(Found::Unrunnable(message)) => return Err(SetupError(message)),
            Err(Found::Generator { .. } | Found::Brute { .. }) if size.is_some() => {
                sizes.retain(|kept| *kept < size);
                continue;
            }
            Err(found) => return Ok(Stressed::Broken(broken(seed, found))),
        };
        let failure = if trial.may_be_load(&failure, shared) {
            match trial.rerun_timeout(&failure.input) {
                Rerun::Reproduced => failure,
                Rerun::InTime => continue,
                Rerun::Other(Found::Solution(other)) => other,
                Rerun::Other(found) => return Ok(Stressed::Broken(broken(seed, found))),
            }
        } else {
            failure
        };
        let shrunk = shrink::shrink(trial, seed, size, seeds.layout, failure);
        return Ok(Stressed::Killed {
            seed,
            size,
            failure: shrunk.failure,
            notes: shrunk.notes,
        });
    }
    Ok(Stressed::Survived)
}

/// Why stress could not judge a seed.
fn broken(seed: u64, found: Found) -> String {
    match found {
        Found::Generator { detail } => format!("seed {seed}: the generator failed: {detail}"),
        Found::Brute { detail, .. } => format!("seed {seed}: the brute force failed: {detail}"),
        Found::Checker { detail, .. } | Found::Interactor { detail, .. } => {
            format!("seed {seed}: {detail}")
        }
        Found::Solution(failure) => format!("seed {seed}: {}", failure.judgement.verdict),
        Found::Unrunnable(message) => message,
    }
}

/// The rlibs a LeetCode harness links (`testkit`, `leetcode`), as rustc
/// arguments: the newest of each in cargo's release `deps` folder.
pub fn harness_crates(deps: &Path, crates: &[&str]) -> Result<Vec<String>, SetupError> {
    let mut args = vec!["-L".to_string(), format!("dependency={}", deps.display())];
    for name in crates {
        let prefix = format!("lib{name}-");
        let newest = fs::read_dir(deps)
            .into_iter()
            .flatten()
            .flatten()
            .filter(|entry| {
                let file = entry.file_name().to_string_lossy().into_owned();
                file.starts_with(&prefix) && file.ends_with(".rlib")
            })
            .max_by_key(|entry| entry.metadata().and_then(|m| m.modified()).ok())
            .ok_or_else(|| {
                SetupError(format!(
                    "no lib{name}-*.rlib in {}: run `make build` first",
                    deps.display()
                ))
            })?;
        args.push("--extern".into());
        args.push(format!("{name}={}", newest.path().display()));
    }
    Ok(args)
}
