//! `judge bench` on a throw-away workspace whose generator, solution and brute
//! force are shell scripts. Nothing here asserts a speed: only what is run,
//! what is written, and the exit status.

mod common;

use common::{outcome, Holds, Sandbox};
use std::fs;
use std::process::Command;

const LIMITS: &str = "time_limit_ms = 1000\nmemory_limit_kib = 65536\n";
const HEADER: &str = "| series | size | input | output | median | min | memory \
                      | size × | time × | floor | × floor | brute | speedup | limits |";

/// A sandbox with `bench.<series> = <sizes>` lines, a generator printing
/// `<series> <size>` (and logging each call), and the given solution.
fn workspace(series: &str, solution: &str) -> Sandbox {
    let sandbox = Sandbox::new(&format!("{LIMITS}{series}"));
    fs::create_dir_all(sandbox.root.join("target/release")).unwrap();
    sandbox.program(
        "target/release/fake-gen",
        "echo \"$3\" >> \"$(dirname \"$0\")/gen.log\"; echo \"$2 $3\"",
    );
    sandbox.program("target/release/fake", solution);
    sandbox
}

fn read(sandbox: &Sandbox, relative: &str) -> String {
    fs::read_to_string(sandbox.root.join(relative)).unwrap_or_default()
}

/// The programs here count their runs in files: outside the sandbox.
fn run(sandbox: &Sandbox, args: &[&str]) -> (i32, String, String) {
    let output = sandbox.judge_unconfined(args);
    outcome(&output)
}

#[test]
fn smoke_runs_the_smallest_size_of_each_series_once_and_writes_markdown() {
    let sandbox = workspace(
        "bench.n = [100, 10, 1000]\nbench.k = [3]\n",
        "echo run >> \"$(dirname \"$0\")/sol.log\"; cat",
    );
    sandbox.program(
        "target/release/fake-brute",
        "touch \"$(dirname \"$0\")/brute.log\"; cat",
    );
    let (code, stdout, stderr) = run(&sandbox, &["bench", "--smoke"]);
    assert_eq!(code, 0, "{stdout}\n{stderr}");

    let markdown = read(&sandbox, "target/bench.md");
    assert!(markdown.starts_with("# Benchmarks\n"), "{markdown}");
    markdown.assert_has("Smoke run");
    assert!(markdown.contains(&format!("{HEADER}\n")), "{markdown}");
    let rows: Vec<&str> = markdown.lines().filter(|l| l.starts_with("| ")).collect();
    assert_eq!(rows.len(), 4, "header, rule and two rows:\n{markdown}");
    // The solution echoes its input: `k 3\n` is 4 bytes in and out.
    assert!(rows[2].starts_with("| k | 3 | 4 B | 4 B | "), "{markdown}");
    assert!(rows[3].starts_with("| n | 10 | 5 B | 5 B | "), "{markdown}");
    assert!(
        rows[3].ends_with(" | - | - | within |"),
        "no brute in a smoke run"
    );
    assert!(
        stdout
            .lines()
            .any(|l| l.split_whitespace().take(2).eq(["n", "10"])),
        "rows are printed too:\n{stdout}"
    );

    markdown.assert_has("[bench.svg](bench.svg)");
    let plot = read(&sandbox, "target/bench.svg");
    assert!(plot.starts_with("<svg xmlns="), "{plot}");
    assert_eq!(plot.matches("<polyline class=\"series\"").count(), 2);

    assert_eq!(read(&sandbox, "target/bench/fake/n-10.in"), "n 10\n");
    assert_eq!(read(&sandbox, "target/release/sol.log"), "run\nrun\n");
    assert!(!sandbox.root.join("target/release/brute.log").exists());
}

#[test]
fn the_stress_line_times_judge_stress_and_the_loop_with_their_cpu() {
    let sandbox = workspace("bench.n = [10]\n", "cat");
    // Its input is its seed and size, as `judge stress` and the loop give them.
    sandbox.program("target/release/fake-gen", "echo \"$1 $2\"");
    sandbox.program("target/release/fake-brute", "cat");
    let (code, stdout, stderr) = run(&sandbox, &["bench", "--smoke", "fake"]);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let line = stdout
        .lines()
        .find(|l| l.starts_with("stress: "))
        .unwrap_or_else(|| panic!("no stress line:\n{stdout}"));
    line.assert_has(
        "stress: judge stress fake --count 20 --size 10 against a shell loop of gen | sol, \
         gen | brute, cmp: 1 job ",
    );
    // For each count of jobs: `<wall> s (CPU <cpu> s), the loop <wall> s (<cpu> s): <ratio>×`.
    for jobs in [": 1 job ", "; 2 jobs "] {
        let part = &line[line.find(jobs).unwrap_or_else(|| panic!("{line}"))..];
        let words: Vec<&str> = part.split_whitespace().collect();
        let seconds = |word: &str| word.trim_start_matches('(').parse::<f64>().unwrap_or(-1.0);
        assert_eq!(
            [words[4], words[5], words[7]],
            ["s", "(CPU", "s),"],
            "{line}"
        );
        assert_eq!(
            [words[8], words[9], words[11]],
            ["the", "loop", "s"],
            "{line}"
        );
        for word in [words[3], words[6], words[10], words[12]] {
            assert!(seconds(word) > 0.0, "{word} in {line}");
        }
    }
    line.assert_has("× (medians of 1)");
    read(&sandbox, "target/bench.md").assert_has(line);
}

#[test]
fn the_sandbox_s_cost_is_the_same_test_timed_with_it_and_without() {
    let sandbox = workspace("bench.n = [10]\n", "cat");
    // Two cases: the first alone tells the cost once per command from a run's.
    sandbox.write("judge-data/fake/sum.in", "1 1\n");
    sandbox.write("judge-data/fake/sum.out", "2\n");
    let output = sandbox.judge(&["bench", "--smoke", "fake"]);
    let (code, stdout, stderr) = outcome(&output);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let line = stdout
        .lines()
        .find(|l| l.starts_with("sandbox: "))
        .unwrap_or_else(|| panic!("no sandbox line:\n{stdout}"));
    if stdout
        .lines()
        .next()
        .unwrap_or("")
        .contains("sandbox: portable")
    {
        assert_eq!(line, "sandbox: not in force here, so no cost to measure");
        stdout.assert_has(
            "\nlaunchers: no box in force here to compare the portable launcher with\n",
        );
        return;
    }
    // `judge test fake` judges the two stored cases (wrong answers: `cat`).
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(words[..4], ["sandbox:", "judge", "test", "fake"], "{line}");
    let seconds = |word: &str| word.parse::<f64>().unwrap_or(-1.0);
    assert!(seconds(words[4]) > 0.0 && words[5] == "s,", "{line}");
    assert!(seconds(words[6]) > 0.0, "{line}");
    line.assert_has(" s with JUDGE_SANDBOX=portable, ");
    assert!(seconds(words[10]) > 0.0, "{line}");
    line.assert_has(" s as a bare shell loop: ");
    line.assert_has("× the loop (");
    line.assert_has("× without the box), ");
    line.assert_has(" ms a case more than without it: ");
    line.assert_has(" ms once per command, ");
    line.assert_has(" ms a run (one round)");
    read(&sandbox, "target/bench.md").assert_has(line);

    // The same two runs under each launcher, their figures side by side.
    let line = stdout
        .lines()
        .find(|l| l.starts_with("launchers: "))
        .unwrap_or_else(|| panic!("no launchers line:\n{stdout}"));
    line.assert_has("with JUDGE_SANDBOX=portable, in turn (medians): 64 MiB: CPU ");
    line.assert_has("; 256 MiB: CPU ");
    let peaks: Vec<f64> = line
        .split("peak ")
        .skip(1)
        .flat_map(|peak| peak.split(" KiB").next().unwrap_or("").split(" and "))
        .map(|kib| kib.parse().unwrap_or(0.0))
        .collect();
    // Each run holds the bytes it writes: at least 64 and 256 MiB.
    assert_eq!(peaks.len(), 4, "{line}");
    assert!(peaks[..2].iter().all(|&kib| kib >= 65536.0), "{line}");
    assert!(peaks[2..].iter().all(|&kib| kib >= 262144.0), "{line}");
    assert_eq!(line.matches("% apart)").count(), 4, "{line}");
    read(&sandbox, "target/bench.md").assert_has(line);
}

#[test]
fn full_run_warms_up_times_growth_and_drops_the_brute_force_once_too_slow() {
    let sandbox = workspace(
        "bench.n = [10, 100, 1000]\n",
        "echo run >> \"$(dirname \"$0\")/sol.log\"; cat",
    );
    sandbox.program(
        "target/release/fake-brute",
        "read series n; echo \"$n\" >> \"$(dirname \"$0\")/brute.log\"\n\
         if [ \"$n\" -ge 100 ]; then exec sleep 30; fi; echo \"$n\"",
    );
    let (code, stdout, stderr) = run(&sandbox, &["bench", "fake"]);
    assert_eq!(code, 0, "{stdout}\n{stderr}");

    // A warm-up and nine timed runs of a fast solution, for each size.
    assert_eq!(read(&sandbox, "target/release/sol.log").lines().count(), 30);
    assert_eq!(read(&sandbox, "target/release/brute.log"), "10\n100\n");
    let markdown = read(&sandbox, "target/bench.md");
    let row = |size: &str| -> Vec<String> {
        let line = markdown
            .lines()
            .find(|l| l.starts_with(&format!("| n | {size} |")))
            .unwrap_or_else(|| panic!("no row for {size}:\n{markdown}"));
        line.split(" | ").map(str::to_string).collect()
    };
    // Cells: series, size, input, output, median, min, memory, size ×, ...
    assert_eq!(row("10")[7], "-");
    assert_eq!(row("100")[7], "10.0");
    assert_eq!(row("1000")[7], "10.0");
    assert!(row("10")[11].ends_with(" ms"), "{markdown}");
    assert_ne!(row("10")[12], "-", "a speedup where the brute finished");
    assert_eq!(row("100")[11], ">2.00 s");
    assert_eq!(row("1000")[11], "-");
    assert!(!markdown.contains("Smoke run"));
}

#[test]
fn every_size_over_the_problem_s_limits_is_marked_with_its_figures() {
    // 250 ms of wall time and 8 MiB: series `big` sleeps past the one and
    // sorts a 20 MB line past the other; series `small` does neither.
    let sandbox = Sandbox::new(
        "time_limit_ms = 250\nmemory_limit_kib = 8192\ntime = \"wall\"\n\
         bench.small = [1]\nbench.big = [2]\n",
    );
    fs::create_dir_all(sandbox.root.join("target/release")).unwrap();
    sandbox.program("target/release/fake-gen", "echo \"$2 $3\"");
    sandbox.program(
        "target/release/fake",
        "read series n; if [ \"$series\" = big ]; then sleep 0.5; \
         head -c 20000000 /dev/zero | sort | wc -c; fi; echo x",
    );
    let (code, stdout, stderr) = run(&sandbox, &["bench", "--smoke"]);
    assert_eq!(code, 0, "marking is no failure:\n{stdout}\n{stderr}");
    let markdown = read(&sandbox, "target/bench.md");
    let limits = |series: &str| {
        let row = markdown
            .lines()
            .find(|l| l.starts_with(&format!("| {series} |")))
            .unwrap_or_else(|| panic!("no row for {series}:\n{markdown}"));
        row.trim_end_matches(" |")
            .rsplit(" | ")
            .next()
            .unwrap()
            .to_string()
    };
    assert_eq!(limits("small"), "within", "{markdown}");
    assert_eq!(limits("big"), "over: time, memory", "{markdown}");
    let note = stdout
        .lines()
        .find(|l| l.starts_with("  big 2 passes the limits: "))
        .unwrap_or_else(|| panic!("no note for big:\n{stdout}"));
    note.assert_has(" ms of wall time (limit 250 ms); ");
    assert!(note.ends_with(" KiB of memory (limit 8192 KiB)"), "{note}");
    assert!(
        markdown.contains(&format!("\n{}\n", note.trim())),
        "{markdown}"
    );
}

#[test]
fn a_failing_solution_fails_the_bench_and_says_why() {
    let sandbox = workspace("bench.n = [10]\n", "echo 'index out of bounds' >&2; exit 3");
    let (code, _, stderr) = run(&sandbox, &["bench", "--smoke"]);
    assert_eq!(code, 1, "{stderr}");
    stderr.assert_has("fake n 10: exit status 3: index out of bounds");
    assert!(read(&sandbox, "target/bench.md").contains("**failed**: fake n 10"));
}

#[test]
fn inputs_are_cached_until_the_generator_changes() {
    let sandbox = workspace("bench.n = [10]\n", "cat");
    for _ in 0..2 {
        assert_eq!(run(&sandbox, &["bench", "--smoke"]).0, 0);
    }
    assert_eq!(read(&sandbox, "target/release/gen.log"), "10\n");
    // No pause before the change: a rebuilt generator must be noticed even
    // within one tick of a coarse file-system clock.
    sandbox.program("target/release/fake-gen", "echo \"changed $3\"");
    assert_eq!(run(&sandbox, &["bench", "--smoke"]).0, 0);
    assert_eq!(read(&sandbox, "target/bench/fake/n-10.in"), "changed 10\n");
}

#[test]
fn setup_gaps_exit_2_and_say_what_is_missing() {
    let sandbox = workspace("", "cat");
    // The last report stays when nothing could be benched.
    for file in ["target/bench.md", "target/bench.svg"] {
        fs::write(sandbox.root.join(file), "last report").unwrap();
    }
    let (code, stdout, stderr) = run(&sandbox, &["bench", "--smoke"]);
    assert_eq!(code, 2);
    stderr.assert_has("no `bench.<series>");
    stdout.assert_has("nothing benched");
    assert_eq!(read(&sandbox, "target/bench.md"), "last report");
    assert_eq!(read(&sandbox, "target/bench.svg"), "last report");

    let sandbox = workspace("bench.n = [10]\n", "cat");
    fs::remove_file(sandbox.root.join("target/release/fake-gen")).unwrap();
    let (code, _, stderr) = run(&sandbox, &["bench", "--smoke"]);
    assert_eq!(code, 2);
    stderr.assert_has("fake-gen is missing");
}

#[test]
fn memory_is_the_program_s_own_not_the_bench_s() {
    // Series `a` makes the bench capture 40 MB of output; the peak of the
    // small run of series `b` after it must not include that.
    let sandbox = workspace(
        "bench.a = [2]\nbench.b = [1]\n",
        "read series n; if [ \"$n\" -gt 1 ]; then head -c 40000000 /dev/zero; else echo x; fi",
    );
    let (code, stdout, stderr) = run(&sandbox, &["bench", "--smoke"]);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let markdown = read(&sandbox, "target/bench.md");
    let row = markdown
        .lines()
        .find(|l| l.starts_with("| b | 1 |"))
        .unwrap_or_else(|| panic!("no row for b:\n{markdown}"));
    let memory = row.split(" | ").nth(6).unwrap();
    let mib: f64 = match memory.strip_suffix(" MiB") {
        Some(mib) => mib.parse().unwrap(),
        None => 0.0,
    };
    assert!(mib < 16.0, "{row}");
}

#[test]
fn io_floor_reads_everything_and_writes_exactly_the_bytes_asked() {
    // Writing all of the input proves it is read: a pipe this large would
    // block a program that never reads.
    let floor = |args: &[&str], input: &[u8]| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_judge"));
        common::run_with_input(command.args(args).current_dir(std::env::temp_dir()), input)
    };
    let output = floor(&["io-floor", "123457"], &vec![b'+'; 1 << 20]);
    assert!(output.status.success());
    assert_eq!(output.stdout.len(), 123_457);

    let output = floor(&["io-floor", "0"], b"");
    assert!(output.status.success() && output.stdout.is_empty());

    let output = floor(&["io-floor", "lots"], b"");
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn a_bench_size_over_the_cap_refuses_the_bench_alone() {
    let sandbox = workspace(
        "bench.max = [10, 1000000000]\n",
        "read a b; echo $((a + b))",
    );
    sandbox.program("target/release/fake-brute", "read a b; echo $((a + b))");
    let (code, stdout, stderr) = run(&sandbox, &["test", "fake"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    stdout.assert_last_line("1 passed, 0 failed");
    let (code, stdout, stderr) = run(&sandbox, &["stress", "fake", "--count", "1"]);
    assert_ne!(code, 2, "{stdout}{stderr}");
    assert!(!stderr.contains("bench.max"), "{stderr}");

    let generated = read(&sandbox, "target/release/gen.log");
    let (code, _, stderr) = run(&sandbox, &["bench", "fake", "--smoke"]);
    assert_eq!(code, 2, "{stderr}");
    stderr.assert_has(
        "judge: fake: `bench.max` lists 1000000000, over the largest size a generator \
         makes, 100000000",
    );
    assert_eq!(read(&sandbox, "target/release/gen.log"), generated);
}
