//! `problem.toml` is TOML: Python's TOML 1.0 parser, `tomllib`, reads every
//! one the workspace ships and every one `judge new` and `judge import`
//! write, and the runner's reader notes nothing in them to change. A file
//! in the flat form is still judged, with one line on stderr naming the
//! first line to change; one the reader cannot take is refused in a line.

mod common;

use common::{assert_toml, outcome, succeeded, Holds, Sandbox, WorkspaceCopy};
use judge_core::problem::config::lexer::key_values;
use judge_core::problem::config::{parse_noting, Config};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The file's config, failing unless the reader takes it and notes nothing.
#[track_caller]
fn read_clean(path: &Path) -> Config {
    let text = fs::read_to_string(path).unwrap();
    let (config, notes) =
        parse_noting(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", path.display()));
    assert_eq!(notes, Vec::<String>::new(), "{}:\n{text}", path.display());
    config
}

#[test]
fn every_shipped_problem_toml_is_toml() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../judge-data");
    let mut files: Vec<PathBuf> = fs::read_dir(&data)
        .unwrap()
        .map(|entry| entry.unwrap().path().join("problem.toml"))
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    assert!(files.len() >= 10, "{files:?}");
    for file in &files {
        read_clean(file);
    }
    assert_toml(&files);
}

#[test]
fn every_toml_block_of_the_docs_is_toml() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut pages: Vec<PathBuf> = fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    pages.push(root.join("README.md"));
    pages.sort();
    let scratch = common::temp_path("judge-toml-docs");
    fs::create_dir_all(&scratch).unwrap();
    let mut blocks = Vec::new();
    for page in &pages {
        let text = fs::read_to_string(page).unwrap();
        for (at, block) in text.split("```toml\n").skip(1).enumerate() {
            let block = block.split("```").next().unwrap();
            let (_, notes) =
                key_values(block).unwrap_or_else(|e| panic!("{}: {e}", page.display()));
            assert_eq!(notes, Vec::<String>::new(), "{}:\n{block}", page.display());
            let name = page.file_stem().unwrap().to_string_lossy();
            let file = scratch.join(format!("{name}-{at}.toml"));
            fs::write(&file, block).unwrap();
            blocks.push(file);
        }
    }
    assert!(blocks.len() >= 5, "{blocks:?}");
    assert_toml(&blocks);
    fs::remove_dir_all(&scratch).unwrap();
}

/// A LeetCode design class's code template, as LeetCode's editor shows it.
const DESIGN: &str = "struct Counter {

}

impl Counter {

    fn new() -> Self {
        
    }
    
    fn add(&self, n: i32) -> i32 {
        
    }
}
";

#[test]
fn judge_new_writes_toml_for_every_kind() {
    let copy = WorkspaceCopy::new();
    let snippet = copy.root.join("design.snippet");
    fs::write(&snippet, DESIGN).unwrap();
    let made: [(&str, &[&str]); 5] = [
        (
            "poj4000",
            &[
                "--title",
                "Back\\slash 'n' ✓",
                "--url",
                "http://x.example/a\\b",
            ],
        ),
        ("cf4000a", &["--checker"]),
        ("cf4001a", &["--interactive"]),
        ("lc4000", &[]),
        ("lc4001", &["--snippet", snippet.to_str().unwrap()]),
    ];
    let mut files = Vec::new();
    for (id, flags) in made {
        let output = copy.judge(&[&["new", id][..], flags].concat());
        assert!(succeeded(&output), "{id}");
        files.push(copy.root.join(format!("judge-data/{id}/problem.toml")));
    }
    let configs: Vec<Config> = files.iter().map(|file| read_clean(file)).collect();
    assert_eq!(configs[0].title, "Back'slash 'n' ✓");
    assert_eq!(configs[0].url, "http://x.example/a\\b");
    assert!(configs[1].checker.is_some() && configs[2].interactor.is_some());
    assert_eq!(configs[1].bench[0].sizes, [1000, 10000, 100000]);
    assert!(
        fs::read_to_string(copy.root.join("problems/lc4001/src/main.rs"))
            .unwrap()
            .contains("impl Counter")
    );
    assert_toml(&files);
}

/// `judge import` in `sandbox` with builds skipped.
fn import(sandbox: &Sandbox, args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_judge"))
        .arg("--root")
        .arg(&sandbox.root)
        .arg("import")
        .args(args)
        .env("JUDGE_IMPORT_SKIP_BUILD", "1")
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let (code, stdout, stderr) = outcome(&output);
    assert_eq!(code, 0, "{stdout}{stderr}");
    stdout
}

#[test]
fn judge_import_writes_toml_from_a_browser_and_from_a_package() {
    let sandbox = Sandbox::new("time_limit_ms = 1000\nmemory_limit_kib = 65536\n");
    let payload = sandbox.write(
        "payload.json",
        "{\"name\":\"A. Back\\\\slash \\\"quoted\\\"\",\"group\":\"Codeforces\",\
         \"url\":\"https://codeforces.com/problemset/problem/118/A\",\"interactive\":false,\
         \"memoryLimit\":256,\"timeLimit\":2000,\"tests\":[{\"input\":\"1\\n\",\"output\":\"1\\n\"}],\
         \"testType\":\"multiNumber\",\"input\":{\"type\":\"stdin\"},\"output\":{\"type\":\"stdout\"},\
         \"languages\":{},\"batch\":{\"id\":\"b\",\"size\":1}}",
    );
    import(&sandbox, &["--file", payload.to_str().unwrap()]);
    let package = sandbox.root.join("packages/points");
    for (path, text) in [
        (
            "problem.yaml",
            "problem_format_version: 2023-07-draft\ntype: scoring\nname: Points\nuuid: 1\n\
             limits:\n  time_limit: 1\n",
        ),
        (
            "data/testdata.yaml",
            "on_reject: continue\ngrader_flags: ignore_sample\nrange: 0 100\n",
        ),
        ("data/sample/1.in", "1\n"),
        ("data/sample/1.ans", "1\n"),
        (
            "data/secret/g1.x/testdata.yaml",
            "accept_score: 25\ngrader_flags: min\nrange: 0 50\n\
             output_validator_args: [float_tolerance, 1e-6]\n",
        ),
        ("data/secret/g1.x/1.in", "2\n"),
        ("data/secret/g1.x/1.ans", "2\n"),
        ("data/secret/g1.x/2.in", "3\n"),
        ("data/secret/g1.x/2.ans", "3\n"),
        ("submissions/accepted/echo.py", "print(input())\n"),
        ("submissions/wrong_answer/zero.py", "print(0)\n"),
    ] {
        let target = package.join(path);
        fs::create_dir_all(target.parent().unwrap()).unwrap();
        fs::write(target, text).unwrap();
    }
    import(&sandbox, &["--package", package.to_str().unwrap()]);
    let files = [
        sandbox.root.join("judge-data/cf118a/problem.toml"),
        sandbox.root.join("judge-data/points/problem.toml"),
    ];
    let browser = read_clean(&files[0]);
    assert_eq!(browser.title, "A. Back'slash 'quoted'");
    assert!(browser
        .stress_layout
        .is_some_and(|layout| layout.count_header));
    let package = read_clean(&files[1]);
    assert!(package.scoring);
    let group = package
        .groups
        .iter()
        .find(|group| group.path == "data/secret/g1.x")
        .unwrap();
    assert_eq!(group.cases, ["secret-g1.x-1", "secret-g1.x-2"]);
    assert_eq!((group.accept_score, group.range), (25.0, (0.0, 50.0)));
    assert_eq!(group.validator_flags, ["float_tolerance", "1e-6"]);
    assert_eq!(package.package.submissions.len(), 2);
    let text = fs::read_to_string(&files[1]).unwrap();
    text.assert_has("group.\"data/secret/g1.x\".cases = [\"secret-g1.x-1\", \"secret-g1.x-2\"]\n");
    text.assert_has("group.\"data/secret/g1.x\".range = [0, 50]\n");
    assert_toml(&files);
}

#[test]
fn a_flat_form_file_is_judged_with_one_line_naming_the_first_line_to_change() {
    let sandbox = Sandbox::new(
        "time_limit_ms = 1000\nmemory_limit_kib = 65536\ncompare = tokens\n\
         bench.n = 10 20\nbrute_skip = \"\"\n",
    );
    let solution = sandbox.program("sum.sh", "read a b; echo $((a + b))");
    let (code, stdout, stderr) = sandbox.test_with(&solution);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let warned: Vec<&str> = stderr
        .lines()
        .filter(|line| line.contains("problem.toml"))
        .collect();
    assert_eq!(
        warned,
        [
            "judge: judge-data/fake/problem.toml line 3: write compare = \"tokens\" \
          (a TOML string); 2 more lines to change"
        ],
        "{stderr}"
    );
    assert_eq!(
        parse_noting("time_limit_ms = 1\nmemory_limit_kib = 1\nbench.n = 10 20\n")
            .unwrap()
            .1,
        ["line 3: write bench.n = [10, 20] (a TOML array)"]
    );
    for (line, named) in [
        (
            "bench.n = [10, 20\n",
            "line 3: unterminated array: no closing ']'",
        ),
        (
            "[bench]\n",
            "line 3: expected `key = value`, found \"[bench]\"",
        ),
        (
            "title = \"a\" b\n",
            "line 3: expected a `#` comment or nothing after",
        ),
    ] {
        sandbox.write(
            "judge-data/fake/problem.toml",
            &format!("time_limit_ms = 1000\nmemory_limit_kib = 65536\n{line}"),
        );
        let refused = sandbox.refusal(&["test", "fake", "--bin", solution.to_str().unwrap()]);
        refused.assert_has(named);
        assert!(!refused.contains("panicked"), "{refused}");
        assert_eq!(refused.lines().count(), 1, "{refused}");
    }
}
