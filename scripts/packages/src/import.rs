//! `judge import`: its `--package <folder | .zip>` form, a problem package
//! made into a problem of the workspace; the binary's table sends every
//! other form to Competitive Companion's (`judge_companion`). Everything is
//! written in a scratch folder under `target/` first — the cases, the
//! package's programs at their own paths, the examples, `problem.toml` and
//! `package.txt` (the package's files by hash, so a second import knows
//! what changed) — and renamed into `judge-data/<id>/` at once;
//! `problems/<id>/` is scaffolded the same way when missing. A package that
//! cannot be read leaves nothing behind.

use crate::package::{self, Data, Package, NO_INPUT_VALIDATORS};
use crate::submissions;
use judge_core::base::args::Args;
use judge_core::base::error::SetupError;
use judge_core::base::files::{self, Scratch};
use judge_core::base::hash::Fnv1a;
use judge_core::base::modes::Mode;
use judge_core::judging::judge::run_helper;
use judge_core::outln;
use judge_core::problem::config::HelperLimits;
use judge_core::problem::kind::Kind;
use judge_core::problem::workspace::{check_id, Workspace};
use judge_core::process::interrupt;
use judge_core::process::run::Program;
use judge_core::process::sources::{self, Source};
use judge_new::scaffold::{self, Spec};
use judge_new::scaffold::{build_problem, build_wanted};
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// `judge import --package` (with `--id` and `--force`).
pub fn command(workspace: &Workspace, args: &Args) -> Result<bool, SetupError> {
    let Some(path) = args.value("package") else {
        return Err(SetupError("--id and --force go with --package".into()));
    };
    let listener = args.value("port").is_some() || args.flag("once") || args.flag("build-runner");
    if args.flag("file") || listener {
        return Err(SetupError(
            "--package imports a problem package; --file, --port, --once and --build-runner are \
             for Competitive Companion"
                .into(),
        ));
    }
    if let Some(extra) = args.positional.first() {
        return Err(SetupError(format!(
            "import --package takes no argument {extra:?}"
        )));
    }
    import_package(workspace, Path::new(path), args, build_wanted())
}

/// A problem package: written whole, then its crate built.
fn import_package(
    workspace: &Workspace,
    path: &Path,
    args: &Args,
    build: bool,
) -> Result<bool, SetupError> {
    let imported = import(workspace, path, args.value("id"), args.flag("force"))?;
    for line in &imported.lines {
        outln!("{line}");
    }
    if imported.new_problem && build {
        outln!("  {}", build_problem(workspace, &imported.id));
    }
    if imported.needs_time_limit {
        outln!("  {}", set_time_limit(workspace, &imported.id)?);
    }
    Ok(true)
}

/// The time limit of a package that sets none, as its format computes it:
/// from the accepted submissions, run now, by the format's rule.
fn set_time_limit(workspace: &Workspace, id: &str) -> Result<String, SetupError> {
    let path = workspace.data_dir(id).join("problem.toml");
    let (ms, why) = match submissions::time_limit_by_rule(workspace, id)? {
        Ok(found) => found,
        Err(why) => {
            return Ok(format!(
                "time limit: {why}, so time_limit_ms = 1000 is a placeholder: \
                 set it, or make verify P={id} once one runs"
            ))
        }
    };
    let text = fs::read_to_string(&path)
        .map_err(|e| SetupError(format!("cannot read {}: {e}", path.display())))?;
    let text: String = text
        .lines()
        .map(|line| match line.starts_with("time_limit_ms = ") {
            true => format!("time_limit_ms = {ms}  # the format's rule: {why}\n"),
            false => format!("{line}\n"),
        })
        .collect();
    files::publish(&path, text.as_bytes())
        .map_err(|e| SetupError(format!("cannot write {}: {e}", path.display())))?;
    Ok(format!("time limit: {ms} ms by the format's rule ({why})"))
}

/// The fingerprint's name in `judge-data/<id>/`.
pub const MANIFEST: &str = "package.txt";
/// A generator or the main solution making a case at import time: the
/// default helper limits, as there is no problem.toml yet, and what a case
/// may hold.
const MAKER_OUTPUT_CAP: usize = package::BOUNDS.entry;

/// What an import did, for its report and for the caller's next steps.
pub struct Imported {
    pub id: String,
    pub new_problem: bool,
    /// The package sets no time limit: the format's rule must give one.
    pub needs_time_limit: bool,
    pub lines: Vec<String>,
}

/// The package's files, each with its hash and size, as `package.txt`
/// keeps them.
fn manifest(package: &Package) -> Result<String, String> {
    let mut text = format!(
        "# The package judge-data/<id>/ was imported from, file by file; `make import` compares.\n\
         format {}\nname {}\n",
        package.format.name(),
        package.title
    );
    for path in package.tree.all_files() {
        let mut hasher = Fnv1a::default();
        package.tree.copy(&path, &mut hasher)?;
        text += &format!("{:016x} {} {path}\n", hasher.hash, hasher.written);
    }
    for path in written(package) {
        text += &format!("{WROTE}{path}\n");
    }
    Ok(text)
}

/// A manifest's line naming a file the import wrote into judge-data/<id>/.
const WROTE: &str = "wrote ";

/// The files an import of `package` writes into judge-data/<id>/: its
/// programs, cases and examples (problem.toml and the manifest besides).
fn written(package: &Package) -> Vec<String> {
    let mut paths = package.copied.clone();
    for case in &package.cases {
        paths.push(format!("{}.in", case.name));
        if case.answer.is_some() {
            paths.push(format!("{}.out", case.name));
        }
    }
    for (name, _) in &package.examples {
        paths.push(format!("{name}.interaction"));
    }
    paths.sort();
    paths
}

/// A manifest without its `wrote` lines: what says whether the package changed.
fn package_part(manifest: &str) -> String {
    manifest
        .lines()
        .filter(|l| !l.starts_with(WROTE))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// The files of a manifest: path → its hash and size.
fn listed(manifest: &str) -> Vec<(String, String)> {
    manifest
        .lines()
        .filter(|l| {
            !["#", "format ", "name ", WROTE]
                .iter()
                .any(|prefix| l.starts_with(prefix))
        })
        .filter_map(|l| {
            let (hash, rest) = l.split_once(' ')?;
            let (size, path) = rest.split_once(' ')?;
            Some((path.to_string(), format!("{hash} {size}")))
        })
        .collect()
}

/// What changed between two manifests, by file.
fn changes(old: &str, new: &str) -> Vec<String> {
    let (old, new) = (listed(old), listed(new));
    let mut found = Vec::new();
    for (path, sum) in &new {
        match old.iter().find(|(p, _)| p == path) {
            None => found.push(format!("added {path}")),
            Some((_, before)) if before != sum => found.push(format!("changed {path}")),
            Some(_) => {}
        }
    }
    for (path, _) in &old {
        if !new.iter().any(|(p, _)| p == path) {
            found.push(format!("removed {path}"));
        }
    }
    found
}

/// An id like `id` that nothing uses yet.
fn free_id(workspace: &Workspace, id: &str) -> String {
    (2..)
        .map(|n| format!("{id}{n}"))
        .find(|candidate| {
            !workspace.data_dir(candidate).exists() && !workspace.problem_dir(candidate).exists()
        })
        .unwrap_or_else(|| format!("{id}2"))
}

pub fn import(
    workspace: &Workspace,
    path: &Path,
    id: Option<&str>,
    force: bool,
) -> Result<Imported, SetupError> {
    let shown = path.display().to_string();
    let package = package::read(path).map_err(|e| SetupError(format!("import {shown}: {e}")))?;
    let id = match id {
        Some(id) => id.to_string(),
        None => package::id_of(&package.short_name),
    };
    check_id(&id)?;
    if workspace.tool_crates().contains(&id) {
        return Err(SetupError(format!(
            "{id:?} is the name of a workspace tool's crate; import it with --id {}",
            free_id(workspace, &id)
        )));
    }
    let manifest = manifest(&package).map_err(|e| SetupError(format!("import {shown}: {e}")))?;
    let stored = fs::read_to_string(workspace.data_dir(&id).join(MANIFEST)).ok();
    if let Some(unchanged) = earlier_import(workspace, &id, &package, &manifest, &stored, force)? {
        return Ok(unchanged);
    }
    // Everything is made in a scratch folder under target/, then renamed.
    let staging = workspace.target("import");
    fs::create_dir_all(&staging)
        .map_err(|e| SetupError(format!("cannot create {}: {e}", staging.display())))?;
    let scratch = |what: &str| {
        Scratch::under(&staging, &format!(".{id}-{what}")).map_err(|e| {
            SetupError(format!(
                "cannot make a scratch folder in {}: {e}",
                staging.display()
            ))
        })
    };
    let data = scratch("data")?;
    let kept = stage_data(
        workspace,
        &id,
        &package,
        &manifest,
        stored.as_deref(),
        &shown,
        &data,
    )?;
    // problems/<id>/, scaffolded as `make new` would, when there is none.
    let problem = match workspace.problem_dir(&id).exists() {
        true => None,
        false => {
            let stage = scratch("problem")?;
            stage_problem(&id, &package, &stage)?;
            Some(stage)
        }
    };
    let new_problem = problem.is_some();
    publish(workspace, &id, &staging, data, problem)?;
    let mut lines = vec![summary(&id, &package, stored.is_some())];
    lines.extend(kept);
    lines.extend(programs_and_notes(workspace, &id, &package));
    Ok(Imported {
        id,
        new_problem,
        needs_time_limit: package.time_limit_ms.is_none(),
        lines,
    })
}

/// The lines after the summary: the package's judging programs compiled
/// (or why not), its lack of input validators, its notes.
fn programs_and_notes(workspace: &Workspace, id: &str, package: &Package) -> Vec<String> {
    let mut lines = Vec::new();
    for (what, tool) in [
        ("checker", &package.checker),
        ("interactor", &package.interactor),
    ] {
        if let Some(tool) = tool {
            lines.push(compiled(workspace, id, what, &tool.command));
        }
    }
    for validator in &package.input_validators {
        lines.push(compiled(workspace, id, "input validator", validator));
    }
    if package.input_validators.is_empty() {
        lines.push(format!("  note: {NO_INPUT_VALIDATORS}"));
    }
    for note in &package.notes {
        lines.push(format!("  note: {note}"));
    }
    lines
}

/// What an earlier import of `id` (its `stored` manifest) says: `Some`
/// when the package is unchanged and nothing is to be written; an error when
/// it changed (and `force` is not given) or `id` is taken by a problem that
/// was not imported.
fn earlier_import(
    workspace: &Workspace,
    id: &str,
    package: &Package,
    manifest: &str,
    stored: &Option<String>,
    force: bool,
) -> Result<Option<Imported>, SetupError> {
    let exists = workspace.data_dir(id).exists() || workspace.problem_dir(id).exists();
    match stored {
        Some(old) if package_part(old) == package_part(manifest) => Ok(Some(Imported {
            id: id.to_string(),
            new_problem: false,
            needs_time_limit: false,
            lines: vec![format!(
                "{id} \"{}\": unchanged since it was imported; nothing written",
                package.title
            )],
        })),
        Some(old) if !force => {
            let changed = changes(old, manifest);
            let shown_changes: Vec<&str> = changed.iter().take(20).map(String::as_str).collect();
            Err(SetupError(format!(
                "{id}: the package changed since it was imported ({}{}); --force replaces judge-data/{id}/ \
                 (problems/{id}/ is kept), --id <other> imports it beside",
                shown_changes.join(", "),
                if changed.len() > 20 { format!(", and {} more", changed.len() - 20) } else { String::new() }
            )))
        }
        None if exists => Err(SetupError(format!(
            "{id} exists already and was not imported from a package: import it with --id {}",
            free_id(workspace, id)
        ))),
        _ => Ok(None),
    }
}

/// Writes into `data` what `judge-data/<id>/` is to hold: the package's
/// programs, the cases (made by its generators where it says so), the
/// examples, `problem.toml` (refused if it would not parse) and the manifest;
/// replacing an earlier import (its `stored` manifest), also the files and
/// problem.toml keys the package did not bring, which are the user's. The
/// lines returned say what was kept.
fn stage_data(
    workspace: &Workspace,
    id: &str,
    package: &Package,
    manifest: &str,
    stored: Option<&str>,
    shown: &str,
    data: &Scratch,
) -> Result<Vec<String>, SetupError> {
    let dir = data.path();
    let put = |relative: &str, bytes: &[u8], mode: u32| -> Result<(), SetupError> {
        data.file(relative, bytes)
            .and_then(|target| {
                fs::set_permissions(target, fs::Permissions::from_mode(mode | 0o600))
            })
            .map_err(|e| {
                SetupError(format!(
                    "cannot write {}: {e}",
                    dir.join(relative).display()
                ))
            })
    };
    let read = |path: &str| {
        package
            .tree
            .read(path)
            .map_err(|e| SetupError(format!("import {shown}: {e}")))
    };
    for file in &package.copied {
        put(file, &read(file)?, package.tree.mode(file))?;
    }
    write_cases(workspace, package, shown, data)?;
    for (name, path) in &package.examples {
        put(&format!("{name}.interaction"), &read(path)?, 0o644)?;
    }
    let provisional = package.time_limit_ms.unwrap_or(1000);
    let mut toml = package.problem_toml(id, provisional);
    let mut kept = Vec::new();
    if let Some(stored) = stored {
        let old = workspace.data_dir(id);
        kept = keep_files(&old, stored, &written(package), &put)?;
        let old_toml = files::read_stored(&old.join("problem.toml"), files::MAX_STORED_BYTES)
            .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
            .unwrap_or_default();
        let keys;
        (toml, keys) = package::keep_keys(&old_toml, &toml).map_err(|e| {
            SetupError(format!("import {shown}: judge-data/{id}/problem.toml: {e}"))
        })?;
        if !keys.is_empty() {
            kept.push(format!("  kept from problem.toml: {}", keys.join(", ")));
        }
    }
    judge_core::problem::config::parse(&toml).map_err(|e| {
        SetupError(format!(
            "import {shown}: the problem.toml made is refused: {e}"
        ))
    })?;
    put("problem.toml", toml.as_bytes(), 0o644)?;
    put(MANIFEST, manifest.as_bytes(), 0o644)?;
    Ok(kept)
}

/// Writes a file of the staged data: its path in it, its bytes, its mode.
type Put<'a> = dyn Fn(&str, &[u8], u32) -> Result<(), SetupError> + 'a;

/// Copies, through `put`, every file of the earlier import's folder `old`
/// that neither it (its `stored` manifest's `wrote` lines) nor this import
/// (`written`) writes: the user's (saved stress cases, notes). An import
/// that recorded nothing keeps everything this one does not write.
fn keep_files(
    old: &Path,
    stored: &str,
    written: &[String],
    put: &Put,
) -> Result<Vec<String>, SetupError> {
    let wrote: Vec<&str> = stored
        .lines()
        .filter_map(|l| l.strip_prefix(WROTE))
        .collect();
    let mut kept = Vec::new();
    let mut pending = vec![old.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            let Ok(meta) = fs::symlink_metadata(&path) else {
                continue;
            };
            if meta.is_dir() {
                pending.push(path);
                continue;
            }
            let relative = path.strip_prefix(old).unwrap_or(&path).to_string_lossy();
            let relative = relative.into_owned();
            let ours = ["problem.toml", MANIFEST].contains(&relative.as_str())
                || written.contains(&relative)
                || wrote.contains(&relative.as_str());
            if ours || !meta.is_file() {
                continue;
            }
            let bytes = files::read_stored(&path, u64::MAX)
                .map_err(|e| SetupError(format!("cannot keep {}: {e}", path.display())))?;
            put(&relative, &bytes, meta.permissions().mode() & 0o777)?;
            kept.push(relative);
        }
    }
    kept.sort();
    Ok(match kept.is_empty() {
        true => Vec::new(),
        false => vec![format!(
            "  kept {} files the package did not bring: {}",
            kept.len(),
            kept.join(", ")
        )],
    })
}

/// Writes into `stage` what `problems/<id>/` is to hold: the scaffold of
/// the package's kind (stdin or interactive), as `make new` makes it; a
/// package's own validator judges, so no checker stub is made.
fn stage_problem(id: &str, package: &Package, stage: &Scratch) -> Result<(), SetupError> {
    let kind = if package.interactor.is_some() {
        Kind::Interactive
    } else {
        Kind::Stdin
    };
    let mut spec = Spec::for_id(id, Some("kattis"), false, false)?;
    spec.kind = kind;
    spec.title = package.title.replace('"', "'");
    let (_, files) = scaffold::scaffold_files(&spec)?;
    let prefix = PathBuf::from("problems").join(id);
    for (path, text) in files {
        if let Ok(inside) = path.strip_prefix(&prefix) {
            let inside = inside.to_string_lossy();
            stage.file(&inside, text.as_bytes()).map_err(|e| {
                SetupError(format!(
                    "cannot write {}: {e}",
                    stage.path().join(&*inside).display()
                ))
            })?;
        }
    }
    Ok(())
}

/// Moves the staged `data` (and `problem`, when one was made) into place,
/// uninterrupted. The data an earlier import stored is moved aside first
/// and put back if the new cannot take its place.
fn publish(
    workspace: &Workspace,
    id: &str,
    staging: &Path,
    data: Scratch,
    problem: Option<Scratch>,
) -> Result<(), SetupError> {
    let data_dir = workspace.data_dir(id);
    interrupt::uninterrupted(|| -> Result<(), SetupError> {
        let judge_data = workspace.root.join("judge-data");
        fs::create_dir_all(&judge_data)
            .map_err(|e| SetupError(format!("cannot create {}: {e}", judge_data.display())))?;
        let old = staging.join(format!(".{id}-replaced-{}", std::process::id()));
        let replacing = data_dir.exists();
        if replacing {
            fs::rename(&data_dir, &old).map_err(|e| {
                SetupError(format!("cannot move {} aside: {e}", data_dir.display()))
            })?;
        }
        if let Err(e) = data.keep_as(&data_dir) {
            if replacing {
                let _ = fs::rename(&old, &data_dir);
            }
            return Err(SetupError(format!(
                "cannot write {}: {e}",
                data_dir.display()
            )));
        }
        let _ = fs::remove_dir_all(&old);
        if let Some(stage) = problem {
            stage
                .keep_as(&workspace.problem_dir(id))
                .map_err(|e| SetupError(format!("cannot write problems/{id}: {e}")))?;
        }
        Ok(())
    })
}

/// The import's first line: what the problem is and what was written.
fn summary(id: &str, package: &Package, replaced: bool) -> String {
    let samples = package.cases.iter().filter(|c| c.sample).count();
    let judged_by = match (&package.interactor, &package.checker) {
        (Some(tool), _) => format!("interactor judge-data/{id}/{}", tool.command),
        (None, Some(tool)) => format!("checker judge-data/{id}/{}", tool.command),
        (None, None) => format!("compare = {}", package.compare.mode.name()),
    };
    format!(
        "{id} \"{}\" ({}{}): {}, {} cases ({samples} sample{}){}, {judged_by}, {} submissions to verify{}",
        package.title,
        package.format.name(),
        if package.domjudge { ", DOMjudge" } else { "" },
        if replaced { "replaced" } else { "new" },
        package.cases.len(),
        if samples == 1 { "" } else { "s" },
        if package.groups.is_empty() { String::new() } else { format!(", {} groups", package.groups.len()) },
        package.submissions.len(),
        if package.scoring { ", scoring" } else { "" }
    )
}

/// Compiles a judge's program once, now, so `make test` finds it built; a
/// failure is said, not fatal: the files are whole either way.
fn compiled(workspace: &Workspace, id: &str, what: &str, path: &str) -> String {
    let source = workspace.data_dir(id).join(path);
    match sources::build(&Source::at(&source), &workspace.target("foreign")) {
        Ok(_) => format!("  {what} judge-data/{id}/{path}: compiled"),
        Err(e) => format!("  warning: {what} judge-data/{id}/{path} does not build here: {e}"),
    }
}

/// Writes every case's input and answer into `data`: the package's files
/// streamed in (never held whole), or made now by the package's generator
/// and main solution (compiled from the staged copy).
fn write_cases(
    workspace: &Workspace,
    package: &Package,
    shown: &str,
    data: &Scratch,
) -> Result<(), SetupError> {
    let stage = data.path();
    let build = |path: &str| -> Result<Program, SetupError> {
        sources::build(&Source::at(&stage.join(path)), &workspace.target("foreign"))
            .map_err(|e| SetupError(format!("cannot build {path} to make the tests: {e}")))
    };
    let run = |program: &Program, input: &[u8], what: &str| -> Result<Vec<u8>, SetupError> {
        run_helper(program, input, &HelperLimits::default(), MAKER_OUTPUT_CAP)
            .map_err(|e| SetupError(format!("cannot run {}: {e}", program.describe())))?
            .map_err(|why| SetupError(format!("{what}: {}", why.lines().next().unwrap_or(""))))
    };
    let cannot = |path: &Path, e: &dyn std::fmt::Display| {
        SetupError(format!("cannot write {}: {e}", path.display()))
    };
    // The package's file `from` as the case file `name`.
    let copy = |from: &str, name: &str| -> Result<(), SetupError> {
        let (_, mut file) = data
            .create(name)
            .map_err(|e| cannot(&stage.join(name), &e))?;
        package
            .tree
            .copy(from, &mut file)
            .map_err(|e| SetupError(format!("import {shown}: {e}")))
    };
    let put = |name: &str, bytes: &[u8]| {
        data.file(name, bytes)
            .map(drop)
            .map_err(|e| cannot(&stage.join(name), &e))
    };
    let mut main: Option<Program> = None;
    for case in &package.cases {
        let (name, input, answer) = (&case.name, &case.input, &case.answer);
        let (input_file, answer_file) = (format!("{name}.in"), format!("{name}.out"));
        match input {
            Data::File(path) => copy(path, &input_file)?,
            Data::Generated { generator, args } => {
                let program = build(generator)?.with_args(args);
                let what = format!("test {name}: the generator {generator} {}", args.join(" "));
                put(&input_file, &run(&program, b"", &what)?)?
            }
            Data::ByMain => {
                return Err(SetupError(format!(
                    "test {name}: an input cannot come from the main solution"
                )))
            }
        }
        match answer {
            Some(Data::File(path)) => copy(path, &answer_file)?,
            Some(Data::ByMain) => {
                if main.is_none() {
                    let path = package.main_solution.as_deref().ok_or_else(|| {
                        SetupError(format!("test {name}: no main solution to answer it"))
                    })?;
                    main = Some(build(path)?);
                }
                let program = main.as_ref().expect("built above");
                let input = files::read_stored(&stage.join(&input_file), files::MAX_STORED_BYTES)
                    .map_err(SetupError)?;
                let what = format!("test {name}: the main solution");
                put(&answer_file, &run(program, &input, &what)?)?
            }
            Some(Data::Generated { .. }) => {
                return Err(SetupError(format!(
                    "test {name}: an answer cannot be generated"
                )))
            }
            None => {}
        }
    }
    Ok(())
}
