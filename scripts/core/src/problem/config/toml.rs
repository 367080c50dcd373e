//! `problem.toml`'s text as TOML writes it: strings, keys and arrays, for
//! every writer of the file (`make new`, `make import`) and for the
//! reader's notes on a line to write otherwise.

use std::fmt::Write as _;

/// `text` as a TOML basic string: in double quotes, `"`, `\` and control
/// characters escaped.
pub fn string(text: &str) -> String {
    let mut quoted = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => quoted += "\\\"",
            '\\' => quoted += "\\\\",
            '\t' => quoted += "\\t",
            '\n' => quoted += "\\n",
            '\r' => quoted += "\\r",
            c if c.is_control() => {
                let _ = write!(quoted, "\\u{:04X}", c as u32);
            }
            c => quoted.push(c),
        }
    }
    quoted + "\""
}

/// The items as a TOML array of strings: `["a", "b"]`.
pub fn strings<S: AsRef<str>>(items: &[S]) -> String {
    let items: Vec<String> = items.iter().map(|item| string(item.as_ref())).collect();
    format!("[{}]", items.join(", "))
}

/// The items, numbers written as TOML writes them, as a TOML array: `[0, inf]`.
pub fn numbers<S: AsRef<str>>(items: &[S]) -> String {
    let items: Vec<&str> = items.iter().map(AsRef::as_ref).collect();
    format!("[{}]", items.join(", "))
}

/// The segments of a key the reader joins with `.`: `bench.<series>` and
/// `submission.<path>` two, `group.<path>.<setting>` three (the setting
/// after the last `.`), any other one.
pub fn segments(key: &str) -> Vec<&str> {
    match key.split_once('.') {
        Some((family @ ("bench" | "submission"), name)) => vec![family, name],
        Some(("group", rest)) => match rest.rsplit_once('.') {
            Some((path, setting)) => vec!["group", path, setting],
            None => vec!["group", rest],
        },
        _ => vec![key],
    }
}

/// Whether `c` may be in a key's segment unquoted.
pub fn is_bare_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

/// Whether `segment` may stand unquoted in a TOML key.
pub fn is_bare(segment: &str) -> bool {
    !segment.is_empty() && segment.chars().all(is_bare_char)
}

/// The key as TOML writes it: its segments dotted, each one that is not a
/// bare word quoted (`group."data/secret/g1".accept_score`).
pub fn key(key: &str) -> String {
    let segments: Vec<String> = segments(key)
        .into_iter()
        .map(|segment| match is_bare(segment) {
            true => segment.to_string(),
            false => string(segment),
        })
        .collect();
    segments.join(".")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_keys_and_arrays_are_written_as_toml() {
        assert_eq!(string("a \"b\" \\ c\u{1}"), "\"a \\\"b\\\" \\\\ c\\u0001\"");
        assert_eq!(strings(&["large-*", "max"]), "[\"large-*\", \"max\"]");
        assert_eq!(strings::<&str>(&[]), "[]");
        assert_eq!(numbers(&["0", "inf"]), "[0, inf]");
        assert_eq!(key("time_limit_ms"), "time_limit_ms");
        assert_eq!(key("bench.max"), "bench.max");
        assert_eq!(
            key("group.data/secret/g1.accept_score"),
            "group.\"data/secret/g1\".accept_score"
        );
        assert_eq!(key("group.data.cases"), "group.data.cases");
        assert_eq!(
            key("submission.submissions/accepted/a.py"),
            "submission.\"submissions/accepted/a.py\""
        );
    }
}
