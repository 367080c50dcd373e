//! Compare modes and checker programs, end to end on throw-away workspaces:
//! float tolerance, any-order JSON, each exit code of the testlib and Kattis
//! protocols (a crash is FAIL, blamed on the checker), a real testlib-style
//! checker compiled with g++, and `judge stress` judging by a checker on a
//! problem with many right answers.

mod common;

use common::{outcome, verdict_of, Holds, Sandbox};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

const LIMITS: &str = "time_limit_ms = 2000\nmemory_limit_kib = 262144\n";

/// The verdict row and details of a solution printing `output` to `answer`.
fn judged(toml: &str, answer: &str, output: &str) -> String {
    let sandbox = Sandbox::new(&format!("{LIMITS}{toml}"));
    sandbox.write("judge-data/fake/add.out", answer);
    let program = sandbox.program("sol", &format!("echo '{output}'"));
    let (_, stdout, stderr) = sandbox.test_with(&program);
    assert!(stderr.is_empty(), "{stderr}");
    stdout
}

#[test]
fn float_answers_pass_inside_the_tolerance_and_fail_outside() {
    let float = "compare = \"float\"\nfloat_tolerance = 1e-3\n";
    // Answer 0.5: absolute error up to 1e-3 (relative would allow only 5e-4).
    assert_eq!(verdict_of(&judged(float, "0.5\n", "0.5009")), "AC");
    let stdout = judged(float, "0.5\n", "0.5011");
    assert_eq!(verdict_of(&stdout), "WA", "{stdout}");
    stdout.assert_has("token 1 (line 1 of the answer): expected 0.5, got 0.5011: error 1.10e-3");
    // Answer 2000000: relative error up to 1e-3, that is 2000.
    assert_eq!(verdict_of(&judged(float, "2000000\n", "1998001")), "AC");
    let stdout = judged(float, "2000000\n", "1997999");
    assert_eq!(verdict_of(&stdout), "WA", "{stdout}");
    stdout.assert_has("relative 1.00e-3");
    // The default tolerance is 1e-6, and numbers inside JSON count.
    let default = "compare = \"float\"\n";
    let answer = "[5.0,\"x\"]\n";
    assert_eq!(
        verdict_of(&judged(default, answer, "[5.000004, \"x\"]")),
        "AC"
    );
    assert_eq!(
        verdict_of(&judged(default, answer, "[5.000006,\"x\"]")),
        "WA"
    );
    assert_eq!(verdict_of(&judged(default, answer, "5.0 \"x\"")), "WA");
}

#[test]
fn any_order_answers_are_judged_as_json() {
    let sandbox = Sandbox::new(&format!("{LIMITS}compare = \"any-order\"\n"));
    sandbox.write("judge-data/fake/add.out", "[[\"ate\",\"eat\"],[\"bat\"]]\n");
    let swapped = sandbox.program("swapped", "echo '[[\"bat\"], [\"ate\",\"eat\"]]'");
    let deep = sandbox.program("deep", "echo '[[\"bat\"],[\"eat\",\"ate\"]]'");
    assert_eq!(verdict_of(&sandbox.test_with(&swapped).1), "AC");
    let (_, stdout, _) = sandbox.test_with(&deep);
    assert_eq!(verdict_of(&stdout), "WA", "{stdout}");
    stdout.assert_has("line 1: expected the element [\"ate\",\"eat\"], which is missing");
    sandbox.write(
        "judge-data/fake/problem.toml",
        &format!("{LIMITS}compare = \"any-order-deep\"\n"),
    );
    assert_eq!(verdict_of(&sandbox.test_with(&deep).1), "AC");
}

/// A sandbox whose checker `checkers/check` is `body` under `protocol`, and
/// a solution printing `6` to the answer `5`.
fn with_checker(protocol: &str, body: &str) -> (Sandbox, PathBuf) {
    let sandbox = Sandbox::new(&format!(
        "{LIMITS}checker = \"checkers/check --strict\"\nchecker_protocol = \"{protocol}\"\n"
    ));
    fs::create_dir_all(sandbox.root.join("checkers")).unwrap();
    sandbox.program("checkers/check", body);
    let solution = sandbox.program("sol", "echo 6");
    (sandbox, solution)
}

/// Runs `judge test --format kv` with a private temporary folder; returns (exit code,
/// stdout) after checking the runner left nothing in that folder.
fn test_clean(sandbox: &Sandbox, program: &Path) -> (i32, String) {
    let tmp = sandbox.root.join("tmp");
    fs::create_dir_all(&tmp).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args([
            "--root",
            sandbox.root.to_str().unwrap(),
            "test",
            "fake",
            "--format",
            "kv",
            "--bin",
        ])
        .arg(program)
        .env("NO_COLOR", "1")
        .env("TMPDIR", &tmp)
        .output()
        .unwrap();
    let left: Vec<_> = fs::read_dir(&tmp).unwrap().collect();
    assert!(left.is_empty(), "left behind: {left:?}");
    let (code, stdout, _) = outcome(&output);
    (code, stdout)
}

#[test]
fn testlib_exit_codes_are_verdicts_and_anything_else_is_the_checkers_failure() {
    // The checker sees `--strict <input> <output> <answer>`, and of the
    // workspace only what its command line names.
    let echo_args = "[ \"$1\" = --strict ] && [ ! -d checkers ] || exit 9; \
                     cat \"$2\" \"$3\" \"$4\" >&2;";
    for (exit, verdict) in [
        ("exit 0", "AC"),
        ("exit 1", "WA"),
        ("exit 2", "PE"),
        ("exit 3", "FAIL"),
        ("exit 7", "FAIL"),
        ("kill -SEGV $$", "FAIL"),
    ] {
        let (sandbox, solution) = with_checker(
            "testlib",
            &format!("{echo_args} echo 'wrong answer: the message' >&2; {exit}"),
        );
        let (code, stdout) = test_clean(&sandbox, &solution);
        assert_eq!(verdict_of(&stdout), verdict, "{exit}: {stdout}");
        assert_eq!(code, i32::from(verdict != "AC"), "{stdout}");
        let summary = if verdict == "AC" {
            "1 passed, 0 failed"
        } else {
            "0 passed, 1 failed"
        };
        assert_eq!(stdout.lines().last(), Some(summary), "{stdout}");
        if verdict == "AC" {
            assert!(!stdout.contains("the message"), "{stdout}");
            continue;
        }
        // The input, the output and the answer, in that order, then the message.
        assert!(
            stdout.contains("\n      2 3\n      6\n      5\n      wrong answer: the message\n"),
            "{exit}: {stdout}"
        );
        if verdict == "FAIL" {
            assert!(
                stdout.contains(
                    "the checker failed, not the solution: \"checkers/check --strict\": "
                ),
                "{stdout}"
            );
        }
    }
    let (sandbox, solution) = with_checker("testlib", "kill -SEGV $$");
    let (_, stdout) = test_clean(&sandbox, &solution);
    stdout.assert_has("killed by signal 11 (SIGSEGV)");
}

#[test]
fn kattis_exit_codes_are_verdicts_and_the_judge_message_is_shown() {
    // The validator sees `--strict <input> <answer> <feedback_dir>/`, the output on stdin.
    let body = "[ \"$1\" = --strict ] || exit 9; read out; \
                echo \"input $(cat \"$2\"), answer $(cat \"$3\"), output $out\" > \"$4judgemessage.txt\";";
    for (exit, verdict) in [
        ("exit 42", "AC"),
        ("exit 43", "WA"),
        ("exit 0", "FAIL"),
        ("exit 1", "FAIL"),
        ("kill -SEGV $$", "FAIL"),
    ] {
        let (sandbox, solution) = with_checker("kattis", &format!("{body} {exit}"));
        let (code, stdout) = test_clean(&sandbox, &solution);
        assert_eq!(verdict_of(&stdout), verdict, "{exit}: {stdout}");
        assert_eq!(code, i32::from(verdict != "AC"), "{stdout}");
        if verdict != "AC" {
            assert!(
                stdout.contains("input 2 3, answer 5, output 6"),
                "{exit}: {stdout}"
            );
        }
        if verdict == "FAIL" {
            stdout.assert_has("(no Kattis verdict)");
        }
    }
}

/// `judge test` of `program` with a Kattis checker running `body`, which
/// must end within 20 s (else it is killed and the test fails): its exit
/// code and stdout.
fn kattis_within_deadline(body: &str) -> (i32, String) {
    let (sandbox, solution) = with_checker("kattis", body);
    let out = sandbox.root.join("stdout");
    let mut child = Command::new(env!("CARGO_BIN_EXE_judge"))
        .arg("--root")
        .arg(&sandbox.root)
        .args(["test", "fake", "--format", "kv", "--bin"])
        .arg(&solution)
        .env("NO_COLOR", "1")
        .stdout(fs::File::create(&out).unwrap())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > std::time::Duration::from_secs(20) {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("judge test still runs after 20 s: {body}");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    let stdout = String::from_utf8_lossy(&fs::read(&out).unwrap()).into_owned();
    (status.code().unwrap_or(-1), stdout)
}

#[test]
fn a_feedback_file_the_validator_made_a_link_fifo_or_device_is_not_read() {
    let secret_dir = common::temp_path("judge-secret");
    fs::create_dir_all(&secret_dir).unwrap();
    let secret = secret_dir.join("id_rsa");
    fs::write(&secret, "PRIVATE-KEY-LINE-1\nPRIVATE-KEY-LINE-2\n").unwrap();
    let secret = secret.display().to_string();
    for (body, file) in [
        (
            format!("ln -s '{secret}' \"$4judgemessage.txt\"; exit 43"),
            "judgemessage.txt",
        ),
        (
            format!("ln -s '{secret}' \"$4judgemessage.txt\"; exit 42"),
            "judgemessage.txt",
        ),
        (
            "mkfifo \"$4judgemessage.txt\"; exit 43".to_string(),
            "judgemessage.txt",
        ),
        (
            "ln -s /dev/zero \"$4judgemessage.txt\"; exit 43".to_string(),
            "judgemessage.txt",
        ),
        ("mkfifo \"$4score.txt\"; exit 42".to_string(), "score.txt"),
        (
            "ln -s /dev/zero \"$4score.txt\"; exit 42".to_string(),
            "score.txt",
        ),
        (
            "head -c 70000 /dev/zero > \"$4judgemessage.txt\"; exit 43".to_string(),
            "judgemessage.txt",
        ),
    ] {
        let (code, stdout) = kattis_within_deadline(&body);
        assert_eq!((code, verdict_of(&stdout)), (1, "FAIL"), "{body}: {stdout}");
        assert!(!stdout.contains("PRIVATE-KEY"), "{body}: {stdout}");
        assert!(
            stdout.contains(&format!("/{file}")) && stdout.contains("it is not"),
            "{body}: {stdout}"
        );
    }
    fs::remove_dir_all(&secret_dir).unwrap();
}

#[test]
fn a_nextpass_in_the_validator_made_a_link_is_not_followed() {
    let secret_dir = common::temp_path("judge-secret");
    fs::create_dir_all(&secret_dir).unwrap();
    let secret = secret_dir.join("secret");
    fs::write(&secret, "41\n").unwrap();
    let sandbox = Sandbox::new(&format!(
        "{LIMITS}checker = \"checkers/passes\"\nchecker_protocol = \"kattis\"\n\
         validation_passes = 3\n"
    ));
    fs::create_dir_all(sandbox.root.join("checkers")).unwrap();
    let link = format!("ln -s '{}' \"$3nextpass.in\"; exit 42", secret.display());
    sandbox.program("checkers/passes", &link);
    let sol = sandbox.program("sol", "read a b; echo $((a + b))");
    let (code, stdout, stderr) = sandbox.test_with(&sol);
    assert_eq!((code, verdict_of(&stdout)), (1, "FAIL"), "{stdout}{stderr}");
    stdout.assert_has("/nextpass.in: the file is a symlink (it is not followed)");
    fs::remove_dir_all(&secret_dir).unwrap();
}

/// The FAIL of a checker running `body` under the helper limit `limit`.
fn past_helper_limit(limit: &str, body: &str) -> String {
    let (sandbox, solution) = with_checker("testlib", body);
    sandbox.write(
        "judge-data/fake/problem.toml",
        &format!("{LIMITS}checker = \"checkers/check --strict\"\n{limit}\n"),
    );
    let (code, stdout) = test_clean(&sandbox, &solution);
    assert_eq!((code, verdict_of(&stdout)), (1, "FAIL"), "{stdout}");
    stdout
}

#[test]
fn a_checker_past_its_memory_or_time_limit_fails_naming_the_limit() {
    // `tail` keeps every byte of a stream with no newline.
    let stdout = past_helper_limit("helper_memory_limit_mib = 64", "tail /dev/zero");
    assert!(
        stdout.contains(
            "the checker failed, not the solution: \"checkers/check --strict\": \
             used over its 64 MiB of memory (helper_memory_limit_mib)"
        ),
        "{stdout}"
    );
    let stdout = past_helper_limit("helper_time_limit_ms = 500", "sleep 5");
    stdout.assert_has(": ran past its 500 ms limit (helper_time_limit_ms)");
}

#[test]
fn a_helper_limit_that_is_no_positive_number_is_refused_in_one_line() {
    let (sandbox, solution) = with_checker("testlib", "exit 0");
    sandbox.write(
        "judge-data/fake/problem.toml",
        &format!("{LIMITS}helper_memory_limit_mib = 2GiB\n"),
    );
    let (code, _, stderr) = sandbox.test_with(&solution);
    assert_eq!(code, 2, "{stderr}");
    assert_eq!(
        stderr,
        format!(
            "judge: fake: {}: `helper_memory_limit_mib` must be a positive whole number, \
             found \"2GiB\"\n",
            sandbox.root.join("judge-data/fake/problem.toml").display()
        )
    );
}

#[test]
fn a_checker_writing_past_its_file_limit_fails_naming_the_limit() {
    let stdout = past_helper_limit(
        "helper_file_limit_mib = 16",
        "exec head -c 32M /dev/zero > \"$3.big\"",
    );
    stdout.assert_has(": wrote a file past its 16 MiB limit (helper_file_limit_mib)");
}

#[test]
fn a_missing_checker_is_a_setup_error() {
    let (sandbox, solution) = with_checker("testlib", "exit 0");
    fs::remove_file(sandbox.root.join("checkers/check")).unwrap();
    let (code, _, stderr) = sandbox.test_with(&solution);
    assert_eq!(code, 2, "{stderr}");
    stderr.assert_has("no file checkers/check");
    sandbox.write(
        "judge-data/fake/problem.toml",
        &format!("{LIMITS}checker = \"fake-check\"\n"),
    );
    let (code, _, stderr) = sandbox.test_with(&solution);
    assert_eq!(code, 2, "{stderr}");
    stderr.assert_has("fake-check is missing: run `make` first");
}

/// A testlib-style checker in C++ for the answer `5` given as "a number
/// within 0.1 of the answer": reads all three files as testlib does.
const CPP_CHECKER: &str = r#"
#include <cmath>
#include <cstdio>
#include <fstream>
int main(int argc, char **argv) {
    if (argc != 4) { std::fprintf(stderr, "usage: check in out ans\n"); return 3; }
    std::ifstream in(argv[1]), out(argv[2]), ans(argv[3]);
    long a, b; double got, want;
    if (!(in >> a >> b) || !(ans >> want)) { std::fprintf(stderr, "bad files\n"); return 3; }
    if (!(out >> got)) { std::fprintf(stderr, "wrong output format: no number\n"); return 2; }
    if (std::fabs(got - want) > 0.1 || std::fabs(want - (a + b)) > 0) {
        std::fprintf(stderr, "wrong answer: expected %g, found %g\n", want, got);
        return 1;
    }
    std::fprintf(stderr, "ok %g\n", got);
    return 0;
}
"#;

#[test]
fn a_compiled_testlib_style_checker_judges_unchanged() {
    let sandbox = Sandbox::new(&format!("{LIMITS}checker = \"./checkers/near\"\n"));
    fs::create_dir_all(sandbox.root.join("checkers")).unwrap();
    let source = sandbox.write("checkers/near.cpp", CPP_CHECKER);
    if !common::have("g++") {
        return;
    }
    let compiled = Command::new("g++")
        .arg("-O2")
        .arg("-o")
        .arg(sandbox.root.join("checkers/near"))
        .arg(&source)
        .output()
        .unwrap();
    assert!(compiled.status.success(), "{compiled:?}");
    for (prints, verdict) in [("5.05", "AC"), ("5.2", "WA"), ("five", "PE")] {
        let solution = sandbox.program("sol", &format!("echo {prints}"));
        let (_, stdout) = test_clean(&sandbox, &solution);
        assert_eq!(verdict_of(&stdout), verdict, "{prints}: {stdout}");
    }
    let solution = sandbox.program("sol", "echo 5.2");
    assert!(test_clean(&sandbox, &solution)
        .1
        .contains("wrong answer: expected 5, found 5.2"));
}

/// A testlib-style checker in C++ that scores as testlib's `quitp` does:
/// the answer is full marks, one less is `points 2.5` (exit 7, the line on
/// stderr), anything else wrong.
const CPP_POINTS_CHECKER: &str = r#"
#include <cstdio>
#include <fstream>
int main(int argc, char **argv) {
    std::ifstream out(argv[2]), ans(argv[3]);
    long got, want;
    if (!(ans >> want)) { std::fprintf(stderr, "FAIL no answer\n"); return 3; }
    if (!(out >> got)) { std::fprintf(stderr, "wrong output format no number\n"); return 2; }
    if (got == want) { std::fprintf(stderr, "ok\n"); return 0; }
    if (got == want - 1) { std::fprintf(stderr, "points 2.5 one short\n"); return 7; }
    std::fprintf(stderr, "wrong answer %ld\n", got);
    return 1;
}
"#;

#[test]
fn a_testlib_points_exit_is_an_accepted_case_scoring_its_points() {
    let sandbox = Sandbox::new(&format!(
        "{LIMITS}checker = \"./checkers/points\"\nscoring = true\n\
         group.data.cases = [\"add\"]\ngroup.data.accept_score = 10\n"
    ));
    fs::create_dir_all(sandbox.root.join("checkers")).unwrap();
    let source = sandbox.write("checkers/points.cpp", CPP_POINTS_CHECKER);
    if !common::have("g++") {
        return;
    }
    let compiled = Command::new("g++")
        .arg("-o")
        .arg(sandbox.root.join("checkers/points"))
        .arg(&source)
        .output()
        .unwrap();
    assert!(compiled.status.success(), "{compiled:?}");
    for (prints, verdict, score) in [("5", "AC", "10"), ("4", "AC", "2.5"), ("3", "WA", "0")] {
        let solution = sandbox.program("sol", &format!("echo {prints}"));
        let (_, stdout) = test_clean(&sandbox, &solution);
        assert_eq!(verdict_of(&stdout), verdict, "{prints}: {stdout}");
        assert!(
            stdout
                .lines()
                .any(|l| l == format!("score: {score} (data)")),
            "{prints}: {stdout}"
        );
    }
}

// Stress on a problem with many right answers: per line a number n (2..=9),
// then a line `0`; print any permutation of 1..n that moves every element.

const STRESS_TOML: &str = "stress_case_lines = 1\nstress_terminator = \"0\"\n\
                           checker = \"./derangement\"\n";
/// Rotates left: 2 3 ... n 1.
const BRUTE: &str =
    "awk '$1 == 0 { exit } { for (i = 2; i <= $1; i++) printf \"%d \", i; print 1 }'";
/// Rotates right: n 1 2 ... n-1, right but never the brute force's answer.
const CORRECT: &str =
    "awk '$1 == 0 { exit } { printf \"%d\", $1; for (i = 1; i < $1; i++) printf \" %d\", i; print \"\" }'";
/// Right but for n = 5, where it prints 1..n in order: a planted bug.
const WRONG: &str = "awk '$1 == 0 { exit } $1 == 5 { print \"1 2 3 4 5\"; next } \
    { printf \"%d\", $1; for (i = 1; i < $1; i++) printf \" %d\", i; print \"\" }'";
const GEN: &str = "awk -v seed=\"$1\" -v size=\"${2:-20}\" 'BEGIN { srand(seed); \
    n = 1 + int(rand() * size); for (i = 0; i < n; i++) print 2 + int(rand() * 8); print 0 }'";
/// testlib protocol: each output line a permutation of 1..n with no fixed point.
const DERANGEMENT: &str = "awk 'FNR == NR { if ($1 != 0) n[++cases] = $1; next } \
    { line = FNR; if (NF != n[line]) { print \"line \" line \": expected \" n[line] \" numbers\" > \"/dev/stderr\"; bad = 1; exit 1 } \
      split(\"\", seen); for (i = 1; i <= NF; i++) { \
        if ($i < 1 || $i > NF || ($i in seen) || $i == i) { print \"line \" line \": \" $i \" at \" i > \"/dev/stderr\"; bad = 1; exit 1 } \
        seen[$i] = 1 } } \
    END { if (bad) exit 1; if (line != cases) { print \"expected \" cases \" lines, got \" line > \"/dev/stderr\"; exit 1 } }' \"$1\" \"$2\"";

fn stress_workspace(solution: &str, checker: &str) -> Sandbox {
    let sandbox = Sandbox::new(&format!("{LIMITS}{STRESS_TOML}"));
    for case in ["add.in", "add.out"] {
        fs::remove_file(sandbox.root.join("judge-data/fake").join(case)).unwrap();
    }
    sandbox.write("judge-data/fake/sample.in", "3\n2\n0\n");
    sandbox.write("judge-data/fake/sample.out", "2 3 1\n2 1\n");
    fs::create_dir_all(sandbox.root.join("target/release")).unwrap();
    sandbox.program("target/release/fake", solution);
    sandbox.program("target/release/fake-brute", BRUTE);
    sandbox.program("target/release/fake-gen", GEN);
    sandbox.program("derangement", checker);
    sandbox
}

fn stress(sandbox: &Sandbox, args: &[&str]) -> (i32, String) {
    let output = sandbox.judge(&[&["stress", "fake"], args].concat());
    let (code, stdout, stderr) = outcome(&output);
    (code, stdout + &stderr)
}

fn saved_cases(sandbox: &Sandbox) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = fs::read_dir(sandbox.root.join("judge-data/fake"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.to_string_lossy().contains("stress-"))
        .collect();
    found.sort();
    found
}

#[test]
fn stress_judges_by_the_checker_and_saves_a_case_the_right_answers_pass() {
    let sandbox = stress_workspace(CORRECT, DERANGEMENT);
    let (code, out) = stress(&sandbox, &["--count", "30", "--seed", "3"]);
    assert_eq!(
        code, 0,
        "a right answer unlike the brute force's passes:\n{out}"
    );
    // stderr follows stdout here: a progress line (every 5 s) may end it.
    assert!(
        out.lines().any(|line| line == "30 passed, 0 failed"),
        "{out}"
    );

    sandbox.program("target/release/fake", WRONG);
    let (code, out) = stress(&sandbox, &["--count", "300", "--seed", "3"]);
    assert_eq!(code, 1, "{out}");
    out.assert_has(": WA from the solution; shrinking the input");
    out.assert_has("the checker says:\n  line 1: 1 at 1");
    let files = saved_cases(&sandbox);
    assert_eq!(files.len(), 2, "{out}");
    assert_eq!(
        fs::read_to_string(&files[0]).unwrap(),
        "5\n0\n",
        "not shrunk:\n{out}"
    );
    assert_eq!(fs::read_to_string(&files[1]).unwrap(), "2 3 4 5 1\n");

    let wrong = sandbox.root.join("target/release/fake");
    let (code, stdout) = test_clean(&sandbox, &wrong);
    assert_eq!(code, 1, "the saved case fails the planted bug:\n{stdout}");
    let correct = sandbox.program("correct", CORRECT);
    let (code, stdout) = test_clean(&sandbox, &correct);
    assert_eq!(code, 0, "{stdout}");
    stdout.assert_last_line("2 passed, 0 failed");
    // Byte for byte, the right answer is not the brute force's.
    sandbox.write(
        "judge-data/fake/problem.toml",
        &format!("{LIMITS}compare = \"tokens\"\n"),
    );
    assert_eq!(test_clean(&sandbox, &correct).0, 1);
}

#[test]
fn stress_saves_nothing_a_checker_cannot_judge() {
    // A checker that finds fault with every output, the brute force's too.
    let sandbox = stress_workspace(CORRECT, "echo 'wrong answer: never' >&2; exit 1");
    let (code, out) = stress(&sandbox, &["--count", "5", "--seed", "3"]);
    assert_eq!(code, 1, "{out}");
    out.assert_has("nothing saved: the brute force's answer judged against itself is WA");
    assert!(saved_cases(&sandbox).is_empty(), "{out}");

    let sandbox = stress_workspace(CORRECT, "echo 'cannot open' >&2; exit 3");
    let (code, out) = stress(&sandbox, &["--count", "5", "--seed", "3"]);
    assert_eq!(code, 1, "{out}");
    out.assert_has(": the checker failed, not the solution: \"./derangement\": exit status 3");
    out.assert_has("nothing saved: the checker must judge the case first");
    assert!(!out.contains("shrinking"), "{out}");
    assert!(saved_cases(&sandbox).is_empty(), "{out}");
}

#[test]
fn a_checker_source_is_compiled_with_its_headers_and_gets_the_validator_flags() {
    if !common::have("g++") {
        return;
    }
    let sandbox = Sandbox::new(&format!(
        "{LIMITS}checker = \"pkg/validator/check.cpp\"\nchecker_protocol = \"kattis\"\n\
         validator_flags = [\"want\", \"5\"]\n"
    ));
    fs::create_dir_all(sandbox.root.join("pkg/validator")).unwrap();
    // A header beside the source, as a package's validate.h or testlib.h is.
    sandbox.write(
        "pkg/validator/verdicts.h",
        "#define ACCEPT 42\n#define REJECT 43\n",
    );
    sandbox.write(
        "pkg/validator/check.cpp",
        "#include <cstdio>\n#include <cstring>\n#include <cstdlib>\n#include \"verdicts.h\"\n\
         int main(int argc, char **argv) {\n  long got;\n  if (argc != 6 || strcmp(argv[4], \"want\")) return 1;\n\
         \x20 if (scanf(\"%ld\", &got) != 1) return REJECT;\n  return got == atol(argv[5]) ? ACCEPT : REJECT;\n}\n",
    );
    let right = sandbox.program("right", "echo 5");
    let wrong = sandbox.program("wrong", "echo 6");
    let (code, stdout, stderr) = sandbox.test_with(&right);
    assert_eq!(code, 0, "{stdout}{stderr}");
    stderr.assert_has("compiling g++");
    assert_eq!(verdict_of(&sandbox.test_with(&wrong).1), "WA");
    // Compiled once.
    assert!(!sandbox.test_with(&right).2.contains("compiling"));
}

/// A multi-pass problem: each pass the solution prints its input plus one;
/// the validator asks for another pass until it sees `4`, counting passes
/// in its feedback folder; its input file is the pass's (the case's, then
/// the nextpass.in it wrote), of which the output is one more.
fn multi_pass(passes: u32) -> (i32, String) {
    let sandbox = Sandbox::new(&format!(
        "{LIMITS}checker = \"checkers/passes\"\nchecker_protocol = \"kattis\"\n\
         validation_passes = {passes}\n"
    ));
    sandbox.write("judge-data/fake/add.in", "1\n");
    sandbox.write("judge-data/fake/add.out", "4\n");
    fs::create_dir_all(sandbox.root.join("checkers")).unwrap();
    sandbox.program(
        "checkers/passes",
        "read got\necho pass >> \"$3count\"\n[ \"$got\" = $(($(cat \"$1\") + 1)) ] || exit 1\n\
         if [ \"$got\" = \"$(cat \"$2\")\" ]; then\n  [ \"$(wc -l < \"$3count\")\" -eq 3 ] && exit 42\n\
         \x20 echo \"count is off\" > \"$3judgemessage.txt\"; exit 43\nfi\n\
         echo \"$got\" > \"$3nextpass.in\"\nexit 42",
    );
    let sol = sandbox.program("sol", "read n; echo $((n + 1))");
    let (code, stdout, stderr) = sandbox.test_with(&sol);
    (code, format!("{stdout}{stderr}"))
}

#[test]
fn a_multi_pass_run_feeds_nextpass_in_back_with_the_feedback_folder_kept() {
    let (code, output) = multi_pass(3);
    assert_eq!(code, 0, "{output}");
    let (code, output) = multi_pass(2);
    assert_eq!(code, 1, "{output}");
    assert_eq!(verdict_of(&output), "FAIL", "{output}");
    output.assert_has("the validator wrote nextpass.in after pass 2");
}
