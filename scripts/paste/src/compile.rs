//! Compiles a paste alone with plain `rustc`, the way a judge does: the
//! version the problem is proven on (the floor of the judges that take Rust,
//! `judges::RUST_FLOOR`, unless problem.toml says `rustc = ...`) and, to catch
//! what newer compilers reject, the local default one, each under the
//! editions asked for that it knows (one that knows none of them, as the
//! floor knows no 2024, under the newest it knows). Each build runs in its
//! own temporary folder, removed afterwards.

use super::Paste;
use judge_core::base::error::SetupError;
use judge_core::base::files::Scratch;
use judge_core::base::judges::RUST_FLOOR;
use std::fs;
use std::process::Command;
use std::thread;

/// Each edition, and the first rustc (1.x) that compiles it.
const FIRST_RUSTC: [(&str, u32); 3] = [("2018", 31), ("2021", 56), ("2024", 85)];

/// One `rustc`: the default one on PATH, or a rustup toolchain (`+1.70.0`).
#[derive(Clone, Debug)]
pub struct Compiler {
    toolchain: Option<String>,
    pub version: String,
}

impl Compiler {
    fn command(&self) -> Command {
        let mut command = Command::new("rustc");
        if let Some(toolchain) = &self.toolchain {
            command.arg(format!("+{toolchain}"));
        }
        command
    }

    fn find(toolchain: Option<String>) -> Option<Compiler> {
        let mut compiler = Compiler {
            toolchain,
            version: String::new(),
        };
        let output = compiler.command().arg("--version").output().ok()?;
        let text = String::from_utf8_lossy(&output.stdout);
        // `rustc 1.70.0 (90c541806 2023-05-31)`
        compiler.version = text.split_whitespace().nth(1)?.to_string();
        Some(compiler).filter(|_| output.status.success())
    }

    /// Whether this rustc compiles `edition`: 1.70 knows no 2024, which no
    /// judge running it can ask for either.
    fn knows(&self, edition: &str) -> bool {
        let minor = self.version.split('.').nth(1).and_then(|m| m.parse().ok());
        FIRST_RUSTC
            .iter()
            .any(|&(known, first)| known == edition && minor.is_some_and(|m: u32| m >= first))
    }

    /// The editions this rustc builds for `wanted`: those of them it knows,
    /// else the newest it knows (the floor's 2021 for a judge on 2024).
    fn editions<'a>(&self, wanted: &[&'a str]) -> Vec<&'a str> {
        let known: Vec<&str> = wanted.iter().copied().filter(|&e| self.knows(e)).collect();
        if !known.is_empty() {
            return known;
        }
        let newest = FIRST_RUSTC.iter().rev().find(|(e, _)| self.knows(e));
        newest.map(|&(edition, _)| edition).into_iter().collect()
    }
}

/// The compilers every paste must satisfy, the judges' first.
pub struct Compilers(Vec<Compiler>);

impl Compilers {
    /// The rustc `wanted` (a rustup toolchain such as `1.70.0`) and the local one.
    pub fn find(wanted: &str) -> Result<Compilers, SetupError> {
        let judge = Compiler::find(Some(wanted.to_string()))
            .filter(|compiler| compiler.version == wanted)
            .ok_or_else(|| {
                let install = if wanted == RUST_FLOOR {
                    "make toolchain".to_string()
                } else {
                    format!("rustup toolchain install {wanted} --profile minimal")
                };
                SetupError(format!(
                    "rustc {wanted}, the compiler pastes are proven on, is not installed: \
                     run `{install}`"
                ))
            })?;
        let local = Compiler::find(None).ok_or_else(|| {
            SetupError("no `rustc` on PATH: install Rust with rustup (https://rustup.rs)".into())
        })?;
        let mut compilers = vec![judge];
        if local.version != compilers[0].version {
            compilers.push(local);
        }
        Ok(Compilers(compilers))
    }

    /// The version pastes are proven on, the first compiler.
    pub fn proof_version(&self) -> &str {
        &self.0[0].version
    }

    /// `rustc 1.70.0 (edition 2018, 2021) and 1.95.0 (edition 2018, 2021, 2024)`:
    /// what `check_program` builds with for `editions`.
    pub fn describe_with(&self, editions: &[&str]) -> String {
        let each: Vec<String> = self
            .0
            .iter()
            .map(|compiler| {
                let built = compiler.editions(editions);
                format!("{} (edition {})", compiler.version, built.join(", "))
            })
            .collect();
        format!("rustc {}", each.join(" and "))
    }

    /// `rustc 1.70.0 edition 2021; local rustc 1.95.0 edition 2024`: what
    /// `check_program` proves for `editions`, and which of them no rustc
    /// here knows.
    pub fn proved(&self, editions: &[&str]) -> String {
        let mut each: Vec<String> = self
            .0
            .iter()
            .map(|compiler| {
                let local = match compiler.toolchain {
                    None if self.0.len() > 1 => "local ",
                    _ => "",
                };
                let built = compiler.editions(editions);
                let version = &compiler.version;
                format!("{local}rustc {version} edition {}", built.join(", "))
            })
            .collect();
        let unknown = editions
            .iter()
            .filter(|&&e| !self.0.iter().any(|compiler| compiler.knows(e)));
        each.extend(unknown.map(|e| format!("edition {e} unproven: no rustc here knows it")));
        each.join("; ")
    }

    /// Builds the paste with every compiler under each of `editions` it
    /// knows; the error is the first failure, the proof version first, with
    /// its message. `file` is the path messages show, as in the workspace.
    pub fn check(&self, paste: &Paste, file: &str, editions: &[&str]) -> Result<(), Refused> {
        self.check_program(&paste.program(), file, editions)
    }

    /// Builds `program`, saved as `file`, with every compiler under the
    /// editions it builds for `editions`, all at once; the error is the first failure
    /// in that order, with the compiler's message.
    pub fn check_program(
        &self,
        program: &str,
        file: &str,
        editions: &[&str],
    ) -> Result<(), Refused> {
        let builds: Vec<(&Compiler, &str)> = self
            .0
            .iter()
            .flat_map(|compiler| {
                let built = compiler.editions(editions);
                built.into_iter().map(move |e| (compiler, e))
            })
            .collect();
        let results: Vec<Result<(), String>> = thread::scope(|scope| {
            let handles: Vec<_> = builds
                .iter()
                .map(|&(compiler, edition)| {
                    scope.spawn(move || build(compiler, program, file, edition))
                })
                .collect();
            handles
                .into_iter()
                .map(|handle| {
                    handle
                        .join()
                        .unwrap_or_else(|_| Err("the build thread panicked".into()))
                })
                .collect()
        });
        // The local rustc, when newer, building every edition: what the proof
        // version refuses then needs a newer Rust, not a fix.
        let proof = &self.0[0];
        let newer_accepts = self
            .0
            .get(1)
            .filter(|newer| {
                numbers(&newer.version) > numbers(&proof.version)
                    && builds.iter().zip(&results).all(|((compiler, _), result)| {
                        compiler.version != newer.version || result.is_ok()
                    })
            })
            .map(|newer| newer.version.clone());
        for ((compiler, edition), result) in builds.iter().zip(results) {
            result.map_err(|message| Refused {
                message: format!(
                    "does not compile with rustc {} (edition {edition}, -O):\n{}",
                    compiler.version,
                    message.trim_end()
                ),
                newer_accepts: newer_accepts.clone(),
            })?;
        }
        Ok(())
    }
}

/// Why a paste was refused.
pub struct Refused {
    /// The first failure, with the compiler's message.
    pub message: String,
    /// The local rustc's version, when it is newer than the proof version
    /// and built the paste under every edition.
    pub newer_accepts: Option<String>,
}

impl From<Refused> for String {
    fn from(refused: Refused) -> String {
        refused.message
    }
}

/// `1.70.0` as `[1, 70, 0]`, which compare as versions do.
fn numbers(version: &str) -> Vec<u32> {
    version
        .split('.')
        .map(|part| part.parse().unwrap_or(0))
        .collect()
}

/// Compiles `program`, saved as `file` in a fresh folder; the error is the
/// compiler's message (warnings left out: judges ignore them).
fn build(compiler: &Compiler, program: &str, file: &str, edition: &str) -> Result<(), String> {
    let folder =
        Scratch::new("judge-submit").map_err(|e| format!("cannot make a scratch folder: {e}"))?;
    let source = folder.path().join(file);
    if let Some(parent) = source.parent() {
        fs::create_dir_all(parent)
            .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
    }
    fs::write(&source, program).map_err(|e| format!("cannot write {}: {e}", source.display()))?;
    let output = compiler
        .command()
        .args(["--edition", edition, "-O", "-A", "warnings"])
        .args(["--crate-name", "submission", "--crate-type", "bin", "-o"])
        .arg(folder.path().join("submission"))
        .arg(file)
        .current_dir(folder.path())
        .output()
        .map_err(|e| format!("cannot run rustc: {e}"))?;
    if output.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&output.stderr).into_owned())
    }
}
