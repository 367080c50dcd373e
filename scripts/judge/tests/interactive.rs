//! Interactive problems: `judge test` and `judge stress` with an interactor
//! wired to the solution, on throw-away workspaces whose programs are shell
//! scripts (and, where g++ is installed, a testlib-style C++ interactor).
//! Problem `fake`'s case `add` holds `2 3`: the interactor sends it and wants
//! the sum back.

mod common;

use common::{case_line, field, outcome, verdict_of, Holds, Sandbox};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

const LIMITS: &str = "time_limit_ms = 1000\nmemory_limit_kib = 65536\n";

/// testlib: `<input> <output> [<answer>]`; the answer it read goes to `<output>`.
const INTERACTOR: &str = r#"read a b < "$1"
echo "$a $b"
if ! read r; then echo "unexpected end of the solution's output" >&2; exit 1; fi
echo "$r" > "$2"
if [ "$r" != "$((a + b))" ]; then echo "wrong answer: expected $((a + b)), found $r" >&2; exit 1; fi"#;

const SUM: &str = "read a b; echo $((a + b))";

/// A sandbox whose problem.toml names `./interactor` (the script `interactor`).
fn interactive(interactor: &str, extra_toml: &str) -> Sandbox {
    let sandbox = Sandbox::new(&format!(
        "{LIMITS}interactor = \"./interactor\"\n{extra_toml}"
    ));
    sandbox.program("interactor", interactor);
    sandbox
}

/// `judge test fake --bin <solution> --format kv`: (exit code, stdout).
fn test(sandbox: &Sandbox, solution: &str) -> (i32, String) {
    let program = sandbox.program("solution", solution);
    let (code, stdout, stderr) = sandbox.test_with(&program);
    assert!(code == 0 || code == 1, "{stdout}{stderr}");
    (code, stdout)
}

/// `judge test fake --bin <solution> --format kv` with every process it starts marked:
/// (stdout, the processes still running after it returned, killed now).
fn test_leaving(sandbox: &Sandbox, solution: &str) -> (String, Vec<String>) {
    let program = sandbox.program("solution", solution);
    let probe = common::probe();
    let output = sandbox
        .command(
            &probe,
            &[
                "test",
                "fake",
                "--bin",
                program.to_str().unwrap(),
                "--format",
                "kv",
            ],
        )
        .output()
        .unwrap();
    let left = common::survivors(&probe);
    (String::from_utf8_lossy(&output.stdout).into_owned(), left)
}

#[test]
fn a_right_answer_is_accepted_with_the_solutions_own_time_and_memory() {
    let sandbox = interactive(INTERACTOR, "");
    let (code, stdout) = test(&sandbox, SUM);
    assert_eq!(verdict_of(&stdout), "AC", "{stdout}");
    assert_eq!(code, 0);
    assert_eq!(stdout.lines().last(), Some("1 passed, 0 failed"));
    let row = case_line(&stdout, None);
    assert!(field(row, "peak_kib").parse::<u64>().is_ok(), "{row}");

    // A command line runs from the workspace root.
    sandbox.write(
        "judge-data/fake/problem.toml",
        &format!("{LIMITS}interactor = \"sh interactor\"\n"),
    );
    let (code, stdout) = test(&sandbox, SUM);
    assert_eq!((code, verdict_of(&stdout)), (0, "AC"), "{stdout}");
}

#[test]
fn a_wrong_answer_is_the_interactors_and_shows_the_exchange() {
    let sandbox = interactive(INTERACTOR, "");
    let (code, stdout) = test(&sandbox, "read a b; echo $((a * b))");
    assert_eq!(verdict_of(&stdout), "WA", "{stdout}");
    assert_eq!(code, 1);
    stdout.assert_has("the interactor says:\n      wrong answer: expected 5, found 6\n");
    stdout.assert_has("(> to the solution, < from it):\n      > 2 3\n      < 6\n");
}

#[test]
fn a_solution_that_never_flushes_is_a_time_limit_and_nothing_is_left_running() {
    let sandbox = interactive(INTERACTOR, "");
    // Waits for the end of its input before answering, as the house skeleton
    // for ordinary problems does: the interactor waits for the answer.
    let start = Instant::now();
    let (stdout, left) = test_leaving(&sandbox, "cat > /dev/null; echo 5");
    assert_eq!(left, Vec::<String>::new());
    assert_eq!(verdict_of(&stdout), "TLE", "{stdout}");
    assert!(start.elapsed() < Duration::from_secs(4), "{stdout}");
    stdout.assert_has("      > 2 3\n");
    stdout.assert_has("does it flush after every query?");
}

#[test]
fn a_solution_that_exits_early_gets_the_interactors_verdict_unless_it_crashed() {
    let sandbox = interactive(INTERACTOR, "");
    let (_, stdout) = test(&sandbox, "exit 0");
    assert_eq!(verdict_of(&stdout), "WA", "{stdout}");
    stdout.assert_has("unexpected end of the solution's output");
    let (_, stdout) = test(&sandbox, "echo oops >&2; exit 3");
    assert_eq!(verdict_of(&stdout), "RE", "{stdout}");
    stdout.assert_has("exit status 3");
}

#[test]
fn a_crashing_or_hanging_interactor_is_a_failure_of_the_judge() {
    let crashing = interactive("read a b < \"$1\"; echo 'no such case' >&2; exit 3", "");
    let (code, stdout) = test(&crashing, SUM);
    assert_eq!(verdict_of(&stdout), "FAIL", "{stdout}");
    assert_eq!(code, 1);
    stdout.assert_has("the interactor failed (exit status 3)");
    stdout.assert_has("no such case");

    let killed = interactive("echo 2 3; kill -SEGV $$", "");
    let (_, stdout) = test(&killed, SUM);
    assert_eq!(verdict_of(&stdout), "FAIL", "{stdout}");
    stdout.assert_has("SIGSEGV");

    // Even after the accepted answer, the interactor never ends.
    let hanging = Sandbox::new(
        "time_limit_ms = 200\nmemory_limit_kib = 65536\ninteractor = \"./interactor\"\n\
         helper_time_limit_ms = 2000\n",
    );
    hanging.program("interactor", "echo 2 3; read r; while :; do sleep 1; done");
    let start = Instant::now();
    let (stdout, left) = test_leaving(&hanging, SUM);
    assert_eq!(left, Vec::<String>::new());
    assert_eq!(verdict_of(&stdout), "FAIL", "{stdout}");
    assert!(
        stdout.contains(
            "the interactor failed, not the solution: ran past its 2 s limit \
             (helper_time_limit_ms) on top of the solution's wall-time cap"
        ),
        "{stdout}"
    );
    assert!(start.elapsed() < Duration::from_secs(9), "{stdout}");
}

#[test]
fn a_checker_judges_what_the_interactor_wrote_as_polygon_does() {
    // The interactor only carries the dialogue; the checker compares its
    // `<output>` with the case's `.out`.
    let carrier = "read a b < \"$1\"; echo \"$a $b\"; read r; echo \"$r\" > \"$2\"";
    let sandbox = interactive(carrier, "checker = \"./checker\"\n");
    sandbox.program(
        "checker",
        r#"if [ "$(cat "$2")" != "$(cat "$3")" ]; then echo "expected $(cat "$3"), found $(cat "$2")" >&2; exit 1; fi"#,
    );
    let (code, stdout) = test(&sandbox, SUM);
    assert_eq!(verdict_of(&stdout), "AC", "{stdout}");
    assert_eq!(code, 0);
    let (_, stdout) = test(&sandbox, "read a b; echo $((a - b))");
    assert_eq!(verdict_of(&stdout), "WA", "{stdout}");
    stdout.assert_has("the checker says:\n      expected 5, found -1\n");
}

#[test]
fn an_output_the_interactor_made_a_link_is_not_followed() {
    let secret_dir = common::temp_path("judge-secret");
    fs::create_dir_all(&secret_dir).unwrap();
    let secret = secret_dir.join("secret");
    fs::write(&secret, "PRIVATE-KEY-LINE\n").unwrap();
    let carrier = format!(
        "read a b < \"$1\"; echo \"$a $b\"; read r; ln -s '{}' \"$2\"",
        secret.display()
    );
    let sandbox = interactive(&carrier, "checker = \"./checker\"\n");
    sandbox.program("checker", "cat \"$2\" >&2; exit 1");
    let (code, stdout) = test(&sandbox, SUM);
    assert_eq!((code, verdict_of(&stdout)), (1, "FAIL"), "{stdout}");
    assert!(!stdout.contains("PRIVATE-KEY"), "{stdout}");
    stdout.assert_has("/output: the file is a symlink (it is not followed)");
    fs::remove_dir_all(&secret_dir).unwrap();
}

#[test]
fn a_testlib_interactor_s_points_are_the_case_s_final_score() {
    // One short of the sum scores 4 points (testlib's quitp: exit 7 and a
    // `points` line); the checker after it, which rejects all, is not run.
    let scorer = "read a b < \"$1\"; echo \"$a $b\"; read r; echo \"$r\" > \"$2\"\n\
                  [ \"$r\" = $((a + b - 1)) ] && { echo 'points 4 one short' >&2; exit 7; }\nexit 0";
    let sandbox = interactive(
        scorer,
        "checker = \"./checker\"\nscoring = true\ngroup.data.cases = [\"add\"]\n",
    );
    sandbox.program("checker", "echo 'wrong answer: checked' >&2; exit 1");
    let (_, stdout) = test(&sandbox, "read a b; echo $((a + b - 1))");
    assert_eq!(verdict_of(&stdout), "AC", "{stdout}");
    assert!(stdout.lines().any(|l| l == "score: 4 (data)"), "{stdout}");
    let (_, stdout) = test(&sandbox, SUM);
    assert_eq!(verdict_of(&stdout), "WA", "{stdout}");
}

#[test]
fn the_kattis_protocol_passes_the_answer_and_a_feedback_folder() {
    let validator = r#"read a b < "$1"
echo "$a $b"
read r
case "$3" in */) ;; *) exit 1 ;; esac
if [ "$r" = "$(cat "$2")" ]; then exit 42; fi
echo "sum $r is off" > "$3judgemessage.txt"
exit 43"#;
    let sandbox = interactive(validator, "interactor_protocol = \"kattis\"\n");
    let (code, stdout) = test(&sandbox, SUM);
    assert_eq!(verdict_of(&stdout), "AC", "{stdout}");
    assert_eq!(code, 0);
    let (_, stdout) = test(&sandbox, "read a b; echo 4");
    assert_eq!(verdict_of(&stdout), "WA", "{stdout}");
    stdout.assert_has("sum 4 is off");
    // Exit 0 is no Kattis verdict.
    let zero = interactive(
        "echo 2 3; read r; exit 0",
        "interactor_protocol = \"kattis\"\n",
    );
    let (_, stdout) = test(&zero, SUM);
    assert_eq!(verdict_of(&stdout), "FAIL", "{stdout}");
}

#[test]
fn interactive_cases_need_no_answer_file() {
    let sandbox = interactive(INTERACTOR, "");
    fs::remove_file(sandbox.root.join("judge-data/fake/add.out")).unwrap();
    sandbox.write("judge-data/fake/more.in", "40 2\n");
    let (code, stdout) = test(&sandbox, SUM);
    assert_eq!(code, 0, "{stdout}");
    assert_eq!(stdout.lines().last(), Some("2 passed, 0 failed"));
}

/// A C++ interactor written as testlib's are (A+B: `registerInteraction`
/// reads `<input>`, talks over stdin/stdout, writes `<output>` for the
/// checker, exits 0 AC, 1 WA, 2 PE, 3 FAIL), and a testlib-style checker.
const CPP_INTERACTOR: &str = r#"
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <fstream>
enum { OK = 0, WA = 1, PE = 2, FAIL = 3 };
int main(int argc, char* argv[]) {
    if (argc < 3) { std::cerr << "usage: interactor <input> <output> [<answer>]\n"; return FAIL; }
    std::ifstream inf(argv[1]);
    std::ofstream tout(argv[2]);
    long long a, b;
    if (!(inf >> a >> b)) { std::cerr << "FAIL bad input file\n"; return FAIL; }
    std::cout << a << ' ' << b << std::endl;
    long long r;
    if (!(std::cin >> r)) { std::cerr << "wrong output format Unexpected end of file\n"; return PE; }
    tout << r << '\n';
    std::cerr << "ok interaction finished\n";
    return OK;
}
"#;

const CPP_CHECKER: &str = r#"
#include <fstream>
#include <iostream>
int main(int argc, char* argv[]) {
    if (argc < 4) return 3;
    std::ifstream inf(argv[1]), ouf(argv[2]), ans(argv[3]);
    long long a, b, r, j;
    if (!(inf >> a >> b) || !(ans >> j)) return 3;
    if (!(ouf >> r)) { std::cerr << "wrong output format\n"; return 2; }
    if (r != j) { std::cerr << "wrong answer expected " << j << ", found " << r << "\n"; return 1; }
    std::cerr << "ok answer is " << r << "\n";
    return 0;
}
"#;

/// Compiles `source` with g++; `None` (a skip) without g++.
fn compile(dir: &Path, name: &str, source: &str) -> Option<PathBuf> {
    let file = dir.join(format!("{name}.cpp"));
    fs::write(&file, source).unwrap();
    let binary = dir.join(name);
    let built = Command::new("g++")
        .args(["-O2", "-o"])
        .arg(&binary)
        .arg(&file)
        .output();
    match built {
        Err(_) => {
            common::skip("no g++ here");
            None
        }
        Ok(Output { status, stderr, .. }) => {
            assert!(status.success(), "{}", String::from_utf8_lossy(&stderr));
            Some(binary)
        }
    }
}

#[test]
fn a_testlib_style_cpp_interactor_and_checker_judge_together() {
    let sandbox = Sandbox::new(LIMITS);
    let (interactor, checker) = match (
        compile(&sandbox.root, "interactor", CPP_INTERACTOR),
        compile(&sandbox.root, "checker", CPP_CHECKER),
    ) {
        (Some(interactor), Some(checker)) => (interactor, checker),
        _ => return,
    };
    sandbox.write(
        "judge-data/fake/problem.toml",
        &format!(
            "{LIMITS}interactor = \"{}\"\ninteractor_protocol = \"testlib\"\nchecker = \"{}\"\n",
            interactor.display(),
            checker.display()
        ),
    );
    let (code, stdout) = test(&sandbox, SUM);
    assert_eq!(verdict_of(&stdout), "AC", "{stdout}");
    assert_eq!(code, 0);
    let (_, stdout) = test(&sandbox, "read a b; echo 7");
    assert_eq!(verdict_of(&stdout), "WA", "{stdout}");
    stdout.assert_has("wrong answer expected 5, found 7");
    let (_, stdout) = test(&sandbox, "read a b; echo");
    assert_eq!(verdict_of(&stdout), "PE", "{stdout}");
    stdout.assert_has("Unexpected end of file");
}

/// Sends the number of lines of its input, then each line `a b`, and wants
/// each sum back.
const SUMS_INTERACTOR: &str = r#"echo $(grep -c . "$1")
while read a b <&3; do
  echo "$a $b"
  read r || exit 1
  if [ "$r" != "$((a + b))" ]; then echo "wrong: $a + $b is not $r" >&2; exit 1; fi
done 3< "$1""#;
/// Wrong only when the first number is 7 and the second above 4.
const SUMS_WRONG: &str = r#"read q
while [ "$q" -gt 0 ]; do
  read a b; s=$((a + b))
  if [ "$a" = 7 ] && [ "$b" -gt 4 ]; then s=$((s + 1)); fi
  echo $s; q=$((q - 1))
done"#;
/// Up to `size` (default 30) lines of two digits.
const SUMS_GEN: &str = "awk -v seed=\"$1\" -v size=\"${2:-30}\" 'BEGIN { srand(seed); \
    n = 1 + int(rand() * size); for (i = 0; i < n; i++) print int(rand() * 10), int(rand() * 10) }'";

/// A sandbox for `judge stress`: `target/release/fake` and `fake-gen`, no brute force.
fn stress_sandbox(interactor: &str) -> Sandbox {
    let sandbox = interactive(interactor, "stress_case_lines = 1\n");
    fs::create_dir_all(sandbox.root.join("target/release")).unwrap();
    sandbox.program("target/release/fake", SUMS_WRONG);
    sandbox.program("target/release/fake-gen", SUMS_GEN);
    sandbox
}

fn stress(sandbox: &Sandbox, args: &[&str]) -> (i32, String) {
    let output = sandbox.judge(&[&["stress", "fake"], args].concat());
    let (code, stdout, stderr) = outcome(&output);
    (code, stdout + &stderr)
}

#[test]
fn stress_finds_a_planted_bug_with_the_interactor_alone_and_saves_a_shrunk_case() {
    let sandbox = stress_sandbox(SUMS_INTERACTOR);
    let (code, out) = stress(&sandbox, &["--count", "300", "--seed", "1", "--jobs", "2"]);
    assert_eq!(code, 1, "{out}");
    let fail = out.lines().find(|l| l.starts_with("FAIL seed ")).unwrap();
    assert!(
        fail.ends_with("WA from the solution; shrinking the input"),
        "{out}"
    );
    out.assert_has("the interactor says:");
    out.assert_has("(no .out: the interactor judges it)");
    let seed = fail.split(' ').nth(2).unwrap().trim_end_matches(':');
    let saved = sandbox
        .root
        .join(format!("judge-data/fake/stress-{seed}.in"));
    let input = fs::read_to_string(&saved).unwrap();
    assert_eq!(input.lines().count(), 1, "not shrunk to one case:\n{input}");
    assert!(input.starts_with("7 "), "{input}");
    assert!(!saved.with_extension("out").exists());

    let wrong = sandbox.root.join("target/release/fake");
    let (code, stdout, _) = sandbox.test_with(&wrong);
    assert_eq!(
        code, 1,
        "the saved case must fail the wrong solution:\n{stdout}"
    );
    let right = SUMS_WRONG.replace("s=$((s + 1))", ":");
    let (code, stdout) = test(&sandbox, &right);
    assert_eq!(code, 0, "{stdout}");
    assert_eq!(stdout.lines().last(), Some("2 passed, 0 failed"));
}

#[test]
fn a_found_case_kept_elsewhere_is_named_with_the_files_it_has() {
    let sandbox = stress_sandbox(SUMS_INTERACTOR);
    let found = sandbox.root.join("target/stress-found");
    let save = ["--save-dir", found.to_str().unwrap()];
    let (code, out) = stress(
        &sandbox,
        &[&["--count", "300", "--seed", "1"][..], &save].concat(),
    );
    assert_eq!(code, 1, "{out}");
    let hint = out
        .lines()
        .find(|l| l.starts_with("keep it as a regression case: "))
        .unwrap_or_else(|| panic!("no hint in:\n{out}"));
    let seed = out
        .lines()
        .find_map(|l| l.strip_prefix("FAIL seed "))
        .unwrap();
    let seed = seed.split(':').next().unwrap();
    // The interactor judges it: an input and no answer.
    assert_eq!(
        hint,
        format!(
            "keep it as a regression case: cp target/stress-found/fake/stress-{seed}.in judge-data/fake/"
        )
    );
    let found = found.join("fake");
    assert!(found.join(format!("stress-{seed}.in")).is_file());
    assert!(!found.join(format!("stress-{seed}.out")).exists());
    // The hint as given keeps a case the wrong solution fails.
    let command = hint.strip_prefix("keep it as a regression case: ").unwrap();
    let kept = Command::new("sh")
        .args(["-c", command])
        .current_dir(&sandbox.root)
        .status()
        .unwrap();
    assert!(kept.success());
    let (code, stdout, _) = sandbox.table_with(&sandbox.root.join("target/release/fake"));
    assert_eq!(code, 1, "{stdout}");
    assert!(stdout.contains(&format!("stress-{seed} ")), "{stdout}");
}

#[test]
fn stress_blames_a_failing_interactor_and_saves_nothing() {
    let broken = SUMS_INTERACTOR.replace(
        "  echo \"$a $b\"",
        "  [ \"$a\" = 9 ] && exit 3\n  echo \"$a $b\"",
    );
    let sandbox = stress_sandbox(&broken);
    let right = SUMS_WRONG.replace("s=$((s + 1))", ":");
    sandbox.program("target/release/fake", &right);
    let (code, out) = stress(&sandbox, &["--count", "100", "--seed", "1"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(
            "the interactor failed (not the solution): the interactor failed (exit status 3)"
        ),
        "{out}"
    );
    out.assert_has("nothing saved");
    let names: Vec<_> = fs::read_dir(sandbox.root.join("judge-data/fake"))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 3, "{names:?}");
}

/// Runs `program args` in `root` with a target folder of its own; the
/// output is printed when it fails.
fn run_in(root: &Path, program: &str, args: &[&str]) -> Output {
    let output = Command::new(program)
        .args(args)
        .current_dir(root)
        .env("CARGO_TARGET_DIR", root.join("target"))
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    if !output.status.success() {
        eprintln!(
            "{program} {args:?}:\n{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
    }
    output
}

#[test]
fn make_new_interactive_scaffolds_a_problem_that_builds_passes_its_sample_and_stresses() {
    // Every tool crate (so the workspace's member list holds wherever it
    // grows), a problem for `problems/*` to match, and the Makefile.
    let copy = common::WorkspaceCopy::new();
    let root = &copy.root;
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    common::copy_tree(&source.join("Makefile"), &root.join("Makefile"));
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let make = |args: &[&str]| {
        let cargo_var = format!("CARGO={cargo}");
        run_in(
            root,
            "make",
            &[&["--no-print-directory", &cargo_var][..], args].concat(),
        )
    };

    let created = make(&["new", "P=cf1000a", "INTERACTIVE=1", "TITLE=Guess"]);
    assert!(created.status.success());
    let config = fs::read_to_string(root.join("judge-data/cf1000a/problem.toml")).unwrap();
    config.assert_has("time = \"cpu\"\ninteractor = \"cf1000a-interactor\"\n");
    let manifest = fs::read_to_string(root.join("problems/cf1000a/Cargo.toml")).unwrap();
    assert!(manifest.contains("name = \"cf1000a-interactor\"\npath = \"src/interactor.rs\""));
    for file in ["src/main.rs", "src/interactor.rs", "src/gen.rs"] {
        let text = fs::read_to_string(root.join("problems/cf1000a").join(file)).unwrap();
        assert!(!text.contains("{{"), "{file}");
    }
    assert!(root.join("target/release/cf1000a-interactor").is_file());

    let judged = make(&["test", "P=cf1000a"]);
    let stdout = String::from_utf8_lossy(&judged.stdout);
    assert!(judged.status.success(), "{stdout}");
    stdout.assert_has("cf1000a    sample-1");
    stdout.assert_last_line("1 passed, 0 failed");

    let stressed = make(&["stress", "P=cf1000a", "N=20", "SEED=1", "JOBS=1"]);
    let stdout = String::from_utf8_lossy(&stressed.stdout);
    assert!(stressed.status.success(), "{stdout}");
    stdout.assert_last_line("20 passed, 0 failed");

    for args in [
        &["test", "--quiet", "-p", "cf1000a"][..],
        &["fmt", "--check", "-p", "cf1000a"],
        &[
            "clippy",
            "--all-targets",
            "-p",
            "cf1000a",
            "--",
            "-D",
            "warnings",
        ],
    ] {
        let output = run_in(root, &cargo, args);
        assert!(output.status.success(), "cargo {args:?}");
    }
    let judge = |args: &[&str]| {
        run_in(
            root,
            root.join("target/release/judge").to_str().unwrap(),
            args,
        )
    };
    assert!(judge(&["submit", "--check", "cf1000a"]).status.success());
    let benched = judge(&["bench", "--smoke", "cf1000a"]);
    assert!(benched.status.success());
    let stdout = String::from_utf8_lossy(&benched.stdout);
    stdout.assert_has("cf1000a: interactive, not benchmarked");
}

#[test]
fn new_refuses_an_interactive_leetcode_problem_or_one_with_a_checker_too() {
    let sandbox = Sandbox::new(LIMITS);
    for args in [
        &["new", "lc9", "--interactive"][..],
        &["new", "cf9a", "--interactive", "--checker"],
    ] {
        let stderr = sandbox.refusal(args);
        stderr.assert_has("--interactive makes a problem");
    }
    assert!(!sandbox.root.join("problems/lc9").exists());
    assert!(!sandbox.root.join("problems/cf9a").exists());
}

#[test]
fn judge_run_talks_through_the_interactor_for_a_case_and_for_a_file() {
    let sandbox = interactive(INTERACTOR, "");
    // The case `add` has no answer file: an interactor needs none.
    fs::remove_file(sandbox.root.join("judge-data/fake/add.out")).unwrap();
    let solution = sandbox.program("solution", SUM);
    let solution = solution.to_str().unwrap();
    let run = |extra: &[&str]| {
        let output = sandbox.judge(&[&["run", "fake", "--bin", solution][..], extra].concat());
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        (output.status.code(), stderr)
    };
    let (code, stderr) = run(&["--case", "add"]);
    assert_eq!(code, Some(0), "{stderr}");
    stderr.assert_has("OK  ");
    // `--in` is the interactor's hidden data, not the solution's input.
    let hidden = sandbox.write("hidden.txt", "40 2\n");
    let (code, stderr) = run(&["--in", hidden.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{stderr}");
    let wrong = sandbox.program("wrong", "read a b; echo $((a * b))");
    let output = sandbox.judge(&[
        "run",
        "fake",
        "--bin",
        wrong.to_str().unwrap(),
        "--in",
        hidden.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    stderr.assert_has("WA");
    stderr.assert_has("wrong answer: expected 42, found 80");
}
