//! `judge snippet` in a temporary copy of the workspace: snippets added to a
//! new problem (one with a dependency, which comes first and once) build,
//! pass `judge test`, and are pasted and compiled as the one file `judge
//! submit` always gives; a LeetCode problem gets them inside its submit
//! region; a copy edited by one line fails `judge snippet check` naming the
//! snippet, the problem and the line, until it is marked `(modified)` or
//! refreshed by `judge snippet update`.

mod common;

use common::{succeeded, text, WorkspaceCopy};
use std::fs;
use std::process::Output;

/// The skeleton's `solve`, which reads n and prints it, and one that uses
/// the snippets: the sets left after uniting 2i with 2i + 1, and C(n, 2).
const SKELETON_SOLVE: &str = "    let n = tokens.number(\"n\", 0..=u64::MAX)?;\n    \
    out.extend_from_slice(format!(\"{n}\\n\").as_bytes());\n";
const SNIPPETS_SOLVE: &str = "    let n = tokens.number(\"n\", 1..=1000)? as usize;\n    \
    let mut sets = union_find::UnionFind::new(n);\n    \
    for i in (1..n).step_by(2) {\n        sets.unite(i - 1, i);\n    }\n    \
    let pairs = combinatorics::Factorials::<998_244_353>::new(n).binomial(n, 2);\n    \
    out.extend_from_slice(format!(\"{} {pairs}\\n\", sets.set_count()).as_bytes());\n";

fn stdout_lines(output: &Output) -> Vec<String> {
    text(&output.stdout).lines().map(str::to_string).collect()
}

#[test]
fn snippets_added_to_a_new_problem_build_judge_submit_and_are_checked_for_drift() {
    let copy = WorkspaceCopy::new();
    let library = |name: &str| {
        fs::read_to_string(copy.root.join(format!("scripts/snippets/src/{name}.rs"))).unwrap()
    };
    let size = |name: &str| library(name).lines().count();
    assert!(succeeded(&copy.judge(&["new", "cf9a"])));
    let file = "problems/cf9a/src/main.rs";
    let solution = copy.root.join(file);
    let output = copy.judge(&["snippet", "add", "union_find", "cf9a"]);
    assert!(succeeded(&output));
    assert_eq!(
        stdout_lines(&output),
        [format!(
            "{file}: union_find added ({} lines)",
            size("union_find")
        )]
    );
    let output = copy.judge(&["snippet", "add", "combinatorics", "cf9a"]);
    assert!(succeeded(&output));
    assert_eq!(
        stdout_lines(&output),
        [
            format!(
                "{file}: modint added, needed by it ({} lines)",
                size("modint")
            ),
            format!(
                "{file}: combinatorics added ({} lines)",
                size("combinatorics")
            ),
            "problems/cf9a/tests/cross_check.rs: added `use solution::modint;`, so that \
             crate:: paths resolve there"
                .into(),
            "problems/cf9a/tests/solution.rs: added `use solution::modint;`, so that crate:: \
             paths resolve there"
                .into(),
        ]
    );
    let added = fs::read_to_string(&solution).unwrap();
    let output = copy.judge(&["snippet", "add", "combinatorics", "cf9a"]);
    assert!(succeeded(&output));
    assert!(text(&output.stdout).contains("combinatorics is there already"));
    assert_eq!(fs::read_to_string(&solution).unwrap(), added, "added once");

    // Each copy is the library's file byte for byte, in the order added,
    // all above the skeleton.
    let mut at = 0;
    for name in ["union_find", "modint", "combinatorics"] {
        let block = format!(
            "// snippet {name}: begin\n{}// snippet {name}: end\n",
            library(name)
        );
        let found = added[at..].find(&block).unwrap_or_else(|| panic!("{name}"));
        at += found + block.len();
        assert_eq!(
            added.matches(&format!("// snippet {name}: begin")).count(),
            1
        );
    }
    assert!(added[at..].starts_with("\n// house skeleton: begin"));

    assert!(added.contains(SKELETON_SOLVE));
    fs::write(&solution, added.replace(SKELETON_SOLVE, SNIPPETS_SOLVE)).unwrap();
    fs::write(copy.root.join("judge-data/cf9a/sample-1.in"), "5\n").unwrap();
    fs::write(copy.root.join("judge-data/cf9a/sample-1.out"), "3 10\n").unwrap();
    assert!(succeeded(&copy.cargo(&["fmt", "--check", "-p", "cf9a"])));
    assert!(succeeded(&copy.cargo(&[
        "build",
        "--release",
        "-p",
        "cf9a",
        "--bin",
        "cf9a"
    ])));
    let output = copy.judge(&["test", "cf9a"]);
    assert!(succeeded(&output));
    assert_eq!(
        text(&output.stdout).lines().last(),
        Some("1 passed, 0 failed")
    );
    // Its tests compile as the snippets left them.
    assert!(succeeded(&copy.cargo(&["test", "--no-run", "-p", "cf9a"])));

    // The paste is the whole file, snippets and all, compiled alone.
    let output = copy.judge(&["submit", "cf9a"]);
    assert!(succeeded(&output));
    let edited = fs::read_to_string(&solution).unwrap();
    assert_eq!(text(&output.stdout), edited);
    let stderr = text(&output.stderr);
    assert!(
        stderr.starts_with(&format!(
            "cf9a: {} bytes; proved: rustc {} edition 2021; local rustc ",
            edited.len(),
            env!("CARGO_PKG_RUST_VERSION")
        )),
        "{stderr}"
    );

    let check = |ids: &[&str]| copy.judge(&[&["snippet", "check"][..], ids].concat());
    let output = check(&[]);
    assert!(succeeded(&output));
    assert!(
        text(&output.stdout).contains("\ncf9a       ok      union_find, modint, combinatorics\n"),
        "{}",
        text(&output.stdout)
    );

    // One line of the union_find copy edited: named by file line, snippet
    // and snippet line.
    let original = "            self.set_count -= 1;\n";
    let drifted = edited.replacen(original, "            self.set_count -= 2;\n", 1);
    fs::write(&solution, &drifted).unwrap();
    let file_line = drifted.lines().position(|l| l.contains("-= 2;")).unwrap() + 1;
    let snippet_line = library("union_find")
        .lines()
        .position(|l| l == original.trim_end_matches('\n'))
        .unwrap()
        + 1;
    let output = check(&["cf9a"]);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stdout));
    let expected = format!(
        "    {file}:{file_line}: snippet union_find line {snippet_line}: expected \
         \"            self.set_count -= 1;\", found \"            self.set_count -= 2;\""
    );
    assert!(
        text(&output.stdout).contains(&format!("cf9a       FAILED\n{expected}\n")),
        "{}",
        text(&output.stdout)
    );
    assert_eq!(
        text(&output.stdout).lines().last(),
        Some("0 passed, 1 failed")
    );

    // Marked modified, it is the problem's own: not compared, not refreshed.
    let modified = drifted.replace(
        "// snippet union_find: begin",
        "// snippet union_find (modified): begin",
    );
    fs::write(&solution, &modified).unwrap();
    let output = check(&["cf9a"]);
    assert!(succeeded(&output));
    assert!(text(&output.stdout).contains("union_find (modified), modint"));
    let output = copy.judge(&["snippet", "update", "cf9a"]);
    assert!(succeeded(&output));
    assert_eq!(fs::read_to_string(&solution).unwrap(), modified);

    // Unmarked, `update` makes it the library's again.
    fs::write(&solution, &drifted).unwrap();
    let output = copy.judge(&["snippet", "update"]);
    assert!(succeeded(&output));
    assert_eq!(
        stdout_lines(&output),
        [
            "problems/cf9a/src/main.rs: union_find refreshed from the library",
            "1 solution(s) changed",
        ]
    );
    assert_eq!(fs::read_to_string(&solution).unwrap(), edited);
}

#[test]
fn a_leetcode_problem_gets_its_snippets_in_the_submit_region_and_pastes_them() {
    let copy = WorkspaceCopy::new();
    assert!(succeeded(&copy.judge(&["new", "lc9"])));
    let output = copy.judge(&["snippet", "add", "miller_rabin", "lc9"]);
    assert!(succeeded(&output));
    let solution = fs::read_to_string(copy.root.join("problems/lc9/src/main.rs")).unwrap();
    let region_start = solution.find("// submit-begin\n").unwrap();
    let mod_pow = solution.find("// snippet mod_pow: begin\n").unwrap();
    let miller_rabin = solution.find("// snippet miller_rabin: end\n").unwrap();
    let impl_at = solution.find("\nimpl Solution {").unwrap();
    assert!(region_start < mod_pow && mod_pow < miller_rabin && miller_rabin < impl_at);
    let output = copy.judge(&["submit", "lc9"]);
    assert!(succeeded(&output));
    let paste = text(&output.stdout);
    assert!(paste.contains("pub mod miller_rabin {"), "{paste}");
    assert!(paste.contains("pub mod mod_pow {"), "{paste}");
    assert!(succeeded(&copy.judge(&["snippet", "check", "lc9"])));
}

#[test]
fn setup_errors_are_one_line_with_exit_status_2() {
    let copy = WorkspaceCopy::new();
    let refusal = |args: &[&str]| {
        let stderr = copy.refusal(args);
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        stderr
    };
    assert_eq!(
        refusal(&["snippet", "add", "unionfind", "poj1143"]),
        "judge: unknown snippet \"unionfind\"; did you mean union_find? (judge snippet list)\n"
    );
    assert!(refusal(&["snippet", "add", "union_find", "poj9"])
        .starts_with("judge: unknown problem \"poj9\"; known problems: poj1143"));
    assert!(refusal(&["snippet", "add", "union_find"]).contains("make snippet S=<name> P=<id>"));
    assert!(refusal(&["snippet", "chek"]).contains("did you mean check?"));
    let solution = copy.root.join("problems/poj1143/src/main.rs");
    let before = fs::read_to_string(&solution).unwrap();
    fs::write(
        &solution,
        before.replace("// house skeleton: begin", "// skeleton"),
    )
    .unwrap();
    assert_eq!(
        refusal(&["snippet", "add", "union_find", "poj1143"]),
        "judge: problems/poj1143/src/main.rs: no house skeleton (one `// house skeleton: begin` \
         line) to put the snippet above\n"
    );
    let listed = copy.judge(&["snippet", "list"]);
    assert!(succeeded(&listed));
    let row = stdout_lines(&listed)
        .into_iter()
        .find(|row| row.starts_with("combinatorics "))
        .unwrap();
    assert!(
        row.ends_with(
            " lines  Factorials, inverse factorials and binomial coefficients modulo a \
                       prime (on `crate::modint`). (needs modint)"
        ),
        "{row}"
    );
}
