//! `judge verify <id>`: every labelled submission (`submission.<path>` in
//! problem.toml, written by `make import` from a package) judged on every
//! case by the problem's one judge, each checked against what its label
//! says, in a table: expected, verdict, slowest case, time. Then the time
//! limit the format's rule gives from the accepted submissions, and the
//! margin to the fastest time-limit-exceeded one. Exit 1 on any mismatch.

use super::test::number;
use crate::base::args::Args;
use crate::base::error::SetupError;
use crate::base::modes::{Expected, Mode};
use crate::judging::grading;
use crate::judging::judge::Judge;
use crate::judging::verdict::{Judgement, Verdict};
use crate::problem::config::{Config, Submission, TimeRule};
use crate::problem::package::expectation;
use crate::problem::workspace::{Case, Workspace};
use crate::process::interrupt;
use crate::process::sources::{self, BuildError, Source};
use std::time::Duration;

/// How long a submission may run at import, while the rule's limit is
/// not known yet.
pub const TIMING_CAP: Duration = Duration::from_secs(20);

pub fn command(workspace: &Workspace, args: &Args) -> Result<bool, SetupError> {
    let id = workspace.one(
        &args.positional,
        "verify takes one problem id: judge verify <id> (make verify P=<id>)",
    )?;
    let config = workspace.config(&id)?;
    if config.submissions.is_empty() {
        return Err(SetupError(format!(
            "{id} has no labelled submissions (submission.<path> lines in problem.toml; make import PKG=... writes them)"
        )));
    }
    let judge = Judge::of(workspace, &id, &config)?;
    let cases = workspace.cases(&id, !judge.is_interactive())?;
    let limit = judge.limits().time;
    outln!(
        "{:<44} {:<34} {:<14} {:<22} {:>9}",
        "submission",
        "expected",
        "verdict",
        "slowest case",
        "time"
    );
    let mut mismatches = 0;
    let mut runs = Vec::new();
    for submission in &config.submissions {
        // A submission that must time out is run past the limit by the rule's margin.
        let stretched = config
            .time_rule
            .filter(|_| upper_bound(submission))
            .map(|rule| {
                judge
                    .clone()
                    .with_time_limit(limit.mul_f64(rule.safety_margin))
            });
        let run = run_submission(
            workspace,
            &id,
            &config,
            stretched.as_ref().unwrap_or(&judge),
            &cases,
            submission,
        )?;
        let verdict_at_limit = match (&stretched, &run.result) {
            (Some(_), Ok(verdicts))
                if verdicts
                    .iter()
                    .any(|(_, v, cpu)| *v == Verdict::Accepted && *cpu > limit) =>
            {
                "TLE at the limit".to_string()
            }
            _ => String::new(),
        };
        let (shown, mismatch) = check(submission, &run, &config, limit);
        let (slowest, time) = run
            .slowest()
            .map_or(("-".to_string(), "-".to_string()), |(case, cpu)| {
                (case.to_string(), format!("{} ms", cpu.as_millis()))
            });
        let status = match &mismatch {
            Some(why) => {
                mismatches += 1;
                format!("MISMATCH: {why}")
            }
            None if run.skipped.is_some() => {
                format!("skipped: {}", run.skipped.as_deref().unwrap_or(""))
            }
            None => "ok".to_string(),
        };
        outln!(
            "{:<44} {:<34} {:<14} {:<22} {:>9}  {status}{}",
            submission.path,
            expectation(submission),
            shown,
            slowest,
            time,
            if verdict_at_limit.is_empty() {
                String::new()
            } else {
                format!(" ({verdict_at_limit})")
            }
        );
        interrupt::finished(format!(
            "{} submissions verified, {mismatches} mismatches",
            runs.len() + 1
        ));
        runs.push((submission, run));
    }
    if let Some(rule) = &config.time_rule {
        for line in rule_lines(rule, &runs, limit) {
            outln!("{line}");
        }
    }
    outln!("{} submissions, {mismatches} mismatched", runs.len());
    Ok(mismatches == 0)
}

/// Whether a label says the submission must never time out: it bounds the
/// limit from below.
pub fn lower_bound(submission: &Submission) -> bool {
    let tle = Expected::TimeLimitExceeded;
    if !submission.permitted.is_empty() {
        !submission.permitted.contains(&tle)
    } else {
        submission.required.is_empty() && submission.finals == [Expected::Accepted]
    }
}

/// Whether a label says the submission must time out: it bounds the limit
/// from above.
fn upper_bound(submission: &Submission) -> bool {
    let tle = [Expected::TimeLimitExceeded];
    submission.required == tle || (submission.required.is_empty() && submission.finals == tle)
}

/// One submission's run on the cases.
pub struct Run {
    /// Each judged case's verdict and CPU time, in order; `Err` for a build
    /// that failed (a compile error).
    pub result: Result<Vec<(String, Verdict, Duration)>, String>,
    pub judgements: Vec<(String, Judgement)>,
    /// Why it was not run: a compiler that is not installed.
    pub skipped: Option<String>,
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

/// Builds the submission and judges it on `cases`; without groups it
/// stops at the first rejection, as the format's judges do.
pub fn run_submission(
    workspace: &Workspace,
    id: &str,
    config: &Config,
    judge: &Judge,
    cases: &[Case],
    submission: &Submission,
) -> Result<Run, SetupError> {
    let path = workspace.data_dir(id).join(&submission.path);
    let source = Source {
        path: &path,
        entry_point: submission.entry_point.as_deref(),
        language: submission.language,
        includes: &[],
    };
    let program = match sources::build(&source, &workspace.target("foreign")) {
        Ok(program) => program,
        Err(BuildError::Missing { tool, .. }) => {
            return Ok(Run {
                result: Ok(Vec::new()),
                judgements: Vec::new(),
                skipped: Some(format!("no {tool} here")),
            })
        }
        Err(BuildError::Failed(message)) => {
            return Ok(Run {
                result: Err(message),
                judgements: Vec::new(),
                skipped: None,
            })
        }
    };
    let mut verdicts = Vec::new();
    let mut judgements = Vec::new();
    for case in cases {
        let judged = judge.judge_case(&config.groups, &program, case)?;
        let verdict = judged.judgement.verdict;
        verdicts.push((case.name.clone(), verdict, judged.run.cpu));
        judgements.push((case.name.clone(), judged.judgement));
        if config.groups.is_empty() && verdict != Verdict::Accepted {
            break;
        }
    }
    Ok(Run {
        result: Ok(verdicts),
        judgements,
        skipped: None,
    })
}

fn expected_of(verdict: Verdict) -> Expected {
    match verdict {
        Verdict::Accepted => Expected::Accepted,
        Verdict::PresentationError => Expected::PresentationError,
        Verdict::WrongAnswer => Expected::WrongAnswer,
        Verdict::TimeLimitExceeded => Expected::TimeLimitExceeded,
        Verdict::MemoryLimitExceeded => Expected::MemoryLimitExceeded,
        Verdict::OutputLimitExceeded => Expected::OutputLimitExceeded,
        Verdict::RuntimeError => Expected::RuntimeError,
        Verdict::CheckerFailure => Expected::Failure,
    }
}

/// Whether `verdict` is one of `list`: the formats count a memory limit as
/// a run-time error.
fn among(verdict: Expected, list: &[Expected]) -> bool {
    list.contains(&verdict)
        || (verdict == Expected::MemoryLimitExceeded && list.contains(&Expected::RuntimeError))
}

/// The verdict as shown (`WA (3 of 10)`), and why it does not meet the
/// label, if it does not.
fn check(
    submission: &Submission,
    run: &Run,
    config: &Config,
    limit: Duration,
) -> (String, Option<String>) {
    let names = |list: &[Expected]| list.iter().map(|v| v.name()).collect::<Vec<_>>().join(", ");
    let verdicts = match (&run.skipped, &run.result) {
        (Some(_), _) => return ("-".into(), None),
        (None, Err(message)) => {
            let expected_ce = [
                &submission.permitted,
                &submission.required,
                &submission.finals,
            ]
            .iter()
            .any(|list| list.contains(&Expected::CompileError));
            let first = message.lines().next().unwrap_or("").to_string();
            return (
                "CE".into(),
                (!expected_ce).then(|| format!("it does not compile: {first}")),
            );
        }
        (None, Ok(verdicts)) => verdicts,
    };
    // A submission stretched past the limit is judged at the limit itself.
    let at_limit = |(verdict, cpu): (Verdict, Duration)| match verdict {
        Verdict::Accepted if cpu > limit => Expected::TimeLimitExceeded,
        other => expected_of(other),
    };
    let each: Vec<Expected> = verdicts
        .iter()
        .map(|(_, v, cpu)| at_limit((*v, *cpu)))
        .collect();
    let final_verdict = each
        .iter()
        .copied()
        .find(|v| *v != Expected::Accepted)
        .unwrap_or(Expected::Accepted);
    let failing = each.iter().filter(|v| **v != Expected::Accepted).count();
    let shown = if failing == 0 {
        final_verdict.name().to_string()
    } else {
        format!("{} ({failing} of {})", final_verdict.name(), each.len())
    };
    let score = config.scoring.then(|| {
        let judged = |case: &str| {
            run.judgements
                .iter()
                .find(|(c, _)| c == case)
                .map(|(_, j)| j.clone())
        };
        grading::grade(&config.groups, &judged)
            .last()
            .map_or(0.0, |g| g.score)
    });
    let shown = match score {
        Some(score) => format!("{shown} {}", number(score)),
        None => shown,
    };
    if !submission.permitted.is_empty() {
        if let Some((case, verdict)) = verdicts
            .iter()
            .zip(&each)
            .map(|((case, _, _), v)| (case, *v))
            .find(|(_, v)| !among(*v, &submission.permitted))
        {
            return (
                shown,
                Some(format!(
                    "{} on {case}, which only {} are permitted",
                    verdict.name(),
                    names(&submission.permitted)
                )),
            );
        }
    }
    if !submission.required.is_empty() && !each.iter().any(|v| among(*v, &submission.required)) {
        return (
            shown,
            Some(format!("no case got {}", names(&submission.required))),
        );
    }
    if !submission.finals.is_empty() && !among(final_verdict, &submission.finals) {
        return (
            shown,
            Some(format!(
                "it got {}, not {}",
                final_verdict.name(),
                names(&submission.finals)
            )),
        );
    }
    if let (Some((low, high)), Some(score)) = (submission.score, score) {
        if score < low || score > high {
            return (
                shown,
                Some(format!(
                    "it scored {}, not {}..{}",
                    number(score),
                    number(low),
                    number(high)
                )),
            );
        }
    }
    (shown, None)
}

/// The time limit the format's rule gives (`None` when no lower-bound
/// submission ran), and the slowest accepted time it comes from.
pub fn rule_limit(rule: &TimeRule, runs: &[(&Submission, Run)]) -> Option<(u64, String, Duration)> {
    let accepted = |run: &Run| {
        run.result.as_ref().is_ok_and(|v| {
            !v.is_empty()
                && v.iter()
                    .all(|(_, verdict, _)| *verdict == Verdict::Accepted)
        })
    };
    let (path, case, cpu) = runs
        .iter()
        .filter(|(submission, run)| lower_bound(submission) && accepted(run))
        .filter_map(|(submission, run)| {
            run.slowest()
                .map(|(case, cpu)| (&submission.path, case.to_string(), cpu))
        })
        .max_by_key(|(_, _, cpu)| *cpu)?;
    let exact = cpu.as_secs_f64() * 1000.0 * rule.multiplier;
    let steps = (exact / rule.resolution_ms as f64).ceil().max(1.0) as u64;
    Some((steps * rule.resolution_ms, format!("{case} by {path}"), cpu))
}

/// What the rule says of the limit in problem.toml and of the margin.
fn rule_lines(rule: &TimeRule, runs: &[(&Submission, Run)], limit: Duration) -> Vec<String> {
    let mut lines = Vec::new();
    let limit_ms = limit.as_millis() as u64;
    match rule_limit(rule, runs) {
        Some((ms, from, cpu)) => lines.push(format!(
            "time limit: {limit_ms} ms in problem.toml; the format's rule gives {ms} ms (slowest accepted: {} ms on {from}, \
             × {}, rounded up to a multiple of {} ms){}",
            cpu.as_millis(),
            number(rule.multiplier),
            rule.resolution_ms,
            if ms == limit_ms { "" } else { ": set time_limit_ms to it" }
        )),
        None => lines.push("time limit: no accepted submission ran, so the format's rule gives none".into()),
    }
    let margin = limit.mul_f64(rule.safety_margin);
    // Each time-limit-exceeded submission, run up to the margin: whether it
    // still timed out there, and its slowest case's time.
    let upper: Vec<(&Submission, bool, Duration)> = runs
        .iter()
        .filter(|(submission, run)| upper_bound(submission) && run.skipped.is_none())
        .filter_map(|(submission, run)| {
            let verdicts = run.result.as_ref().ok()?;
            let timed_out = verdicts
                .iter()
                .any(|(_, v, _)| *v == Verdict::TimeLimitExceeded);
            Some((*submission, timed_out, run.slowest()?.1))
        })
        .collect();
    let finished = upper
        .iter()
        .filter(|(_, timed_out, _)| !timed_out)
        .min_by_key(|(_, _, cpu)| *cpu);
    match (upper.first(), finished) {
        (None, _) => lines.push("margin: no time-limit-exceeded submission to measure it against".into()),
        (Some(_), None) => lines.push(format!(
            "margin: every time-limit-exceeded submission still times out at {} × the limit ({} ms): \
             the rule's margin holds",
            number(rule.safety_margin),
            margin.as_millis()
        )),
        (Some(_), Some((submission, _, cpu))) => lines.push(format!(
            "margin: the fastest time-limit-exceeded submission, {}, needs {} ms, {} × the limit; the rule wants {}",
            submission.path,
            cpu.as_millis(),
            number(cpu.as_secs_f64() / limit.as_secs_f64().max(1e-9)),
            number(rule.safety_margin)
        )),
    }
    lines
}

/// The limit the rule gives from the lower-bound submissions run under
/// `TIMING_CAP`: for an import whose package sets none.
pub fn time_limit_by_rule(
    workspace: &Workspace,
    id: &str,
) -> Result<Option<(u64, String)>, SetupError> {
    let config = workspace.config(id)?;
    let Some(rule) = config.time_rule else {
        return Ok(None);
    };
    let judge = Judge::of(workspace, id, &config)?.with_time_limit(TIMING_CAP);
    let cases = workspace.cases(id, !judge.is_interactive())?;
    let mut runs = Vec::new();
    for submission in config.submissions.iter().filter(|s| lower_bound(s)) {
        let run = run_submission(workspace, id, &config, &judge, &cases, submission)?;
        let accepted = run.result.as_ref().is_ok_and(|v| {
            v.iter()
                .all(|(_, verdict, _)| *verdict == Verdict::Accepted)
        });
        if accepted || run.skipped.is_some() {
            runs.push((submission, run));
        }
    }
    Ok(rule_limit(&rule, &runs).map(|(ms, from, cpu)| {
        (
            ms,
            format!(
                "slowest accepted {} ms on {from}, × {}",
                cpu.as_millis(),
                number(rule.multiplier)
            ),
        )
    }))
}
