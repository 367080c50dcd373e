//! A small argument parser: positionals, `--name value` options and `--flag`s.

use std::collections::BTreeMap;

#[derive(Debug, Default)]
pub struct Args {
    pub positional: Vec<String>,
    options: BTreeMap<String, String>,
    flags: Vec<String>,
}

impl Args {
    /// `takes_value` and `flags` list the accepted option names without `--`.
    pub fn parse(args: &[String], takes_value: &[&str], flags: &[&str]) -> Result<Args, String> {
        let mut parsed = Args::default();
        let mut rest = args.iter();
        while let Some(arg) = rest.next() {
            let name = match arg.strip_prefix("--") {
                Some(name) => name,
                None => {
                    parsed.positional.push(arg.clone());
                    continue;
                }
            };
            if takes_value.contains(&name) {
                let value = rest
                    .next()
                    .ok_or_else(|| format!("--{name} needs a value"))?;
                parsed.options.insert(name.to_string(), value.clone());
            } else if flags.contains(&name) {
                parsed.flags.push(name.to_string());
            } else {
                return Err(format!("unknown option --{name}"));
            }
        }
        Ok(parsed)
    }

    pub fn value(&self, name: &str) -> Option<&str> {
        self.options.get(name).map(String::as_str)
    }

    pub fn flag(&self, name: &str) -> bool {
        self.flags.iter().any(|f| f == name)
    }

    /// The value of `--name` as a number, or `default` when absent.
    pub fn number(&self, name: &str, default: u64) -> Result<u64, String> {
        match self.value(name) {
            None => Ok(default),
            Some(text) => text
                .parse()
                .map_err(|_| format!("--{name} takes a whole number, got {text:?}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn mixes_positionals_options_and_flags() {
        let args = Args::parse(
            &strings(&["a", "--bin", "x y", "b", "--copy"]),
            &["bin"],
            &["copy"],
        )
        .unwrap();
        assert_eq!(args.positional, ["a", "b"]);
        assert_eq!(args.value("bin"), Some("x y"));
        assert!(args.flag("copy"));
        assert_eq!(args.number("count", 7), Ok(7));
    }

    #[test]
    fn rejects_unknown_and_incomplete_options() {
        assert!(Args::parse(&strings(&["--nope"]), &[], &[]).is_err());
        assert!(Args::parse(&strings(&["--bin"]), &["bin"], &[]).is_err());
        let args = Args::parse(&strings(&["--count", "x"]), &["count"], &[]).unwrap();
        assert!(args.number("count", 1).is_err());
    }
}
