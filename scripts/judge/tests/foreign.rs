//! Source files as programs: a seed-style C++ solution judged straight from
//! its `.cpp` gets the Rust solution's verdicts, a Python brute force works in
//! `judge stress`, Java finds its main class, compile errors and missing
//! compilers are setup errors, non-ASCII spaces are cleaned, and a source is
//! compiled once. Where a compiler is missing, its test says so and returns.

mod common;

use common::Sandbox;
use std::fs;
use std::path::Path;
use std::process::{Command, Output, Stdio};

const TOML: &str = "time_limit_ms = 5000\nmemory_limit_kib = 1048576\n";

/// POJ 1143 as the seeds are written: `in.txt` is read unless the judge
/// defines ONLINE_JUDGE, so a build without the judge's flags answers nothing.
const POJ1143_CPP: &str = r#"#include <cstdio>
static signed char memo[1 << 21];

static int after(int mask, int x) {
    mask &= ~(1 << x);
    for (int y = x + 1; y <= 20; y++)
        if ((mask >> y & 1) && y - x >= 2 && !(mask >> (y - x) & 1)) mask &= ~(1 << y);
    return mask;
}

static bool wins(int mask) {
    if (memo[mask]) return memo[mask] > 0;
    bool win = false;
    for (int x = 2; x <= 20 && !win; x++)
        if ((mask >> x & 1) && !wins(after(mask, x))) win = true;
    memo[mask] = win ? 1 : -1;
    return win;
}

int main() {
#ifndef ONLINE_JUDGE
    freopen("in.txt", "r", stdin);
#endif
    int k, t = 0;
    while (scanf("%d", &k) == 1 && k) {
        int mask = 0;
        for (int i = 0; i < k; i++) { int a; scanf("%d", &a); mask |= 1 << a; }
        printf("Test Case #%d\n", ++t);
        int moves[20], n = 0;
        for (int x = 2; x <= 20; x++)
            if ((mask >> x & 1) && !wins(after(mask, x))) moves[n++] = x;
        if (n == 0) printf("There's no winning move.\n");
        else {
            printf("The winning moves are:");
            for (int i = 0; i < n; i++) printf(" %d", moves[i]);
            printf("\n");
        }
        printf("\n");
    }
    return 0;
}
"#;

/// True when `tool` runs; else prints why the test is skipped.
fn have(tool: &str) -> bool {
    let found = Command::new(tool)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok();
    if !found {
        println!("skipped: {tool} is not installed");
    }
    found
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// (case, verdict) for every row of a `judge test` table.
fn verdicts(output: &Output) -> Vec<(String, String)> {
    text(&output.stdout)
        .lines()
        .skip(1)
        .map(|line| line.split_whitespace().collect::<Vec<_>>())
        .filter(|words| words.len() > 3 && words[0] == "poj1143")
        .map(|words| (words[1].to_string(), words[2].to_string()))
        .collect()
}

/// Builds under the sandbox's `target/foreign/`: (kept builds, temporary folders).
fn builds(sandbox: &Sandbox) -> (usize, usize) {
    let entries: Vec<String> = fs::read_dir(sandbox.root.join("target/foreign"))
        .map(|dir| {
            dir.map(|e| e.unwrap().file_name().into_string().unwrap())
                .collect()
        })
        .unwrap_or_default();
    let temporary = entries.iter().filter(|n| n.starts_with(".tmp-")).count();
    (entries.len() - temporary, temporary)
}

#[test]
fn a_seed_style_cpp_file_gets_the_rust_solutions_verdicts() {
    if !have("g++") {
        return;
    }
    let sandbox = Sandbox::new(TOML);
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../judge-data/poj1143");
    fs::create_dir_all(sandbox.root.join("judge-data/poj1143")).unwrap();
    for entry in fs::read_dir(&data).unwrap() {
        let path = entry.unwrap().path();
        fs::copy(
            &path,
            sandbox
                .root
                .join("judge-data/poj1143")
                .join(path.file_name().unwrap()),
        )
        .unwrap();
    }
    let cpp = sandbox.write("solution.cpp", POJ1143_CPP);
    let rust = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../problems/poj1143/src/main.rs");
    let from_cpp = sandbox.judge(&["test", "poj1143", "--bin", cpp.to_str().unwrap()]);
    let from_rust = sandbox.judge(&["test", "poj1143", "--bin", rust.to_str().unwrap()]);
    let stderr = text(&from_cpp.stderr);
    assert_eq!(
        from_cpp.status.code(),
        Some(0),
        "{}{stderr}",
        text(&from_cpp.stdout)
    );
    assert!(
        stderr.contains("compiling g++ -O2 -std=c++17 -DONLINE_JUDGE"),
        "{stderr}"
    );
    let cases = verdicts(&from_cpp);
    assert!(cases.len() >= 7, "{cases:?}");
    assert!(
        cases.iter().all(|(_, verdict)| verdict == "AC"),
        "{cases:?}"
    );
    assert_eq!(cases, verdicts(&from_rust), "{}", text(&from_rust.stderr));
    assert_eq!(builds(&sandbox), (2, 0));

    // Compiled once: the second run starts the kept build.
    let again = sandbox.judge(&["test", "poj1143/sample", "--bin", cpp.to_str().unwrap()]);
    assert_eq!(again.status.code(), Some(0));
    assert!(
        !text(&again.stderr).contains("compiling"),
        "{}",
        text(&again.stderr)
    );
    assert_eq!(builds(&sandbox), (2, 0));
}

#[test]
fn a_python_brute_force_works_in_stress() {
    if !have("python3") {
        return;
    }
    let sandbox = Sandbox::new(TOML);
    let sol = sandbox.program("sol", "read a b; echo $((a + b))");
    let gen = sandbox.program(
        "gen",
        "awk -v seed=\"$1\" 'BEGIN { srand(seed); print int(rand() * 100), int(rand() * 100) }'",
    );
    let brute = sandbox.write(
        "brute.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    let stress = |sol: &Path| {
        sandbox.judge(&[
            "stress",
            "fake",
            "--count",
            "20",
            "--seed",
            "3",
            "--jobs",
            "2",
            "--sol",
            sol.to_str().unwrap(),
            "--brute",
            brute.to_str().unwrap(),
            "--gen",
            gen.to_str().unwrap(),
        ])
    };
    let output = stress(&sol);
    let stdout = text(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{stdout}{}",
        text(&output.stderr)
    );
    assert_eq!(stdout.lines().last(), Some("20 passed, 0 failed"));
    // The Python answers are really compared: a wrong solution is caught.
    let wrong = sandbox.program("wrong", "read a b; echo $((a + b + 1))");
    let output = stress(&wrong);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stdout));
    assert!(text(&output.stdout).contains("WA from the solution"));
}

#[test]
fn compile_errors_and_missing_compilers_are_setup_errors() {
    if !have("g++") || !have("python3") {
        return;
    }
    let sandbox = Sandbox::new(TOML);
    let bad = sandbox.write("bad.cpp", "int main() { return undeclared; }\n");
    let (code, _, stderr) = sandbox.test_with(&bad);
    assert_eq!(code, 2, "{stderr}");
    let first = stderr.lines().find(|l| l.contains("does not compile"));
    assert!(
        first.is_some_and(|l| l.contains(bad.to_str().unwrap())),
        "{stderr}"
    );
    assert!(stderr.contains("undeclared"), "{stderr}");
    assert!(!stderr.contains("target/foreign"), "{stderr}");
    let bad = sandbox.write("bad.py", "print((1)\n");
    let (code, _, stderr) = sandbox.test_with(&bad);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("bad.py does not compile"), "{stderr}");
    // Nothing half-made is left behind by a failed compile.
    assert_eq!(builds(&sandbox), (0, 0));

    let good = sandbox.write("good.c", "int main(void) { return 0; }\n");
    let output = Command::new(env!("CARGO_BIN_EXE_judge"))
        .arg("--root")
        .arg(&sandbox.root)
        .args(["test", "fake", "--bin", good.to_str().unwrap()])
        .env("PATH", sandbox.root.join("no-such-folder"))
        .output()
        .unwrap();
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("needs gcc, which is not installed"),
        "{stderr}"
    );
}

#[test]
fn java_runs_the_class_with_main_and_non_ascii_spaces_are_cleaned() {
    if !have("javac") || !have("java") {
        return;
    }
    let sandbox = Sandbox::new(TOML);
    // Named unlike its public class, with a helper class before main and a
    // no-break space (U+00A0) copied from a web page.
    let java = sandbox.write(
        "add.java",
        "import java.util.*;\n\
         public class Adder {\n\
         \x20   static class Reader { Scanner in = new Scanner(System.in); }\n\
         \x20   public static void main(String[] args) {\n\
         \x20       Reader r = new Reader();\n\
         \x20       long a = r.in.nextLong(),\u{a0}b = r.in.nextLong();\n\
         \x20       System.out.println(a + b);\n\
         \x20   }\n\
         }\n",
    );
    let (code, stdout, stderr) = sandbox.test_with(&java);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stderr.contains("non-ASCII spaces (U+00A0) on line 6 made plain spaces"),
        "{stderr}"
    );
    assert_eq!(stdout.lines().last(), Some("1 passed, 0 failed"));
}
