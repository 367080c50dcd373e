//! The Makefile and every shell script a user runs (`scripts/*.sh`,
//! `.ci/run`) use only what a stock Mac has: GNU make 3.81, bash 3.2, and
//! POSIX utilities as BSD writes them (`sed`, `grep`, `date`, `stat`,
//! `readlink`, `xargs`, ...), with no `timeout` nor `nproc`. A static lint:
//! each rule names a construct, where it is looked for and what to write
//! instead, and `each_rule_catches_what_it_names` proves that every rule
//! fires. A script may go on for Linux alone past a guard line,
//! `[ "$(uname -s)" = Linux ] || ...`, which a Mac never passes: what
//! follows it is not read.

use std::fs;
use std::path::{Path, PathBuf};

/// What a stock Mac lacks, as the lint finds it.
#[derive(Clone, Copy, Debug)]
enum Construct {
    /// A command, where a simple command starts.
    Command(&'static str),
    /// A command given this option letter, alone or in a cluster (`-r`, `-Er`).
    Letter(&'static str, char),
    /// A command given this option letter with nothing attached: `-i`, not `-i.bak`.
    BareLetter(&'static str, char),
    /// A command given an argument that holds this text (`%N`, `-printf`).
    Word(&'static str, &'static str),
    /// A command given any long option (`--parents`): BSD's have none.
    LongOption(&'static str),
    /// This text in the shell code, comments left out.
    Text(&'static str),
    /// `${name,,}`, `${name^^}` and their one-character forms.
    CaseChange,
    /// A make line (not a recipe) that starts with this.
    MakeStart(&'static str),
    /// This text in a make line or a recipe, as make reads it.
    MakeText(&'static str),
    /// A make variable assigned with this operator.
    Assignment(&'static str),
    /// `define NAME =` (an operator after the name).
    DefineOperator,
}

use Construct::*;

/// Each construct and what to write instead.
const RULES: &[(Construct, &str)] = &[
    (
        MakeStart(".ONESHELL"),
        "make 3.82: one shell per recipe line, joined with `; \\`",
    ),
    (
        MakeStart(".RECIPEPREFIX"),
        "make 3.82: recipes start with a tab",
    ),
    (
        MakeStart(".SHELLFLAGS"),
        "make 3.82: flags inside the recipe (`set -e; ...`)",
    ),
    (
        MakeStart(".EXTRA_PREREQS"),
        "make 4.3: list the prerequisites",
    ),
    (
        MakeStart(".NOTINTERMEDIATE"),
        "make 4.4: name the files as targets",
    ),
    (MakeStart("undefine "), "make 3.82: assign it empty"),
    (
        MakeStart("private "),
        "make 3.82: a name no other target uses",
    ),
    (MakeStart("load "), "make 4.0: no loaded objects"),
    (
        MakeText("$(file "),
        "make 4.0: write the file in the recipe",
    ),
    (MakeText("$(guile "), "make 4.0: no Guile"),
    (MakeText("$(let "), "make 4.4: `$(call ...)` with arguments"),
    (MakeText("$(intcmp "), "make 4.4: compare in the shell"),
    (
        MakeText(".SHELLSTATUS"),
        "make 4.2: test the status in the shell",
    ),
    (
        MakeText("&:"),
        "make 4.3 grouped targets: one target and a stamp",
    ),
    (Assignment("!="), "make 4.0: `$(shell ...)`"),
    (Assignment("::="), "make 4.0: `:=`"),
    (DefineOperator, "make 3.82: `define NAME` alone"),
    (
        Command("mapfile"),
        "bash 4: `while read -r line; do ...; done`",
    ),
    (
        Command("readarray"),
        "bash 4: `while read -r line; do ...; done`",
    ),
    (Command("coproc"), "bash 4: a pipe or a fifo"),
    (
        Letter("declare", 'A'),
        "bash 4 associative arrays: two plain arrays or awk",
    ),
    (
        Letter("typeset", 'A'),
        "bash 4 associative arrays: two plain arrays or awk",
    ),
    (
        Letter("local", 'A'),
        "bash 4 associative arrays: two plain arrays or awk",
    ),
    (Letter("declare", 'n'), "bash 4.3 name references: `eval`"),
    (Letter("local", 'n'), "bash 4.3 name references: `eval`"),
    (
        Letter("declare", 'g'),
        "bash 4.2: assign outside the function",
    ),
    (
        Letter("declare", 'l'),
        "bash 4: `tr '[:upper:]' '[:lower:]'`",
    ),
    (
        Letter("declare", 'u'),
        "bash 4: `tr '[:lower:]' '[:upper:]'`",
    ),
    (Letter("wait", 'n'), "bash 4.3: `wait` for each pid"),
    (Word("shopt", "globstar"), "bash 4: `find`"),
    (
        Word("shopt", "lastpipe"),
        "bash 4.2: read from a process substitution",
    ),
    (CaseChange, "bash 4: `tr '[:upper:]' '[:lower:]'`"),
    (Text("&>>"), "bash 4: `>>file 2>&1`"),
    (Text("|&"), "bash 4: `2>&1 |`"),
    (Text(";;&"), "bash 4: a second `case`"),
    (Text(";&"), "bash 4 case fall-through: repeat the commands"),
    (Text("[ -v "), "bash 4.2: `[ -n \"${name+set}\" ]`"),
    (Text("[[ -v "), "bash 4.2: `[ -n \"${name+set}\" ]`"),
    (Text("EPOCHSECONDS"), "bash 5: `date +%s`"),
    (Text("EPOCHREALTIME"), "bash 5: measure in judge"),
    (Text("SRANDOM"), "bash 5: `$RANDOM`"),
    (Text("BASHPID"), "bash 4: `$$` or `sh -c 'echo $PPID'`"),
    (
        Command("timeout"),
        "no `timeout` on macOS: a limit the runner enforces",
    ),
    (Command("nproc"), "Linux's: `getconf _NPROCESSORS_ONLN`"),
    (
        Command("realpath"),
        "macOS 13 and later only: `(cd \"$dir\" && pwd -P)`",
    ),
    (Command("tac"), "GNU's: `tail -r` or `sed '1!G;h;$!d'`"),
    (Command("shuf"), "GNU's: `awk` with `srand`"),
    (
        Command("stdbuf"),
        "GNU's: none needed for a file or a pipe read at the end",
    ),
    (
        Command("setsid"),
        "Linux's: `set -m` or the runner's own process group",
    ),
    (Command("flock"), "Linux's: `mkdir` as a lock"),
    (Command("truncate"), "GNU's: `: >file`"),
    (Command("numfmt"), "GNU's: `awk`"),
    (Command("sha256sum"), "GNU's: `shasum -a 256`"),
    (Command("sha1sum"), "GNU's: `shasum`"),
    (Command("md5sum"), "GNU's: `cksum`"),
    (Command("getent"), "glibc's: read the file or ask `id`"),
    (Command("pidof"), "Linux's: `pgrep -x`"),
    (Command("ldd"), "Linux's: `otool -L` on macOS"),
    (
        Command("setpriv"),
        "Linux's: run the step on Linux alone, past the guard",
    ),
    (
        Command("unshare"),
        "Linux's: run the step on Linux alone, past the guard",
    ),
    (
        BareLetter("sed", 'i'),
        "BSD's `-i` takes a suffix: `sed -i.bak ... && rm file.bak`",
    ),
    (Letter("sed", 'r'), "GNU's: `sed -E`"),
    (Letter("sed", 'z'), "GNU's: `tr '\\0' '\\n'` first"),
    (LongOption("sed"), "BSD `sed` has no long options"),
    (Word("sed", "\\+"), "a GNU BRE: `sed -E` with `+`"),
    (Word("sed", "\\?"), "a GNU BRE: `sed -E` with `?`"),
    (Word("sed", "\\|"), "a GNU BRE: `sed -E` with `|`"),
    (
        Word("sed", "\\x"),
        "GNU's escape: the character itself, or `printf`",
    ),
    (
        Word("sed", "\\t"),
        "GNU's escape: a tab itself, or `[[:blank:]]`",
    ),
    (Word("sed", "\\s"), "GNU's: `[[:space:]]`"),
    (Word("sed", "\\w"), "GNU's: `[[:alnum:]_]`"),
    (Letter("grep", 'P'), "GNU's: `grep -E`"),
    (Word("grep", "--perl-regexp"), "GNU's: `grep -E`"),
    (
        Letter("stat", 'c'),
        "GNU's: BSD's is `stat -f`; for a size `wc -c <file`",
    ),
    (LongOption("stat"), "GNU's: BSD's is `stat -f`"),
    (
        Word("date", "%N"),
        "GNU's: no nanoseconds in BSD's `date`; time it in judge",
    ),
    (
        Letter("date", 'd'),
        "GNU's date string: BSD's `-d` is not one; `date -r <seconds>`",
    ),
    (LongOption("date"), "BSD `date` has no long options"),
    (Letter("readlink", 'f'), "GNU's: `(cd \"$dir\" && pwd -P)`"),
    (Letter("readlink", 'e'), "GNU's: `(cd \"$dir\" && pwd -P)`"),
    (Letter("readlink", 'm'), "GNU's: `(cd \"$dir\" && pwd -P)`"),
    (Letter("xargs", 'r'), "GNU's: test for empty input first"),
    (Letter("xargs", 'd'), "GNU's: `tr '\\n' '\\0' | xargs -0`"),
    (Letter("xargs", 'a'), "GNU's: `xargs < file`"),
    (Letter("cp", 't'), "GNU's: the folder last"),
    (Letter("mv", 't'), "GNU's: the folder last"),
    (Letter("ln", 'r'), "GNU's: a relative path written out"),
    (Letter("du", 'b'), "GNU's: `wc -c` or `du -k`"),
    (Letter("wc", 'L'), "GNU's: `awk` on `length`"),
    (Letter("base64", 'w'), "GNU's: `base64 | tr -d '\\n'`"),
    (
        Word("find", "-printf"),
        "GNU's: `-exec` a `printf` or `stat -f`",
    ),
    (Word("find", "-regextype"), "GNU's: `-name` patterns"),
    (Word("find", "-readable"), "GNU's: `-perm`"),
    (Word("find", "-executable"), "GNU's: `-perm -u+x`"),
    (Word("awk", "gensub("), "gawk's: `sub`/`gsub` on a copy"),
    (Word("awk", "asort"), "gawk's: `sort` after awk"),
    (Word("awk", "PROCINFO"), "gawk's: none"),
    (Word("awk", "strftime("), "gawk's: `date` outside awk"),
    (Word("awk", "systime("), "gawk's: `date +%s` outside awk"),
    (Word("make", "--output-sync"), "make 4.0: none"),
    (Word("make", "--trace"), "make 4.0: `--debug`"),
    (Word("make", "--shuffle"), "make 4.4: none"),
    (LongOption("cp"), "BSD's takes short options only"),
    (LongOption("mv"), "BSD's takes short options only"),
    (LongOption("rm"), "BSD's takes short options only"),
    (LongOption("ln"), "BSD's takes short options only"),
    (LongOption("mkdir"), "BSD's takes short options only"),
    (LongOption("touch"), "BSD's takes short options only"),
    (LongOption("ls"), "BSD's takes short options only"),
    (LongOption("cut"), "BSD's takes short options only"),
    (LongOption("head"), "BSD's takes short options only"),
    (LongOption("tail"), "BSD's takes short options only"),
    (LongOption("du"), "BSD's takes short options only"),
    (LongOption("df"), "BSD's takes short options only"),
    (LongOption("chmod"), "BSD's takes short options only"),
    (LongOption("chown"), "BSD's takes short options only"),
    (LongOption("mktemp"), "BSD's takes short options only"),
    (LongOption("readlink"), "BSD's takes short options only"),
    (LongOption("xargs"), "BSD's takes short options only"),
    (LongOption("ps"), "procps's long options: `ps -o ... -p`"),
    (LongOption("wc"), "BSD's takes short options only"),
    (LongOption("uniq"), "BSD's takes short options only"),
    (LongOption("tee"), "BSD's takes short options only"),
    (LongOption("cat"), "BSD's takes short options only"),
    (LongOption("paste"), "BSD's takes short options only"),
    (LongOption("basename"), "BSD's takes short options only"),
    (LongOption("dirname"), "BSD's takes short options only"),
];

/// The guard past which a script runs on Linux alone.
const LINUX_GUARD: &str = "[ \"$(uname -s)\" = Linux ] ||";

/// Words that come before a command's name.
const PREFIXES: &[&str] = &[
    "if", "then", "else", "elif", "do", "while", "until", "!", "{", "}", "time", "exec", "command",
    "builtin", "env", "nice", "sudo",
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// What the lint reads, as (path from the root, text): the Makefile, what
/// `.ci/` holds and every `scripts/*.sh`.
fn scanned() -> Vec<(String, String)> {
    let mut paths = vec!["Makefile".to_string()];
    for (dir, suffix) in [(".ci", ""), ("scripts", ".sh")] {
        let mut found: Vec<String> = fs::read_dir(root().join(dir))
            .unwrap_or_else(|e| panic!("{dir}: {e}"))
            .flatten()
            .filter(|entry| entry.path().is_file())
            .map(|entry| entry.file_name().to_string_lossy().into_owned())
            .filter(|name| name.ends_with(suffix))
            .map(|name| format!("{dir}/{name}"))
            .collect();
        found.sort();
        paths.extend(found);
    }
    paths
        .into_iter()
        .map(|path| {
            let text =
                fs::read_to_string(root().join(&path)).unwrap_or_else(|e| panic!("{path}: {e}"));
            (path, text)
        })
        .collect()
}

/// One simple command of shell code: its line (from 1) and its words,
/// quotes taken off; a command substitution is a command of its own and
/// stands as `$()` in its word.
#[derive(Debug)]
struct Simple {
    line: usize,
    words: Vec<String>,
}

/// The command being read at one level of substitution.
#[derive(Default)]
struct Frame {
    words: Vec<String>,
    word: String,
    line: usize,
    /// Inside double quotes.
    double: bool,
    /// Open parentheses of subshells and groups.
    parens: usize,
}

impl Frame {
    fn end_word(&mut self) {
        if !self.word.is_empty() {
            self.words.push(std::mem::take(&mut self.word));
        }
    }

    fn end_command(&mut self, out: &mut Vec<Simple>) {
        self.end_word();
        if !self.words.is_empty() {
            let words = std::mem::take(&mut self.words);
            out.push(Simple {
                line: self.line,
                words,
            });
        }
    }
}

/// Adds `chars[from..]` up to the first `end` to `word`; one past that
/// `end` (or the end of `chars`).
fn take_until(chars: &[char], from: usize, end: char, word: &mut String) -> usize {
    let found = chars[from..].iter().position(|&c| c == end);
    let stop = found.map_or(chars.len(), |found| from + found);
    word.extend(&chars[from..stop]);
    (stop + 1).min(chars.len())
}

/// The simple commands of shell `code`, and the code without its comments.
fn simple_commands(code: &str) -> (Vec<Simple>, String) {
    let chars: Vec<char> = code.chars().collect();
    let lines: Vec<usize> = (0..chars.len())
        .scan(1, |line, at| {
            let this = *line;
            *line += usize::from(chars[at] == '\n');
            Some(this)
        })
        .collect();
    let (mut out, mut text) = (Vec::new(), String::new());
    let mut frames = vec![Frame::default()];
    let mut at = 0;
    while at < chars.len() {
        let (c, next) = (chars[at], chars.get(at + 1).copied());
        let nested = frames.len() > 1;
        let frame = frames.last_mut().unwrap();
        if frame.words.is_empty() && frame.word.is_empty() {
            frame.line = lines[at];
        }
        let mut end = at + 1;
        match c {
            '$' if next == Some('(') => {
                frame.word.push_str("$()");
                end += 1;
                frames.push(Frame::default());
            }
            '"' if frame.double => frame.double = false,
            '\\' if frame.double => {
                frame.word.extend(next);
                end += 1;
            }
            _ if frame.double => frame.word.push(c),
            '#' if frame.word.is_empty() => {
                // A comment, left out of the text; its newline ends the command.
                let length = chars[at..].iter().position(|&c| c == '\n');
                at = length.map_or(chars.len(), |length| at + length);
                continue;
            }
            '"' => frame.double = true,
            '\'' => end = take_until(&chars, at + 1, '\'', &mut frame.word),
            '$' if next == Some('{') => {
                frame.word.push_str("${");
                end = take_until(&chars, at + 2, '}', &mut frame.word);
                frame.word.push('}');
            }
            '\\' => {
                frame.word.extend(next.filter(|&n| n != '\n'));
                end += 1;
            }
            '(' => {
                frame.end_command(&mut out);
                frame.parens += 1;
            }
            ')' if frame.parens > 0 => {
                frame.end_command(&mut out);
                frame.parens -= 1;
            }
            ')' if nested => {
                frame.end_command(&mut out);
                frames.pop();
            }
            ' ' | '\t' => frame.end_word(),
            '\n' | ';' | '&' | '|' | '`' | ')' => frame.end_command(&mut out),
            _ => frame.word.push(c),
        }
        let end = end.min(chars.len());
        text.extend(&chars[at..end]);
        at = end;
    }
    for mut frame in frames.into_iter().rev() {
        frame.end_command(&mut out);
    }
    (out, text)
}

/// The name a simple command runs and its arguments, past the words that
/// come before a name (`if`, `env`, assignments).
fn name_and_args(words: &[String]) -> Option<(&str, &[String])> {
    let assignment = |word: &str| {
        word.split_once('=').is_some_and(|(name, _)| {
            !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        })
    };
    let at = words
        .iter()
        .position(|word| !PREFIXES.contains(&word.as_str()) && !assignment(word))?;
    let name = words[at].rsplit('/').next().unwrap_or_default();
    Some((name, &words[at + 1..]))
}

/// Whether the command `name args` is `construct`.
fn runs(construct: Construct, name: &str, args: &[String]) -> bool {
    let options = || args.iter().take_while(|arg| *arg != "--");
    // An option cluster's letters, and whether they are all it holds.
    let letters = |arg: &str| -> Option<(String, bool)> {
        let rest = arg
            .strip_prefix('-')
            .filter(|rest| !rest.starts_with('-'))?;
        let letters: String = rest.chars().take_while(char::is_ascii_alphabetic).collect();
        let bare = letters.len() == rest.len();
        Some((letters, bare))
    };
    match construct {
        Command(command) => name == command,
        Letter(command, letter) => {
            name == command
                && options().any(|arg| letters(arg).is_some_and(|(all, _)| all.contains(letter)))
        }
        BareLetter(command, letter) => {
            name == command
                && options()
                    .any(|arg| letters(arg).is_some_and(|(all, bare)| bare && all.contains(letter)))
        }
        Word(command, text) => name == command && args.iter().any(|arg| arg.contains(text)),
        LongOption(command) => {
            name == command
                && options().any(|arg| {
                    arg.strip_prefix("--")
                        .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_alphabetic()))
                })
        }
        _ => false,
    }
}

/// Whether `line` of shell code (no comment in it) holds `construct`.
fn holds(construct: Construct, line: &str) -> bool {
    match construct {
        Text(text) => line.contains(text),
        CaseChange => line.match_indices("${").any(|(at, _)| {
            let rest = &line[at + 2..];
            let name = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            name > 0 && rest[name..].starts_with([',', '^'])
        }),
        _ => false,
    }
}

/// The rules shell `code` breaks, each with its line (from 1).
fn shell_findings(code: &str) -> Vec<(usize, usize)> {
    let (commands, text) = simple_commands(code);
    let mut found = Vec::new();
    for (rule, (construct, _)) in RULES.iter().enumerate() {
        for simple in &commands {
            if let Some((name, args)) = name_and_args(&simple.words) {
                if runs(*construct, name, args) {
                    found.push((simple.line, rule));
                }
            }
        }
        for (at, line) in text.lines().enumerate() {
            if holds(*construct, line) {
                found.push((at + 1, rule));
            }
        }
    }
    found
}

/// A script as a Mac's shell reads it: here-documents' bodies blanked
/// (data, or code for another program), and nothing past a Linux guard.
fn mac_read(script: &str) -> String {
    let mut read = Vec::new();
    let mut body_until: Option<String> = None;
    for line in script.lines() {
        if let Some(end) = &body_until {
            if line.trim_start_matches('\t') == end {
                body_until = None;
            }
            read.push("");
            continue;
        }
        read.push(line);
        if line.trim_start().starts_with(LINUX_GUARD) {
            break;
        }
        body_until = here_document(line);
    }
    read.join("\n")
}

/// The word that ends the here-document `line` opens, if it opens one.
fn here_document(line: &str) -> Option<String> {
    let (at, _) = line
        .match_indices("<<")
        .find(|(at, _)| !line[at + 2..].starts_with('<'))?;
    let rest = line[at + 2..].trim_start_matches('-').trim_start();
    let word: String = rest
        .trim_start_matches(['\'', '"'])
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    (!word.is_empty()).then_some(word)
}

/// A Makefile's logical lines (each with its continuations) and the number
/// of the first.
fn logical_lines(text: &str) -> Vec<(usize, String)> {
    let mut lines: Vec<(usize, String)> = Vec::new();
    let mut continued = false;
    for (at, line) in text.lines().enumerate() {
        match lines.last_mut() {
            Some((_, logical)) if continued => {
                logical.push('\n');
                logical.push_str(line);
            }
            _ => lines.push((at + 1, line.to_string())),
        }
        continued = line.ends_with('\\');
    }
    lines
}

/// Whether `line`, a make line that is not a recipe, is `construct`.
fn make_line_is(construct: Construct, line: &str) -> bool {
    let line = line.trim_start();
    let variable = |text: &str| {
        let name = text
            .trim()
            .trim_start_matches("override ")
            .trim_start_matches("export ");
        !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "_.-".contains(c))
    };
    match construct {
        MakeStart(start) => line.starts_with(start),
        Assignment(operator) => line.find(operator).is_some_and(|at| variable(&line[..at])),
        DefineOperator => line
            .strip_prefix("define ")
            .is_some_and(|rest| rest.split_whitespace().count() > 1),
        _ => false,
    }
}

/// The rules a Makefile breaks, each with its line: make's own on its
/// lines, the shell's in its recipes and its `$(shell ...)`.
fn makefile_findings(text: &str) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    for (number, line) in logical_lines(text) {
        if line.trim_start().starts_with('#') {
            continue;
        }
        let recipe = line.strip_prefix('\t');
        for (rule, (construct, _)) in RULES.iter().enumerate() {
            let breaks = match (construct, recipe) {
                (MakeText(text), _) => line.contains(text),
                (_, None) => make_line_is(*construct, &line),
                _ => false,
            };
            if breaks {
                found.push((number, rule));
            }
        }
        // The shell's part, and the lines before it.
        let shell = match recipe {
            Some(recipe) => Some((0, recipe.trim_start_matches(['@', '-', '+']))),
            None => line
                .find("$(shell ")
                .map(|at| (line[..at].matches('\n').count(), &line[at + 8..])),
        };
        if let Some((before, shell)) = shell {
            let shell = shell
                .replace("$(MAKE)", "make")
                .replace("$(CARGO)", "cargo")
                .replace("$$", "$");
            let in_shell = shell_findings(&shell).into_iter();
            found.extend(in_shell.map(|(at, rule)| (number + before + at - 1, rule)));
        }
    }
    found
}

/// What `path` (its text `text`) holds that a stock Mac lacks, one line each.
fn findings(path: &str, text: &str) -> Vec<String> {
    let mut found = match path.rsplit('/').next() {
        Some("Makefile") => makefile_findings(text),
        _ => shell_findings(&mac_read(text)),
    };
    found.sort();
    found.dedup();
    found
        .into_iter()
        .map(|(line, rule)| {
            let (construct, instead) = RULES[rule];
            format!("{path}:{line}: {}: {instead}", shown(construct))
        })
        .collect()
}

/// A construct as a reader knows it.
fn shown(construct: Construct) -> String {
    match construct {
        Command(name) => format!("`{name}`"),
        Letter(name, letter) => format!("`{name} -{letter}`"),
        BareLetter(name, letter) => format!("`{name} -{letter}` with nothing attached"),
        Word(name, text) => format!("`{name}` with `{text}`"),
        LongOption(name) => format!("`{name} --<option>`"),
        Text(text) | MakeStart(text) | MakeText(text) => format!("`{}`", text.trim()),
        CaseChange => "`${name,,}` or `${name^^}`".into(),
        Assignment(operator) => format!("`{operator}` assignment"),
        DefineOperator => "`define NAME =`".into(),
    }
}

#[test]
fn the_makefile_and_the_scripts_use_only_what_a_stock_mac_has() {
    let scanned = scanned();
    let names: Vec<&str> = scanned.iter().map(|(path, _)| path.as_str()).collect();
    for expected in ["Makefile", ".ci/run", "scripts/zig-link-macos.sh"] {
        assert!(
            names.contains(&expected),
            "{expected} is not read: {names:?}"
        );
    }
    let found: Vec<String> = scanned
        .iter()
        .flat_map(|(path, text)| findings(path, text))
        .collect();
    assert!(
        found.is_empty(),
        "what a stock Mac (make 3.81, bash 3.2, BSD utilities) lacks:\n  {}\n\
         write it as said, move the step into judge, or put it past a `{LINUX_GUARD}` line",
        found.join("\n  ")
    );
}

/// A line of shell or make that is `construct`.
fn sample(construct: Construct) -> (&'static str, String) {
    let shell = |line: String| ("script.sh", format!("#!/bin/sh\nset -e\n{line}\n"));
    let make = |line: String| ("Makefile", format!("X := 1\nY := 2\n{line}\n"));
    match construct {
        Command(name) => shell(format!("a=1; {name} x y")),
        Letter(name, letter) => shell(format!("echo | {name} -q{letter} x")),
        BareLetter(name, letter) => shell(format!("{name} -{letter} x")),
        Word(name, text) => shell(format!("if {name} 'x{text}y' z; then :; fi")),
        LongOption(name) => shell(format!("x=$({name} --some-option y)")),
        Text(text) => shell(format!("echo a {text} b")),
        CaseChange => shell("echo \"${name,,}\"".into()),
        MakeStart(start) => make(format!("{start}x")),
        MakeText(text) => make(format!("Y := {text}x)")),
        Assignment(operator) => make(format!("Y {operator} x")),
        DefineOperator => make("define Y =\nx\nendef".into()),
    }
}

#[test]
fn each_rule_catches_what_it_names() {
    for (construct, _) in RULES {
        let (path, text) = sample(*construct);
        let found = findings(path, &text);
        let expected = format!("{path}:3: {}:", shown(*construct));
        assert!(
            found.iter().any(|line| line.starts_with(&expected)),
            "{construct:?} not found in {text:?}: {found:?}"
        );
        // The same in a recipe, where make hands it to the shell.
        if path == "script.sh" {
            let line = text.lines().nth(2).unwrap().replace('$', "$$");
            let found = findings("Makefile", &format!("X := 1\nall:\n\t@{line}\n"));
            let expected = format!("Makefile:3: {}:", shown(*construct));
            assert!(
                found.iter().any(|line| line.starts_with(&expected)),
                "{construct:?} not found in the recipe {line:?}: {found:?}"
            );
        }
    }
}

#[test]
fn what_a_mac_has_or_never_reads_is_not_caught() {
    let script = "#!/bin/bash\n\
        set -euo pipefail\n\
        sed -i.bak 's/a/b/' f && rm f.bak; sed -E 's/a+//' f\n\
        [ \"$a\" != b ] && echo \"${x:-y}\" $# ${#x} \"$(date +%s)\"\n\
        stat -f %z f | grep -E 'a|b' | sort -u | xargs -0 echo\n\
        echo \"no timeout here, nor nproc\" # readlink -f in a comment\n\
        V2VM_TIMEOUT=5 sh x.sh; command -v nproc >/dev/null || getconf _NPROCESSORS_ONLN\n\
        cat <<'EOF'\n\
        sed -r 's/a/b/' f\n\
        EOF\n\
        [ \"$(uname -s)\" = Linux ] || exit 0\n\
        timeout 5 readlink -f x\n";
    assert_eq!(findings("script.sh", script), Vec::<String>::new());
    let makefile = "X := $(shell sed -n 's/a/b/p' f)\n\
        Y = a != b\n\
        # .ONESHELL: in a comment\n\
        all:\n\
        \t@[ \"$$x\" != y ] && $(MAKE) --no-print-directory x; \\\n\
        \tsed 's/^ *\\([0-9]*\\) /  \\1 x: /' f\n";
    assert_eq!(findings("Makefile", makefile), Vec::<String>::new());
}
