//! `judge mutants` on a throw-away workspace whose problem `fake` says `big`
//! for each number from 10 up and `small` below. Its stored cases never hold
//! a 10, so the mutants `x > 10` and `x >= 11` survive them; stress kills
//! both, and `--save` keeps the input that did as one case, which then
//! fails the mutant and passes the solution. Bad input gets one line.

mod common;

use common::{outcome, probe, survivors, Holds, Sandbox, PROBE_VARIABLE};
use std::fs;
use std::path::Path;
use std::process::Command;

const TOML: &str = "time_limit_ms = 2000\nmemory_limit_kib = 262144\n";
const SOLUTION: &str = "use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    for x in input.split_whitespace() {
        let x: u32 = x.parse().unwrap();
        println!(\"{}\", if x >= 10 { \"big\" } else { \"small\" });
    }
}
";
const BRUTE: &str = "awk '{ for (i = 1; i <= NF; i++) print ($i >= 10 ? \"big\" : \"small\") }'";
/// Up to eight numbers in 0..=20.
const GEN: &str = "awk -v seed=\"$1\" 'BEGIN { srand(seed); n = 1 + int(rand() * 8); \
    for (i = 0; i < n; i++) print int(rand() * 21) }'";

/// The sandbox: the Rust solution, shell brute force and generator, and
/// stored cases without a 10 (a 9 and a 20 among them).
fn workspace() -> Sandbox {
    let sandbox = Sandbox::new(TOML);
    fs::remove_file(sandbox.root.join("judge-data/fake/add.in")).unwrap();
    fs::remove_file(sandbox.root.join("judge-data/fake/add.out")).unwrap();
    fs::create_dir_all(sandbox.root.join("problems/fake/src")).unwrap();
    fs::create_dir_all(sandbox.root.join("target/release")).unwrap();
    sandbox.write("problems/fake/src/main.rs", SOLUTION);
    sandbox.write("problems/fake/src/brute.rs", "fn main() {}\n");
    sandbox.program("target/release/fake-brute", BRUTE);
    sandbox.program("target/release/fake-gen", GEN);
    sandbox.write("judge-data/fake/small.in", "3\n9\n0\n");
    sandbox.write("judge-data/fake/small.out", "small\nsmall\nsmall\n");
    sandbox.write("judge-data/fake/big.in", "15\n20\n");
    sandbox.write("judge-data/fake/big.out", "big\nbig\n");
    sandbox
}

/// `judge <args>` in the sandbox, marked with `probe`: (exit code, stdout, stderr).
fn judge(sandbox: &Sandbox, probe: &str, args: &[&str]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_judge"))
        .arg("--root")
        .arg(&sandbox.root)
        .args(args)
        .env("NO_COLOR", "1")
        .env(PROBE_VARIABLE, probe)
        .output()
        .unwrap();
    outcome(&output)
}

/// The `mutant-*.in` cases in `judge-data/fake`.
fn saved(root: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(root.join("judge-data/fake"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with("mutant-") && name.ends_with(".in"))
        .collect();
    names.sort();
    names
}

#[test]
fn a_mutant_the_cases_miss_is_killed_by_stress_and_saved_as_a_case_that_kills_it() {
    let sandbox = workspace();
    let probe = probe();
    let args = ["mutants", "fake", "--count", "200", "--jobs", "2"];
    let (code, stdout, stderr) = judge(&sandbox, &probe, &args);
    assert_eq!(code, 0, "{stdout}{stderr}");
    // `x >= 9` fails the 9; `x > 10` and `x >= 11` see no 10.
    stdout.assert_has("fake: 3 mutants of problems/fake/src/main.rs\n");
    stdout.assert_has("stored cases: 1 of 3 killed (33.3%): WA 1\n");
    stdout.assert_has("2 of 2 survivors killed (WA 2)\n");
    stdout.assert_has("score: 33.3% by the stored cases, 100.0% with stress");
    let diff = "    -        println!(\"{}\", if x >= 10 { \"big\" } else { \"small\" });\n    \
                +        println!(\"{}\", if x > 10 { \"big\" } else { \"small\" });\n";
    let stress_part = &stdout[stdout.find("killed only by stress:").expect(&stdout)..];
    assert!(stress_part.contains(diff), "{stdout}");
    stdout.assert_has("cases that kill no mutant: big\n");
    stdout.assert_has("not saved: make mutants P=fake SAVE=1");
    assert!(saved(&sandbox.root).is_empty());
    let report = fs::read_to_string(sandbox.root.join("target/mutants.md")).unwrap();
    assert!(report.contains("| `println!(\"{}\", if x > 10 { \"big\" } else { \"small\" });` |"));

    let (code, stdout, stderr) = judge(&sandbox, &probe, &[&args[..], &["--save"]].concat());
    assert_eq!(code, 0, "{stdout}{stderr}");
    // Both survivors fall to one input holding a 10: it is saved once.
    let cases = saved(&sandbox.root);
    assert_eq!(cases.len(), 1, "{stdout}");
    assert!(
        stdout.contains(&format!("saved judge-data/fake/{}", cases[0])),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("the same input as {}", cases[0])),
        "{stdout}"
    );
    let input = fs::read_to_string(sandbox.root.join("judge-data/fake").join(&cases[0])).unwrap();
    assert!(input.split_whitespace().any(|x| x == "10"), "{input}");
    let answer_path = sandbox
        .root
        .join("judge-data/fake")
        .join(cases[0].replace(".in", ".out"));
    let answer = fs::read_to_string(answer_path).unwrap();
    let expected: String = input
        .split_whitespace()
        .map(|x| {
            if x.parse::<u32>().unwrap() >= 10 {
                "big\n"
            } else {
                "small\n"
            }
        })
        .collect();
    assert_eq!(answer, expected);

    let mutant = sandbox.write("mutant.rs", &SOLUTION.replace("x >= 10", "x > 10"));
    let (code, stdout, _) = judge(
        &sandbox,
        &probe,
        &["test", "fake", "--bin", mutant.to_str().unwrap()],
    );
    assert_eq!(code, 1, "{stdout}");
    let row = stdout
        .lines()
        .find(|l| l.contains("mutant-"))
        .expect(&stdout);
    assert!(row.contains(" WA "), "{stdout}");
    let real = sandbox.root.join("problems/fake/src/main.rs");
    let (code, stdout, _) = judge(
        &sandbox,
        &probe,
        &["test", "fake", "--bin", real.to_str().unwrap()],
    );
    assert_eq!(code, 0, "{stdout}");

    // Now the stored cases kill every mutant, and nothing more is saved.
    let (code, stdout, _) = judge(&sandbox, &probe, &[&args[..], &["--save"]].concat());
    assert_eq!(code, 0, "{stdout}");
    stdout.assert_has("stored cases: 3 of 3 killed (100.0%)");
    assert_eq!(saved(&sandbox.root), cases);
    assert_eq!(survivors(&probe), Vec::<String>::new());
}

#[test]
fn bad_input_gets_one_line_exit_2_and_nothing_written() {
    let probe = probe();
    let no_brute = workspace();
    fs::remove_file(no_brute.root.join("problems/fake/src/brute.rs")).unwrap();
    fs::remove_file(no_brute.root.join("target/release/fake-brute")).unwrap();
    let no_cases = workspace();
    for name in ["small.in", "small.out", "big.in", "big.out"] {
        fs::remove_file(no_cases.root.join("judge-data/fake").join(name)).unwrap();
    }
    let interactive = workspace();
    interactive.write(
        "judge-data/fake/problem.toml",
        &format!("{TOML}interactor = \"fake-brute\"\n"),
    );
    for (sandbox, expected) in [
        (&no_brute, "has no brute force"),
        (&no_cases, "has no cases"),
        (&interactive, "is interactive"),
    ] {
        let (code, stdout, stderr) = judge(sandbox, &probe, &["mutants", "fake"]);
        assert_eq!(code, 2, "{stdout}{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(expected), "{stderr}");
        assert!(!sandbox.root.join("target/mutants.md").exists());
        assert!(!sandbox.root.join("target/mutants").exists());
    }
    assert_eq!(survivors(&probe), Vec::<String>::new());
}

/// Stress goes round the bench sizes too: a bound at 1000 that the
/// generator's own small inputs never reach falls to its `<seed> 2000`
/// input, and a bench size past what the brute force answers in time is
/// left out.
#[test]
fn a_gap_only_the_bench_sizes_reach_is_found_at_those_sizes() {
    let sandbox = workspace();
    let solution = SOLUTION.replace("x >= 10", "x >= 1000");
    sandbox.write("problems/fake/src/main.rs", &solution);
    sandbox.write(
        "judge-data/fake/problem.toml",
        &format!("{TOML}bench.n = [10, 2000]\nbench.huge = [50000000]\n"),
    );
    sandbox.write("judge-data/fake/big.in", "2000\n");
    sandbox.write("judge-data/fake/big.out", "big\n");
    // `<seed>`: up to eight numbers under 21; `<seed> <size>`: 0 to size - 1.
    sandbox.program(
        "target/release/fake-gen",
        &format!("if [ -n \"$2\" ]; then seq 0 $(($2 - 1)); else {GEN}; fi"),
    );
    sandbox.program(
        "target/release/fake-brute",
        &BRUTE.replace(">= 10", ">= 1000"),
    );
    let probe = probe();
    let args = ["mutants", "fake", "--count", "30", "--jobs", "2"];
    let (code, stdout, stderr) = judge(&sandbox, &probe, &args);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stdout.contains("stored cases: 0 of 3 killed"), "{stdout}");
    assert!(
        stdout.contains("at sizes the generator's, 10, 2000: 3 of 3 survivors killed (WA 3)\n"),
        "{stdout}"
    );
    assert!(stdout.contains(" at seed 3 with --size 2000"), "{stdout}");
    assert_eq!(survivors(&probe), Vec::<String>::new());
}
