//! The judges this workspace knows: one table, read by `new` and `import`
//! for a new problem's limits, compare mode, URL and id (each judge's rules
//! for both ways: an id's page, a page's id), and by `submit` for the Rust a
//! judge runs and the editions it compiles with. A judge is one entry here.

pub mod urls;

use super::modes::{Clock, CompareMode};
use urls::Url;

/// A rustc no newer than any judge that takes Rust runs, so every paste is
/// proven on it: the workspace's `rust-version` (Cargo.toml), which clippy
/// reads too and the Makefile installs. A problem may ask for another with
/// `rustc = "<version>"` in its problem.toml.
pub const RUST_FLOOR: &str = env!("CARGO_PKG_RUST_VERSION");

/// The editions a paste is proven under when its judge is not in the table
/// or takes no Rust.
pub const OTHER_EDITIONS: &[&str] = &["2021"];

/// The Rust a judge runs: its version and the editions it compiles with.
#[derive(Clone, Copy, Debug)]
pub struct Rust {
    /// `1.89`, as the judge names it.
    pub version: &'static str,
    /// Each one a paste is proven under, on every rustc here that knows it.
    pub editions: &'static [&'static str],
}

impl Rust {
    /// `1.89 (edition 2024)`, `1.89 (editions 2021 and 2024)`.
    pub fn describe(&self) -> String {
        match self.editions {
            [one] => format!("{} (edition {one})", self.version),
            [rest @ .., last] => {
                format!("{} (editions {} and {last})", self.version, rest.join(", "))
            }
            [] => self.version.to_string(),
        }
    }
}

const fn rust(version: &'static str, editions: &'static [&'static str]) -> Option<Rust> {
    Some(Rust { version, editions })
}

/// What a judge runs: a whole program on stdin, or a method of LeetCode's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// The program reads stdin and writes stdout; the whole file is pasted.
    Stdin,
    /// The judge calls a method on its testcases; only the submit region is
    /// pasted, beside LeetCode's prelude.
    LeetCode,
}

/// A judge's defaults: the name in `problem.toml`, the id prefix that implies
/// it and the sites it lives on, its usual limits, how it compares output
/// (Codeforces and AtCoder checkers ignore whitespace; POJ gives
/// Presentation Error), which time it counts and the Rust it runs, if any.
pub struct Judge {
    pub name: &'static str,
    /// As the judge calls itself, for messages.
    pub title: &'static str,
    pub prefix: &'static str,
    /// Its sites, for `import`: a page on one of them (or a subdomain) is its.
    pub domains: &'static [&'static str],
    pub time_limit_ms: u64,
    pub memory_limit_kib: u64,
    /// The main thread's stack it gives a program; `None`: as much as the
    /// memory limit.
    pub stack_kib: Option<u64>,
    pub compare: CompareMode,
    pub time: Clock,
    pub format: Format,
    /// `None` when the judge takes no Rust at all.
    pub rust: Option<Rust>,
    /// The problem's page from what of its id follows the prefix, when that
    /// says enough.
    pub url: fn(&str) -> Option<String>,
    /// What of the id follows the prefix, from a page on one of its sites and
    /// the problem's name; `None`: the id is made from the name.
    pub id: fn(&Url, &str) -> Option<String>,
}

impl Judge {
    /// The full rustc version of the Rust it runs (`1.89` is `1.89.0`), as
    /// problem.toml's `rustc` takes it; `None` when it takes no Rust.
    pub fn rustc_version(&self) -> Option<String> {
        let version = self.rust?.version;
        Some(match version.matches('.').count() {
            1 => format!("{version}.0"),
            _ => version.to_string(),
        })
    }
}

/// A judge's rules both ways, as `Judge::url` and `Judge::id`.
type Rules = (fn(&str) -> Option<String>, fn(&Url, &str) -> Option<String>);

const fn judge(
    (name, title, prefix): (&'static str, &'static str, &'static str),
    domains: &'static [&'static str],
    (time_limit_ms, memory_limit_kib, stack_kib): (u64, u64, Option<u64>),
    (compare, time, format): (CompareMode, Clock, Format),
    rust: Option<Rust>,
    (url, id): Rules,
) -> Judge {
    Judge {
        name,
        title,
        prefix,
        domains,
        time_limit_ms,
        memory_limit_kib,
        stack_kib,
        compare,
        time,
        format,
        rust,
        url,
        id,
    }
}

/// A judge whose ids make no URL, and whose pages give an id by the
/// generic rule (`Url::generic_id`).
const GENERIC: Rules = (|_| None, |url, _| url.generic_id());

use CompareMode::{Exact, Tokens};
use Format::{LeetCode, Stdin};

/// Stacks as each judge documents them (Codeforces 256 MiB, AtCoder 1 GiB,
/// Kattis and Library Checker the memory limit); Linux's 8 MiB elsewhere.
pub const JUDGES: &[Judge] = &[
    // C, C++, Pascal, Java and Fortran only.
    judge(
        ("poj", "POJ", "poj"),
        &["poj.org"],
        (1000, 65536, Some(8192)),
        (Exact, Clock::Cpu, Stdin),
        None,
        // http://poj.org/problem?id=1143 is poj1143.
        (
            |rest| digits(rest).then(|| format!("http://poj.org/problem?id={rest}")),
            |url, _| url.query("id").filter(|id| digits(id)).map(String::from),
        ),
    ),
    judge(
        ("leetcode", "LeetCode", "lc"),
        &["leetcode.com", "leetcode.cn"],
        (1000, 65536, Some(8192)),
        (Exact, Clock::Wall, LeetCode),
        rust("1.79", &["2018", "2021"]),
        // Pages are named by slug, which the id does not hold; the id is the
        // number the name starts with (`294. Flip Game II`), else the slug.
        (
            |_| None,
            |url, name| match url.segments[..] {
                ["problems", slug, ..] => {
                    let number: String = name.chars().take_while(char::is_ascii_digit).collect();
                    let numbered = !number.is_empty() && name[number.len()..].starts_with('.');
                    Some(if numbered { number } else { slug.to_string() })
                }
                _ => url.generic_id(),
            },
        ),
    ),
    judge(
        ("codeforces", "Codeforces", "cf"),
        &["codeforces.com"],
        (2000, 262144, Some(262144)),
        (Tokens, Clock::Cpu, Stdin),
        rust("1.89", &["2021", "2024"]),
        // cf1234c1 is problemset/problem/1234/C1; contest/118/problem/A is
        // cf118a too, and gym/100001/problem/B cfgym100001b.
        (
            |rest| {
                let (number, task) = number_and_task(rest)?;
                let task = task.to_ascii_uppercase();
                Some(format!(
                    "https://codeforces.com/problemset/problem/{number}/{task}"
                ))
            },
            |url, _| match url.segments[..] {
                ["contest", contest, "problem", task]
                | ["problemset", "problem", contest, task]
                    if digits(contest) && letters_and_digits(task) =>
                {
                    Some(format!("{contest}{task}"))
                }
                ["gym", contest, "problem", task]
                    if digits(contest) && letters_and_digits(task) =>
                {
                    Some(format!("gym{contest}{task}"))
                }
                _ => url.generic_id(),
            },
        ),
    ),
    judge(
        ("atcoder", "AtCoder", "atc"),
        &["atcoder.jp"],
        (2000, 1048576, Some(1048576)),
        (Tokens, Clock::Cpu, Stdin),
        rust("1.89", &["2024"]),
        // atcabc300a is contest abc300's task a: contests/abc300/tasks/abc300_a.
        (
            |rest| {
                let (contest, task) = rest.split_at(rest.len().checked_sub(1)?);
                let contest_like = contest.ends_with(|c: char| c.is_ascii_digit())
                    && contest.starts_with(|c: char| c.is_ascii_lowercase());
                (contest_like && is_task(task)).then(|| {
                    format!("https://atcoder.jp/contests/{contest}/tasks/{contest}_{task}")
                })
            },
            |url, _| match url.segments[..] {
                ["contests", _, "tasks", task] => Some(task.to_string()),
                _ => url.generic_id(),
            },
        ),
    ),
    judge(
        ("kattis", "Kattis", "kattis"),
        &["kattis.com"],
        (1000, 1048576, None),
        (Tokens, Clock::Cpu, Stdin),
        rust("1.78", &["2021"]),
        GENERIC,
    ),
    judge(
        ("cses", "CSES", "cses"),
        &["cses.fi"],
        (1000, 524288, Some(8192)),
        (Tokens, Clock::Cpu, Stdin),
        rust("1.75", &["2021"]),
        // cses1068 is problemset/task/1068, which the generic rule reads back.
        (
            |rest| digits(rest).then(|| format!("https://cses.fi/problemset/task/{rest}")),
            |url, _| url.generic_id(),
        ),
    ),
    judge(
        ("yukicoder", "yukicoder", "yukicoder"),
        &["yukicoder.me"],
        (2000, 524288, Some(8192)),
        (Tokens, Clock::Cpu, Stdin),
        rust("1.92", &["2024"]),
        GENERIC,
    ),
    judge(
        ("librarychecker", "Library Checker", "yosupo"),
        &["judge.yosupo.jp"],
        (5000, 1048576, None),
        (Tokens, Clock::Cpu, Stdin),
        rust("1.94", &["2024"]),
        GENERIC,
    ),
];

/// Limits for a judge this table does not know; the user is told to check them.
pub const OTHER_LIMITS: (u64, u64) = (2000, 262144);
/// Linux's default stack: a judge this table does not know is not assumed
/// to give more.
pub const OTHER_STACK_KIB: u64 = 8192;
/// The strict choice for an unknown judge: a PE is easier to waive than to miss.
pub const OTHER_COMPARE: CompareMode = CompareMode::Exact;
/// Most judges count CPU time.
pub const OTHER_TIME: Clock = Clock::Cpu;

pub fn known(name: &str) -> Option<&'static Judge> {
    JUDGES.iter().find(|j| j.name == name)
}

/// The judge whose site `host` is (`m1.codeforces.com` is Codeforces's).
pub fn of_host(host: &str) -> Option<&'static Judge> {
    JUDGES.iter().find(|j| {
        j.domains
            .iter()
            .any(|domain| host == *domain || host.ends_with(&format!(".{domain}")))
    })
}

/// The judge an id's prefix names, if any.
pub fn of_id(id: &str) -> Option<&'static Judge> {
    JUDGES.iter().find(|j| id.starts_with(j.prefix))
}

/// `poj, lc, cf, ...`: the prefixes, for messages.
pub fn prefixes() -> String {
    let prefixes: Vec<&str> = JUDGES.iter().map(|j| j.prefix).collect();
    prefixes.join(", ")
}

/// The editions a judge (known or not) compiles a paste with.
pub fn editions_of(name: &str) -> &'static [&'static str] {
    match known(name).and_then(|j| j.rust) {
        Some(rust) => rust.editions,
        None => OTHER_EDITIONS,
    }
}

/// The format a judge (known or not) runs: LeetCode's, or stdin.
pub fn format_of(name: &str) -> Format {
    known(name).map_or(Format::Stdin, |j| j.format)
}

/// The problem's page, when the id says enough to build it.
pub fn default_url(judge: &str, id: &str) -> Option<String> {
    let judge = known(judge)?;
    (judge.url)(id.strip_prefix(judge.prefix)?)
}

/// Only ASCII digits, at least one.
fn digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

/// Only ASCII letters and digits, at least one.
fn letters_and_digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// `1234c1` as its number and its task (`1234`, `c1`), when it is both.
fn number_and_task(text: &str) -> Option<(&str, &str)> {
    let end = text.find(|c: char| !c.is_ascii_digit())?;
    let (number, task) = text.split_at(end);
    (!number.is_empty() && is_task(task)).then_some((number, task))
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
        assert_eq!(known("poj").unwrap().rustc_version(), None);
        assert_eq!(
            known("codeforces").unwrap().rustc_version().as_deref(),
            Some("1.89.0")
        );
        let numbers = |version: &str| -> Vec<u32> {
            version.split('.').map(|p| p.parse().unwrap()).collect()
        };
        for judge in JUDGES.iter().filter(|j| j.rust.is_some()) {
            let version = judge.rustc_version().unwrap();
            assert_eq!(numbers(&version).len(), 3, "{version}");
            assert!(numbers(&version) >= numbers(RUST_FLOOR), "{version}");
        }
    }

    #[test]
    fn a_judge_on_rust_1_85_or_newer_compiles_edition_2024_and_no_older_one_does() {
        for judge in JUDGES {
            let rust = match judge.rust {
                Some(rust) => rust,
                None => {
                    assert_eq!(editions_of(judge.name), OTHER_EDITIONS);
                    continue;
                }
            };
            let minor: u32 = rust.version.split('.').nth(1).unwrap().parse().unwrap();
            assert!(!rust.editions.is_empty(), "{}", judge.name);
            assert_eq!(
                rust.editions.contains(&"2024"),
                minor >= 85,
                "{}",
                judge.name
            );
            assert_eq!(editions_of(judge.name), rust.editions);
        }
        assert_eq!(editions_of("atcoder"), ["2024"]);
        assert_eq!(editions_of("spoj"), OTHER_EDITIONS);
        assert_eq!(
            known("codeforces").unwrap().rust.unwrap().describe(),
            "1.89 (editions 2021 and 2024)"
        );
        assert_eq!(
            known("atcoder").unwrap().rust.unwrap().describe(),
            "1.89 (edition 2024)"
        );
    }

    #[test]
    fn prefixes_and_sites_name_one_judge_each() {
        for judge in JUDGES {
            assert_eq!(
                of_id(&format!("{}1", judge.prefix)).unwrap().name,
                judge.name
            );
            for domain in judge.domains {
                assert_eq!(of_host(domain).unwrap().name, judge.name);
            }
        }
        assert_eq!(of_host("m1.codeforces.com").unwrap().name, "codeforces");
        assert!(of_host("notcodeforces.com").is_none());
        assert!(of_id("spoj1").is_none());
    }

    #[test]
    fn urls_come_from_the_id() {
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
        assert_eq!(
            url("cses", "cses1068").unwrap(),
            "https://cses.fi/problemset/task/1068"
        );
        assert_eq!(url("poj", "x1143"), None);
        assert_eq!(url("spoj", "spoj1"), None);
    }
}
