//! Problem packages, end to end: packages of every format written here as
//! files (legacy, 2023-07, DOMjudge, Polygon; interactive, multi-pass,
//! scoring), imported into a throw-away workspace, then judged. Zips are
//! made here too, a `../` entry among them; bad packages leave nothing
//! behind. Compilers a test needs and does not find make it skip, saying so.

mod common;

use common::{have, outcome, probe, runs, sandbox_with, success_stdout, text, Holds, Sandbox};
use std::fs;
use std::os::unix::fs::{symlink, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::Output;

/// Limits for the sandbox's own problem, which these tests never judge.
const LIMITS: &str = "time_limit_ms = 1\nmemory_limit_kib = 1\n";

/// Writes `files` (path, contents) under `dir`; `!x` marks a file executable.
fn write_package(dir: &Path, files: &[(&str, &str)]) {
    for (path, contents) in files {
        let (path, executable) = match path.strip_prefix('!') {
            Some(path) => (path, true),
            None => (*path, false),
        };
        let target = dir.join(path);
        fs::create_dir_all(target.parent().unwrap()).unwrap();
        fs::write(&target, contents).unwrap();
        if executable {
            fs::set_permissions(&target, fs::Permissions::from_mode(0o755)).unwrap();
        }
    }
}

/// The package `name` written from `files` under the sandbox's `packages/`.
fn package(sandbox: &Sandbox, name: &str, files: &[(&str, &str)]) -> PathBuf {
    let root = sandbox.root.join("packages").join(name);
    write_package(&root, files);
    root
}

/// A zip of `entries` (name, contents), stored uncompressed: enough to test
/// the reader on archives made here, `../` names included.
fn zip(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let crc = judge_packages::parsers::zip::crc32;
    let mut out = Vec::new();
    let mut central = Vec::new();
    for (name, data) in entries {
        let offset = out.len() as u32;
        let header = |signature: u32, central: bool| {
            let mut h = signature.to_le_bytes().to_vec();
            if central {
                h.extend(0x031eu16.to_le_bytes()); // made on Unix
            }
            h.extend(20u16.to_le_bytes());
            h.extend([0, 0, 0, 0]); // flags, method 0
            h.extend([0, 0, 0, 0]); // time, date
            h.extend(crc(data).to_le_bytes());
            h.extend((data.len() as u32).to_le_bytes());
            h.extend((data.len() as u32).to_le_bytes());
            h.extend((name.len() as u16).to_le_bytes());
            h.extend(0u16.to_le_bytes());
            if central {
                h.extend([0, 0, 0, 0, 0, 0]); // comment, disk, internal
                h.extend(((0o100644u32) << 16).to_le_bytes());
                h.extend(offset.to_le_bytes());
            }
            h.extend(name.as_bytes());
            h
        };
        out.extend(header(0x0403_4b50, false));
        out.extend_from_slice(data);
        central.extend(header(0x0201_4b50, true));
    }
    let start = out.len() as u32;
    out.extend(&central);
    out.extend(0x0605_4b50u32.to_le_bytes());
    out.extend([0, 0, 0, 0]);
    out.extend((entries.len() as u16).to_le_bytes());
    out.extend((entries.len() as u16).to_le_bytes());
    out.extend((central.len() as u32).to_le_bytes());
    out.extend(start.to_le_bytes());
    out.extend([0, 0]);
    out
}

/// `judge import --package <path> <extra>` in the sandbox, no cargo build.
fn import(sandbox: &Sandbox, path: &Path, extra: &[&str]) -> Output {
    let mut args = vec!["import", "--package", path.to_str().unwrap()];
    args.extend(extra);
    sandbox
        .command(&probe(), &args)
        .env("JUDGE_IMPORT_SKIP_BUILD", "1")
        .output()
        .unwrap()
}

/// `judge import` that must succeed: its stdout.
fn imported(sandbox: &Sandbox, path: &Path, extra: &[&str]) -> String {
    success_stdout(&import(sandbox, path, extra))
}

/// A sandbox with the legacy package `sumup` imported, or `None` without
/// Python.
fn with_sumup() -> Option<Sandbox> {
    let sandbox = sandbox_with(&["python3"], LIMITS)?;
    let package = legacy_package(&sandbox.root.join("packages"));
    imported(&sandbox, &package, &[]);
    Some(sandbox)
}

/// Fails unless `text` has the line `line`.
#[track_caller]
fn assert_line(text: &str, line: &str) {
    text.assert_lines(&[line]);
}

/// A problem's problem.toml in the sandbox.
fn problem_toml(sandbox: &Sandbox, id: &str) -> String {
    fs::read_to_string(sandbox.root.join(format!("judge-data/{id}/problem.toml"))).unwrap()
}

/// A sandbox for a package that needs Python, or `None` (having said so).
fn with_python() -> Option<Sandbox> {
    sandbox_with(&["python3"], LIMITS)
}

/// `run` that must exit with `code`: its output.
#[track_caller]
fn run_exits(sandbox: &Sandbox, args: &[&str], code: i32) -> String {
    let (exit, output) = run(sandbox, args);
    assert_eq!(exit, code, "{output}");
    output
}

/// `judge test <id> --bin <bin>` (a path in the sandbox) that must exit
/// with `code`: its output.
#[track_caller]
fn test_bin(sandbox: &Sandbox, id: &str, bin: &str, code: i32) -> String {
    run_exits(sandbox, &["test", id, "--bin", &format!("@{bin}")], code)
}

/// `judge <args>` in the sandbox, `@path` made a path in the sandbox.
fn run(sandbox: &Sandbox, args: &[&str]) -> (i32, String) {
    let args: Vec<String> = args
        .iter()
        .map(|a| match a.strip_prefix('@') {
            Some(path) => sandbox.root.join(path).display().to_string(),
            None => a.to_string(),
        })
        .collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let output = sandbox.judge(&args);
    let (code, stdout, stderr) = outcome(&output);
    (code, stdout + &stderr)
}

/// The files under `dir`, relative, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(path) = pending.pop() {
        for entry in fs::read_dir(&path).into_iter().flatten().flatten() {
            let p = entry.path();
            if p.is_dir() {
                pending.push(p);
            } else {
                found.push(p.strip_prefix(dir).unwrap().to_string_lossy().into_owned());
            }
        }
    }
    found.sort();
    found
}

/// A legacy package, "sumup": the sum of two numbers, answered `Sum: <n>`;
/// the default validator with no flags compares words up to case.
fn legacy_package(dir: &Path) -> PathBuf {
    let root = dir.join("sumup");
    write_package(
        &root,
        &[
            ("problem.yaml", "name: Sum Up\nsource: Test Contest\nsource_url: https://contest.example/sumup\nlicense: cc by\nrights_owner: Nobody\n"),
            ("problem_statement/problem.en.tex", "\\problemname{Sum Up}\n"),
            ("data/sample/1.in", "1 2\n"),
            ("data/sample/1.ans", "Sum: 3\n"),
            ("data/secret/01-small.in", "5 7\n"),
            ("data/secret/01-small.ans", "Sum: 12\n"),
            ("data/secret/big/1.in", "100000 200000\n"),
            ("data/secret/big/1.ans", "Sum: 300000\n"),
            ("input_validators/validate.py", "import sys\nparts = sys.stdin.read().split()\nsys.exit(42 if len(parts) == 2 and all(p.isdigit() for p in parts) else 43)\n"),
            ("submissions/accepted/sum.py", "a, b = map(int, input().split())\nprint('SUM:', a + b)\n"),
            ("submissions/wrong_answer/minus.py", "a, b = map(int, input().split())\nprint('Sum:', a - b)\n"),
        ],
    );
    root
}

#[test]
fn a_legacy_package_is_imported_with_its_cases_limits_and_default_validator() {
    let Some(sandbox) = with_python() else { return };
    let package = legacy_package(&sandbox.root.join("packages"));
    let stdout = imported(&sandbox, &package, &[]);
    assert!(
        stdout.starts_with(
            "sumup \"Sum Up\" (problem package format (legacy)): new, 3 cases (1 sample)"
        ),
        "{stdout}"
    );
    stdout.assert_has("input validator judge-data/sumup/input_validators/validate.py: compiled");
    let data = sandbox.root.join("judge-data/sumup");
    let files = listing(&data);
    for wanted in [
        "sample-1.in",
        "sample-1.out",
        "secret-01-small.in",
        "secret-big-1.out",
        "input_validators/validate.py",
        "submissions/accepted/sum.py",
        "problem.toml",
        "package.txt",
    ] {
        assert!(
            files.iter().any(|f| f == wanted),
            "{wanted} not in {files:?}"
        );
    }
    assert!(
        !files.iter().any(|f| f.contains("problem_statement")),
        "{files:?}"
    );
    let toml = fs::read_to_string(data.join("problem.toml")).unwrap();
    toml.assert_lines(&[
        "title = \"Sum Up\"",
        "url = \"https://contest.example/sumup\"",
        "memory_limit_kib = 1048576",
        "compare = \"tokens\"",
        "case_sensitive = false",
        "time_multiplier = 5",
        "time_safety_margin = 2",
        "input_validators = [\"judge-data/sumup/input_validators/validate.py\"]",
        "submission.\"submissions/accepted/sum.py\" = \"permitted AC language pypy3\"",
        "submission.\"submissions/wrong_answer/minus.py\" = \"permitted AC WA required WA language pypy3\"",
    ]);
    common::assert_toml(&[data.join("problem.toml")]);
    assert!(sandbox.root.join("problems/sumup/src/main.rs").is_file());
    // `SUM: 3` against `Sum: 3`: the default validator ignores case.
    let output = test_bin(
        &sandbox,
        "sumup",
        "judge-data/sumup/submissions/accepted/sum.py",
        0,
    );
    output.assert_has("3 passed, 0 failed");
    test_bin(
        &sandbox,
        "sumup",
        "judge-data/sumup/submissions/wrong_answer/minus.py",
        1,
    );
    // Nothing is left in target/import.
    assert_eq!(
        listing(&sandbox.root.join("target/import")),
        Vec::<String>::new()
    );
}

#[test]
fn importing_again_changes_nothing_a_changed_package_is_named_by_file_and_force_replaces() {
    let sandbox = Sandbox::new(LIMITS);
    let package = legacy_package(&sandbox.root.join("packages"));
    assert_eq!(import(&sandbox, &package, &[]).status.code(), Some(0));
    fs::write(sandbox.root.join("problems/sumup/src/main.rs"), "// mine\n").unwrap();
    let again = import(&sandbox, &package, &[]);
    assert_eq!(again.status.code(), Some(0));
    assert_eq!(
        text(&again.stdout).trim(),
        "sumup \"Sum Up\": unchanged since it was imported; nothing written"
    );
    fs::write(package.join("data/secret/01-small.ans"), "Sum: 13\n").unwrap();
    fs::write(package.join("data/secret/02.in"), "1 1\n").unwrap();
    fs::write(package.join("data/secret/02.ans"), "Sum: 2\n").unwrap();
    let changed = import(&sandbox, &package, &[]);
    let stderr = text(&changed.stderr);
    assert_eq!(changed.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    stderr.assert_has("changed data/secret/01-small.ans");
    stderr.assert_has("added data/secret/02.in");
    stderr.assert_has("--force replaces");
    let data = sandbox.root.join("judge-data/sumup");
    assert_eq!(
        fs::read_to_string(data.join("secret-01-small.out")).unwrap(),
        "Sum: 12\n"
    );
    let forced = import(&sandbox, &package, &["--force"]);
    assert_eq!(forced.status.code(), Some(0), "{}", text(&forced.stderr));
    assert!(
        text(&forced.stdout).contains(": replaced, 4 cases"),
        "{}",
        text(&forced.stdout)
    );
    assert_eq!(
        fs::read_to_string(data.join("secret-01-small.out")).unwrap(),
        "Sum: 13\n"
    );
    assert!(data.join("secret-02.in").is_file());
    // The solution written here is kept.
    assert_eq!(
        fs::read_to_string(sandbox.root.join("problems/sumup/src/main.rs")).unwrap(),
        "// mine\n"
    );
}

#[test]
fn an_id_taken_by_another_problem_is_refused_with_a_free_one() {
    let sandbox = Sandbox::new(LIMITS);
    let package = legacy_package(&sandbox.root.join("packages"));
    fs::create_dir_all(sandbox.root.join("judge-data/sumup")).unwrap();
    let output = import(&sandbox, &package, &[]);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(
            "sumup exists already and was not imported from a package: import it with --id sumup2"
        ),
        "{stderr}"
    );
    imported(&sandbox, &package, &["--id", "sumup2"]);
    assert!(sandbox
        .root
        .join("judge-data/sumup2/problem.toml")
        .is_file());
}

#[test]
fn a_package_s_name_is_one_plain_line_never_code_nor_a_terminal_escape() {
    let sandbox = Sandbox::new(LIMITS);
    let root = sandbox.root.join("packages/evil");
    let name = "Evil\\n#![doc = include_str!(\\\"/etc/passwd\\\")]\\u001b[31m red";
    write_package(
        &root,
        &[
            ("problem.yaml", &format!("name: \"{name}\"\n")),
            ("data/sample/1.in", "1\n"),
            ("data/sample/1.ans", "1\n"),
        ],
    );
    let out = imported(&sandbox, &root, &[]);
    assert!(!out.contains('\u{1b}'), "{out:?}");
    let main = fs::read_to_string(sandbox.root.join("problems/evil/src/main.rs")).unwrap();
    assert!(
        main.lines().all(|line| !line.starts_with("#![doc")),
        "{main}"
    );
    main.assert_has("evil Evil #![doc = include_str!('/etc/passwd')]");
    let toml = problem_toml(&sandbox, "evil");
    assert_eq!(
        toml.lines()
            .filter(|line| line.starts_with("title"))
            .count(),
        1,
        "{toml}"
    );
}

#[test]
fn a_package_s_case_name_with_an_escape_or_a_line_end_is_refused_shown_escaped() {
    let sandbox = Sandbox::new(LIMITS);
    for (stem, shown) in [
        ("x\u{1b}]0;owned\u{7}", "secret-x\\u{1b}]0;owned\\u{7}"),
        ("a\nb", "secret-a\\nb"),
    ] {
        let root = sandbox.root.join("packages/evil");
        let _ = fs::remove_dir_all(&root);
        write_package(
            &root,
            &[
                ("problem.yaml", "name: Evil\n"),
                ("data/sample/1.in", "1\n"),
                ("data/sample/1.ans", "1\n"),
                (&format!("data/secret/{stem}.in"), "2\n"),
                (&format!("data/secret/{stem}.ans"), "2\n"),
            ],
        );
        refused(
            &sandbox,
            &root,
            &format!("the case name \"{shown}\" holds a control character"),
        );
        let stderr = text(&import(&sandbox, &root, &["--id", "bad"]).stderr);
        assert!(
            !stderr.contains('\u{1b}') && !stderr.contains('\u{7}'),
            "{stderr:?}"
        );
    }
}

/// Every way a package can be bad: one line on stderr naming what was
/// expected and where, exit 2, and nothing written.
#[test]
fn the_listener_s_options_are_refused_with_a_package() {
    let sandbox = Sandbox::new(LIMITS);
    for option in ["--once", "--build-runner", "--file"] {
        let (code, text) = run(&sandbox, &["import", "--package", "@nowhere", option]);
        assert_eq!(code, 2, "{option}: {text}");
        text.assert_has("--file, --port, --once and --build-runner are for Competitive Companion");
    }
}

#[test]
fn bad_packages_are_refused_in_one_line_and_leave_nothing_behind() {
    let sandbox = Sandbox::new(LIMITS);
    let packages = sandbox.root.join("packages");
    fs::create_dir_all(&packages).unwrap();
    let good_yaml = ("problem.yaml", "name: Bad\n");
    let data = [("data/secret/1.in", "1\n"), ("data/secret/1.ans", "1\n")];
    let deep_xml = format!("{}{}", "<a>".repeat(50_000), "</a>".repeat(50_000));
    type Files<'a> = Vec<(&'a str, &'a str)>;
    let cases: Vec<(&str, Files, &str)> = vec![
        (
            "yaml",
            vec![("problem.yaml", "name: [unclosed\n"), data[0], data[1]],
            "problem.yaml: line 1: expected `]` on the same line",
        ),
        (
            "version",
            vec![
                ("problem.yaml", "problem_format_version: 1999\n"),
                data[0],
                data[1],
            ],
            "problem_format_version \"1999\" is not supported",
        ),
        (
            "noans",
            vec![good_yaml, data[0]],
            "data/secret/1.in has no 1.ans",
        ),
        (
            "ini",
            vec![("domjudge-problem.ini", "name = 'open\n"), data[0], data[1]],
            "domjudge-problem.ini: line 1: expected a closing '",
        ),
        (
            "xml",
            vec![("problem.xml", "<problem><judging></problem>\n")],
            "problem.xml: line 1, column 19: expected </judging>, found </problem>",
        ),
        (
            "xmlquote",
            vec![("problem.xml", "<problem a='x<y'/>\n")],
            "problem.xml: line 1, column 14: expected text, found `<`",
        ),
        (
            "xmlentity",
            vec![("problem.xml", "<problem>&bogus;</problem>\n")],
            "problem.xml: line 1, column 10: expected a known entity, found &bogus;",
        ),
        (
            "xmlroots",
            vec![("problem.xml", "<problem/>\r\n<problem/>\n")],
            "problem.xml: line 2, column 1: expected nothing after the root element's end",
        ),
        (
            "xmldeep",
            vec![("problem.xml", &deep_xml)],
            "problem.xml: line 1, column 769: expected at most 256 levels of elements",
        ),
        (
            "nothing",
            vec![("README", "hi\n")],
            "expected a problem package",
        ),
        ("nodata", vec![good_yaml], "no data/"),
    ];
    for (name, files, wanted) in &cases {
        let root = packages.join(name);
        write_package(&root, files);
        let output = import(&sandbox, &root, &["--id", "bad"]);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{name}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{name}: {stderr}");
        assert!(stderr.contains(wanted), "{name}: {stderr}");
    }
    // A symlink out of the package is refused when it is data.
    let root = packages.join("link");
    write_package(&root, &[good_yaml, data[1]]);
    symlink("/etc/hostname", root.join("data/secret/1.in")).unwrap();
    let stderr = text(&import(&sandbox, &root, &["--id", "bad"]).stderr);
    assert!(
        stderr.contains(
            "data/secret/1.in is a symlink to /etc/hostname, outside the package: refused"
        ),
        "{stderr}"
    );
    // Zips: a `../` entry, an absolute one, a truncated archive.
    for (name, bytes, wanted) in [
        (
            "slip.zip",
            zip(&[("problem.yaml", b"name: x\n"), ("../evil.in", b"1\n")]),
            "climbs out with `..` (a zip slip)",
        ),
        (
            "absolute.zip",
            zip(&[("/tmp/evil", b"1\n")]),
            "has an absolute path",
        ),
        (
            "cut.zip",
            zip(&[("problem.yaml", b"name: x\n")])[..30].to_vec(),
            "expected a zip archive",
        ),
    ] {
        let path = packages.join(name);
        fs::write(&path, bytes).unwrap();
        let output = import(&sandbox, &path, &["--id", "bad"]);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{name}: {stderr}");
        assert!(stderr.contains(wanted), "{name}: {stderr}");
    }
    assert!(!sandbox.root.join("judge-data/bad").exists());
    assert!(!sandbox.root.join("problems/bad").exists());
    assert!(!sandbox.root.join("evil.in").exists() && !Path::new("/tmp/evil").exists());
    assert_eq!(
        listing(&sandbox.root.join("target/import")),
        Vec::<String>::new()
    );
}

#[test]
fn a_zipped_package_in_a_top_folder_imports_as_its_folder_would() {
    let Some(sandbox) = with_python() else { return };
    let entries: Vec<(&str, &[u8])> = vec![
        ("hello/problem.yaml", b"name: Hello\n"),
        ("hello/data/sample/1.in", b"\n"),
        ("hello/data/sample/1.ans", b"Hello World!\n"),
        (
            "hello/submissions/accepted/hello.py",
            b"print('Hello World!')\n",
        ),
    ];
    let path = sandbox.root.join("hello.zip");
    fs::write(&path, zip(&entries)).unwrap();
    imported(&sandbox, &path, &[]);
    test_bin(
        &sandbox,
        "hello",
        "judge-data/hello/submissions/accepted/hello.py",
        0,
    );
}

#[test]
fn a_2023_07_scoring_package_keeps_its_groups_validator_and_entry_points() {
    let Some(sandbox) = sandbox_with(&["g++", "javac", "java"], LIMITS) else {
        return;
    };
    let root = package(
        &sandbox,
        "double",
        &[
        ("problem.yaml", "problem_format_version: 2023-07-draft\ntype: scoring\nname:\n  en: Double It\n  sv: Dubbla\nuuid: 1\n\
          limits:\n  time_limit: 2.5\n  memory: 512\n"),
        ("data/testdata.yaml", "on_reject: continue\ngrader_flags: ignore_sample\nrange: 0 100\n"),
        ("data/sample/1.in", "1\n"),
        ("data/sample/1.ans", "2\n"),
        ("data/secret/testdata.yaml", "on_reject: continue\nrange: 0 100\n"),
        ("data/secret/small/testdata.yaml", "accept_score: 30\ngrader_flags: min\nrange: 0 30\noutput_validator_args: [exact]\n"),
        ("data/secret/small/1.in", "3\n"),
        ("data/secret/small/1.ans", "6\n"),
        ("data/secret/large/testdata.yaml", "accept_score: 70\ngrader_flags: min\nrange: 0 70\n"),
        ("data/secret/large/1.in", "1500000000\n"),
        ("data/secret/large/1.ans", "3000000000\n"),
        ("output_validator/validate.h", "#include <cstdio>\n#define ACCEPT 42\n#define REJECT 43\n"),
        ("output_validator/validator.cpp", "#include \"validate.h\"\n#include <cstring>\nint main(int argc, char **argv) {\n\
          FILE *ans = fopen(argv[2], \"r\"); long want, got; if (fscanf(ans, \"%ld\", &want) != 1) return 1;\n\
          if (scanf(\"%ld\", &got) != 1) return REJECT; return got == want ? ACCEPT : REJECT; }\n"),
        ("submissions/accepted/java/se/kth/Double.java", "package se.kth;\nimport java.util.*;\npublic class Double {\n\
          public static void main(String[] a) { Scanner in = new Scanner(System.in); System.out.println(2 * in.nextLong()); } }\n"),
        ("submissions/accepted/java/se/kth/Other.java", "package se.kth;\npublic class Other { public static void main(String[] a) { } }\n"),
        ("submissions/rejected/int.cpp", "#include <cstdio>\nint main() { int n; scanf(\"%d\", &n); printf(\"%d\\n\", 2 * n); }\n"),
        ("submissions/submissions.yaml", "accepted/java:\n  language: java\n  entrypoint: se.kth.Double\nrejected/int.cpp:\n  score: [30, 30]\n"),
        ],
    );
    let stdout = imported(&sandbox, &root, &[]);
    stdout.assert_has("(problem package format (2023-07)): new, 3 cases (1 sample), 5 groups");
    stdout.assert_has("checker judge-data/double/output_validator, ");
    let toml = problem_toml(&sandbox, "double");
    toml.assert_lines(&[
        "title = \"Double It\"",
        "time_limit_ms = 2500",
        "memory_limit_kib = 524288",
        "checker = \"judge-data/double/output_validator\"",
        "checker_protocol = \"kattis\"",
        "scoring = true",
        "group.data.grader_flags = [\"ignore_sample\"]",
        "group.\"data/secret/small\".cases = [\"secret-small-1\"]",
        "group.\"data/secret/small\".accept_score = 30",
        "group.\"data/secret/small\".validator_flags = [\"exact\"]",
        "submission.\"submissions/accepted/java\" = \"permitted AC entry se.kth.Double language java\"",
        "submission.\"submissions/rejected/int.cpp\" = \"required RE TLE WA score 30 30\"",
    ]);
    common::assert_toml(&[sandbox.root.join("judge-data/double/problem.toml")]);
    // 32-bit ints overflow on the large group only: 30 of 100 points.
    let output = test_bin(
        &sandbox,
        "double",
        "judge-data/double/submissions/rejected/int.cpp",
        1,
    );
    for line in [
        "data/secret/small                       AC       30 of 30",
        "data/secret/large                       WA        0 of 70",
        "score: 30 of 100 (data)",
    ] {
        let flat = |l: &str| l.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            output.lines().any(|l| flat(l) == flat(line)),
            "{line:?} not in:\n{output}"
        );
    }
}

#[test]
fn accept_if_any_accepted_makes_a_partially_accepted_submission_ac_at_every_level() {
    let Some(sandbox) = with_python() else { return };
    // Laid out as Kattis's oddecho: subtasks scored by their minimum, and
    // `secret` AC when any subtask is (first_error accept_if_any_accepted).
    let root = package(
        &sandbox,
        "twice",
        &[
            ("problem.yaml", "problem_format_version: 2023-07-draft\ntype: scoring\nname: Twice\nuuid: 1\nlimits:\n  time_limit: 1\n"),
            ("data/testdata.yaml", "on_reject: continue\ngrader_flags: ignore_sample\n"),
            ("data/sample/1.in", "3\n"),
            ("data/sample/1.ans", "6\n"),
            ("data/secret/testdata.yaml", "on_reject: continue\nrange: 0 100\ngrader_flags: first_error accept_if_any_accepted\n"),
            ("data/secret/small/testdata.yaml", "on_reject: break\naccept_score: 40\nrange: 0 40\ngrader_flags: min\n"),
            ("data/secret/small/1.in", "5\n"),
            ("data/secret/small/1.ans", "10\n"),
            ("data/secret/small/2.in", "7\n"),
            ("data/secret/small/2.ans", "14\n"),
            ("data/secret/large/testdata.yaml", "on_reject: break\naccept_score: 60\nrange: 0 60\ngrader_flags: min\n"),
            ("data/secret/large/1.in", "5000\n"),
            ("data/secret/large/1.ans", "10000\n"),
            ("submissions/accepted/double.py", "print(2 * int(input()))\n"),
            ("submissions/partially_accepted/small.py", "n = int(input())\nprint(2 * n if n < 1000 else 0)\n"),
            ("submissions/wrong_answer/zero.py", "input()\nprint(0)\n"),
        ],
    );
    imported(&sandbox, &root, &[]);
    let output = verify_exits(&sandbox, "twice", 0);
    let row = |path: &str| {
        let row = output.lines().find(|l| l.starts_with(path)).unwrap();
        row.split_whitespace().collect::<Vec<_>>().join(" ")
    };
    assert!(
        row("submissions/partially_accepted/small.py").contains(" AC (1 of 4) 40 ")
            && row("submissions/partially_accepted/small.py").contains(" final AC "),
        "{output}"
    );
    assert!(
        row("submissions/accepted/double.py").contains(" AC 100 "),
        "{output}"
    );
    assert!(
        row("submissions/wrong_answer/zero.py").contains(" WA (4 of 4) 0 "),
        "{output}"
    );
}

/// `judge verify <id>`: (exit code, output).
fn verify(sandbox: &Sandbox, id: &str) -> (i32, String) {
    run(sandbox, &["verify", id])
}

/// `judge verify <id>` that must exit with `code`: its output.
#[track_caller]
fn verify_exits(sandbox: &Sandbox, id: &str, code: i32) -> String {
    run_exits(sandbox, &["verify", id], code)
}

/// The status column of the verify table's row for `submission`.
fn status_of<'a>(output: &'a str, submission: &str) -> &'a str {
    let row = output
        .lines()
        .find(|l| l.starts_with(submission))
        .unwrap_or_else(|| panic!("no row for {submission} in:\n{output}"));
    let row = row.trim_end();
    ["MISMATCH", "skipped"]
        .iter()
        .find_map(|word| row.find(word).map(|at| &row[at..]))
        .unwrap_or(if row.ends_with("ok") { "ok" } else { row })
}

#[test]
fn verify_classifies_labelled_submissions_of_every_verdict_in_four_languages() {
    let languages = [
        ("cpp", "g++"),
        ("py", "python3"),
        ("java", "javac"),
        ("rs", "rustc"),
    ];
    let sandbox = Sandbox::new(LIMITS);
    let root = sandbox.root.join("packages/verdicts");
    let mut files: Vec<(String, String)> = vec![
        (
            "problem.yaml".into(),
            "name: Verdicts\nlimits:\n  time_multiplier: 2\n  time_safety_margin: 1.5\n".into(),
        ),
        ("data/sample/1.in".into(), "4\n".into()),
        ("data/sample/1.ans".into(), "16\n".into()),
        ("data/secret/1.in".into(), "9\n".into()),
        ("data/secret/1.ans".into(), "81\n".into()),
    ];
    // The square of n: right, off by one, too slow, crashing.
    let sources = [
        ("cpp", "ac", "#include <cstdio>\nint main() { long n; scanf(\"%ld\", &n); printf(\"%ld\\n\", n * n); }\n"),
        ("cpp", "wa", "#include <cstdio>\nint main() { long n; scanf(\"%ld\", &n); printf(\"%ld\\n\", n * n + 1); }\n"),
        ("cpp", "tle", "int main() { volatile unsigned long x = 0; for (;;) x++; }\n"),
        ("cpp", "re", "#include <cstdlib>\nint main() { abort(); }\n"),
        ("py", "ac", "n = int(input())\nprint(n * n)\n"),
        ("py", "wa", "n = int(input())\nprint(n * n - 1)\n"),
        ("py", "tle", "while True:\n    pass\n"),
        ("py", "re", "raise SystemExit(3)\n"),
        ("java", "ac", "import java.util.*;\npublic class Ac { public static void main(String[] a) { long n = new Scanner(System.in).nextLong(); System.out.println(n * n); } }\n"),
        ("java", "wa", "import java.util.*;\npublic class Wa { public static void main(String[] a) { long n = new Scanner(System.in).nextLong(); System.out.println(n + n); } }\n"),
        ("java", "tle", "public class Tle { public static void main(String[] a) { long x = 0; while (x >= 0) x = (x + 1) % 1000; } }\n"),
        ("java", "re", "public class Re { public static void main(String[] a) { throw new RuntimeException(\"boom\"); } }\n"),
        ("rs", "ac", "fn main() { let mut s = String::new(); std::io::stdin().read_line(&mut s).unwrap(); let n: u64 = s.trim().parse().unwrap(); println!(\"{}\", n * n); }\n"),
        ("rs", "wa", "fn main() { println!(\"0\"); }\n"),
        ("rs", "tle", "fn main() { let mut x: u64 = 0; loop { x = std::hint::black_box(x.wrapping_add(1)); } }\n"),
        ("rs", "re", "fn main() { panic!(\"boom\"); }\n"),
    ];
    let folder = |kind: &str| match kind {
        "ac" => "accepted",
        "wa" => "wrong_answer",
        "tle" => "time_limit_exceeded",
        _ => "run_time_error",
    };
    let mut present = Vec::new();
    for (ext, tool) in languages {
        if have(tool) && (ext != "java" || have("java")) {
            present.push(ext);
        }
    }
    for (ext, kind, source) in sources.iter().filter(|(ext, _, _)| present.contains(ext)) {
        let name = if *ext == "java" {
            let mut class: Vec<char> = kind.chars().collect();
            class[0] = class[0].to_ascii_uppercase();
            format!("{}.java", class.into_iter().collect::<String>())
        } else {
            format!("{kind}.{ext}")
        };
        files.push((
            format!("submissions/{}/{ext}-{name}", folder(kind)),
            source.to_string(),
        ));
    }
    let files: Vec<(&str, &str)> = files
        .iter()
        .map(|(p, t)| (p.as_str(), t.as_str()))
        .collect();
    write_package(&root, &files);
    let stdout = imported(&sandbox, &root, &[]);
    stdout.assert_has("time limit: 1000 ms by the format's rule");
    let output = verify_exits(&sandbox, "verdicts", 0);
    for (ext, kind, _) in sources.iter().filter(|(ext, _, _)| present.contains(ext)) {
        let row = output
            .lines()
            .find(|l| l.starts_with(&format!("submissions/{}/{ext}-", folder(kind))))
            .unwrap_or_else(|| panic!("no {ext} {kind} row in:\n{output}"));
        let wanted = match *kind {
            "ac" => " AC ",
            "wa" => " WA (",
            "tle" => " TLE (",
            _ => " RE (",
        };
        assert!(
            row.contains(wanted) && row.trim_end().ends_with("ok"),
            "{row}\n{output}"
        );
    }
    output.assert_has("time limit: 1000 ms in problem.toml; the format's rule gives 1000 ms");
    output.assert_has("still times out at 1.5 × the limit (1500 ms): the rule's margin holds");
    // A label the submission does not meet is a mismatch: exit 1.
    let toml = sandbox.root.join("judge-data/verdicts/problem.toml");
    let text = fs::read_to_string(&toml).unwrap();
    let relabelled = text.replace("= \"permitted AC WA required WA", "= \"permitted AC");
    fs::write(&toml, relabelled).unwrap();
    let output = verify_exits(&sandbox, "verdicts", 1);
    output.assert_has("MISMATCH: WA on sample-1, which only AC are permitted");
}

#[test]
fn a_domjudge_package_keeps_its_limits_expected_results_and_nan_answers() {
    let Some(sandbox) = sandbox_with(&["gcc", "python3"], LIMITS) else {
        return;
    };
    let root = package(
        &sandbox,
        "fltcmp",
        &[
        ("domjudge-problem.ini", "probid='fltcmp'\nname='Float compare'\ntimelimit='2'\ncolor='#ff0000'\n"),
        ("problem.yaml", "validator_flags: float_tolerance 1E-6\n"),
        ("data/sample/1.in", "0\n"),
        ("data/sample/1.ans", "NaN\n"),
        ("data/secret/1.in", "2\n"),
        ("data/secret/1.ans", "1.414213562\n"),
        (
            "submissions/accepted/fltcmp-test-correct.c",
            "/* @EXPECTED_RESULTS@: CORRECT */\n#include <stdio.h>\n#include <math.h>\n\
             int main(void) { double x; scanf(\"%lf\", &x); if (x == 0) printf(\"nan\\n\"); else printf(\"%.9f\\n\", sqrt(x)); return 0; }\n",
        ),
        (
            "submissions/accepted/off.py",
            "# @EXPECTED_RESULTS@: WRONG-ANSWER, TIMELIMIT\nx = int(input())\nprint('NaN' if x == 0 else 1.5)\n",
        ),
        ],
    );
    symlink("../../../elsewhere/problem.pdf", root.join("problem.pdf")).unwrap();
    let stdout = imported(&sandbox, &root, &[]);
    stdout.assert_has("(problem package format (legacy), DOMjudge)");
    stdout.assert_has("note: skipped problem.pdf: a symlink to ../../../elsewhere/problem.pdf, outside the package");
    let toml = problem_toml(&sandbox, "fltcmp");
    toml.assert_lines(&[
        "title = \"Float compare\"",
        "judge = \"domjudge\"",
        "time_limit_ms = 2000",
        "memory_limit_kib = 2097152",
        "compare = \"float\"",
        "float_tolerance = 1e-6",
        "case_sensitive = false",
        "submission.\"submissions/accepted/fltcmp-test-correct.c\" = \"final AC\"",
        "submission.\"submissions/accepted/off.py\" = \"final WA TLE language pypy3\"",
    ]);
    let output = verify_exits(&sandbox, "fltcmp", 0);
    assert_eq!(
        status_of(&output, "submissions/accepted/off.py"),
        "ok",
        "{output}"
    );
}

#[test]
fn any_submissions_folder_is_verified_by_its_sources_expected_results() {
    let Some(sandbox) = with_python() else { return };
    let root = package(
        &sandbox,
        "mixed",
        &[
            ("domjudge-problem.ini", "name='Mixed'\ntimelimit='1'\n"),
            ("data/sample/1.in", "2\n"),
            ("data/sample/1.ans", "4\n"),
            ("data/secret/1.in", "3\n"),
            ("data/secret/1.ans", "9\n"),
            (
                "submissions/mixed/square.py",
                "# @EXPECTED_RESULTS@: CORRECT\nn = int(input())\nprint(n * n)\n",
            ),
            (
                "submissions/mixed/double.py",
                "# @EXPECTED_RESULTS@: WRONG-ANSWER\nn = int(input())\nprint(n + n)\n",
            ),
            (
                "submissions/mixed/spin.py",
                "# @EXPECTED_RESULTS@: TIMELIMIT, WRONG-ANSWER\nwhile True:\n    pass\n",
            ),
            ("submissions/mixed/plain.py", "print(4)\n"),
            (
                "submissions/check_manually/syslog.py",
                "# @EXPECTED_RESULTS@: CHECK-MANUALLY\nprint(4)\n",
            ),
        ],
    );
    let stdout = imported(&sandbox, &root, &[]);
    assert!(
        stdout.contains(
            "submissions/mixed/: not a submissions folder of the problem package format (legacy); \
             its 1 submission without @EXPECTED_RESULTS@ is not verified"
        ),
        "{stdout}"
    );
    // The one a person is to judge is named once, for what it says.
    stdout.assert_has(
        "submissions/check_manually/syslog.py: @EXPECTED_RESULTS@ names \"CHECK-MANUALLY\", \
         a result no judging gives: not verified",
    );
    assert!(
        !stdout.contains("submissions/check_manually/: not a"),
        "{stdout}"
    );
    let toml = problem_toml(&sandbox, "mixed");
    toml.assert_lines(&[
        "submission.\"submissions/mixed/square.py\" = \"final AC language pypy3\"",
        "submission.\"submissions/mixed/double.py\" = \"final WA language pypy3\"",
        "submission.\"submissions/mixed/spin.py\" = \"final TLE WA language pypy3\"",
    ]);
    assert!(
        !toml.contains("plain.py") && !toml.contains("syslog.py"),
        "{toml}"
    );
    let output = verify_exits(&sandbox, "mixed", 0);
    output.assert_has("3 submissions, 0 mismatched");
}

#[test]
fn domjudge_s_default_languages_get_their_labels_and_a_missing_one_is_skipped_by_name() {
    let Some(sandbox) = sandbox_with(&["sh", "bash", "perl"], LIMITS) else {
        return;
    };
    let root = package(
        &sandbox,
        "scripts",
        &[
            ("domjudge-problem.ini", "name='Scripts'\ntimelimit='1'\n"),
            ("data/sample/1.in", "2\n"),
            ("data/sample/1.ans", "4\n"),
            ("data/secret/1.in", "3\n"),
            ("data/secret/1.ans", "9\n"),
            (
                "submissions/accepted/square.sh",
                "read n\necho $((n * n))\n",
            ),
            (
                "submissions/time_limit_exceeded/spin.sh",
                "while :; do :; done\n",
            ),
            (
                "submissions/wrong_answer/double.bash",
                "read -r n\n(( n += n ))\necho \"$n\"\n",
            ),
            // `**` is bash's alone: the shebang makes this .sh Bash.
            (
                "submissions/accepted/power.sh",
                "#!/bin/bash\nread -r n\necho $(( n ** 2 ))\n",
            ),
            ("submissions/accepted/square.awk", "{ print $1 * $1 }\n"),
            (
                "submissions/accepted/square.pl",
                "my $n = <STDIN>;\nprint $n * $n, \"\\n\";\n",
            ),
            (
                "submissions/wrong_answer/cube.pl",
                "my $n = <STDIN>;\nprint $n ** 3, \"\\n\";\n",
            ),
            (
                "submissions/accepted/square.R",
                "n <- scan(file(\"stdin\"), quiet = TRUE)\ncat(n * n, \"\\n\")\n",
            ),
        ],
    );
    imported(&sandbox, &root, &[]);
    let output = verify_exits(&sandbox, "scripts", 0);
    for submission in [
        "accepted/square.sh",
        "accepted/power.sh",
        "time_limit_exceeded/spin.sh",
        "wrong_answer/double.bash",
        "accepted/square.awk",
        "accepted/square.pl",
        "wrong_answer/cube.pl",
    ] {
        let status = status_of(&output, &format!("submissions/{submission}"));
        assert_eq!(status, "ok", "{submission}:\n{output}");
    }
    // R is run where Rscript is, else skipped by name, never a mismatch.
    let wanted = if runs("Rscript") {
        "ok"
    } else {
        "skipped: no Rscript here"
    };
    assert_eq!(
        status_of(&output, "submissions/accepted/square.R"),
        wanted,
        "{output}"
    );
}

#[test]
fn the_problem_package_format_s_pl_is_prolog_run_or_skipped_by_name() {
    let sandbox = Sandbox::new(LIMITS);
    let prolog = "main :- read_line_to_string(user_input, S), number_string(N, S), \
                  X is N * N, format(\"~d~n\", [X]).\n";
    let root = package(
        &sandbox,
        "prologsq",
        &[
            (
                "problem.yaml",
                "name: Prolog Square\nlimits:\n  time_multiplier: 2\n",
            ),
            ("data/sample/1.in", "2\n"),
            ("data/sample/1.ans", "4\n"),
            ("submissions/accepted/square.pl", prolog),
        ],
    );
    imported(&sandbox, &root, &[]);
    let toml = problem_toml(&sandbox, "prologsq");
    assert_line(
        &toml,
        "submission.\"submissions/accepted/square.pl\" = \"permitted AC language prolog\"",
    );
    let output = verify_exits(&sandbox, "prologsq", 0);
    let wanted = if runs("swipl") {
        "ok"
    } else {
        "skipped: no swipl here"
    };
    assert_eq!(
        status_of(&output, "submissions/accepted/square.pl"),
        wanted,
        "{output}"
    );
}

/// A package whose answer is the Python that runs it: PyPy, as Kattis and
/// DOMjudge run Python 3.
fn pypy_package(sandbox: &Sandbox) -> PathBuf {
    package(
        sandbox,
        "pypy",
        &[
            ("problem.yaml", "name: PyPy\n"),
            ("data/sample/1.in", "x\n"),
            ("data/sample/1.ans", "PyPy\n"),
            (
                "submissions/accepted/which.py",
                "import platform\ninput()\nprint(platform.python_implementation())\n",
            ),
            ("submissions/accepted/plain.py", "input()\nprint('PyPy')\n"),
        ],
    )
}

#[test]
fn python_submissions_run_by_pypy_as_the_format_s_judges_run_them() {
    let Some(sandbox) = sandbox_with(&["pypy3"], LIMITS) else {
        return;
    };
    let root = pypy_package(&sandbox);
    let stdout = imported(&sandbox, &root, &[]);
    stdout.assert_has("time limit: 1000 ms by the format's rule");
    let toml = problem_toml(&sandbox, "pypy");
    assert_line(
        &toml,
        "submission.\"submissions/accepted/which.py\" = \"permitted AC language pypy3\"",
    );
    let output = verify_exits(&sandbox, "pypy", 0);
    assert_eq!(
        status_of(&output, "submissions/accepted/which.py"),
        "ok",
        "{output}"
    );
}

#[test]
fn without_pypy_python_falls_back_to_cpython_named_and_out_of_the_time_rule() {
    let Some(sandbox) = with_python() else { return };
    let root = pypy_package(&sandbox);
    imported(&sandbox, &root, &[]);
    // A PATH with CPython alone (unconfined: a sandbox's /tmp is its own,
    // so a tool linked from the test's folder is not in sight there).
    let bin = sandbox.root.join("bin");
    fs::create_dir_all(&bin).unwrap();
    // The interpreter itself, not a pyenv shim, which needs pyenv on PATH.
    let python = std::process::Command::new("python3")
        .args(["-c", "import sys; print(sys.executable)"])
        .output()
        .unwrap();
    symlink(text(&python.stdout).trim(), bin.join("python3")).unwrap();
    let output = sandbox
        .command(&probe(), &["verify", "pypy"])
        .env("PATH", &bin)
        .env("JUDGE_SANDBOX", "portable")
        .output()
        .unwrap();
    let output = format!("{}{}", text(&output.stdout), text(&output.stderr));
    assert!(
        status_of(&output, "submissions/accepted/which.py").starts_with("MISMATCH: WA on sample-1"),
        "{output}"
    );
    assert!(
        output
            .lines()
            .any(|l| l.starts_with("submissions/accepted/plain.py")
                && l.trim_end().ends_with("ok (run by python3: no pypy3 here)")),
        "{output}"
    );
    assert_line(
        &output,
        "time limit: no accepted submission ran, so the format's rule gives none",
    );
    assert_line(
        &output,
        "time limit: left out of the rule, run by python3: no pypy3 here (its times are not the judge's): \
         submissions/accepted/plain.py",
    );
}

#[test]
fn a_polygon_package_generates_its_tests_and_answers_with_its_own_programs() {
    let Some(sandbox) = sandbox_with(&["g++", "python3"], LIMITS) else {
        return;
    };
    let root = sandbox.root.join("packages/aplusb");
    let xml = r#"<?xml version="1.0" encoding="utf-8" standalone="no"?>
<problem revision="2" short-name="a-plus-b" url="https://polygon.codeforces.com/p/me/a-plus-b">
  <names><name language="english" value="A+B"/></names>
  <judging cpu-name="x" cpu-speed="3600" input-file="" output-file="">
    <testset name="tests">
      <time-limit>1000</time-limit>
      <memory-limit>268435456</memory-limit>
      <test-count>3</test-count>
      <input-path-pattern>tests/%02d</input-path-pattern>
      <answer-path-pattern>tests/%02d.a</answer-path-pattern>
      <tests>
        <test method="manual" sample="true"/>
        <test method="manual"/>
        <test cmd="gen 7 5" method="generated"/>
      </tests>
    </testset>
  </judging>
  <files>
    <resources><file path="files/testlib.h" type="h.g++"/></resources>
    <executables><executable><source path="files/gen.cpp" type="cpp.g++17"/></executable>
      <executable><source path="files/check.cpp" type="cpp.g++17"/></executable></executables>
  </files>
  <assets>
    <checker name="std::ncmp.cpp" type="testlib"><source path="files/check.cpp" type="cpp.g++17"/></checker>
    <validators><validator><source path="files/validator.py" type="python.3"/></validator></validators>
    <solutions>
      <solution tag="main"><source path="solutions/main.cpp" type="cpp.g++17"/></solution>
      <solution tag="wrong-answer"><source path="solutions/wa.py" type="python.3"/></solution>
    </solutions>
  </assets>
</problem>
"#;
    write_package(
        &root,
        &[
            ("problem.xml", xml),
            ("files/testlib.h", "#include <cstdio>\n#include <cstdlib>\n#define OK_EXIT 0\n#define WA_EXIT 1\n"),
            ("files/check.cpp", "#include \"testlib.h\"\nint main(int argc, char **argv) {\n\
              FILE *out = fopen(argv[2], \"r\"), *ans = fopen(argv[3], \"r\"); long a, b;\n\
              if (fscanf(ans, \"%ld\", &a) != 1) return 3; if (fscanf(out, \"%ld\", &b) != 1) return WA_EXIT;\n\
              return a == b ? OK_EXIT : WA_EXIT; }\n"),
            ("files/gen.cpp", "#include <cstdio>\n#include <cstdlib>\nint main(int argc, char **argv) { printf(\"%s %s\\n\", argv[1], argv[2]); }\n"),
            ("files/validator.py", "import sys\na, b = sys.stdin.read().split()\nsys.exit(0 if int(a) >= 0 and int(b) >= 0 else 3)\n"),
            ("tests/01", "1 2\n"),
            ("tests/01.a", "3\n"),
            ("tests/02", "10 20\n"),
            ("solutions/main.cpp", "#include <cstdio>\nint main() { long a, b; scanf(\"%ld %ld\", &a, &b); printf(\"%ld\\n\", a + b); }\n"),
            ("solutions/wa.py", "a, b = map(int, input().split())\nprint(a * b)\n"),
        ],
    );
    let stdout = imported(&sandbox, &root, &[]);
    assert!(
        stdout.starts_with("aplusb \"A+B\" (Polygon): new, 3 cases (1 sample)"),
        "{stdout}"
    );
    let data = sandbox.root.join("judge-data/aplusb");
    assert_eq!(
        fs::read_to_string(data.join("tests-02.out")).unwrap(),
        "30\n"
    );
    assert_eq!(
        fs::read_to_string(data.join("tests-03.in")).unwrap(),
        "7 5\n"
    );
    assert_eq!(
        fs::read_to_string(data.join("tests-03.out")).unwrap(),
        "12\n"
    );
    let toml = fs::read_to_string(data.join("problem.toml")).unwrap();
    toml.assert_lines(&[
        "time_limit_ms = 1000",
        "memory_limit_kib = 262144",
        "checker = \"judge-data/aplusb/files/check.cpp\"",
        "checker_protocol = \"testlib\"",
        "input_validator_protocol = \"testlib\"",
        "submission.\"solutions/main.cpp\" = \"final AC language cpp\"",
    ]);
    verify_exits(&sandbox, "aplusb", 0);
    let output = run_exits(&sandbox, &["validate", "aplusb"], 0);
    output.assert_has("3 inputs, 0 invalid");
    // A test only a missing generator could make is refused by name.
    let broken = fs::read_to_string(root.join("problem.xml"))
        .unwrap()
        .replace("gen 7 5", "maker 7 5");
    fs::write(root.join("problem.xml"), broken).unwrap();
    let output = import(&sandbox, &root, &["--id", "broken"]);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    stderr.assert_has(
        "test 3 is generated by \"maker 7 5\", but the package has no generator \"maker\": refused",
    );
}

#[test]
fn a_polygon_scoring_package_names_a_solution_by_its_first_failed_test() {
    let Some(sandbox) = with_python() else { return };
    let xml = r#"<?xml version="1.0" encoding="utf-8" standalone="no"?>
<problem revision="1" short-name="sum-points">
  <names><name language="english" value="Sum"/></names>
  <judging>
    <testset name="tests">
      <time-limit>1000</time-limit>
      <memory-limit>268435456</memory-limit>
      <test-count>2</test-count>
      <input-path-pattern>tests/%02d</input-path-pattern>
      <answer-path-pattern>tests/%02d.a</answer-path-pattern>
      <tests>
        <test method="manual" group="g1" points="10"/>
        <test method="manual" group="g1" points="10"/>
      </tests>
      <groups><group name="g1" points-policy="each-test"/></groups>
    </testset>
  </judging>
  <assets>
    <solutions>
      <solution tag="main"><source path="solutions/main.py" type="python.3"/></solution>
      <solution tag="wrong-answer"><source path="solutions/wa.py" type="python.3"/></solution>
    </solutions>
  </assets>
</problem>
"#;
    // WA on test 1, then a crash on test 2: Polygon calls it WA.
    let root = package(
        &sandbox,
        "sumpoints",
        &[
            ("problem.xml", xml),
            ("tests/01", "1 2\n"),
            ("tests/01.a", "3\n"),
            ("tests/02", "2 5\n"),
            ("tests/02.a", "7\n"),
            ("solutions/main.py", "print(sum(map(int, input().split())))\n"),
            ("solutions/wa.py", "a, b = map(int, input().split())\nif a > 1:\n    raise SystemExit(1)\nprint(a * b)\n"),
        ],
    );
    imported(&sandbox, &root, &[]);
    let output = verify_exits(&sandbox, "sumpoints", 0);
    let row = output
        .lines()
        .find(|l| l.starts_with("solutions/wa.py"))
        .unwrap();
    assert!(row.contains(" WA (2 of 2) 0 "), "{output}");
}

#[test]
fn an_interactive_package_talks_to_its_validator_a_file_or_a_build_run_folder_and_keeps_its_dialogues(
) {
    let Some(sandbox) = with_python() else { return };
    let root = sandbox.root.join("packages/guess");
    let interactor = "import sys\nsecret = int(open(sys.argv[1]).read())\nprint(1000, flush=True)\n\
        for turn in range(12):\n    line = sys.stdin.readline().split()\n    if not line:\n        break\n\
        \x20   guess = int(line[1])\n    if line[0] == '!':\n        sys.exit(42 if guess == secret else 43)\n\
        \x20   print('<' if secret < guess else '>=', flush=True)\n\
        open(sys.argv[3] + 'judgemessage.txt', 'w').write('out of guesses\\n')\nsys.exit(43)\n";
    let solution = "import sys\nn = int(input())\nlow, high = 1, n\nwhile low < high:\n    mid = (low + high + 1) // 2\n\
        \x20   print('?', mid, flush=True)\n    if input() == '<':\n        high = mid - 1\n    else:\n        low = mid\nprint('!', low, flush=True)\n";
    write_package(
        &root,
        &[
            (
                "problem.yaml",
                "name: Guess\nvalidation: custom interactive\n",
            ),
            ("output_validators/guess/guess.py", interactor),
            ("data/sample/1.in", "7\n"),
            ("data/sample/1.ans", ""),
            ("data/sample/1.interaction", "<1000\n>? 500\n<<\n"),
            ("data/secret/1.in", "1000\n"),
            ("data/secret/1.ans", ""),
            ("data/secret/2.in", "1\n"),
            ("data/secret/2.ans", ""),
            ("submissions/accepted/search.py", solution),
            (
                "submissions/wrong_answer/first.py",
                "input()\nprint('! 1', flush=True)\n",
            ),
        ],
    );
    imported(&sandbox, &root, &[]);
    let data = sandbox.root.join("judge-data/guess");
    assert!(data.join("sample-1.interaction").is_file());
    let toml = fs::read_to_string(data.join("problem.toml")).unwrap();
    toml.assert_has("interactor = \"judge-data/guess/output_validators/guess\"\ninteractor_protocol = \"kattis\"");
    let output = verify_exits(&sandbox, "guess", 0);
    assert_eq!(
        status_of(&output, "submissions/wrong_answer/first.py"),
        "ok",
        "{output}"
    );

    // The same interactor as a build/run folder: `build` makes `jury`,
    // which `run` finds in its own build folder, its working directory.
    let scripted = sandbox.root.join("packages/guessrun");
    common::copy_tree(&root, &scripted);
    fs::remove_dir_all(scripted.join("output_validators/guess")).unwrap();
    write_package(
        &scripted,
        &[
            ("output_validators/jury/guess.py", interactor),
            ("output_validators/jury/build", "cp guess.py jury\n"),
            (
                "!output_validators/jury/run",
                "#!/bin/sh\nexec python3 ./jury \"$@\"\n",
            ),
        ],
    );
    imported(&sandbox, &scripted, &[]);
    verify_exits(&sandbox, "guessrun", 0);
    let toml = problem_toml(&sandbox, "guessrun");
    toml.assert_has("interactor = \"judge-data/guessrun/output_validators/jury\"");
}

#[test]
fn a_multi_pass_package_runs_its_passes_with_the_feedback_folder_kept_and_nextpass_as_input() {
    let Some(sandbox) = with_python() else { return };
    let root = sandbox.root.join("packages/doubling");
    // Each pass doubles the number; the validator counts passes in its
    // feedback folder, and wants twice the number in its input file: the
    // case's in pass 1, then the nextpass.in it wrote.
    let validator = "import sys, os\nfeedback = sys.argv[3]\ngot = int(sys.stdin.read())\n\
        passes = len(open(feedback + 'passes').read()) if os.path.exists(feedback + 'passes') else 0\n\
        open(feedback + 'passes', 'a').write('x')\nwant = int(open(sys.argv[2]).read())\n\
        given = int(open(sys.argv[1]).read())\nif got != 2 * given:\n\
        \x20   open(feedback + 'judgemessage.txt', 'a').write(f'{got} is not twice {given}\\n')\n    sys.exit(43)\n\
        if got == want:\n    sys.exit(42 if passes == 2 else 43)\nif got > want:\n    sys.exit(43)\nopen(feedback + 'nextpass.in', 'w').write(str(got) + '\\n')\nsys.exit(42)\n";
    write_package(
        &root,
        &[
            ("problem.yaml", "problem_format_version: 2023-07-draft\ntype: multi-pass\nname: Doubling\nuuid: x\nlimits:\n  time_limit: 1\n  validation_passes: 3\n"),
            ("output_validator/validate.py", validator),
            ("data/sample/1.in", "1\n"),
            ("data/sample/1.ans", "8\n"),
            ("data/secret/1.in", "3\n"),
            ("data/secret/1.ans", "24\n"),
            ("submissions/accepted/double.py", "print(2 * int(input()))\n"),
            ("submissions/wrong_answer/triple.py", "print(3 * int(input()))\n"),
        ],
    );
    imported(&sandbox, &root, &[]);
    let toml = problem_toml(&sandbox, "doubling");
    assert!(toml.lines().any(|l| l == "validation_passes = 3"), "{toml}");
    verify_exits(&sandbox, "doubling", 0);
}

#[test]
fn verify_matrix_names_what_each_case_rejects_the_dead_cases_and_a_smallest_covering_set() {
    let Some(sandbox) = with_python() else { return };
    // The square of n, on n = 2, 0, 1, 3; each wrong submission is right
    // on some of them, and none is wrong on 0.
    let root = package(
        &sandbox,
        "squares",
        &[
            ("problem.yaml", "problem_format_version: 2023-07\nname: Squares\nuuid: x\nlimits:\n  time_limit: 1\n"),
            ("data/sample/1.in", "2\n"),
            ("data/sample/1.ans", "4\n"),
            ("data/secret/1.in", "0\n"),
            ("data/secret/1.ans", "0\n"),
            ("data/secret/2.in", "1\n"),
            ("data/secret/2.ans", "1\n"),
            ("data/secret/3.in", "3\n"),
            ("data/secret/3.ans", "9\n"),
            ("submissions/accepted/square.py", "n = int(input())\nprint(n * n)\n"),
            ("submissions/wrong_answer/double.py", "n = int(input())\nprint(n + n)\n"),
            ("submissions/wrong_answer/cube.py", "n = int(input())\nprint(n ** 3)\n"),
            ("submissions/wrong_answer/one-off.py", "n = int(input())\nprint(n * n + (n == 1))\n"),
            ("submissions/wrong_answer/lucky.py", "n = int(input())\nprint(abs(n) * n)\n"),
            ("submissions/time_limit_exceeded/spin.py", "n = int(input())\nwhile n == 3:\n    pass\nprint(n * n)\n"),
        ],
    );
    imported(&sandbox, &root, &[]);
    let output = run_exits(&sandbox, &["verify", "squares", "--matrix"], 0);
    assert!(!output.contains("square.py"), "{output}");
    // The legend numbers the wrong submissions; each case's row lists the
    // numbers it rejects.
    let number = |name: &str| {
        let line = output
            .lines()
            .find(|l| l.trim_end().ends_with(&format!("submissions/{name}")))
            .unwrap_or_else(|| panic!("{name} not in the legend:\n{output}"));
        line.split_whitespace().next().unwrap().to_string()
    };
    let row = |case: &str| {
        let line = output
            .lines()
            .find(|l| l.split_whitespace().next() == Some(case))
            .unwrap_or_else(|| panic!("no row for {case}:\n{output}"));
        let mut found: Vec<String> = line.split_whitespace().skip(1).map(String::from).collect();
        found.sort();
        found
    };
    let numbers = |names: &[&str]| {
        let mut found: Vec<String> = names.iter().map(|n| number(n)).collect();
        found.sort();
        found
    };
    assert_eq!(
        row("sample-1"),
        numbers(&["wrong_answer/cube.py"]),
        "{output}"
    );
    assert_eq!(row("secret-1"), vec!["-"], "{output}");
    assert_eq!(
        row("secret-2"),
        numbers(&["wrong_answer/double.py", "wrong_answer/one-off.py"]),
        "{output}"
    );
    assert_eq!(
        row("secret-3"),
        numbers(&[
            "wrong_answer/double.py",
            "wrong_answer/cube.py",
            "time_limit_exceeded/spin.py"
        ]),
        "{output}"
    );
    output.assert_lines(&[
        "cases that reject none: secret-1",
        "rejected by a single case: submissions/time_limit_exceeded/spin.py (only by secret-3)",
        "rejected by a single case: submissions/wrong_answer/one-off.py (only by secret-2)",
        "rejected by no case: submissions/wrong_answer/lucky.py",
        "smallest set of cases that still rejects every rejected one: secret-2, secret-3 (2 of 4 cases)",
    ]);
}

#[test]
fn binaries_and_notes_beside_the_submissions_are_ignored_with_a_note() {
    let Some(sandbox) = with_python() else { return };
    let root = package(
        &sandbox,
        "leftovers",
        &[
            ("problem.yaml", "name: Leftovers\n"),
            ("data/sample/1.in", "2\n"),
            ("data/sample/1.ans", "4\n"),
            (
                "submissions/accepted/square.py",
                "n = int(input())\nprint(n * n)\n",
            ),
            ("!submissions/accepted/a.out", "\u{7f}ELF\u{2}\u{1}\u{1}"),
            ("submissions/accepted/square.o", "\u{7f}ELF\u{2}\u{1}\u{1}"),
            (
                "submissions/accepted/NOTES.md",
                "# why square.py is right\n",
            ),
            ("submissions/wrong_answer/timing.txt", "0.01 s\n"),
            ("submissions/wrong_answer/util.h", "int twice(int);\n"),
        ],
    );
    fs::write(
        root.join("submissions/accepted/Square.class"),
        [0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 52],
    )
    .unwrap();
    let stdout = imported(&sandbox, &root, &[]);
    for line in [
        "note: submissions/accepted/a.out: a compiled binary (ELF), not a submission: ignored",
        "note: submissions/accepted/square.o: a compiled binary (ELF), not a submission: ignored",
        "note: submissions/accepted/Square.class: a compiled Java class, not a submission: ignored",
        "note: submissions/accepted/NOTES.md: no source of a language here, not a submission: ignored",
        "note: submissions/wrong_answer/timing.txt: no source of a language here, not a submission: ignored",
    ] {
        assert!(stdout.lines().any(|l| l.trim() == line), "{line} not in:\n{stdout}");
    }
    let toml = problem_toml(&sandbox, "leftovers");
    let labelled: Vec<&str> = toml
        .lines()
        .filter(|l| l.starts_with("submission."))
        .collect();
    assert_eq!(
        labelled,
        ["submission.\"submissions/accepted/square.py\" = \"permitted AC language pypy3\""],
        "{toml}"
    );
    // A header is kept for the sources beside it, and is no submission.
    let data = sandbox.root.join("judge-data/leftovers");
    assert!(data.join("submissions/wrong_answer/util.h").is_file());
    assert!(!data.join("submissions/accepted/a.out").exists());
    let output = verify_exits(&sandbox, "leftovers", 0);
    output.assert_has("1 submissions, 0 mismatched");
}

#[test]
fn validate_runs_the_input_validators_on_every_input_and_names_the_invalid_one() {
    let Some(sandbox) = with_sumup() else { return };
    let output = run_exits(&sandbox, &["validate", "sumup"], 0);
    output.assert_has("3 inputs, 0 invalid");
    sandbox.write("judge-data/sumup/bad.in", "1 two\n");
    sandbox.write("judge-data/sumup/bad.out", "Sum: 3\n");
    let output = run_exits(&sandbox, &["validate", "sumup"], 1);
    output.assert_has("sumup      bad                          INVALID");
    output.assert_has("judge-data/sumup/input_validators/validate.py says it is invalid");
    // A validator that hangs is stopped at its helper time limit, named.
    sandbox.write(
        "judge-data/sumup/input_validators/validate.py",
        "import time\ntime.sleep(5)\n",
    );
    let toml = problem_toml(&sandbox, "sumup");
    sandbox.write(
        "judge-data/sumup/problem.toml",
        &format!("{toml}helper_time_limit_ms = 500\n"),
    );
    let output = run_exits(&sandbox, &["validate", "sumup"], 1);
    output.assert_has("validate.py failed: ran past its 500 ms limit (helper_time_limit_ms)");
}

#[test]
fn submissions_json_names_the_entry_point_of_a_folder_submission() {
    let Some(sandbox) = with_python() else { return };
    let root = package(
        &sandbox,
        "twomains",
        &[
            (
                "problem.yaml",
                "name: Two Mains\nlimits:\n  time_multiplier: 2\n",
            ),
            ("data/secret/1.in", "5\n"),
            ("data/secret/1.ans", "6\n"),
            // Both files could start it: only the entry point tells.
            (
                "submissions/accepted/pair/inc.py",
                "import helper\nif __name__ == '__main__':\n    print(helper.inc(int(input())))\n",
            ),
            (
                "submissions/accepted/pair/helper.py",
                "def inc(n):\n    return n + 1\nif __name__ == '__main__':\n    print('wrong')\n",
            ),
            (
                "submissions/submissions.json",
                "{\"accepted/pair\": {\"entry_point\": \"inc.py\", \"language\": \"python3\"}}\n",
            ),
        ],
    );
    imported(&sandbox, &root, &[]);
    let toml = problem_toml(&sandbox, "twomains");
    assert!(
        toml.contains(
            "submission.\"submissions/accepted/pair\" = \"permitted AC entry inc.py language pypy3\""
        ),
        "{toml}"
    );
    verify_exits(&sandbox, "twomains", 0);
}

#[test]
fn a_script_of_many_files_starts_in_its_folder_and_finds_its_other_files() {
    let sandbox = Sandbox::new(LIMITS);
    // As DOMjudge's hello has it: `main.sh` sources a file beside it by a
    // relative path, as a judge that starts a script in its folder runs it.
    let root = package(
        &sandbox,
        "twofiles",
        &[
            ("problem.yaml", "name: Two Files\n"),
            ("data/secret/1.in", "5\n"),
            ("data/secret/1.ans", "6\n"),
            (
                "submissions/accepted/multifile-sh/main.sh",
                "#!/bin/sh\n. ./secondary.sh\nread n\ninc \"$n\"\n",
            ),
            (
                "submissions/accepted/multifile-sh/secondary.sh",
                "inc() { echo $(($1 + 1)); }\n",
            ),
        ],
    );
    imported(&sandbox, &root, &[]);
    verify_exits(&sandbox, "twofiles", 0);
}

#[test]
fn validate_also_checks_the_inputs_the_generator_makes() {
    let Some(sandbox) = with_sumup() else { return };
    // A generator whose seed 3 makes a bad input.
    fs::create_dir_all(sandbox.root.join("target/release")).unwrap();
    sandbox.program(
        "target/release/sumup-gen",
        "[ \"$1\" = 3 ] && echo 'x y' || echo \"$1 $1\"",
    );
    let output = run_exits(&sandbox, &["validate", "sumup", "--count", "4"], 1);
    output.assert_has("sumup-gen 3                  INVALID");
    output.assert_has("7 inputs, 1 invalid");
}

/// Runs `python3 -c <program> <args>`, which must succeed.
fn python(program: &str, args: &[&str]) {
    let output = std::process::Command::new("python3")
        .arg("-c")
        .arg(program)
        .args(args)
        .output()
        .unwrap();
    success_stdout(&output);
}

/// Fails unless importing `path` is refused in one line holding `wanted`
/// (exit status 2), writing nothing.
fn refused(sandbox: &Sandbox, path: &Path, wanted: &str) {
    let output = import(sandbox, path, &["--id", "bad"]);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains(wanted), "{wanted} not in {stderr}");
    assert!(!sandbox.root.join("judge-data/bad").exists());
    assert!(!sandbox.root.join("problems/bad").exists());
    assert_eq!(
        listing(&sandbox.root.join("target/import")),
        Vec::<String>::new()
    );
}

#[test]
fn a_zip_bomb_is_refused_before_it_is_inflated_and_a_large_case_is_streamed() {
    let Some(sandbox) = with_python() else { return };
    // Python's zipfile deflates 1 GiB of zeros into about 1 MiB.
    let bomb = sandbox.root.join("bomb.zip");
    let write = "import sys, zipfile\n\
        with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as z:\n\
        \x20   z.writestr('problem.yaml', 'name: Bomb\\n')\n\
        \x20   with z.open('data/secret/1.in', 'w') as f:\n\
        \x20       for _ in range(int(sys.argv[2])): f.write(bytes(1 << 20))\n\
        \x20   z.writestr('data/secret/1.ans', '0\\n')\n";
    python(write, &[bomb.to_str().unwrap(), "1024"]);
    assert!(fs::metadata(&bomb).unwrap().len() < 2 << 20);
    let mut command = sandbox.command(
        &probe(),
        &["import", "--package", bomb.to_str().unwrap(), "--id", "bad"],
    );
    let (output, peak_kib) = common::run_measuring_memory(&mut command);
    assert!(
        peak_kib < 64 << 10,
        "{peak_kib} KiB: the entry was inflated"
    );
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    refused(
        &sandbox,
        &bomb,
        "data/secret/1.in expands to 1024 MiB, past the bound on an entry: \
         under 64 MiB (the case size limit): refused",
    );
    // A folder's case of 65 MiB is refused too: the import never raises
    // case_size_limit_mib to fit one.
    let big = "7".repeat(65 << 20) + "\n";
    let root = package(
        &sandbox,
        "count",
        &[
            ("problem.yaml", "name: Count\n"),
            ("data/secret/big.in", &big),
            ("data/secret/big.ans", "68157441\n"),
        ],
    );
    refused(
        &sandbox,
        &root,
        "data/secret/big.in is 66560 KiB, past the bound on a file of a package: \
         under 64 MiB (the case size limit): refused",
    );
    // One of 60 MiB is imported, streamed to disk, never held whole.
    let large = sandbox.root.join("large.zip");
    python(write, &[large.to_str().unwrap(), "60"]);
    let mut command = sandbox.command(&probe(), &["import", "--package", large.to_str().unwrap()]);
    let (output, peak_kib) =
        common::run_measuring_memory(command.env("JUDGE_IMPORT_SKIP_BUILD", "1"));
    success_stdout(&output);
    assert!(
        peak_kib < 32 << 10,
        "{peak_kib} KiB: the case was held whole"
    );
    let stored = sandbox.root.join("judge-data/large/secret-1.in");
    assert_eq!(fs::metadata(stored).unwrap().len(), 60 << 20);
    assert!(!problem_toml(&sandbox, "large").contains("case_size_limit_mib"));
}

#[test]
fn cp437_names_are_decoded_and_two_entries_naming_one_case_are_refused() {
    let sandbox = Sandbox::new(LIMITS);
    // Names without the UTF-8 flag: `#` becomes CP437's é (0x82), `%` è
    // (0x8a), which read as UTF-8 were both one U+FFFD, one case.
    let mut bytes = zip(&[
        ("problem.yaml", b"name: Caf\n"),
        ("data/secret/caf#.in", b"1\n"),
        ("data/secret/caf#.ans", b"1\n"),
        ("data/secret/caf%.in", b"2\n"),
        ("data/secret/caf%.ans", b"2\n"),
    ]);
    for byte in bytes.iter_mut() {
        *byte = match *byte {
            b'#' => 0x82,
            b'%' => 0x8a,
            other => other,
        };
    }
    let path = sandbox.root.join("caf.zip");
    fs::write(&path, &bytes).unwrap();
    let stdout = imported(&sandbox, &path, &[]);
    stdout.assert_has("2 cases");
    for case in ["secret-café", "secret-cafè"] {
        let stored = sandbox.root.join(format!("judge-data/caf/{case}.in"));
        assert!(stored.exists(), "no {case}: {stdout}");
    }
    // `data\secret\1.in` (a Windows zip) and `data/secret/1.in` are one.
    let bytes = zip(&[
        ("problem.yaml", b"name: x\n"),
        ("data/secret/1.in", b"1\n"),
        ("data\\secret\\1.in", b"2\n"),
    ]);
    let path = sandbox.root.join("twice.zip");
    fs::write(&path, &bytes).unwrap();
    refused(
        &sandbox,
        &path,
        "the entries \"data/secret/1.in\" and \"data\\\\secret\\\\1.in\" both name \
         data/secret/1.in: refused (one would replace the other)",
    );
}

#[test]
fn problem_yaml_is_read_as_yaml_reads_it_or_refused_in_one_line() {
    let sandbox = Sandbox::new(LIMITS);
    // CR-only line ends, a folded name, a flow mapping, an empty item.
    let yaml = "name: >\r  Sum\r  Up\rlimits: {memory: 256}\rkeywords:\r-\r- b\r";
    let root = package(
        &sandbox,
        "crsum",
        &[
            ("problem.yaml", yaml),
            ("data/secret/1.in", "1 2\n"),
            ("data/secret/1.ans", "3\n"),
        ],
    );
    imported(&sandbox, &root, &[]);
    let toml = problem_toml(&sandbox, "crsum");
    assert_line(&toml, "title = \"Sum Up\"");
    assert_line(&toml, "memory_limit_kib = 262144");
    for (name, yaml, wanted) in [
        (
            "nbsp",
            "\u{a0}name: x\n",
            "problem.yaml: line 1: expected spaces for indentation, found a no-break space (U+00A0)",
        ),
        (
            "deep",
            &format!("name: {}{}\n", "[".repeat(50_000), "]".repeat(50_000)),
            "problem.yaml: line 1: expected at most 256 levels of nesting",
        ),
    ] {
        let root = package(&sandbox, name, &[("problem.yaml", yaml)]);
        refused(&sandbox, &root, wanted);
    }
}

#[test]
fn entries_sharing_bytes_are_refused_as_unzip_refuses_them() {
    let sandbox = Sandbox::new(LIMITS);
    // The second entry's central record points at the first's local
    // header: two names, one set of bytes.
    let mut bytes = zip(&[("problem.yaml", b"name: x\n"), ("data/secret/1.in", b"1\n")]);
    let second = bytes
        .windows(4)
        .rposition(|w| w == 0x0201_4b50u32.to_le_bytes())
        .unwrap();
    bytes[second + 42..second + 46].copy_from_slice(&0u32.to_le_bytes());
    let path = sandbox.root.join("overlap.zip");
    fs::write(&path, &bytes).unwrap();
    refused(
        &sandbox,
        &path,
        "the entries data/secret/1.in and problem.yaml share bytes of the archive \
         (overlapping entries, as zip bombs make them): refused",
    );
    if have("unzip") {
        let output = std::process::Command::new("unzip")
            .args(["-t", path.to_str().unwrap()])
            .output()
            .unwrap();
        assert!(!output.status.success(), "unzip took it");
        assert!(
            text(&output.stdout).contains("overlapped components"),
            "{}",
            text(&output.stdout)
        );
    }
}

#[test]
fn the_output_limit_is_the_format_judge_s_not_twice_the_answer() {
    let Some(sandbox) = with_python() else { return };
    // The answer holds only the optimum; the output is a 2 MB construction.
    let validator = "import sys\nwant = open(sys.argv[2]).read().split()[0]\n\
        got = sys.stdin.read().split()\nsys.exit(42 if got and got[0] == want else 43)\n";
    let root = package(
        &sandbox,
        "construct",
        &[
            ("problem.yaml", "name: Construct\nvalidation: custom\nlimits:\n  time_multiplier: 2\n"),
            ("output_validators/check/check.py", validator),
            ("data/secret/1.in", "7\n"),
            ("data/secret/1.ans", "7\n"),
            ("submissions/accepted/build.py", "n = input()\nprint(n)\nprint('1 ' * 1000000)\n"),
            (
                "submissions/wrong_answer/flood.py",
                "# @EXPECTED_RESULTS@: OUTPUT-LIMIT\nimport sys\nn = input()\nprint(n)\nsys.stdout.write('1 ' * (5 << 20))\n",
            ),
        ],
    );
    imported(&sandbox, &root, &[]);
    assert_line(&problem_toml(&sandbox, "construct"), "output_limit_mib = 8");
    let output = verify_exits(&sandbox, "construct", 0);
    assert_eq!(status_of(&output, "submissions/accepted/build.py"), "ok");
    assert_eq!(
        status_of(&output, "submissions/wrong_answer/flood.py"),
        "ok"
    );
    // A package's own limits.output, in MiB, is the limit.
    let own = package(
        &sandbox,
        "roomy",
        &[
            ("problem.yaml", "name: Roomy\nlimits:\n  output: 32\n"),
            ("data/secret/1.in", "1\n"),
            ("data/secret/1.ans", "1\n"),
        ],
    );
    imported(&sandbox, &own, &[]);
    let toml = problem_toml(&sandbox, "roomy");
    assert_line(&toml, "output_limit_mib = 32");
}

#[test]
fn loose_files_in_output_validators_are_one_validator_compiled_together() {
    let Some(sandbox) = sandbox_with(&["g++", "python3"], LIMITS) else {
        return;
    };
    // checker.cpp uses a header beside it and a function of another source.
    let checker = "#include <cstdio>\n#include \"same.h\"\nint main(int argc, char **argv) {\n\
        FILE *ans = fopen(argv[2], \"r\"); long want, got; if (fscanf(ans, \"%ld\", &want) != 1) return 1;\n\
        if (scanf(\"%ld\", &got) != 1) return 43; return same(got, want) ? 42 : 43; }\n";
    let root = package(
        &sandbox,
        "loose",
        &[
            (
                "problem.yaml",
                "name: Loose\nvalidation: custom\nlimits:\n  time_multiplier: 2\n",
            ),
            ("output_validators/checker.cpp", checker),
            ("output_validators/same.h", "bool same(long a, long b);\n"),
            (
                "output_validators/same.cpp",
                "#include \"same.h\"\nbool same(long a, long b) { return a == b; }\n",
            ),
            ("data/secret/1.in", "4\n"),
            ("data/secret/1.ans", "8\n"),
            (
                "submissions/accepted/double.py",
                "print(2 * int(input()))\n",
            ),
            (
                "submissions/wrong_answer/triple.py",
                "print(3 * int(input()))\n",
            ),
        ],
    );
    let stdout = imported(&sandbox, &root, &[]);
    stdout.assert_has("checker judge-data/loose/output_validators, ");
    assert_line(
        &problem_toml(&sandbox, "loose"),
        "checker = \"judge-data/loose/output_validators\"",
    );
    // The package's validator judges: no checker stub beside the solution.
    let problem = sandbox.root.join("problems/loose");
    assert!(problem.join("src/main.rs").is_file());
    assert!(!problem.join("src/check.rs").exists());
    let output = verify_exits(&sandbox, "loose", 0);
    assert_eq!(
        status_of(&output, "submissions/wrong_answer/triple.py"),
        "ok"
    );
}

#[test]
fn polygon_per_test_points_without_groups_score_each_test_its_points() {
    let Some(sandbox) = with_python() else { return };
    // Polygon's common layout: no groups, the sample 0 points, every other test 2.
    let xml = r#"<?xml version="1.0" encoding="utf-8"?>
<problem revision="1" short-name="points">
  <names><name language="english" value="Points"/></names>
  <judging>
    <testset name="tests">
      <time-limit>1000</time-limit>
      <memory-limit>268435456</memory-limit>
      <tests>
        <test method="manual" points="0.0" sample="true"/>
        <test method="manual" points="2.0"/>
        <test method="manual" points="2.0"/>
      </tests>
    </testset>
  </judging>
  <assets>
    <solutions>
      <solution tag="main"><source path="solutions/main.py" type="python.3"/></solution>
    </solutions>
  </assets>
</problem>
"#;
    let root = package(
        &sandbox,
        "points",
        &[
            ("problem.xml", xml),
            ("tests/01", "1 2\n"),
            ("tests/01.a", "3\n"),
            ("tests/02", "5 5\n"),
            ("tests/02.a", "10\n"),
            ("tests/03", "7 1\n"),
            ("tests/03.a", "8\n"),
            (
                "solutions/main.py",
                "a, b = map(int, input().split())\nprint(a + b)\n",
            ),
            (
                "solutions/wa.py",
                "a, b = map(int, input().split())\nprint(a + b + (a == 5))\n",
            ),
        ],
    );
    let stdout = imported(&sandbox, &root, &[]);
    stdout.assert_has(", scoring");
    let toml = problem_toml(&sandbox, "points");
    toml.assert_lines(&[
        "scoring = true",
        "group.\"tests/ungrouped/points-0\".cases = [\"tests-01\"]",
        "group.\"tests/ungrouped/points-2\".cases = [\"tests-02\", \"tests-03\"]",
        "group.\"tests/ungrouped/points-2\".accept_score = 2",
    ]);
    let output = test_bin(&sandbox, "points", "packages/points/solutions/wa.py", 1);
    output.assert_has("score: 2 (tests)");
}

#[test]
fn a_checktestdata_validator_is_refused_by_name_never_skipped() {
    let Some(sandbox) = with_python() else { return };
    let root = package(
        &sandbox,
        "ctd",
        &[
            ("problem.yaml", "name: Ctd\n"),
            ("data/secret/1.in", "4\n"),
            ("data/secret/1.ans", "4\n"),
            ("input_validators/format.ctd", "INT(1, 10) NEWLINE\nEOF\n"),
        ],
    );
    let stdout = imported(&sandbox, &root, &[]);
    stdout.assert_has("note: input_validators/format.ctd: checktestdata is not supported");
    assert_line(
        &problem_toml(&sandbox, "ctd"),
        "input_validators = [\"judge-data/ctd/input_validators/format.ctd\"]",
    );
    let output = run_exits(&sandbox, &["validate", "ctd"], 2);
    output.assert_has("input_validators/format.ctd: checktestdata is not supported");
    assert_eq!(output.trim().lines().count(), 1, "{output}");
}

#[test]
fn force_keeps_the_files_and_keys_the_package_did_not_bring() {
    let sandbox = Sandbox::new(LIMITS);
    let package = legacy_package(&sandbox.root.join("packages"));
    imported(&sandbox, &package, &[]);
    let data = sandbox.root.join("judge-data/sumup");
    // An imported problem has a bench line, as `make new` writes.
    let toml = problem_toml(&sandbox, "sumup");
    assert_line(&toml, "bench.max = [1000, 10000, 100000]");
    // The user's: a saved stress case, bench series (one in the flat form,
    // one over lines), a stress setting.
    fs::write(data.join("stress-1.in"), "3 4\n").unwrap();
    fs::write(data.join("stress-1.out"), "Sum: 7\n").unwrap();
    let toml = toml.replace("bench.max = [1000, 10000, 100000]", "bench.max = 10 20")
        + "bench.huge = [\n  1000000, # the limit\n]\nstress_case_lines = 1\n";
    fs::write(data.join("problem.toml"), toml).unwrap();
    // The package drops a case and changes one.
    fs::remove_dir_all(package.join("data/secret/big")).unwrap();
    fs::write(package.join("data/secret/01-small.ans"), "Sum: 13\n").unwrap();
    let stdout = imported(&sandbox, &package, &["--force"]);
    stdout.assert_has("kept 2 files the package did not bring: stress-1.in, stress-1.out");
    stdout.assert_has("kept from problem.toml: bench.max, bench.huge, stress_case_lines");
    assert_eq!(
        fs::read_to_string(data.join("stress-1.in")).unwrap(),
        "3 4\n"
    );
    assert!(!data.join("secret-big-1.in").exists());
    assert_eq!(
        fs::read_to_string(data.join("secret-01-small.out")).unwrap(),
        "Sum: 13\n"
    );
    let toml = problem_toml(&sandbox, "sumup");
    toml.assert_has(
        "bench.max = [10, 20]\nbench.huge = [\n  1000000, # the limit\n]\nstress_case_lines = 1\n",
    );
    assert!(
        !toml.contains("bench.max = [1000, 10000, 100000]"),
        "{toml}"
    );
    common::assert_toml(&[data.join("problem.toml")]);
    // And again: nothing changed, nothing written, the user's work still there.
    let again = imported(&sandbox, &package, &[]);
    again.assert_has("unchanged since it was imported");
    assert!(data.join("stress-1.out").is_file());
}

#[test]
fn a_2025_09_scoring_package_scores_by_max_score_and_score_aggregation() {
    let Some(sandbox) = sandbox_with(&["python3"], LIMITS) else {
        return;
    };
    let root = package(
        &sandbox,
        "twice",
        &[
            ("problem.yaml", "problem_format_version: 2025-09\ntype: scoring\nname: Twice\nuuid: 5\n\
              credits: Ann Author <ann@example.com>\nsource:\n  name: Test Cup 2025\n  url: https://cup.example/twice\n\
              limits:\n  time_limit: 1\n  output: 16\n"),
            ("data/sample/1.in", "1\n"),
            ("data/sample/1.ans", "2\n"),
            // Pass-fail by default: all of its 40 points or none.
            ("data/secret/a/test_group.yaml", "max_score: 40\n"),
            ("data/secret/a/1.in", "2\n"),
            ("data/secret/a/1.ans", "4\n"),
            ("data/secret/a/2.in", "3\n"),
            ("data/secret/a/2.ans", "6\n"),
            // Summed: 30 points a case.
            ("data/secret/b/test_group.yaml", "max_score: 60\nscore_aggregation: sum\n"),
            ("data/secret/b/1.in", "5\n"),
            ("data/secret/b/1.ans", "10\n"),
            ("data/secret/b/2.in", "7\n"),
            ("data/secret/b/2.ans", "14\n"),
            ("submissions/accepted/twice.py", "print(2 * int(input()))\n"),
            ("submissions/rejected/seven.py", "n = int(input())\nprint(2 * n + (n == 7))\n"),
            ("submissions/submissions.yaml", "rejected/seven.py:\n  score: 70\n"),
        ],
    );
    let stdout = imported(&sandbox, &root, &[]);
    assert!(
        stdout.contains("(problem package format (2025-09)): new, 5 cases (1 sample)"),
        "{stdout}"
    );
    let toml = problem_toml(&sandbox, "twice");
    for line in [
        "url = \"https://cup.example/twice\"",
        "time_limit_ms = 1000",
        "output_limit_mib = 16",
        "scoring = true",
        "group.data.grader_flags = [\"ignore_sample\"]",
        "group.\"data/secret/a\".accept_score = 40",
        "group.\"data/secret/a\".grader_flags = [\"min\"]",
        "group.\"data/secret/b\".accept_score = 30",
    ] {
        assert_line(&toml, line);
    }
    let (code, output) = run(
        &sandbox,
        &[
            "test",
            "twice",
            "--bin",
            "@judge-data/twice/submissions/rejected/seven.py",
        ],
    );
    assert_eq!(code, 1, "{output}");
    assert!(output.contains("score: 70 of 100 (data)"), "{output}");
    let (code, output) = verify(&sandbox, "twice");
    assert_eq!(code, 0, "{output}");
    // A version not of the format is refused by name.
    fs::write(
        root.join("problem.yaml"),
        "problem_format_version: 2031-01\nname: X\n",
    )
    .unwrap();
    let output = import(&sandbox, &root, &["--id", "other"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("expected legacy, 2023-07 or 2025-09"));
}

#[test]
fn legacy_validation_custom_multi_pass_runs_the_validator_s_passes() {
    let Some(sandbox) = sandbox_with(&["python3"], LIMITS) else {
        return;
    };
    // DOMjudge's hangman and jumble: legacy `validation: custom multi-pass`.
    // Pass 1's input is `first`, the validator's nextpass.in `second`; a
    // submission must answer each. One right only in pass 1 is a wrong
    // answer, which a single pass would accept.
    let validator = "import sys\nasked = open(sys.argv[1]).read().split()[0]\n\
        got = sys.stdin.read().split()\n\
        if got != ['ok-' + asked]:\n    sys.exit(43)\n\
        if asked == 'first':\n    open(sys.argv[3] + '/nextpass.in', 'w').write('second\\n')\n\
        sys.exit(42)\n";
    let root = package(
        &sandbox,
        "twopass",
        &[
            (
                "problem.yaml",
                "name: Two Passes\nvalidation: custom multi-pass\nlimits:\n  time_multiplier: 2\n  validation_passes: 2\n",
            ),
            ("output_validators/check/check.py", validator),
            ("data/secret/1.in", "first\n"),
            ("data/secret/1.ans", "-\n"),
            ("submissions/accepted/both.py", "print('ok-' + input())\n"),
            ("submissions/wrong_answer/once.py", "input()\nprint('ok-first')\n"),
        ],
    );
    imported(&sandbox, &root, &[]);
    assert_line(&problem_toml(&sandbox, "twopass"), "validation_passes = 2");
    let (code, output) = verify(&sandbox, "twopass");
    assert_eq!(code, 0, "{output}");
    assert_eq!(status_of(&output, "submissions/wrong_answer/once.py"), "ok");
}

#[test]
fn a_polygon_main_solution_gets_a_stack_as_large_as_the_memory_limit() {
    let Some(sandbox) = sandbox_with(&["g++"], LIMITS) else {
        return;
    };
    // A 64 MiB array on the stack, as Codeforces allows under 256 MiB; at
    // Linux's default 8 MiB it is a SIGSEGV, making the answer and judged.
    let xml = r#"<?xml version="1.0" encoding="utf-8" standalone="no"?>
<problem revision="1" short-name="deep">
  <names><name language="english" value="Deep"/></names>
  <judging>
    <testset name="tests">
      <time-limit>2000</time-limit>
      <memory-limit>268435456</memory-limit>
      <test-count>1</test-count>
      <input-path-pattern>tests/%02d</input-path-pattern>
      <answer-path-pattern>tests/%02d.a</answer-path-pattern>
      <tests><test method="manual"/></tests>
    </testset>
  </judging>
  <assets>
    <solutions><solution tag="main"><source path="solutions/main.cpp" type="cpp.g++17"/></solution></solutions>
  </assets>
</problem>
"#;
    let main = "#include <cstdio>\nint main() { volatile char big[64 << 20]; long n; scanf(\"%ld\", &n);\n\
        for (long i = 0; i < (64 << 20); i += 4096) big[i] = (char)i;\n\
        printf(\"%ld\\n\", n + big[4096]); }\n";
    let root = package(
        &sandbox,
        "deep",
        &[
            ("problem.xml", xml),
            ("tests/01", "5\n"),
            ("solutions/main.cpp", main),
        ],
    );
    imported(&sandbox, &root, &[]);
    let data = sandbox.root.join("judge-data/deep");
    assert_eq!(
        fs::read_to_string(data.join("tests-01.out")).unwrap(),
        "5\n"
    );
    assert_line(&problem_toml(&sandbox, "deep"), "stack_kib = 262144");
    let (code, output) = verify(&sandbox, "deep");
    assert_eq!(code, 0, "{output}");
}

#[test]
fn a_result_no_judging_gives_leaves_its_submission_unverified_and_named() {
    let Some(sandbox) = sandbox_with(&["python3"], LIMITS) else {
        return;
    };
    // DOMjudge's hello: a test of its submit client, labelled with a result
    // DOMjudge imports and no judging gives, in a labelled folder.
    let root = package(
        &sandbox,
        "oddlabel",
        &[
            ("domjudge-problem.ini", "name='Odd Label'\ntimelimit='1'\n"),
            ("data/secret/1.in", "3\n"),
            ("data/secret/1.ans", "9\n"),
            (
                "submissions/accepted/square.py",
                "n = int(input())\nprint(n * n)\n",
            ),
            (
                "submissions/accepted/odd.py",
                "# @EXPECTED_RESULTS@: NONE-INVALID-SUBMISSION\nprint(1)\n",
            ),
        ],
    );
    let stdout = imported(&sandbox, &root, &[]);
    assert!(
        stdout.contains(
            "submissions/accepted/odd.py: @EXPECTED_RESULTS@ names \"NONE-INVALID-SUBMISSION\", \
             a result no judging gives: not verified"
        ),
        "{stdout}"
    );
    assert!(!stdout.contains("submissions/accepted/: not a"), "{stdout}");
    let toml = problem_toml(&sandbox, "oddlabel");
    assert!(!toml.contains("odd.py"), "{toml}");
    let (code, output) = verify(&sandbox, "oddlabel");
    assert_eq!(code, 0, "{output}");
    assert!(output.contains("1 submissions, 0 mismatched"), "{output}");
}

#[test]
fn domjudge_s_submissions_json_at_the_top_names_a_folder_s_entry_point() {
    let Some(sandbox) = sandbox_with(&["python3"], LIMITS) else {
        return;
    };
    // As DOMjudge's hello has it: at the package's top, a folder named as
    // its zip entry (a trailing `/`), and one it names left unverified.
    let root = package(
        &sandbox,
        "topjson",
        &[
            ("domjudge-problem.ini", "name='Top Json'\ntimelimit='1'\n"),
            ("data/secret/1.in", "5\n"),
            ("data/secret/1.ans", "6\n"),
            (
                "submissions/accepted/pair/inc.py",
                "# @EXPECTED_RESULTS@: CORRECT\nimport helper\nif __name__ == '__main__':\n    print(helper.inc(int(input())))\n",
            ),
            (
                "submissions/accepted/pair/helper.py",
                "def inc(n):\n    return n + 1\nif __name__ == '__main__':\n    print('wrong')\n",
            ),
            ("submissions/mixed/plain.py", "print(6)\n"),
            (
                "submissions.json",
                "{\"submissions/accepted/pair/\": {\"entry_point\": \"inc.py\"},\n\
                 \"submissions/mixed/plain.py\": {\"entry_point\": \"plain.py\"}}\n",
            ),
        ],
    );
    imported(&sandbox, &root, &[]);
    let toml = problem_toml(&sandbox, "topjson");
    assert_line(
        &toml,
        "submission.\"submissions/accepted/pair\" = \"final AC entry inc.py language pypy3\"",
    );
    let (code, output) = verify(&sandbox, "topjson");
    assert_eq!(code, 0, "{output}");
    // A path that is not in the package is refused by name.
    fs::write(
        root.join("submissions.json"),
        "{\"submissions/accepted/gone/\": {\"entry_point\": \"x.py\"}}\n",
    )
    .unwrap();
    let output = import(&sandbox, &root, &["--id", "gone"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).contains("submissions.json: no submission submissions/accepted/gone/"),
        "{}",
        text(&output.stderr)
    );
}

#[test]
fn a_folder_with_no_source_of_a_language_here_is_no_submission_but_a_note() {
    let Some(sandbox) = sandbox_with(&["python3"], LIMITS) else {
        return;
    };
    // DOMjudge's hello: an Ada source with a note beside it, in a folder.
    let root = package(
        &sandbox,
        "adafolder",
        &[
            ("domjudge-problem.ini", "name='Ada Folder'\ntimelimit='1'\n"),
            ("data/secret/1.in", "3\n"),
            ("data/secret/1.ans", "9\n"),
            (
                "submissions/accepted/square.py",
                "n = int(input())\nprint(n * n)\n",
            ),
            ("submissions/accepted/extra-file-adb/hello.adb", "-- Ada\n"),
            (
                "submissions/accepted/extra-file-adb/zz-random.txt",
                "notes\n",
            ),
        ],
    );
    let stdout = imported(&sandbox, &root, &[]);
    assert!(
        stdout.contains(
            "submissions/accepted/extra-file-adb: a folder with no source of a language here, \
             not a submission: ignored"
        ),
        "{stdout}"
    );
    assert!(!problem_toml(&sandbox, "adafolder").contains("extra-file-adb"));
    let (code, output) = verify(&sandbox, "adafolder");
    assert_eq!(code, 0, "{output}");
}

/// A legacy package `name` of `sumup`'s cases with `files` added (its
/// submissions): shell scripts, run wherever `sh` is.
fn sum_package(sandbox: &Sandbox, name: &str, files: &[(&str, &str)]) -> PathBuf {
    let mut all = vec![
        ("data/sample/1.in", "1 2\n"),
        ("data/sample/1.ans", "Sum: 3\n"),
        ("data/secret/1.in", "5 7\n"),
        ("data/secret/1.ans", "Sum: 12\n"),
        ("data/secret/2.in", "1 1\n"),
        ("data/secret/2.ans", "Sum: 2\n"),
    ];
    all.extend_from_slice(files);
    package(sandbox, name, &all)
}

#[test]
fn import_and_verify_judge_the_accepted_submissions_once() {
    let sandbox = Sandbox::new(LIMITS);
    // Unconfined, so the accepted submission can leave a line per run.
    let runs = sandbox.root.join("runs");
    let counting = format!(
        "read a b\necho run >> {}\necho \"Sum: $((a + b))\"\n",
        runs.display()
    );
    let root = sum_package(
        &sandbox,
        "once",
        &[
            ("problem.yaml", "name: Once\n"),
            ("submissions/accepted/count.sh", &counting),
            (
                "submissions/wrong_answer/zero.sh",
                "read a b\necho 'Sum: 0'\n",
            ),
        ],
    );
    let unconfined = |args: &[&str]| {
        let probe = probe();
        let output = sandbox
            .command(&probe, args)
            .env("JUDGE_IMPORT_SKIP_BUILD", "1")
            .env("JUDGE_SANDBOX", "portable")
            .output()
            .unwrap();
        assert_eq!(common::survivors(&probe), Vec::<String>::new());
        output
    };
    let counted = || {
        fs::read_to_string(&runs)
            .unwrap_or_default()
            .lines()
            .count()
    };
    let stdout = success_stdout(&unconfined(&[
        "import",
        "--package",
        root.to_str().unwrap(),
    ]));
    stdout.assert_has("time limit: 1000 ms by the format's rule");
    // Each case once, the slowest twice more: the median of three runs (a
    // TLE that looks starved by load is run again, so at least five).
    let imported = counted();
    assert!(imported >= 5, "{imported} runs: {stdout}");
    let output = unconfined(&["verify", "once"]);
    let (code, stdout, stderr) = outcome(&output);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert_eq!(
        counted(),
        imported,
        "verify ran the accepted one again:\n{stdout}"
    );
    stdout.assert_has("kept: the judging of 1 accepted submission");
    stdout.assert_has("the format's rule gives 1000 ms");
    assert!(!stdout.contains("set time_limit_ms"), "{stdout}");
    assert_eq!(status_of(&stdout, "submissions/wrong_answer/zero.sh"), "ok");
}

#[test]
fn a_package_s_own_time_limit_is_kept_and_the_rule_advises_none() {
    let sandbox = Sandbox::new(LIMITS);
    let root = sum_package(
        &sandbox,
        "fixed",
        &[
            ("domjudge-problem.ini", "name='Fixed'\n"),
            (".timelimit", "3\n"),
            (
                "submissions/accepted/sum.sh",
                "read a b\necho \"Sum: $((a + b))\"\n",
            ),
        ],
    );
    let stdout = imported(&sandbox, &root, &[]);
    assert!(!stdout.contains("time limit:"), "{stdout}");
    let toml = problem_toml(&sandbox, "fixed");
    toml.assert_lines(&["time_limit_ms = 3000", "time_limit_fixed = true"]);
    let output = verify_exits(&sandbox, "fixed", 0);
    assert!(
        output
            .lines()
            .any(|l| l.starts_with("time limit: 3000 ms, the package's own:")),
        "{output}"
    );
    assert!(!output.contains("the format's rule gives"), "{output}");
}

#[test]
fn a_package_without_input_validators_is_said_to_have_none() {
    let sandbox = Sandbox::new(LIMITS);
    let root = sum_package(
        &sandbox,
        "unchecked",
        &[
            ("problem.yaml", "name: Unchecked\n"),
            (
                "submissions/accepted/sum.sh",
                "read a b\necho \"Sum: $((a + b))\"\n",
            ),
        ],
    );
    let note = "note: no input validators: the inputs are not checked (the package has none)";
    imported(&sandbox, &root, &[]).assert_has(note);
    verify_exits(&sandbox, "unchecked", 0).assert_has(note);
    // sumup has one: no note.
    let sumup = legacy_package(&sandbox.root.join("packages"));
    if have("python3") {
        assert!(!imported(&sandbox, &sumup, &[]).contains("no input validators"));
    }
}
