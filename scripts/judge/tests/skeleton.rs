//! The house I/O skeleton (token reader, output buffer, `main`) is the same
//! bytes in the `make new` template and in every stdin solution: repetition
//! that is checked is a convention, repetition that drifts is a bug.

use std::fs;
use std::path::Path;

const BEGIN: &str = "// house skeleton: begin";
const END: &str = "// house skeleton: end";

/// The lines from the `BEGIN` marker to the `END` one, both included.
fn skeleton(text: &str) -> Result<Vec<&str>, String> {
    let lines: Vec<&str> = text.lines().collect();
    let at = |marker: &str| {
        let found: Vec<usize> = (0..lines.len())
            .filter(|&i| lines[i].starts_with(marker))
            .collect();
        match found.as_slice() {
            [one] => Ok(*one),
            _ => Err(format!("{} lines start with `{marker}`", found.len())),
        }
    };
    let (begin, end) = (at(BEGIN)?, at(END)?);
    if end < begin {
        return Err(format!("`{END}` comes before `{BEGIN}`"));
    }
    Ok(lines[begin..=end].to_vec())
}

/// Why `solution` does not hold `expected` as it is, if it does not.
fn drift(expected: &[&str], solution: &str) -> Option<String> {
    let found = match skeleton(solution) {
        Ok(found) => found,
        Err(message) => return Some(message),
    };
    let differs =
        (0..expected.len().max(found.len())).find(|&i| expected.get(i) != found.get(i))?;
    Some(format!(
        "skeleton line {}: expected {:?}, found {:?}",
        differs + 1,
        expected
            .get(differs)
            .copied()
            .unwrap_or("(end of the skeleton)"),
        found
            .get(differs)
            .copied()
            .unwrap_or("(end of the skeleton)")
    ))
}

#[test]
fn every_stdin_solution_holds_the_template_skeleton_unchanged() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let template = fs::read_to_string(root.join("scripts/judge/templates/stdin/src/main.rs.tmpl"));
    let template = template.unwrap();
    let expected = skeleton(&template).expect("the template has the skeleton");
    let mut checked = Vec::new();
    let mut drifted = Vec::new();
    for entry in fs::read_dir(root.join("problems")).unwrap() {
        let id = entry.unwrap().file_name().into_string().unwrap();
        let config = root.join("judge-data").join(&id).join("problem.toml");
        let config = fs::read_to_string(config).unwrap_or_default();
        let solution = fs::read_to_string(root.join("problems").join(&id).join("src/main.rs"));
        // LeetCode solutions are a region of their own harness, not a program;
        // interactive ones talk a line at a time, not through this skeleton.
        let interactive = config.lines().any(|line| line.starts_with("interactor "));
        if config.contains("judge = \"leetcode\"") || interactive || solution.is_err() {
            continue;
        }
        if let Some(why) = drift(&expected, &solution.unwrap()) {
            drifted.push(format!("problems/{id}/src/main.rs: {why}"));
        }
        checked.push(id);
    }
    assert!(drifted.is_empty(), "{}", drifted.join("\n"));
    assert!(!checked.is_empty(), "no stdin solution found");
}

#[test]
fn drift_is_named_by_line() {
    let template =
        "fn solve() {}\n// house skeleton: begin\nfn a() {}\nfn b() {}\n// house skeleton: end\n";
    let expected = skeleton(template).unwrap();
    assert_eq!(expected.len(), 4);
    assert_eq!(drift(&expected, template), None);
    let edited = template.replace("fn b() {}", "fn b() { }");
    assert_eq!(
        drift(&expected, &edited).unwrap(),
        "skeleton line 3: expected \"fn b() {}\", found \"fn b() { }\""
    );
    let longer = template.replace("fn b() {}", "fn b() {}\nfn c() {}");
    assert!(drift(&expected, &longer)
        .unwrap()
        .starts_with("skeleton line 4: expected \"// house skeleton: end\""));
    let without = template.replace("// house skeleton: end\n", "");
    assert_eq!(
        drift(&expected, &without).unwrap(),
        "0 lines start with `// house skeleton: end`"
    );
}
