//! `judge mutants <id>`: how strong the stored cases and stress are. Every
//! mutant of the solution's own code is built and judged on the stored
//! cases; each survivor is stressed against the brute force; with `--save`
//! the shrunk input that killed one becomes `judge-data/<id>/mutant-<name>.in`
//! with the brute force's answer. The report goes to stdout and to
//! `target/mutants.md`.

mod judged;
mod mutate;
mod report;

use crate::judged::{Builder, Cases, Counts, Fate, Seeds, Stressed};
use crate::mutate::Mutant;
use judge_core::base::args::Args;
use judge_core::base::error::SetupError;
use judge_core::base::files::Text;
use judge_core::base::judges::{self, Format};
use judge_core::base::verdict::Verdict;
use judge_core::judging::judge::Judge;
use judge_core::judging::trial::Trial;
use judge_core::outln;
use judge_core::problem::config::Config;
use judge_core::problem::workspace::{Case, Workspace};
use judge_core::process::launch;
use judge_core::process::run::Program;
use judge_paste::Style;
use report::{Report, Row};
use std::fs;
use std::io::{self, IsTerminal};
use std::sync::atomic::Ordering;
use std::thread;
use std::time::Instant;

const DEFAULT_SEEDS: u64 = 300;

/// What one run works on.
struct Problem {
    id: String,
    config: Config,
    judge: Judge,
    cases: Vec<Case>,
    source: String,
    /// The solution file, as the report names it.
    file: String,
    mutants: Vec<Mutant>,
    brute: Program,
    gen: Program,
    builder: Builder,
}

pub fn command(workspace: &Workspace, args: &Args) -> Result<bool, SetupError> {
    let id = workspace.one(&args.positional, "judge mutants <id> (make mutants P=<id>)")?;
    let jobs = args.number("jobs", default_jobs()).map_err(SetupError)? as usize;
    if jobs == 0 {
        return Err(SetupError("--jobs must be at least 1".into()));
    }
    let seeds = args.number("count", DEFAULT_SEEDS).map_err(SetupError)?;
    let first_seed = args.number("seed", 1).map_err(SetupError)?;
    let problem = setup(workspace, &id)?;
    outln!("sandbox: {}", launch::current().describe());
    let cases = Cases {
        judge: &problem.judge,
        groups: &problem.config.groups,
        cases: &problem.cases,
    };
    if let Some((case, verdict)) = original_fails(&problem, &cases)? {
        eprintln!(
            "judge: {id}: the solution itself fails {case} ({verdict}): mutants are measured \
             against a solution that passes every stored case; fix it first (make test P={id})"
        );
        return Ok(false);
    }
    let started = Instant::now();
    let mut rows = judge_on_cases(&problem, &cases, jobs)?;
    let judged_in = started.elapsed();
    let dead = dead_cases(&problem, &cases, &rows, jobs)?;
    let bench: Vec<u64> = problem
        .config
        .bench
        .iter()
        .flat_map(|s| s.sizes.clone())
        .collect();
    let seeds = Seeds {
        first: first_seed,
        count: seeds,
        sizes: judged::stress_sizes(&trial(&problem, problem.brute.clone()), first_seed, &bench),
        layout: problem.config.stress_layout.as_ref(),
    };
    stress_survivors(&problem, &mut rows, &seeds, jobs)?;
    if args.flag("save") {
        save_kills(workspace, &problem, &mut rows);
    }
    let report = Report {
        id: &problem.id,
        file: &problem.file,
        source: &problem.source,
        cases: problem.cases.len(),
        rows: &rows,
        dead: &dead,
        seeds: &seeds,
        jobs,
        judged_in,
    };
    report.print(&workspace.target("mutants.md"))?;
    Ok(true)
}

fn default_jobs() -> u64 {
    thread::available_parallelism().map_or(1, |n| n.get() as u64)
}

/// Everything a run needs, or the one line that says why it cannot run.
fn setup(workspace: &Workspace, id: &str) -> Result<Problem, SetupError> {
    let loaded = workspace.problem(id)?;
    let judge = Judge::of(&loaded)?;
    if judge.is_interactive() {
        return Err(SetupError(format!(
            "{id} is interactive: mutants stresses the survivors against a brute force's \
             answers, which an interactive problem does not have; not supported"
        )));
    }
    let brute_source = workspace.problem_dir(id).join("src/brute.rs");
    if !brute_source.is_file() && !workspace.binary(&format!("{id}-brute")).is_file() {
        return Err(SetupError(format!(
            "{id} has no brute force ({}): stress, which judges what the stored cases \
             let through, needs one",
            brute_source.display()
        )));
    }
    let cases = judge.cases(&loaded)?;
    let config = loaded.config;
    if cases.is_empty() {
        return Err(SetupError(format!(
            "{} has no cases: a mutant is judged on the stored cases first",
            workspace.data_dir(id).display()
        )));
    }
    let file = format!("problems/{id}/src/main.rs");
    let path = workspace.root.join(&file);
    let source = fs::read_to_string(&path)
        .map_err(|e| SetupError(format!("cannot read {}: {e}", path.display())))?;
    let (style, extra) = match judges::format_of(&config.judge) {
        Format::Stdin => (Style::WholeFile, Vec::new()),
        Format::LeetCode => (
            Style::LeetCode,
            judged::harness_crates(&workspace.target("release/deps"), &["testkit", "leetcode"])?,
        ),
    };
    let mutants =
        mutate::mutants(&source, style).map_err(|e| SetupError(format!("{file}: {e}")))?;
    if mutants.is_empty() {
        return Err(SetupError(format!("{file}: no code of its own to mutate")));
    }
    Ok(Problem {
        id: id.to_string(),
        brute: workspace.built(&format!("{id}-brute")).map(Program::exec)?,
        gen: workspace.built(&format!("{id}-gen")).map(Program::exec)?,
        builder: Builder::new(workspace.target("mutants").join(id), extra)?,
        config,
        judge,
        cases,
        source,
        file,
        mutants,
    })
}

/// The solution built as its mutants are, and the case it fails, if any.
fn original_fails(
    problem: &Problem,
    cases: &Cases,
) -> Result<Option<(String, Verdict)>, SetupError> {
    match problem.builder.build(&problem.source)? {
        Some(program) => cases.first_kill(&program),
        None => Err(SetupError(format!(
            "{} does not compile alone with rustc -O: see {}",
            problem.file,
            problem
                .builder
                .folder(&problem.source)
                .with_extension("refused")
                .display()
        ))),
    }
}

/// Every mutant built and judged on the stored cases, with a progress line.
fn judge_on_cases(problem: &Problem, cases: &Cases, jobs: usize) -> Result<Vec<Row>, SetupError> {
    let programs: Vec<String> = problem
        .mutants
        .iter()
        .map(|mutant| mutant.apply(&problem.source))
        .collect();
    let total = programs.len();
    let live = io::stderr().is_terminal();
    let started = Instant::now();
    let mut shown = Instant::now();
    let mut tick = |counts: &Counts| {
        if shown.elapsed().as_millis() < if live { 200 } else { 5000 } {
            return;
        }
        shown = Instant::now();
        let line = format!(
            "mutants: {}/{total} judged, {} killed, {} do not compile, {} s",
            counts.done.load(Ordering::SeqCst),
            counts.killed.load(Ordering::SeqCst),
            counts.refused.load(Ordering::SeqCst),
            started.elapsed().as_secs()
        );
        if live {
            eprint!("\r\x1b[2K{line}");
        } else {
            eprintln!("{line}");
        }
    };
    let fates = judged::judge_all(&problem.builder, cases, &programs, jobs, &mut tick)?;
    if live {
        eprint!("\r\x1b[2K");
    }
    let rows = problem.mutants.iter().zip(fates);
    Ok(rows
        .map(|(mutant, (fate, program))| Row {
            name: mutant.name(&problem.source),
            mutant: mutant.clone(),
            fate,
            program,
            stressed: None,
            saved: None,
        })
        .collect())
}

/// The cases that kill no mutant at all: no mutant's first killer, and
/// none of those the others killed (a TLE aside: it would only time out
/// again) falls to them either.
fn dead_cases(
    problem: &Problem,
    cases: &Cases,
    rows: &[Row],
    jobs: usize,
) -> Result<Vec<String>, SetupError> {
    let first_killers: Vec<&str> = rows
        .iter()
        .filter_map(|row| match &row.fate {
            Fate::Killed { case, .. } => Some(case.as_str()),
            _ => None,
        })
        .collect();
    let others: Vec<&Case> = problem
        .cases
        .iter()
        .filter(|case| !first_killers.contains(&case.name.as_str()))
        .collect();
    let killed: Vec<&Program> = rows
        .iter()
        .filter(|row| {
            matches!(&row.fate, Fate::Killed { verdict, .. } if *verdict != Verdict::TimeLimitExceeded)
        })
        .filter_map(|row| row.program.as_ref())
        .collect();
    let work = |case: &&Case| -> Result<bool, SetupError> {
        for program in &killed {
            if cases.kills(case, program)? {
                return Ok(true);
            }
        }
        Ok(false)
    };
    let kills = judged::in_parallel(&others, jobs, &work, &mut || {})?;
    Ok(others
        .iter()
        .zip(kills)
        .filter(|(_, kills)| !kills)
        .map(|(case, _)| case.name.clone())
        .collect())
}

/// Each survivor of the stored cases stressed against the brute force.
fn stress_survivors(
    problem: &Problem,
    rows: &mut [Row],
    seeds: &Seeds,
    jobs: usize,
) -> Result<(), SetupError> {
    let survivors: Vec<usize> = (0..rows.len())
        .filter(|&at| rows[at].fate == Fate::Survived)
        .collect();
    if survivors.is_empty() {
        return Ok(());
    }
    eprintln!(
        "mutants: stressing {} survivors, {} seeds each",
        survivors.len(),
        seeds.count
    );
    let programs: Vec<Program> = survivors
        .iter()
        .filter_map(|&at| rows[at].program.clone())
        .collect();
    let work =
        |program: &Program| judged::stress(&trial(problem, program.clone()), seeds, jobs > 1);
    let stressed = judged::in_parallel(&programs, jobs, &work, &mut || {})?;
    for (at, stressed) in survivors.into_iter().zip(stressed) {
        rows[at].stressed = Some(stressed);
    }
    Ok(())
}

/// `sol` stressed against the problem's brute force and generator.
fn trial(problem: &Problem, sol: Program) -> Trial {
    Trial {
        sol,
        brute: Some(problem.brute.clone()),
        gen: problem.gen.clone(),
        gen_limits: problem.config.helper,
        judge: problem.judge.clone(),
    }
}

/// Saves the shrunk input that killed each mutant stress killed, with the
/// brute force's answer, as `mutant-<name>.in/.out`: never over a case, and
/// one input once.
fn save_kills(workspace: &Workspace, problem: &Problem, rows: &mut [Row]) {
    let dir = workspace.data_dir(&problem.id);
    let mut saved: Vec<(Vec<u8>, String)> = Vec::new();
    for row in rows.iter_mut() {
        let Some(Stressed::Killed { failure, .. }) = &row.stressed else {
            continue;
        };
        if let Some((_, name)) = saved.iter().find(|(input, _)| *input == failure.input) {
            row.saved = Some(Ok(format!("the same input as {name}.in")));
            continue;
        }
        let answer = failure.expected.as_deref().unwrap_or_default();
        let itself =
            problem
                .judge
                .compare(Text::Bytes(&failure.input), answer, Text::Bytes(answer));
        if itself.verdict != Verdict::Accepted {
            row.saved = Some(Err(format!(
                "not saved: the brute force's answer judged against itself is {}",
                itself.verdict
            )));
            continue;
        }
        let name = format!("mutant-{}", row.name);
        let input = dir.join(format!("{name}.in"));
        let result = failure
            .save(&dir, &input, &input.with_extension("out"))
            .map(|()| {
                saved.push((failure.input.clone(), name.clone()));
                format!(
                    "saved judge-data/{}/{name}.in with the brute force's answer",
                    problem.id
                )
            });
        row.saved = Some(result.map_err(|reason| format!("not saved: {reason}")));
    }
}
