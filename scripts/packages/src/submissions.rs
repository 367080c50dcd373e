//! A package's labelled submissions judged on its cases, and the format's
//! time rule, which takes the limit from the slowest accepted one (`verify`
//! checks the labels; `import` sets the limit).

use crate::judged::{self, Run};
use judge_core::base::error::SetupError;
use judge_core::base::terminal::number;
use judge_core::base::verdict::Verdict;
use judge_core::judging::judge::Judge;
use judge_core::problem::config::{Group, Submission, TimeRule};
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
/// judges do without groups; so, and then its slowest case run until it
/// has `TIMING_RUNS` times, their median kept (the submissions that must
/// be accepted, whose time the rule takes); or on every case (the matrix).
#[derive(Clone, Copy, PartialEq)]
pub enum Reach {
    FirstRejection,
    Timed,
    EveryCase,
}

/// How many times the slowest case of a submission that must be accepted
/// is run: the rule takes the median CPU time, one run on a loaded
/// machine being noise.
pub const TIMING_RUNS: usize = 3;

/// Builds the submission and judges it on `cases` (a TLE that looks like
/// the machine's load judged again, as stress does), as far as `reach`
/// says.
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
        let stop = reach != Reach::EveryCase && groups.is_empty();
        if stop && verdict != Verdict::Accepted {
            break;
        }
    }
    if reach == Reach::Timed {
        time_slowest(
            judge,
            &problem.config.groups,
            &program,
            cases,
            &mut verdicts,
        )?;
    }
    Ok(Run {
        result: Ok(verdicts),
        judgements,
        skipped: None,
        fallback,
    })
}

/// Runs the slowest case of a run accepted on every case (`verdicts`, of
/// `program` on `cases`) until it has `TIMING_RUNS` CPU times, and keeps
/// their median as its time.
fn time_slowest(
    judge: &Judge,
    groups: &[Group],
    program: &Program,
    cases: &[Case],
    verdicts: &mut [(String, Verdict, Duration)],
) -> Result<(), SetupError> {
    let accepted = verdicts.iter().all(|(_, v, _)| *v == Verdict::Accepted);
    let slowest = (0..verdicts.len()).max_by_key(|&at| verdicts[at].2);
    let Some(at) = slowest.filter(|_| accepted) else {
        return Ok(());
    };
    let mut times = vec![verdicts[at].2];
    for _ in 1..TIMING_RUNS {
        times.push(judge.judge_case(groups, program, &cases[at])?.run.cpu);
    }
    times.sort();
    verdicts[at].2 = times[times.len() / 2];
    Ok(())
}

/// Whether the submission builds here in its own language, its judge's
/// interpreter and not a stand-in: only then is a kept judging of it still
/// the one it would get now.
pub fn builds_as_judged(workspace: &Workspace, id: &str, submission: &Submission) -> bool {
    matches!(build(workspace, id, submission), (Ok(_), None))
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
/// package sets none. Their judging is kept for `verify`.
pub fn time_limit_by_rule(workspace: &Workspace, id: &str) -> Result<RuleLimit, SetupError> {
    let problem = workspace.problem(id)?;
    let Some(rule) = problem.config.package.time_rule else {
        return Ok(Err("the format has no time rule".into()));
    };
    let fingerprint = judged::fingerprint(workspace, id)?;
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
        let run = run_submission(&problem, &judge, &cases, submission, Reach::Timed)?;
        runs.push((submission, run));
    }
    let kept: Vec<(&str, Duration, &Run)> = runs
        .iter()
        .map(|(submission, run)| (submission.path.as_str(), TIMING_CAP, run))
        .collect();
    judged::store(workspace, id, fingerprint, &kept)?;
    let stand_in = left_out_note(&runs, scoring);
    Ok(match rule_limit(&rule, &runs, scoring) {
        Some((ms, from, cpu)) => Ok((
            ms,
            format!(
                "slowest accepted {} ms on {from}, the median of {TIMING_RUNS} runs, × {}{}",
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

    /// The rule both tests set limits by: five times the slowest time that
    /// counts, to a resolution of a second.
    const RULE: TimeRule = TimeRule {
        multiplier: 5.0,
        safety_margin: 2.0,
        resolution_ms: 1000,
    };

    #[test]
    fn a_stand_in_interpreter_s_times_stay_out_of_the_rule_and_are_named() {
        let rule = RULE;
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
        let rule = RULE;
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
