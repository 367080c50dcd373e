//! The house I/O skeleton (token reader, output buffer, `main`) is the same
//! bytes in the `make new` template and in every stdin solution, compared
//! by `judge_paste::copies` as snippet copies are (`judge snippet check`):
//! repetition that is checked is a convention, repetition that drifts is a bug.

use judge_paste::copies;
use std::fs;
use std::path::Path;

#[test]
fn every_stdin_solution_holds_the_template_skeleton_unchanged() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let template = fs::read_to_string(root.join("scripts/core/templates/stdin/src/main.rs.tmpl"));
    let template = template.unwrap();
    let mut checked = Vec::new();
    let mut drifted = Vec::new();
    for entry in fs::read_dir(root.join("problems")).unwrap() {
        let id = entry.unwrap().file_name().into_string().unwrap();
        let config = root.join("judge-data").join(&id).join("problem.toml");
        let config = fs::read_to_string(config).unwrap_or_default();
        let file = format!("problems/{id}/src/main.rs");
        let solution = fs::read_to_string(root.join(&file));
        // LeetCode solutions are a region of their own harness, not a program;
        // interactive ones talk a line at a time, not through this skeleton.
        let interactive = config.lines().any(|line| line.starts_with("interactor "));
        if config.contains("judge = \"leetcode\"") || interactive || solution.is_err() {
            continue;
        }
        if let Err(why) = copies::check_skeleton(&template, &file, &solution.unwrap()) {
            drifted.push(why);
        }
        checked.push(id);
    }
    assert!(drifted.is_empty(), "{}", drifted.join("\n"));
    assert!(!checked.is_empty(), "no stdin solution found");
}
