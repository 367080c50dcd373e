//! `judge stress` on a throw-away workspace whose problem `fake` adds two
//! numbers per line until a line `0`, with shell-script programs: it passes a
//! correct pair, finds and shrinks a planted bug, saves a case that `judge
//! test` then fails, and blames a failing brute force or generator correctly.

mod common;

use common::{outcome, Holds, Sandbox};
use std::fs;
use std::path::PathBuf;

const TOML: &str = "time_limit_ms = 2000\nmemory_limit_kib = 262144\n\
                    stress_case_lines = 1\nstress_terminator = \"0\"\n";
const BRUTE: &str = "awk '$0 == \"0\" { exit } { print $1 + $2 }'";
const CORRECT: &str = "while read a b; do [ \"$a $b\" = \"0 \" ] && break; echo $((a + b)); done";
/// Wrong only when the first number is 7 and the second above 4: one line in 20.
const WRONG: &str =
    "awk '$0 == \"0\" { exit } { s = $1 + $2; if ($1 == 7 && $2 > 4) s++; print s }'";
/// Up to `size` (default 30) lines of two digits, then `0`.
const GEN: &str = "awk -v seed=\"$1\" -v size=\"${2:-30}\" 'BEGIN { srand(seed); \
    n = 1 + int(rand() * size); \
    for (i = 0; i < n; i++) print int(rand() * 10), int(rand() * 10); print 0 }'";

/// A sandbox with `target/release/fake`, `fake-brute` and `fake-gen`.
fn workspace(toml: &str, solution: &str, brute: &str, gen: &str) -> Sandbox {
    let sandbox = Sandbox::new(toml);
    fs::create_dir_all(sandbox.root.join("target/release")).unwrap();
    sandbox.program("target/release/fake", solution);
    sandbox.program("target/release/fake-brute", brute);
    sandbox.program("target/release/fake-gen", gen);
    sandbox
}

/// Runs `judge stress fake <args>`; returns (exit code, stdout, stderr).
fn stress(sandbox: &Sandbox, args: &[&str]) -> (i32, String, String) {
    let output = sandbox.judge(&[&["stress", "fake"], args].concat());
    outcome(&output)
}

/// The `stress-*.in` files saved in `judge-data/fake`.
fn saved(sandbox: &Sandbox) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(sandbox.root.join("judge-data/fake"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| {
            let name = path.file_name().unwrap().to_str().unwrap();
            name.starts_with("stress-") && name.ends_with(".in")
        })
        .collect();
    files.sort();
    files
}

fn fail_line(stdout: &str) -> &str {
    stdout
        .lines()
        .find(|line| line.starts_with("FAIL seed "))
        .unwrap_or_else(|| panic!("no FAIL line in:\n{stdout}"))
}

#[test]
fn a_correct_pair_passes_and_prints_its_seed_first() {
    let sandbox = workspace(TOML, CORRECT, BRUTE, GEN);
    let (code, stdout, stderr) = stress(&sandbox, &["--count", "40", "--seed", "5"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    // After the line that says what the sandbox contains.
    let mut lines = stdout.lines();
    assert!(
        lines.next().unwrap_or("").starts_with("sandbox: "),
        "{stdout}"
    );
    assert_eq!(lines.next(), Some("seed 5"), "{stdout}");
    stdout.assert_last_line("40 passed, 0 failed");
    assert!(saved(&sandbox).is_empty());
    assert!(!stderr.contains("warning"), "{stderr}");
}

#[test]
fn a_planted_bug_is_found_shrunk_and_saved_as_a_failing_case() {
    let sandbox = workspace(TOML, WRONG, BRUTE, GEN);
    let (code, stdout, stderr) = stress(&sandbox, &["--count", "500", "--seed", "1"]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(
        fail_line(&stdout).ends_with("WA from the solution; shrinking the input"),
        "{stdout}"
    );
    stdout.assert_has("first difference at line 1");
    assert!(stdout.ends_with(" passed, 1 failed\n"), "{stdout}");

    let files = saved(&sandbox);
    assert_eq!(files.len(), 1, "{stdout}");
    let input = fs::read_to_string(&files[0]).unwrap();
    let lines: Vec<&str> = input.lines().collect();
    assert_eq!(
        lines.len(),
        2,
        "not shrunk to one case and the terminator:\n{input}"
    );
    assert!(lines[0].starts_with("7 ") && lines[1] == "0", "{input}");
    let answer = fs::read_to_string(files[0].with_extension("out")).unwrap();
    let numbers: Vec<u32> = lines[0].split(' ').map(|n| n.parse().unwrap()).collect();
    assert_eq!(answer, format!("{}\n", numbers[0] + numbers[1]));

    let seed = fail_line(&stdout)
        .split(' ')
        .nth(2)
        .unwrap()
        .trim_end_matches(':');
    assert!(
        stdout.contains(&format!(
            "reproduce: target/release/judge stress fake --seed {seed} --count 1\n"
        )),
        "{stdout}"
    );
    assert!(files[0].ends_with(format!("stress-{seed}.in")), "{files:?}");

    let wrong = sandbox.root.join("target/release/fake");
    let (code, out, _) = sandbox.test_with(&wrong);
    assert_eq!(
        code, 1,
        "the saved case must fail the wrong solution:\n{out}"
    );
    let correct = sandbox.program("correct", CORRECT);
    let (code, out, _) = sandbox.test_with(&correct);
    assert_eq!(code, 0, "{out}");
    out.assert_last_line("2 passed, 0 failed");
}

#[test]
fn a_saved_case_is_never_overwritten_and_a_found_one_never_lost() {
    let sandbox = workspace(TOML, WRONG, BRUTE, GEN);
    let args = ["--count", "500", "--seed", "1"];
    stress(&sandbox, &args);
    let file = saved(&sandbox)[0].clone();
    let answer = file.with_extension("out");
    fs::write(&answer, "kept by hand\n").unwrap();
    let (code, stdout, stderr) = stress(&sandbox, &args);
    assert_eq!(code, 1, "{stdout}");
    stderr.assert_has("already exists; the input in full:");
    let input = fs::read_to_string(&file).unwrap();
    assert!(stderr.ends_with(&input), "{stderr}");
    assert_eq!(fs::read_to_string(&answer).unwrap(), "kept by hand\n");
    assert!(!stdout.contains("make test P=fake"), "{stdout}");
}

#[test]
fn cases_are_dropped_when_smaller_sizes_do_not_help() {
    // Always 40 lines of the same length, whatever the size: only dropping
    // cases can make this input smaller.
    let fixed = GEN.replace("1 + int(rand() * size)", "40");
    let sandbox = workspace(TOML, WRONG, BRUTE, &fixed);
    let (code, stdout, _) = stress(&sandbox, &["--count", "200", "--seed", "9"]);
    assert_eq!(code, 1, "{stdout}");
    stdout.assert_has("  kept 1 of its 40 cases\n");
    stdout.assert_has("  shrunk from 162 to 6 bytes\n");
}

#[test]
fn a_count_header_is_rewritten_and_the_input_shrunk_to_the_one_failing_case() {
    // Codeforces' layout: the number of cases, then the cases; 40 of them
    // whatever the size, so only dropping cases makes the input smaller.
    let toml = "time_limit_ms = 2000\nmemory_limit_kib = 262144\nstress_header = \"count\"\n";
    let gen = "awk -v seed=\"$1\" 'BEGIN { srand(seed); print 40; \
        for (i = 0; i < 40; i++) print int(rand() * 10), int(rand() * 10) }'";
    let brute = "awk 'NR == 1 { t = $1; next } NR <= t + 1 { print $1 + $2 }'";
    // It trusts the count: a count left at 40 over fewer cases is no longer
    // the failure found.
    let wrong = "awk 'NR == 1 { t = $1; next } NR <= t + 1 { s = $1 + $2; \
        if ($1 == 7 && $2 > 4) s++; print s } END { if (NR != t + 1) exit 3 }'";
    let sandbox = workspace(toml, wrong, brute, gen);
    let (code, stdout, stderr) = stress(&sandbox, &["--count", "200", "--seed", "9"]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    stdout.assert_has("  kept 1 of its 40 cases\n");
    let files = saved(&sandbox);
    assert_eq!(files.len(), 1, "{stdout}");
    let input = fs::read_to_string(&files[0]).unwrap();
    let lines: Vec<&str> = input.lines().collect();
    assert_eq!(lines.len(), 2, "{input}");
    assert_eq!(lines[0], "1", "the count says one case:\n{input}");
    assert!(lines[1].starts_with("7 "), "{input}");
    let numbers: Vec<u32> = lines[1].split(' ').map(|n| n.parse().unwrap()).collect();
    let answer = fs::read_to_string(files[0].with_extension("out")).unwrap();
    assert_eq!(answer, format!("{}\n", numbers[0] + numbers[1]));
}

#[test]
fn without_a_layout_only_sizes_shrink() {
    let sandbox = workspace(
        "time_limit_ms = 2000\nmemory_limit_kib = 262144\n",
        WRONG,
        BRUTE,
        GEN,
    );
    let (code, stdout, _) = stress(&sandbox, &["--count", "500", "--seed", "1"]);
    assert_eq!(code, 1, "{stdout}");
    assert!(!stdout.contains("cases"), "{stdout}");
    stdout.assert_has("with --size ");
    assert_eq!(saved(&sandbox).len(), 1);
}

#[test]
fn the_first_failing_seed_is_reported_even_when_a_later_one_fails_sooner() {
    // Every answer is wrong, and even seeds take longer to get wrong: with two
    // jobs, seed 1001 fails before seed 1000 has finished.
    let gen = "echo \"$1 1\"; echo 0";
    let wrong = "read a b; [ $((a % 2)) = 0 ] && sleep 0.5; echo $((a + b + 1))";
    let one = workspace(TOML, wrong, BRUTE, gen);
    let two = workspace(TOML, wrong, BRUTE, gen);
    let args = ["--count", "10", "--seed", "1000"];
    let (_, serial, _) = stress(&one, &[&args[..], &["--jobs", "1"]].concat());
    let (_, parallel, _) = stress(&two, &[&args[..], &["--jobs", "2"]].concat());
    assert!(
        fail_line(&serial).starts_with("FAIL seed 1000: WA"),
        "{serial}"
    );
    assert!(
        fail_line(&parallel).starts_with("FAIL seed 1000: WA"),
        "{parallel}"
    );
    parallel.assert_last_line("0 passed, 1 failed");
    assert!(saved(&two)[0].ends_with("stress-1000.in"));
}

#[test]
fn a_failing_brute_force_is_blamed_and_nothing_is_saved() {
    let brute = "awk '$0 == \"0\" { exit } $1 == 7 && $2 > 4 { exit 3 } { print $1 + $2 }'";
    let sandbox = workspace(TOML, CORRECT, brute, GEN);
    let (code, stdout, _) = stress(&sandbox, &["--count", "500", "--seed", "1"]);
    assert_eq!(code, 1, "{stdout}");
    assert!(
        fail_line(&stdout).contains("the brute force failed (not the solution): exit status 3"),
        "{stdout}"
    );
    stdout.assert_has("nothing saved");
    assert!(saved(&sandbox).is_empty());
}

#[test]
fn a_failing_generator_is_blamed() {
    let sandbox = workspace(TOML, CORRECT, BRUTE, "echo 'bad size' >&2; exit 4");
    let (code, stdout, _) = stress(&sandbox, &["--count", "5", "--seed", "1"]);
    assert_eq!(code, 1, "{stdout}");
    let line = fail_line(&stdout);
    assert!(line.contains("the generator failed"), "{stdout}");
    assert!(line.contains("fake-gen 1`: exit status 4"), "{stdout}");
    stdout.assert_has("bad size");
}

#[test]
fn a_generator_that_ignores_its_seed_fails_the_run_naming_it() {
    let sandbox = workspace(TOML, CORRECT, BRUTE, "echo '1 2'; echo 0");
    let (code, stdout, stderr) = stress(&sandbox, &["--count", "5", "--seed", "1"]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    stdout.assert_has(
        "the generator printed the same input for seeds 1 to 5: it ignores its seed, \
         so nothing could fail but that one input; write problems/fake/src/gen.rs",
    );
    assert!(!stdout.contains(" passed, 0 failed"), "{stdout}");
    // One seed has nothing to compare with: the command that reproduces a failure.
    let (code, stdout, _) = stress(&sandbox, &["--count", "1", "--seed", "1"]);
    assert_eq!(code, 0, "{stdout}");
}

#[test]
fn commands_replace_the_built_programs_and_the_time_limit_applies() {
    let sandbox = workspace(TOML, CORRECT, BRUTE, GEN);
    let slow = "sleep 5; cat";
    let (code, stdout, _) = stress(
        &sandbox,
        &[
            "--count",
            "3",
            "--seed",
            "1",
            "--time-limit",
            "100",
            "--sol",
            slow,
        ],
    );
    assert_eq!(code, 1, "{stdout}");
    assert!(
        fail_line(&stdout).contains("TLE from the solution"),
        "{stdout}"
    );
    stdout.assert_has("--count 1 --time-limit 100 --sol 'sleep 5; cat'\n");
}

#[test]
fn setup_errors_exit_2() {
    let sandbox = workspace(TOML, CORRECT, BRUTE, GEN);
    fs::remove_file(sandbox.root.join("target/release/fake-brute")).unwrap();
    let (code, _, stderr) = stress(&sandbox, &["--count", "5"]);
    assert_eq!(code, 2);
    stderr.assert_has("target/release/fake-brute is missing: run `make`");
    let (code, _, stderr) = stress(&sandbox, &["--jobs", "0", "--brute", BRUTE]);
    assert_eq!(code, 2);
    stderr.assert_has("--jobs");
    let (code, _, stderr) = stress(&sandbox, &["--time-limit", "0", "--brute", BRUTE]);
    assert_eq!(code, 2);
    stderr.assert_has("--time-limit must be at least 1 ms");
    let huge = ["--time-limit", "18446744073709551615", "--brute", BRUTE];
    let (code, _, stderr) = stress(&sandbox, &huge);
    assert_eq!(code, 2, "{stderr}");
    stderr.assert_has("--time-limit must be at most 3600000 ms");
    assert!(saved(&sandbox).is_empty());

    let stderr = sandbox.refusal(&["stress", "nope"]);
    stderr.assert_has("unknown problem \"nope\"; known problems: fake");
}

/// Every file under `dir` with its bytes, sorted.
fn snapshot(dir: &std::path::Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(snapshot(&path));
        } else {
            let bytes = fs::read(&path).unwrap();
            files.push((path, bytes));
        }
    }
    files.sort();
    files
}

#[test]
fn several_problems_are_each_stressed_and_found_cases_kept_out_of_judge_data() {
    // As `make check` runs it: `fake` and `bad` are wrong, `good` after them is right.
    let sandbox = workspace(TOML, WRONG, BRUTE, GEN);
    for (id, solution) in [("bad", WRONG), ("good", CORRECT)] {
        fs::create_dir_all(sandbox.root.join("judge-data").join(id)).unwrap();
        sandbox.write(&format!("judge-data/{id}/problem.toml"), TOML);
        sandbox.program(&format!("target/release/{id}"), solution);
        sandbox.program(&format!("target/release/{id}-brute"), BRUTE);
        sandbox.program(&format!("target/release/{id}-gen"), GEN);
    }
    let before = snapshot(&sandbox.root.join("judge-data"));
    let found = sandbox.root.join("target/stress-found");
    let output = sandbox.judge(&[
        "stress",
        "bad",
        "fake",
        "good",
        "--count",
        "300",
        "--seed",
        "1",
        "--save-dir",
        found.to_str().unwrap(),
    ]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    stdout.assert_last_line("failing problems: bad, fake");
    let good = stdout.split("stress good\n").nth(1).unwrap_or_default();
    assert!(good.contains("300 passed, 0 failed"), "{stdout}");
    assert_eq!(snapshot(&sandbox.root.join("judge-data")), before);

    for id in ["bad", "fake"] {
        let kept: Vec<PathBuf> = fs::read_dir(found.join(id))
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .collect();
        assert_eq!(kept.len(), 2, "{kept:?}");
        let input = kept
            .iter()
            .find(|p| p.extension().unwrap() == "in")
            .unwrap();
        let name = input.file_stem().unwrap().to_str().unwrap();
        assert!(input.with_extension("out").is_file());
        let cp = format!(
            "keep it as a regression case: cp target/stress-found/{id}/{name}.{{in,out}} judge-data/{id}/\n"
        );
        assert!(stdout.contains(&cp), "{stdout}");
    }
}

#[test]
fn the_programs_of_one_problem_cannot_be_given_for_several() {
    let sandbox = workspace(TOML, CORRECT, BRUTE, GEN);
    let (code, _, stderr) = stress(&sandbox, &["fake", "--sol", "cat"]);
    assert_eq!(code, 2);
    stderr.assert_has("stress one problem");
}

#[test]
fn programs_that_cannot_start_are_setup_errors_and_nothing_is_saved() {
    let sandbox = workspace(TOML, WRONG, BRUTE, GEN);
    sandbox.write("broken.rs", "fn main() { undefined }\n");
    let broken = sandbox.root.join("broken.rs");
    for (option, program, said) in [
        ("--sol", "nosuch.cpp", "no program nosuch.cpp: no such file"),
        ("--brute", "nosuch.py", "no program nosuch.py: no such file"),
        ("--gen", "./nosuch", "no program ./nosuch: no such file"),
        ("--sol", "nosuch-command", "no such command in PATH"),
        (
            "--sol",
            "nosuch-command 1",
            "`nosuch-command 1` could not start",
        ),
        (
            "--brute",
            "nosuch-command 1",
            "`nosuch-command 1` could not start",
        ),
        (
            "--sol",
            broken.to_str().unwrap(),
            "broken.rs does not compile",
        ),
    ] {
        let (code, stdout, stderr) =
            stress(&sandbox, &["--count", "5", "--seed", "1", option, program]);
        assert_eq!(code, 2, "{option} {program}:\n{stdout}{stderr}");
        assert!(stderr.contains(said), "{option} {program}:\n{stderr}");
        assert!(!stdout.contains("FAIL"), "{stdout}");
        assert!(saved(&sandbox).is_empty(), "{option} {program}:\n{stdout}");
    }
    // judge test: refused before any case runs.
    let output = sandbox.judge(&["test", "fake", "--bin", "nosuch.cpp"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(2), "{stdout}");
    assert!(!stdout.contains("add "), "no case ran:\n{stdout}");
}

/// Runs `judge stress fake <args>` outside the sandbox, where a program may
/// leave a trace of its runs, and checks it left no process behind; returns
/// (exit code, stdout, stderr).
fn stress_unconfined(sandbox: &Sandbox, args: &[&str]) -> (i32, String, String) {
    let probe = common::probe();
    let output = sandbox
        .command(&probe, &[&["stress", "fake"], args].concat())
        .env("JUDGE_SANDBOX", "portable")
        .output()
        .unwrap();
    assert_eq!(common::survivors(&probe), Vec::<String>::new());
    outcome(&output)
}

const WALL_TOML: &str = "time_limit_ms = 1500\nmemory_limit_kib = 262144\ntime = \"wall\"\n\
                         stress_case_lines = 1\nstress_terminator = \"0\"\n";

#[test]
fn a_tle_with_cpu_time_far_below_the_limit_is_run_again_before_it_counts() {
    // Right, but the first run stalls as on a loaded machine: a TLE with no
    // CPU time, in time when run again. One job: no other stress run shares
    // the cores, and still the TLE is not to be trusted.
    let sandbox = workspace(WALL_TOML, CORRECT, BRUTE, GEN);
    let marker = sandbox.root.join("stalled");
    let stalls_once = format!(
        "if [ ! -e '{}' ]; then : > '{0}'; sleep 4; fi; {CORRECT}",
        marker.display()
    );
    sandbox.program("target/release/fake", &stalls_once);
    let args = ["--count", "5", "--seed", "1", "--jobs", "1"];
    let (code, stdout, stderr) = stress_unconfined(&sandbox, &args);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(marker.exists(), "the first run stalled");
    stdout.assert_has("the machine was too loaded to tell at seed 1: a TLE, then in time");
    stderr.assert_has("note: seed 1: TLE (wall time");
    stdout.assert_last_line("4 passed, 0 failed");
    assert!(saved(&sandbox).is_empty(), "{stdout}");
}

#[test]
fn a_tle_that_reproduces_when_run_again_is_saved() {
    let toml = WALL_TOML.replace("1500", "200");
    let sandbox = workspace(&toml, &format!("sleep 1; {CORRECT}"), BRUTE, GEN);
    let args = ["--count", "5", "--seed", "1", "--jobs", "1"];
    let (code, stdout, stderr) = stress(&sandbox, &args);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(
        fail_line(&stdout).contains("TLE from the solution"),
        "{stdout}"
    );
    stdout.assert_has("  the TLE reproduced when run again alone\n");
    assert_eq!(saved(&sandbox).len(), 1, "{stdout}");
}

#[test]
fn an_untouched_scaffold_is_refused_naming_the_placeholder_to_write() {
    let copy = common::WorkspaceCopy::new();
    assert!(common::succeeded(&copy.judge(&["new", "lc23"])));
    let built = copy.cargo(&["build", "--release", "-p", "lc23"]);
    assert!(common::succeeded(&built), "{}", common::text(&built.stderr));
    let stress = |args: &[&str]| outcome(&copy.judge(&[&["stress", "lc23"][..], args].concat()));
    let (code, stdout, stderr) = stress(&["--count", "20", "--seed", "1"]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    stdout.assert_has("problems/lc23/src/brute.rs is still the scaffold's placeholder (line ");
    stdout.assert_has("problems/lc23/src/gen.rs is still the scaffold's placeholder (line ");
    assert!(!stdout.contains(" passed, 0 failed"), "{stdout}");

    // Written (here: the marker lines gone), the pair is stressed.
    for file in ["brute", "gen"] {
        let path = copy.root.join(format!("problems/lc23/src/{file}.rs"));
        let text = fs::read_to_string(&path).unwrap();
        let kept: Vec<&str> = text
            .lines()
            .filter(|line| !line.contains("scaffold-placeholder"))
            .collect();
        fs::write(&path, kept.join("\n") + "\n").unwrap();
    }
    let (code, stdout, stderr) = stress(&["--count", "20", "--seed", "1"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    stdout.assert_last_line("20 passed, 0 failed");
}

#[test]
fn make_stress_and_make_test_take_sol_brute_and_gen_sources_too() {
    if !common::have("g++") {
        return;
    }
    let copy = common::WorkspaceCopy::new();
    let made = copy.make(&["new", "P=cf1a"]);
    assert!(common::succeeded(&made));
    // The generator written: the skeleton's input, a number, is the problem's.
    let gen = copy.root.join("problems/cf1a/src/gen.rs");
    let text = fs::read_to_string(&gen).unwrap();
    let kept: Vec<&str> = text
        .lines()
        .filter(|line| !line.contains("scaffold-placeholder"))
        .collect();
    fs::write(&gen, kept.join("\n") + "\n").unwrap();
    // The skeleton solution prints the number it reads; so does the right
    // brute force, the wrong one one more.
    let brute = "#include <iostream>\nint main() { long long n; std::cin >> n; \
                 std::cout << n + OFFSET << '\\n'; }\n";
    fs::write(copy.root.join("right.cpp"), brute.replace("OFFSET", "0")).unwrap();
    fs::write(copy.root.join("wrong.cpp"), brute.replace("OFFSET", "1")).unwrap();

    let run = |args: &[&str]| outcome(&copy.make(args));
    fs::write(copy.root.join("judge-data/cf1a/one.in"), "3\n").unwrap();
    fs::write(copy.root.join("judge-data/cf1a/one.out"), "3\n").unwrap();
    let (code, stdout, stderr) = run(&["test", "P=cf1a", "BRUTE=right.cpp"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(!stderr.contains("unknown make variable"), "{stderr}");
    stdout.assert_last_line("1 passed, 0 failed");
    let (code, stdout, _) = run(&["test", "P=cf1a", "SOL=wrong.cpp"]);
    assert_ne!(code, 0, "{stdout}");
    stdout.assert_last_line("0 passed, 1 failed");

    let (code, stdout, stderr) = run(&["stress", "P=cf1a", "BRUTE=right.cpp", "N=20", "SEED=1"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(!stderr.contains("unknown make variable"), "{stderr}");
    stdout.assert_last_line("20 passed, 0 failed");
    let (code, stdout, _) = run(&["stress", "P=cf1a", "BRUTE=wrong.cpp", "N=20", "SEED=1"]);
    assert_ne!(code, 0, "{stdout}");
    fail_line(&stdout).assert_has("WA from the solution");
    let (code, stdout, stderr) = run(&[
        "stress",
        "P=cf1a",
        "SOL=wrong.cpp",
        "BRUTE=right.cpp",
        "GEN=target/release/cf1a-gen",
        "N=5",
        "SEED=7",
    ]);
    assert_ne!(code, 0, "{stdout}{stderr}");
    stdout.assert_has("BIN=wrong.cpp");
}
