//! A package's labelled submissions judged on its cases, and the format's
//! time rule, which takes the limit from the slowest accepted one (`verify`
//! checks the labels; `import` sets the limit).

use judge_core::base::error::SetupError;
use judge_core::base::terminal::number;
use judge_core::base::verdict::Verdict;
use judge_core::judging::judge::Judge;
use judge_core::judging::verdict::Judgement;
use judge_core::problem::config::{Submission, TimeRule};
use judge_core::problem::workspace::{Case, Problem, Workspace};
use judge_core::process::run::Program;
use judge_core::process::sources::languages::Language;
use judge_core::process::sources::{self, BuildError, Source};
use std::time::Duration;

/// How long a submission may run at import, while the rule's limit is
/// not known yet.
pub const TIMING_CAP: Duration = Duration::from_secs(20);

/// Whether a label says the submission must be accepted on every case
/// (`accepted/`, DOMjudge's `CORRECT`, Polygon's `main` and `accepted`):
/// the format's rule takes the limit from these alone, as problemtools
/// does. On a scoring problem a final AC alone is a partial score
/// (`partially_accepted/`), not one of them.
pub fn requires_ac(submission: &Submission, scoring: bool) -> bool {
    let ac = [Verdict::Accepted];
    submission.permitted == ac
        || (!scoring
            && submission.permitted.is_empty()
            && submission.required.is_empty()
            && submission.finals == ac)
}

/// Whether a label says the submission must time out: it bounds the limit
/// from above.
pub fn upper_bound(submission: &Submission) -> bool {
    let tle = [Verdict::TimeLimitExceeded];
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
    .any(|list| !list.is_empty() && !list.contains(&Verdict::Accepted))
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

/// Builds the submission and judges it on `cases` (a TLE that looks like
/// the machine's load judged again, as stress does); without groups and
/// with `Reach::FirstRejection` it stops at the first rejection.
pub fn run_submission(
    problem: &Problem,
    judge: &Judge,
    cases: &[Case],
    submission: &Submission,
    reach: Reach,
) -> Result<Run, SetupError> {
    let (built, fallback) = build(&problem.workspace, &problem.id, submission);
    let not_run = |result, skipped| Run {
        result,
        judgements: Vec::new(),
        skipped,
        fallback: None,
    };
    let program = match built {
        Ok(program) => program,
        Err(BuildError::Missing { tool, .. }) => {
            return Ok(not_run(Ok(Vec::new()), Some(format!("no {tool} here"))))
        }
        Err(BuildError::Failed(message)) => return Ok(not_run(Err(message), None)),
    };
    let mut verdicts = Vec::new();
    let mut judgements = Vec::new();
    for case in cases {
        let groups = &problem.config.groups;
        let judged = judge.judge_case_settled(groups, &program, case)?;
        let verdict = judged.judgement.verdict;
        verdicts.push((case.name.clone(), verdict, judged.run.cpu));
        judgements.push((case.name.clone(), judged.judgement));
        let stop = reach == Reach::FirstRejection && groups.is_empty();
        if stop && verdict != Verdict::Accepted {
            break;
        }
    }
    Ok(Run {
        result: Ok(verdicts),
        judgements,
        skipped: None,
        fallback,
    })
}

/// The submission built in its language; where that language's tool is
/// missing and another runs the same sources (CPython for PyPy), built in
/// that one, and said so.
fn build(
    workspace: &Workspace,
    id: &str,
    submission: &Submission,
) -> (Result<Program, BuildError>, Option<String>) {
    let path = workspace.data_dir(id).join(&submission.path);
    let built = |language| {
        let source = Source {
            path: &path,
            entry_point: submission.entry_point.as_deref(),
            language,
            includes: &[],
        };
        sources::build(&source, &workspace.target("foreign"))
    };
    match (
        built(submission.language),
        submission.language.and_then(Language::fallback),
    ) {
        (Err(BuildError::Missing { tool, .. }), Some(other)) => {
            let by = other.compiler()[0];
            (
                built(Some(other)),
                Some(format!("run by {by}: no {tool} here")),
            )
        }
        (built, _) => (built, None),
    }
}

/// The submissions that must be accepted, accepted only by a stand-in
/// interpreter, which the rule leaves out: their paths.
pub fn left_out<'a>(runs: &[(&'a Submission, Run)], scoring: bool) -> Vec<&'a str> {
    runs.iter()
        .filter(|(submission, run)| {
            requires_ac(submission, scoring) && accepted(run) && run.fallback.is_some()
        })
        .map(|(submission, _)| submission.path.as_str())
        .collect()
}

/// Whether the run was accepted on every case it ran.
fn accepted(run: &Run) -> bool {
    run.result.as_ref().is_ok_and(|v| {
        !v.is_empty()
            && v.iter()
                .all(|(_, verdict, _)| *verdict == Verdict::Accepted)
    })
}

/// The time limit the format's rule gives (`None` when no submission that
/// must be accepted was, in its judge's interpreter), and the slowest
/// accepted time it comes from.
pub fn rule_limit(
    rule: &TimeRule,
    runs: &[(&Submission, Run)],
    scoring: bool,
) -> Option<(u64, String, Duration)> {
    let (path, case, cpu) = runs
        .iter()
        .filter(|(submission, run)| {
            requires_ac(submission, scoring) && accepted(run) && run.fallback.is_none()
        })
        .filter_map(|(submission, run)| {
            run.slowest()
                .map(|(case, cpu)| (&submission.path, case.to_string(), cpu))
        })
        .max_by_key(|(_, _, cpu)| *cpu)?;
    let exact = cpu.as_secs_f64() * 1000.0 * rule.multiplier;
    let steps = (exact / rule.resolution_ms as f64).ceil().max(1.0) as u64;
    Some((steps * rule.resolution_ms, format!("{case} by {path}"), cpu))
}

/// The limit the rule gives and where it comes from, or why it gives none.
pub type RuleLimit = Result<(u64, String), String>;

/// The limit the rule gives from the submissions that must be accepted,
/// run under `TIMING_CAP`, and where it comes from: for an import whose
/// package sets none.
pub fn time_limit_by_rule(workspace: &Workspace, id: &str) -> Result<RuleLimit, SetupError> {
    let problem = workspace.problem(id)?;
    let Some(rule) = problem.config.package.time_rule else {
        return Ok(Err("the format has no time rule".into()));
    };
    let judge = Judge::of(&problem)?.with_time_limit(TIMING_CAP);
    let cases = judge.cases(&problem)?;
    let scoring = problem.config.scoring;
    let mut runs = Vec::new();
    for submission in problem
        .config
        .package
        .submissions
        .iter()
        .filter(|s| requires_ac(s, scoring))
    {
        let run = run_submission(&problem, &judge, &cases, submission, Reach::FirstRejection)?;
        let accepted = run.result.as_ref().is_ok_and(|v| {
            v.iter()
                .all(|(_, verdict, _)| *verdict == Verdict::Accepted)
        });
        if accepted || run.skipped.is_some() {
            runs.push((submission, run));
        }
    }
    let stand_in = left_out_note(&runs, scoring);
    Ok(match rule_limit(&rule, &runs, scoring) {
        Some((ms, from, cpu)) => Ok((
            ms,
            format!(
                "slowest accepted {} ms on {from}, × {}{}",
                cpu.as_millis(),
                number(rule.multiplier),
                stand_in.map_or(String::new(), |note| format!("; {note}"))
            ),
        )),
        None => Err(stand_in.unwrap_or_else(|| "no accepted submission ran".into())),
    })
}

/// What the rule left out, if anything: the submissions a stand-in
/// interpreter ran, named with why.
pub fn left_out_note(runs: &[(&Submission, Run)], scoring: bool) -> Option<String> {
    let paths = left_out(runs, scoring);
    if paths.is_empty() {
        return None;
    }
    let why = runs.iter().find_map(|(_, run)| run.fallback.as_deref())?;
    Some(format!(
        "left out of the rule, {why} (its times are not the judge's): {}",
        paths.join(", ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn accepted_run(ms: u64, fallback: Option<&str>) -> Run {
        Run {
            result: Ok(vec![(
                "sample-1".into(),
                Verdict::Accepted,
                Duration::from_millis(ms),
            )]),
            judgements: Vec::new(),
            skipped: None,
            fallback: fallback.map(String::from),
        }
    }

    fn submission(path: &str) -> Submission {
        Submission {
            path: path.into(),
            permitted: vec![Verdict::Accepted],
            required: Vec::new(),
            finals: Vec::new(),
            score: None,
            entry_point: None,
            language: None,
        }
    }

    #[test]
    fn a_stand_in_interpreter_s_times_stay_out_of_the_rule_and_are_named() {
        let rule = TimeRule {
            multiplier: 5.0,
            safety_margin: 2.0,
            resolution_ms: 1000,
        };
        let (slow, fast) = (submission("slow.py"), submission("fast.cpp"));
        let stand_in = Some("run by python3: no pypy3 here");
        let runs = vec![
            (&slow, accepted_run(900, stand_in)),
            (&fast, accepted_run(100, None)),
        ];
        // 100 ms × 5, not 900 ms × 5.
        assert_eq!(
            rule_limit(&rule, &runs, false).map(|(ms, _, _)| ms),
            Some(1000)
        );
        assert_eq!(left_out(&runs, false), ["slow.py"]);
        assert!(left_out_note(&runs, false).is_some_and(|note| note.contains("no pypy3 here")));
        let alone = vec![(&slow, accepted_run(900, stand_in))];
        assert_eq!(rule_limit(&rule, &alone, false), None);
    }

    #[test]
    fn only_submissions_whose_label_requires_ac_set_the_limit() {
        let rule = TimeRule {
            multiplier: 5.0,
            safety_margin: 2.0,
            resolution_ms: 1000,
        };
        let accepted = submission("accepted/fast.cpp");
        // wrong_answer/: never to time out, yet not required to be accepted.
        let mut wrong = submission("wrong_answer/slow.cpp");
        wrong.permitted = vec![Verdict::Accepted, Verdict::WrongAnswer];
        wrong.required = vec![Verdict::WrongAnswer];
        let runs = vec![
            (&wrong, accepted_run(900, None)),
            (&accepted, accepted_run(100, None)),
        ];
        // 100 ms × 5, not 900 ms × 5.
        assert_eq!(
            rule_limit(&rule, &runs, false).map(|(ms, _, _)| ms),
            Some(1000)
        );
    }
}
