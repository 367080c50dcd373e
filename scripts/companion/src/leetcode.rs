//! LeetCode pages show a sample's input as `nums = [2,7,11,15], target = 9`;
//! LeetCode's custom-testcase format, which the LeetCode problems here read,
//! is each argument's value on a line of its own.

/// The values of `name = value, name = value` one per line, or `None` when
/// the text is not in that form (it is then stored as it is).
pub fn testcase(text: &str) -> Option<String> {
    let mut values = Vec::new();
    let mut rest = text.trim();
    loop {
        rest = rest.strip_prefix(name(rest)?)?.strip_prefix(" = ")?;
        let end = value_end(rest);
        values.push(rest[..end].trim());
        rest = &rest[end..];
        if rest.is_empty() {
            return Some(values.join("\n") + "\n");
        }
        rest = rest.strip_prefix(',')?.trim_start();
    }
}

/// The argument name `text` starts with.
fn name(text: &str) -> Option<&str> {
    let end = text
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    let name = &text[..end];
    name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        .then_some(name)
}

/// Where the value at the start of `text` ends: at a `,` outside brackets and
/// strings that is followed by the next `name = `, or at the end.
fn value_end(text: &str) -> usize {
    let mut depth = 0i32;
    let mut in_string = false;
    let mut escaped = false;
    for (at, c) in text.char_indices() {
        if in_string {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '[' | '{' | '(' => depth += 1,
            ']' | '}' | ')' => depth -= 1,
            ',' if depth <= 0 => {
                let next = text[at + 1..].trim_start();
                if name(next).is_some_and(|n| next[n.len()..].starts_with(" = ")) {
                    return at;
                }
            }
            _ => {}
        }
    }
    text.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_go_one_per_line() {
        assert_eq!(
            testcase("nums = [2,7,11,15], target = 9").as_deref(),
            Some("[2,7,11,15]\n9\n")
        );
        assert_eq!(
            testcase("currentState = \"++++\"\n").as_deref(),
            Some("\"++++\"\n")
        );
        assert_eq!(
            testcase("s = \"a, b = c\", grid = [[1, 2], [3, 4]], k = -1").as_deref(),
            Some("\"a, b = c\"\n[[1, 2], [3, 4]]\n-1\n")
        );
        assert_eq!(testcase("[2,7,11,15]\n9"), None);
        assert_eq!(testcase("\"++++\""), None);
        assert_eq!(testcase("n=3"), None);
        assert_eq!(testcase("= 3"), None);
    }
}
