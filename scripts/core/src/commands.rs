//! The commands layer: one file per command, and what makes a table of them
//! (the `judge` binary's, which names the modules' commands too) into
//! `judge help`, `judge <command> --help` and the dispatch.

pub mod run;
pub mod sandbox;
pub mod stress;
pub mod test;
pub mod testkit;

use crate::base::args::{Args, Opt};
use crate::base::error::SetupError;
use crate::base::modes::{Clock, CompareMode, Mode, Protocol};
use crate::problem::workspace::Workspace;
use crate::process::interrupt;
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

pub const fn opt(name: &'static str, value: Option<&'static str>, help: &'static str) -> Opt {
    Opt { name, value, help }
}

const NOTES: &str = "\
PROGRAM (and --sol, --brute, --gen) may be a source file (.rs, .cpp, .c, .java,
.py, .kt, .go, ...) or a folder of them, compiled once into target/foreign/.

exit status: 0 all good, 1 a case failed, 2 usage or setup error";

/// `judge help`: every command a person runs, then problem.toml's modes.
pub fn help(commands: &[Command]) -> String {
    let mut text = String::from("usage: judge [--root DIR] <command> [arguments]\n\ncommands:\n");
    for command in commands.iter().filter(|command| !command.hidden) {
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
pub fn main(commands: &[Command]) -> ExitCode {
    let mut args: Vec<String> = env::args().skip(1).collect();
    let mut root = None;
    if let Some(at) = args.iter().position(|a| a == "--root") {
        if at + 1 >= args.len() {
            return usage_error(commands, "--root needs a folder");
        }
        root = Some(PathBuf::from(args.remove(at + 1)));
        args.remove(at);
    }
    let (name, rest) = match args.split_first() {
        Some((name, rest)) => (name.as_str(), rest),
        None => return usage_error(commands, "no command given"),
    };
    if matches!(name, "help" | "--help" | "-h") {
        outln!("{}", help(commands));
        return ExitCode::SUCCESS;
    }
    let command = match commands.iter().find(|command| command.name == name) {
        Some(command) => command,
        None => return usage_error(commands, &format!("unknown command {name:?}")),
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

fn usage_error(commands: &[Command], message: &str) -> ExitCode {
    eprintln!("judge: {message}\n{}", help(commands));
    ExitCode::from(2)
}
