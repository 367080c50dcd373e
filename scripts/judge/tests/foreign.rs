//! Source files as programs: a seed-style C++ solution judged straight from
//! its `.cpp` gets the Rust solution's verdicts, a Python brute force works in
//! `judge stress`, Java finds its main class, compile errors and missing
//! compilers are setup errors, non-ASCII spaces are cleaned, and a source is
//! compiled once. Where a compiler is missing, its test says so and returns.

mod common;

use common::{field, have, sandbox_with, success_stdout, text, Holds, Sandbox};
use std::fs;
use std::path::Path;
use std::process::{Command, Output};

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

/// (case, verdict) for every case of a `judge test --format kv` run.
fn verdicts(output: &Output) -> Vec<(String, String)> {
    text(&output.stdout)
        .lines()
        .filter(|line| line.starts_with("problem=poj1143 "))
        .map(|line| (field(line, "case").into(), field(line, "verdict").into()))
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
    let judged = |bin: &Path| {
        let bin = bin.to_str().unwrap();
        sandbox.judge(&["test", "poj1143", "--bin", bin, "--format", "kv"])
    };
    let (from_cpp, from_rust) = (judged(&cpp), judged(&rust));
    success_stdout(&from_cpp);
    let stderr = text(&from_cpp.stderr);
    stderr.assert_has("compiling g++ -O2 -std=gnu++23 -DONLINE_JUDGE");
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
    stderr.assert_has("undeclared");
    assert!(!stderr.contains("target/foreign"), "{stderr}");
    let bad = sandbox.write("bad.py", "print((1)\n");
    let (code, _, stderr) = sandbox.test_with(&bad);
    assert_eq!(code, 2, "{stderr}");
    stderr.assert_has("bad.py does not compile");
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
    stderr.assert_has("needs gcc, which is not installed");
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
    stderr.assert_has("non-ASCII spaces (U+00A0) on line 6 made plain spaces");
    assert_eq!(stdout.lines().last(), Some("1 passed, 0 failed"));
}

/// `judge test fake --bin <path>` on the sandbox's `2 3` → `5` case.
fn judged(sandbox: &Sandbox, path: &Path) -> (i32, String) {
    let (code, stdout, stderr) = sandbox.test_with(path);
    (code, format!("{stdout}{stderr}"))
}

#[test]
fn a_run_time_error_names_the_user_s_file_not_the_copy_compiled() {
    let sandbox = Sandbox::new(TOML);
    let path = sandbox.write("re_panic.rs", "fn main() {\n    panic!(\"boom\");\n}\n");
    let (code, output) = judged(&sandbox, &path);
    assert_eq!(code, 1, "{output}");
    assert!(
        output.contains(&format!("{}:2:5", path.display())),
        "{output}"
    );
    assert!(!output.contains(".build-"), "{output}");
    if !have("g++") {
        return;
    }
    let path = sandbox.write(
        "re_assert.cpp",
        "#include <cassert>\nint main() { assert(1 == 2); }\n",
    );
    let (code, output) = judged(&sandbox, &path);
    assert_eq!(code, 1, "{output}");
    assert!(
        output.contains(&format!("{}:2", path.display())),
        "{output}"
    );
}

#[test]
fn every_cpp_ending_of_the_format_is_cpp() {
    let Some(sandbox) = sandbox_with(&["g++"], TOML) else {
        return;
    };
    // `bool` and `<iostream>` are C++; gcc would refuse them.
    let source =
        "#include <iostream>\nint main() { long a, b; bool ok = true; std::cin >> a >> b; \
                  if (ok) std::cout << a + b << std::endl; }\n";
    for name in ["sum.cxx", "sum.c++", "sum.C", "sum.cc"] {
        let path = sandbox.write(name, source);
        let (code, output) = judged(&sandbox, &path);
        assert_eq!(code, 0, "{name}: {output}");
        assert!(output.contains("compiling g++"), "{name}: {output}");
    }
}

#[test]
fn a_folder_of_cpp_sources_is_one_program_with_its_headers() {
    let Some(sandbox) = sandbox_with(&["g++"], TOML) else {
        return;
    };
    fs::create_dir_all(sandbox.root.join("multi/lib")).unwrap();
    sandbox.write("multi/lib/add.h", "long add(long a, long b);\n");
    sandbox.write(
        "multi/add.cpp",
        "#include \"lib/add.h\"\nlong add(long a, long b) { return a + b; }\n",
    );
    sandbox.write(
        "multi/main.cpp",
        "#include <cstdio>\n#include \"lib/add.h\"\nint main() { long a, b; scanf(\"%ld %ld\", &a, &b); \
         printf(\"%ld\\n\", add(a, b)); }\n",
    );
    sandbox.write("multi/README", "not a source\n");
    let (code, output) = judged(&sandbox, &sandbox.root.join("multi"));
    assert_eq!(code, 0, "{output}");
    // A broken file is named by its place in the folder.
    sandbox.write(
        "multi/add.cpp",
        "long add(long a, long b) { return a + ; }\n",
    );
    let (code, output) = judged(&sandbox, &sandbox.root.join("multi"));
    assert_eq!(code, 2, "{output}");
    output.assert_has("multi/add.cpp:1");
}

#[test]
fn java_with_packages_runs_its_main_class() {
    let Some(sandbox) = sandbox_with(&["javac", "java"], TOML) else {
        return;
    };
    fs::create_dir_all(sandbox.root.join("jfolder/se/kth")).unwrap();
    sandbox.write(
        "jfolder/se/kth/Sum.java",
        "package se.kth;\npublic class Sum { public static long of(long a, long b) { return a + b; } }\n",
    );
    sandbox.write(
        "jfolder/se/kth/Main.java",
        "package se.kth;\nimport java.util.Scanner;\npublic class Main {\n  public static void main(String[] x) {\n\
         \x20   Scanner in = new Scanner(System.in);\n    System.out.println(Sum.of(in.nextLong(), in.nextLong()));\n  }\n}\n",
    );
    let (code, output) = judged(&sandbox, &sandbox.root.join("jfolder"));
    assert_eq!(code, 0, "{output}");
    // One file with a package declaration.
    let single = sandbox.write(
        "Packaged.java",
        "package contest.a;\nimport java.util.*;\npublic class Packaged { public static void main(String[] x) {\n\
         Scanner in = new Scanner(System.in); System.out.println(in.nextLong() + in.nextLong()); } }\n",
    );
    let (code, output) = judged(&sandbox, &single);
    assert_eq!(code, 0, "{output}");
}

#[test]
fn a_python_folder_runs_its_main_file_and_python_2_runs_where_installed() {
    let Some(sandbox) = sandbox_with(&["python3"], TOML) else {
        return;
    };
    fs::create_dir_all(sandbox.root.join("py")).unwrap();
    sandbox.write("py/adding.py", "def add(a, b):\n    return a + b\n");
    sandbox.write(
        "py/solve.py",
        "import adding\nif __name__ == '__main__':\n    a, b = map(int, input().split())\n    print(adding.add(a, b))\n",
    );
    let (code, output) = judged(&sandbox, &sandbox.root.join("py"));
    assert_eq!(code, 0, "{output}");
    let python2 = sandbox.write(
        "two.py",
        "#!/usr/bin/env python2\nimport sys\na, b = map(int, sys.stdin.read().split())\nprint a + b\n",
    );
    let (code, output) = judged(&sandbox, &python2);
    if judge_core::process::sources::languages::python2().is_none() {
        println!("skipped: no python2 here");
        output.assert_has("needs python2, which is not installed");
        return;
    }
    assert_eq!(code, 0, "{output}");
    output.assert_has("compiling python2 -m py_compile");
}

#[test]
fn a_folder_with_build_and_run_scripts_is_built_and_run_by_them() {
    let sandbox = Sandbox::new(TOML);
    fs::create_dir_all(sandbox.root.join("scripted")).unwrap();
    sandbox.write(
        "scripted/build",
        "printf '#!/bin/sh\\nread a b; echo $((a + b))\\n' > run\nchmod +x run\n",
    );
    let (code, output) = judged(&sandbox, &sandbox.root.join("scripted"));
    assert_eq!(code, 0, "{output}");
    output.assert_has("with its build script");
}

#[test]
fn other_languages_run_where_their_compiler_is_installed_and_are_named_where_not() {
    let sandbox = Sandbox::new(TOML);
    for (name, source, tool) in [
        ("sum.js", "const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\nconsole.log(a + b);\n", "node"),
        ("sum.kt", "fun main() { val (a, b) = readLine()!!.trim().split(\" \").map { it.toLong() }; println(a + b) }\n", "kotlinc"),
        ("sum.go", "package main\nimport \"fmt\"\nfunc main() { var a, b int; fmt.Scan(&a, &b); fmt.Println(a + b) }\n", "go"),
        ("sum.cs", "using System; class P { static void Main() { var t = Console.ReadLine().Split(' '); \
                    Console.WriteLine(long.Parse(t[0]) + long.Parse(t[1])); } }\n", "mcs"),
        ("sum.rb", "a, b = STDIN.read.split.map(&:to_i)\nputs a + b\n", "ruby"),
    ] {
        let path = sandbox.write(name, source);
        let (code, output) = judged(&sandbox, &path);
        if output.contains(&format!("needs {tool}, which is not installed")) {
            println!("skipped {name}: no {tool} here");
            assert_eq!(code, 2, "{output}");
            continue;
        }
        assert_eq!(code, 0, "{name}: {output}");
    }
}

#[test]
fn a_source_named_by_its_bare_file_name_is_compiled_from_the_current_folder() {
    if !have("g++") {
        return;
    }
    let sandbox = Sandbox::new(TOML);
    sandbox.write(
        "add.cpp",
        "#include <iostream>\nint main() { long long a, b; std::cin >> a >> b; \
         std::cout << a + b << '\\n'; }\n",
    );
    let output = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["test", "fake", "--bin", "add.cpp"])
        .current_dir(&sandbox.root)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let stdout = success_stdout(&output);
    stdout.assert_last_line("1 passed, 0 failed");
}

#[test]
fn cpp_is_compiled_as_gnu_cpp_23_as_problemtools_does() {
    if !have("g++") {
        return;
    }
    let sandbox = Sandbox::new(TOML);
    // `std::ssize` is C++20: NWERC 2022's jury C++ uses it.
    let cpp = sandbox.write(
        "add.cpp",
        "#include <iostream>\n#include <vector>\nint main() {\n    std::vector<long long> v(2);\n    \
         for (auto &x : v) std::cin >> x;\n    long long sum = 0;\n    \
         for (std::ptrdiff_t i = 0; i < std::ssize(v); i++) sum += v[i];\n    \
         std::cout << sum << '\\n';\n}\n",
    );
    let (code, stdout, stderr) = sandbox.table_with(&cpp);
    assert_eq!(code, 0, "{stdout}{stderr}");
    stdout.assert_last_line("1 passed, 0 failed");
    // The g++ here (12 or newer) has gnu++23: nothing to say of another.
    stderr.assert_has("judge: compiling g++ -O2 -std=gnu++23 -DONLINE_JUDGE ");
    assert!(!stderr.contains("no -std="), "{stderr}");
}
