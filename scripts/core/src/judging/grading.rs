//! Test groups graded as the problem package format's default grader does:
//! a group's parts are its cases, in order, then its subgroups; with
//! `on_reject = break` the parts after the first rejection count for
//! nothing; its verdict is the worst (or first) rejection unless its flags
//! say otherwise, and its score the sum (or average, minimum, maximum) of
//! its parts' scores, a case scoring what its validator wrote or else the
//! group's `accept_score` or `reject_score`.

use super::verdict::Judgement;
use crate::base::modes::{GraderFlag, OnReject};
use crate::base::verdict::Verdict;
use crate::problem::config::Group;

/// What a group got.
#[derive(Clone, Debug, PartialEq)]
pub struct Graded {
    pub path: String,
    pub verdict: Verdict,
    pub score: f64,
    /// Its parts that counted (a break leaves the rest out).
    pub counted: usize,
    /// The highest score its range allows, when finite.
    pub most: Option<f64>,
}

/// The format's order of rejections, worst first (JE and IF are FAIL here;
/// a CE is never judged).
fn badness(verdict: Verdict) -> usize {
    match verdict {
        Verdict::Failure | Verdict::CompileError => 8,
        Verdict::RuntimeError => 7,
        Verdict::MemoryLimitExceeded => 6,
        Verdict::TimeLimitExceeded => 5,
        Verdict::OutputLimitExceeded => 4,
        Verdict::WrongAnswer => 3,
        Verdict::PresentationError => 2,
        Verdict::Accepted => 0,
    }
}

/// The group whose path is the longest proper prefix of `path`'s.
pub fn parent<'a>(groups: &'a [Group], path: &str) -> Option<&'a Group> {
    groups
        .iter()
        .filter(|g| path.starts_with(&format!("{}/", g.path)))
        .max_by_key(|g| g.path.len())
}

/// The group a case is listed in.
pub fn group_of<'a>(groups: &'a [Group], case: &str) -> Option<&'a Group> {
    groups.iter().find(|g| g.cases.iter().any(|c| c == case))
}

/// Every group graded, subgroups before the groups they are in, the top
/// groups last; a case missing from `judged` was not run and counts for
/// nothing.
pub fn grade(groups: &[Group], judged: &dyn Fn(&str) -> Option<Judgement>) -> Vec<Graded> {
    let mut graded = Vec::new();
    for top in groups.iter().filter(|g| parent(groups, &g.path).is_none()) {
        grade_group(groups, top, judged, &mut graded);
    }
    graded
}

fn grade_group(
    groups: &[Group],
    group: &Group,
    judged: &dyn Fn(&str) -> Option<Judgement>,
    graded: &mut Vec<Graded>,
) -> Option<(Verdict, f64)> {
    let mut parts: Vec<(Verdict, f64)> = Vec::new();
    let mut stopped = false;
    for case in &group.cases {
        if stopped {
            break;
        }
        let Some(judgement) = judged(case) else {
            continue;
        };
        let score = match (judgement.verdict, judgement.score) {
            (Verdict::Accepted, Some(score)) => score,
            (Verdict::Accepted, None) => group.accept_score,
            _ => group.reject_score,
        };
        stopped = group.on_reject == OnReject::Break && !judgement.is_accepted();
        parts.push((judgement.verdict, score));
    }
    let children: Vec<&Group> = groups
        .iter()
        .filter(|g| parent(groups, &g.path).is_some_and(|p| p.path == group.path))
        .collect();
    for child in children {
        let result = grade_group(groups, child, judged, graded);
        if stopped {
            continue;
        }
        if let Some((verdict, score)) = result {
            stopped = group.on_reject == OnReject::Break && verdict != Verdict::Accepted;
            parts.push((verdict, score));
        }
    }
    // A group with nothing judged in it is no part of its parent; one whose
    // parts are all ignored is (AC with no score), as the format's is.
    let judged_any = !parts.is_empty();
    // The samples are the first of two parts; one part alone (the samples
    // stopped at a rejection, or no samples) is kept, as the format's own
    // grader keeps the last.
    if group.grader_flags.contains(&GraderFlag::IgnoreSample) && parts.len() > 1 {
        parts.remove(0);
    }
    let (verdict, score) = combined(&group.grader_flags, &parts);
    graded.push(Graded {
        path: group.path.clone(),
        verdict,
        score,
        counted: parts.len(),
        most: Some(group.range.1).filter(|high| high.is_finite()),
    });
    judged_any.then_some((verdict, score))
}

/// Which of `modes` the flags give last (a later flag wins), else `default`.
fn mode(flags: &[GraderFlag], modes: &[GraderFlag], default: GraderFlag) -> GraderFlag {
    let given = flags.iter().rev().find(|f| modes.contains(f));
    given.copied().unwrap_or(default)
}

/// A group's verdict and score from its parts', as its grader flags say.
fn combined(flags: &[GraderFlag], parts: &[(Verdict, f64)]) -> (Verdict, f64) {
    use GraderFlag::*;
    let rejections = parts.iter().filter(|(v, _)| *v != Verdict::Accepted);
    let mut verdict = match mode(flags, &[WorstError, FirstError, AlwaysAccept], WorstError) {
        AlwaysAccept => Verdict::Accepted,
        FirstError => rejections
            .map(|(v, _)| *v)
            .next()
            .unwrap_or(Verdict::Accepted),
        _ => rejections
            .map(|(v, _)| *v)
            .max_by_key(|v| badness(*v))
            .unwrap_or(Verdict::Accepted),
    };
    if flags.contains(&AcceptIfAnyAccepted) && parts.iter().any(|(v, _)| *v == Verdict::Accepted) {
        verdict = Verdict::Accepted;
    }
    let scores: Vec<f64> = parts.iter().map(|(_, s)| *s).collect();
    let score = match (mode(flags, &[Sum, Avg, Min, Max], Sum), scores.is_empty()) {
        (_, true) => 0.0,
        (Avg, _) => scores.iter().sum::<f64>() / scores.len() as f64,
        (Min, _) => scores.iter().copied().fold(f64::INFINITY, f64::min),
        (Max, _) => scores.iter().copied().fold(f64::NEG_INFINITY, f64::max),
        _ => scores.iter().sum(),
    };
    (verdict, score)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn group(
        path: &str,
        cases: &[&str],
        flags: &[GraderFlag],
        accept: f64,
        on_reject: OnReject,
    ) -> Group {
        Group {
            cases: cases.iter().map(|c| c.to_string()).collect(),
            grader_flags: flags.to_vec(),
            accept_score: accept,
            on_reject,
            ..Group::new(path)
        }
    }

    fn verdicts(list: &'static [(&'static str, Verdict)]) -> impl Fn(&str) -> Option<Judgement> {
        move |case| {
            list.iter()
                .find(|(c, _)| *c == case)
                .map(|(_, v)| Judgement::new(*v, ""))
        }
    }

    /// The usual scoring layout: samples ignored, each subtask its points
    /// when all its cases pass.
    fn subtasks() -> Vec<Group> {
        use GraderFlag::*;
        use OnReject::*;
        vec![
            group("data", &[], &[IgnoreSample], 1.0, Continue),
            group("data/sample", &["s1"], &[], 1.0, Continue),
            group(
                "data/secret",
                &[],
                &[FirstError, AcceptIfAnyAccepted],
                1.0,
                Continue,
            ),
            group("data/secret/g1", &["a1", "a2"], &[Min], 30.0, Break),
            group("data/secret/g2", &["b1", "b2"], &[Min], 70.0, Break),
        ]
    }

    #[test]
    fn subtasks_score_their_points_when_every_case_passes() {
        use Verdict::*;
        let graded = grade(
            &subtasks(),
            &verdicts(&[
                ("s1", WrongAnswer),
                ("a1", Accepted),
                ("a2", Accepted),
                ("b1", Accepted),
                ("b2", TimeLimitExceeded),
            ]),
        );
        let by_path = |path: &str| graded.iter().find(|g| g.path == path).unwrap();
        assert_eq!(by_path("data/secret/g1").score, 30.0);
        assert_eq!(by_path("data/secret/g2").verdict, TimeLimitExceeded);
        assert_eq!(by_path("data/secret/g2").score, 0.0);
        let root = graded.last().unwrap();
        assert_eq!(
            (root.path.as_str(), root.verdict, root.score),
            ("data", Accepted, 30.0)
        );
    }

    #[test]
    fn ignore_sample_drops_the_first_of_two_parts_and_keeps_a_lone_one() {
        use GraderFlag::*;
        use Verdict::*;
        let with_samples = subtasks();
        // The samples stopped the root at their rejection: theirs is the verdict.
        let mut stopped = with_samples.clone();
        stopped[0].on_reject = OnReject::Break;
        let graded = grade(
            &stopped,
            &verdicts(&[("s1", WrongAnswer), ("a1", Accepted)]),
        );
        assert_eq!(graded.last().unwrap().verdict, WrongAnswer);
        // No samples: the secret part alone is kept, never dropped.
        let no_samples: Vec<Group> = with_samples
            .into_iter()
            .filter(|g| g.path != "data/sample")
            .collect();
        let graded = grade(
            &no_samples,
            &verdicts(&[("a1", Accepted), ("a2", Accepted), ("b1", WrongAnswer)]),
        );
        let root = graded.last().unwrap();
        assert_eq!(
            (root.verdict, root.score, root.counted),
            (Accepted, 30.0, 1)
        );
        assert!(no_samples[0].grader_flags.contains(&IgnoreSample));
    }

    #[test]
    fn a_break_leaves_later_parts_out_and_worst_error_picks_the_worst() {
        use Verdict::*;
        let groups = vec![group("data", &["1", "2", "3"], &[], 1.0, OnReject::Break)];
        let graded = grade(
            &groups,
            &verdicts(&[("1", WrongAnswer), ("2", RuntimeError), ("3", Accepted)]),
        );
        assert_eq!((graded[0].verdict, graded[0].counted), (WrongAnswer, 1));
        let groups = vec![group(
            "data",
            &["1", "2", "3"],
            &[],
            1.0,
            OnReject::Continue,
        )];
        let graded = grade(
            &groups,
            &verdicts(&[("1", WrongAnswer), ("2", RuntimeError), ("3", Accepted)]),
        );
        assert_eq!((graded[0].verdict, graded[0].score), (RuntimeError, 1.0));
    }
}
