//! The commands layer: one file per command, and this one table of them.
//! `judge help`, `judge <command> --help` and the dispatch are all made from
//! the table, so a command is one file and one entry here.

pub mod bench;
pub mod import;
pub mod io_floor;
pub mod mutants;
pub mod new;
pub mod run;
pub mod sandbox;
pub mod snippet;
pub mod stress;
pub mod submit;
pub mod test;
pub mod testkit;
pub mod validate;
pub mod verify;

use crate::base::args::{Args, Opt};
use crate::base::error::SetupError;
use crate::base::modes::{Clock, CompareMode, Mode, Protocol};
use crate::problem::workspace::Workspace;
use crate::process::{interrupt, launch};
use std::env;
use std::path::PathBuf;
use std::process::ExitCode;

/// What a command runs: most work on the workspace and say whether all went
/// well (`Ok(false)`: a case failed); the hidden helpers take their raw
/// arguments and may run from any folder.
#[derive(Clone, Copy)]
pub enum Handler {
    Workspace(fn(&Workspace, &Args) -> Result<bool, SetupError>),
    Raw(fn(&[String]) -> ExitCode),
}

pub struct Command {
    pub name: &'static str,
    /// Its arguments, as help shows them after the name: one line per form.
    pub usage: &'static [&'static str],
    pub summary: &'static str,
    pub options: &'static [Opt],
    pub handler: Handler,
    /// Started by the runner itself, never by a person: not in help.
    pub hidden: bool,
}

const fn opt(name: &'static str, value: Option<&'static str>, help: &'static str) -> Opt {
    Opt { name, value, help }
}

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
        handler: Handler::Workspace(test::command),
        hidden: false,
    },
    Command {
        name: "run",
        usage: &["<id> [--in FILE | --case NAME] [--bin PROGRAM]"],
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
        ],
        handler: Handler::Workspace(run::command),
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
        handler: Handler::Workspace(stress::command),
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
        handler: Handler::Workspace(submit::command),
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
        handler: Handler::Workspace(new::command),
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
        handler: Handler::Workspace(bench::command),
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
        handler: Handler::Workspace(snippet::command),
        hidden: false,
    },
    Command {
        name: "import",
        usage: &[
            "[--port N] [--once]",
            "--file <payload.json>...",
            "--package <folder | .zip> [--id ID] [--force]",
        ],
        summary: "problems from Competitive Companion (127.0.0.1:10043), or a problem package (Kattis, ICPC, DOMjudge, Polygon)",
        options: &[
            opt("port", Some("N"), "listen on port N"),
            opt("once", None, "stop after one batch of problems"),
            opt("file", None, "import the saved payloads named"),
            opt("package", Some("PATH"), "import the problem package at PATH, a folder or a zip"),
            opt("id", Some("ID"), "the package's id here, instead of its short name"),
            opt("force", None, "replace a package imported before that has changed since"),
        ],
        handler: Handler::Workspace(import::command),
        hidden: false,
    },
    Command {
        name: "sandbox",
        usage: &[""],
        summary:
            "what the sandbox confines programs with here, what is missing and how to enable it",
        options: &[],
        handler: Handler::Workspace(sandbox::command),
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
        handler: Handler::Workspace(verify::command),
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
        handler: Handler::Workspace(validate::command),
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
        handler: Handler::Workspace(mutants::command),
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
        handler: Handler::Workspace(testkit::command),
        hidden: true,
    },
    Command {
        name: "io-floor",
        usage: &["<bytes>"],
        summary: "read stdin whole, write <bytes> bytes: the I/O floor bench compares with",
        options: &[],
        handler: Handler::Raw(io_floor::command),
        hidden: true,
    },
    Command {
        name: launch::COMMAND,
        usage: &["<report fd> <memory KiB|0> <cpu ms|0> <wall ms> <program> [<arg>...]"],
        summary: "start one program under its limits (the runner starts it)",
        options: &[],
        handler: Handler::Raw(launch::command),
        hidden: true,
    },
];

const NOTES: &str = "\
PROGRAM (and --sol, --brute, --gen) may be a source file (.rs, .cpp, .c, .java,
.py, .kt, .go, ...) or a folder of them, compiled once into target/foreign/.

exit status: 0 all good, 1 a case failed, 2 usage or setup error";

fn find(name: &str) -> Option<&'static Command> {
    COMMANDS.iter().find(|command| command.name == name)
}

/// `judge help`: every command a person runs, then problem.toml's modes.
pub fn help() -> String {
    let mut text = String::from("usage: judge [--root DIR] <command> [arguments]\n\ncommands:\n");
    for command in COMMANDS.iter().filter(|command| !command.hidden) {
        for usage in command.usage {
            text += &format!("  {:<7} {usage}\n", command.name);
        }
        text += &format!("          {}\n", command.summary);
    }
    text += &format!(
        "\nproblem.toml's modes:\ncompare:\n{}time:\n{}checker_protocol, interactor_protocol:\n{}\n{NOTES}",
        CompareMode::table(),
        Clock::table(),
        Protocol::table()
    );
    text
}

/// `judge <command> --help`.
pub fn usage(command: &Command) -> String {
    let mut text = String::new();
    for (index, usage) in command.usage.iter().enumerate() {
        let lead = if index == 0 { "usage:" } else { "   or:" };
        text += &format!("{lead} judge {} {usage}\n", command.name);
    }
    text += &format!("{}\n", command.summary);
    if !command.options.is_empty() {
        let width = command
            .options
            .iter()
            .map(|o| o.shown().len())
            .max()
            .unwrap_or(0);
        text += "\noptions:\n";
        for option in command.options {
            text += &format!("  {:<width$}  {}\n", option.shown(), option.help);
        }
    }
    text
}

/// The runner's `main`: `[--root DIR] <command> [arguments]`.
pub fn main() -> ExitCode {
    let mut args: Vec<String> = env::args().skip(1).collect();
    let mut root = None;
    if let Some(at) = args.iter().position(|a| a == "--root") {
        if at + 1 >= args.len() {
            return usage_error("--root needs a folder");
        }
        root = Some(PathBuf::from(args.remove(at + 1)));
        args.remove(at);
    }
    let (name, rest) = match args.split_first() {
        Some((name, rest)) => (name.as_str(), rest),
        None => return usage_error("no command given"),
    };
    if matches!(name, "help" | "--help" | "-h") {
        outln!("{}", help());
        return ExitCode::SUCCESS;
    }
    let command = match find(name) {
        Some(command) => command,
        None => return usage_error(&format!("unknown command {name:?}")),
    };
    let handler = match command.handler {
        Handler::Raw(handler) => return handler(rest),
        Handler::Workspace(handler) => handler,
    };
    if rest.iter().any(|arg| arg == "--help" || arg == "-h") {
        outln!("{}", usage(command).trim_end());
        return ExitCode::SUCCESS;
    }
    interrupt::install();
    let parsed = match Args::parse(rest, command.options) {
        Ok(parsed) => parsed,
        Err(message) => {
            eprintln!("judge {name}: {message}\n{}", usage(command).trim_end());
            return ExitCode::from(2);
        }
    };
    let start = root.unwrap_or_else(|| env::current_dir().unwrap_or_default());
    match Workspace::find(&start).and_then(|workspace| handler(&workspace, &parsed)) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(SetupError(message)) => {
            eprintln!("judge: {message}");
            ExitCode::from(2)
        }
    }
}

fn usage_error(message: &str) -> ExitCode {
    eprintln!("judge: {message}\n{}", help());
    ExitCode::from(2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_is_in_help_once_and_hidden_ones_are_not() {
        let help = help();
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
