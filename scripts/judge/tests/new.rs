//! `judge new` in a temporary copy of the workspace: the new problem builds,
//! is clippy- and rustfmt-clean, compiles alone on rustc 1.70, and `judge
//! test` lists it as having no cases yet; an existing or bad id is refused.
//! LeetCode problems scaffolded from LeetCode's own code templates, one of
//! each shape, build, pass clippy, answer in LeetCode's format and submit.

mod common;

use common::{run_with_input, succeeded, text, Holds, WorkspaceCopy};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

#[test]
fn new_problems_build_pass_the_checks_and_are_listed_without_cases() {
    let copy = WorkspaceCopy::new();
    let output = copy.judge(&["new", "poj4000", "--title", "Test Title", "--checker"]);
    let stdout = text(&output.stdout);
    assert!(succeeded(&output));
    assert!(
        stdout.starts_with("created poj4000 (poj, 1000 ms, 65536 KiB):"),
        "{stdout}"
    );
    stdout.assert_has("5. make submit P=poj4000");
    let config = fs::read_to_string(copy.root.join("judge-data/poj4000/problem.toml")).unwrap();
    config.assert_has("url = \"http://poj.org/problem?id=4000\"");
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
    stdout.assert_has("no URL could be made from the id");
    let config = fs::read_to_string(copy.root.join("judge-data/lc7/problem.toml")).unwrap();
    config.assert_has("judge = \"leetcode\"");

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
    assert!(succeeded(
        &copy.cargo(&[&["build", "--release"][..], &packages].concat())
    ));
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
    let copy = WorkspaceCopy::new();
    let refusal = |args: &[&str]| copy.refusal(args);
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
    let typo = refusal(&["new", "cf1a", "--judge", "codefroces"]);
    typo.assert_has("unknown judge \"codefroces\": did you mean codeforces?");
    assert!(!copy.root.join("problems/cf1a").exists());
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
    let copy = WorkspaceCopy::new();
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
        // Codeforces inputs start with the number of cases; AtCoder's are
        // mostly one case.
        let counted = id.starts_with("cf");
        assert_eq!(
            config.contains("\nstress_header = \"count\""),
            counted,
            "{config}"
        );
    }
    let config = fs::read_to_string(copy.root.join("judge-data/cf1234a/problem.toml")).unwrap();
    config.assert_has("url = \"https://codeforces.com/problemset/problem/1234/A\"");
    let made = ["poj7", "lc7", "cf1234a", "atcabc300a"];
    common::assert_toml(&made.map(|id| copy.root.join(format!("judge-data/{id}/problem.toml"))));
}

#[test]
fn a_leetcode_url_gives_the_title_from_its_slug_unless_one_is_given() {
    let copy = WorkspaceCopy::new();
    let url = "https://leetcode.com/problems/merge-k-sorted-lists/description/";
    let output = copy.judge(&["new", "lc23", "--url", url]);
    assert!(succeeded(&output));
    let stdout = text(&output.stdout);
    assert!(!stdout.contains("no title"), "{stdout}");
    let config = fs::read_to_string(copy.root.join("judge-data/lc23/problem.toml")).unwrap();
    config.assert_has("title = \"Merge K Sorted Lists\"\n");
    let solution = fs::read_to_string(copy.root.join("problems/lc23/src/main.rs")).unwrap();
    assert!(
        solution.starts_with(&format!("//! lc23 Merge K Sorted Lists — {url}\n")),
        "{solution}"
    );

    let output = copy.judge(&[
        "new",
        "lc24",
        "--url",
        url,
        "--title",
        "Merge k Sorted Lists",
    ]);
    assert!(succeeded(&output));
    let config = fs::read_to_string(copy.root.join("judge-data/lc24/problem.toml")).unwrap();
    config.assert_has("title = \"Merge k Sorted Lists\"\n");
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
    let copy = WorkspaceCopy::new();
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
    solution.assert_has("// submit-begin\n// Definition for a binary tree node.\n");
    solution.assert_has("let _ = root;\n        Default::default()\n");

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
    let copy = WorkspaceCopy::new();
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
    // The samples' tests judge as the judge does: cf5a's stays as made
    // (the checker takes 8 for 7), cf6a's answer is the judge's 7 decimals.
    edit(
        problem("cf6a").join("tests/solution.rs"),
        "b\"7\\r\\n\", b\"7\\n\"",
        "b\"7\\r\\n\", b\"2.3333333\\n\"",
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
    assert!(succeeded(
        &copy.cargo(&[&["build", "--release"][..], &packages].concat())
    ));
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

// Typed from LeetCode's Rust signatures: Serialize and Deserialize Binary
// Tree (297), a design class whose two methods undo each other.
const SERIALIZE_DESERIALIZE_BINARY_TREE: &str = "// Definition for a binary tree node.
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
struct Codec {
\t
}

/** 
 * `&self` means the method takes an immutable reference.
 * If you need a mutable reference, change it to `&mut self` instead.
 */
impl Codec {
    fn new() -> Self {
        
    }

    fn serialize(&self, root: Option<Rc<RefCell<TreeNode>>>) -> String {
        
    }
\t
    fn deserialize(&self, data: String) -> Option<Rc<RefCell<TreeNode>>> {
        
    }
}

/**
 * Your Codec object will be instantiated and called as such:
 * let obj = Codec::new();
 * let data: String = obj.serialize(strs);
 * let ans: Option<Rc<RefCell<TreeNode>>> = obj.deserialize(data);
 */
";

const SERIALIZE_SOLUTION: &str = "use std::cell::RefCell;
use std::rc::Rc;
struct Codec {}

impl Codec {
    fn new() -> Self {
        Codec {}
    }

    /// Preorder, `#` for a missing child.
    fn serialize(&self, root: Option<Rc<RefCell<TreeNode>>>) -> String {
        fn walk(node: &Option<Rc<RefCell<TreeNode>>>, out: &mut Vec<String>) {
            match node {
                None => out.push(\"#\".to_string()),
                Some(node) => {
                    let node = node.borrow();
                    out.push(node.val.to_string());
                    walk(&node.left, out);
                    walk(&node.right, out);
                }
            }
        }
        let mut out = Vec::new();
        walk(&root, &mut out);
        out.join(\",\")
    }

    fn deserialize(&self, data: String) -> Option<Rc<RefCell<TreeNode>>> {
        fn build<'a>(tokens: &mut impl Iterator<Item = &'a str>) -> Option<Rc<RefCell<TreeNode>>> {
            let node = Rc::new(RefCell::new(TreeNode::new(tokens.next()?.parse().ok()?)));
            let left = build(tokens);
            let right = build(tokens);
            node.borrow_mut().left = left;
            node.borrow_mut().right = right;
            Some(node)
        }
        build(&mut data.split(','))
    }
}
";

// Lowest Common Ancestor of a Binary Tree (236): `p` and `q` are nodes of
// `root`, given by their values, and the answer is shown by its value.
const LOWEST_COMMON_ANCESTOR: &str = "// Definition for a binary tree node.
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
    pub fn lowest_common_ancestor(root: Option<Rc<RefCell<TreeNode>>>, p: Option<Rc<RefCell<TreeNode>>>, q: Option<Rc<RefCell<TreeNode>>>) -> Option<Rc<RefCell<TreeNode>>> {
        
    }
}
";

const LOWEST_COMMON_ANCESTOR_SOLUTION: &str = "use std::cell::RefCell;
use std::rc::Rc;
impl Solution {
    pub fn lowest_common_ancestor(
        root: Option<Rc<RefCell<TreeNode>>>,
        p: Option<Rc<RefCell<TreeNode>>>,
        q: Option<Rc<RefCell<TreeNode>>>,
    ) -> Option<Rc<RefCell<TreeNode>>> {
        let node = root?;
        let is_node = |other: &Option<Rc<RefCell<TreeNode>>>| {
            other.as_ref().is_some_and(|other| Rc::ptr_eq(&node, other))
        };
        if is_node(&p) || is_node(&q) {
            return Some(node);
        }
        let (left, right) = {
            let node = node.borrow();
            (node.left.clone(), node.right.clone())
        };
        let left = Self::lowest_common_ancestor(left, p.clone(), q.clone());
        let right = Self::lowest_common_ancestor(right, p, q);
        match (left, right) {
            (Some(_), Some(_)) => Some(node),
            (left, right) => left.or(right),
        }
    }
}
";

// LeetCode has no Rust for Intersection of Two Linked Lists (160): its
// `ListNode` owns `next` through a `Box`, so two lists cannot share a tail,
// and its testcase (intersectVal, listA, listB, skipA, skipB) describes a
// sharing no Rust `ListNode` can hold. The shape it would have, two lists
// in and a list node out, is Merge Two Sorted Lists' (21), which has Rust.
const MERGE_TWO_SORTED_LISTS: &str = "// Definition for singly-linked list.
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
    pub fn merge_two_lists(list1: Option<Box<ListNode>>, list2: Option<Box<ListNode>>) -> Option<Box<ListNode>> {
        
    }
}
";

const MERGE_TWO_SORTED_LISTS_SOLUTION: &str = "impl Solution {
    pub fn merge_two_lists(
        list1: Option<Box<ListNode>>,
        list2: Option<Box<ListNode>>,
    ) -> Option<Box<ListNode>> {
        match (list1, list2) {
            (None, rest) | (rest, None) => rest,
            (Some(mut a), Some(mut b)) => {
                if a.val <= b.val {
                    a.next = Self::merge_two_lists(a.next.take(), Some(b));
                    Some(a)
                } else {
                    b.next = Self::merge_two_lists(Some(a), b.next.take());
                    Some(b)
                }
            }
        }
    }
}
";

/// 236's generator made random: a tree of distinct values in level order
/// (a complete tree) and two of its nodes. It replaces the skeleton's `case`.
const RANDOM_NODES_CASE: &str = "fn case(rng: &mut Rng) -> Vec<String> {
    let mut values: Vec<i32> = (0..rng.range(2, 15) as i32).collect();
    rng.shuffle(&mut values);
    let p = rng.below(values.len() as u64) as usize;
    let q = (p + 1 + rng.below(values.len() as u64 - 1) as usize) % values.len();
    vec![leetcode::show(&values), values[p].to_string(), values[q].to_string()]
}
";

/// The problem's code with `region` written between the submit markers, and
/// its brute force the same code: what a user writes, the glue untouched.
fn write_solution(problem: &Path, region: &str) {
    let main = problem.join("src/main.rs");
    let solution = fs::read_to_string(&main).unwrap();
    let begin = solution.find("// submit-begin\n").unwrap() + "// submit-begin\n".len();
    let end = solution.find("// submit-end\n").unwrap();
    let placeholders = &solution[begin..end];
    fs::write(&main, solution.replacen(placeholders, region, 1)).unwrap();
    let brute = problem.join("src/brute.rs");
    let text = fs::read_to_string(&brute).unwrap();
    assert!(text.contains(placeholders), "{}", brute.display());
    fs::write(&brute, text.replacen(placeholders, region, 1)).unwrap();
}

/// A problem's id, its template, the solution written in its region, and
/// its examples: input and answer.
type Shape = (
    &'static str,
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str)],
);

#[test]
fn codec_node_and_two_list_templates_scaffold_clean_and_their_solutions_answer_the_examples() {
    let copy = WorkspaceCopy::new();
    let shapes: [Shape; 3] = [
        (
            "lc297",
            SERIALIZE_DESERIALIZE_BINARY_TREE,
            SERIALIZE_SOLUTION,
            &[
                ("[1,2,3,null,null,4,5]\n", "[1,2,3,null,null,4,5]\n"),
                ("[]\n", "[]\n"),
            ],
        ),
        (
            "lc236",
            LOWEST_COMMON_ANCESTOR,
            LOWEST_COMMON_ANCESTOR_SOLUTION,
            &[
                ("[3,5,1,6,2,0,8,null,null,7,4]\n5\n1\n", "3\n"),
                ("[3,5,1,6,2,0,8,null,null,7,4]\n5\n4\n", "5\n"),
                ("[1,2]\n1\n2\n", "1\n"),
            ],
        ),
        (
            "lc21",
            MERGE_TWO_SORTED_LISTS,
            MERGE_TWO_SORTED_LISTS_SOLUTION,
            &[
                ("[1,2,4]\n[1,3,4]\n", "[1,1,2,3,4,4]\n"),
                ("[]\n[]\n", "[]\n"),
                ("[]\n[0]\n", "[0]\n"),
            ],
        ),
    ];
    for (id, template, ..) in &shapes {
        let file = copy.root.join(format!("{id}.snippet"));
        fs::write(&file, template).unwrap();
        assert!(succeeded(&copy.judge(&[
            "new",
            id,
            "--snippet",
            file.to_str().unwrap()
        ])));
    }
    let glue = fs::read_to_string(copy.root.join("problems/lc297/src/main.rs")).unwrap();
    glue.assert_has("let codec = Codec::new();\n        let data = codec.serialize(root);\n        Ok(codec.deserialize(data))\n");
    let packages: Vec<&str> = shapes.iter().flat_map(|(id, ..)| ["-p", *id]).collect();
    let clippy = [
        &["clippy", "--all-targets"][..],
        &packages,
        &["--", "-D", "warnings"],
    ]
    .concat();
    assert!(succeeded(&copy.cargo(&clippy)), "the scaffolds as made");
    assert!(succeeded(
        &copy.cargo(&[&["fmt", "--check"][..], &packages].concat())
    ));

    for (id, _, solution, examples) in &shapes {
        let problem = copy.root.join("problems").join(id);
        write_solution(&problem, solution);
        for (index, (input, answer)) in examples.iter().enumerate() {
            let case = copy
                .root
                .join(format!("judge-data/{id}/sample-{}", index + 1));
            fs::write(case.with_extension("in"), input).unwrap();
            fs::write(case.with_extension("out"), answer).unwrap();
        }
    }
    let gen = copy.root.join("problems/lc236/src/gen.rs");
    let skeleton = fs::read_to_string(&gen).unwrap();
    let case = skeleton
        .find("fn case(_rng: &mut Rng) -> Vec<String> {")
        .unwrap();
    fs::write(&gen, format!("{}{RANDOM_NODES_CASE}", &skeleton[..case])).unwrap();

    assert!(succeeded(
        &copy.cargo(&[&["build", "--release"][..], &packages].concat())
    ));
    let ids: Vec<&str> = shapes.iter().map(|(id, ..)| *id).collect();
    let output = copy.judge(&[&["test"][..], &ids].concat());
    assert!(succeeded(&output));
    let stdout = text(&output.stdout);
    assert_eq!(
        stdout.lines().last(),
        Some("8 passed, 0 failed"),
        "{stdout}"
    );
    // The random generator's nodes, cross-checked against the brute force.
    let tests = copy.cargo(&["test", "-p", "lc236"]);
    assert!(succeeded(&tests));
    assert!(text(&tests.stdout)
        .contains("test generated_inputs_are_judged_right_against_the_brute_force ... ok"));
    for id in ids {
        let output = copy.judge(&["submit", id]);
        assert!(succeeded(&output), "{id}");
        let paste = text(&output.stdout);
        assert!(
            !paste.contains("submit-") && !paste.contains("leetcode::"),
            "{paste}"
        );
    }
}
