//! `judge snippet`: the snippet library (`scripts/snippets/src/`) and the
//! copies solutions keep of it. `list` shows the library; `add <name> <id>`
//! pastes a snippet and what it needs into a solution; `update [<id>]`
//! makes every unmodified copy the library's text again; `check [<id>...]`
//! fails on a copy that drifted; `prove [<name>...]` compiles every snippet
//! alone and pasted into solutions, as a judge would. The text work is in
//! `library`; the compiling is `submit`'s.

pub mod library;

use crate::compile::Compilers;
use crate::copies;
use crate::{Paste, Style};
use judge_core::base::args::Args;
use judge_core::base::error::SetupError;
use judge_core::base::files;
use judge_core::base::judges::{self, Format, RUST_FLOOR};
use judge_core::base::nearest::nearest;
use judge_core::base::terminal::Tally;
use judge_core::outln;
use judge_core::problem::kind::TEMPLATES;
use judge_core::problem::workspace::Workspace;
use library::{Library, Placement, Snippet};
use std::fs;

const SUBCOMMANDS: [&str; 5] = ["list", "add", "update", "check", "prove"];

/// Every edition a snippet is proven under, on each compiler that knows it:
/// 2018 and 2021 on the floor rustc, all three on the local one.
const EDITIONS: [&str; 3] = ["2018", "2021", "2024"];
/// A stdin solution's: the house skeleton is 2021 code (its closures
/// capture single fields), so 2018 is proven alone and in a LeetCode region.
const SKELETON_EDITIONS: [&str; 2] = ["2021", "2024"];

/// The least a LeetCode solution is: a submit region holding an `impl`,
/// with a `use` line at its top, inside the harness that runs it here.
const LEETCODE_SOLUTION: &str = "use std::io::Read;\n\n// submit-begin\nuse std::collections::HashMap;\n\n\
    impl Solution {\n    pub fn answer() -> usize {\n        HashMap::<u8, u8>::new().len()\n    }\n}\n\
    // submit-end\n\npub struct Solution;\n\nfn main() {\n    let _ = std::io::stdin().read(&mut []);\n    \
    println!(\"{}\", Solution::answer());\n}\n";

pub fn command(workspace: &Workspace, args: &Args) -> Result<bool, SetupError> {
    let (subcommand, rest) = match args.positional.split_first() {
        Some((subcommand, rest)) => (subcommand.as_str(), rest),
        None => {
            return Err(SetupError(format!(
                "snippet takes one of: {}",
                SUBCOMMANDS.join(", ")
            )))
        }
    };
    match (subcommand, rest) {
        ("list", []) => list(workspace),
        ("add", [name, id]) => add(workspace, name, id),
        ("add", _) => Err(SetupError(
            "snippet add takes a snippet and a problem: judge snippet add <name> <id> \
             (make snippet S=<name> P=<id>)"
                .into(),
        )),
        ("update", [] | [_]) => update(workspace, rest),
        ("update", _) => Err(SetupError(
            "snippet update takes one problem or none (all)".into(),
        )),
        ("check", ids) => check(workspace, ids),
        ("prove", names) => prove(workspace, names),
        ("list", _) => Err(SetupError("snippet list takes no arguments".into())),
        (other, _) => Err(SetupError(match nearest(other, SUBCOMMANDS) {
            Some(near) => format!("unknown snippet command {other:?}; did you mean {near}?"),
            None => format!(
                "unknown snippet command {other:?}; known: {}",
                SUBCOMMANDS.join(", ")
            ),
        })),
    }
}

fn load(workspace: &Workspace) -> Result<Library, SetupError> {
    Library::load(workspace).map_err(SetupError)
}

/// Name, size in lines, summary, and what each needs.
fn list(workspace: &Workspace) -> Result<bool, SetupError> {
    let library = load(workspace)?;
    let width = library
        .snippets
        .iter()
        .map(|s| s.name.len())
        .max()
        .unwrap_or(0);
    for snippet in &library.snippets {
        let needs = match snippet.needs.as_slice() {
            [] => String::new(),
            needs => format!(" (needs {})", needs.join(", ")),
        };
        outln!(
            "{:<width$}  {:>4} lines  {}{needs}",
            snippet.name,
            snippet.line_count(),
            snippet.summary()
        );
    }
    Ok(true)
}

/// Where `id`'s snippets go, by how its judge takes a paste.
fn placement(workspace: &Workspace, id: &str) -> Result<Placement, SetupError> {
    Ok(match judges::format_of(&workspace.config(id)?.judge) {
        Format::LeetCode => Placement::BeforeImpl,
        Format::Stdin => Placement::AboveSkeleton,
    })
}

/// `problems/<id>/src/main.rs`, and its text.
fn solution(workspace: &Workspace, id: &str) -> Result<(String, String), SetupError> {
    let file = format!("problems/{id}/src/main.rs");
    let text = fs::read_to_string(workspace.root.join(&file))
        .map_err(|e| SetupError(format!("cannot read {file}: {e}")))?;
    Ok((file, text))
}

/// Writes the solution whole or not at all.
fn write(workspace: &Workspace, file: &str, text: &str) -> Result<(), SetupError> {
    files::publish(&workspace.root.join(file), text.as_bytes())
        .map_err(|e| SetupError(format!("cannot write {file}: {e}")))
}

fn add(workspace: &Workspace, name: &str, id: &str) -> Result<bool, SetupError> {
    let library = load(workspace)?;
    let wanted = library.with_needs(name).map_err(SetupError)?;
    let id = workspace.one(&[id.to_string()], "snippet add takes one problem id")?;
    let placement = placement(workspace, &id)?;
    let (file, text) = solution(workspace, &id)?;
    let (new, added) =
        library::add(&text, placement, &wanted).map_err(|e| SetupError(format!("{file}: {e}")))?;
    if new != text {
        write(workspace, &file, &new)?;
    }
    for snippet in &wanted {
        let what = if !added.contains(&snippet.name.as_str()) {
            "is there already"
        } else if snippet.name == name {
            "added"
        } else {
            "added, needed by it"
        };
        outln!(
            "{file}: {} {what} ({} lines)",
            snippet.name,
            snippet.line_count()
        );
    }
    for note in add_test_imports(workspace, &id, &wanted)? {
        outln!("{note}");
    }
    Ok(true)
}

/// Adds to the problem's tests that take `src/main.rs` in as a module
/// (`#[path = "../src/main.rs"] mod solution;`) the imports the snippets
/// need there: a snippet's `crate::<other>` means the crate root, which in
/// a test is the test file, so each needed snippet is named there (`use
/// solution::<other>;`, after the module). Says what it added.
fn add_test_imports(
    workspace: &Workspace,
    id: &str,
    wanted: &[&Snippet],
) -> Result<Vec<String>, SetupError> {
    let mut needed: Vec<&str> = wanted
        .iter()
        .flat_map(|snippet| snippet.needs.iter().map(String::as_str))
        .collect();
    needed.sort_unstable();
    needed.dedup();
    let dir = workspace.problem_dir(id).join("tests");
    let mut tests: Vec<_> = fs::read_dir(&dir)
        .map(|entries| entries.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    tests.sort();
    let mut notes = Vec::new();
    for path in tests {
        let text = fs::read_to_string(&path).unwrap_or_default();
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        let at = lines
            .windows(2)
            .position(|pair| pair[0].trim() == "#[path = \"../src/main.rs\"]")
            .map(|at| at + 1);
        let Some((at, module)) = at.and_then(|at| {
            let module = lines[at].trim().strip_prefix("mod ")?.strip_suffix(';')?;
            Some((at, module.to_string()))
        }) else {
            continue;
        };
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let file = format!("problems/{id}/tests/{name}");
        let imports: Vec<String> = needed
            .iter()
            .map(|need| format!("use {module}::{need};"))
            .filter(|import| !lines.iter().any(|line| line.trim() == import))
            .collect();
        if imports.is_empty() {
            continue;
        }
        for (offset, import) in imports.iter().enumerate() {
            lines.insert(at + 1 + offset, import.clone());
            notes.push(format!(
                "{file}: added `{import}`, so that crate:: paths resolve there"
            ));
        }
        write(workspace, &file, &(lines.join("\n") + "\n"))?;
    }
    Ok(notes)
}

/// The problems named (all when none) that hold a solution file.
fn with_solutions(workspace: &Workspace, ids: &[String]) -> Result<Vec<String>, SetupError> {
    let ids = workspace.select(ids)?;
    Ok(ids
        .into_iter()
        .filter(|id| workspace.problem_dir(id).join("src/main.rs").is_file())
        .collect())
}

fn update(workspace: &Workspace, ids: &[String]) -> Result<bool, SetupError> {
    let library = load(workspace)?;
    let mut changed = 0;
    for id in with_solutions(workspace, ids)? {
        let (file, text) = solution(workspace, &id)?;
        // A solution without copies is not read further (nor its problem.toml).
        let has_copies = library::copies_in(&copies::lines(&text)).map_or(true, |c| !c.is_empty());
        if !has_copies {
            continue;
        }
        let (new, updated) = library::update(&text, placement(workspace, &id)?, &library)
            .map_err(|e| SetupError(format!("{file}: {e}")))?;
        if new != text {
            write(workspace, &file, &new)?;
            changed += 1;
        }
        for (names, what) in [
            (&updated.refreshed, "refreshed from the library"),
            (&updated.added, "added, needed by a copy"),
            (&updated.kept, "kept, marked (modified)"),
        ] {
            for name in names {
                outln!("{file}: {name} {what}");
            }
        }
    }
    outln!("{changed} solution(s) changed");
    Ok(true)
}

/// One row per problem holding copies: each compared with the library.
fn check(workspace: &Workspace, ids: &[String]) -> Result<bool, SetupError> {
    let library = load(workspace)?;
    outln!("every snippet copy against the library (a copy marked (modified) is not compared)");
    let mut tally = Tally::new(10);
    for id in with_solutions(workspace, ids)? {
        let (file, text) = solution(workspace, &id)?;
        let result = library::drifts(&text, &file, &library);
        let (held, drifts) = match result {
            Ok((held, _)) if held.is_empty() => continue,
            Ok(found) => found,
            Err(e) => {
                tally.row(&id, Err(e));
                continue;
            }
        };
        let names: Vec<String> = held
            .iter()
            .map(|copy| {
                let mark = if copy.modified { " (modified)" } else { "" };
                format!("{}{mark}", copy.name)
            })
            .collect();
        let result = if drifts.is_empty() {
            Ok(names.join(", "))
        } else {
            Err(drifts.join("\n"))
        };
        tally.row(&id, result);
    }
    Ok(tally.close())
}

/// Every snippet named (all when none): no `unsafe`, compiled alone with
/// what it needs, and all of them pasted into a stdin solution and into a
/// LeetCode region, each program with every compiler under every edition
/// it knows.
fn prove(workspace: &Workspace, names: &[String]) -> Result<bool, SetupError> {
    let library = load(workspace)?;
    let chosen: Vec<&Snippet> = match names {
        [] => library.snippets.iter().collect(),
        names => names
            .iter()
            .map(|name| library.get(name))
            .collect::<Result<_, _>>()
            .map_err(SetupError)?,
    };
    let compilers = Compilers::find(RUST_FLOOR)?;
    outln!(
        "each snippet compiled alone, then pasted into solutions, with {}",
        compilers.describe_with(&EDITIONS)
    );
    let width = "in a LeetCode region".len();
    let mut tally = Tally::new(width);
    let mut pasted: Vec<&Snippet> = Vec::new();
    for snippet in chosen {
        let needed = library.with_needs(&snippet.name).map_err(SetupError)?;
        let result = no_unsafe(snippet).and_then(|()| {
            let mut alone: String = needed.iter().map(|s| s.text.as_str()).collect();
            alone += "fn main() {}\n";
            let file = format!("{}-alone.rs", snippet.name);
            compilers.check_program(&alone, &file, &EDITIONS)?;
            Ok(match needed.len() {
                1 => format!("{} lines", snippet.line_count()),
                _ => format!(
                    "{} lines, with {}",
                    snippet.line_count(),
                    snippet.needs.join(", ")
                ),
            })
        });
        tally.row(&snippet.name, result);
        for need in needed {
            if !pasted.iter().any(|p| p.name == need.name) {
                pasted.push(need);
            }
        }
    }
    let stdin = TEMPLATES
        .iter()
        .find(|template| template.path == "stdin/src/main.rs.tmpl")
        .map_or("", |template| template.text);
    let count = format!("{} snippets", pasted.len());
    let in_stdin = library::add(stdin, Placement::AboveSkeleton, &pasted).and_then(|(text, _)| {
        compilers.check_program(&text, "problems/stdin/src/main.rs", &SKELETON_EDITIONS)?;
        Ok(format!(
            "{count} above the house skeleton of `make new` (edition {})",
            SKELETON_EDITIONS.join(", ")
        ))
    });
    tally.row("in a stdin solution", in_stdin);
    let in_leetcode = library::add(LEETCODE_SOLUTION, Placement::BeforeImpl, &pasted)
        .and_then(|(text, _)| Paste::from_source(&text, Style::LeetCode))
        .and_then(|paste| {
            compilers.check_program(
                &paste.program(),
                "problems/leetcode/src/main.rs",
                &EDITIONS,
            )?;
            Ok(format!(
                "{count} in the submit region, as LeetCode compiles it"
            ))
        });
    tally.row("in a LeetCode region", in_leetcode);
    Ok(tally.close())
}

/// A snippet's code holds no `unsafe` (its comments may say the word).
fn no_unsafe(snippet: &Snippet) -> Result<(), String> {
    let word = |line: &str| {
        let code = line.split("//").next().unwrap_or("");
        code.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .any(|token| token == "unsafe")
    };
    match snippet.text.lines().position(word) {
        Some(at) => Err(format!(
            "{}/{}.rs:{}: `unsafe`: snippets are safe Rust",
            library::LIBRARY_DIR,
            snippet.name,
            at + 1
        )),
        None => Ok(()),
    }
}
