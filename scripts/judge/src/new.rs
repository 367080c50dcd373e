//! `judge new <id>`: starts a problem from the house skeleton — solution,
//! brute force and generator under `problems/<id>/`, and
//! `judge-data/<id>/problem.toml` — with the judge, URL and limits guessed
//! from the id unless given.

mod snippet;

use crate::cli::Args;
use crate::judges;
use crate::problem::{check_id, SetupError, Workspace};
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

/// Package names the workspace already uses; a problem named so would clash.
pub const TAKEN: [&str; 2] = ["judge", "testkit"];

const CARGO_TOML: &str = include_str!("../templates/Cargo.toml.tmpl");
const PROBLEM_TOML: &str = include_str!("../templates/problem.toml.tmpl");
const STDIN: [&str; 4] = [
    include_str!("../templates/stdin/main.rs.tmpl"),
    include_str!("../templates/stdin/brute.rs.tmpl"),
    include_str!("../templates/stdin/gen.rs.tmpl"),
    include_str!("../templates/stdin/tests/cross_check.rs.tmpl"),
];
/// The problem's own checker (`--checker`), testlib protocol.
const CHECK: &str = include_str!("../templates/stdin/check.rs.tmpl");
/// What a LeetCode problem starts from without a snippet of its own.
const LEETCODE_SNIPPET: &str = include_str!("../templates/leetcode/snippet.rs.tmpl");
/// A stdin solution's unit tests live in tests/, so that its paste holds none.
const STDIN_TESTS: &str = include_str!("../templates/stdin/tests.rs.tmpl");
const LEETCODE_TESTS: &str = include_str!("../templates/leetcode/tests/cross_check.rs.tmpl");
/// An interactive problem: solution and its tests, interactor, generator and
/// a sample for the interactor; its manifest and problem.toml are the common
/// ones with the interactor added.
const INTERACTIVE: [&str; 5] = [
    include_str!("../templates/interactive/main.rs.tmpl"),
    include_str!("../templates/interactive/tests.rs.tmpl"),
    include_str!("../templates/interactive/interactor.rs.tmpl"),
    include_str!("../templates/interactive/gen.rs.tmpl"),
    include_str!("../templates/interactive/sample.in.tmpl"),
];

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
    pub compare: String,
    /// Scaffold `src/check.rs` and judge by it instead of `compare`.
    pub checker: bool,
    /// LeetCode's code template for the problem, as its editor shows it.
    pub snippet: Option<String>,
    /// Judged by an interactor (`<id>-interactor`) instead of by comparison.
    pub interactive: bool,
}

impl Spec {
    /// The defaults for `id`: the judge from `judge` or else the id's prefix,
    /// and that judge's limits, compare mode and URL.
    pub fn for_id(id: &str, judge: Option<&str>) -> Result<Spec, SetupError> {
        check_id(id)?;
        let judge = match judge {
            Some(name) => name.to_string(),
            None => judges::judge_from_prefix(id)?.to_string(),
        };
        let known = judges::known(&judge);
        let (time_limit_ms, memory_limit_kib) = known.map_or(judges::OTHER_LIMITS, |j| {
            (j.time_limit_ms, j.memory_limit_kib)
        });
        Ok(Spec {
            id: id.to_string(),
            url: judges::default_url(&judge, id).unwrap_or_default(),
            compare: known
                .map_or(judges::OTHER_COMPARE, |j| j.compare)
                .to_string(),
            judge,
            title: String::new(),
            time_limit_ms,
            memory_limit_kib,
            checker: false,
            snippet: None,
            interactive: false,
        })
    }
}

pub fn command(workspace: &Workspace, args: &Args) -> Result<bool, SetupError> {
    let id = match args.positional.as_slice() {
        [id] => id.as_str(),
        _ => {
            return Err(SetupError(
                "new takes one problem id (make new P=<id>)".into(),
            ))
        }
    };
    let mut spec = Spec::for_id(id, args.value("judge"))?;
    spec.title = one_line("title", args.value("title").unwrap_or(""))?.to_string();
    if let Some(url) = args.value("url") {
        spec.url = one_line("url", url)?.to_string();
    }
    spec.checker = args.flag("checker");
    if let Some(file) = args.value("snippet") {
        spec.snippet = Some(read_snippet(file)?);
    }
    spec.interactive = args.flag("interactive");
    let files = scaffold(workspace, &spec)?;
    outln!(
        "created {id} ({}, {} ms, {} KiB):\n  {}",
        spec.judge,
        spec.time_limit_ms,
        spec.memory_limit_kib,
        files
            .iter()
            .map(|path| path.display().to_string())
            .collect::<Vec<_>>()
            .join("\n  ")
    );
    let problem_toml = Path::new("judge-data").join(id).join("problem.toml");
    if judges::known(&spec.judge).is_none() {
        outln!(
            "{:?} is not a judge this tool knows: check the limits in problem.toml",
            spec.judge
        );
    }
    if spec.title.is_empty() {
        outln!("no title: add one in {}", problem_toml.display());
    }
    if spec.url.is_empty() {
        outln!(
            "no URL could be made from the id: add it in {}",
            problem_toml.display()
        );
    }
    if spec.interactive {
        outln!(
            "next steps:\n  \
             1. write the interactor in problems/{id}/src/interactor.rs, the solution in main.rs and the generator beside them\n  \
             2. add cases to judge-data/{id}/: <name>.in is the interactor's input (a <name>.out, if any, is its <answer>)\n  \
             3. make test P={id}\n  \
             4. make stress P={id}\n  \
             5. make submit P={id}"
        );
        return Ok(true);
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

/// Creates the problem's files from the house templates; returns their paths
/// relative to the workspace root. Refuses an invalid or existing id.
pub fn scaffold(workspace: &Workspace, spec: &Spec) -> Result<Vec<PathBuf>, SetupError> {
    let id = spec.id.as_str();
    check_new_id(workspace, id)?;
    let mut header = id.to_string();
    if !spec.title.is_empty() {
        header = format!("{header} {}", spec.title);
    }
    if !spec.url.is_empty() {
        header = format!("{header} — {}", spec.url);
    }
    let is_leetcode = spec.judge == "leetcode";
    if spec.snippet.is_some() && !is_leetcode {
        return Err(SetupError(format!(
            "--snippet is LeetCode's code template; {id} is a {} problem",
            spec.judge
        )));
    }
    let leetcode_dependency = if is_leetcode {
        "# LeetCode's testcase format, for the glue outside the submit region.\n\
         leetcode = { path = \"../../scripts/leetcode\" }\n"
    } else {
        ""
    };
    let fill = |template: &str| {
        template
            .replace("{{id}}", id)
            .replace("{{header}}", &header)
            .replace("{{title}}", &spec.title)
            .replace("{{url}}", &spec.url)
            .replace("{{judge}}", &spec.judge)
            .replace("{{time_limit_ms}}", &spec.time_limit_ms.to_string())
            .replace("{{memory_limit_kib}}", &spec.memory_limit_kib.to_string())
            .replace("{{compare}}", &spec.compare)
            .replace(
                "{{time}}",
                judges::known(&spec.judge).map_or(judges::OTHER_TIME, |j| j.time),
            )
            .replace("{{leetcode}}", leetcode_dependency)
    };
    if spec.interactive && (is_leetcode || spec.checker) {
        return Err(SetupError(
            "--interactive makes a problem with an interactor: not for LeetCode, \
             and not with --checker"
                .into(),
        ));
    }
    let problem = Path::new("problems").join(id);
    let data = Path::new("judge-data").join(id);
    // Beside the solution and the generator, each kind brings its own helper
    // binaries and problem.toml keys.
    let mut bins = String::new();
    let mut keys = String::new();
    let mut files = Vec::new();
    if spec.interactive {
        bins += &bin(
            "The judge's side of the dialogue (testlib protocol), named in problem.toml.",
            &format!("{id}-interactor"),
            "src/interactor.rs",
        );
        keys += &format!("interactor = \"{id}-interactor\"\ninteractor_protocol = \"testlib\"\n");
        let [main, tests, interactor, gen, sample] = INTERACTIVE.map(fill);
        files.extend([
            (problem.join("src/main.rs"), main),
            (problem.join("tests/solution.rs"), tests),
            (problem.join("src/interactor.rs"), interactor),
            (problem.join("src/gen.rs"), gen),
            (data.join("sample-1.in"), sample),
        ]);
    } else {
        bins += &bin(
            "Slow and obviously correct, for make stress.",
            &format!("{id}-brute"),
            "src/brute.rs",
        );
        keys += "bench.max = 1000 10000 100000\n";
        let [main, brute, gen, tests] = if is_leetcode {
            let snippet = spec.snippet.as_deref().unwrap_or(LEETCODE_SNIPPET);
            let files = snippet::files(id, &header, snippet)?;
            [files.main, files.brute, files.gen, fill(LEETCODE_TESTS)]
        } else {
            STDIN.map(fill)
        };
        files.extend([
            (problem.join("src/main.rs"), main),
            (problem.join("src/brute.rs"), brute),
            (problem.join("src/gen.rs"), gen),
            (problem.join("tests/cross_check.rs"), tests),
        ]);
        if !is_leetcode {
            files.push((problem.join("tests/solution.rs"), fill(STDIN_TESTS)));
        }
    }
    if spec.checker {
        bins += &bin(
            "The checker: judges an output when more than one answer is right.",
            &format!("{id}-check"),
            "src/check.rs",
        );
        keys += &format!("checker = \"{id}-check\"\n");
        files.push((problem.join("src/check.rs"), fill(CHECK)));
    }
    files.insert(
        0,
        (
            problem.join("Cargo.toml"),
            fill(CARGO_TOML).replace("{{bins}}", &bins),
        ),
    );
    files.push((
        data.join("problem.toml"),
        fill(PROBLEM_TOML).replace("{{keys}}", &keys),
    ));
    write_files(workspace, files)
}

/// A `[[bin]]` entry of a problem's manifest, with a comment saying what it is.
fn bin(comment: &str, name: &str, path: &str) -> String {
    format!("# {comment}\n[[bin]]\nname = \"{name}\"\npath = \"{path}\"\n\n")
}

/// Writes each file (a path relative to the workspace root, and its text);
/// returns the paths.
fn write_files(
    workspace: &Workspace,
    files: Vec<(PathBuf, String)>,
) -> Result<Vec<PathBuf>, SetupError> {
    for (path, text) in &files {
        write(&workspace.root.join(path), text)?;
    }
    Ok(files.into_iter().map(|(path, _)| path).collect())
}

/// The snippet in `file`, or stdin for `-`.
fn read_snippet(file: &str) -> Result<String, SetupError> {
    let read = if file == "-" {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text).map(|_| text)
    } else {
        fs::read_to_string(file)
    };
    read.map_err(|e| SetupError(format!("cannot read the snippet {file}: {e}")))
}

/// A valid id not already in use.
fn check_new_id(workspace: &Workspace, id: &str) -> Result<(), SetupError> {
    check_id(id)?;
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
