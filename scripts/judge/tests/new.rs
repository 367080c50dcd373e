//! `judge new` in a temporary copy of the workspace: the new problem builds,
//! is clippy- and rustfmt-clean, compiles alone on rustc 1.70, and `judge
//! test` lists it as having no cases yet; an existing or bad id is refused.
//! LeetCode problems scaffolded from LeetCode's own code templates, one of
//! each shape, build, pass clippy, answer in LeetCode's format and submit.

mod common;

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// A copy of the workspace's manifests, tools and one problem, removed on drop.
struct Copy {
    root: PathBuf,
}

impl Copy {
    fn new() -> Copy {
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let root = common::temp_path("judge-new");
        for file in ["Cargo.toml", "Cargo.lock"] {
            common::copy_tree(&source.join(file), &root.join(file));
        }
        for dir in ["scripts", "problems/poj1143"] {
            common::copy_tree(&source.join(dir), &root.join(dir));
        }
        common::copy_tree(
            &source.join("judge-data/poj1143/problem.toml"),
            &root.join("judge-data/poj1143/problem.toml"),
        );
        Copy { root }
    }

    fn judge(&self, args: &[&str]) -> Output {
        self.judge_with_input(args, b"")
    }

    fn judge_with_input(&self, args: &[&str], stdin: &[u8]) -> Output {
        run_with_input(
            Command::new(env!("CARGO_BIN_EXE_judge"))
                .arg("--root")
                .arg(&self.root)
                .args(args),
            stdin,
        )
    }

    /// Runs cargo in the copy with a target folder of its own.
    fn cargo(&self, args: &[&str]) -> Output {
        Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
            .args(args)
            .current_dir(&self.root)
            .env("CARGO_TARGET_DIR", self.root.join("target"))
            .output()
            .unwrap()
    }
}

impl Drop for Copy {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.root);
    }
}

fn run_with_input(command: &mut Command, stdin: &[u8]) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn succeeded(output: &Output) -> bool {
    if !output.status.success() {
        eprintln!("{}{}", text(&output.stdout), text(&output.stderr));
    }
    output.status.success()
}

#[test]
fn new_problems_build_pass_the_checks_and_are_listed_without_cases() {
    let copy = Copy::new();
    let output = copy.judge(&["new", "poj4000", "--title", "Test Title", "--checker"]);
    let stdout = text(&output.stdout);
    assert!(succeeded(&output));
    assert!(
        stdout.starts_with("created poj4000 (poj, 1000 ms, 65536 KiB):"),
        "{stdout}"
    );
    assert!(stdout.contains("5. make submit P=poj4000"), "{stdout}");
    let config = fs::read_to_string(copy.root.join("judge-data/poj4000/problem.toml")).unwrap();
    assert!(
        config.contains("url = \"http://poj.org/problem?id=4000\""),
        "{config}"
    );
    assert!(
        config.ends_with("checker = \"poj4000-check\"\n"),
        "{config}"
    );
    let check = fs::read_to_string(copy.root.join("problems/poj4000/src/check.rs")).unwrap();
    assert!(!check.contains("{{"), "{check}");
    let solution = fs::read_to_string(copy.root.join("problems/poj4000/src/main.rs")).unwrap();
    assert!(
        solution.starts_with("//! poj4000 Test Title — http://poj.org/problem?id=4000\n"),
        "{solution}"
    );

    let output = copy.judge(&["new", "lc7"]);
    let stdout = text(&output.stdout);
    assert!(succeeded(&output));
    assert!(
        stdout.contains("no URL could be made from the id"),
        "{stdout}"
    );
    let config = fs::read_to_string(copy.root.join("judge-data/lc7/problem.toml")).unwrap();
    assert!(config.contains("judge = \"leetcode\""), "{config}");

    assert!(!copy.root.join("problems/lc7/src/check.rs").exists());
    for id in ["poj4000", "lc7"] {
        for file in [
            "Cargo.toml",
            "src/main.rs",
            "src/brute.rs",
            "src/gen.rs",
            "tests/cross_check.rs",
        ] {
            let path = copy.root.join("problems").join(id).join(file);
            let generated = fs::read_to_string(&path).unwrap();
            assert!(!generated.contains("{{"), "{}", path.display());
        }
    }
    let packages = ["-p", "poj4000", "-p", "lc7"];
    // The runner too: a checker problem's own tests judge under its launcher.
    assert!(succeeded(&copy.cargo(
        &[&["build", "--release", "-p", "judge"][..], &packages].concat()
    )));
    assert!(succeeded(
        &copy.cargo(&[&["fmt", "--check"][..], &packages].concat())
    ));
    let clippy = [
        &["clippy", "--all-targets"][..],
        &packages,
        &["--", "-D", "warnings"],
    ]
    .concat();
    assert!(succeeded(&copy.cargo(&clippy)));
    let tests = copy.cargo(&[&["test"][..], &packages].concat());
    assert!(succeeded(&tests));
    let ran = text(&tests.stdout)
        .matches("test generated_inputs_are_judged_right_against_the_brute_force ... ok")
        .count();
    assert_eq!(ran, 2, "the tests/ skeleton of both problems runs");

    let output = copy.judge(&["submit", "--check", "poj4000", "lc7"]);
    assert!(succeeded(&output));
    assert_eq!(
        text(&output.stdout).lines().last(),
        Some("2 passed, 0 failed")
    );

    for id in ["poj4000", "lc7"] {
        let output = copy.judge(&["test", id]);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.contains(&format!("judge-data/{id} has no cases yet")),
            "{stderr}"
        );
    }
    // The scaffolded checker speaks testlib: the skeleton's answer is n.
    let check = copy.root.join("target/release/poj4000-check");
    let files: Vec<PathBuf> = ["7\n", "7\n", "8\n", "seven\n"]
        .iter()
        .enumerate()
        .map(|(i, text)| {
            let path = copy.root.join(format!("check-{i}"));
            fs::write(&path, text).unwrap();
            path
        })
        .collect();
    let exit = |files: [&PathBuf; 3]| {
        let output = Command::new(&check).args(files).output().unwrap();
        output.status.code()
    };
    assert_eq!(exit([&files[0], &files[1], &files[1]]), Some(0));
    assert_eq!(exit([&files[0], &files[2], &files[1]]), Some(1));
    assert_eq!(exit([&files[0], &files[3], &files[1]]), Some(2));
    assert_eq!(exit([&files[3], &files[1], &files[1]]), Some(3));
    let gen = copy.root.join("target/release/poj4000-gen");
    let input = Command::new(gen).args(["7", "50"]).output().unwrap();
    assert!(succeeded(&input));
}

#[test]
fn existing_taken_and_malformed_ids_are_refused() {
    let copy = Copy::new();
    let refusal = |args: &[&str]| {
        let output = copy.judge(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        text(&output.stderr)
    };
    assert!(refusal(&["new", "poj1143"]).contains("problems/poj1143 already exists"));
    for tool in ["judge", "leetcode", "testkit"] {
        let refused = refusal(&["new", tool, "--judge", "poj"]);
        assert!(
            refused.contains("name of a workspace tool"),
            "{tool}: {refused}"
        );
        assert!(!copy.root.join("problems").join(tool).exists());
        assert!(!copy.root.join("judge-data").join(tool).exists());
    }
    assert!(refusal(&["new", "Poj1"]).contains("invalid id \"Poj1\""));
    assert!(refusal(&["new", "poj-1"]).contains("invalid id"));
    assert!(refusal(&["new", "9poj"]).contains("invalid id"));
    assert!(refusal(&["new", "xyz1"]).contains("pass --judge"));
    assert!(refusal(&["new", "cf1a", "--title", "a \"b\""]).contains("without '\"'"));
    fs::write(copy.root.join("snippet.rs"), TWO_SUM).unwrap();
    let snippet = copy.root.join("snippet.rs");
    let snippet = snippet.to_str().unwrap();
    assert!(refusal(&["new", "poj6", "--snippet", snippet]).contains("--snippet is LeetCode's"));
    fs::write(copy.root.join("snippet.rs"), "fn main() {}\n").unwrap();
    assert!(refusal(&["new", "lc6", "--snippet", snippet]).contains("neither `impl Solution`"));
    assert!(refusal(&["new", "lc6", "--snippet", "missing.rs"]).contains("cannot read the snippet"));
    assert!(!copy.root.join("problems/lc6").exists());
    assert!(!copy.root.join("problems/poj6").exists());
    fs::create_dir_all(copy.root.join("judge-data/poj5")).unwrap();
    assert!(refusal(&["new", "poj5"]).contains("judge-data/poj5 already exists"));
    assert!(!copy.root.join("problems/poj5").exists());
    assert!(!copy.root.join("problems/xyz1").exists());
}

#[test]
fn defaults_follow_the_judge_named_by_the_prefix() {
    let copy = Copy::new();
    for (id, expected) in [
        (
            "poj7",
            "time_limit_ms = 1000\nmemory_limit_kib = 65536\ncompare = \"exact\"\ntime = \"cpu\"",
        ),
        // LeetCode counts wall time.
        (
            "lc7",
            "time_limit_ms = 1000\nmemory_limit_kib = 65536\ncompare = \"exact\"\ntime = \"wall\"",
        ),
        (
            "cf1234a",
            "time_limit_ms = 2000\nmemory_limit_kib = 262144\ncompare = \"tokens\"",
        ),
        (
            "atcabc300a",
            "time_limit_ms = 2000\nmemory_limit_kib = 1048576\ncompare = \"tokens\"",
        ),
    ] {
        assert!(succeeded(&copy.judge(&["new", id])), "{id}");
        let config =
            fs::read_to_string(copy.root.join(format!("judge-data/{id}/problem.toml"))).unwrap();
        assert!(config.contains(expected), "{config}");
        // Codeforces and AtCoder inputs start with the number of cases.
        let counted = id.starts_with("cf") || id.starts_with("atc");
        assert_eq!(
            config.contains("\nstress_header = \"count\""),
            counted,
            "{config}"
        );
    }
    let config = fs::read_to_string(copy.root.join("judge-data/cf1234a/problem.toml")).unwrap();
    assert!(
        config.contains("url = \"https://codeforces.com/problemset/problem/1234/A\""),
        "{config}"
    );
}

// LeetCode's Rust templates exactly as its editor shows them, trailing
// spaces included.
const TWO_SUM: &str = "impl Solution {
    pub fn two_sum(nums: Vec<i32>, target: i32) -> Vec<i32> {
        
    }
}
";

const REVERSE_LINKED_LIST: &str = "// Definition for singly-linked list.
// #[derive(PartialEq, Eq, Clone, Debug)]
// pub struct ListNode {
//   pub val: i32,
//   pub next: Option<Box<ListNode>>
// }
// 
// impl ListNode {
//   #[inline]
//   fn new(val: i32) -> Self {
//     ListNode {
//       next: None,
//       val
//     }
//   }
// }
impl Solution {
    pub fn reverse_list(head: Option<Box<ListNode>>) -> Option<Box<ListNode>> {
        
    }
}
";

const INVERT_BINARY_TREE: &str = "// Definition for a binary tree node.
// #[derive(Debug, PartialEq, Eq)]
// pub struct TreeNode {
//   pub val: i32,
//   pub left: Option<Rc<RefCell<TreeNode>>>,
//   pub right: Option<Rc<RefCell<TreeNode>>>,
// }
// 
// impl TreeNode {
//   #[inline]
//   pub fn new(val: i32) -> Self {
//     TreeNode {
//       val,
//       left: None,
//       right: None
//     }
//   }
// }
use std::rc::Rc;
use std::cell::RefCell;
impl Solution {
    pub fn invert_tree(root: Option<Rc<RefCell<TreeNode>>>) -> Option<Rc<RefCell<TreeNode>>> {
        
    }
}
";

const ROTATE_IMAGE: &str = "impl Solution {
    pub fn rotate(matrix: &mut Vec<Vec<i32>>) {
        
    }
}
";

const MAXIMUM_AVERAGE_SUBARRAY: &str = "impl Solution {
    pub fn find_max_average(nums: Vec<i32>, k: i32) -> f64 {
        
    }
}
";

const MIN_STACK: &str = "struct MinStack {

}

/** 
 * `&self` means the method takes an immutable reference.
 * If you need a mutable reference, change it to `&mut self` instead.
 */
impl MinStack {

    fn new() -> Self {
        
    }
    
    fn push(&self, val: i32) {
        
    }
    
    fn pop(&self) {
        
    }
    
    fn top(&self) -> i32 {
        
    }
    
    fn get_min(&self) -> i32 {
        
    }
}

/**
 * Your MinStack object will be instantiated and called as such:
 * let obj = MinStack::new();
 * obj.push(val);
 * obj.pop();
 * let ret_3: i32 = obj.top();
 * let ret_4: i32 = obj.get_min();
 */
";

#[test]
fn leetcode_snippets_of_every_shape_scaffold_build_answer_and_submit() {
    let copy = Copy::new();
    // (id, snippet, a case, what the placeholders answer)
    let shapes = [
        ("lc1", TWO_SUM, "[2,7,11,15]\n9\n", "[]\n"),
        ("lc206", REVERSE_LINKED_LIST, "[1,2,3]\n", "[]\n"),
        ("lc226", INVERT_BINARY_TREE, "[4,2,7,1,3,6,9]\n", "[]\n"),
        (
            "lc48",
            ROTATE_IMAGE,
            "[[1, 2], [3, 4]]\n",
            "[[1,2],[3,4]]\n",
        ),
        (
            "lc643",
            MAXIMUM_AVERAGE_SUBARRAY,
            "[1,12,-5,-6,50,3]\n4\n",
            "0.00000\n",
        ),
        (
            "lc155",
            MIN_STACK,
            "[\"MinStack\",\"push\",\"pop\",\"getMin\"]\n[[],[-2],[],[]]\n",
            "[null,null,null,0]\n",
        ),
    ];
    for (index, (id, snippet, _, _)) in shapes.iter().enumerate() {
        // One through stdin, the others through a file.
        let output = if index == 0 {
            copy.judge_with_input(&["new", id, "--snippet", "-"], snippet.as_bytes())
        } else {
            let file = copy.root.join(format!("{id}.snippet"));
            fs::write(&file, snippet).unwrap();
            copy.judge(&["new", id, "--snippet", file.to_str().unwrap()])
        };
        assert!(succeeded(&output), "{id}");
    }
    let solution = fs::read_to_string(copy.root.join("problems/lc226/src/main.rs")).unwrap();
    assert!(
        solution.contains("// submit-begin\n// Definition for a binary tree node.\n"),
        "{solution}"
    );
    assert!(
        solution.contains("let _ = root;\n        Default::default()\n"),
        "{solution}"
    );

    let packages: Vec<&str> = shapes.iter().flat_map(|(id, ..)| ["-p", id]).collect();
    let cargo = |args: &[&str]| copy.cargo(&[args, &packages].concat());
    assert!(succeeded(&cargo(&["build", "--release"])));
    assert!(succeeded(&cargo(&["fmt", "--check"])));
    assert!(succeeded(
        &copy.cargo(
            &[
                &["clippy", "--all-targets"][..],
                &packages,
                &["--", "-D", "warnings"]
            ]
            .concat()
        )
    ));
    for (id, _, case, answer) in shapes {
        for program in [id.to_string(), format!("{id}-brute")] {
            let binary = copy.root.join("target/release").join(&program);
            let output = run_with_input(&mut Command::new(binary), case.as_bytes());
            assert!(succeeded(&output), "{program}");
            assert_eq!(text(&output.stdout), answer, "{program}");
        }
        let gen = copy.root.join("target/release").join(format!("{id}-gen"));
        let input = Command::new(gen).args(["3", "4"]).output().unwrap();
        assert!(succeeded(&input), "{id}-gen");
        let binary = copy.root.join("target/release").join(id);
        assert!(
            succeeded(&run_with_input(&mut Command::new(binary), &input.stdout)),
            "{id} on its generator's input"
        );

        let output = copy.judge(&["submit", id]);
        assert!(succeeded(&output), "{id}");
        let paste = text(&output.stdout);
        assert!(!paste.contains("submit-"), "{paste}");
        assert!(!paste.contains("leetcode::"), "{paste}");
    }
    let tree_paste = text(&copy.judge(&["submit", "lc226"]).stdout);
    assert!(
        tree_paste.starts_with("// Definition for a binary tree node.\n")
            && tree_paste.contains("use std::cell::RefCell;\nuse std::rc::Rc;\nimpl Solution {"),
        "{tree_paste}"
    );
}

/// A problem with many right answers, judged by its checker, and one whose
/// answers are floats: each solution answers otherwise than its brute force,
/// rightly, and passes its own generated tests and `judge test`.
#[test]
fn another_right_answer_passes_the_generated_tests_and_judge_test() {
    let copy = Copy::new();
    assert!(succeeded(&copy.judge(&["new", "cf5a", "--checker"])));
    assert!(succeeded(&copy.judge(&["new", "cf6a"])));
    let problem = |id: &str| copy.root.join("problems").join(id);
    let edit = |path: PathBuf, from: &str, to: &str| {
        let text = fs::read_to_string(&path).unwrap();
        assert!(text.contains(from), "{}: {from}", path.display());
        fs::write(&path, text.replace(from, to)).unwrap();
    };
    // cf5a: print any number at least n. The brute force prints n, the
    // solution n + 1, and the checker takes either.
    let answer = "out.extend_from_slice(format!(\"{n}\\n\").as_bytes());";
    edit(
        problem("cf5a").join("src/main.rs"),
        answer,
        "out.extend_from_slice(format!(\"{}\\n\", n + 1).as_bytes());",
    );
    edit(
        problem("cf5a").join("src/check.rs"),
        "Ok(if got == n && got == expected {",
        "let _ = expected;\n    Ok(if got >= n {",
    );
    // cf6a: n / 3, to 9 decimals in the solution and to 7 in the brute force.
    edit(
        problem("cf6a").join("src/main.rs"),
        answer,
        "out.extend_from_slice(format!(\"{:.9}\\n\", n as f64 / 3.0).as_bytes());",
    );
    edit(
        problem("cf6a").join("src/brute.rs"),
        "out.extend_from_slice(format!(\"{n}\\n\").as_bytes());",
        "out.extend_from_slice(format!(\"{:.7}\\n\", n as f64 / 3.0).as_bytes());",
    );
    edit(
        copy.root.join("judge-data/cf6a/problem.toml"),
        "compare = \"tokens\"",
        "compare = \"float\"",
    );
    edit(
        problem("cf5a").join("tests/solution.rs"),
        "(\"7\\n\".into()",
        "(\"8\\n\".into()",
    );
    edit(
        problem("cf6a").join("tests/solution.rs"),
        "(\"7\\n\".into()",
        "(\"2.333333333\\n\".into()",
    );
    for (id, answer) in [("cf5a", "7\n"), ("cf6a", "2.3333333\n")] {
        fs::write(
            copy.root.join(format!("judge-data/{id}/sample-1.in")),
            "7\n",
        )
        .unwrap();
        fs::write(
            copy.root.join(format!("judge-data/{id}/sample-1.out")),
            answer,
        )
        .unwrap();
    }
    let packages = ["-p", "cf5a", "-p", "cf6a"];
    assert!(succeeded(&copy.cargo(
        &[&["build", "--release", "-p", "judge"][..], &packages].concat()
    )));
    let tests = copy.cargo(&[&["test"][..], &packages].concat());
    assert!(succeeded(&tests));
    assert_eq!(
        text(&tests.stdout)
            .matches("test generated_inputs_are_judged_right_against_the_brute_force ... ok")
            .count(),
        2
    );
    let output = copy.judge(&["test", "cf5a", "cf6a"]);
    assert!(succeeded(&output));
    assert_eq!(
        text(&output.stdout).lines().last(),
        Some("2 passed, 0 failed")
    );
    // The comparison is real: an answer below n fails the checker's test.
    edit(
        problem("cf5a").join("src/main.rs"),
        "n + 1",
        "n.saturating_sub(1)",
    );
    let tests = copy.cargo(&["test", "-p", "cf5a", "--test", "cross_check"]);
    assert!(!tests.status.success());
    assert!(text(&tests.stdout).contains("WA against the brute force's answer"));
}
