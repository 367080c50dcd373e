//! The workspace for macOS, Apple silicon and Intel: every crate passes
//! clippy (`-D warnings`) for both, and the runner links with no undefined
//! symbol: a call macOS's libSystem lacks (`execvpe`, `prctl`) fails the
//! link, where `cargo check` would pass. The linker is zig's cc
//! (scripts/zig-link-macos.sh), the targets rustup's; `make tools`
//! installs both, and without them a test is a skip (a failure under
//! CI=true). No Mac is here: the code every program runs with there is
//! judged on Linux by tests/portable.rs.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const TARGETS: [(&str, &str, u32); 2] = [
    ("aarch64-apple-darwin", "AARCH64_APPLE_DARWIN", 0x0100_000c),
    ("x86_64-apple-darwin", "X86_64_APPLE_DARWIN", 0x0100_0007),
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Cargo in the workspace's root, building into a folder of its own (the
/// tests' own cargo holds `target/`), for both Macs.
fn cargo_for_macs(args: &[&str]) -> Command {
    let mut cargo = Command::new(std::env::var("CARGO").unwrap_or("cargo".into()));
    cargo
        .current_dir(root())
        .args(args)
        .arg("--target-dir")
        .arg(root().join("target/macos"));
    for (target, ..) in TARGETS {
        cargo.args(["--target", target]);
    }
    cargo
}

/// Whether rustup has both targets; if not, a skip saying so.
fn targets_here() -> bool {
    let installed = Command::new("rustup")
        .args(["target", "list", "--installed"])
        .output()
        .map(|output| common::text(&output.stdout))
        .unwrap_or_default();
    let missing: Vec<&str> = TARGETS
        .iter()
        .map(|(target, ..)| *target)
        .filter(|target| !installed.lines().any(|line| line == *target))
        .collect();
    if !missing.is_empty() {
        common::skip(&format!("no rustup target {} here", missing.join(", ")));
    }
    missing.is_empty()
}

/// Whether zig (PyPI's ziglang) is here; if not, a skip saying so.
fn zig_here() -> bool {
    let zig = Command::new("python3")
        .args(["-m", "ziglang", "version"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    if !zig {
        common::skip("no zig (PyPI's ziglang) here");
    }
    zig
}

#[test]
fn the_workspace_passes_clippy_for_both_macs() {
    if !targets_here() {
        return;
    }
    let output = cargo_for_macs(&["clippy", "--workspace", "--all-targets", "--quiet"])
        .args(["--", "-D", "warnings"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", common::text(&output.stderr));
}

#[test]
fn the_runner_links_for_both_macs() {
    if !targets_here() || !zig_here() {
        return;
    }
    let linker = root().join("scripts/zig-link-macos.sh");
    let mut build = cargo_for_macs(&["build", "--release", "--quiet", "-p", "judge"]);
    for (_, variable, _) in TARGETS {
        build.env(format!("CARGO_TARGET_{variable}_LINKER"), &linker);
    }
    let output = build.output().unwrap();
    let stderr = common::text(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    for (target, _, cpu) in TARGETS {
        let binary = root()
            .join("target/macos")
            .join(target)
            .join("release/judge");
        let binary = std::fs::read(binary).unwrap();
        let word = |at: usize| u32::from_le_bytes(binary[at..at + 4].try_into().unwrap());
        // A 64-bit Mach-O executable (MH_MAGIC_64, MH_EXECUTE) for the CPU.
        assert_eq!(
            (word(0), word(4), word(12)),
            (0xfeed_facf, cpu, 2),
            "{target}"
        );
    }
}
