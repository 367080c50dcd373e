//! Every stored problem is of one of the kinds and made as its kind's
//! templates make one: the same files, the same programs in its manifest,
//! and the one brute-force and generator interface every kind shares; and
//! every template is some kind's. Checked like the house skeleton is.

use judge_core::problem::kind::{Kind, BRUTE_INTERFACE, GEN_INTERFACE, PLACEHOLDER, TEMPLATES};
use judge_core::problem::workspace::Workspace;
use std::fs;
use std::path::Path;

/// Why problem `id` (at `root`) is not made as its kind makes a problem.
fn drift(root: &Path, id: &str, kind: Kind) -> Vec<String> {
    let mut found = Vec::new();
    let read = |relative: &str| fs::read_to_string(root.join(relative)).unwrap_or_default();
    let flat = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    for template in kind.templates() {
        let target = template.target(id);
        // Data files are the problem's own; its code is the kind's.
        if target.starts_with("problems/") && !root.join(&target).is_file() {
            found.push(format!("{target} is missing"));
        }
    }
    let manifest = read(&format!("problems/{id}/Cargo.toml"));
    let mut binaries: Vec<String> = manifest
        .lines()
        .filter_map(|line| line.trim().strip_prefix("name = \""))
        .filter_map(|name| name.strip_suffix('"'))
        .map(str::to_string)
        .collect();
    binaries.sort();
    let mut expected: Vec<String> = [id.to_string(), format!("{id}-gen")]
        .into_iter()
        .chain(
            kind.helpers()
                .iter()
                .map(|(suffix, _, _)| format!("{id}{suffix}")),
        )
        .collect();
    expected.push(id.to_string()); // the package's own name
    expected.sort();
    if binaries != expected {
        found.push(format!(
            "the manifest names {binaries:?}, the kind {expected:?}"
        ));
    }
    let gen = flat(&read(&format!("problems/{id}/src/gen.rs")));
    if !gen.contains(GEN_INTERFACE) || !gen.contains("testkit::gen_main(") {
        found.push(format!(
            "src/gen.rs lacks `{GEN_INTERFACE}` run by testkit::gen_main"
        ));
    }
    if kind
        .helpers()
        .iter()
        .any(|(suffix, _, _)| *suffix == "-brute")
    {
        let brute = flat(&read(&format!("problems/{id}/src/brute.rs")));
        if !brute.contains(BRUTE_INTERFACE) {
            found.push(format!("src/brute.rs lacks `{BRUTE_INTERFACE}`"));
        }
        let tests: String = fs::read_dir(root.join(format!("problems/{id}/tests")))
            .into_iter()
            .flatten()
            .flatten()
            .map(|entry| flat(&fs::read_to_string(entry.path()).unwrap_or_default()))
            .collect();
        for calls in [
            &["testkit::Problem::new("][..],
            &[".cross_check("],
            &[".check_stored_by_brute(", ".check_stored("],
        ] {
            if !calls.iter().any(|call| tests.contains(call)) {
                found.push(format!("no test in tests/ calls {}", calls.join(" or ")));
            }
        }
    }
    found
}

#[test]
fn every_stored_problem_is_made_as_its_kind_makes_one() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let workspace = Workspace::at(&root);
    let mut checked = Vec::new();
    let mut drifted = Vec::new();
    for id in workspace.ids() {
        let config = workspace.config(&id).unwrap();
        let solution = fs::read_to_string(root.join(format!("problems/{id}/src/main.rs")));
        let kind = Kind::of(&config, &solution.unwrap_or_default());
        for problem in drift(&root, &id, kind) {
            drifted.push(format!("{id} ({}): {problem}", kind.name()));
        }
        checked.push(id);
    }
    assert!(checked.len() >= 9, "only {checked:?}");
    assert!(drifted.is_empty(), "{}", drifted.join("\n"));
}

#[test]
fn every_template_file_belongs_to_a_kind_and_follows_the_interfaces() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../core/templates");
    let mut on_disk = Vec::new();
    for folder in fs::read_dir(&dir).unwrap().flatten() {
        let mut pending = vec![folder.path()];
        while let Some(path) = pending.pop() {
            if path.is_dir() {
                pending.extend(fs::read_dir(&path).unwrap().flatten().map(|e| e.path()));
            } else {
                let relative = path
                    .strip_prefix(&dir)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned();
                on_disk.push(relative);
            }
        }
    }
    on_disk.retain(|path| path != "leetcode/default-snippet.rs.tmpl");
    on_disk.sort();
    let mut listed: Vec<String> = TEMPLATES.iter().map(|t| t.path.to_string()).collect();
    listed.sort();
    assert_eq!(on_disk, listed);
    for template in &TEMPLATES {
        let text = template
            .text
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        if template.path.ends_with("/src/gen.rs.tmpl") {
            assert!(text.contains(GEN_INTERFACE), "{}", template.path);
        }
        if template.path.ends_with("/src/brute.rs.tmpl") {
            assert!(text.contains(BRUTE_INTERFACE), "{}", template.path);
        }
        // `judge stress` refuses a stdin or LeetCode brute force or generator
        // still as written: its answers are the skeleton's.
        let helper = ["/src/brute.rs.tmpl", "/src/gen.rs.tmpl"]
            .iter()
            .any(|end| template.path.ends_with(end));
        let placeholder = helper && !template.path.starts_with("interactive/");
        assert_eq!(
            text.matches(PLACEHOLDER).count(),
            usize::from(placeholder),
            "{}",
            template.path
        );
    }
}

#[test]
fn a_drifted_problem_is_named() {
    let root = std::env::temp_dir().join(format!("judge-kinds-{}", std::process::id()));
    let dir = root.join("problems/x/src");
    fs::create_dir_all(&dir).unwrap();
    fs::write(
        root.join("problems/x/Cargo.toml"),
        "name = \"x\"\nname = \"x-gen\"\n",
    )
    .unwrap();
    fs::write(
        dir.join("gen.rs"),
        "pub fn random_input(seed: u64, size: u64) -> Vec<u8>",
    )
    .unwrap();
    let found = drift(&root, "x", Kind::Stdin);
    fs::remove_dir_all(&root).unwrap();
    let text = found.join("\n");
    assert!(text.contains("problems/x/src/main.rs is missing"), "{text}");
    assert!(text.contains("the manifest names"), "{text}");
    assert!(text.contains("src/gen.rs lacks"), "{text}");
    assert!(text.contains("src/brute.rs lacks"), "{text}");
}
