//! The judges this workspace knows: one table, read by `new` (and `import`)
//! for a new problem's limits, compare mode and URL, and by `submit` for the
//! Rust a judge runs.

use crate::problem::SetupError;

/// The oldest rustc every judge that takes Rust accepts, so every paste is
/// proven on it: the workspace's `rust-version` (Cargo.toml), which clippy
/// reads too and the Makefile installs. A problem may ask for another with
/// `rustc = "<version>"` in its problem.toml.
pub const RUST_FLOOR: &str = env!("CARGO_PKG_RUST_VERSION");

/// A judge's defaults: the name in `problem.toml`, the id prefix that implies
/// it, its usual limits, how it compares output (Codeforces and AtCoder
/// checkers ignore whitespace; POJ gives Presentation Error), and the Rust it
/// runs, if any.
pub struct Judge {
    pub name: &'static str,
    /// As the judge calls itself, for messages.
    pub title: &'static str,
    pub prefix: &'static str,
    pub time_limit_ms: u64,
    pub memory_limit_kib: u64,
    pub compare: &'static str,
    /// What its time limit counts: "cpu" (the program's CPU time) or "wall".
    pub time: &'static str,
    /// None when the judge takes no Rust at all.
    pub rust: Option<&'static str>,
}

pub const JUDGES: [Judge; 4] = [
    Judge {
        name: "poj",
        title: "POJ",
        prefix: "poj",
        time_limit_ms: 1000,
        memory_limit_kib: 65536,
        compare: "exact",
        time: "cpu",
        // C, C++, Pascal, Java and Fortran only.
        rust: None,
    },
    Judge {
        name: "leetcode",
        title: "LeetCode",
        prefix: "lc",
        time_limit_ms: 1000,
        memory_limit_kib: 65536,
        compare: "exact",
        time: "wall",
        rust: Some("no published version (1.74 to 1.85 reported)"),
    },
    Judge {
        name: "codeforces",
        title: "Codeforces",
        prefix: "cf",
        time_limit_ms: 2000,
        memory_limit_kib: 262144,
        compare: "tokens",
        time: "cpu",
        rust: Some("1.89 (editions 2021 and 2024)"),
    },
    Judge {
        name: "atcoder",
        title: "AtCoder",
        prefix: "atc",
        time_limit_ms: 2000,
        memory_limit_kib: 1048576,
        compare: "tokens",
        time: "cpu",
        rust: Some("1.89 (edition 2024)"),
    },
];

/// Limits for a judge this table does not know; the user is told to check them.
pub const OTHER_LIMITS: (u64, u64) = (2000, 262144);
/// The strict choice for an unknown judge: a PE is easier to waive than to miss.
pub const OTHER_COMPARE: &str = "exact";
/// Most judges count CPU time.
pub const OTHER_TIME: &str = "cpu";

pub fn known(name: &str) -> Option<&'static Judge> {
    JUDGES.iter().find(|j| j.name == name)
}

pub fn judge_from_prefix(id: &str) -> Result<&'static str, SetupError> {
    JUDGES
        .iter()
        .find(|j| id.starts_with(j.prefix))
        .map(|j| j.name)
        .ok_or_else(|| {
            SetupError(format!(
                "cannot tell the judge from {id:?}: start the id with poj, lc, cf or atc, \
                 or pass --judge (poj, leetcode, codeforces, atcoder or another name)"
            ))
        })
}

/// The problem's page, when the id says enough to build it.
pub fn default_url(judge: &str, id: &str) -> Option<String> {
    let prefix = known(judge)?.prefix;
    let rest = id.strip_prefix(prefix)?;
    let digits_end = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    let (number, letter) = rest.split_at(digits_end);
    match judge {
        "poj" if !number.is_empty() && letter.is_empty() => {
            Some(format!("http://poj.org/problem?id={number}"))
        }
        // cf1234a, cf1234c1
        "codeforces" if !number.is_empty() && is_task(letter) => Some(format!(
            "https://codeforces.com/problemset/problem/{number}/{}",
            letter.to_ascii_uppercase()
        )),
        // atcabc300a: contest abc300, task a
        "atcoder" if rest.len() > 1 => {
            let (contest, task) = rest.split_at(rest.len() - 1);
            let looks_like_contest = contest.ends_with(|c: char| c.is_ascii_digit())
                && contest.starts_with(|c: char| c.is_ascii_lowercase());
            (looks_like_contest && is_task(task))
                .then(|| format!("https://atcoder.jp/contests/{contest}/tasks/{contest}_{task}"))
        }
        // LeetCode pages are named by slug, which the id does not hold.
        _ => None,
    }
}

/// A task letter as judges name them: `a`, or `c1` for a split task.
fn is_task(text: &str) -> bool {
    let mut chars = text.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.as_str().len() <= 1
        && chars.all(|c| c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rust_floor_is_a_full_version() {
        let parts: Vec<&str> = RUST_FLOOR.split('.').collect();
        assert_eq!(parts.len(), 3, "{RUST_FLOOR}");
        assert!(
            parts.iter().all(|p| p.parse::<u32>().is_ok()),
            "{RUST_FLOOR}"
        );
        assert!(known("poj").unwrap().rust.is_none());
        assert!(known("codeforces").unwrap().rust.is_some());
    }

    #[test]
    fn judge_and_url_come_from_the_id() {
        assert_eq!(judge_from_prefix("poj1143"), Ok("poj"));
        assert_eq!(judge_from_prefix("lc294"), Ok("leetcode"));
        assert_eq!(judge_from_prefix("cf1234a"), Ok("codeforces"));
        assert_eq!(judge_from_prefix("atcabc300a"), Ok("atcoder"));
        assert!(judge_from_prefix("spoj1").is_err());
        let url = |judge: &str, id: &str| default_url(judge, id);
        assert_eq!(
            url("poj", "poj1143").unwrap(),
            "http://poj.org/problem?id=1143"
        );
        assert_eq!(url("poj", "poj1143b"), None);
        assert_eq!(url("leetcode", "lc294"), None);
        assert_eq!(
            url("codeforces", "cf1234c1").unwrap(),
            "https://codeforces.com/problemset/problem/1234/C1"
        );
        assert_eq!(url("codeforces", "cf1234"), None);
        assert_eq!(
            url("atcoder", "atcabc300a").unwrap(),
            "https://atcoder.jp/contests/abc300/tasks/abc300_a"
        );
        assert_eq!(url("atcoder", "atcabc"), None);
        assert_eq!(url("poj", "x1143"), None);
        assert_eq!(url("spoj", "spoj1"), None);
    }
}
