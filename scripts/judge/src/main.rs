//! `judge`: the workspace's runner. It judges solutions against stored cases
//! (`test`), stress-tests them against brute forces (`stress`), prints what to
//! paste into a judge (`submit`), starts a new problem (`new`) and measures
//! speed and memory (`bench`), and imports problems from the browser
//! (`import`). Std only.

/// `println!` that ends the program quietly once stdout is closed (`judge test
/// | head`), where `println!` would panic.
macro_rules! outln {
    ($($arg:tt)*) => {
        crate::report::print_line(format_args!($($arg)*))
    };
}

mod bench;
mod checker;
mod cli;
mod compare;
mod diff;
mod floor;
mod foreign;
mod import;
mod interactive;
mod interrupt;
mod json;
mod judges;
mod new;
mod problem;
mod report;
mod run;
mod run_once;
mod stress;
mod submit;
mod testing;
mod verdict;

use problem::{SetupError, Workspace};
use std::env;
use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "\
usage: judge [--root DIR] <command> [arguments]

commands:
  test [<id>[/<case>]...] [--bin PROGRAM]
                                      judge solutions on judge-data/<id>/*.in
                                      (<case>: only the cases named so or longer)
  stress <id>... [--count N] [--seed S] [--size K] [--jobs J] [--time-limit MS]
              [--sol CMD] [--brute CMD] [--gen CMD] [--save-dir DIR]
                                      random inputs: solution vs brute force
                                      (found cases: judge-data/<id>/, or DIR/<id>/)
  submit <id> [--copy]                print what to paste into the judge
  submit --check [<id>...]            compile every paste alone as the judge would
  new <id> [--judge J] [--title T] [--url U] [--checker] [--interactive]
                                      start a new problem (with a checker, or an interactor)
  bench [<id>...] [--smoke]           speed and memory on growing inputs
  run <id> [--in FILE | --case NAME] [--bin PROGRAM]
                                      run once on a file, a stored case or
                                      stdin; print the output and a status
  import [--port N] [--once]          receive problems from Competitive Companion
                                      on 127.0.0.1 (port 10043 unless given)
  import --file <payload.json>...     import saved Competitive Companion payloads

PROGRAM (and --sol, --brute, --gen) may be a source file: .rs, .cpp/.cc, .c,
.java or .py, compiled once into target/foreign/.

exit status: 0 all good, 1 a case failed, 2 usage or setup error";

/// Option names each command accepts: (with a value, flags).
fn options(command: &str) -> Option<(&'static [&'static str], &'static [&'static str])> {
    Some(match command {
        "test" => (&["bin"], &[]),
        "stress" => (
            &[
                "count",
                "seed",
                "size",
                "jobs",
                "time-limit",
                "sol",
                "brute",
                "gen",
                "save-dir",
            ],
            &[],
        ),
        "submit" => (&[], &["copy", "check"]),
        "new" => (
            &["judge", "title", "url", "snippet"],
            &["checker", "interactive"],
        ),
        "bench" => (&[], &["smoke"]),
        "run" => (&["in", "case", "bin"], &[]),
        "import" => (&["port"], &["once", "file"]),
        _ => return None,
    })
}

fn main() -> ExitCode {
    let mut args: Vec<String> = env::args().skip(1).collect();
    let mut root = None;
    if let Some(at) = args.iter().position(|a| a == "--root") {
        if at + 1 >= args.len() {
            return usage_error("--root needs a folder");
        }
        root = Some(PathBuf::from(args.remove(at + 1)));
        args.remove(at);
    }
    let (command, rest) = match args.split_first() {
        Some((command, rest)) => (command.as_str(), rest),
        None => return usage_error("no command given"),
    };
    if command == "help" || command == "--help" || command == "-h" {
        outln!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    // Hidden helpers that `bench` starts as fresh processes, from any folder.
    if command == "io-floor" {
        return floor::command(rest);
    }
    if command == run::launch::COMMAND {
        return run::launch::command(rest);
    }
    interrupt::install();
    let (takes_value, flags) = match options(command) {
        Some(options) => options,
        None => return usage_error(&format!("unknown command {command:?}")),
    };
    let parsed = match cli::Args::parse(rest, takes_value, flags) {
        Ok(parsed) => parsed,
        Err(message) => return usage_error(&message),
    };
    let start = root.unwrap_or_else(|| env::current_dir().unwrap_or_default());
    let result = Workspace::find(&start).and_then(|workspace| {
        foreign::use_workspace(&workspace.root);
        match command {
            "test" => testing::command(&workspace, &parsed),
            "stress" => stress::command(&workspace, &parsed),
            "submit" => submit::command(&workspace, &parsed),
            "new" => new::command(&workspace, &parsed),
            "run" => run_once::command(&workspace, &parsed),
            "import" => import::command(&workspace, &parsed),
            _ => bench::command(&workspace, &parsed),
        }
    });
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(SetupError(message)) => {
            eprintln!("judge: {message}");
            ExitCode::from(2)
        }
    }
}

fn usage_error(message: &str) -> ExitCode {
    eprintln!("judge: {message}\n{USAGE}");
    ExitCode::from(2)
}
