//! `judge new <id>`: starts a problem from the house skeleton — solution,
//! brute force and generator under `problems/<id>/`, and
//! `judge-data/<id>/problem.toml` — with the judge, URL and limits guessed
//! from the id unless given.

use crate::cli::Args;
use crate::problem::{SetupError, Workspace};
use std::fs;
use std::path::Path;

/// Package names the workspace already uses; a problem named so would clash.
const TAKEN: [&str; 2] = ["judge", "testkit"];

/// A judge's defaults: the name in `problem.toml`, the id prefix that implies
/// it, its usual limits, and how it compares output (Codeforces and AtCoder
/// checkers ignore whitespace; POJ gives Presentation Error).
struct Judge {
    name: &'static str,
    prefix: &'static str,
    time_limit_ms: u64,
    memory_limit_kib: u64,
    compare: &'static str,
}

const JUDGES: [Judge; 4] = [
    Judge {
        name: "poj",
        prefix: "poj",
        time_limit_ms: 1000,
        memory_limit_kib: 65536,
        compare: "exact",
    },
    Judge {
        name: "leetcode",
        prefix: "lc",
        time_limit_ms: 1000,
        memory_limit_kib: 65536,
        compare: "exact",
    },
    Judge {
        name: "codeforces",
        prefix: "cf",
        time_limit_ms: 2000,
        memory_limit_kib: 262144,
        compare: "tokens",
    },
    Judge {
        name: "atcoder",
        prefix: "atc",
        time_limit_ms: 2000,
        memory_limit_kib: 1048576,
        compare: "tokens",
    },
];

/// Limits for a judge this table does not know; the user is told to check them.
const OTHER_LIMITS: (u64, u64) = (2000, 262144);
/// The strict choice for an unknown judge: a PE is easier to waive than to miss.
const OTHER_COMPARE: &str = "exact";

const CARGO_TOML: &str = include_str!("../templates/Cargo.toml.tmpl");
const PROBLEM_TOML: &str = include_str!("../templates/problem.toml.tmpl");
const STDIN: [&str; 3] = [
    include_str!("../templates/stdin/main.rs.tmpl"),
    include_str!("../templates/stdin/brute.rs.tmpl"),
    include_str!("../templates/stdin/gen.rs.tmpl"),
];
const LEETCODE: [&str; 3] = [
    include_str!("../templates/leetcode/main.rs.tmpl"),
    include_str!("../templates/leetcode/brute.rs.tmpl"),
    include_str!("../templates/leetcode/gen.rs.tmpl"),
];

pub fn command(workspace: &Workspace, args: &Args) -> Result<bool, SetupError> {
    let id = match args.positional.as_slice() {
        [id] => id.as_str(),
        _ => {
            return Err(SetupError(
                "new takes one problem id (make new P=<id>)".into(),
            ))
        }
    };
    check_id(workspace, id)?;
    let judge = match args.value("judge") {
        Some(name) => name.to_string(),
        None => judge_from_prefix(id)?.to_string(),
    };
    let known = JUDGES.iter().find(|j| j.name == judge);
    let (time_limit_ms, memory_limit_kib) =
        known.map_or(OTHER_LIMITS, |j| (j.time_limit_ms, j.memory_limit_kib));
    let compare = known.map_or(OTHER_COMPARE, |j| j.compare);
    let title = one_line("title", args.value("title").unwrap_or(""))?;
    let url = match args.value("url") {
        Some(url) => one_line("url", url)?.to_string(),
        None => default_url(&judge, id).unwrap_or_default(),
    };
    let mut header = id.to_string();
    if !title.is_empty() {
        header = format!("{header} {title}");
    }
    if !url.is_empty() {
        header = format!("{header} — {url}");
    }
    let fill = |template: &str| {
        template
            .replace("{{id}}", id)
            .replace("{{header}}", &header)
            .replace("{{title}}", title)
            .replace("{{url}}", &url)
            .replace("{{judge}}", &judge)
            .replace("{{time_limit_ms}}", &time_limit_ms.to_string())
            .replace("{{memory_limit_kib}}", &memory_limit_kib.to_string())
            .replace("{{compare}}", compare)
    };
    let [main, brute, gen] = if judge == "leetcode" { LEETCODE } else { STDIN };
    let problem = Path::new("problems").join(id);
    let data = Path::new("judge-data").join(id);
    let files = [
        (problem.join("Cargo.toml"), fill(CARGO_TOML)),
        (problem.join("src/main.rs"), fill(main)),
        (problem.join("src/brute.rs"), fill(brute)),
        (problem.join("src/gen.rs"), fill(gen)),
        (data.join("problem.toml"), fill(PROBLEM_TOML)),
    ];
    for (path, text) in &files {
        write(&workspace.root.join(path), text)?;
    }
    outln!(
        "created {id} ({judge}, {time_limit_ms} ms, {memory_limit_kib} KiB):\n  {}",
        files
            .iter()
            .map(|(path, _)| path.display().to_string())
            .collect::<Vec<_>>()
            .join("\n  ")
    );
    if known.is_none() {
        outln!("{judge:?} is not a judge this tool knows: check the limits in problem.toml");
    }
    if title.is_empty() {
        outln!(
            "no title: add one in {}",
            data.join("problem.toml").display()
        );
    }
    if url.is_empty() {
        outln!(
            "no URL could be made from the id: add it in {}",
            data.join("problem.toml").display()
        );
    }
    outln!(
        "next steps:\n  \
         1. write the solution in problems/{id}/src/main.rs, its brute force and generator beside it\n  \
         2. add cases to judge-data/{id}/: <name>.in with its <name>.out, the samples first\n  \
         3. make test P={id}\n  \
         4. make stress P={id}\n  \
         5. make submit P={id}"
    );
    Ok(true)
}

/// Lowercase letters and digits, starting with a letter (a Cargo package and
/// binary name as it is), and not already in use.
fn check_id(workspace: &Workspace, id: &str) -> Result<(), SetupError> {
    let valid = id.starts_with(|c: char| c.is_ascii_lowercase())
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit());
    if !valid {
        return Err(SetupError(format!(
            "invalid id {id:?}: use lowercase letters and digits, starting with a letter (poj1143, lc294)"
        )));
    }
    if TAKEN.contains(&id) {
        return Err(SetupError(format!(
            "{id:?} is the name of a workspace tool; pick another id"
        )));
    }
    for dir in ["problems", "judge-data"] {
        if workspace.root.join(dir).join(id).exists() {
            return Err(SetupError(format!(
                "{dir}/{id} already exists; pick another id"
            )));
        }
    }
    Ok(())
}

fn judge_from_prefix(id: &str) -> Result<&'static str, SetupError> {
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
fn default_url(judge: &str, id: &str) -> Option<String> {
    let prefix = JUDGES.iter().find(|j| j.name == judge)?.prefix;
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

/// Refuses a value that would break the one-line `key = "value"` of problem.toml.
fn one_line<'a>(name: &str, value: &'a str) -> Result<&'a str, SetupError> {
    if value.chars().any(|c| c.is_control() || c == '"') {
        return Err(SetupError(format!(
            "--{name} must be one line of text without '\"'"
        )));
    }
    Ok(value.trim())
}

fn write(path: &Path, text: &str) -> Result<(), SetupError> {
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent)
            .map_err(|e| SetupError(format!("cannot create {}: {e}", parent.display())))?;
    }
    fs::write(path, text).map_err(|e| SetupError(format!("cannot write {}: {e}", path.display())))
}

#[cfg(test)]
mod tests {
    use super::*;

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
