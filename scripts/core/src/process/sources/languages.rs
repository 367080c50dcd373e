//! The languages a source is compiled from: how each is told by its file
//! ending (the problem package format's language table, and DOMjudge's
//! default languages: sh, bash, awk, Perl, R, Prolog), how it is compiled
//! (or its syntax checked) and how its build is run, as those judges do. A
//! language whose compiler is not installed is named, never guessed around.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    Rust,
    Cpp,
    C,
    Java,
    Python3,
    /// Python 3 as Kattis and DOMjudge run it; told by no ending, only by
    /// a package (its judge's) or a `language`.
    PyPy3,
    Python2,
    Kotlin,
    Go,
    CSharp,
    JavaScript,
    Ruby,
    Sh,
    Bash,
    Awk,
    Perl,
    R,
    Prolog,
}

use Language::*;

/// Every language: its code in a package (`submissions.yaml`'s `language`),
/// and its file endings. `.pl` is Perl, as DOMjudge has it; a package of
/// the problem package format, whose `.pl` is Prolog, says so itself.
const TABLE: [(Language, &str, &[&str]); 18] = [
    (Rust, "rust", &["rs"]),
    (Cpp, "cpp", &["cpp", "cc", "cxx", "c++", "C"]),
    (C, "c", &["c"]),
    (Java, "java", &["java"]),
    (Python3, "python3", &["py", "py3"]),
    (PyPy3, "pypy3", &[]),
    (Python2, "python2", &["py2"]),
    (Kotlin, "kotlin", &["kt"]),
    (Go, "go", &["go"]),
    (CSharp, "csharp", &["cs"]),
    (JavaScript, "javascript", &["js"]),
    (Ruby, "ruby", &["rb"]),
    (Sh, "sh", &["sh"]),
    (Bash, "bash", &["bash"]),
    (Awk, "awk", &["awk"]),
    (Perl, "perl", &["pl"]),
    (R, "r", &["R", "r"]),
    (Prolog, "prolog", &["plg"]),
];

/// C++ as problemtools compiles it, `-std=gnu++23`, else the newest GNU
/// dialect g++ has: each compile command, newest first.
const CPP_COMMANDS: [&[&str]; 3] = [
    &["g++", "-O2", "-std=gnu++23", "-DONLINE_JUDGE"],
    &["g++", "-O2", "-std=gnu++20", "-DONLINE_JUDGE"],
    &["g++", "-O2", "-std=gnu++17", "-DONLINE_JUDGE"],
];
/// C the same way: `-std=gnu23`, else `-std=gnu17`.
const C_COMMANDS: [&[&str]; 2] = [
    &["gcc", "-O2", "-std=gnu23", "-DONLINE_JUDGE"],
    &["gcc", "-O2", "-std=gnu17", "-DONLINE_JUDGE"],
];

/// The first of `commands` (one language's, newest standard first) whose
/// compiler takes its `-std=`, found once per run by compiling an empty
/// file of `language` (as `-x` names it); a fallback is said then, once. Where none does (no compiler at
/// all), the first: the compile names what is missing.
fn newest(
    commands: &'static [&'static [&'static str]],
    (language, name): (&str, &str),
    chosen: &OnceLock<usize>,
) -> &'static [&'static str] {
    let index = *chosen.get_or_init(|| {
        let takes = |command: &[&str]| {
            Command::new(command[0])
                .args(&command[2..3])
                .args(["-fsyntax-only", "-x", language, "/dev/null"])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|status| status.success())
        };
        let found = commands.iter().position(|command| takes(command));
        if let Some(index) = found.filter(|&index| index > 0) {
            eprintln!(
                "judge: {} here has no {}: {name} is compiled with {}",
                commands[0][0], commands[0][2], commands[index][2]
            );
        }
        found.unwrap_or(0)
    });
    commands[index]
}

/// Files that go with sources but are not compiled on their own.
pub const HEADERS: [&str; 5] = ["h", "hpp", "hh", "hxx", "inc"];

/// Programs of a language not run here, by file ending: a package's input
/// validators may be written in these, and are refused by name.
pub const NOT_RUN: [(&str, &str); 2] = [("ctd", "checktestdata"), ("viva", "VIVA")];

/// The language not run here that `path`'s ending names (`checktestdata`).
pub fn not_run(path: &Path) -> Option<&'static str> {
    let ending = path.extension()?.to_str()?;
    NOT_RUN
        .iter()
        .find(|(e, _)| e.eq_ignore_ascii_case(ending))
        .map(|(_, name)| *name)
}

impl Language {
    /// The language a file ending says; `.py` is Python 3 (a `python2`
    /// shebang is read by the caller).
    pub fn of_extension(extension: &str) -> Option<Language> {
        TABLE
            .iter()
            .find(|(_, _, endings)| endings.contains(&extension))
            .map(|(language, _, _)| *language)
    }

    pub fn of_path(path: &Path) -> Option<Language> {
        Language::of_extension(path.extension()?.to_str()?)
    }

    /// The language a package names (`cpp`, `python2`, `java`; `c++`,
    /// `python` and `kotlinc` too).
    pub fn of_code(code: &str) -> Option<Language> {
        let code = code.to_ascii_lowercase();
        let code = match code.as_str() {
            "c++" | "cplusplus" | "cc" => "cpp",
            "python" | "py" | "py3" | "cpython" => "python3",
            "py2" | "pypy" | "pypy2" => "python2",
            "kt" | "kotlinc" => "kotlin",
            "c#" | "cs" => "csharp",
            "js" | "node" | "nodejs" => "javascript",
            "rs" => "rust",
            "pl" => "perl",
            "plg" | "swipl" => "prolog",
            "rscript" => "r",
            other => other,
        };
        TABLE
            .iter()
            .find(|(_, name, _)| *name == code)
            .map(|(language, _, _)| *language)
    }

    /// Every file ending a language is told by, for a message.
    pub fn endings() -> String {
        let endings: Vec<String> = TABLE
            .iter()
            .flat_map(|(_, _, endings)| endings.iter().map(|e| format!(".{e}")))
            .collect();
        endings.join(", ")
    }

    pub fn code(self) -> &'static str {
        TABLE
            .iter()
            .find(|(language, _, _)| *language == self)
            .map_or("", |(_, name, _)| name)
    }

    /// Its sources are compiled together into one binary.
    pub fn links_every_file(self) -> bool {
        matches!(self, Cpp | C | Go | CSharp | Java | Kotlin)
    }

    /// The compile command, up to the files and output paths; also part of
    /// the cache key, so changing a flag rebuilds. Interpreted languages are
    /// only checked, so a syntax error is a setup error too. C and C++ take
    /// the newest standard their compiler has (`newest`).
    pub fn compiler(self) -> &'static [&'static str] {
        match self {
            Rust => &["rustc", "--edition", "2021", "-O", "--crate-name", "main"],
            Cpp => {
                static CHOSEN: OnceLock<usize> = OnceLock::new();
                newest(&CPP_COMMANDS, ("c++", "C++"), &CHOSEN)
            }
            C => {
                static CHOSEN: OnceLock<usize> = OnceLock::new();
                newest(&C_COMMANDS, ("c", "C"), &CHOSEN)
            }
            Java => &["javac", "-encoding", "UTF-8"],
            Python3 => &["python3", "-m", "py_compile"],
            PyPy3 => &["pypy3", "-m", "py_compile"],
            Python2 => &["python2", "-m", "py_compile"],
            Kotlin => &["kotlinc", "-nowarn"],
            Go => &["go", "build"],
            CSharp => &["mcs", "-optimize+"],
            JavaScript => &["node", "--check"],
            Ruby => &["ruby", "-c"],
            Sh => &["sh", "-n"],
            Bash => &["bash", "-n"],
            // Awk has no syntax check (DOMjudge runs none): awk is only
            // seen to start, reading none of the file.
            Awk => &["awk", "BEGIN { exit }"],
            Perl => &["perl", "-c"],
            R => &["Rscript", "-e", "invisible(parse(commandArgs(TRUE)[1]))"],
            // As problemtools compiles it: a saved state that runs `main`.
            Prolog => &["swipl", "-O", "-q", "-g", "main", "-t", "halt"],
        }
    }

    /// What runs the same sources where this language's tool is missing,
    /// its times not the judge's: CPython for PyPy.
    pub fn fallback(self) -> Option<Language> {
        match self {
            PyPy3 => Some(Python3),
            _ => None,
        }
    }

    /// The program its build needs at run time besides itself (`java`, an
    /// interpreter), looked for even when the build is cached.
    pub fn runtime(self) -> Option<&'static str> {
        match self {
            Java | Kotlin => Some("java"),
            CSharp => Some("mono"),
            Python3 | PyPy3 | JavaScript | Ruby | Sh | Bash | Awk | Perl | R | Prolog => {
                self.compiler().first().copied()
            }
            // Python 2's interpreter is found where it is kept.
            Rust | Cpp | C | Go | Python2 => None,
        }
    }

    /// The arguments after the compiler's own that compile `files` (in
    /// `dir`) into `dir`, with `includes` on the header search path.
    pub fn compile_args(self, dir: &Path, files: &[PathBuf], includes: &[PathBuf]) -> Vec<String> {
        let path = |p: &Path| p.display().to_string();
        let main = path(&dir.join("main"));
        let files: Vec<String> = files.iter().map(|f| path(f)).collect();
        let mut args = Vec::new();
        match self {
            Cpp | C => {
                args.extend(includes.iter().map(|dir| format!("-I{}", dir.display())));
                args.extend(["-o".to_string(), main]);
                args.extend(files);
                if self == C {
                    args.push("-lm".into());
                }
            }
            Rust | Go => {
                args.extend(["-o".to_string(), main]);
                args.extend(files);
            }
            Java => {
                args.extend(["-d".to_string(), path(dir)]);
                args.extend(files);
            }
            Kotlin => {
                args.extend(files);
                args.extend([
                    "-include-runtime".into(),
                    "-d".into(),
                    path(&dir.join("main.jar")),
                ]);
            }
            CSharp => {
                args.push(format!("-out:{}", path(&dir.join("main.exe"))));
                args.extend(files);
            }
            Prolog => {
                args.extend(["-o".to_string(), main, "-c".to_string()]);
                args.extend(files);
            }
            Python3 | PyPy3 | Python2 | JavaScript | Ruby | Sh | Bash | Awk | Perl | R => {
                args.extend(files)
            }
        }
        args
    }
}

/// Whether a file's first line is a shebang naming `word` (`python2`,
/// `bash`), which makes a `.py` Python 2 and a `.sh` Bash.
pub fn shebang_names(bytes: &[u8], word: &[u8]) -> bool {
    let first = bytes.split(|&b| b == b'\n').next().unwrap_or(b"");
    first.starts_with(b"#!") && first.windows(word.len()).any(|w| w == word)
}

/// A Python 2 that runs: `python2` on PATH, else one that pyenv keeps
/// (its shim on PATH fails unless that version is selected).
pub fn python2() -> Option<PathBuf> {
    let runs = |program: &Path| {
        std::process::Command::new(program)
            .args(["-c", "import sys; sys.exit(sys.version_info[0] != 2)"])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|status| status.success())
    };
    if runs(Path::new("python2")) {
        return Some(PathBuf::from("python2"));
    }
    let root = std::env::var_os("PYENV_ROOT")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| Path::new(&home).join(".pyenv")))?;
    let mut versions: Vec<PathBuf> = std::fs::read_dir(root.join("versions"))
        .ok()?
        .flatten()
        .filter(|entry| entry.file_name().to_string_lossy().starts_with("2."))
        .map(|entry| entry.path().join("bin").join("python2"))
        .filter(|path| path.is_file())
        .collect();
    versions.sort();
    versions.pop().filter(|path| runs(path))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endings_and_codes_name_languages() {
        for (ending, language) in [
            ("cxx", Cpp),
            ("c++", Cpp),
            ("C", Cpp),
            ("c", C),
            ("py", Python3),
            ("py2", Python2),
            ("kt", Kotlin),
        ] {
            assert_eq!(Language::of_extension(ending), Some(language), "{ending}");
        }
        assert_eq!(Language::of_extension("sh"), Some(Sh));
        assert_eq!(Language::of_extension("pl"), Some(Perl));
        assert_eq!(Language::of_extension("plg"), Some(Prolog));
        assert_eq!(Language::of_extension("R"), Some(R));
        assert_eq!(Language::of_extension("out"), None);
        assert_eq!(Language::of_code("pl"), Some(Perl));
        assert_eq!(Language::of_code("pypy3"), Some(PyPy3));
        assert_eq!(PyPy3.fallback(), Some(Python3));
        assert_eq!(Python3.fallback(), None);
        assert_eq!(Language::of_code("Python2"), Some(Python2));
        assert_eq!(Language::of_code("c++"), Some(Cpp));
        assert_eq!(Language::of_code("cobol"), None);
        for (language, code, _) in TABLE {
            assert_eq!(Language::of_code(code), Some(language));
            assert_eq!(language.code(), code);
        }
    }

    #[test]
    fn c_and_cpp_search_the_includes_and_c_links_the_maths_library() {
        let args = C.compile_args(
            Path::new("/b"),
            &[PathBuf::from("/b/x.c")],
            &[PathBuf::from("/pkg/files")],
        );
        assert_eq!(args, ["-I/pkg/files", "-o", "/b/main", "/b/x.c", "-lm"]);
    }
}
