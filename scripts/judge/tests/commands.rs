//! The command table is the one list of commands: each prints its usage with
//! `--help`, refuses an option it does not take with exit status 2, and is
//! documented in the README and reachable from the Makefile.

mod common;

use common::{Holds, Sandbox};
use judge::COMMANDS;
use std::fs;
use std::path::Path;

#[test]
fn every_command_prints_its_usage_and_refuses_unknown_options() {
    let sandbox = Sandbox::new("time_limit_ms = 1\nmemory_limit_kib = 1\n");
    for command in COMMANDS.iter().filter(|command| !command.hidden) {
        let output = sandbox.judge(&[command.name, "--help"]);
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert_eq!(output.status.code(), Some(0), "{}", command.name);
        assert!(
            stdout.starts_with(&format!("usage: judge {} ", command.name)),
            "{stdout}"
        );
        let stderr = sandbox.refusal(&[command.name, "--no-such-option"]);
        stderr.assert_has("unknown option --no-such-option");
        assert!(!sandbox.root.join("target").exists(), "{}", command.name);
    }
    let stderr = sandbox.refusal(&["frobnicate"]);
    stderr.assert_has("unknown command \"frobnicate\"");
    let output = sandbox.judge(&["help"]);
    let help = String::from_utf8_lossy(&output.stdout);
    help.assert_has("  submit  --check [<id>...]");
}

#[test]
fn the_readme_and_the_makefile_list_every_command() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = fs::read_to_string(root.join("README.md")).unwrap();
    let makefile = fs::read_to_string(root.join("Makefile")).unwrap();
    for command in COMMANDS.iter().filter(|command| !command.hidden) {
        let name = command.name;
        assert!(
            readme.contains(&format!("`make {name}")),
            "README: make {name}"
        );
        assert!(
            makefile.contains(&format!("\n{name}:")),
            "Makefile: no `{name}:` target"
        );
        assert!(
            makefile.contains(&format!("$(RUNNER) {name}")),
            "Makefile: `{name}` does not run the runner's command"
        );
    }
}
