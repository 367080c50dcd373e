//! Stored data up to 64 MiB a file, streamed: a large case is judged with
//! the runner's own memory far below its size, `judge run --in` streams a
//! file of any size, a file that is no stored data is named as the one
//! thing wrong with its case, and a case's or a problem folder's name is
//! printed escaped. Every test marks the processes it starts and checks
//! none is left.

mod common;

use common::{probe, run_measuring_memory, survivors, temp_path, Holds, Sandbox};
use std::fs::{self, File};
use std::os::unix::fs::symlink;
use std::process::Output;

/// Counting bytes takes CPU time on a loaded machine: a generous limit.
const LIMITS: &str = "time_limit_ms = 20000\nmemory_limit_kib = 65536\ncompare = \"tokens\"\n";

/// `judge <args>`, its output and its own peak memory; no process is left.
fn judge(sandbox: &Sandbox, args: &[&str]) -> (i32, String, String, u64) {
    let probe = probe();
    let (output, peak_kib): (Output, u64) =
        run_measuring_memory(&mut sandbox.command(&probe, args));
    assert_eq!(survivors(&probe), Vec::<String>::new());
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        peak_kib,
    )
}

#[test]
fn a_case_of_48_mib_is_judged_and_streamed_not_held() {
    let sandbox = Sandbox::new(LIMITS);
    let bytes: u64 = 48 << 20;
    // Sparse: as long as a case of 48 MiB, and no disk used.
    File::create(sandbox.root.join("judge-data/fake/large.in"))
        .unwrap()
        .set_len(bytes)
        .unwrap();
    sandbox.write("judge-data/fake/large.out", &format!("{bytes}\n"));
    fs::remove_file(sandbox.root.join("judge-data/fake/add.in")).unwrap();
    fs::remove_file(sandbox.root.join("judge-data/fake/add.out")).unwrap();
    let count = sandbox.program("count", "wc -c");
    let (code, stdout, stderr, peak_kib) = judge(
        &sandbox,
        &["test", "fake", "--bin", count.to_str().unwrap()],
    );
    assert_eq!(code, 0, "{stdout}{stderr}");
    stdout.assert_has("1 passed, 0 failed");
    assert!(
        peak_kib < 24 << 10,
        "the runner held {peak_kib} KiB for a 48 MiB input"
    );
}

#[test]
fn a_case_of_64_mib_or_more_is_refused_by_name() {
    let sandbox = Sandbox::new(LIMITS);
    File::create(sandbox.root.join("judge-data/fake/huge.in"))
        .unwrap()
        .set_len(64 << 20)
        .unwrap();
    sandbox.write("judge-data/fake/huge.out", "0\n");
    let (code, stdout, stderr, _) = judge(&sandbox, &["test", "fake", "--bin", "cat"]);
    assert_eq!(code, 2, "{stdout}{stderr}");
    stderr.assert_has("huge.in is 65536 KiB; it must stay under 64 MiB");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

#[test]
fn judge_run_streams_a_one_gib_file_to_the_program() {
    let sandbox = Sandbox::new(LIMITS);
    let big = temp_path("judge-run-big");
    let bytes: u64 = 1 << 30;
    File::create(&big).unwrap().set_len(bytes).unwrap();
    let (code, stdout, stderr, peak_kib) = judge(
        &sandbox,
        &[
            "run",
            "fake",
            "--in",
            big.to_str().unwrap(),
            "--bin",
            "wc -c",
        ],
    );
    fs::remove_file(&big).unwrap();
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout.trim(), bytes.to_string(), "{stderr}");
    assert!(
        peak_kib < 24 << 10,
        "the runner held {peak_kib} KiB for a 1 GiB input"
    );
}

#[test]
fn a_file_that_is_no_stored_data_is_the_one_thing_said_of_its_case() {
    let sandbox = Sandbox::new(LIMITS);
    sandbox.write("judge-data/fake/folder.in", "1\n");
    fs::create_dir(sandbox.root.join("judge-data/fake/folder.out")).unwrap();
    sandbox.write("judge-data/fake/dangling.in", "1\n");
    symlink(
        sandbox.root.join("nothing"),
        sandbox.root.join("judge-data/fake/dangling.out"),
    )
    .unwrap();
    let (code, stdout, stderr, _) = judge(&sandbox, &["test", "fake", "--bin", "cat"]);
    assert_eq!(code, 2, "{stdout}{stderr}");
    let data = sandbox.root.join("judge-data/fake");
    assert_eq!(
        stderr,
        format!(
            "judge: fake: {0}/dangling.out is a symlink to nothing (stored data is plain files)\n\
             {0}/folder.out is not a regular file (stored data is plain files)\n",
            data.display()
        )
    );
}

#[test]
fn a_case_named_with_an_escape_or_a_line_end_is_printed_escaped() {
    let sandbox = Sandbox::new(LIMITS);
    // Both wrong (6 for 2 3), the second forging a passed row of its own.
    let names = [
        "clear\u{1b}[2J\u{1b}]0;owned\u{7}",
        "w\nfake       forged                       AC",
    ];
    for name in names {
        sandbox.write(&format!("judge-data/fake/{name}.in"), "2 3\n");
        sandbox.write(&format!("judge-data/fake/{name}.out"), "6\n");
    }
    let solution = sandbox.program("sol", "echo 5");
    let (code, stdout, stderr) = sandbox.table_with(&solution);
    assert_eq!(code, 1, "{stdout}{stderr}");
    let output = format!("{stdout}{stderr}");
    assert!(
        !output.contains('\u{1b}') && !output.contains('\u{7}'),
        "{output:?}"
    );
    assert!(
        !stdout
            .lines()
            .any(|line| line.starts_with("fake       forged")),
        "{stdout}"
    );
    stdout.assert_has("clear\\u{1b}[2J\\u{1b}]0;owned\\u{7}");
    stdout.assert_has("w\\nfake       forged");
    let rows = stdout
        .lines()
        .filter(|line| line.starts_with("fake "))
        .count();
    assert_eq!(rows, 3, "{stdout}");
}

#[test]
fn a_problem_folder_named_with_an_escape_is_listed_escaped() {
    let sandbox = Sandbox::new(LIMITS);
    fs::create_dir_all(sandbox.root.join("problems/ev\u{1b}]0;owned\u{7}il")).unwrap();
    let refusal = sandbox.refusal(&["test", "nope"]);
    assert!(
        !refusal.contains('\u{1b}') && !refusal.contains('\u{7}'),
        "{refusal:?}"
    );
    refusal.assert_has("known problems: ev\\u{1b}]0;owned\\u{7}il, fake");
}
