//! The runner links for macOS, Apple silicon and Intel, with no undefined
//! symbol: a call macOS's libSystem lacks (`execvpe`, `prctl`) fails the
//! link, where `cargo check` would pass. The linker is zig's cc
//! (scripts/zig-link-macos.sh), the targets rustup's; `make tools`
//! installs both, and without them the test is a skip (a failure under
//! CI=true). No Mac is here: the code every program runs with there is
//! judged on Linux by tests/portable.rs.

mod common;

use std::path::Path;
use std::process::{Command, Stdio};

const TARGETS: [(&str, &str, u32); 2] = [
    ("aarch64-apple-darwin", "AARCH64_APPLE_DARWIN", 0x0100_000c),
    ("x86_64-apple-darwin", "X86_64_APPLE_DARWIN", 0x0100_0007),
];

/// Whether the targets and the linker are here; if not, a skip saying so.
fn tools_here() -> bool {
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
        return false;
    }
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
fn the_runner_links_for_both_macs() {
    if !tools_here() {
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let linker = root.join("scripts/zig-link-macos.sh");
    let target_dir = root.join("target/macos");
    let mut build = Command::new(std::env::var("CARGO").unwrap_or("cargo".into()));
    build
        .current_dir(&root)
        .args(["build", "--release", "--quiet", "-p", "judge"])
        .arg("--target-dir")
        .arg(&target_dir);
    for (target, variable, _) in TARGETS {
        build
            .args(["--target", target])
            .env(format!("CARGO_TARGET_{variable}_LINKER"), &linker);
    }
    let output = build.output().unwrap();
    let stderr = common::text(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    for (target, _, cpu) in TARGETS {
        let binary = std::fs::read(target_dir.join(target).join("release/judge")).unwrap();
        let word = |at: usize| u32::from_le_bytes(binary[at..at + 4].try_into().unwrap());
        // A 64-bit Mach-O executable (MH_MAGIC_64, MH_EXECUTE) for the CPU.
        assert_eq!(
            (word(0), word(4), word(12)),
            (0xfeed_facf, cpu, 2),
            "{target}"
        );
    }
}
