//! Source files as programs: wherever a program is taken (`--bin`, `--sol`,
//! `--brute`, `--gen`), a `.rs`, `.cpp`/`.cc`, `.c`, `.java` or `.py` file is
//! compiled the way judges do and its build is run. Each build lives in
//! `<build folder>/<name>-<hash>/` (`target/foreign/`), keyed by the
//! source's bytes and the compiler's command line, so a source is compiled
//! once; it is made in a scratch folder and renamed into place, so a
//! half-made build is never used.

use super::run::{self, Input, Killed, Limits, Output, Program, View};
use crate::base::files::Scratch;
use std::env;
use std::fs;
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

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Language {
    Rust,
    Cpp,
    C,
    Java,
    Python,
}

impl Language {
    fn of(path: &Path) -> Option<Language> {
        Some(match path.extension()?.to_str()? {
            "rs" => Language::Rust,
            "cpp" | "cc" => Language::Cpp,
            "c" => Language::C,
            "java" => Language::Java,
            "py" => Language::Python,
            _ => return None,
        })
    }

    /// The compile command, up to the source and output paths; also part of
    /// the cache key, so changing a flag rebuilds.
    fn compiler(self) -> &'static [&'static str] {
        match self {
            Language::Rust => &["rustc", "--edition", "2021", "-O", "--crate-name", "main"],
            Language::Cpp => &["g++", "-O2", "-std=c++17", "-DONLINE_JUDGE"],
            Language::C => &["gcc", "-O2", "-DONLINE_JUDGE"],
            Language::Java => &["javac", "-encoding", "UTF-8"],
            // No build: only a syntax check, so a typo is a setup error too.
            Language::Python => &["python3", "-m", "py_compile"],
        }
    }
}

/// A program as a command line names it: a source file is compiled into
/// `build_dir`; an existing file is run directly, a bare name too (never a
/// namesake in PATH); anything else is a shell command (where a bare name
/// that is no file here is looked up in PATH). A lone word that names
/// nothing to run (a path or source file that is not there, a name found
/// neither here nor in PATH) is an error, before anything runs.
pub fn from_arg(text: &str, build_dir: &Path) -> Result<Program, String> {
    if let Some(program) = program(text, build_dir)? {
        return Ok(program);
    }
    let path = Path::new(text);
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
        _ if lone && (text.contains('/') || Language::of(path).is_some()) => {
            Err(format!("no program {text}: no such file"))
        }
        _ if lone && plain_name && which(text).is_none() => Err(format!(
            "no program {text}: no such file here, and no such command in PATH"
        )),
        _ => Ok(Program::Shell(text.to_string())),
    }
}

/// `Some(program)` when `text` names a source file, after compiling it into
/// `build_dir` if needed; `None` for anything else. An error says why it
/// cannot be built.
fn program(text: &str, build_dir: &Path) -> Result<Option<Program>, String> {
    let source = Path::new(text);
    let language = match Language::of(source) {
        Some(language) if source.is_file() => language,
        _ => return Ok(None),
    };
    let bytes = fs::read(source).map_err(|e| format!("cannot read {text}: {e}"))?;
    let stem = source
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("main")
        .to_string();
    let key = fnv1a(&[language.compiler().join(" ").as_bytes(), b"\0", &bytes]);
    let build = build_dir.join(format!("{stem}-{key:016x}"));
    let (code, notes) = clean(&bytes);
    // Java wants a public class in a file of its name; a main class without
    // one may be in any file.
    let java = if language == Language::Java {
        Some(
            java_classes(&String::from_utf8_lossy(&code))
                .ok_or_else(|| format!("{text}: no class with `static void main` found to run"))?,
        )
    } else {
        None
    };
    let file_name = match &java {
        Some(classes) => format!("{}.java", classes.public.as_ref().unwrap_or(&classes.main)),
        None => source
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("main")
            .to_string(),
    };
    if !build.is_dir() {
        if let Some(note) = notes {
            eprintln!("judge: {text}: {note}");
        }
        compile(language, text, &code, &build, &file_name, &stem)?;
    }
    Ok(Some(match (language, java) {
        (Language::Java, Some(classes)) => Program::Exec(
            PathBuf::from("java"),
            vec![
                "-Xss64m".into(),
                "-cp".into(),
                build.display().to_string(),
                classes.main,
            ],
        ),
        (Language::Python, _) => Program::Exec(
            PathBuf::from("python3"),
            vec![build.join(&file_name).display().to_string()],
        ),
        _ => Program::exec(build.join(&stem)),
    }))
}

/// Compiles the (cleaned) source in a scratch folder beside `build` and
/// renames that to `build`. A rival process that finished first leaves its
/// build in place.
fn compile(
    language: Language,
    text: &str,
    code: &[u8],
    build: &Path,
    file_name: &str,
    stem: &str,
) -> Result<(), String> {
    let parent = build.parent().unwrap_or(Path::new("."));
    let scratch = fs::create_dir_all(parent)
        .and_then(|()| Scratch::under(parent, ".build"))
        .map_err(|e| format!("cannot prepare a build in {}: {e}", parent.display()))?;
    scratch
        .file(file_name, code)
        .map_err(|e| format!("cannot prepare {}: {e}", scratch.path().display()))?;
    run_compiler(language, text, scratch.path(), file_name, stem)?;
    scratch
        .keep_as(build)
        .map(drop)
        .map_err(|e| format!("cannot move the build to {}: {e}", build.display()))
}

/// Compiles in the sandbox, as any program runs, with limits of its own:
/// exceeding one is a setup error that names it.
fn run_compiler(
    language: Language,
    text: &str,
    dir: &Path,
    file_name: &str,
    stem: &str,
) -> Result<(), String> {
    let compiler = language.compiler()[0];
    for needed in [
        Some(compiler),
        (language == Language::Java).then_some("java"),
    ]
    .into_iter()
    .flatten()
    {
        if which(needed).is_none() {
            return Err(format!(
                "{text} needs {needed}, which is not installed (not found on PATH)"
            ));
        }
    }
    let copy = dir.join(file_name).display().to_string();
    let output = dir.join(stem).display().to_string();
    // Through a shell only to have stderr in the captured output, whose
    // first lines say what is wrong.
    let mut args = vec!["-c".to_string(), "exec \"$0\" \"$@\" 2>&1".to_string()];
    args.extend(language.compiler().iter().map(|arg| arg.to_string()));
    match language {
        Language::Java => args.extend(["-d".into(), dir.display().to_string(), copy.clone()]),
        Language::Python => args.push(copy.clone()),
        Language::C => args.extend(["-o".into(), output, copy.clone(), "-lm".into()]),
        _ => args.extend(["-o".into(), output, copy.clone()]),
    };
    let shown = format!("{} {}", language.compiler().join(" "), text);
    eprintln!("judge: compiling {shown}");
    let limits = Limits {
        memory_kib: Some(COMPILE_MEMORY_KIB),
        ..Limits::tool(COMPILE_TIME, COMPILE_OUTPUT_CAP)
    };
    let view = View {
        reads_data: false,
        writable: &[dir],
    };
    let program = Program::Exec(PathBuf::from("/bin/sh"), args);
    let outcome = run::run(&program, Input::Bytes(b""), Output::Capture, &limits, &view)
        .map_err(|e| format!("cannot start {compiler} for {text}: {e}"))?;
    let over = match outcome.killed {
        Some(Killed::Time) => Some(format!("ran past its {} s limit", COMPILE_TIME.as_secs())),
        Some(Killed::Memory) => Some(format!(
            "used over its {} MiB of memory",
            COMPILE_MEMORY_KIB >> 10
        )),
        Some(Killed::Output) => Some(format!("printed over {} KiB", COMPILE_OUTPUT_CAP >> 10)),
        None if outcome.exit.success() => return Ok(()),
        None => None,
    };
    if let Some(over) = over {
        return Err(format!(
            "compiling {text} stopped: the compiler {over} ({shown})"
        ));
    }
    // The complaint names the user's file, not the copy compiled.
    let complaint = String::from_utf8_lossy(&outcome.stdout).replace(&copy, text);
    let lines: Vec<&str> = complaint.lines().collect();
    let mut message = format!("{text} does not compile ({shown}):");
    for line in lines.iter().take(SHOWN_LINES) {
        message += &format!("\n  {line}");
    }
    if lines.len() > SHOWN_LINES {
        message += &format!("\n  ... {} more lines", lines.len() - SHOWN_LINES);
    }
    Err(message)
}

fn which(program: &str) -> Option<PathBuf> {
    env::var_os("PATH").and_then(|paths| {
        env::split_paths(&paths)
            .map(|dir| dir.join(program))
            .find(|path| path.is_file())
    })
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

/// The classes of a Java source that matter for running it.
#[derive(Debug, PartialEq, Eq)]
struct JavaClasses {
    /// The class holding `static void main`: the one `java` starts.
    main: String,
    /// The top-level public class, which names the file.
    public: Option<String>,
}

/// Finds the class around `static void main` by following braces, with
/// comments and string and character literals skipped, so a nested helper
/// class before `main` is not taken for it.
fn java_classes(source: &str) -> Option<JavaClasses> {
    let chars: Vec<char> = source.chars().collect();
    let mut words: Vec<String> = Vec::new();
    // (class name, brace depth inside it)
    let mut open: Vec<(String, usize)> = Vec::new();
    let mut pending: Option<String> = None;
    let mut depth = 0;
    let mut main = None;
    let mut public = None;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i += 2;
            while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                i += 1;
            }
            i += 2;
        } else if c == '"' || c == '\'' {
            i += 1;
            while i < chars.len() && chars[i] != c {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
        } else if c.is_alphanumeric() || c == '_' || c == '$' {
            let start = i;
            while i < chars.len()
                && (chars[i].is_alphanumeric() || chars[i] == '_' || chars[i] == '$')
            {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            let after_dot =
                start > 0 && chars[..start].iter().rev().find(|c| !c.is_whitespace()) == Some(&'.');
            let declares = |w: &str| matches!(w, "class" | "interface" | "enum" | "record");
            if words.last().is_some_and(|w| declares(w)) && pending.is_none() {
                if depth == 0 && words.iter().rev().nth(1).is_some_and(|w| w == "public") {
                    public = Some(word.clone());
                }
                pending = Some(word.clone());
            }
            let is_main = word == "main"
                && words.last().is_some_and(|w| w == "void")
                && words.iter().rev().take(4).any(|w| w == "static");
            if is_main && main.is_none() {
                main = open.last().map(|(name, _)| name.clone());
            }
            if !(after_dot && word == "class") {
                words.push(word);
            }
            continue;
        } else if c == '{' {
            depth += 1;
            if let Some(name) = pending.take() {
                open.push((name, depth));
            }
        } else if c == '}' {
            if open.last().is_some_and(|(_, d)| *d == depth) {
                open.pop();
            }
            depth = depth.saturating_sub(1);
        } else if c == ';' {
            pending = None;
        }
        i += 1;
    }
    main.map(|main| JavaClasses { main, public })
}

/// 64-bit FNV-1a: a stable hash that needs no crate.
fn fnv1a(parts: &[&[u8]]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in parts.iter().flat_map(|part| part.iter()) {
        hash ^= u64::from(*byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
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
    fn java_main_is_the_class_around_it_not_a_helper_before_it() {
        let source = "import java.util.*;\n// class Fake { static void main\n\
            public class Solution {\n  static class Reader { String s = \"}{\"; char c = '}'; }\n\
              Object o = Reader.class;\n  public static void main(String[] args) {}\n}\n";
        assert_eq!(
            java_classes(source),
            Some(JavaClasses {
                main: "Solution".into(),
                public: Some("Solution".into())
            })
        );
        let source = "class Helper { }\nclass Main { public static void main(String... a) { } }\n";
        assert_eq!(
            java_classes(source),
            Some(JavaClasses {
                main: "Main".into(),
                public: None
            })
        );
        assert_eq!(java_classes("class A { void main() {} }"), None);
    }

    #[test]
    fn only_source_files_are_taken() {
        assert!(matches!(
            program("no/such/file.cpp", Path::new("/nonexistent")),
            Ok(None)
        ));
        assert!(matches!(
            program("python3 x.py", Path::new("/nonexistent")),
            Ok(None)
        ));
        assert_eq!(Language::of(Path::new("a/b.cc")), Some(Language::Cpp));
        assert_eq!(Language::of(Path::new("a/b.sh")), None);
        assert_ne!(fnv1a(&[b"ab"]), fnv1a(&[b"ba"]));
        assert_eq!(fnv1a(&[b"a", b"b"]), fnv1a(&[b"ab"]));
    }
}
