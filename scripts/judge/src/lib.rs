//! `judge`: the workspace's runner, one binary offering the core's commands
//! (`judge_core`) and those of its modules (`judge_paste`, `judge_new`,
//! `judge_companion`, `judge_packages`, `judge_bench`, `judge_mutants`),
//! from this one table, with the kernel box (`judge_sandbox`) installed on
//! Linux. `judge help`, `judge <command> --help` and the dispatch are made
//! from it by the core, which names no module.

use judge_core::base::args::Args;
use judge_core::base::error::SetupError;
use judge_core::commands::{self, opt, Command, Handler};
use judge_core::problem::workspace::Workspace;
use judge_core::process::{launch, zygote};
use std::process::ExitCode;

pub const COMMANDS: &[Command] = &[
    Command {
        name: "test",
        usage: &["[<id>[/<case>]...] [--bin PROGRAM] [--format kv]"],
        summary:
            "judge solutions on their stored cases (<case>: only the cases named so or longer)",
        options: &[
            opt(
                "bin",
                Some("PROGRAM"),
                "judge PROGRAM instead of the built solution (one problem)",
            ),
            opt(
                "format",
                Some("kv"),
                "each case as one line of key=value fields instead of the table's row",
            ),
        ],
        handler: Handler::Workspace(commands::test::command),
        hidden: false,
    },
    Command {
        name: "run",
        usage: &["<id> [--in FILE | --case NAME] [--bin PROGRAM] [--format kv]"],
        summary: "run once on a file, a stored case or stdin; print the output and a status",
        options: &[
            opt(
                "in",
                Some("FILE"),
                "the input (an interactor's, for an interactive problem)",
            ),
            opt(
                "case",
                Some("NAME"),
                "a stored case, judged against its answer",
            ),
            opt(
                "bin",
                Some("PROGRAM"),
                "run PROGRAM instead of the built solution",
            ),
            opt(
                "format",
                Some("kv"),
                "the status as one line of key=value fields",
            ),
        ],
        handler: Handler::Workspace(commands::run::command),
        hidden: false,
    },
    Command {
        name: "stress",
        usage: &["<id>... [--count N] [--seed S] [--jobs J] [options]"],
        summary: "random inputs: solution against brute force; a failure is shrunk and saved",
        options: &[
            opt("count", Some("N"), "how many seeds (1000)"),
            opt("seed", Some("S"), "the first seed (from the clock)"),
            opt("size", Some("K"), "the size each input is generated with"),
            opt(
                "jobs",
                Some("J"),
                "how many iterations at once (one per core)",
            ),
            opt(
                "time-limit",
                Some("MS"),
                "the solution's time limit instead of problem.toml's",
            ),
            opt("sol", Some("CMD"), "the solution instead of the built one"),
            opt(
                "brute",
                Some("CMD"),
                "the brute force instead of <id>-brute",
            ),
            opt("gen", Some("CMD"), "the generator instead of <id>-gen"),
            opt(
                "save-dir",
                Some("DIR"),
                "save found cases in DIR/<id>/, not judge-data/<id>/",
            ),
        ],
        handler: Handler::Workspace(commands::stress::command),
        hidden: false,
    },
    Command {
        name: "submit",
        usage: &["<id> [--copy]", "--check [<id>...]"],
        summary: "print what to paste into the judge, compiled alone as the judge would",
        options: &[
            opt("copy", None, "also copy it to the clipboard"),
            opt(
                "check",
                None,
                "compile every paste (or those named) and list each",
            ),
        ],
        handler: Handler::Workspace(judge_paste::submit::command),
        hidden: false,
    },
    Command {
        name: "new",
        usage: &[
            "<id> [--judge J] [--title T] [--url U] [--checker] [--interactive] [--snippet FILE]",
        ],
        summary: "start a new problem: solution, brute force, generator, tests and problem.toml",
        options: &[
            opt(
                "judge",
                Some("J"),
                "the judge, when the id's prefix does not say it",
            ),
            opt("title", Some("T"), "the problem's name"),
            opt("url", Some("U"), "the problem's page"),
            opt(
                "snippet",
                Some("FILE"),
                "LeetCode's code template (`-`: stdin)",
            ),
            opt(
                "checker",
                None,
                "many right answers: a checker judges (src/check.rs)",
            ),
            opt(
                "interactive",
                None,
                "an interactor talks to the solution (src/interactor.rs)",
            ),
        ],
        handler: Handler::Workspace(judge_new::command),
        hidden: false,
    },
    Command {
        name: "bench",
        usage: &["[<id>...] [--smoke]"],
        summary: "speed, memory and growth on the generator's worst-case inputs",
        options: &[opt(
            "smoke",
            None,
            "the smallest size of each series once, no brute force",
        )],
        handler: Handler::Workspace(judge_bench::command),
        hidden: false,
    },
    Command {
        name: "snippet",
        usage: &[
            "list",
            "add <snippet> <id>",
            "update [<id>]",
            "check [<id>...]",
            "prove [<snippet>...]",
        ],
        summary:
            "paste library snippets into solutions, refresh and check the copies, prove the library",
        options: &[],
        handler: Handler::Workspace(judge_paste::snippet::command),
        hidden: false,
    },
    Command {
        name: "import",
        usage: &[
            "[--port N] [--once] [--build-runner]",
            "--file <payload.json>...",
            "--package <folder | .zip> [--id ID] [--force]",
        ],
        summary: "problems from Competitive Companion (127.0.0.1:10043), or a problem package (Kattis, ICPC, DOMjudge, Polygon)",
        options: &[
            opt("port", Some("N"), "listen on port N"),
            opt("once", None, "stop after one batch of problems"),
            opt(
                "build-runner",
                None,
                "build the runner while listening; new problems are built after it",
            ),
            opt("file", None, "import the saved payloads named"),
            opt("package", Some("PATH"), "import the problem package at PATH, a folder or a zip"),
            opt("id", Some("ID"), "the package's id here, instead of its short name"),
            opt("force", None, "replace a package imported before that has changed since"),
        ],
        handler: Handler::Workspace(import),
        hidden: false,
    },
    Command {
        name: "sandbox",
        usage: &[""],
        summary:
            "what the sandbox confines programs with here, what is missing and how to enable it",
        options: &[],
        handler: Handler::Workspace(commands::sandbox::command),
        hidden: false,
    },
    Command {
        name: "verify",
        usage: &["<id> [--matrix]"],
        summary: "every labelled submission on every case, checked against its label; the format's time limit",
        options: &[opt(
            "matrix",
            None,
            "which case rejects which wrong submission, and a smallest set of cases rejecting them all",
        )],
        handler: Handler::Workspace(judge_packages::verify::command),
        hidden: false,
    },
    Command {
        name: "validate",
        usage: &["<id> [--count N] [--seed S]"],
        summary: "the input validators on every stored input and on the generator's inputs",
        options: &[
            opt("count", Some("N"), "how many generated inputs (100)"),
            opt("seed", Some("S"), "the first generator seed (1)"),
        ],
        handler: Handler::Workspace(judge_packages::validate::command),
        hidden: false,
    },
    Command {
        name: "mutants",
        usage: &["<id> [--count N] [--seed S] [--jobs J] [--save]"],
        summary: "how strong the stored cases and stress are: the solution's mutants, judged and stressed",
        options: &[
            opt("count", Some("N"), "stress seeds per survivor (300)"),
            opt("seed", Some("S"), "the first stress seed (1)"),
            opt("jobs", Some("J"), "how many mutants at once (one per core)"),
            opt(
                "save",
                None,
                "save what killed a survivor as judge-data/<id>/mutant-<name>.in",
            ),
        ],
        handler: Handler::Workspace(judge_mutants::command),
        hidden: false,
    },
    Command {
        name: "testkit",
        usage: &["<id> [--binaries DIR] [--compare DIR]"],
        summary: "what a problem's own tests judge with: its facts, or a folder of outputs judged",
        options: &[
            opt("binaries", Some("DIR"), "where the problem's checker is built"),
            opt("compare", Some("DIR"), "judge each <k>.out against <k>.ans for <k>.in"),
        ],
        handler: Handler::Workspace(commands::testkit::command),
        hidden: true,
    },
    Command {
        name: "io-floor",
        usage: &["<bytes>"],
        summary: "read stdin whole, write <bytes> bytes: the I/O floor bench compares with",
        options: &[],
        handler: Handler::Raw(judge_bench::io_floor::command),
        hidden: true,
    },
    Command {
        name: launch::COMMAND,
        usage: &["<channel fd> [<box argument>...]"],
        summary: "start one program under its limits (the runner starts it)",
        options: &[],
        handler: Handler::Raw(launch::command),
        hidden: true,
    },
    Command {
        name: zygote::COMMAND,
        usage: &["<socket fd> [<box argument>...]"],
        summary: "fork a launcher for each run asked for (the runner starts it)",
        options: &[],
        handler: Handler::Raw(zygote::command),
        hidden: true,
    },
];

/// `judge import`: a problem package (`--package`, with `--id` and
/// `--force`) is the packages crate's, every other form Competitive
/// Companion's.
fn import(workspace: &Workspace, args: &Args) -> Result<bool, SetupError> {
    if args.value("package").is_some() || args.value("id").is_some() || args.flag("force") {
        judge_packages::import::command(workspace, args)
    } else {
        judge_companion::command(workspace, args)
    }
}

/// The runner's `main`: `[--root DIR] <command> [arguments]`.
pub fn main() -> ExitCode {
    #[cfg(target_os = "linux")]
    judge_core::process::confine::install(&judge_sandbox::KERNEL_BOX);
    commands::main(COMMANDS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use judge_core::commands::{help, usage};

    #[test]
    fn every_command_is_in_help_once_and_hidden_ones_are_not() {
        let help = help(COMMANDS);
        for command in COMMANDS {
            let listed = help.contains(&format!("\n  {:<7} ", command.name));
            assert_eq!(listed, !command.hidden, "{}", command.name);
            assert_eq!(
                COMMANDS.iter().filter(|c| c.name == command.name).count(),
                1
            );
        }
        assert!(help.contains("any-order-deep"));
    }

    #[test]
    fn a_command_s_usage_lists_each_of_its_options() {
        for command in COMMANDS {
            let usage = usage(command);
            assert!(usage.starts_with(&format!("usage: judge {} ", command.name)));
            for option in command.options {
                assert!(usage.contains(&option.shown()), "{}: {usage}", command.name);
            }
        }
    }
}
