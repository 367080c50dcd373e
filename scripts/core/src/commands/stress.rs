//! `judge stress`: the solution against the brute force on generated inputs,
//! seed after seed on every core. The first failure is shrunk, saved as a
//! regression case (or under `--save-dir`, with the `cp` that keeps it) and
//! reported with the command that reproduces it. A run where nothing could
//! fail (a placeholder brute force or generator, a generator ignoring its
//! seed) is refused, naming the file to write. Several problems are
//! stressed one after the other, and every failing one is named at the end.

mod progress;

use crate::base::args::Args;
use crate::base::error::SetupError;
use crate::base::verdict::Verdict;
use crate::judging::judge::Judge;
use crate::judging::shrink;
use crate::judging::trial::{brute_limits, Failure, Found, Rerun, Trial};
use crate::problem::config::keys::MAX_TIME_LIMIT_MS;
use crate::problem::config::Layout;
use crate::problem::kind::PLACEHOLDER;
use crate::problem::workspace::Workspace;
use crate::process::interrupt;
use crate::process::launch;
use crate::process::run::Program;
use progress::Progress;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

const DEFAULT_COUNT: u64 = 1000;
/// Inputs up to this size are printed with the failure.
const SHOWN_LINES: usize = 20;
const SHOWN_BYTES: usize = 2048;
/// How many first seeds are compared to catch a generator that ignores its
/// seed: 20 equal inputs by chance are beyond belief, even of a coin toss.
const SEED_CHECK: u64 = 20;

/// What the command line asked for.
struct Settings {
    id: String,
    count: u64,
    seed: u64,
    size: Option<u64>,
    jobs: u64,
    layout: Option<Layout>,
    /// Where found cases go instead of `judge-data/<id>/`: `<dir>/<id>/`.
    save_dir: Option<PathBuf>,
    /// The options that shape a run, to repeat them in the reproducing command.
    repeated: Vec<(&'static str, String)>,
}

pub fn command(workspace: &Workspace, args: &Args) -> Result<bool, SetupError> {
    outln!("sandbox: {}", launch::current().describe());
    let ids = match args.positional.as_slice() {
        [] => {
            return Err(SetupError(
                "stress takes a problem id: judge stress <id>... (make stress P=<id>)".into(),
            ))
        }
        [id] => return stress_one(workspace, args, id),
        ids => ids,
    };
    if ["sol", "brute", "gen"]
        .iter()
        .any(|name| args.value(name).is_some())
    {
        return Err(SetupError(
            "--sol, --brute and --gen stress one problem: name exactly one id".into(),
        ));
    }
    let mut failed = Vec::new();
    let mut broken = Vec::new();
    for id in ids {
        outln!("stress {id}");
        match stress_one(workspace, args, id) {
            Ok(true) => {}
            Ok(false) => failed.push(id.as_str()),
            Err(SetupError(error)) => {
                eprintln!("judge: {id}: {error}");
                broken.push(id.as_str());
            }
        }
    }
    if !failed.is_empty() {
        outln!("failing problems: {}", failed.join(", "));
    }
    if !broken.is_empty() {
        return Err(SetupError(format!(
            "could not stress {}",
            broken.join(", ")
        )));
    }
    Ok(failed.is_empty())
}

fn stress_one(workspace: &Workspace, args: &Args, id: &str) -> Result<bool, SetupError> {
    let (settings, trial) = setup(workspace, args, id)?;
    outln!("seed {}", settings.seed);
    let first: Vec<Mutex<Option<Vec<u8>>>> =
        match nothing_could_fail(workspace, args, &trial, &settings) {
            // Each taken by its iteration: held no longer than until it runs.
            Ok(first) => first.into_iter().map(Mutex::new).collect(),
            Err(idle) => {
                for why in idle {
                    outln!("{why}");
                }
                outln!("not stressed: nothing could fail");
                return Ok(false);
            }
        };
    // Seeds whose TLE did not reproduce when run again alone.
    let mut untold = Vec::new();
    let mut from = 0;
    loop {
        let (index, found) = match search(&trial, &settings, from, &first) {
            None => {
                say_untold(&untold);
                outln!("{} passed, 0 failed", settings.count - untold.len() as u64);
                return Ok(true);
            }
            Some(found) => found,
        };
        let seed = settings.seed.wrapping_add(index);
        let found = match found {
            Found::Solution(failure) if trial.may_be_load(&failure, settings.jobs > 1) => {
                match trial.rerun_timeout(&failure.input) {
                    Rerun::Reproduced => Found::Solution(failure),
                    Rerun::Other(found) => found,
                    Rerun::InTime => {
                        eprintln!(
                            "note: seed {seed}: TLE ({}), then in time when run again alone: \
                             the machine is too loaded to tell; going on",
                            failure.judgement.detail
                        );
                        untold.push(seed);
                        from = index + 1;
                        continue;
                    }
                }
            }
            found => found,
        };
        say_untold(&untold);
        return report(
            workspace,
            &settings,
            &trial,
            index,
            found,
            untold.len() as u64,
        );
    }
}

/// The seeds whose TLE did not count: the machine was too loaded to tell.
fn say_untold(untold: &[u64]) {
    if untold.is_empty() {
        return;
    }
    let seeds: Vec<String> = untold.iter().map(u64::to_string).collect();
    outln!(
        "the machine was too loaded to tell at seed{} {}: a TLE, then in time when run \
         again alone; not counted, nothing saved",
        if untold.len() == 1 { "" } else { "s" },
        seeds.join(", ")
    );
}

fn setup(workspace: &Workspace, args: &Args, id: &str) -> Result<(Settings, Trial), SetupError> {
    let id = id.to_string();
    let number = |name: &str, default: u64| args.number(name, default).map_err(SetupError);
    let given = |name: &str| args.value(name).is_some();
    // Even with all three programs given: the id names where a case is saved.
    workspace.select(std::slice::from_ref(&id))?;
    let overridden = given("sol") || given("brute");
    let problem = if overridden && !workspace.data_dir(&id).join("problem.toml").is_file() {
        None
    } else {
        Some(workspace.problem(&id)?)
    };
    let program = |option: &str, name: String| match args.value(option) {
        Some(text) => workspace.program(text),
        None => workspace.built(&name).map(Program::exec),
    };
    let judge = match &problem {
        Some(problem) => Judge::of(problem)?,
        // With no problem.toml the solution is held to a brute force's limits.
        None => Judge::limits_only(brute_limits()),
    };
    let judge = match number("time-limit", 0)? {
        _ if !given("time-limit") => judge,
        0 => return Err(SetupError("--time-limit must be at least 1 ms".into())),
        ms if ms > MAX_TIME_LIMIT_MS => {
            return Err(SetupError(format!(
                "--time-limit must be at most {MAX_TIME_LIMIT_MS} ms (1 hour)"
            )))
        }
        ms => judge.with_time_limit(Duration::from_millis(ms)),
    };
    // An interactor judges alone; a brute force, when there is one, gives it the answer.
    let brute_name = format!("{id}-brute");
    let brute =
        if !judge.is_interactive() || given("brute") || workspace.binary(&brute_name).is_file() {
            Some(program("brute", brute_name)?)
        } else {
            None
        };
    let trial = Trial {
        sol: program("sol", id.clone())?,
        brute,
        gen: program("gen", format!("{id}-gen"))?,
        gen_limits: problem
            .as_ref()
            .map(|p| p.config.helper)
            .unwrap_or_default(),
        judge,
    };
    let layout = problem.and_then(|problem| problem.config.stress_layout);
    let jobs = number("jobs", default_jobs())?;
    if jobs == 0 {
        return Err(SetupError("--jobs must be at least 1".into()));
    }
    let repeated = ["size", "time-limit", "sol", "brute", "gen"]
        .into_iter()
        .filter_map(|name| args.value(name).map(|value| (name, value.to_string())))
        .collect();
    let settings = Settings {
        count: number("count", DEFAULT_COUNT)?,
        seed: if given("seed") {
            number("seed", 0)?
        } else {
            clock_seed()
        },
        size: if given("size") {
            Some(number("size", 0)?)
        } else {
            None
        },
        jobs,
        layout,
        save_dir: args.value("save-dir").map(|dir| Path::new(dir).join(&id)),
        repeated,
        id,
    };
    Ok((settings, trial))
}

fn default_jobs() -> u64 {
    thread::available_parallelism().map_or(1, |n| n.get() as u64)
}

fn clock_seed() -> u64 {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    // Short enough to type; the microseconds differ between runs.
    now.as_micros() as u64 % 1_000_000_000
}

/// Why nothing could fail in this run, each naming the file to write: a
/// brute force or generator still the scaffold's placeholder (a line holding
/// `kind::PLACEHOLDER`), or a generator printing one input whatever its seed.
/// Else the inputs of the first seeds, which the search takes as they are.
fn nothing_could_fail(
    workspace: &Workspace,
    args: &Args,
    trial: &Trial,
    settings: &Settings,
) -> Result<Vec<Option<Vec<u8>>>, Vec<String>> {
    let programs = [
        ("brute", "brute force", trial.brute.is_some()),
        ("gen", "generator", true),
    ];
    let idle: Vec<String> = programs
        .iter()
        .filter(|&&(_, _, used)| used)
        .filter_map(|&(option, what, _)| {
            let file = source(workspace, args, &settings.id, option);
            let line = placeholder_line(&workspace.root.join(&file))?;
            Some(format!(
                "{file} is still the scaffold's placeholder (line {line}): write the {what} \
                 there and delete that line; until then nothing could fail"
            ))
        })
        .collect();
    if !idle.is_empty() {
        return Err(idle);
    }
    let first = first_inputs(trial, settings);
    match seed_ignored(&first, settings.seed) {
        Some(seeds) => Err(vec![format!(
            "the generator printed the same input for seeds {seeds}: it ignores its seed, \
             so nothing could fail but that one input; write {}",
            source(workspace, args, &settings.id, "gen")
        )]),
        None => Ok(first),
    }
}

/// The source of the brute force or generator (`option`): as `--brute` or
/// `--gen` gave it, else the problem's own, `problems/<id>/src/<option>.rs`.
fn source(workspace: &Workspace, args: &Args, id: &str, option: &str) -> String {
    match args.value(option) {
        Some(given) => given.to_string(),
        None => {
            let path = workspace.problem_dir(id).join(format!("src/{option}.rs"));
            let relative = path.strip_prefix(&workspace.root).unwrap_or(&path);
            relative.display().to_string()
        }
    }
}

/// The line (from 1) of `path` that marks it as the scaffold's placeholder.
fn placeholder_line(path: &Path) -> Option<usize> {
    let text = fs::read_to_string(path).ok()?;
    let line = text.lines().position(|line| line.contains(PLACEHOLDER))?;
    Some(line + 1)
}

/// The inputs of the run's first seeds (`SEED_CHECK` at most), `None`
/// where the generator failed: the search reports that. They are made on
/// `jobs` threads, each keeping its launchers' box from seed to seed.
fn first_inputs(trial: &Trial, settings: &Settings) -> Vec<Option<Vec<u8>>> {
    let seeds: Vec<u64> = (0..settings.count.min(SEED_CHECK))
        .map(|i| settings.seed.wrapping_add(i))
        .collect();
    let jobs = settings.jobs.clamp(1, seeds.len().max(1) as u64) as usize;
    let each = (seeds.len() + jobs - 1) / jobs;
    thread::scope(|scope| {
        let runs: Vec<_> = seeds
            .chunks(each.max(1))
            .map(|seeds| {
                let generate = move |&seed: &u64| trial.generate(seed, settings.size).ok();
                let run = scope.spawn(move || seeds.iter().map(generate).collect::<Vec<_>>());
                (run, seeds.len())
            })
            .collect();
        // A thread that panicked leaves its inputs unknown.
        let joined = runs
            .into_iter()
            .map(|(run, count)| run.join().unwrap_or_else(|_| vec![None; count]));
        joined.flatten().collect()
    })
}

/// `1 to 20` when the generator printed the same input for each of the
/// first seeds from `seed` (two at least), all of them generated.
fn seed_ignored(first: &[Option<Vec<u8>>], seed: u64) -> Option<String> {
    if first.len() < 2 || first.iter().any(Option::is_none) {
        return None;
    }
    let same = first.windows(2).all(|pair| pair[0] == pair[1]);
    let last = seed.wrapping_add(first.len() as u64 - 1);
    same.then(|| format!("{seed} to {last}"))
}

/// Runs iterations `from..count` on `jobs` threads; the failure with the
/// smallest iteration number, if any. Every iteration before it has run and
/// passed, so the answer does not depend on `jobs` (timing aside: a TLE
/// that may be the machine's load is run again alone, see `stress_one`).
/// The inputs of the `first` iterations, where still there, are taken
/// rather than generated again.
fn search(
    trial: &Trial,
    settings: &Settings,
    from: u64,
    first: &[Mutex<Option<Vec<u8>>>],
) -> Option<(u64, Found)> {
    let next = &AtomicU64::new(from);
    let passed = &AtomicU64::new(from);
    let stop = &AtomicBool::new(false);
    let slot: Mutex<Option<(u64, Found)>> = Mutex::new(None);
    let found = &slot;
    let (count, first_seed, size) = (settings.count, settings.seed, settings.size);
    let mut progress = Progress::new(count);
    thread::scope(|scope| {
        let workers: Vec<_> = (0..settings.jobs.min((count - from).max(1)))
            .map(|_| {
                scope.spawn(move || {
                    while !stop.load(Ordering::SeqCst) {
                        let index = next.fetch_add(1, Ordering::SeqCst);
                        if index >= count {
                            return;
                        }
                        let taken = first.get(index as usize).and_then(|input| {
                            input.lock().unwrap_or_else(|e| e.into_inner()).take()
                        });
                        let ran = match taken {
                            Some(input) => trial.check(&input),
                            None => trial.iteration(first_seed.wrapping_add(index), size),
                        };
                        match ran {
                            Ok(()) => {
                                passed.fetch_add(1, Ordering::SeqCst);
                            }
                            Err(failure) => {
                                let mut slot = found.lock().unwrap_or_else(|e| e.into_inner());
                                if slot.as_ref().map_or(true, |(first, _)| index < *first) {
                                    *slot = Some((index, failure));
                                }
                                stop.store(true, Ordering::SeqCst);
                            }
                        }
                    }
                })
            })
            .collect();
        while !workers.iter().all(|worker| worker.is_finished()) {
            thread::sleep(Duration::from_millis(50));
            let started = next.load(Ordering::SeqCst).min(count);
            let done = passed.load(Ordering::SeqCst);
            interrupt::finished(format!("{done} passed, from seed {first_seed}"));
            progress.update(done, first_seed.wrapping_add(started.saturating_sub(1)));
        }
    });
    progress.finish();
    slot.into_inner().unwrap_or_else(|e| e.into_inner())
}

fn report(
    workspace: &Workspace,
    settings: &Settings,
    trial: &Trial,
    index: u64,
    found: Found,
    untold: u64,
) -> Result<bool, SetupError> {
    let seed = settings.seed.wrapping_add(index);
    // The files of the case saved, as a shell pattern: `{in,out}`, or `in`
    // for an interactive case with no answer.
    let mut saved = None;
    match found {
        Found::Unrunnable(message) => return Err(SetupError(message)),
        Found::Generator { detail } => {
            outln!("FAIL seed {seed}: the generator failed: {detail}");
        }
        Found::Interactor { input, detail } => {
            outln!("FAIL seed {seed}: the interactor failed (not the solution): {detail}");
            show_input(&input);
            outln!("nothing saved: the interactor must judge the case first");
        }
        Found::Brute { input, detail } => {
            outln!("FAIL seed {seed}: the brute force failed (not the solution): {detail}");
            show_input(&input);
            outln!("nothing saved: a case needs the brute force's answer");
        }
        Found::Checker { input, detail } => {
            outln!("FAIL seed {seed}: {detail}");
            show_input(&input);
            outln!("nothing saved: the checker must judge the case first");
        }
        Found::Solution(failure) => {
            saved = shrink_and_save(workspace, settings, trial, seed, failure);
        }
    }
    outln!("reproduce: {}", reproduce(settings, seed));
    if let (Some(files), Some(_)) = (saved, &settings.save_dir) {
        let kept = workspace.data_dir(&settings.id);
        outln!(
            "keep it as a regression case: cp {} {}/",
            case_path(workspace, settings, seed, files),
            kept.strip_prefix(&workspace.root)
                .unwrap_or(&kept)
                .display()
        );
    } else if saved.is_some() {
        // The saved case fails the program that failed, not the built solution.
        let bin = settings
            .repeated
            .iter()
            .find(|(name, _)| *name == "sol")
            .map_or(String::new(), |(_, sol)| {
                format!(" BIN={}", shell_quote(sol))
            });
        outln!("           make test P={}{bin}", settings.id);
    }
    outln!("{} passed, 1 failed", index - untold);
    Ok(false)
}

/// Shrinks the solution's failure, shows it and saves it, when the brute
/// force's answer judged against itself passes: the files saved as a shell
/// pattern (see `report`), if any.
fn shrink_and_save(
    workspace: &Workspace,
    settings: &Settings,
    trial: &Trial,
    seed: u64,
    failure: Failure,
) -> Option<&'static str> {
    let verdict = failure.judgement.verdict;
    outln!("FAIL seed {seed}: {verdict} from the solution; shrinking the input");
    if trial.may_be_load(&failure, settings.jobs > 1) {
        outln!("  the TLE reproduced when run again alone");
    }
    let found = failure.clone();
    let shrunk = shrink::shrink(
        trial,
        seed,
        settings.size,
        settings.layout.as_ref(),
        failure,
    );
    for note in &shrunk.notes {
        outln!("  {note}");
    }
    // A smaller TLE is kept only if it is one when run again too.
    let reproduced = verdict != Verdict::TimeLimitExceeded
        || shrunk.failure.input == found.input
        || matches!(
            trial.rerun_timeout(&shrunk.failure.input),
            Rerun::Reproduced
        );
    let failure = if reproduced {
        shrunk.failure
    } else {
        outln!("  the smaller input's TLE did not reproduce: the input found is kept");
        found
    };
    show_input(&failure.input);
    outln!("{}", failure.judgement.detail);
    let itself = trial.self_check(&failure.input, failure.expected.as_deref());
    if itself.verdict == Verdict::Accepted {
        let files = match failure.expected {
            Some(_) => "{in,out}",
            None => "in",
        };
        save(workspace, settings, seed, &failure).then_some(files)
    } else {
        outln!(
            "nothing saved: the brute force's answer judged against itself is {}, \
             so the case could not be judged:\n{}",
            itself.verdict,
            itself.detail
        );
        None
    }
}

fn show_input(input: &[u8]) {
    let lines = input
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .count();
    if input.len() <= SHOWN_BYTES && lines <= SHOWN_LINES {
        outln!("input:");
        for line in String::from_utf8_lossy(input).lines() {
            outln!("    {line}");
        }
    } else {
        outln!("input: {lines} lines, {} bytes", input.len());
    }
}

/// The folder found cases of this run go to.
fn save_dir(workspace: &Workspace, settings: &Settings) -> PathBuf {
    match &settings.save_dir {
        Some(dir) => dir.clone(),
        None => workspace.data_dir(&settings.id),
    }
}

/// `stress-<seed>.<extension>` in the save folder, relative to the workspace
/// when it is inside it.
fn case_path(workspace: &Workspace, settings: &Settings, seed: u64, extension: &str) -> String {
    let path = save_dir(workspace, settings).join(format!("stress-{seed}.{extension}"));
    path.strip_prefix(&workspace.root)
        .unwrap_or(&path)
        .display()
        .to_string()
}

/// Saves the case as `stress-<seed>.in/.out`; never overwrites. When that
/// fails the input goes to stderr in full, so the case is not lost.
fn save(workspace: &Workspace, settings: &Settings, seed: u64, failure: &Failure) -> bool {
    let dir = save_dir(workspace, settings);
    let input = dir.join(format!("stress-{seed}.in"));
    let output = input.with_extension("out");
    // judge-data/<id>/ must exist already; a folder of found cases is made.
    if settings.save_dir.is_some() {
        let _ = fs::create_dir_all(&dir);
    }
    match failure.save(&dir, &input, &output) {
        Ok(()) => {
            match &failure.expected {
                Some(_) => outln!(
                    "saved {} with the brute force's answer as {}",
                    case_path(workspace, settings, seed, "in"),
                    output.file_name().and_then(|n| n.to_str()).unwrap_or("")
                ),
                None => outln!(
                    "saved {} (no .out: the interactor judges it)",
                    case_path(workspace, settings, seed, "in")
                ),
            }
            true
        }
        Err(reason) => {
            eprintln!("judge: not saved: {reason}; the input in full:");
            let mut stderr = io::stderr().lock();
            let _ = stderr
                .write_all(&failure.input)
                .and_then(|_| stderr.flush());
            false
        }
    }
}

/// The command that runs exactly the failing iteration again.
fn reproduce(settings: &Settings, seed: u64) -> String {
    let mut line = format!(
        "target/release/judge stress {} --seed {seed} --count 1",
        shell_quote(&settings.id)
    );
    for (name, value) in &settings.repeated {
        line += &format!(" --{name} {}", shell_quote(value));
    }
    line
}

/// `text` as one shell word: bare when that is safe, else single-quoted.
fn shell_quote(text: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c);
    if !text.is_empty() && text.chars().all(safe) {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_only_what_the_shell_would_split() {
        assert_eq!(shell_quote("target/release/x"), "target/release/x");
        assert_eq!(shell_quote("sh -c 'a'"), "'sh -c '\\''a'\\'''");
        assert_eq!(shell_quote(""), "''");
    }
}
