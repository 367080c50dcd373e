//! What a Java source says about running it: the class with `main`, the
//! public class that names its file, and the package it is in.

/// The classes of a Java source that matter for running it.
#[derive(Debug, PartialEq, Eq)]
pub struct JavaClasses {
    /// The class holding `static void main`, without its package.
    pub main: Option<String>,
    /// The top-level public class, which names the file.
    pub public: Option<String>,
    /// The `package` it declares, which `java` needs in the class's name.
    pub package: Option<String>,
}

impl JavaClasses {
    /// The main class as `java` names it: `a.b.Main` in package `a.b`.
    pub fn qualified_main(&self) -> Option<String> {
        let main = self.main.as_ref()?;
        Some(match &self.package {
            Some(package) => format!("{package}.{main}"),
            None => main.clone(),
        })
    }
}

/// Finds the class around `static void main` by following braces, with
/// comments and string and character literals skipped, so a nested helper
/// class before `main` is not taken for it.
pub fn java_classes(source: &str) -> JavaClasses {
    let chars: Vec<char> = source.chars().collect();
    let mut words: Vec<String> = Vec::new();
    // (class name, brace depth inside it)
    let mut open: Vec<(String, usize)> = Vec::new();
    let mut pending: Option<String> = None;
    let mut depth = 0;
    let mut main = None;
    let mut public = None;
    let mut package = None;
    let mut i = 0;
    let in_word = |c: char| c.is_alphanumeric() || c == '_' || c == '$';
    while i < chars.len() {
        let c = chars[i];
        if let Some(end) = skipped(&chars, i) {
            i = end;
        } else if in_word(c) {
            let start = i;
            while i < chars.len() && in_word(chars[i]) {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            if word == "package" && depth == 0 && words.is_empty() && package.is_none() {
                let end = (i..chars.len())
                    .find(|&at| chars[at] == ';')
                    .unwrap_or(chars.len());
                let name: String = chars[i..end]
                    .iter()
                    .filter(|c| !c.is_whitespace())
                    .collect();
                package = Some(name);
                i = end;
                continue;
            }
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
    JavaClasses {
        main,
        public,
        package,
    }
}

/// Where a comment or a string or character literal starting at `i` ends,
/// if one does: the index the scan steps on from, which is one past a block
/// comment or a literal (so the character after one is skipped too).
fn skipped(chars: &[char], mut i: usize) -> Option<usize> {
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
    } else {
        return None;
    }
    Some(i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn java_main_is_the_class_around_it_not_a_helper_before_it() {
        let source = "import java.util.*;\n// class Fake { static void main\n\
            public class Solution {\n  static class Reader { String s = \"}{\"; char c = '}'; }\n\
              Object o = Reader.class;\n  public static void main(String[] args) {}\n}\n";
        assert_eq!(
            java_classes(source),
            JavaClasses {
                main: Some("Solution".into()),
                public: Some("Solution".into()),
                package: None
            }
        );
        let source = "class Helper { }\nclass Main { public static void main(String... a) { } }\n";
        assert_eq!(
            java_classes(source),
            JavaClasses {
                main: Some("Main".into()),
                public: None,
                package: None
            }
        );
        assert_eq!(java_classes("class A { void main() {} }").main, None);
        let source = "/* x */ package se.kth.\n  util ;\nimport java.io.*;\npublic class Main {\n\
            public static void main(String[] a) {} }\n";
        let classes = java_classes(source);
        assert_eq!(classes.package.as_deref(), Some("se.kth.util"));
        assert_eq!(
            classes.qualified_main().as_deref(),
            Some("se.kth.util.Main")
        );
    }
}
