//! A package's labelled submissions judged on its cases, and the format's
//! time rule, which takes the limit from the slowest accepted one (`verify`
//! checks the labels; `import` sets the limit).

use crate::base::error::SetupError;
use crate::base::modes::Expected;
use crate::base::terminal::number;
use crate::judging::judge::Judge;
use crate::judging::verdict::{Judgement, Verdict};
use crate::problem::config::{Config, Submission, TimeRule};
use crate::problem::workspace::{Case, Workspace};
use crate::process::sources::{self, BuildError, Source};
use std::time::Duration;

/// How long a submission may run at import, while the rule's limit is
/// not known yet.
pub const TIMING_CAP: Duration = Duration::from_secs(20);

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
pub fn upper_bound(submission: &Submission) -> bool {
    let tle = [Expected::TimeLimitExceeded];
    submission.required == tle || (submission.required.is_empty() && submission.finals == tle)
}

/// Whether a label says the submission must be rejected: no list of it
/// lets it be accepted (the wrong ones `verify --matrix` covers).
pub fn must_be_rejected(submission: &Submission) -> bool {
    [
        &submission.permitted,
        &submission.required,
        &submission.finals,
    ]
    .iter()
    .any(|list| !list.is_empty() && !list.contains(&Expected::Accepted))
}

/// How far a submission is run: to the first rejection, as the format's
/// judges do without groups, or on every case (the matrix).
#[derive(Clone, Copy, PartialEq)]
pub enum Reach {
    FirstRejection,
    EveryCase,
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

/// Builds the submission and judges it on `cases`; without groups and
/// with `Reach::FirstRejection` it stops at the first rejection.
pub fn run_submission(
    workspace: &Workspace,
    id: &str,
    config: &Config,
    judge: &Judge,
    cases: &[Case],
    submission: &Submission,
    reach: Reach,
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
        let stop = reach == Reach::FirstRejection && config.groups.is_empty();
        if stop && verdict != Verdict::Accepted {
            break;
        }
    }
    Ok(Run {
        result: Ok(verdicts),
        judgements,
        skipped: None,
    })
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
    let cases = judge.cases(workspace, id)?;
    let mut runs = Vec::new();
    for submission in config.submissions.iter().filter(|s| lower_bound(s)) {
        let run = run_submission(
            workspace,
            id,
            &config,
            &judge,
            &cases,
            submission,
            Reach::FirstRejection,
        )?;
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
