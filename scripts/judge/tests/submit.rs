//! `judge submit`: what is printed compiles alone on the floor rustc of the
//! judges that take Rust (the workspace's `rust-version`) and on stable,
//! under the editions its judge compiles with (the floor's newest where it
//! knows none of them), and a paste that would not is refused, by the
//! compiler, before anything is printed.

mod common;

use common::{text, Holds, Sandbox};
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The rustc every paste is proven on unless its problem.toml says otherwise.
const FLOOR: &str = env!("CARGO_PKG_RUST_VERSION");

const POJ: &str = "time_limit_ms = 1000\nmemory_limit_kib = 65536\njudge = \"poj\"\n";
const LEETCODE: &str = "time_limit_ms = 1000\nmemory_limit_kib = 65536\njudge = \"leetcode\"\n";

const LEETCODE_SOLUTION: &str = "use std::io::Read;\n\n// submit-begin\n\
    fn twice(x: i32) -> i32 {\n    x * 2\n}\n\nimpl Solution {\n    \
    pub fn double_it(x: i32) -> i32 {\n        twice(x)\n    }\n}\n// submit-end\n\n\
    pub struct Solution;\n\nfn main() {\n    let mut s = String::new();\n    \
    std::io::stdin().read_to_string(&mut s).unwrap();\n    \
    println!(\"{}\", Solution::double_it(s.trim().parse().unwrap()));\n}\n";

/// The floor toolchain; these tests need it and say how to get it.
fn require_judge_rustc() {
    let output = Command::new("rustc")
        .args([&format!("+{FLOOR}"), "--version"])
        .output();
    let ok = output.is_ok_and(|o| {
        o.status.success()
            && String::from_utf8_lossy(&o.stdout).starts_with(&format!("rustc {FLOOR} "))
    });
    assert!(ok, "rustc {FLOOR} is not installed: run `make toolchain`");
}

/// A sandbox whose problem `fake` has `solution` as its src/main.rs.
fn with_solution(problem_toml: &str, solution: &str) -> Sandbox {
    let sandbox = Sandbox::new(problem_toml);
    fs::create_dir_all(sandbox.root.join("problems/fake/src")).unwrap();
    sandbox.write("problems/fake/src/main.rs", solution);
    sandbox
}

/// Compiles `program` with plain floor rustc in a folder of its own; Err is the message.
fn compile_alone(program: &str, edition: &str, folder: &Path) -> Result<(), String> {
    fs::create_dir_all(folder).unwrap();
    fs::write(folder.join("main.rs"), program).unwrap();
    let output = Command::new("rustc")
        .args([&format!("+{FLOOR}"), "--edition", edition, "-O", "-o"])
        .arg(folder.join("main"))
        .arg(folder.join("main.rs"))
        .output()
        .unwrap();
    if output.status.success() {
        Ok(())
    } else {
        Err(text(&output.stderr))
    }
}

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn judge_at(root: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_judge"))
        .arg("--root")
        .arg(root)
        .args(args)
        .output()
        .unwrap()
}

/// `judge submit fake` that must exit with `code`: its output and stderr.
#[track_caller]
fn submit(sandbox: &Sandbox, code: i32) -> (Output, String) {
    let output = sandbox.judge(&["submit", "fake"]);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(code), "{stderr}");
    (output, stderr)
}

/// `judge submit fake` refused, nothing printed, for not compiling with the
/// floor rustc (`detail` after its version): its stderr.
#[track_caller]
fn refused_on_floor(sandbox: &Sandbox, detail: &str) -> String {
    let (output, stderr) = submit(sandbox, 1);
    assert!(output.stdout.is_empty());
    let refusal = format!("fake: refused: does not compile with rustc {FLOOR}{detail}");
    assert!(stderr.starts_with(&refusal), "{stderr}");
    stderr
}

/// A folder removed on drop, also when an assertion fails.
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

#[test]
fn every_real_problem_prints_a_paste_that_compiles_alone_on_the_floor_rustc() {
    require_judge_rustc();
    let root = workspace_root();
    let scratch = Scratch(common::temp_path("judge-submit-real"));
    let scratch = &scratch.0;
    let mut checked = 0;
    for entry in fs::read_dir(root.join("problems")).unwrap() {
        let id = entry.unwrap().file_name().into_string().unwrap();
        if !root
            .join("problems")
            .join(&id)
            .join("src/main.rs")
            .is_file()
        {
            continue;
        }
        let output = judge_at(&root, &["submit", &id]);
        let (paste, stderr) = (text(&output.stdout), text(&output.stderr));
        assert_eq!(output.status.code(), Some(0), "{id}: {stderr}");
        assert!(
            stderr.starts_with(&format!(
                "{id}: {} bytes; proved: rustc {FLOOR} edition ",
                paste.len()
            )),
            "{stderr}"
        );
        let config = fs::read_to_string(root.join("judge-data").join(&id).join("problem.toml"))
            .unwrap_or_default();
        if config.contains("judge = \"leetcode\"") {
            assert!(
                !paste.contains("fn main") && !paste.contains("struct Solution"),
                "{paste}"
            );
            assert!(!paste.contains("submit-begin"), "{paste}");
            // LeetCode's prelude: `Solution` and the node types the paste names.
            let program = format!(
                "struct Solution;\n{}{paste}\nfn main() {{}}\n",
                leetcode::node_definitions(&paste)
            );
            for edition in ["2018", "2021"] {
                let folder = scratch.join(format!("{id}-{edition}"));
                compile_alone(&program, edition, &folder).unwrap_or_else(|e| panic!("{id}: {e}"));
            }
        } else {
            let solution = fs::read_to_string(root.join("problems").join(&id).join("src/main.rs"));
            assert_eq!(paste, solution.unwrap(), "{id}: the whole file is pasted");
            assert!(!paste.contains("cfg(test)"), "{id}: tests belong in tests/");
            if config.contains("judge = \"poj\"") {
                assert!(
                    paste.lines().count() <= 200,
                    "{id}: a POJ paste over 200 lines"
                );
            }
            compile_alone(&paste, "2021", &scratch.join(&id))
                .unwrap_or_else(|e| panic!("{id}: {e}"));
        }
        checked += 1;
    }
    assert!(
        checked > 0,
        "no problem with a src/main.rs in {}",
        root.display()
    );
}

#[test]
fn leetcode_paste_is_only_the_region_and_compiles_under_both_editions() {
    require_judge_rustc();
    let sandbox = with_solution(LEETCODE, LEETCODE_SOLUTION);
    let output = sandbox.judge(&["submit", "fake"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let paste = text(&output.stdout);
    assert!(paste.starts_with("fn twice(x: i32) -> i32 {\n"), "{paste}");
    assert!(paste.ends_with("        twice(x)\n    }\n}\n"), "{paste}");
    assert_eq!(
        text(&output.stderr).lines().next().unwrap(),
        format!(
            "fake: {} bytes; proved: rustc {FLOOR} edition 2018, 2021; \
             local rustc {} edition 2018, 2021",
            paste.len(),
            local_rustc_version()
        )
        .replace(&format!("; local rustc {FLOOR} edition 2018, 2021"), "")
    );
}

fn local_rustc_version() -> String {
    let output = Command::new("rustc").arg("--version").output().unwrap();
    text(&output.stdout)
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_string()
}

#[test]
fn a_leetcode_region_holding_main_is_refused_by_the_compiler() {
    require_judge_rustc();
    let with_main = LEETCODE_SOLUTION.replace("fn twice", "fn main() {}\nfn twice");
    let sandbox = with_solution(LEETCODE, &with_main);
    let stderr = refused_on_floor(&sandbox, "");
    stderr.assert_has("the name `main` is defined multiple times");
}

#[test]
fn a_newer_std_api_is_refused_with_the_compilers_message() {
    require_judge_rustc();
    let solution = "fn main() {\n    let x: Option<u32> = None;\n    \
        println!(\"{}\", x.is_none_or(|v| v > 1));\n}\n";
    let sandbox = with_solution(POJ, solution);
    let stderr = refused_on_floor(&sandbox, " (edition 2021, -O)");
    stderr.assert_has("no method named `is_none_or`");
    stderr.assert_has("--> problems/fake/src/main.rs:3:");
}

#[test]
fn what_only_the_floor_refuses_names_the_judges_rust_and_the_rustc_key_that_proves_it_there() {
    require_judge_rustc();
    let local = local_rustc_version();
    assert_ne!(
        local, FLOOR,
        "this test needs a local rustc newer than {FLOOR}"
    );
    // `div_ceil` on integers is stable since 1.73: newer than the floor,
    // older than Codeforces's 1.89.
    let solution = "fn main() {\n    let n: u64 = 7;\n    println!(\"{}\", n.div_ceil(2));\n}\n";
    let codeforces = POJ.replace("poj", "codeforces");
    let sandbox = with_solution(&codeforces, solution);
    let hint = format!(
        "rustc {local} compiles it, and Codeforces runs Rust 1.89 (editions 2021 and 2024): \
         to prove the paste on Codeforces's Rust instead of the floor, set \
         `rustc = \"1.89.0\"` in judge-data/fake/problem.toml \
         (and `rustup toolchain install 1.89.0 --profile minimal`)"
    );
    let stderr = refused_on_floor(&sandbox, " (edition 2021, -O)");
    assert!(stderr.ends_with(&format!("\n{hint}\n")), "{stderr}");
    let output = sandbox.judge(&["submit", "--check", "fake"]);
    let stdout = text(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains(&format!("\n    {hint}\n")), "{stdout}");

    // POJ takes no Rust, so no Rust of its own can prove the paste.
    sandbox.write("judge-data/fake/problem.toml", POJ);
    let stderr = text(&sandbox.judge(&["submit", "fake"]).stderr);
    assert!(
        stderr.contains("no method named `div_ceil`") || stderr.contains("int_roundings"),
        "{stderr}"
    );
    assert!(
        !stderr.contains("rustc = ") && !stderr.contains("POJ runs"),
        "{stderr}"
    );

    // What no rustc builds needs a fix, not another Rust.
    sandbox.write("judge-data/fake/problem.toml", &codeforces);
    sandbox.write(
        "problems/fake/src/main.rs",
        "fn main() {\n    let x: u8 = \"a\";\n}\n",
    );
    let stderr = text(&sandbox.judge(&["submit", "fake"]).stderr);
    assert!(stderr.starts_with("fake: refused: "), "{stderr}");
    assert!(!stderr.contains("rustc = "), "{stderr}");
}

/// A copy of the real poj1143 solution, with `extra` appended.
fn poj1143_with(extra: &str) -> Sandbox {
    let solution = fs::read_to_string(workspace_root().join("problems/poj1143/src/main.rs"));
    with_solution(POJ, &format!("{}{extra}", solution.unwrap()))
}

#[test]
fn code_that_compiles_alone_is_accepted_whatever_it_names() {
    require_judge_rustc();
    let sandbox = poj1143_with("pub enum Cell {\n    Wall,\n}\nuse Cell::Wall;\n");
    let (output, _) = submit(&sandbox, 0);
    assert!(text(&output.stdout).ends_with("use Cell::Wall;\n"));
}

#[test]
fn a_module_in_another_file_is_refused_by_the_compiler() {
    require_judge_rustc();
    let sandbox = poj1143_with("mod helper;\n");
    sandbox.write("problems/fake/src/helper.rs", "");
    let stderr = refused_on_floor(&sandbox, "");
    stderr.assert_has("file not found for module `helper`");
}

#[test]
fn a_judge_without_rust_is_named_and_the_paste_still_proven() {
    require_judge_rustc();
    let sandbox = with_solution(POJ, "fn main() {}\n");
    sandbox.write(
        "judge-data/fake/problem.toml",
        &format!("{POJ}url = \"http://poj.org/problem?id=1\"\n"),
    );
    let (output, stderr) = submit(&sandbox, 0);
    assert_eq!(text(&output.stdout), "fn main() {}\n");
    assert!(
        stderr.contains(&format!(
            "\nfake: POJ accepts no Rust; proven on rustc {FLOOR}, the floor of judges that do\n\
             fake: problem page http://poj.org/problem?id=1\n"
        )),
        "{stderr}"
    );
    assert!(!stderr.contains("submit at"), "{stderr}");

    let codeforces = POJ.replace("poj", "codeforces");
    sandbox.write("judge-data/fake/problem.toml", &codeforces);
    let stderr = text(&sandbox.judge(&["submit", "fake"]).stderr);
    assert!(
        stderr.contains(&format!(
            "fake: Codeforces runs Rust 1.89 (editions 2021 and 2024); proven on rustc {FLOOR}"
        )),
        "{stderr}"
    );
}

#[test]
fn check_rows_every_problem_and_fails_if_one_fails() {
    require_judge_rustc();
    let sandbox = with_solution(POJ, "fn main() {\n    println!(\"5\");\n}\n");
    fs::create_dir_all(sandbox.root.join("problems/lc1/src")).unwrap();
    fs::create_dir_all(sandbox.root.join("judge-data/lc1")).unwrap();
    sandbox.write("judge-data/lc1/problem.toml", LEETCODE);
    sandbox.write("problems/lc1/src/main.rs", "fn main() {}\n");

    let output = sandbox.judge(&["submit", "--check"]);
    let stdout = text(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    stdout.assert_has("\nfake       ok      ");
    stdout.assert_has("\nlc1        FAILED\n    no `// submit-begin` line");
    stdout.assert_last_line("1 passed, 1 failed");

    let output = sandbox.judge(&["submit", "--check", "fake"]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        text(&output.stdout).lines().last(),
        Some("1 passed, 0 failed")
    );
}

#[test]
fn a_problem_may_ask_for_another_rustc_and_is_told_how_to_get_it() {
    let sandbox = with_solution(&format!("{POJ}rustc = \"0.0.1\"\n"), "fn main() {}\n");
    let (_, stderr) = submit(&sandbox, 2);
    assert!(
        stderr.contains(
            "rustc 0.0.1, the compiler pastes are proven on, is not installed: \
             run `rustup toolchain install 0.0.1 --profile minimal`"
        ),
        "{stderr}"
    );
    sandbox.write(
        "judge-data/fake/problem.toml",
        &format!("{POJ}rustc = \"1.70\"\n"),
    );
    let (_, stderr) = submit(&sandbox, 2);
    stderr.assert_has("`rustc` must be a full rustc version such as");
}

/// PATH without any clipboard program, with `extra` first when given.
fn path_with(extra: Option<&Path>) -> String {
    let clipboards = ["wl-copy", "xclip", "pbcopy"];
    let mut dirs: Vec<PathBuf> = extra.map(Path::to_path_buf).into_iter().collect();
    dirs.extend(
        std::env::split_paths(&std::env::var_os("PATH").unwrap())
            .filter(|dir| !clipboards.iter().any(|tool| dir.join(tool).exists())),
    );
    std::env::join_paths(dirs).unwrap().into_string().unwrap()
}

#[test]
fn copy_pipes_the_paste_into_the_first_clipboard_program() {
    require_judge_rustc();
    let sandbox = with_solution(LEETCODE, LEETCODE_SOLUTION);
    let bin = sandbox.root.join("bin");
    fs::create_dir_all(&bin).unwrap();
    let clipboard = sandbox.root.join("clipboard");
    for (tool, mark) in [("xclip", "xclip"), ("wl-copy", "wl-copy")] {
        let script = bin.join(tool);
        fs::write(
            &script,
            format!(
                "#!/bin/sh\necho {mark} \"$@\" > {0}.who\ncat > {0}\n",
                clipboard.display()
            ),
        )
        .unwrap();
        fs::set_permissions(&script, fs::Permissions::from_mode(0o755)).unwrap();
    }
    let run = |path: String| {
        Command::new(env!("CARGO_BIN_EXE_judge"))
            .arg("--root")
            .arg(&sandbox.root)
            .args(["submit", "fake", "--copy"])
            .env("PATH", path)
            .output()
            .unwrap()
    };
    let output = run(path_with(Some(&bin)));
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert_eq!(fs::read(&clipboard).unwrap(), output.stdout);
    assert_eq!(
        fs::read_to_string(clipboard.with_extension("who")).unwrap(),
        "wl-copy\n"
    );
    assert!(
        text(&output.stderr).contains("copied with "),
        "{}",
        text(&output.stderr)
    );

    fs::remove_file(bin.join("wl-copy")).unwrap();
    run(path_with(Some(&bin)));
    assert_eq!(
        fs::read_to_string(clipboard.with_extension("who")).unwrap(),
        "xclip -selection clipboard\n"
    );

    let output = run(path_with(None));
    assert_eq!(output.status.code(), Some(0));
    assert!(!output.stdout.is_empty());
    assert!(
        text(&output.stderr).contains("not copied: none of wl-copy, xclip or pbcopy is on PATH"),
        "{}",
        text(&output.stderr)
    );
}

#[test]
fn an_atcoder_paste_is_proven_under_edition_2024_on_the_local_rustc() {
    require_judge_rustc();
    let local = local_rustc_version();
    let atcoder = POJ.replace("poj", "atcoder");
    // `gen` is a reserved keyword from edition 2024 on: the floor's 2021 builds it.
    let sandbox = with_solution(
        &atcoder,
        "fn main() {\n    let gen = 1;\n    println!(\"{gen}\");\n}\n",
    );
    let (output, stderr) = submit(&sandbox, 1);
    assert!(output.stdout.is_empty());
    assert!(
        stderr.starts_with(&format!(
            "fake: refused: does not compile with rustc {local} (edition 2024, -O):\n"
        )),
        "{stderr}"
    );
    stderr.assert_has("--> problems/fake/src/main.rs:2:");

    sandbox.write(
        "problems/fake/src/main.rs",
        "fn main() {\n    let r#gen = 1;\n    println!(\"{}\", r#gen);\n}\n",
    );
    let (_, stderr) = submit(&sandbox, 0);
    stderr.assert_has(&format!(
        " bytes; proved: rustc {FLOOR} edition 2021; local rustc {local} edition 2024\n"
    ));
    stderr.assert_has("fake: AtCoder runs Rust 1.89 (edition 2024)");
}
