//! Source files and folders as programs: wherever a program is taken
//! (`--bin`, `--sol`, `--brute`, `--gen`, a package's validators and
//! submissions), a source file, or a folder of sources, is compiled the way
//! judges do and its build is run. A folder is one program: C and C++
//! sources compiled together, Java with its packages and main class, Python
//! with its main file; a folder with a `build` or `run` script is built and
//! run by them, in its build folder. Each build lives in `<build folder>/<name>-<hash>/`
//! (`target/foreign/`), keyed by the sources' bytes, the headers of the
//! include folders and the compiler's command line, so a source is compiled
//! once; it is made in a scratch folder and renamed into place, so a
//! half-made build is never used.

mod java;
pub mod languages;

use super::run::{self, Access, Killed, Limits, Program, Stdin, Stdout};
use super::sight;
use crate::base::files::{self, Scratch};
use crate::base::hash::fnv1a;
use java::java_classes;
use languages::{Language, HEADERS};
use std::fmt;
use std::fs;
use std::io;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How many lines of the compiler's complaint a setup error shows.
const SHOWN_LINES: usize = 15;
/// A compile's own limits, far beyond what a solution needs: only a
/// compile bomb reaches them.
const COMPILE_TIME: Duration = Duration::from_secs(60);
const COMPILE_MEMORY_KIB: u64 = 1 << 20;
const COMPILE_OUTPUT_CAP: usize = 1 << 20;

/// What to build: a file or a folder, and what a package says about it.
#[derive(Clone, Copy, Debug)]
pub struct Source<'a> {
    pub path: &'a Path,
    /// The class, file or module to start (`Main`, `main.py`), when the
    /// language could start several.
    pub entry_point: Option<&'a str>,
    /// The language when the file endings do not say it.
    pub language: Option<Language>,
    /// Folders C and C++ search for headers, besides the source's own.
    pub includes: &'a [PathBuf],
}

impl Source<'_> {
    /// The file or folder alone, its language told by its file endings.
    pub fn at(path: &Path) -> Source<'_> {
        Source {
            path,
            entry_point: None,
            language: None,
            includes: &[],
        }
    }
}

/// Why a source could not become a program.
#[derive(Debug, PartialEq, Eq)]
pub enum BuildError {
    /// A compiler or runtime is not installed: `tool` names it.
    Missing { tool: String, message: String },
    /// Anything else: a compile error, an unreadable file, no main.
    Failed(String),
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            BuildError::Missing { message, .. } | BuildError::Failed(message) => {
                f.write_str(message)
            }
        }
    }
}

fn failed<T>(message: impl Into<String>) -> Result<T, BuildError> {
    Err(BuildError::Failed(message.into()))
}

fn missing(tool: &str, what: &str) -> BuildError {
    BuildError::Missing {
        tool: tool.to_string(),
        message: format!("{what} needs {tool}, which is not installed (not found on PATH)"),
    }
}

/// A program as a command line names it: a source file or a folder is
/// compiled into `build_dir`; an existing file is run directly, a bare name
/// too (never a namesake in PATH); anything else is a shell command (where
/// a bare name that is no file here is looked up in PATH). A lone word that
/// names nothing to run (a path or source file that is not there, a name
/// found neither here nor in PATH) is an error, before anything runs.
pub fn from_arg(text: &str, build_dir: &Path) -> Result<Program, String> {
    let path = Path::new(text);
    if is_source(path) {
        return build(&Source::at(path), build_dir).map_err(|e| e.to_string());
    }
    let lone = !text.is_empty() && !text.contains(char::is_whitespace);
    let plain_name = text
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "._+-".contains(c));
    match fs::metadata(path) {
        Ok(meta) if meta.is_file() && meta.permissions().mode() & 0o111 == 0 => {
            Err(format!("{text} is not executable (chmod +x {text})"))
        }
        // `./a.out`, not a PATH lookup of `a.out`.
        Ok(meta) if meta.is_file() => Ok(Program::exec(Path::new(".").join(path))),
        _ if lone && (text.contains('/') || Language::of_path(path).is_some()) => {
            Err(format!("no program {text}: no such file"))
        }
        _ if lone && plain_name && files::on_path(text).is_none() => Err(format!(
            "no program {text}: no such file here, and no such command in PATH"
        )),
        _ => Ok(Program::Shell(text.to_string())),
    }
}

/// Whether `path` is something `build` makes a program of: a source file
/// of a known language, or a folder; or one of a language not run here,
/// which `build` refuses by name.
pub fn is_source(path: &Path) -> bool {
    match fs::metadata(path) {
        Ok(meta) if meta.is_dir() => true,
        Ok(meta) if meta.is_file() => {
            Language::of_path(path).is_some() || languages::not_run(path).is_some()
        }
        _ => false,
    }
}

/// One file of a program: its path inside the program, and its bytes.
struct File {
    name: String,
    bytes: Vec<u8>,
    mode: u32,
}

/// Compiles the source into `build_dir` if needed and returns how to run it.
pub fn build(source: &Source, build_dir: &Path) -> Result<Program, BuildError> {
    let shown = source.path.display().to_string();
    if let Some(language) = languages::not_run(source.path) {
        return failed(format!("{shown}: {language} is not supported"));
    }
    let folder = source.path.is_dir();
    let mut files = read_files(source.path, folder, &shown)?;
    let stem = stem(source.path);
    if folder && files.iter().any(|f| f.name == "build" || f.name == "run") {
        return scripted(source, &files, &stem, build_dir);
    }
    let language = match source.language {
        Some(language) => language,
        None => language_of(&files, &shown)?,
    };
    if !folder && matches!(language, Language::C | Language::Cpp) {
        let own = files[0].name.clone();
        files.extend(headers_beside(source.path).filter(|f| f.name != own));
    }
    let notes = clean_all(&mut files, language, &shown, folder);
    // Java wants a public class in a file of its name; a main class without
    // one may be in any file.
    if language == Language::Java && !folder {
        let classes = java_classes(&String::from_utf8_lossy(&files[0].bytes));
        if let Some(public) = classes.public.or(classes.main) {
            files[0].name = format!("{public}.java");
        }
    }
    let entry = entry_of(language, &files, source.entry_point, &shown)?;
    let includes: Vec<PathBuf> = source.includes.iter().map(|dir| absolute(dir)).collect();
    let key = cache_key(language, &entry, &includes, &files);
    let build = build_dir.join(format!("{stem}-{key:016x}"));
    let interpreter = match language {
        Language::Python2 => Some(languages::python2().ok_or_else(|| missing("python2", &shown))?),
        _ => None,
    };
    if !build.is_dir() {
        for note in &notes {
            eprintln!("judge: {note}");
        }
        let compiled: Vec<String> = match language {
            // Interpreters check one file: the one they start.
            Language::Rust
            | Language::JavaScript
            | Language::Ruby
            | Language::Sh
            | Language::Bash
            | Language::Awk
            | Language::Perl
            | Language::R => vec![entry.clone()],
            _ => files
                .iter()
                .filter(|f| is_code(&f.name, language))
                .map(|f| f.name.clone())
                .collect(),
        };
        let job = Job {
            language,
            shown: &shown,
            folder,
            files: &files,
            compiled: &compiled,
            includes: &includes,
            interpreter: interpreter.as_deref(),
        };
        compile(&job, &build)?;
    }
    if let Some(runtime) = language.runtime() {
        if files::on_path(runtime).is_none() {
            return Err(missing(runtime, &format!("{shown} (to run)")));
        }
    }
    // Its files go together: a program in it sees the whole build.
    sight::build_folder(&build);
    Ok(built(language, &build, entry, interpreter, folder))
}

/// A folder's every file, or the one file.
fn read_files(path: &Path, folder: bool, shown: &str) -> Result<Vec<File>, BuildError> {
    let mut files = Vec::new();
    if folder {
        gather(path, "", &mut files)?;
    } else {
        let bytes =
            fs::read(path).map_err(|e| BuildError::Failed(format!("cannot read {shown}: {e}")))?;
        let name = file_name(path);
        files.push(File {
            name,
            bytes,
            mode: 0o644,
        });
    }
    Ok(files)
}

/// Cleans the code files (see `clean`), returning what was changed where.
fn clean_all(files: &mut [File], language: Language, shown: &str, folder: bool) -> Vec<String> {
    let mut notes = Vec::new();
    for file in files.iter_mut().filter(|f| is_code(&f.name, language)) {
        let (code, note) = clean(&file.bytes);
        if let Some(note) = note {
            notes.push(if folder {
                format!("{shown}/{}: {note}", file.name)
            } else {
                format!("{shown}: {note}")
            });
        }
        file.bytes = code;
    }
    notes
}

/// What names a build: the compiler's command line, the entry point, the
/// include folders with their headers, and the program's files.
fn cache_key(language: Language, entry: &str, includes: &[PathBuf], files: &[File]) -> u64 {
    let mut key_parts: Vec<Vec<u8>> = vec![
        language.compiler().join(" ").into_bytes(),
        entry.as_bytes().to_vec(),
    ];
    for dir in includes {
        key_parts.push(dir.display().to_string().into_bytes());
        for header in headers_in(dir) {
            key_parts.push(header.name.into_bytes());
            key_parts.push(header.bytes);
        }
    }
    for file in files {
        key_parts.push(file.name.clone().into_bytes());
        key_parts.push(file.bytes.clone());
    }
    let parts: Vec<&[u8]> = key_parts
        .iter()
        .flat_map(|p| [p.as_slice(), b"\0"])
        .collect();
    fnv1a(&parts)
}

/// How to run what was built in `build`.
fn built(
    language: Language,
    build: &Path,
    entry: String,
    interpreter: Option<PathBuf>,
    folder: bool,
) -> Program {
    let path = |name: &str| build.join(name).display().to_string();
    let java = |classpath: String| {
        let args = vec!["-Xss64m".into(), "-cp".into(), classpath, entry.clone()];
        Program::Exec(PathBuf::from("java"), args)
    };
    let mut script: Vec<String> = match language {
        Language::Java => return java(build.display().to_string()),
        Language::Kotlin => return java(path("main.jar")),
        Language::CSharp => return Program::Exec(PathBuf::from("mono"), vec![path("main.exe")]),
        Language::Rust | Language::Cpp | Language::C | Language::Go | Language::Prolog => {
            return Program::exec(build.join("main"))
        }
        Language::Python2 => vec![interpreter.unwrap_or_default().display().to_string()],
        Language::Awk => vec!["awk".into(), "-f".into()],
        Language::Python3 => vec!["python3".into()],
        Language::PyPy3 => vec!["pypy3".into()],
        Language::JavaScript => vec!["node".into()],
        Language::Ruby => vec!["ruby".into()],
        Language::Sh => vec!["sh".into()],
        Language::Bash => vec!["bash".into()],
        Language::Perl => vec!["perl".into()],
        Language::R => vec!["Rscript".into()],
    };
    script.push(path(&entry));
    // A script of many files starts in their folder, as DOMjudge's run
    // scripts start it (`cd "${0%/*}"`): one may name another by a relative
    // path (`. ./secondary.sh`).
    if folder {
        return in_folder(build, &script, "");
    }
    Program::Exec(PathBuf::from(&script[0]), script[1..].to_vec())
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("main")
        .to_string()
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("main")
        .to_string()
}

fn absolute(path: &Path) -> PathBuf {
    path.canonicalize().unwrap_or_else(|_| path.to_path_buf())
}

/// Every file below `dir` (hidden ones left out), as paths relative to the
/// program's folder.
fn gather(dir: &Path, prefix: &str, files: &mut Vec<File>) -> Result<(), BuildError> {
    let shown = dir.display();
    let mut entries: Vec<fs::DirEntry> = fs::read_dir(dir)
        .map_err(|e| BuildError::Failed(format!("cannot list {shown}: {e}")))?
        .flatten()
        .collect();
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue;
        }
        let path = entry.path();
        let relative = format!("{prefix}{name}");
        let meta = fs::metadata(&path)
            .map_err(|e| BuildError::Failed(format!("cannot read {}: {e}", path.display())))?;
        if meta.is_dir() {
            gather(&path, &format!("{relative}/"), files)?;
        } else {
            let bytes = fs::read(&path)
                .map_err(|e| BuildError::Failed(format!("cannot read {}: {e}", path.display())))?;
            files.push(File {
                name: relative,
                bytes,
                mode: meta.permissions().mode() & 0o777,
            });
        }
    }
    Ok(())
}

/// The headers beside a source file: a file's compile sees it and them,
/// copied, and nothing else of its folder (a workspace's `target/`, a
/// sibling's answer).
fn headers_beside(path: &Path) -> impl Iterator<Item = File> {
    // `.` for a bare file name, whose parent is "".
    let beside = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    headers_in(beside).into_iter()
}

/// The headers directly in a folder, by name.
fn headers_in(dir: &Path) -> Vec<File> {
    let mut found: Vec<File> = fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| {
            let path = e.path();
            path.extension()
                .and_then(|x| x.to_str())
                .is_some_and(|x| HEADERS.contains(&x))
                && path.is_file()
        })
        .map(|e| File {
            name: e.file_name().to_string_lossy().into_owned(),
            bytes: fs::read(e.path()).unwrap_or_default(),
            mode: 0o644,
        })
        .collect();
    found.sort_by(|a, b| a.name.cmp(&b.name));
    found
}

/// The language of a program's files: the one language of its sources
/// (C with C++ is C++); a `python2` shebang makes `.py` Python 2, a
/// `bash` one `.sh` Bash.
fn language_of(files: &[File], shown: &str) -> Result<Language, BuildError> {
    let mut found: Vec<Language> = Vec::new();
    for file in files {
        let shebang = |word: &[u8]| languages::shebang_names(&file.bytes, word);
        let language = match Language::of_path(Path::new(&file.name)) {
            Some(Language::Python3) if shebang(b"python2") => Language::Python2,
            Some(Language::Sh) if shebang(b"bash") => Language::Bash,
            Some(language) => language,
            None => continue,
        };
        if !found.contains(&language) {
            found.push(language);
        }
    }
    found.sort_by_key(|l| l.code());
    match found.as_slice() {
        [one] => Ok(*one),
        [Language::C, Language::Cpp] | [Language::Cpp, Language::C] => Ok(Language::Cpp),
        [] => failed(format!(
            "{shown}: no source file of a known language ({})",
            Language::endings()
        )),
        several => failed(format!(
            "{shown}: sources in several languages ({}): name one (a package's `language`)",
            several
                .iter()
                .map(|l| l.code())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// Whether a file of the program is compiled as `language`'s code.
fn is_code(name: &str, language: Language) -> bool {
    match Language::of_path(Path::new(name)) {
        Some(Language::C) if language == Language::Cpp => true,
        Some(Language::Python3) if matches!(language, Language::Python2 | Language::PyPy3) => true,
        Some(Language::Sh) if language == Language::Bash => true,
        // The problem package format's `.pl` is Prolog.
        Some(Language::Perl) if language == Language::Prolog => true,
        Some(found) => found == language,
        None => false,
    }
}

/// What to start: the main class (Java, Kotlin) or the main file, from the
/// entry point when given, else the language's default.
fn entry_of(
    language: Language,
    files: &[File],
    entry: Option<&str>,
    shown: &str,
) -> Result<String, BuildError> {
    let code: Vec<&File> = files
        .iter()
        .filter(|f| is_code(&f.name, language))
        .collect();
    match language {
        Language::Java => java_main(&code, entry, shown),
        Language::Kotlin => Ok(entry.map_or_else(|| kotlin_main(&code), str::to_string)),
        Language::Cpp | Language::C | Language::Go | Language::CSharp | Language::Prolog => {
            Ok(String::new())
        }
        Language::Rust
        | Language::Python3
        | Language::PyPy3
        | Language::Python2
        | Language::JavaScript
        | Language::Ruby
        | Language::Sh
        | Language::Bash
        | Language::Awk
        | Language::Perl
        | Language::R => main_file(&code, entry, shown),
    }
}

/// The qualified class to start: the entry point's, the one class with a
/// `main`, or else the one named `Main`.
fn java_main(code: &[&File], entry: Option<&str>, shown: &str) -> Result<String, BuildError> {
    let mains: Vec<(String, String)> = code
        .iter()
        .filter_map(|f| {
            let classes = java_classes(&String::from_utf8_lossy(&f.bytes));
            Some((classes.main.clone()?, classes.qualified_main()?))
        })
        .collect();
    let wanted = entry.map(|e| e.trim_end_matches(".java").replace('/', "."));
    let chosen = match &wanted {
        Some(wanted) => mains.iter().find(|(simple, qualified)| {
            simple == wanted || qualified == wanted || qualified.ends_with(&format!(".{wanted}"))
        }),
        None if mains.len() == 1 => mains.first(),
        None => mains.iter().find(|(simple, _)| simple == "Main"),
    };
    match (chosen, wanted) {
        (Some((_, qualified)), _) => Ok(qualified.clone()),
        (None, Some(wanted)) => Ok(wanted),
        (None, None) if mains.is_empty() => failed(format!(
            "{shown}: no class with `static void main` found to run"
        )),
        (None, None) => {
            let qualified: Vec<&str> = mains.iter().map(|(_, q)| q.as_str()).collect();
            failed(format!(
                "{shown}: several classes have `static void main` ({}): name the entry point",
                qualified.join(", ")
            ))
        }
    }
}

/// The class Kotlin makes of the file with `fun main` (or the first file):
/// `solve.kt` runs as `SolveKt`.
fn kotlin_main(code: &[&File]) -> String {
    let main = code
        .iter()
        .find(|f| String::from_utf8_lossy(&f.bytes).contains("fun main"))
        .or(code.first());
    let stem = main.map_or("main".to_string(), |f| stem(Path::new(&f.name)));
    let mut chars = stem.chars();
    let class: String = chars
        .next()
        .map_or(String::new(), |c| c.to_uppercase().chain(chars).collect());
    format!("{class}Kt")
}

/// The file to start: the entry point's (by name or stem), the only one,
/// a `main.*` or `__main__.*`, or else the one file that checks `__name__`.
fn main_file(code: &[&File], entry: Option<&str>, shown: &str) -> Result<String, BuildError> {
    let names: Vec<&str> = code.iter().map(|f| f.name.as_str()).collect();
    let found = match entry {
        Some(entry) => names
            .iter()
            .find(|n| {
                **n == entry || Path::new(n).file_stem().and_then(|s| s.to_str()) == Some(entry)
            })
            .copied(),
        None if names.len() == 1 => names.first().copied(),
        None => names
            .iter()
            .find(|n| n.starts_with("__main__.") || n.starts_with("main."))
            .or_else(|| {
                let mains: Vec<&&str> = code
                    .iter()
                    .filter(|f| String::from_utf8_lossy(&f.bytes).contains("__name__"))
                    .filter_map(|f| names.iter().find(|n| **n == f.name))
                    .collect();
                (mains.len() == 1).then(|| mains[0])
            })
            .copied(),
    };
    let extension = names
        .first()
        .map_or(Some("py"), |n| Path::new(n).extension()?.to_str());
    match found {
        Some(name) => Ok(name.to_string()),
        None => failed(format!(
            "{shown}: cannot tell the main file among {} (name the entry point, or call one main.{})",
            names.join(", "),
            extension.unwrap_or("")
        )),
    }
}

/// One compile: what is built, from which files, with what.
struct Job<'a> {
    language: Language,
    /// The source as the user named it.
    shown: &'a str,
    folder: bool,
    files: &'a [File],
    /// The files given to the compiler, by their names in the program.
    compiled: &'a [String],
    includes: &'a [PathBuf],
    /// Python 2's interpreter, when it is not `python2` on PATH.
    interpreter: Option<&'a Path>,
}

/// Compiles the (cleaned) sources in a scratch folder beside `build` and
/// renames that to `build`. A rival process that finished first leaves its
/// build in place.
fn compile(job: &Job, build: &Path) -> Result<(), BuildError> {
    let parent = build.parent().unwrap_or(Path::new("."));
    let scratch = fs::create_dir_all(parent)
        .and_then(|()| Scratch::under(parent, ".build"))
        .map_err(|e| {
            BuildError::Failed(format!(
                "cannot prepare a build in {}: {e}",
                parent.display()
            ))
        })?;
    write_files(&scratch, job.files).map_err(|e| {
        BuildError::Failed(format!("cannot prepare {}: {e}", scratch.path().display()))
    })?;
    run_compiler(job, scratch.path())?;
    scratch.keep_as(build).map(drop).map_err(|e| {
        BuildError::Failed(format!("cannot move the build to {}: {e}", build.display()))
    })
}

fn write_files(scratch: &Scratch, files: &[File]) -> io::Result<()> {
    for file in files {
        let path = scratch.file(&file.name, &file.bytes)?;
        fs::set_permissions(&path, fs::Permissions::from_mode(file.mode | 0o600))?;
    }
    Ok(())
}

fn run_compiler(job: &Job, dir: &Path) -> Result<(), BuildError> {
    let [compiler, flags @ ..] = job.language.compiler() else {
        unreachable!("every language names its compiler");
    };
    let program = job
        .interpreter
        .map_or(PathBuf::from(compiler), Path::to_path_buf);
    if files::on_path(&program.display().to_string()).is_none() {
        return Err(missing(compiler, job.shown));
    }
    let files: Vec<PathBuf> = job.compiled.iter().map(|name| dir.join(name)).collect();
    let mut step = vec![program.display().to_string()];
    step.extend(flags.iter().map(|flag| flag.to_string()));
    step.extend(job.language.compile_args(dir, &files, job.includes));
    // A run-time error's location (a panic's, an assert's) names the
    // user's files, not the copies compiled.
    let (copy, user) = match job.folder {
        true => (format!("{}/", dir.display()), format!("{}/", job.shown)),
        false => (files[0].display().to_string(), job.shown.to_string()),
    };
    match job.language {
        Language::Rust => step.push(format!("--remap-path-prefix={copy}={user}")),
        Language::Cpp | Language::C => step.push(format!("-ffile-prefix-map={copy}={user}")),
        _ => {}
    }
    let shown = format!("{} {}", job.language.compiler().join(" "), job.shown);
    eprintln!("judge: compiling {shown}");
    // The compile sees the folders of its headers (a package's checker's
    // own, in the stored data, too); the program built never does.
    let doing = format!("compiling {}", job.shown);
    let complaint = match confined(&step, dir, job.includes, &doing, &shown)? {
        None => return Ok(()),
        Some(complaint) => complaint,
    };
    // The complaint names the user's files, not the copies compiled.
    let copy = format!("{}/", dir.display());
    let complaint = if job.folder {
        complaint.replace(&copy, &format!("{}/", job.shown))
    } else {
        complaint
            .replace(&files[0].display().to_string(), job.shown)
            .replace(&copy, "")
    };
    let lines: Vec<&str> = complaint.lines().collect();
    let mut message = format!("{} does not compile ({shown}):", job.shown);
    for line in lines.iter().take(SHOWN_LINES) {
        message += &format!("\n  {line}");
    }
    if lines.len() > SHOWN_LINES {
        message += &format!("\n  ... {} more lines", lines.len() - SHOWN_LINES);
    }
    failed(message)
}

/// A folder with a `build` and/or `run` script: copied, built by `sh build`
/// in its copy, and run as its `run`.
fn scripted(
    source: &Source,
    files: &[File],
    stem: &str,
    build_dir: &Path,
) -> Result<Program, BuildError> {
    let shown = source.path.display().to_string();
    let parts: Vec<&[u8]> = files
        .iter()
        .flat_map(|f| [f.name.as_bytes(), &f.bytes[..], b"\0"])
        .collect();
    let build = build_dir.join(format!("{stem}-{:016x}", fnv1a(&parts)));
    if !build.is_dir() {
        let parent = build.parent().unwrap_or(Path::new("."));
        let scratch = fs::create_dir_all(parent)
            .and_then(|()| Scratch::under(parent, ".build"))
            .and_then(|scratch| write_files(&scratch, files).map(|()| scratch))
            .map_err(|e| BuildError::Failed(format!("cannot prepare a build of {shown}: {e}")))?;
        if files.iter().any(|f| f.name == "build") {
            eprintln!("judge: building {shown} with its build script");
            let step = ["sh".to_string(), "build".to_string()];
            let building = format!("building {shown}");
            let said = confined(&step, scratch.path(), &[], &building, "its build script")?;
            if let Some(said) = said {
                let said: Vec<&str> = said.lines().take(SHOWN_LINES).collect();
                return failed(format!("{shown}/build failed:\n  {}", said.join("\n  ")));
            }
        }
        if !scratch.path().join("run").is_file() {
            return failed(format!("{shown}: no `run` after its build"));
        }
        scratch.keep_as(&build).map_err(|e| {
            BuildError::Failed(format!("cannot move the build to {}: {e}", build.display()))
        })?;
    }
    sight::build_folder(&build);
    let run = build.join("run").display().to_string();
    let executable = fs::metadata(&run).is_ok_and(|m| m.permissions().mode() & 0o111 != 0);
    let command = if executable {
        vec![run]
    } else {
        vec!["sh".to_string(), run]
    };
    // Started in its build folder (in sight, read-only), as the format
    // runs it: `run` may name what `build` made (`exec ./jury "$@"`).
    Ok(in_folder(&build, &command, ""))
}

/// `command` (its words, then any arguments added) started by `sh` in
/// `dir`, with `redirect` after it.
fn in_folder(dir: &Path, command: &[String], redirect: &str) -> Program {
    let mut args = vec![
        "-c".to_string(),
        format!("cd \"$0\" && exec \"$@\"{redirect}"),
        dir.display().to_string(),
    ];
    args.extend(command.iter().cloned());
    Program::Exec(PathBuf::from("/bin/sh"), args)
}

/// Runs a compile or build `step` in the sandbox, as any program runs, in
/// `dir`, the one folder it may write, with the folders `readable` in sight,
/// with limits of its own: `None` when it succeeds, else what it printed
/// (stderr and stdout together). Passing a limit is an error naming it:
/// "<doing> stopped: ... (<shown>)".
fn confined(
    step: &[String],
    dir: &Path,
    readable: &[PathBuf],
    doing: &str,
    shown: &str,
) -> Result<Option<String>, BuildError> {
    let limits = Limits {
        memory_kib: Some(COMPILE_MEMORY_KIB),
        ..Limits::tool(COMPILE_TIME, COMPILE_OUTPUT_CAP)
    };
    let readable: Vec<&Path> = readable.iter().map(PathBuf::as_path).collect();
    let access = Access {
        readable: &readable,
        writable: &[dir],
    };
    let program = in_folder(dir, step, " 2>&1");
    let outcome = run::run(
        &program,
        Stdin::Bytes(b""),
        Stdout::Capture,
        &limits,
        &access,
    )
    .map_err(|e| BuildError::Failed(format!("cannot start {} for {doing}: {e}", step[0])))?;
    let over = match outcome.killed {
        Some(Killed::Time) => format!("ran past its {} s limit", COMPILE_TIME.as_secs()),
        Some(Killed::Memory) => format!("used over its {} MiB of memory", COMPILE_MEMORY_KIB >> 10),
        Some(Killed::Output) => format!("printed over {} KiB", COMPILE_OUTPUT_CAP >> 10),
        None if outcome.exit.success() => return Ok(None),
        None => return Ok(Some(String::from_utf8_lossy(&outcome.stdout).into_owned())),
    };
    failed(format!("{doing} stopped: the compiler {over} ({shown})"))
}

/// The source with every non-ASCII space (U+00A0 and the like, common in code
/// copied from web pages) made an ASCII space and every zero-width one
/// dropped, and a note saying where, when there were any. Compilers reject
/// them outside string literals; inside one, the note says the text changed.
fn clean(bytes: &[u8]) -> (Vec<u8>, Option<String>) {
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(_) => return (bytes.to_vec(), None),
    };
    let mut cleaned = String::with_capacity(text.len());
    let mut found: Vec<String> = Vec::new();
    let mut lines: Vec<usize> = Vec::new();
    for (index, line) in text.split_inclusive('\n').enumerate() {
        for c in line.chars() {
            let zero_width = matches!(c, '\u{200B}' | '\u{2060}' | '\u{FEFF}');
            if !c.is_ascii() && (c.is_whitespace() || zero_width) {
                let name = format!("U+{:04X}", u32::from(c));
                if !found.contains(&name) {
                    found.push(name);
                }
                if lines.last() != Some(&(index + 1)) {
                    lines.push(index + 1);
                }
                if !zero_width {
                    cleaned.push(' ');
                }
            } else {
                cleaned.push(c);
            }
        }
    }
    if lines.is_empty() {
        return (bytes.to_vec(), None);
    }
    let shown: Vec<String> = lines.iter().take(10).map(usize::to_string).collect();
    let note = format!(
        "non-ASCII spaces ({}) on line{} {}{} made plain spaces before compiling",
        found.join(", "),
        if lines.len() == 1 { "" } else { "s" },
        shown.join(", "),
        if lines.len() > shown.len() {
            ", ..."
        } else {
            ""
        }
    );
    (cleaned.into_bytes(), Some(note))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn non_ascii_spaces_become_plain_and_are_named() {
        let (code, note) = clean("int\u{a0}x;\nint y;\u{200b}\n\u{3000}z\n".as_bytes());
        assert_eq!(String::from_utf8(code).unwrap(), "int x;\nint y;\n z\n");
        assert_eq!(
            note.unwrap(),
            "non-ASCII spaces (U+00A0, U+200B, U+3000) on lines 1, 2, 3 made plain spaces before compiling"
        );
        assert_eq!(clean(b"plain\n"), (b"plain\n".to_vec(), None));
        assert_eq!(clean(b"\xff\xa0"), (b"\xff\xa0".to_vec(), None));
    }

    #[test]
    fn only_source_files_and_folders_are_taken() {
        assert!(!is_source(Path::new("no/such/file.cpp")));
        assert!(!is_source(Path::new("python3 x.py")));
        assert!(is_source(Path::new(".")));
    }

    fn files(list: &[(&str, &str)]) -> Vec<File> {
        list.iter()
            .map(|(name, text)| File {
                name: name.to_string(),
                bytes: text.as_bytes().to_vec(),
                mode: 0o644,
            })
            .collect()
    }

    #[test]
    fn a_folder_s_language_and_main_are_told_from_its_files() {
        let entry = |language, files: &[File], named| entry_of(language, files, named, "f");
        let cpp = files(&[("a.cpp", ""), ("b.c", ""), ("x.h", ""), ("README", "")]);
        assert_eq!(language_of(&cpp, "f"), Ok(Language::Cpp));
        let py2 = files(&[("main.py", "#!/usr/bin/env python2\nprint 1\n")]);
        assert_eq!(language_of(&py2, "f"), Ok(Language::Python2));
        let mixed = files(&[("a.py", ""), ("b.java", "")]);
        assert!(
            matches!(language_of(&mixed, "f"), Err(BuildError::Failed(m)) if m.contains("several languages (java, python3)"))
        );
        let python = files(&[
            ("util.py", ""),
            ("solve.py", "if __name__ == '__main__':\n  pass\n"),
        ]);
        assert_eq!(
            entry(Language::Python3, &python, None),
            Ok("solve.py".into())
        );
        assert_eq!(
            entry(Language::Python3, &python, Some("util")),
            Ok("util.py".into())
        );
        let java = files(&[
            ("a/Helper.java", "package a;\nclass Helper { }\n"),
            (
                "a/Main.java",
                "package a;\npublic class Main { public static void main(String[] x) {} }\n",
            ),
        ]);
        assert_eq!(entry(Language::Java, &java, None), Ok("a.Main".into()));
        assert_eq!(
            entry(Language::Java, &java, Some("Main")),
            Ok("a.Main".into())
        );
        let kotlin = files(&[("solve.kt", "fun main() {}\n")]);
        assert_eq!(entry(Language::Kotlin, &kotlin, None), Ok("SolveKt".into()));
    }
}
