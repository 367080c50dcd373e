//! The INI subset DOMjudge's `domjudge-problem.ini` is written in: one
//! `key = value` a line, the value bare or in single or double quotes,
//! `;` and `#` comment lines, blank lines. Sections are refused (DOMjudge
//! writes none). An error names the line and what was expected.

/// One `key = value` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub key: String,
    pub value: String,
    pub line: usize,
}

/// Every entry, in order; a key set twice is refused.
pub fn parse(text: &str) -> Result<Vec<Entry>, String> {
    let mut entries: Vec<Entry> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with(';') || line.starts_with('#') {
            continue;
        }
        if line.starts_with('[') {
            return Err(format!(
                "line {number}: expected `key = value`; sections such as {line:?} are not supported"
            ));
        }
        let (key, value) = line
            .split_once('=')
            .ok_or_else(|| format!("line {number}: expected `key = value`, found {line:?}"))?;
        let key = key.trim();
        // DOMjudge writes `short-name` as well as `special_compare`.
        let word = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
        if key.is_empty() || !key.chars().all(word) {
            return Err(format!(
                "line {number}: expected a key of letters, digits, `_` and `-`, found {key:?}"
            ));
        }
        let value = unquote(value.trim()).map_err(|e| format!("line {number}: {e}"))?;
        if entries.iter().any(|e| e.key == key) {
            return Err(format!("line {number}: `{key}` is set twice"));
        }
        entries.push(Entry {
            key: key.to_string(),
            value,
            line: number,
        });
    }
    Ok(entries)
}

fn unquote(value: &str) -> Result<String, String> {
    let quote = match value.chars().next() {
        Some(q @ ('\'' | '"')) => q,
        _ => return Ok(value.to_string()),
    };
    let inside = &value[1..];
    match inside.find(quote) {
        Some(end) if inside[end + 1..].trim().is_empty() => Ok(inside[..end].to_string()),
        Some(_) => Err(format!(
            "expected nothing after the closing {quote}, found {value:?}"
        )),
        None => Err(format!("expected a closing {quote} in {value:?}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_domjudge_problem_ini() {
        let entries =
            parse("; DOMjudge\nprobid = 'hello'\nname=\"Hello World\"\ntimelimit = 2.5\n\ncolor=#ff0000\nshort-name = A\n")
                .unwrap();
        let pairs: Vec<(&str, &str)> = entries
            .iter()
            .map(|e| (e.key.as_str(), e.value.as_str()))
            .collect();
        assert_eq!(
            pairs,
            [
                ("probid", "hello"),
                ("name", "Hello World"),
                ("timelimit", "2.5"),
                ("color", "#ff0000"),
                ("short-name", "A")
            ]
        );
        assert_eq!(entries[2].line, 4);
    }

    #[test]
    fn malformed_lines_are_named() {
        for (text, wanted) in [
            ("timelimit\n", "line 1: expected `key = value`"),
            ("a = 1\n[x]\n", "line 2: expected `key = value`; sections"),
            ("name = 'open\n", "line 1: expected a closing '"),
            ("name = 'a' b\n", "expected nothing after the closing"),
            ("a b = 1\n", "expected a key of letters"),
            ("a = 1\na = 2\n", "line 2: `a` is set twice"),
        ] {
            let err = parse(text).unwrap_err();
            assert!(err.contains(wanted), "{text:?}: {err}");
        }
    }
}
