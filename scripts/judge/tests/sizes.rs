//! No function in `scripts/` is over 80 lines, outside tests: a long one is
//! split into its steps, each named for what it does. The ones longer today
//! are listed with their lengths, to be split: the list may only shrink (a
//! new long function fails, a listed one that grew fails, and one split or
//! gone must leave the list).

use std::fs;
use std::path::Path;

const MAX_LINES: usize = 80;

/// Today's long functions: (file under `scripts/`, function, lines).
const LONG: &[(&str, &str, usize)] = &[];

/// Each function of `text` with a body, outside its `#[cfg(test)]` part:
/// its name and its lines, from `fn` to the `}` at the same indentation (as
/// rustfmt lays them out).
fn functions(text: &str) -> Vec<(String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    for (at, line) in lines.iter().enumerate() {
        if line.trim_start() == "#[cfg(test)]" {
            break;
        }
        let indent = &line[..line.len() - line.trim_start().len()];
        let words: Vec<&str> = line
            .split_whitespace()
            .skip_while(|word| {
                word.starts_with("pub") || ["const", "unsafe", "async"].contains(word)
            })
            .collect();
        let name = match words.as_slice() {
            ["fn", name, ..] => name.split(['(', '<']).next().unwrap_or(""),
            _ => continue,
        };
        // A declaration (in an `extern` block, a trait) has no body.
        let signature_end = lines[at..]
            .iter()
            .map(|l| l.trim_end())
            .find(|l| l.ends_with(';') || l.ends_with('{'));
        if signature_end.map_or(true, |l| l.ends_with(';')) {
            continue;
        }
        let close = format!("{indent}}}");
        if let Some(end) = lines[at..].iter().position(|l| *l == close) {
            found.push((name.to_string(), end + 1));
        }
    }
    found
}

/// What breaks the rule: (file, text) pairs read against `long`.
fn problems(files: &[(String, String)], long: &[(&str, &str, usize)]) -> Vec<String> {
    let mut found = Vec::new();
    let mut seen = Vec::new();
    for (path, text) in files {
        for (name, lines) in functions(text) {
            if lines <= MAX_LINES {
                continue;
            }
            match long.iter().find(|(p, n, _)| p == path && *n == name) {
                None => found.push(format!(
                    "{path}: `{name}` is {lines} lines, over {MAX_LINES}"
                )),
                Some((_, _, was)) => {
                    if lines > *was {
                        found.push(format!("{path}: `{name}` grew to {lines} lines from {was}"));
                    }
                    seen.push((path.clone(), name));
                }
            }
        }
    }
    for (path, name, _) in long {
        if !seen.iter().any(|(p, n)| p == path && n == name) {
            found.push(format!(
                "{path}: `{name}` is no longer over {MAX_LINES} lines: take it off the list"
            ));
        }
    }
    found
}

fn sources(dir: &Path, prefix: &str, files: &mut Vec<(String, String)>) {
    for entry in fs::read_dir(dir).unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let relative = format!("{prefix}{name}");
        if entry.path().is_dir() {
            if name != "tests" && name != "target" && name != "templates" {
                sources(&entry.path(), &format!("{relative}/"), files);
            }
        } else if name.ends_with(".rs") {
            files.push((relative, fs::read_to_string(entry.path()).unwrap()));
        }
    }
}

#[test]
fn no_function_in_scripts_is_over_80_lines_but_the_listed_ones_to_split() {
    let scripts = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    sources(&scripts, "", &mut files);
    assert!(files.len() > 50, "{} files", files.len());
    let problems = problems(&files, LONG);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_long_new_or_grown_function_is_named() {
    let body = |name: &str, lines: usize| {
        let inner = "    x += 1;\n".repeat(lines - 2);
        format!("pub fn {name}(x: &mut u32) {{\n{inner}}}\n")
    };
    let text = [
        body("short", 80),
        body("new_long", 81),
        body("grown", 90),
        "#[cfg(test)]\nmod tests {\n".into(),
        body("in_tests", 200),
    ]
    .concat();
    let files = [("a/src/x.rs".to_string(), text)];
    let long = [
        ("a/src/x.rs", "grown", 85),
        ("a/src/x.rs", "split_since", 99),
    ];
    assert_eq!(
        problems(&files, &long),
        [
            "a/src/x.rs: `new_long` is 81 lines, over 80",
            "a/src/x.rs: `grown` grew to 90 lines from 85",
            "a/src/x.rs: `split_since` is no longer over 80 lines: take it off the list",
        ]
    );
}
