//! Name patterns where `*` stands for any text, as `brute_skip` in
//! `problem.toml` and a package's `submissions.yaml` write them.

/// Whether `name` matches `pattern`, where `*` stands for any text.
pub fn matches(pattern: &str, name: &str) -> bool {
    match pattern.split_once('*') {
        None => pattern == name,
        Some((head, rest)) => name.strip_prefix(head).is_some_and(|name| {
            (0..=name.len()).any(|at| name.is_char_boundary(at) && matches(rest, &name[at..]))
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::matches;

    #[test]
    fn a_star_stands_for_any_text_and_the_rest_is_literal() {
        assert!(matches("large-*", "large-1000"));
        assert!(matches("*-chain-*", "deep-chain-60000"));
        assert!(matches("max", "max") && !matches("max", "max-2"));
        assert!(!matches("large-*", "sample-1") && !matches("*x", "xa"));
        assert!(matches("sol*", "sol") && matches("*", ""));
        assert!(matches("é*", "é-ü") && !matches("*.java", "a.py"));
    }
}
