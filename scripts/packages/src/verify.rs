//! `judge verify <id>`: every labelled submission (`submission.<path>` in
//! problem.toml, written by `make import` from a package) judged on every
//! case by the problem's one judge, each checked against what its label
//! says, in a table: expected, verdict, slowest case, time. Then the time
//! limit the format's rule gives from the accepted submissions, and the
//! margin to the fastest time-limit-exceeded one. Exit 1 on any mismatch.
//! With `--matrix`, the submissions that must be rejected are run on every
//! case instead, and `matrix` says which case rejects which.

use crate::judged::{self, Run};
use crate::matrix::Matrix;
use crate::package::{expectation, NO_INPUT_VALIDATORS};
use crate::submissions::{
    builds_as_judged, left_out_note, must_be_rejected, requires_ac, rule_limit, run_submission,
    upper_bound, Reach, TIMING_RUNS,
};
use judge_core::base::args::Args;
use judge_core::base::error::SetupError;
use judge_core::base::modes::Mode;
use judge_core::base::terminal::{number, plural};
use judge_core::base::verdict::Verdict;
use judge_core::judging::grading::{self, Graded};
use judge_core::judging::judge::Judge;
use judge_core::judging::verdict::Judgement;
use judge_core::outln;
use judge_core::problem::config::{Config, Submission, TimeRule};
use judge_core::problem::workspace::{Case, Problem, Workspace};
use judge_core::process::interrupt;
use std::time::Duration;

pub fn command(workspace: &Workspace, args: &Args) -> Result<bool, SetupError> {
    let id = workspace.one(
        &args.positional,
        "verify takes one problem id: judge verify <id> (make verify P=<id>)",
    )?;
    let problem = workspace.problem(&id)?;
    let config = &problem.config;
    if config.package.submissions.is_empty() {
        return Err(SetupError(format!(
            "{id} has no labelled submissions (submission.<path> lines in problem.toml; make import PKG=... writes them)"
        )));
    }
    let judge = Judge::of(&problem)?;
    let cases = judge.cases(&problem)?;
    if args.flag("matrix") {
        return print_matrix(&problem, &judge, &cases);
    }
    let limit = judge.limits().time;
    let fingerprint = judged::fingerprint(workspace, &id)?;
    let mut kept = judged::load(workspace, &id, fingerprint);
    outln!(
        "{:<44} {:<34} {:<14} {:<22} {:>9}",
        "submission",
        "expected",
        "verdict",
        "slowest case",
        "time"
    );
    let (mut mismatches, mut reused) = (0, 0);
    let mut runs = Vec::new();
    for submission in &config.package.submissions {
        let run = match take_kept(&mut kept, &problem, submission, limit) {
            Some(run) => {
                reused += 1;
                run
            }
            None => judge_one(&problem, &judge, &cases, submission)?,
        };
        if print_row(submission, &run, config, limit) {
            mismatches += 1;
        }
        interrupt::finished(format!(
            "{} submissions verified, {mismatches} mismatches",
            runs.len() + 1
        ));
        runs.push((submission, run));
    }
    let accepted: Vec<(&str, Duration, &Run)> = runs
        .iter()
        .filter(|(submission, _)| requires_ac(submission, config.scoring))
        .map(|(submission, run)| (submission.path.as_str(), limit, run))
        .collect();
    if accepted.len() > reused {
        judged::store(workspace, &id, fingerprint, &accepted)?;
    }
    if let Some(rule) = &config.package.time_rule {
        for line in rule_lines(rule, &runs, limit, config) {
            outln!("{line}");
        }
    }
    if reused > 0 {
        let file = judged::file(workspace, &id);
        outln!(
            "kept: the judging of {} from an earlier run (nothing in judge-data/{id}/ but the time \
             limit has changed since), not run again; delete {} to judge them again",
            plural(reused, "accepted submission", "accepted submissions"),
            file.strip_prefix(&workspace.root).unwrap_or(&file).display()
        );
    }
    if config.package.input_validators.is_empty() {
        outln!("note: {NO_INPUT_VALIDATORS}");
    }
    outln!("{} submissions, {mismatches} mismatched", runs.len());
    Ok(mismatches == 0)
}

/// The kept judging of `submission`, as judged at `limit`, when it must be
/// accepted, was judged under a limit no lower, and still builds as it was
/// judged (its judge's interpreter here); taken out of `kept`.
fn take_kept(
    kept: &mut Vec<judged::Kept>,
    problem: &Problem,
    submission: &Submission,
    limit: Duration,
) -> Option<Run> {
    let config = &problem.config;
    if !requires_ac(submission, config.scoring) {
        return None;
    }
    let at = kept
        .iter()
        .position(|(path, judged_under, _)| *path == submission.path && *judged_under >= limit)?;
    if !builds_as_judged(&problem.workspace, &problem.id, submission) {
        return None;
    }
    let (_, _, run) = kept.swap_remove(at);
    Some(judged::at_limit(&run, limit, config.groups.is_empty()))
}

/// Judges `submission` now: one that must time out past the limit by the
/// rule's margin, one that must be accepted with its slowest case timed.
fn judge_one(
    problem: &Problem,
    judge: &Judge,
    cases: &[Case],
    submission: &Submission,
) -> Result<Run, SetupError> {
    let config = &problem.config;
    let stretched = config
        .package
        .time_rule
        .filter(|_| upper_bound(submission))
        .map(|rule| {
            let limit = judge.limits().time;
            judge
                .clone()
                .with_time_limit(limit.mul_f64(rule.safety_margin))
        });
    let reach = match requires_ac(submission, config.scoring) {
        true => Reach::Timed,
        false => Reach::FirstRejection,
    };
    let judge = stretched.as_ref().unwrap_or(judge);
    run_submission(problem, judge, cases, submission, reach)
}

/// `--matrix`: each submission that must be rejected run on every case (one
/// skipped or not compiling is named and left out), then the matrix's report.
fn print_matrix(problem: &Problem, judge: &Judge, cases: &[Case]) -> Result<bool, SetupError> {
    let (id, config) = (&problem.id, &problem.config);
    let mut matrix = Matrix {
        cases: cases.iter().map(|case| case.name.clone()).collect(),
        submissions: Vec::new(),
        rejects: vec![Vec::new(); cases.len()],
    };
    for submission in config
        .package
        .submissions
        .iter()
        .filter(|s| must_be_rejected(s))
    {
        let run = run_submission(problem, judge, cases, submission, Reach::EveryCase)?;
        let verdicts = match (&run.skipped, &run.result) {
            (Some(why), _) => {
                outln!("{}: skipped: {why}", submission.path);
                continue;
            }
            (None, Err(message)) => {
                let first = message.lines().next().unwrap_or("");
                outln!(
                    "{}: left out, it does not compile: {first}",
                    submission.path
                );
                continue;
            }
            (None, Ok(verdicts)) => verdicts,
        };
        for (row, (_, verdict, _)) in matrix.rejects.iter_mut().zip(verdicts) {
            row.push(*verdict != Verdict::Accepted);
        }
        matrix.submissions.push(submission.path.clone());
        interrupt::finished(format!(
            "{} wrong submissions run on every case",
            matrix.submissions.len()
        ));
    }
    if matrix.submissions.is_empty() {
        outln!("{id} has no labelled wrong submission that ran: no matrix");
        return Ok(true);
    }
    for line in matrix.report() {
        outln!("{line}");
    }
    Ok(true)
}

/// Prints the submission's row: what it got beside what its label says;
/// `true` when they do not match.
fn print_row(submission: &Submission, run: &Run, config: &Config, limit: Duration) -> bool {
    let stretched = config.package.time_rule.is_some() && upper_bound(submission);
    let over_limit = run.result.as_ref().is_ok_and(|verdicts| {
        verdicts
            .iter()
            .any(|(_, v, cpu)| *v == Verdict::Accepted && *cpu > limit)
    });
    let (shown, mismatch) = check(submission, run, config, limit);
    let (slowest, time) = run
        .slowest()
        .map_or(("-".to_string(), "-".to_string()), |(case, cpu)| {
            (case.to_string(), format!("{} ms", cpu.as_millis()))
        });
    let status = match &mismatch {
        Some(why) => format!("MISMATCH: {why}"),
        None if run.skipped.is_some() => {
            format!("skipped: {}", run.skipped.as_deref().unwrap_or(""))
        }
        None => "ok".to_string(),
    };
    let status = match &run.fallback {
        Some(fallback) => format!("{status} ({fallback})"),
        None => status,
    };
    outln!(
        "{:<44} {:<34} {:<14} {:<22} {:>9}  {status}{}",
        submission.path,
        expectation(submission),
        shown,
        slowest,
        time,
        if stretched && over_limit {
            " (TLE at the limit)"
        } else {
            ""
        }
    );
    mismatch.is_some()
}

/// Whether `verdict` is one of `list`: the formats count a memory limit as
/// a run-time error.
fn among(verdict: Verdict, list: &[Verdict]) -> bool {
    list.contains(&verdict)
        || (verdict == Verdict::MemoryLimitExceeded && list.contains(&Verdict::RuntimeError))
}

/// The verdict as shown (`WA (3 of 10)`), and why it does not meet the
/// label, if it does not.
fn check(
    submission: &Submission,
    run: &Run,
    config: &Config,
    limit: Duration,
) -> (String, Option<String>) {
    let verdicts = match (&run.skipped, &run.result) {
        (Some(_), _) => return ("-".into(), None),
        (None, Err(message)) => {
            let expected_ce = [
                &submission.permitted,
                &submission.required,
                &submission.finals,
            ]
            .iter()
            .any(|list| list.contains(&Verdict::CompileError));
            let first = message.lines().next().unwrap_or("").to_string();
            return (
                Verdict::CompileError.name().into(),
                (!expected_ce).then(|| format!("it does not compile: {first}")),
            );
        }
        (None, Ok(verdicts)) => verdicts,
    };
    // A submission stretched past the limit is judged at the limit itself.
    let each: Vec<Verdict> = verdicts
        .iter()
        .map(|(_, v, cpu)| match v {
            Verdict::Accepted if *cpu > limit => Verdict::TimeLimitExceeded,
            other => *other,
        })
        .collect();
    let cases: Vec<&str> = verdicts.iter().map(|(case, _, _)| case.as_str()).collect();
    let top = top_group(config, run, &cases, &each);
    let first_rejection = each.iter().copied().find(|v| *v != Verdict::Accepted);
    let final_verdict = top
        .as_ref()
        .map_or(first_rejection.unwrap_or(Verdict::Accepted), |top| {
            top.verdict
        });
    let failing = each.iter().filter(|v| **v != Verdict::Accepted).count();
    let shown = if failing == 0 {
        final_verdict.name().to_string()
    } else {
        format!("{} ({failing} of {})", final_verdict.name(), each.len())
    };
    let score = config.scoring.then(|| top.map_or(0.0, |g| g.score));
    let shown = match score {
        Some(score) => format!("{shown} {}", number(score)),
        None => shown,
    };
    let unmet = unmet(submission, &cases, &each, final_verdict, score);
    (shown, unmet)
}

/// With groups, the top group as the format's grader gives it from every
/// group's flags (the verdict of a submission with groups, and its score),
/// each case as `each` says (an AC past the limit a TLE); `None` without.
fn top_group(config: &Config, run: &Run, cases: &[&str], each: &[Verdict]) -> Option<Graded> {
    let judged = |case: &str| {
        let (_, judgement) = run.judgements.iter().find(|(c, _)| c == case)?;
        let index = cases.iter().position(|c| *c == case)?;
        Some(match each[index] {
            Verdict::TimeLimitExceeded if judgement.is_accepted() => {
                Judgement::new(Verdict::TimeLimitExceeded, "")
            }
            _ => judgement.clone(),
        })
    };
    grading::grade(&config.groups, &judged).pop()
}

/// Why the verdicts (`each`, on `cases`, and `final_verdict`) and the
/// score do not meet the submission's label, if they do not.
fn unmet(
    submission: &Submission,
    cases: &[&str],
    each: &[Verdict],
    final_verdict: Verdict,
    score: Option<f64>,
) -> Option<String> {
    let names = |list: &[Verdict]| list.iter().map(|v| v.name()).collect::<Vec<_>>().join(", ");
    let permitted = &submission.permitted;
    if let Some((case, verdict)) = cases
        .iter()
        .zip(each)
        .find(|(_, v)| !permitted.is_empty() && !among(**v, permitted))
    {
        return Some(format!(
            "{} on {case}, which only {} are permitted",
            verdict.name(),
            names(permitted)
        ));
    }
    if !submission.required.is_empty() && !each.iter().any(|v| among(*v, &submission.required)) {
        return Some(format!("no case got {}", names(&submission.required)));
    }
    if !submission.finals.is_empty() && !among(final_verdict, &submission.finals) {
        return Some(format!(
            "it got {}, not {}",
            final_verdict.name(),
            names(&submission.finals)
        ));
    }
    match (submission.score, score) {
        (Some((low, high)), Some(score)) if score < low || score > high => Some(format!(
            "it scored {}, not {}..{}",
            number(score),
            number(low),
            number(high)
        )),
        _ => None,
    }
}

/// What the rule says of the limit in problem.toml and of the margin.
fn rule_lines(
    rule: &TimeRule,
    runs: &[(&Submission, Run)],
    limit: Duration,
    config: &Config,
) -> Vec<String> {
    let mut lines = vec![limit_line(rule, runs, limit, config)];
    if let Some(note) = left_out_note(runs, config.scoring) {
        lines.push(format!("time limit: {note}"));
    }
    lines.extend(margin_lines(rule, runs, limit));
    lines
}

/// The limit the rule gives beside problem.toml's, to set it to if they
/// differ; for the package's own limit, the slowest accepted time alone.
fn limit_line(
    rule: &TimeRule,
    runs: &[(&Submission, Run)],
    limit: Duration,
    config: &Config,
) -> String {
    let limit_ms = limit.as_millis() as u64;
    let found = rule_limit(rule, runs, config.scoring);
    let slowest = found.as_ref().map(|(_, from, cpu)| {
        format!(
            "slowest accepted: {} ms on {from}, the median of {TIMING_RUNS} runs",
            cpu.as_millis()
        )
    });
    if config.package.time_limit_fixed {
        let slowest = slowest.map_or(String::new(), |slowest| format!(" ({slowest})"));
        return format!(
            "time limit: {limit_ms} ms, the package's own: the format's rule does not set it{slowest}"
        );
    }
    let (Some((ms, _, _)), Some(slowest)) = (found, slowest) else {
        return "time limit: no accepted submission ran, so the format's rule gives none".into();
    };
    let advice = match ms == limit_ms {
        true => "",
        false => ": set time_limit_ms to it",
    };
    format!(
        "time limit: {limit_ms} ms in problem.toml; the format's rule gives {ms} ms ({slowest}, × {}, \
         rounded up to a multiple of {} ms){advice}",
        number(rule.multiplier),
        rule.resolution_ms
    )
}

/// How a submission that must time out ended, run up to the margin.
enum Ending {
    /// In time: its slowest case's CPU time.
    Finished(Duration),
    /// Out of CPU time: evidence that the margin holds.
    OutOfCpu,
    /// Stopped by the wall clock with CPU time to spare (the machine's
    /// load, or a program that sleeps): evidence of nothing. The most CPU
    /// time a case so stopped had used.
    WallClock(Duration),
}

/// How the run `verdicts`, each case's CPU time beside it, ended under the
/// `stretched` limit; `None` when no case ran.
fn ending(verdicts: &[(String, Verdict, Duration)], stretched: Duration) -> Option<Ending> {
    let slowest = verdicts.iter().map(|(_, _, cpu)| *cpu).max()?;
    let timed_out = verdicts
        .iter()
        .filter(|(_, v, _)| *v == Verdict::TimeLimitExceeded)
        .map(|(_, _, cpu)| *cpu)
        .max();
    Some(match timed_out {
        None => Ending::Finished(slowest),
        Some(cpu) if cpu > stretched => Ending::OutOfCpu,
        Some(cpu) => Ending::WallClock(cpu),
    })
}

/// What the submissions that must time out, run at the limit × the
/// margin, say of the margin: the fastest of those that finished, else
/// whether they all ran out of CPU time; those the wall clock stopped are
/// named, never counted.
fn margin_lines(rule: &TimeRule, runs: &[(&Submission, Run)], limit: Duration) -> Vec<String> {
    let stretched = limit.mul_f64(rule.safety_margin);
    let endings: Vec<(&Submission, Ending)> = runs
        .iter()
        .filter(|(submission, run)| upper_bound(submission) && run.skipped.is_none())
        .filter_map(|(submission, run)| {
            Some((*submission, ending(run.result.as_ref().ok()?, stretched)?))
        })
        .collect();
    let finished = endings
        .iter()
        .filter_map(|(submission, e)| match e {
            Ending::Finished(cpu) => Some((submission, *cpu)),
            _ => None,
        })
        .min_by_key(|(_, cpu)| *cpu);
    let out_of_cpu = endings.iter().any(|(_, e)| matches!(e, Ending::OutOfCpu));
    let walled: Vec<String> = endings
        .iter()
        .filter_map(|(submission, e)| match e {
            Ending::WallClock(cpu) => Some(format!(
                "{} ({} ms of CPU)",
                submission.path,
                cpu.as_millis()
            )),
            _ => None,
        })
        .collect();
    let at = format!(
        "{} × the limit ({} ms)",
        number(rule.safety_margin),
        stretched.as_millis()
    );
    let mut lines = vec![match (finished, out_of_cpu) {
        (Some((submission, cpu)), _) => format!(
            "margin: the fastest time-limit-exceeded submission, {}, needs {} ms, {} × the limit; the rule wants {}",
            submission.path,
            cpu.as_millis(),
            number(cpu.as_secs_f64() / limit.as_secs_f64().max(1e-9)),
            number(rule.safety_margin)
        ),
        (None, true) => format!(
            "margin: every time-limit-exceeded submission{} still times out at {at}: the rule's margin holds",
            if walled.is_empty() { "" } else { " that ran out of CPU time" }
        ),
        (None, false) if walled.is_empty() => {
            "margin: no time-limit-exceeded submission to measure it against".into()
        }
        (None, false) => format!(
            "margin: no time-limit-exceeded submission ran out of CPU time at {at}: nothing measures it"
        ),
    }];
    if !walled.is_empty() {
        lines.push(format!(
            "margin: stopped by the wall clock with CPU time to spare (the machine's load, or a program \
             that sleeps), so no evidence for it: {}",
            walled.join(", ")
        ));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn submission(path: &str, permitted: &[Verdict], required: &[Verdict]) -> Submission {
        Submission {
            path: path.into(),
            permitted: permitted.to_vec(),
            required: required.to_vec(),
            finals: Vec::new(),
            score: None,
            entry_point: None,
            language: None,
        }
    }

    fn run(verdict: Verdict, ms: u64) -> Run {
        Run {
            result: Ok(vec![("1".into(), verdict, Duration::from_millis(ms))]),
            judgements: Vec::new(),
            skipped: None,
            fallback: None,
        }
    }

    #[test]
    fn a_wall_clock_kill_is_no_evidence_for_the_margin() {
        use Verdict::*;
        let rule = TimeRule {
            multiplier: 2.0,
            safety_margin: 2.0,
            resolution_ms: 1000,
        };
        let config =
            judge_core::problem::config::parse("time_limit_ms = 1000\nmemory_limit_kib = 1024\n")
                .unwrap();
        let accepted = submission("accepted/a.py", &[Accepted], &[]);
        let slow = submission(
            "time_limit_exceeded/slow.py",
            &[Accepted, TimeLimitExceeded],
            &[TimeLimitExceeded],
        );
        // Run at 2 × 1000 ms: stopped by the wall clock after 300 ms of CPU.
        let runs = vec![
            (&accepted, run(Accepted, 200)),
            (&slow, run(TimeLimitExceeded, 300)),
        ];
        let lines = rule_lines(&rule, &runs, Duration::from_secs(1), &config).join("\n");
        assert!(!lines.contains("the rule's margin holds"), "{lines}");
        assert!(
            lines.contains("time_limit_exceeded/slow.py (300 ms of CPU)"),
            "{lines}"
        );
        // Out of CPU time at 2100 ms: the margin holds.
        let runs = vec![
            (&accepted, run(Accepted, 200)),
            (&slow, run(TimeLimitExceeded, 2100)),
        ];
        let lines = rule_lines(&rule, &runs, Duration::from_secs(1), &config).join("\n");
        assert!(lines.contains("the rule's margin holds"), "{lines}");
    }
}
