//! The snippet library, `scripts/snippets/src/<name>.rs` (one `pub mod
//! <name>` each, its first doc line the summary), and the copies of it a
//! solution holds between `// snippet <name>: begin` and `// snippet <name>:
//! end`. A snippet needs another when its text names `crate::<other>`. Pure
//! text in, text out: the command reads and writes the files.

use crate::copies::{self, SKELETON_BEGIN, SKELETON_LABEL};
use judge_core::base::nearest::nearest;
use judge_core::problem::workspace::Workspace;
use std::fs;
use std::path::PathBuf;

/// Where the library lives, under the workspace root.
pub const LIBRARY_DIR: &str = "scripts/snippets/src";

/// What a copy's marker lines start with after `// `.
const MARKER: &str = "snippet ";
/// A begin line's label ends so when the copy was changed on purpose: it is
/// then left alone by `update` and by the drift check.
const MODIFIED: &str = " (modified)";

/// One snippet of the library.
#[derive(Clone, Debug)]
pub struct Snippet {
    pub name: String,
    /// The file's text, which a copy holds byte for byte.
    pub text: String,
    /// The snippets its text names as `crate::<name>`, sorted.
    pub needs: Vec<String>,
}

impl Snippet {
    /// The first doc line, without its `/// `.
    pub fn summary(&self) -> &str {
        let first = self.text.lines().next().unwrap_or("");
        first.strip_prefix("/// ").unwrap_or("").trim()
    }

    pub fn line_count(&self) -> usize {
        self.text.lines().count()
    }
}

/// Every snippet, sorted by name.
#[derive(Clone, Debug)]
pub struct Library {
    pub snippets: Vec<Snippet>,
}

impl Library {
    /// Reads `<workspace>/scripts/snippets/src/*.rs` (but `lib.rs`, which
    /// includes them); a file not shaped as a snippet is an error naming it.
    pub fn load(workspace: &Workspace) -> Result<Library, String> {
        let dir: PathBuf = workspace.root.join(LIBRARY_DIR);
        let entries =
            fs::read_dir(&dir).map_err(|e| format!("cannot list {}: {e}", dir.display()))?;
        let mut files = Vec::new();
        for entry in entries.flatten() {
            let path = entry.path();
            let name = path.file_stem().and_then(|n| n.to_str()).unwrap_or("");
            if path.extension().is_some_and(|e| e == "rs") && name != "lib" && path.is_file() {
                let text = fs::read_to_string(&path)
                    .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                files.push((name.to_string(), text));
            }
        }
        Library::from_files(files)
    }

    /// The library of `(name, text)` files, each checked for a snippet's shape.
    pub fn from_files(mut files: Vec<(String, String)>) -> Result<Library, String> {
        files.sort();
        let names: Vec<String> = files.iter().map(|(name, _)| name.clone()).collect();
        let mut snippets = Vec::new();
        for (name, text) in files {
            let file = format!("{LIBRARY_DIR}/{name}.rs");
            if !text.starts_with("/// ") {
                return Err(format!("{file}: the first line is not a `/// ` summary"));
            }
            if !text
                .lines()
                .any(|line| line == format!("pub mod {name} {{"))
            {
                return Err(format!("{file}: no `pub mod {name} {{` line"));
            }
            let needs = names
                .iter()
                .filter(|other| **other != name && names_crate_path(&text, other))
                .cloned()
                .collect();
            snippets.push(Snippet { name, text, needs });
        }
        Ok(Library { snippets })
    }

    /// The snippet `name`; the error names the nearest one.
    pub fn get(&self, name: &str) -> Result<&Snippet, String> {
        if let Some(snippet) = self.snippets.iter().find(|s| s.name == name) {
            return Ok(snippet);
        }
        let names = self.snippets.iter().map(|s| s.name.as_str());
        Err(match nearest(name, names) {
            Some(near) => {
                format!("unknown snippet {name:?}; did you mean {near}? (judge snippet list)")
            }
            None => format!("unknown snippet {name:?}; `judge snippet list` lists them"),
        })
    }

    /// `name` and every snippet it needs, transitively, each once, every
    /// one after those it needs.
    pub fn with_needs(&self, name: &str) -> Result<Vec<&Snippet>, String> {
        let mut ordered: Vec<&Snippet> = Vec::new();
        self.visit(self.get(name)?, &mut Vec::new(), &mut ordered)?;
        Ok(ordered)
    }

    /// Depth-first, needs before the snippet; `path` is the walk so far, so
    /// that a circle is named rather than followed forever.
    fn visit<'a>(
        &'a self,
        snippet: &'a Snippet,
        path: &mut Vec<&'a str>,
        ordered: &mut Vec<&'a Snippet>,
    ) -> Result<(), String> {
        if ordered.iter().any(|done| done.name == snippet.name) {
            return Ok(());
        }
        if path.contains(&snippet.name.as_str()) {
            path.push(&snippet.name);
            return Err(format!(
                "snippets that need each other: {}",
                path.join(" -> ")
            ));
        }
        path.push(&snippet.name);
        for need in &snippet.needs {
            self.visit(self.get(need)?, path, ordered)?;
        }
        path.pop();
        ordered.push(snippet);
        Ok(())
    }
}

/// Whether `text` names `crate::<name>` (and not `crate::<name>_more`).
fn names_crate_path(text: &str, name: &str) -> bool {
    let path = format!("crate::{name}");
    text.match_indices(&path).any(|(at, _)| {
        let after = text[at + path.len()..].chars().next();
        !after.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

/// One copy in a solution: the snippet it is of, whether it is marked
/// modified, and the indexes of its marker lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Copy {
    pub name: String,
    pub modified: bool,
    pub begin: usize,
    pub end: usize,
}

/// Every copy in `lines`, in order; the error names a marker line that is
/// wrong.
pub fn copies_in(lines: &[&str]) -> Result<Vec<Copy>, String> {
    let mut found = Vec::new();
    for region in copies::regions(lines, MARKER)? {
        let (name, modified) = match region.begin_label.strip_suffix(MODIFIED) {
            Some(name) => (name, true),
            None => (region.begin_label.as_str(), false),
        };
        let end_name = region.end_label.strip_suffix(MODIFIED);
        if end_name.unwrap_or(&region.end_label) != name {
            return Err(format!(
                "line {}: `// snippet {}: begin` ends at `// snippet {}: end` (line {})",
                region.begin + 1,
                region.begin_label,
                region.end_label,
                region.end + 1
            ));
        }
        found.push(Copy {
            name: name.to_string(),
            modified,
            begin: region.begin,
            end: region.end,
        });
    }
    Ok(found)
}

/// Where a solution keeps its snippets, by what the judge is pasted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    /// Above the house skeleton. The whole file is pasted, so any top-level
    /// place works; the problem's own code stays first, under the `//!`
    /// comment that explains it, and the snippets sit with the other code
    /// the solution did not write, the skeleton, which they never touch.
    AboveSkeleton,
    /// In the submit region, just before its `impl`. Only the region is
    /// pasted, so a snippet anywhere else would be missing on LeetCode; the
    /// region is compiled at the crate root there as here, so a snippet's
    /// `crate::<other>` paths resolve; and the region's `use` lines and
    /// LeetCode's node-definition comment stay at its top, where the
    /// template puts them, while the `impl` reads on from the code it uses.
    BeforeImpl,
}

impl Placement {
    /// The index of the line a new copy goes before: the anchor (the
    /// skeleton's begin line, the region's first `impl`), moved up past the
    /// comments and attributes written on it, never into another copy nor
    /// out of the submit region.
    pub fn insertion_line(self, lines: &[&str]) -> Result<usize, String> {
        let mut at = match self {
            Placement::AboveSkeleton => {
                let region = copies::one_region(lines, SKELETON_LABEL).map_err(|_| {
                    format!(
                        "no house skeleton (one `{SKELETON_BEGIN}` line) to put the snippet above"
                    )
                })?;
                region.begin
            }
            Placement::BeforeImpl => crate::first_impl(lines)?,
        };
        while at > 0 && belongs_to_next_item(lines[at - 1]) {
            at -= 1;
        }
        Ok(at)
    }
}

/// A doc comment, comment or attribute line above an item is the item's;
/// a marker line (of a snippet, of the submit region) and a `//!` are not.
fn belongs_to_next_item(line: &str) -> bool {
    let line = line.trim();
    let comment = line.starts_with("//")
        && !line.starts_with("//!")
        && !line.starts_with(&format!("// {MARKER}"))
        && !line.starts_with(crate::BEGIN);
    comment || line.starts_with("#[") || line.starts_with("/*") || line.starts_with('*')
}

/// The copy's lines as they are written: markers, the library's text, and
/// a blank line after.
fn block(snippet: &Snippet) -> String {
    let name = &snippet.name;
    format!(
        "// snippet {name}: begin\n{}// snippet {name}: end\n\n",
        snippet.text
    )
}

/// `solution` with each of `wanted` that it does not hold yet inserted, in
/// order, at `placement`; and the names inserted.
pub fn add<'a>(
    solution: &str,
    placement: Placement,
    wanted: &[&'a Snippet],
) -> Result<(String, Vec<&'a str>), String> {
    let lines = copies::lines(solution);
    let held = copies_in(&lines)?;
    let new: Vec<&Snippet> = wanted
        .iter()
        .copied()
        .filter(|snippet| !held.iter().any(|copy| copy.name == snippet.name))
        .collect();
    if new.is_empty() {
        return Ok((solution.to_string(), Vec::new()));
    }
    let at = placement.insertion_line(&lines)?;
    let mut text: String = lines[..at].concat();
    if !text.is_empty() && !text.ends_with("\n\n") {
        text.push('\n');
    }
    for snippet in &new {
        text += &block(snippet);
    }
    text += &lines[at..].concat();
    Ok((text, new.iter().map(|s| s.name.as_str()).collect()))
}

/// What `update` did to one solution.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Updated {
    /// Copies rewritten from the library.
    pub refreshed: Vec<String>,
    /// Snippets a copy needs that the solution lacked, inserted.
    pub added: Vec<String>,
    /// Copies marked modified, left as they are.
    pub kept: Vec<String>,
}

/// `solution` with every unmodified copy made the library's text again,
/// and any snippet the copies need that it lacks inserted.
pub fn update(
    solution: &str,
    placement: Placement,
    library: &Library,
) -> Result<(String, Updated), String> {
    let lines = copies::lines(solution);
    let held = copies_in(&lines)?;
    let mut updated = Updated::default();
    let mut text = String::new();
    let mut next = 0;
    for copy in &held {
        if copy.modified {
            updated.kept.push(copy.name.clone());
            continue;
        }
        let snippet = library.get(&copy.name)?;
        if lines[copy.begin + 1..copy.end].concat() == snippet.text {
            continue;
        }
        text += &lines[next..=copy.begin].concat();
        text += &snippet.text;
        next = copy.end;
        updated.refreshed.push(copy.name.clone());
    }
    text += &lines[next..].concat();
    // A modified copy of a snippet the library no longer has needs nothing
    // from it.
    let known = held.iter().filter(|copy| library.get(&copy.name).is_ok());
    let mut wanted: Vec<&Snippet> = Vec::new();
    for copy in known {
        for snippet in library.with_needs(&copy.name)? {
            if !wanted.iter().any(|w| w.name == snippet.name) {
                wanted.push(snippet);
            }
        }
    }
    let (text, added) = add(&text, placement, &wanted)?;
    updated.added = added.into_iter().map(str::to_string).collect();
    Ok((text, updated))
}

/// The copies in `solution` (the text of `file`), and every way the
/// unmodified ones are not the library's, each one line naming the file's
/// line, the snippet and its line.
pub fn drifts(
    solution: &str,
    file: &str,
    library: &Library,
) -> Result<(Vec<Copy>, Vec<String>), String> {
    let lines = copies::lines(solution);
    let held = copies_in(&lines).map_err(|e| format!("{file}: {e}"))?;
    let mut found = Vec::new();
    for copy in held.iter().filter(|copy| !copy.modified) {
        let snippet = match library.get(&copy.name) {
            Ok(snippet) => snippet,
            Err(e) => {
                found.push(format!("{file}:{}: {e}", copy.begin + 1));
                continue;
            }
        };
        let source = copies::lines(&snippet.text);
        let what = format!("snippet {}", copy.name);
        let held = &lines[copy.begin + 1..copy.end];
        if let Err(drift) = copies::check(file, &what, &source, held, copy.begin + 2) {
            found.push(drift);
        }
    }
    Ok((held, found))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn snippet_file(name: &str, body: &str) -> (String, String) {
        let text =
            format!("/// The {name} summary.\n#[allow(dead_code)]\npub mod {name} {{\n{body}}}\n");
        (name.to_string(), text)
    }

    fn library() -> Library {
        Library::from_files(vec![
            snippet_file("modint", "    pub struct ModInt;\n"),
            snippet_file("combinatorics", "    use crate::modint::ModInt;\n"),
            snippet_file("mod_pow", "    pub fn mod_pow() {}\n"),
            snippet_file("miller_rabin", "    use crate::mod_pow::mod_pow;\n"),
            // Names `crate::modint_table`, which is no snippet.
            snippet_file("union_find", "    // not crate::modint_table\n"),
        ])
        .unwrap()
    }

    const STDIN: &str =
        "//! x\n\npub fn solve() {}\n\n// house skeleton: begin. Same.\nfn main() {}\n\
                         // house skeleton: end\n";

    #[test]
    fn needs_are_the_crate_paths_named_and_come_first_each_once() {
        let library = library();
        let names = |name: &str| -> Vec<String> {
            let found = library.with_needs(name).unwrap();
            found.iter().map(|s| s.name.clone()).collect()
        };
        assert_eq!(names("combinatorics"), ["modint", "combinatorics"]);
        assert_eq!(names("miller_rabin"), ["mod_pow", "miller_rabin"]);
        assert_eq!(names("union_find"), ["union_find"]);
        assert_eq!(
            library.get("modint").unwrap().summary(),
            "The modint summary."
        );
        assert_eq!(library.get("modint").unwrap().line_count(), 5);
        assert_eq!(
            library.get("union_fnd").unwrap_err(),
            "unknown snippet \"union_fnd\"; did you mean union_find? (judge snippet list)"
        );
        let circle = Library::from_files(vec![
            snippet_file("a", "use crate::b;\n"),
            snippet_file("b", "use crate::a;\n"),
        ])
        .unwrap();
        assert_eq!(
            circle.with_needs("a").unwrap_err(),
            "snippets that need each other: a -> b -> a"
        );
    }

    #[test]
    fn a_file_not_shaped_as_a_snippet_is_named() {
        let bad = Library::from_files(vec![("x".into(), "pub mod x {}\n".into())]);
        assert_eq!(
            bad.unwrap_err(),
            "scripts/snippets/src/x.rs: the first line is not a `/// ` summary"
        );
        let bad = Library::from_files(vec![("x".into(), "/// X.\npub mod y {\n}\n".into())]);
        assert_eq!(
            bad.unwrap_err(),
            "scripts/snippets/src/x.rs: no `pub mod x {` line"
        );
    }

    #[test]
    fn stdin_copies_go_above_the_skeleton_dependencies_first_and_once() {
        let library = library();
        let wanted = library.with_needs("combinatorics").unwrap();
        let (text, added) = add(STDIN, Placement::AboveSkeleton, &wanted).unwrap();
        assert_eq!(added, ["modint", "combinatorics"]);
        let modint = &library.get("modint").unwrap().text;
        let combinatorics = &library.get("combinatorics").unwrap().text;
        assert_eq!(
            text,
            format!(
                "//! x\n\npub fn solve() {{}}\n\n// snippet modint: begin\n{modint}\
                 // snippet modint: end\n\n// snippet combinatorics: begin\n{combinatorics}\
                 // snippet combinatorics: end\n\n// house skeleton: begin. Same.\nfn main() {{}}\n\
                 // house skeleton: end\n"
            )
        );
        let (again, added) = add(&text, Placement::AboveSkeleton, &wanted).unwrap();
        assert_eq!((again.as_str(), added.len()), (text.as_str(), 0));
        // A later one goes after the copies there, just above the skeleton.
        let (later, added) = add(
            &text,
            Placement::AboveSkeleton,
            &[library.get("union_find").unwrap()],
        )
        .unwrap();
        assert_eq!(added, ["union_find"]);
        assert!(later.contains("// snippet union_find: end\n\n// house skeleton: begin"));
        assert!(later.contains("// snippet combinatorics: end\n\n// snippet union_find: begin"));
        assert_eq!(
            drifts(&later, "f.rs", &library).unwrap().1,
            Vec::<String>::new()
        );
        let err = add("fn main() {}\n", Placement::AboveSkeleton, &wanted).unwrap_err();
        assert_eq!(
            err,
            "no house skeleton (one `// house skeleton: begin` line) to put the snippet above"
        );
    }

    #[test]
    fn leetcode_copies_go_in_the_submit_region_before_the_impl_and_its_comments() {
        let library = library();
        let source = "use std::io::Read;\n// submit-begin\nuse std::rc::Rc;\nstruct MinStack {}\n\n\
                      /**\n * LeetCode's note.\n */\nimpl MinStack {}\n// submit-end\nfn main() {}\n";
        let wanted = [library.get("modint").unwrap()];
        let (text, _) = add(source, Placement::BeforeImpl, &wanted).unwrap();
        let modint = &wanted[0].text;
        assert_eq!(
            text,
            format!(
                "use std::io::Read;\n// submit-begin\nuse std::rc::Rc;\nstruct MinStack {{}}\n\n\
                 // snippet modint: begin\n{modint}// snippet modint: end\n\n\
                 /**\n * LeetCode's note.\n */\nimpl MinStack {{}}\n// submit-end\nfn main() {{}}\n"
            )
        );
        // Straight after the begin marker, a blank line is not forced in
        // between, and the marker stays above.
        let bare = "// submit-begin\n/// Doc.\nimpl Solution {}\n// submit-end\n";
        let (text, _) = add(bare, Placement::BeforeImpl, &wanted).unwrap();
        assert!(
            text.starts_with("// submit-begin\n\n// snippet modint: begin\n"),
            "{text}"
        );
        assert!(
            text.ends_with("// snippet modint: end\n\n/// Doc.\nimpl Solution {}\n// submit-end\n")
        );
        let err = add("fn main() {}\n", Placement::BeforeImpl, &wanted).unwrap_err();
        assert!(err.starts_with("no `// submit-begin` line"), "{err}");
    }

    #[test]
    fn update_refreshes_unmodified_copies_adds_new_needs_and_keeps_modified_ones() {
        let old = Library::from_files(vec![
            snippet_file("combinatorics", "    pub fn old() {}\n"),
            snippet_file("union_find", "    pub fn old() {}\n"),
        ])
        .unwrap();
        let wanted: Vec<&Snippet> = old.snippets.iter().collect();
        let (text, _) = add(STDIN, Placement::AboveSkeleton, &wanted).unwrap();
        let text = text.replace(
            "// snippet union_find: begin",
            "// snippet union_find (modified): begin",
        );
        let library = library();
        assert_eq!(
            drifts(&text, "problems/x/src/main.rs", &library).unwrap().1,
            [
                "problems/x/src/main.rs:9: snippet combinatorics line 4: expected \"    use \
              crate::modint::ModInt;\", found \"    pub fn old() {}\""
            ]
        );
        let (new, updated) = update(&text, Placement::AboveSkeleton, &library).unwrap();
        assert_eq!(
            updated,
            Updated {
                refreshed: vec!["combinatorics".into()],
                added: vec!["modint".into()],
                kept: vec!["union_find".into()],
            }
        );
        assert_eq!(
            drifts(&new, "f.rs", &library).unwrap().1,
            Vec::<String>::new()
        );
        assert!(
            new.contains("pub fn old() {}\n}\n// snippet union_find: end"),
            "{new}"
        );
        let (same, updated) = update(&new, Placement::AboveSkeleton, &library).unwrap();
        assert_eq!((same, updated.refreshed.len()), (new, 0));
    }

    #[test]
    fn a_copy_closed_by_another_s_marker_or_of_no_snippet_is_named() {
        let lines = copies::lines("// snippet a: begin\n// snippet b: end\n");
        assert_eq!(
            copies_in(&lines).unwrap_err(),
            "line 1: `// snippet a: begin` ends at `// snippet b: end` (line 2)"
        );
        let text = "// snippet gone: begin\n// snippet gone: end\n";
        let found = drifts(text, "f.rs", &library()).unwrap().1;
        assert_eq!(
            found,
            ["f.rs:1: unknown snippet \"gone\"; `judge snippet list` lists them"]
        );
    }
}
