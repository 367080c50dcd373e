//! A new problem's files, from its kind's templates (`problem::kind`):
//! solution, brute force or interactor, generator, tests, and
//! `judge-data/<id>/problem.toml`, with the judge, URL and limits guessed
//! from the id unless given. One `Spec`, made by `judge new` from its
//! arguments and by `judge import` from a payload or a package; an
//! import builds the new problem (`build_problem`) once it is written.

mod snippet;

use judge_core::base::error::SetupError;
use judge_core::base::files;
use judge_core::base::judges;
use judge_core::base::modes::{Clock, CompareMode, Mode};
use judge_core::base::terminal::plain_line;
use judge_core::problem::config::toml;
use judge_core::problem::kind::{Kind, DEFAULT_SNIPPET};
use judge_core::problem::workspace::{check_id, Workspace};
use judge_core::process::interrupt;
use std::fs;
use std::io::Write;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Everything a new problem is made from: what `judge new` reads from its
/// arguments and `judge import` from a browser's payload. One `scaffold`
/// turns it into files, so both make the same problem.
#[derive(Clone, Debug)]
pub struct Spec {
    pub id: String,
    pub judge: String,
    pub title: String,
    pub url: String,
    pub time_limit_ms: u64,
    pub memory_limit_kib: u64,
    pub compare: CompareMode,
    pub time: Clock,
    /// A LeetCode kind is told function from design by its code template.
    pub kind: Kind,
    /// LeetCode's code template for the problem, as its editor shows it.
    pub snippet: Option<String>,
    /// An input's first line is its number of test cases: problem.toml gets
    /// `stress_header = "count"`, so that stress shrinks case by case.
    /// `for_id` sets it for the judges whose statements are so written;
    /// `import` for a payload of many tests (`testType = "multiNumber"`).
    pub count_header: bool,
    /// The kind's placeholder cases, which its template solution answers
    /// (the interactive kind's guessing game); `import` stores the page's
    /// samples instead.
    pub placeholder_cases: bool,
}

/// The judges whose inputs mostly start with the number of test cases (most
/// of AtCoder's are one case: an import's `testType` says when not).
const COUNT_HEADER_JUDGES: [&str; 1] = ["codeforces"];

impl Spec {
    /// The defaults for `id`: the judge from `judge` or else the id's prefix,
    /// and that judge's limits, compare mode, time and URL; the kind the
    /// judge and the flags ask for.
    pub fn for_id(
        id: &str,
        judge: Option<&str>,
        checker: bool,
        interactive: bool,
    ) -> Result<Spec, SetupError> {
        check_id(id)?;
        let judge = match judge {
            Some(name) => name.to_string(),
            None => judges::of_id(id)
                .ok_or_else(|| {
                    SetupError(format!(
                        "cannot tell the judge from {id:?}: start the id with {}, \
                         or pass --judge (a judge's name, known or not)",
                        judges::prefixes()
                    ))
                })?
                .name
                .to_string(),
        };
        let known = judges::known(&judge);
        let (time_limit_ms, memory_limit_kib) = known.map_or(judges::OTHER_LIMITS, |j| {
            (j.time_limit_ms, j.memory_limit_kib)
        });
        let kind =
            Kind::for_new(judges::format_of(&judge), checker, interactive).map_err(SetupError)?;
        Ok(Spec {
            count_header: COUNT_HEADER_JUDGES.contains(&judge.as_str())
                && matches!(kind, Kind::Stdin | Kind::Checker),
            id: id.to_string(),
            url: judges::default_url(&judge, id).unwrap_or_default(),
            compare: known.map_or(judges::OTHER_COMPARE, |j| j.compare),
            time: known.map_or(judges::OTHER_TIME, |j| j.time),
            judge,
            title: String::new(),
            time_limit_ms,
            memory_limit_kib,
            kind,
            snippet: None,
            placeholder_cases: true,
        })
    }
}

/// Creates the problem's files from its kind's templates; returns the kind
/// (a LeetCode code template tells function from design) and the files'
/// paths relative to the workspace root. Refuses an invalid or taken id.
pub fn scaffold(workspace: &Workspace, spec: &Spec) -> Result<(Kind, Vec<PathBuf>), SetupError> {
    check_new_id(workspace, &spec.id)?;
    let (kind, made) = scaffold_files(spec)?;
    for (path, text) in &made {
        add_file(&workspace.root.join(path), text)?;
    }
    Ok((kind, made.into_iter().map(|(path, _)| path).collect()))
}

/// The files `scaffold` writes, with their paths relative to the workspace
/// root, written nowhere: for `import`, which writes them elsewhere first.
pub fn scaffold_files(spec: &Spec) -> Result<(Kind, Vec<(PathBuf, String)>), SetupError> {
    let id = spec.id.as_str();
    if spec.snippet.is_some() && !spec.kind.is_leetcode() {
        return Err(SetupError(format!(
            "--snippet is LeetCode's code template; {id} is a {} problem",
            spec.judge
        )));
    }
    let leetcode = match spec.kind.is_leetcode() {
        true => Some(snippet::parts(
            spec.snippet.as_deref().unwrap_or(DEFAULT_SNIPPET),
        )?),
        false => None,
    };
    let kind = leetcode.as_ref().map_or(spec.kind, |parts| parts.kind);
    let values = placeholders(spec, kind, leetcode.as_ref());
    let fill = |template: &str| {
        let text = template.to_string();
        values
            .iter()
            .fold(text, |text, (key, value)| text.replace(key, value))
    };
    let mut made = Vec::new();
    for template in kind.templates() {
        let path = template.target(id);
        let case = path.starts_with("judge-data/") && !path.ends_with("/problem.toml");
        if case && !spec.placeholder_cases {
            continue;
        }
        let mut text = fill(template.text);
        // Formatted as `make check` wants, whatever the id's length or the
        // glue made from a code template.
        if path.ends_with(".rs") {
            text = rustfmt(&text)?;
        }
        made.push((PathBuf::from(path), text));
    }
    Ok((kind, made))
}

/// What each `{{placeholder}}` of the templates is replaced with, in order.
fn placeholders(
    spec: &Spec,
    kind: Kind,
    leetcode: Option<&snippet::Parts>,
) -> Vec<(&'static str, String)> {
    let id = spec.id.as_str();
    // Whatever a title holds, it stays one line of a comment and of a
    // problem.toml string: a package's name is not code.
    let title = plain_line(&spec.title).replace(['"', '\\'], "'");
    let mut header = id.to_string();
    if !title.is_empty() {
        header = format!("{header} {title}");
    }
    if !spec.url.is_empty() {
        header = format!("{header} — {}", spec.url);
    }
    let bins: String = kind
        .helpers()
        .iter()
        .map(|(suffix, path, comment)| {
            format!("# {comment}\n[[bin]]\nname = \"{id}{suffix}\"\npath = \"{path}\"\n\n")
        })
        .collect();
    let dependency = match kind.is_leetcode() {
        true => {
            "# LeetCode's testcase format, for the glue outside the submit region.\n\
                 leetcode = { path = \"../../scripts/leetcode\" }\n"
        }
        false => "",
    };
    let mut keys = kind.keys(id);
    if spec.count_header {
        keys += "stress_header = \"count\" # the first line is the number of test cases\n";
    }
    let mut values = vec![
        ("{{id}}", id.to_string()),
        ("{{header}}", header),
        ("{{title}}", toml::string(&title)),
        ("{{url}}", toml::string(&spec.url)),
        ("{{judge}}", toml::string(&spec.judge)),
        ("{{time_limit_ms}}", spec.time_limit_ms.to_string()),
        ("{{memory_limit_kib}}", spec.memory_limit_kib.to_string()),
        ("{{compare}}", spec.compare.name().to_string()),
        ("{{time}}", spec.time.name().to_string()),
        ("{{bins}}", bins),
        ("{{keys}}", keys),
        ("{{leetcode}}", dependency.to_string()),
    ];
    if let Some(parts) = leetcode {
        values.extend([
            ("{{imports}}", parts.imports.clone()),
            ("{{gen_imports}}", parts.gen_imports.clone()),
            ("{{region}}", parts.region.clone()),
            ("{{solution_struct}}", parts.solution_struct.to_string()),
            ("{{glue}}", parts.glue.clone()),
            ("{{case}}", parts.case.clone()),
        ]);
    }
    values
}

/// A valid id not already in use, nor a crate of the workspace's own.
pub fn check_new_id(workspace: &Workspace, id: &str) -> Result<(), SetupError> {
    check_id(id)?;
    if workspace.tool_crates().iter().any(|name| name == id) {
        return Err(SetupError(format!(
            "{id:?} is the name of a workspace tool's crate; pick another id"
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

/// Writes a new file whole, its folders made first; never replaces one.
fn add_file(path: &Path, text: &str) -> Result<(), SetupError> {
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent)
            .map_err(|e| SetupError(format!("cannot create {}: {e}", parent.display())))?;
    }
    match files::publish_new(path, text.as_bytes()) {
        Ok(true) => Ok(()),
        Ok(false) => Err(SetupError(format!("{} exists already", path.display()))),
        Err(e) => Err(SetupError(format!("cannot write {}: {e}", path.display()))),
    }
}

/// `text` formatted by rustfmt, so the new files pass `cargo fmt --check`;
/// a snippet rustfmt cannot parse is refused with its message.
fn rustfmt(text: &str) -> Result<String, SetupError> {
    let mut child = Command::new("rustfmt")
        .args(["--edition", "2021"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| {
            SetupError(format!(
                "cannot run rustfmt (rustup component add rustfmt): {e}"
            ))
        })?;
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let written = stdin.write_all(text.as_bytes());
    drop(stdin);
    let output = child
        .wait_with_output()
        .map_err(|e| SetupError(format!("cannot run rustfmt: {e}")))?;
    written.map_err(|e| SetupError(format!("cannot write to rustfmt: {e}")))?;
    if !output.status.success() {
        let message = String::from_utf8_lossy(&output.stderr);
        return Err(SetupError(format!(
            "the snippet is not Rust that rustfmt can read: {}",
            message.lines().next().unwrap_or("").trim()
        )));
    }
    String::from_utf8(output.stdout).map_err(|_| SetupError("rustfmt wrote non-UTF-8 text".into()))
}

/// Set (to anything) by the runner's tests to skip `cargo build`, the slow
/// step; one test builds for real.
const SKIP_BUILD: &str = "JUDGE_IMPORT_SKIP_BUILD";

/// Whether a new problem is built once written: not under the runner's
/// tests that set `SKIP_BUILD`.
pub fn build_wanted() -> bool {
    std::env::var_os(SKIP_BUILD).is_none()
}

/// `cargo build --release -p <id>`, quietly; a failure is reported, not
/// fatal: the files are written and the user can fix and `make build`.
pub fn build_problem(workspace: &Workspace, id: &str) -> String {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    // Recorded, in a group of its own, so an interrupt stops cargo and the
    // compilers it started rather than leaving them behind.
    let spawned = interrupt::launch(|| {
        Command::new(cargo)
            .args(["build", "--release", "--quiet", "-p", id])
            .current_dir(&workspace.root)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()
    });
    let output = spawned.and_then(|child| {
        let pid = child.id() as i32;
        let output = child.wait_with_output();
        interrupt::reaped(pid);
        output
    });
    match output {
        Ok(output) if output.status.success() => "built".into(),
        Ok(output) => {
            let stderr = String::from_utf8_lossy(&output.stderr);
            let first = stderr.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
            format!("build failed ({first}): run make for the whole message")
        }
        Err(e) => format!("not built (cannot run cargo: {e}): run make"),
    }
}
