//! Checked repetition: code kept in a solution as a copy of one source — the
//! house skeleton of the `make new` template, a snippet of the library —
//! stands between two marker lines, `// <label>: begin` and `// <label>: end`,
//! and is compared with its source byte for byte; a copy that drifted is
//! named by its first differing line. The skeleton's test and `judge snippet
//! check` both judge through here, so both word a drift alike. Repetition
//! that is checked is a convention; repetition that drifts is a bug.

use std::fmt;

/// The house skeleton's markers: the skeleton runs from the line starting
/// with `SKELETON_BEGIN` to the one starting with `SKELETON_END`, both
/// included (the template has them too).
pub const SKELETON_BEGIN: &str = "// house skeleton: begin";
pub const SKELETON_END: &str = "// house skeleton: end";
/// What the skeleton's marker lines carry after `// `.
pub const SKELETON_LABEL: &str = "house skeleton";

/// The lines of `text`, each with its `\n`: joined, they are `text` again,
/// so comparing lines compares bytes (a `\r` too).
pub fn lines(text: &str) -> Vec<&str> {
    text.split_inclusive('\n').collect()
}

/// One marked region of a file: the labels on its marker lines (after the
/// common prefix) and the indexes of those lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    pub begin_label: String,
    pub end_label: String,
    pub begin: usize,
    pub end: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Begin,
    End,
}

/// The label and side of a marker line `// <prefix><label>: begin` (text may
/// follow, after a space or a `.`) or `// <prefix><label>: end`.
fn marker<'a>(line: &'a str, prefix: &str) -> Option<(&'a str, Side)> {
    let rest = line.trim().strip_prefix("// ")?.strip_prefix(prefix)?;
    let (label, side) = rest.split_once(": ")?;
    let ends_word = |after: &str| after.is_empty() || after.starts_with([' ', '.']);
    match (side.strip_prefix("begin"), side.strip_prefix("end")) {
        (Some(after), _) if ends_word(after) => Some((label, Side::Begin)),
        (_, Some(after)) if ends_word(after) => Some((label, Side::End)),
        _ => None,
    }
}

/// Every region whose marker lines start `// <prefix>`, in order; each
/// begin is closed by the next such end, before any other begin. The error
/// names the line (from 1) of a marker left open or closing nothing.
pub fn regions(lines: &[&str], prefix: &str) -> Result<Vec<Region>, String> {
    let mut found = Vec::new();
    let mut open: Option<(usize, &str)> = None;
    for (index, line) in lines.iter().enumerate() {
        let (label, side) = match marker(line, prefix) {
            Some(marker) => marker,
            None => continue,
        };
        match (side, open) {
            (Side::Begin, None) => open = Some((index, label)),
            (Side::End, Some((begin, begin_label))) => {
                found.push(Region {
                    begin_label: begin_label.to_string(),
                    end_label: label.to_string(),
                    begin,
                    end: index,
                });
                open = None;
            }
            (Side::Begin, Some((begin, _))) => {
                return Err(format!(
                    "line {}: a `// {prefix}` begin line inside the region begun at line {}",
                    index + 1,
                    begin + 1
                ))
            }
            (Side::End, None) => {
                return Err(format!(
                    "line {}: a `// {prefix}` end line with no begin line before it",
                    index + 1
                ))
            }
        }
    }
    match open {
        Some((begin, _)) => Err(format!(
            "line {}: a `// {prefix}` begin line with no end line after it",
            begin + 1
        )),
        None => Ok(found),
    }
}

/// The one region marked `// <prefix>`; the error says how many there are.
pub fn one_region(lines: &[&str], prefix: &str) -> Result<Region, String> {
    let mut found = regions(lines, prefix)?;
    match found.len() {
        1 => Ok(found.remove(0)),
        count => Err(format!(
            "{count} regions marked `// {prefix}: begin` ... `// {prefix}: end`; exactly one \
             is allowed"
        )),
    }
}

/// The first line at which a copy is not its source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drift {
    /// From 1, counted in the copy (and the source).
    pub line: usize,
    pub expected: Option<String>,
    pub found: Option<String>,
}

/// Where `copy` first differs from `source`, line by line; `None` when the
/// two are the same bytes.
pub fn drift(source: &[&str], copy: &[&str]) -> Option<Drift> {
    let at = (0..source.len().max(copy.len())).find(|&i| source.get(i) != copy.get(i))?;
    let shown = |line: Option<&&str>| line.map(|line| line.trim_end_matches('\n').to_string());
    Some(Drift {
        line: at + 1,
        expected: shown(source.get(at)),
        found: shown(copy.get(at)),
    })
}

impl fmt::Display for Drift {
    /// `line 3: expected "fn b() {}", found "fn b() { }"`
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let shown = |line: &Option<String>| match line {
            Some(line) => format!("{line:?}"),
            None => "(the end)".to_string(),
        };
        write!(
            f,
            "line {}: expected {}, found {}",
            self.line,
            shown(&self.expected),
            shown(&self.found)
        )
    }
}

/// Checks the copy of `source` that starts at line `first_line` (from 1) of
/// `file`: the error is `<file>:<line>: <what> line <n>: expected ..., found
/// ...`, its first line that differs, by file and by copy.
pub fn check(
    file: &str,
    what: &str,
    source: &[&str],
    copy: &[&str],
    first_line: usize,
) -> Result<(), String> {
    match drift(source, copy) {
        None => Ok(()),
        Some(drift) => Err(format!(
            "{file}:{}: {what} {drift}",
            first_line + drift.line - 1
        )),
    }
}

/// The house skeleton of `text` (a solution or the template), its markers
/// included, and the line (from 1) it starts on.
pub fn skeleton(text: &str) -> Result<(Vec<&str>, usize), String> {
    let lines = lines(text);
    let region = one_region(&lines, SKELETON_LABEL)?;
    Ok((lines[region.begin..=region.end].to_vec(), region.begin + 1))
}

/// Checks that `solution` (the text of `file`) holds the skeleton of
/// `template` unchanged.
pub fn check_skeleton(template: &str, file: &str, solution: &str) -> Result<(), String> {
    let (expected, _) = skeleton(template).map_err(|e| format!("the template: {e}"))?;
    let (found, first_line) = skeleton(solution).map_err(|e| format!("{file}: {e}"))?;
    check(file, "skeleton", &expected, &found, first_line)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEMPLATE: &str =
        "fn solve() {}\n\n// house skeleton: begin. The same bytes.\nfn a() {}\n\
                            fn b() {}\n// house skeleton: end\n";

    #[test]
    fn a_drift_is_named_by_its_first_differing_line_in_the_file_and_in_the_copy() {
        let file = "problems/x/src/main.rs";
        assert_eq!(check_skeleton(TEMPLATE, file, TEMPLATE), Ok(()));
        let solution = format!(
            "// more code\n{}",
            TEMPLATE.replace("fn b() {}", "fn b() { }")
        );
        assert_eq!(
            check_skeleton(TEMPLATE, file, &solution).unwrap_err(),
            "problems/x/src/main.rs:6: skeleton line 3: expected \"fn b() {}\", found \"fn b() { }\""
        );
        let longer = TEMPLATE.replace("fn b() {}", "fn b() {}\nfn c() {}");
        assert_eq!(
            check_skeleton(TEMPLATE, file, &longer).unwrap_err(),
            "problems/x/src/main.rs:6: skeleton line 4: expected \"// house skeleton: end\", \
             found \"fn c() {}\""
        );
        let crlf = TEMPLATE.replace("fn a() {}\n", "fn a() {}\r\n");
        assert!(check_skeleton(TEMPLATE, file, &crlf)
            .unwrap_err()
            .ends_with("skeleton line 2: expected \"fn a() {}\", found \"fn a() {}\\r\""));
    }

    #[test]
    fn a_copy_shorter_than_its_source_ends_early() {
        let source = lines("a\nb\n");
        let drift = drift(&source, &lines("a\n")).unwrap();
        assert_eq!(drift.to_string(), "line 2: expected \"b\", found (the end)");
    }

    #[test]
    fn markers_pair_in_order_and_a_stray_one_is_named_by_line() {
        let text = lines(
            "// snippet a: begin\nx\n// snippet a: end\n// snippet b (modified): begin\n\
             // snippet b: end\n// snippets are fine: no marker\n",
        );
        let found = regions(&text, "snippet ").unwrap();
        assert_eq!(
            found,
            [
                Region {
                    begin_label: "a".into(),
                    end_label: "a".into(),
                    begin: 0,
                    end: 2
                },
                Region {
                    begin_label: "b (modified)".into(),
                    end_label: "b".into(),
                    begin: 3,
                    end: 4
                },
            ]
        );
        assert_eq!(
            regions(
                &lines("// snippet a: begin\n// snippet b: begin\n"),
                "snippet "
            )
            .unwrap_err(),
            "line 2: a `// snippet ` begin line inside the region begun at line 1"
        );
        assert_eq!(
            regions(&lines("x\n// snippet a: end\n"), "snippet ").unwrap_err(),
            "line 2: a `// snippet ` end line with no begin line before it"
        );
        assert_eq!(
            regions(&lines("  // snippet a: begin\n"), "snippet ").unwrap_err(),
            "line 1: a `// snippet ` begin line with no end line after it"
        );
        let without = TEMPLATE.replace("// house skeleton: end\n", "");
        assert_eq!(
            check_skeleton(TEMPLATE, "f.rs", &without).unwrap_err(),
            "f.rs: line 3: a `// house skeleton` begin line with no end line after it"
        );
        assert!(one_region(&lines("fn main() {}\n"), SKELETON_LABEL)
            .unwrap_err()
            .starts_with("0 regions marked `// house skeleton: begin`"));
    }

    #[test]
    fn the_skeleton_markers_are_marker_lines() {
        let lines = lines(TEMPLATE);
        let region = one_region(&lines, SKELETON_LABEL).unwrap();
        assert!(lines[region.begin].starts_with(SKELETON_BEGIN));
        assert!(lines[region.end].starts_with(SKELETON_END));
        assert_eq!(marker("// house skeleton: beginning", SKELETON_LABEL), None);
    }
}
