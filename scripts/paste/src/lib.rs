//! What is pasted into a judge, cut from a solution file: the whole file, or
//! for LeetCode the region between the `// submit-begin` and `// submit-end`
//! lines. Whether it stands alone is for the compiler to say (`compile`): it
//! builds the paste alone, as the judge gets it.
//!
//! The crate is what a solution file holds for a judge: this paste, the
//! checked copies it keeps of the house skeleton and of snippets
//! (`copies`), and the two commands on them, `submit` and `snippet`.

pub mod compile;
pub mod copies;
pub mod snippet;
pub mod submit;

pub const BEGIN: &str = "// submit-begin";
pub const END: &str = "// submit-end";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// The whole file is pasted (POJ, Codeforces, AtCoder, ...).
    WholeFile,
    /// Only the marked region; LeetCode declares `struct Solution` and calls it.
    LeetCode,
}

#[derive(Debug)]
pub struct Paste {
    pub style: Style,
    pub text: String,
    /// The line of the solution file that the paste's first line comes from.
    pub first_line: usize,
}

impl Paste {
    /// Cuts the paste out of `source`; the error says which line is wrong and why.
    pub fn from_source(source: &str, style: Style) -> Result<Paste, String> {
        let (text, first_line) = match style {
            Style::WholeFile => (source.to_string(), 1),
            Style::LeetCode => leetcode_region(source)?,
        };
        Ok(Paste {
            style,
            text,
            first_line,
        })
    }

    /// A complete program the way the judge builds it: a LeetCode region
    /// beside LeetCode's prelude (`struct Solution;` and the node types it
    /// uses). The region is padded with blank lines so that compiler messages
    /// give the line numbers of the solution file; the node types follow it.
    pub fn program(&self) -> String {
        match self.style {
            Style::WholeFile => self.text.clone(),
            Style::LeetCode => format!(
                "struct Solution;{}{}{}\nfn main() {{}}\n",
                "\n".repeat(self.first_line - 1),
                self.text,
                leetcode::node_definitions(&self.text)
            ),
        }
    }
}

/// The code of a line, without a trailing `//` comment.
fn code_part(line: &str) -> &str {
    line.split("//").next().unwrap_or("").trim()
}

fn without_visibility(code: &str) -> &str {
    if let Some(rest) = code.strip_prefix("pub(") {
        return rest
            .split_once(')')
            .map_or(code, |(_, item)| item.trim_start());
    }
    code.strip_prefix("pub ").unwrap_or(code)
}

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Whether `code` declares `item` (say `fn main`), not an item whose name
/// merely starts the same way.
fn declares(code: &str, item: &str) -> bool {
    without_visibility(code)
        .strip_prefix(item)
        .is_some_and(|rest| !rest.starts_with(is_ident_char))
}

/// The lines strictly between the markers, and the line number of the first.
fn leetcode_region(source: &str) -> Result<(String, usize), String> {
    let lines: Vec<&str> = source.lines().collect();
    let (begin, end, _) = leetcode_lines(&lines)?;
    let mut text = lines[begin + 1..end].join("\n");
    text.push('\n');
    Ok((text, begin + 2))
}

/// The index of the first line of the submit region that declares an
/// `impl`: where a LeetCode solution's snippets go (`judge snippet add`).
pub fn first_impl(lines: &[&str]) -> Result<usize, String> {
    leetcode_lines(lines).map(|(_, _, first_impl)| first_impl)
}

/// The indexes of the begin and end markers, and of the region's first
/// `impl` line; the error says which line is wrong and why.
fn leetcode_lines(lines: &[&str]) -> Result<(usize, usize, usize), String> {
    let marker = |marker: &str| -> Result<usize, String> {
        let at: Vec<usize> = (0..lines.len())
            .filter(|&i| lines[i].trim() == marker)
            .collect();
        match at.as_slice() {
            [one] => Ok(*one),
            [] => Err(format!(
                "no `{marker}` line: LeetCode solutions mark what is pasted with \
                 `{BEGIN}` and `{END}` lines"
            )),
            _ => Err(format!(
                "`{marker}` appears {} times (lines {}); exactly one is allowed",
                at.len(),
                at.iter()
                    .map(|i| (i + 1).to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        }
    };
    let (begin, end) = (marker(BEGIN)?, marker(END)?);
    if end < begin {
        return Err(format!(
            "`{END}` (line {}) comes before `{BEGIN}` (line {})",
            end + 1,
            begin + 1
        ));
    }
    // `impl Solution` for a function problem, `impl MinStack` for a design one.
    match (begin + 1..end).find(|&i| declares(code_part(lines[i]), "impl")) {
        Some(first_impl) => Ok((begin, end, first_impl)),
        None => Err(format!(
            "the submit region (lines {}..{}) has no `impl` block",
            begin + 2,
            end
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LEETCODE: &str =
        "use std::io::Read;\n\n// submit-begin\nuse std::collections::HashMap;\n\
        fn helper() -> u8 { 1 }\nimpl Solution {\n    pub fn f() -> u8 { helper() }\n}\n\
        // submit-end\n\npub struct Solution;\nfn main() {}\n";

    fn refusal(source: &str, style: Style) -> String {
        Paste::from_source(source, style).expect_err("should be refused")
    }

    #[test]
    fn leetcode_paste_is_the_region_and_keeps_line_numbers_when_compiled() {
        let paste = Paste::from_source(LEETCODE, Style::LeetCode).unwrap();
        assert_eq!(
            paste.text,
            "use std::collections::HashMap;\nfn helper() -> u8 { 1 }\nimpl Solution {\n    \
             pub fn f() -> u8 { helper() }\n}\n"
        );
        assert_eq!(paste.first_line, 4);
        let program = paste.program();
        assert!(program.starts_with("struct Solution;\n\n\nuse std::collections::HashMap;\n"));
        assert_eq!(program.lines().nth(3), LEETCODE.lines().nth(3));
        assert!(program.ends_with("}\n\nfn main() {}\n"));
    }

    #[test]
    fn leetcode_programs_get_the_node_types_the_paste_names() {
        let tree = LEETCODE.replace(
            "fn helper() -> u8 { 1 }",
            "fn helper(_: Option<TreeNode>) {}",
        );
        let program = Paste::from_source(&tree, Style::LeetCode)
            .unwrap()
            .program();
        assert!(program.contains("pub struct TreeNode {"), "{program}");
        assert!(!program.contains("pub struct ListNode {"), "{program}");
        assert_eq!(program.lines().nth(4), tree.lines().nth(4));
        let plain = Paste::from_source(LEETCODE, Style::LeetCode)
            .unwrap()
            .program();
        assert!(!plain.contains("Node"), "{plain}");
    }

    #[test]
    fn whole_file_is_pasted_as_it_is() {
        let paste = Paste::from_source(LEETCODE, Style::WholeFile).unwrap();
        assert_eq!(paste.text, LEETCODE);
        assert_eq!(paste.program(), LEETCODE);
    }

    #[test]
    fn markers_must_appear_once_and_in_order() {
        let message = refusal("impl Solution {}\n", Style::LeetCode);
        assert!(
            message.starts_with("no `// submit-begin` line"),
            "{message}"
        );
        let twice = LEETCODE.replace("// submit-end", "// submit-begin\n// submit-end");
        assert_eq!(
            refusal(&twice, Style::LeetCode),
            "`// submit-begin` appears 2 times (lines 3, 9); exactly one is allowed"
        );
        let swapped = "// submit-end\nimpl Solution {}\n  // submit-begin  \n";
        assert_eq!(
            refusal(swapped, Style::LeetCode),
            "`// submit-end` (line 1) comes before `// submit-begin` (line 3)"
        );
        let empty = "// submit-begin\nfn f() {}\n// submit-end\n";
        assert!(refusal(empty, Style::LeetCode).contains("no `impl` block"));
    }

    #[test]
    fn beyond_the_markers_and_the_impl_block_the_compiler_judges() {
        // A second `fn main`, a crate, a module in another file, a local enum:
        // the paste is cut as it is, and compiling it alone says which stand.
        for extra in [
            "fn main() {}",
            "use regex::Regex;",
            "mod helper;",
            "pub enum Cell { Wall } use Cell::Wall;",
        ] {
            let source = LEETCODE.replace("fn helper()", &format!("{extra}\nfn helper()"));
            let paste = Paste::from_source(&source, Style::LeetCode).unwrap();
            assert!(paste
                .text
                .starts_with(&format!("use std::collections::HashMap;\n{extra}\n")));
            let whole = Paste::from_source(&source, Style::WholeFile).unwrap();
            assert_eq!(whole.text, source);
        }
    }
}
