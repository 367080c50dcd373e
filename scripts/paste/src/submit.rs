//! `judge submit <id>`: prints exactly what is pasted into the judge, once it
//! is proven to compile there alone: under the editions the judge compiles
//! with, on the floor rustc (its newest edition when it knows none of them)
//! and on the local one. `judge submit --check [<id>...]` gives
//! that proof for every problem, for `make check`.

use crate::compile::{Compilers, Refused};
use crate::{Paste, Style};
use judge_core::base::args::Args;
use judge_core::base::error::SetupError;
use judge_core::base::files;
use judge_core::base::judges::{self, Format, RUST_FLOOR};
use judge_core::base::terminal::Tally;
use judge_core::outln;
use judge_core::problem::config::Config;
use judge_core::problem::workspace::{Problem, Workspace};
use std::fs;
use std::io::{self, Write};
use std::process::{Command, Stdio};

/// Clipboard programs, in the order they are tried: Wayland, X11, macOS.
const CLIPBOARDS: [&[&str]; 3] = [
    &["wl-copy"],
    &["xclip", "-selection", "clipboard"],
    &["pbcopy"],
];

pub fn command(workspace: &Workspace, args: &Args) -> Result<bool, SetupError> {
    if args.flag("check") {
        if args.flag("copy") {
            return Err(SetupError(
                "--copy goes with one problem, not with --check".into(),
            ));
        }
        let ids = workspace.select(&args.positional)?;
        return Ok(check_all(workspace, &ids));
    }
    let id = match args.positional.as_slice() {
        [id] => id,
        _ => {
            return Err(SetupError(
                "submit takes one problem id (make submit P=<id>); `--check` checks them all"
                    .into(),
            ))
        }
    };
    workspace.select(&args.positional)?;
    let problem = workspace.problem(id)?;
    let config = &problem.config;
    let compilers = Compilers::find(&config.rustc)?;
    let editions = judges::editions_of(&config.judge);
    let paste = match cut(&problem)?.and_then(|paste| {
        compilers
            .check(&paste, &solution_path(id), editions)
            .map_err(|refused| refusal(id, config, refused))
            .map(|()| paste)
    }) {
        Ok(paste) => paste,
        Err(message) => {
            eprintln!("{id}: refused: {message}");
            return Ok(false);
        }
    };
    let mut stdout = io::stdout().lock();
    stdout
        .write_all(paste.text.as_bytes())
        .and_then(|()| stdout.flush())
        .map_err(|e| SetupError(format!("cannot write stdout: {e}")))?;
    eprintln!(
        "{id}: {} bytes; proved: {}",
        paste.text.len(),
        compilers.proved(editions)
    );
    let takes_rust = match judges::known(&config.judge) {
        Some(judge) => {
            eprintln!("{id}: {}", rust_note(judge, compilers.proof_version()));
            judge.rust.is_some()
        }
        None => true,
    };
    if !config.url.is_empty() {
        let what = if takes_rust {
            "submit at"
        } else {
            "problem page"
        };
        eprintln!("{id}: {what} {}", config.url);
    }
    if args.flag("copy") {
        copy(&paste.text);
    }
    Ok(true)
}

/// What the judge runs, and what the paste was proven on.
fn rust_note(judge: &judges::Judge, proven_on: &str) -> String {
    let why = if proven_on == RUST_FLOOR {
        "the floor of judges that do"
    } else {
        "as problem.toml asks"
    };
    match judge.rust {
        None => format!(
            "{} accepts no Rust; proven on rustc {proven_on}, {why}",
            judge.title
        ),
        Some(rust) => format!(
            "{} runs Rust {}; proven on rustc {proven_on}",
            judge.title,
            rust.describe()
        ),
    }
}

/// The compiler's refusal; when only the floor refused what a newer rustc
/// builds, and the problem's judge runs a Rust newer than the floor, the
/// `rustc` key of problem.toml that proves the paste on that Rust instead.
fn refusal(id: &str, config: &Config, refused: Refused) -> String {
    let judge_rust = judges::known(&config.judge)
        .and_then(|judge| Some((judge, judge.rust?, judge.rustc_version()?)));
    match (refused.newer_accepts, judge_rust) {
        (Some(newer), Some((judge, rust, version)))
            if config.rustc == RUST_FLOOR && version != RUST_FLOOR =>
        {
            format!(
                "{}\nrustc {newer} compiles it, and {} runs Rust {}: to prove the paste \
                 on {}'s Rust instead of the floor, set `rustc = \"{version}\"` in \
                 judge-data/{id}/problem.toml (and `rustup toolchain install {version} \
                 --profile minimal`)",
                refused.message,
                judge.title,
                rust.describe(),
                judge.title
            )
        }
        _ => refused.message,
    }
}

/// `problems/<id>/src/main.rs`: the one file a judge ever sees.
fn solution_path(id: &str) -> String {
    format!("problems/{id}/src/main.rs")
}

/// The problem's paste; the inner error is the solution's fault.
fn cut(problem: &Problem) -> Result<Result<Paste, String>, SetupError> {
    let style = match judges::format_of(&problem.config.judge) {
        Format::LeetCode => Style::LeetCode,
        Format::Stdin => Style::WholeFile,
    };
    let path = problem.workspace.root.join(solution_path(&problem.id));
    let source = fs::read_to_string(&path)
        .map_err(|e| SetupError(format!("cannot read {}: {e}", path.display())))?;
    Ok(Paste::from_source(&source, style))
}

/// One row per problem, then `N passed, N failed`; true when all passed.
fn check_all(workspace: &Workspace, ids: &[String]) -> bool {
    outln!("compiling each paste alone, as its judge would");
    let mut tally = Tally::new(10);
    for id in ids {
        let result = workspace
            .problem(id)
            .and_then(|problem| {
                let compilers = Compilers::find(&problem.config.rustc)?;
                Ok(cut(&problem)?.map(|paste| (paste, compilers, problem.config)))
            })
            .unwrap_or_else(|SetupError(message)| Err(message))
            .and_then(|(paste, compilers, config)| {
                let editions = judges::editions_of(&config.judge);
                compilers
                    .check(&paste, &solution_path(id), editions)
                    .map_err(|refused| refusal(id, &config, refused))?;
                Ok(format!(
                    "{} bytes; proved: {}",
                    paste.text.len(),
                    compilers.proved(editions)
                ))
            });
        tally.row(id, result);
    }
    tally.close()
}

/// Copies `text` with the first clipboard program on PATH. Printing already
/// happened, so a missing or failing clipboard is reported, not fatal.
fn copy(text: &str) {
    let found = CLIPBOARDS
        .iter()
        .find_map(|command| files::on_path(command[0]).map(|path| (path, &command[1..])));
    let (program, arguments) = match found {
        Some(found) => found,
        None => {
            eprintln!("not copied: none of wl-copy, xclip or pbcopy is on PATH");
            return;
        }
    };
    // Clipboard programs may fork a server that keeps stdout open: leave it unread.
    let result = Command::new(&program)
        .args(arguments)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .and_then(|mut child| {
            if let Some(mut stdin) = child.stdin.take() {
                stdin.write_all(text.as_bytes())?;
            }
            child.wait()
        });
    match result {
        Ok(status) if status.success() => eprintln!("copied with {}", program.display()),
        Ok(status) => eprintln!("not copied: {} ended with {status}", program.display()),
        Err(e) => eprintln!("not copied: cannot run {}: {e}", program.display()),
    }
}
