//! A small argument parser: positionals, `--name value` options and `--flag`s,
//! each option described once (the command table's help is made from it).

use std::collections::BTreeMap;

/// One option a command takes: `--name VALUE` when it has a value's name,
/// a flag otherwise.
#[derive(Clone, Copy, Debug)]
pub struct Opt {
    pub name: &'static str,
    pub value: Option<&'static str>,
    pub help: &'static str,
}

impl Opt {
    /// `--name VALUE` or `--name`, as help shows it.
    pub fn shown(&self) -> String {
        match self.value {
            Some(value) => format!("--{} {value}", self.name),
            None => format!("--{}", self.name),
        }
    }
}

#[derive(Debug, Default)]
pub struct Args {
    pub positional: Vec<String>,
    options: BTreeMap<String, String>,
    flags: Vec<String>,
}

impl Args {
    /// Reads `args` by `options`; anything else starting with `--` is an error.
    pub fn parse(args: &[String], options: &[Opt]) -> Result<Args, String> {
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
            match options.iter().find(|option| option.name == name) {
                Some(Opt { value: Some(_), .. }) => {
                    let value = rest
                        .next()
                        .ok_or_else(|| format!("--{name} needs a value"))?;
                    parsed.options.insert(name.to_string(), value.clone());
                }
                Some(Opt { value: None, .. }) => parsed.flags.push(name.to_string()),
                None => return Err(format!("unknown option --{name}")),
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

    /// Whether `--format kv` asks for the machine form of the results.
    pub fn key_values(&self) -> Result<bool, String> {
        match self.value("format") {
            None => Ok(false),
            Some("kv") => Ok(true),
            Some(other) => Err(format!("--format takes kv, found {other:?}")),
        }
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

    const OPTIONS: [Opt; 3] = [
        Opt {
            name: "bin",
            value: Some("PROGRAM"),
            help: "",
        },
        Opt {
            name: "count",
            value: Some("N"),
            help: "",
        },
        Opt {
            name: "copy",
            value: None,
            help: "",
        },
    ];

    #[test]
    fn mixes_positionals_options_and_flags() {
        let args = Args::parse(&strings(&["a", "--bin", "x y", "b", "--copy"]), &OPTIONS).unwrap();
        assert_eq!(args.positional, ["a", "b"]);
        assert_eq!(args.value("bin"), Some("x y"));
        assert!(args.flag("copy"));
        assert_eq!(args.number("count", 7), Ok(7));
        assert_eq!(OPTIONS[0].shown(), "--bin PROGRAM");
    }

    #[test]
    fn rejects_unknown_and_incomplete_options() {
        assert!(Args::parse(&strings(&["--nope"]), &OPTIONS).is_err());
        assert!(Args::parse(&strings(&["--bin"]), &OPTIONS).is_err());
        let args = Args::parse(&strings(&["--count", "x"]), &OPTIONS).unwrap();
        assert!(args.number("count", 1).is_err());
    }
}
