//! `judge bench`: the speed, memory and growth of every solution on the
//! deterministic worst-case inputs of its generator (`<id>-gen --bench
//! <series> <size>`), next to the I/O floor (`judge io-floor`: read the same
//! input, write as many bytes) and the brute force while it still finishes.
//! Printed as measured and written as Markdown to `target/bench.md`.
//! Times are shown, never asserted: only a failing program fails the bench;
//! a size whose time or memory passes the problem's limits is marked.

mod inputs;
pub mod io_floor;
mod stress;
mod svg;
mod table;

use judge_core::base::args::Args;
use judge_core::base::error::SetupError;
use judge_core::base::files;
use judge_core::base::files::Text;
use judge_core::base::modes::Clock;
use judge_core::base::verdict::Verdict;
use judge_core::judging::judge::Judge;
use judge_core::judging::verdict::machine_load;
use judge_core::outln;
use judge_core::problem::config::Config;
use judge_core::problem::workspace::{Problem, Workspace};
use judge_core::process::confine::{self, SANDBOX_VARIABLE};
use judge_core::process::launch;
use judge_core::process::run::{Limits, Outcome, Program};
use std::env;
use std::ffi::OsString;
use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use table::Table;

/// Timed runs per size after the warm-up.
const RUNS: u32 = 9;
/// A size whose warm-up is slow gets fewer runs, so `make bench` stays near a minute.
const RUNS_BUDGET: Duration = Duration::from_secs(2);
/// Far beyond any judge's limit: only a hung solution reaches it.
const SOLUTION_LIMIT: Duration = Duration::from_secs(60);
/// The brute force is timed until it needs longer than this, then dropped.
const BRUTE_LIMIT: Duration = Duration::from_secs(2);
const BRUTE_MEMORY_KIB: u64 = 1 << 20;
const OUTPUT_CAP: usize = 1 << 30;

/// The runs of one program on one input.
#[derive(Clone, Copy, Debug)]
pub struct Timing {
    /// Wall time.
    pub median: Duration,
    pub min: Duration,
    /// The median CPU time, for a limit that counts it.
    pub median_cpu: Duration,
    pub peak_kib: Option<u64>,
    pub output_bytes: usize,
}

/// What became of the brute force on one input.
pub enum Brute {
    Skipped,
    Finished(Duration),
    TimedOut(Duration),
    Failed(String),
}

/// One size of one series.
pub struct Row {
    pub series: String,
    pub size: u64,
    pub input_bytes: u64,
    pub solution: Timing,
    pub floor: Timing,
    /// (size, median time) over those of the previous size in the series.
    pub growth: Option<(f64, f64)>,
    pub brute: Brute,
    /// What passes the problem's limits: `time`, `memory`, with figures.
    pub over: Vec<(&'static str, String)>,
}

pub fn command(workspace: &Workspace, args: &Args) -> Result<bool, SetupError> {
    let ids = workspace.select(&args.positional)?;
    let smoke = args.flag("smoke");
    let judge = env::current_exe()
        .map_err(|e| SetupError(format!("cannot find the judge binary itself: {e}")))?;
    let mut cost = format!(
        "{}\n{}\n{}",
        runner_cost(&judge)?,
        sandbox_cost(&judge, workspace, &args.positional, smoke)?,
        launchers_compared(&judge, smoke)?
    );
    outln!("{cost}");
    let mut tables = Vec::new();
    let mut broken = Vec::new();
    for id in &ids {
        let measured = workspace.problem(id).and_then(|problem| {
            if problem.config.interactor.is_some() {
                outln!("{id}: interactive, not benchmarked: its solution needs the interactor");
                return Ok(());
            }
            let mut table = Table::new(id, &problem.config.title);
            let measured = bench_problem(&problem, smoke, &judge, &mut table);
            // A problem that could not be benched at all leaves no table.
            if measured.is_ok() || !table.is_empty() {
                tables.push(table);
            }
            measured
        });
        if let Err(error) = measured {
            eprintln!("judge: {id}: {error}");
            broken.push(id.as_str());
        }
        outln!("");
    }
    // Stressed once benched: a problem whose bench was refused runs nothing.
    let benched: Vec<String> = ids
        .iter()
        .filter(|id| !broken.contains(&id.as_str()))
        .cloned()
        .collect();
    let stressed = stress::cost(&judge, workspace, &benched, smoke);
    outln!("{stressed}");
    cost = format!("{cost}\n{stressed}");
    let target = workspace.root.join("target");
    let markdown = target.join("bench.md");
    let plot = target.join("bench.svg");
    if tables.is_empty() {
        outln!(
            "nothing benched: {} and {} kept as they were",
            markdown.display(),
            plot.display()
        );
    } else {
        write_report(&tables, &cost, smoke, &markdown, &plot)?;
    }
    if !broken.is_empty() {
        return Err(SetupError(format!("could not bench {}", broken.join(", "))));
    }
    Ok(tables.iter().all(|table| table.failures.is_empty()))
}

/// `target/bench.md` and `bench.svg`, each replaced whole.
fn write_report(
    tables: &[Table],
    cost: &str,
    smoke: bool,
    markdown: &Path,
    plot: &Path,
) -> Result<(), SetupError> {
    fs::create_dir_all(plot.parent().unwrap_or(Path::new(".")))
        .and_then(|_| files::publish(plot, svg::document(tables).as_bytes()))
        .map_err(|e| SetupError(format!("cannot write {}: {e}", plot.display())))?;
    files::publish(markdown, table::document(tables, cost, smoke).as_bytes())
        .map_err(|e| SetupError(format!("cannot write {}: {e}", markdown.display())))?;
    outln!("written to {} and {}", markdown.display(), plot.display());
    Ok(())
}

/// Whether the problem's `bench.` lines give something to bench: one line
/// at least, no size over the generators' cap.
fn benchable(config: &Config) -> Result<(), SetupError> {
    if config.bench.is_empty() {
        return Err(SetupError(
            "problem.toml has no `bench.<series> = [<size>, <size>, ...]` line to benchmark".into(),
        ));
    }
    match config.bench.iter().find_map(|series| series.oversized()) {
        Some(why) => Err(SetupError(why)),
        None => Ok(()),
    }
}

fn bench_problem(
    problem: &Problem,
    smoke: bool,
    judge: &Path,
    table: &mut Table,
) -> Result<(), SetupError> {
    let (workspace, id, config) = (&problem.workspace, problem.id.as_str(), &problem.config);
    benchable(config)?;
    let solution = Program::exec(workspace.built(id)?);
    let brute_path = workspace.binary(&format!("{id}-brute"));
    let brute = (!smoke && brute_path.is_file()).then(|| Program::exec(brute_path));
    outln!("{}", table.text_header());
    for series in &config.bench {
        let sizes = if smoke {
            series.sizes.iter().min().into_iter().copied().collect()
        } else {
            series.sizes.clone()
        };
        let mut previous: Option<(u64, Duration)> = None;
        let mut brute = brute.clone();
        for size in sizes {
            let input = inputs::prepare(workspace, id, &series.name, size, &config.helper)?;
            let solved = match time_runs(&solution, &input, smoke) {
                Ok(timing) => timing,
                Err(why) => {
                    let failure = format!("{id} {} {size}: {why}", series.name);
                    eprintln!("judge: {failure}");
                    table.failures.push(failure);
                    break;
                }
            };
            let floor = Program::Exec(
                judge.to_path_buf(),
                vec!["io-floor".into(), solved.output_bytes.to_string()],
            );
            let floor = time_runs(&floor, &input, smoke)
                .map_err(|why| SetupError(format!("the I/O floor failed: {why}")))?;
            let over = over_limits(config, &solved);
            let row = Row {
                over,
                series: series.name.clone(),
                size,
                input_bytes: fs::metadata(&input).map_or(0, |m| m.len()),
                solution: solved,
                floor,
                growth: previous.map(|(size_before, median_before)| {
                    (
                        size as f64 / size_before as f64,
                        solved.median.as_secs_f64() / median_before.as_secs_f64(),
                    )
                }),
                brute: time_brute(&mut brute, &input),
            };
            outln!("{}", table.push(&row));
            if !row.over.is_empty() {
                let figures: Vec<&str> = row.over.iter().map(|(_, f)| f.as_str()).collect();
                let note = format!(
                    "{} {size} passes the limits: {}",
                    series.name,
                    figures.join("; ")
                );
                outln!("  {note}");
                table.notes.push(note);
            }
            if let Brute::Failed(why) = &row.brute {
                let note = format!("the brute force gave up at {} {size}: {why}", series.name);
                outln!("  {note}");
                table.notes.push(note);
            }
            previous = Some((size, solved.median));
        }
    }
    Ok(())
}

/// What of `timing` passes the problem's limits: its time as the problem
/// counts it (the median), its peak memory.
fn over_limits(config: &Config, timing: &Timing) -> Vec<(&'static str, String)> {
    let mut over = Vec::new();
    let (time, clock) = match config.time {
        Clock::Cpu => (timing.median_cpu, "CPU"),
        Clock::Wall => (timing.median, "wall"),
    };
    if time > Duration::from_millis(config.time_limit_ms) {
        over.push((
            "time",
            format!(
                "{} ms of {clock} time (limit {} ms)",
                time.as_millis(),
                config.time_limit_ms
            ),
        ));
    }
    if let Some(kib) = timing.peak_kib.filter(|&kib| kib > config.memory_limit_kib) {
        over.push((
            "memory",
            format!(
                "{kib} KiB of memory (limit {} KiB)",
                config.memory_limit_kib
            ),
        ));
    }
    over
}

/// A warm-up, then up to `RUNS` timed runs (one run and no warm-up for a
/// smoke test) of `program` on `input`. An error says how the program failed.
fn time_runs(program: &Program, input: &Path, smoke: bool) -> Result<Timing, String> {
    let judge = Judge::limits_only(Limits::tool(SOLUTION_LIMIT, OUTPUT_CAP)).counting_output();
    let once = || -> Result<(Duration, Duration, Option<u64>, usize), String> {
        // Only the output's size matters: it is counted, never kept.
        let judged = judge
            .judge(program, Text::File(input), None)
            .map_err(|e| format!("cannot run {}: {e}", program.describe()))?;
        let run = &judged.run;
        match judged.judgement.verdict {
            Verdict::Accepted => Ok((run.wall, run.cpu, run.peak_kib, run.stdout_bytes as usize)),
            Verdict::TimeLimitExceeded => Err(format!(
                "no answer within {} ms",
                SOLUTION_LIMIT.as_millis()
            )),
            Verdict::OutputLimitExceeded => Err(format!("more than {OUTPUT_CAP} bytes of output")),
            _ => Err(failure(run)),
        }
    };
    let runs = if smoke {
        1
    } else {
        let (warm_up, _, _, _) = once()?;
        (RUNS_BUDGET.as_nanos() / warm_up.as_nanos().max(1)).clamp(1, RUNS as u128) as u32
    };
    let (mut walls, mut cpus) = (Vec::new(), Vec::new());
    let mut peak_kib = None;
    let mut output_bytes = 0;
    for _ in 0..runs {
        let (wall, cpu, peak, output) = once()?;
        walls.push(wall);
        cpus.push(cpu);
        peak_kib = peak_kib.max(peak);
        output_bytes = output;
    }
    walls.sort();
    cpus.sort();
    Ok(Timing {
        median: walls[walls.len() / 2],
        min: walls[0],
        median_cpu: cpus[cpus.len() / 2],
        peak_kib,
        output_bytes,
    })
}

/// What the runner adds to every run: the median wall time of a program that
/// does nothing (`judge io-floor 0`) run by the runner, against started bare
/// as a shell loop would.
fn runner_cost(judge: &Path) -> Result<String, SetupError> {
    let empty = Program::Exec(judge.to_path_buf(), vec!["io-floor".into(), "0".into()]);
    let runner = Judge::limits_only(Limits::tool(SOLUTION_LIMIT, OUTPUT_CAP)).counting_output();
    let (mut judged, mut bare) = (Vec::new(), Vec::new());
    for _ in 0..RUNS * 3 {
        let start = Instant::now();
        runner
            .judge(&empty, Text::Bytes(b""), None)
            .map_err(|e| SetupError(format!("cannot run {}: {e}", empty.describe())))?;
        judged.push(start.elapsed().as_secs_f64());
        let start = Instant::now();
        Command::new(judge)
            .args(["io-floor", "0"])
            .stdin(Stdio::null())
            .status()
            .map_err(|e| SetupError(format!("cannot run {}: {e}", empty.describe())))?;
        bare.push(start.elapsed().as_secs_f64());
    }
    let (judged, bare_median) = (median(&mut judged) * 1e3, median(&mut bare) * 1e3);
    // An empty program takes a millisecond or two started bare on a quiet
    // machine, and its runs barely differ.
    let spread = bare[bare.len() * 9 / 10] * 1e3 / bare_median.max(1e-3);
    let warning = load_warning(machine_load(), bare_median, spread);
    Ok(format!(
        "runner: {judged:.2} ms a run of an empty program, {bare_median:.2} ms started bare (sandbox: {}){warning}",
        launch::current().describe()
    ))
}

/// `judge test` of `ids` (of the workspace when none) with the sandbox,
/// with `JUDGE_SANDBOX=portable` and as a bare shell loop over the same
/// cases (each solution on each stored input, `cmp` with its answer), and
/// of their first case alone with the sandbox and without, in turn: the
/// medians, their ratios, what the sandbox adds to a case, and how much of
/// that it costs once per command and how much a run.
fn sandbox_cost(
    judge: &Path,
    workspace: &Workspace,
    ids: &[String],
    smoke: bool,
) -> Result<String, SetupError> {
    if !confine::boxed() {
        return Ok("sandbox: not in force here, so no cost to measure".into());
    }
    let pairs = if smoke { 1 } else { 5 };
    let looped = bare_loop(workspace, ids)?;
    // Without a case alone, the whole test again: no split is said.
    let first = first_case(workspace, ids)?.map_or_else(|| ids.to_vec(), |case| vec![case]);
    let test = |ids: &[String], portable: bool| {
        let mut command = judged(judge, workspace, "test");
        command.args(ids);
        if portable {
            command.env(SANDBOX_VARIABLE, "portable");
        }
        command
    };
    let mut times = [(); 5].map(|()| Vec::new());
    let mut cases = [None, None];
    for _ in 0..pairs {
        for (way, times) in times.iter_mut().enumerate() {
            let mut command = match way {
                0 | 1 => test(ids, way == 1),
                2 => {
                    let mut shell = Command::new("sh");
                    shell.args(&looped);
                    shell
                }
                _ => test(&first, way == 4),
            };
            let start = Instant::now();
            let output = command
                .stdin(Stdio::null())
                .stderr(Stdio::null())
                .output()
                .map_err(|e| SetupError(format!("cannot run judge test: {e}")))?;
            times.push(start.elapsed().as_secs_f64());
            if way == 0 || way == 3 {
                cases[way / 3] = cases_judged(&String::from_utf8_lossy(&output.stdout));
            }
        }
    }
    let [boxed, portable, bare, boxed_one, portable_one] =
        times.map(|mut times| median(&mut times));
    let each = added(boxed - portable, boxed_one - portable_one, cases);
    let taken = match pairs {
        1 => "one round".to_string(),
        pairs => format!("medians of {pairs} rounds"),
    };
    let what = match ids {
        [] => "of the workspace".to_string(),
        ids => ids.join(" "),
    };
    let over = |time: f64| time / bare.max(1e-9);
    Ok(format!(
        "sandbox: judge test {what} {boxed:.3} s, {portable:.3} s with {SANDBOX_VARIABLE}=portable, \
         {bare:.3} s as a bare shell loop: {:.2}× the loop ({:.2}× without the box){each} ({taken})",
        over(boxed),
        over(portable)
    ))
}

/// What the sandbox adds to a case, `more` seconds over the whole test's
/// cases; where the first case alone (with those named so) added
/// `more_one`, split into what it costs once per command and what a run
/// adds: `k` cases cost once + k × a run's more.
fn added(more: f64, more_one: f64, cases: [Option<u64>; 2]) -> String {
    let all = match cases[0] {
        Some(all) => all,
        None => return String::new(),
    };
    let split = match cases[1] {
        Some(k) if all > k => {
            let run = (more - more_one) / (all - k) as f64;
            let once = more - all as f64 * run;
            format!(
                ": {:.1} ms once per command, {:.2} ms a run",
                once * 1e3,
                run * 1e3
            )
        }
        _ => String::new(),
    };
    format!(
        ", {:.2} ms a case more than without it{split}",
        more * 1e3 / all.max(1) as f64
    )
}

/// The same runs with the box and with `JUDGE_SANDBOX=portable`, in turn:
/// `judge io-floor` writing 64 and 256 MiB, their median CPU time and peak
/// memory side by side, each apart from the box's by a share of it.
fn launchers_compared(judge: &Path, smoke: bool) -> Result<String, SetupError> {
    if !confine::boxed() {
        return Ok("launchers: no box in force here to compare the portable launcher with".into());
    }
    const MIB: [u64; 2] = [64, 256];
    let rounds = if smoke { 1 } else { 25 };
    let once = |which: usize| {
        let program = Program::Exec(
            judge.to_path_buf(),
            vec!["io-floor".into(), (MIB[which] << 20).to_string()],
        );
        let judged = Judge::limits_only(Limits::tool(SOLUTION_LIMIT, OUTPUT_CAP))
            .counting_output()
            .judge(&program, Text::Bytes(b""), None);
        match judged {
            Ok(judged) if judged.judgement.verdict == Verdict::Accepted => Ok((
                judged.run.cpu.as_secs_f64() * 1e3,
                judged.run.peak_kib.unwrap_or(0) as f64,
            )),
            Ok(judged) => Err(failure(&judged.run)),
            Err(e) => Err(format!("cannot run {}: {e}", program.describe())),
        }
    };
    // A thread's launchers follow the variable as it was when the first
    // started: this one's are portable, the caller's boxed.
    let (ask, asked) = mpsc::channel::<usize>();
    let (tell, told) = mpsc::channel();
    env::set_var(SANDBOX_VARIABLE, "portable");
    let figures = std::thread::scope(|scope| {
        scope.spawn(move || asked.iter().for_each(|which| drop(tell.send(once(which)))));
        // Dropped on leaving, which ends the thread the scope waits for.
        let ask = ask;
        let mut figures = vec![(Vec::new(), Vec::new()); MIB.len()];
        for _ in 0..rounds {
            for (which, (boxed, portable)) in figures.iter_mut().enumerate() {
                boxed.push(once(which)?);
                let _ = ask.send(which);
                portable.push(
                    told.recv()
                        .map_err(|_| "the portable runs stopped".to_string())??,
                );
            }
        }
        Ok(figures)
    });
    env::remove_var(SANDBOX_VARIABLE);
    let figures: Vec<_> =
        figures.map_err(|why: String| SetupError(format!("the I/O floor failed: {why}")))?;
    let runs: Vec<String> = MIB
        .iter()
        .zip(figures)
        .map(|(mib, (boxed, portable))| {
            let (boxed, portable) = (medians(&boxed), medians(&portable));
            let apart = |boxed: f64, portable: f64| (portable - boxed).abs() * 100.0 / boxed;
            format!(
                "{mib} MiB: CPU {:.1} and {:.1} ms ({:.1}% apart), peak {:.0} and {:.0} KiB ({:.1}% apart)",
                boxed.0,
                portable.0,
                apart(boxed.0, portable.0),
                boxed.1,
                portable.1,
                apart(boxed.1, portable.1),
            )
        })
        .collect();
    Ok(format!(
        "launchers: judge io-floor with the box and with {SANDBOX_VARIABLE}=portable, in turn (medians): {}",
        runs.join("; ")
    ))
}

/// The median of each figure of `runs`, (CPU time, peak memory).
fn medians(runs: &[(f64, f64)]) -> (f64, f64) {
    let mut cpu: Vec<f64> = runs.iter().map(|run| run.0).collect();
    let mut peak: Vec<f64> = runs.iter().map(|run| run.1).collect();
    (median(&mut cpu), median(&mut peak))
}

/// `sh`'s arguments for a loop running each solution of `ids` (of the
/// workspace when none) on each stored input and `cmp`-ing its output with
/// the answer.
fn bare_loop(workspace: &Workspace, ids: &[String]) -> Result<Vec<OsString>, SetupError> {
    let mut args: Vec<OsString> = vec![
        "-c".into(),
        r#"out=$(mktemp) || exit 2
while [ $# -gt 0 ]; do "$1" < "$2" > "$out"; cmp -s "$out" "$3"; shift 3; done
rm -f "$out""#
            .into(),
        "sh".into(),
    ];
    for id in workspace.select(ids)? {
        let problem = workspace.problem(&id)?;
        if problem.config.interactor.is_some() {
            continue;
        }
        let solution = workspace.built(&id)?;
        for case in Judge::of(&problem)?.cases(&problem)? {
            if let Some(answer) = &case.answer {
                args.extend([&solution, &case.input, answer].map(|path| path.into()));
            }
        }
    }
    Ok(args)
}

/// `<id>/<case>` of the first case `bare_loop` runs, if any: `judge test`
/// judges it with those whose names begin so.
fn first_case(workspace: &Workspace, ids: &[String]) -> Result<Option<String>, SetupError> {
    for id in workspace.select(ids)? {
        let problem = workspace.problem(&id)?;
        if problem.config.interactor.is_some() {
            continue;
        }
        let cases = Judge::of(&problem)?.cases(&problem)?;
        if let Some(case) = cases.into_iter().find(|case| case.answer.is_some()) {
            return Ok(Some(format!("{id}/{}", case.name)));
        }
    }
    Ok(None)
}

/// `judge --root <workspace> <name>`, to time.
fn judged(judge: &Path, workspace: &Workspace, name: &str) -> Command {
    let mut command = Command::new(judge);
    command.arg("--root").arg(&workspace.root).arg(name);
    command
}

/// The middle of `times`, which it sorts.
fn median(times: &mut [f64]) -> f64 {
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

/// The cases `judge test` judged, from its last line (`N passed, M failed`).
fn cases_judged(stdout: &str) -> Option<u64> {
    let words: Vec<&str> = stdout.lines().last()?.split_whitespace().collect();
    match words.as_slice() {
        [passed, "passed,", failed, "failed"] => {
            Some(passed.parse::<u64>().ok()? + failed.parse::<u64>().ok()?)
        }
        _ => None,
    }
}

/// A line saying the figures are taken under load, when the machine's
/// `load` average is past its CPUs, an empty program started bare took over
/// 10 ms, or its slower runs took over 3× the median; else nothing.
fn load_warning(load: Option<String>, bare_median_ms: f64, spread: f64) -> String {
    let loaded = load
        .or_else(|| (bare_median_ms > 10.0).then(|| format!("{bare_median_ms:.0} ms for nothing")))
        .or_else(|| (spread > 3.0).then(|| format!("runs {spread:.1}× apart")));
    loaded.map_or(String::new(), |why| {
        format!("\nwarning: the machine is loaded ({why}): these figures say little; bench again on a quiet one")
    })
}

/// One run of the brute force, dropped for the rest of the series once it
/// times out or fails.
fn time_brute(brute: &mut Option<Program>, input: &Path) -> Brute {
    let Some(program) = brute else {
        return Brute::Skipped;
    };
    let judge = Judge::limits_only(Limits {
        memory_kib: Some(BRUTE_MEMORY_KIB),
        ..Limits::tool(BRUTE_LIMIT, OUTPUT_CAP)
    })
    .counting_output();
    let result = match judge.judge(program, Text::File(input), None) {
        Err(e) => Brute::Failed(format!("cannot run {}: {e}", program.describe())),
        Ok(judged) => match judged.judgement.verdict {
            Verdict::Accepted => return Brute::Finished(judged.run.wall),
            Verdict::TimeLimitExceeded => Brute::TimedOut(BRUTE_LIMIT),
            Verdict::MemoryLimitExceeded | Verdict::OutputLimitExceeded => {
                Brute::Failed(format!("more than {BRUTE_MEMORY_KIB} KiB of memory"))
            }
            _ => Brute::Failed(failure(&judged.run)),
        },
    };
    *brute = None;
    result
}

/// The exit status and the message that explains it: the line after Rust's
/// `panicked at` (a backtrace may follow it), else the last line of stderr.
fn failure(outcome: &Outcome) -> String {
    let lines: Vec<&str> = outcome
        .stderr_tail
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let message = match lines.iter().position(|l| l.contains("panicked at")) {
        Some(at) => lines.get(at + 1),
        None => lines.last(),
    };
    match message {
        Some(message) => format!("{}: {message}", outcome.exit.describe()),
        None => outcome.exit.describe(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_taken_under_load_are_said_to_be() {
        assert_eq!(load_warning(None, 1.2, 1.3), "");
        let warned = |warning: String, why: &str| {
            assert!(
                warning.starts_with("\nwarning: the machine is loaded"),
                "{warning}"
            );
            assert!(warning.contains(why), "{warning}");
        };
        warned(
            load_warning(Some("load 7.5 on 2 CPUs".into()), 1.2, 1.3),
            "load 7.5 on 2 CPUs",
        );
        warned(load_warning(None, 44.0, 1.1), "44 ms for nothing");
        warned(load_warning(None, 1.5, 6.0), "runs 6.0× apart");
    }
}
