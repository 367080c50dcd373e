//! The kinds of problem there are, and the files each is made of. A kind's
//! templates live in `templates/<folder>/`, laid out like the files they
//! make: `stdin/src/main.rs.tmpl` becomes `problems/<id>/src/main.rs`, and
//! `<folder>/judge-data/...` becomes `judge-data/<id>/...`. Every kind's
//! brute force and generator share one interface (`BRUTE_INTERFACE`,
//! `GEN_INTERFACE`), so one cross-check serves them all.

use super::config::Config;
use crate::base::judges::{self, Format};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Reads stdin, writes stdout; compared with the answer.
    Stdin,
    /// As `Stdin`, with a checker program judging (many right answers).
    Checker,
    /// Talks to an interactor, which judges.
    Interactive,
    /// A LeetCode method on `impl Solution`, called once a case.
    LeetCodeFunction,
    /// A LeetCode design class, its methods called as a case lists them.
    LeetCodeDesign,
}

/// The brute force's `solve`, the same as the solution's.
pub const BRUTE_INTERFACE: &str =
    "pub fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), String>";
/// The generator's one random input; `testkit::gen_main` runs it.
pub const GEN_INTERFACE: &str = "pub fn random_input(rng: &mut Rng, size: u64) -> Vec<u8>";

/// The word that marks a brute force or generator as the scaffold's
/// placeholder, on a comment line of its own: `judge stress` refuses to
/// call a run with one a pass, since nothing could fail.
pub const PLACEHOLDER: &str = "scaffold-placeholder";

/// The `bench.` line a new problem's problem.toml starts with (an imported
/// one's too).
pub const BENCH_LINE: &str = "bench.max = [1000, 10000, 100000]\n";

/// One template: its path under `templates/`, its text, the kinds it is for.
pub struct Template {
    pub path: &'static str,
    pub text: &'static str,
    kinds: &'static [Kind],
}

use Kind::{Checker, Interactive, LeetCodeDesign, LeetCodeFunction, Stdin};

const ALL: &[Kind] = &Kind::ALL;
const JUDGED_BY_A_BRUTE_FORCE: &[Kind] = &[Stdin, Checker, LeetCodeFunction, LeetCodeDesign];
const STDIN: &[Kind] = &[Stdin, Checker];
const LEETCODE: &[Kind] = &[LeetCodeFunction, LeetCodeDesign];

macro_rules! template {
    ($path:literal, $kinds:expr) => {
        Template {
            path: $path,
            text: include_str!(concat!("../../templates/", $path)),
            kinds: $kinds,
        }
    };
}

pub const TEMPLATES: [Template; 16] = [
    template!("common/Cargo.toml.tmpl", ALL),
    template!("common/judge-data/problem.toml.tmpl", ALL),
    template!("common/tests/cross_check.rs.tmpl", JUDGED_BY_A_BRUTE_FORCE),
    template!("stdin/src/main.rs.tmpl", STDIN),
    template!("stdin/src/brute.rs.tmpl", STDIN),
    template!("stdin/src/gen.rs.tmpl", STDIN),
    template!("stdin/tests/solution.rs.tmpl", STDIN),
    template!("checker/src/check.rs.tmpl", &[Checker]),
    template!("interactive/src/main.rs.tmpl", &[Interactive]),
    template!("interactive/src/interactor.rs.tmpl", &[Interactive]),
    template!("interactive/src/gen.rs.tmpl", &[Interactive]),
    template!("interactive/tests/solution.rs.tmpl", &[Interactive]),
    template!("interactive/judge-data/sample-1.in.tmpl", &[Interactive]),
    template!("leetcode/src/main.rs.tmpl", LEETCODE),
    template!("leetcode/src/brute.rs.tmpl", LEETCODE),
    template!("leetcode/src/gen.rs.tmpl", LEETCODE),
];

/// What a LeetCode problem starts from without a code template of its own.
pub const DEFAULT_SNIPPET: &str = include_str!("../../templates/leetcode/default-snippet.rs.tmpl");

impl Template {
    /// The file it makes for problem `id`, relative to the workspace root.
    pub fn target(&self, id: &str) -> String {
        let inside = self
            .path
            .split_once('/')
            .map_or(self.path, |(_, rest)| rest);
        let inside = inside.strip_suffix(".tmpl").unwrap_or(inside);
        match inside.strip_prefix("judge-data/") {
            Some(data) => format!("judge-data/{id}/{data}"),
            None => format!("problems/{id}/{inside}"),
        }
    }
}

impl Kind {
    pub const ALL: [Kind; 5] = [
        Stdin,
        Checker,
        Interactive,
        LeetCodeFunction,
        LeetCodeDesign,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Stdin => "stdin",
            Checker => "stdin with a checker",
            Interactive => "interactive",
            LeetCodeFunction => "LeetCode function",
            LeetCodeDesign => "LeetCode design",
        }
    }

    /// The kind of a stored problem, from its problem.toml and its solution.
    pub fn of(config: &Config, solution: &str) -> Kind {
        if config.interactor.is_some() {
            Interactive
        } else if judges::format_of(&config.judge) == Format::LeetCode {
            // A design class (a codec too) is anything but LeetCode's `Solution`.
            if solution.contains("impl Solution") {
                LeetCodeFunction
            } else {
                LeetCodeDesign
            }
        } else if config
            .checker
            .as_ref()
            .is_some_and(|checker| !checker.command.contains('/'))
        {
            // Its own `<id>-check`; a package's validator (a path) is no stub's.
            Checker
        } else {
            Stdin
        }
    }

    /// The kind `judge new` makes: from the judge's format and the flags
    /// (a LeetCode problem's code template then tells function from design).
    pub fn for_new(format: Format, checker: bool, interactive: bool) -> Result<Kind, String> {
        match (format, checker, interactive) {
            (Format::LeetCode, _, true) | (_, true, true) => Err(
                "--interactive makes a problem with an interactor: not for LeetCode, \
                 and not with --checker"
                    .into(),
            ),
            (Format::LeetCode, true, false) => Err("--checker is not for LeetCode problems: \
                 their answers are compared by `compare` (any-order, float) in problem.toml"
                .into()),
            (Format::LeetCode, false, false) => Ok(LeetCodeFunction),
            (Format::Stdin, true, false) => Ok(Checker),
            (Format::Stdin, false, true) => Ok(Interactive),
            (Format::Stdin, false, false) => Ok(Stdin),
        }
    }

    pub fn is_leetcode(self) -> bool {
        LEETCODE.contains(&self)
    }

    /// The templates its problem is made of.
    pub fn templates(self) -> impl Iterator<Item = &'static Template> {
        TEMPLATES.iter().filter(move |t| t.kinds.contains(&self))
    }

    /// Its programs besides the solution and the generator: the binary's
    /// suffix, its source and what it is for.
    pub fn helpers(self) -> &'static [(&'static str, &'static str, &'static str)] {
        const BRUTE: (&str, &str, &str) = (
            "-brute",
            "src/brute.rs",
            "Slow and obviously correct, for make stress.",
        );
        match self {
            Stdin | LeetCodeFunction | LeetCodeDesign => &[BRUTE],
            Checker => &[
                BRUTE,
                (
                    "-check",
                    "src/check.rs",
                    "The checker: judges an output when more than one answer is right.",
                ),
            ],
            Interactive => &[(
                "-interactor",
                "src/interactor.rs",
                "The judge's side of the dialogue (testlib protocol), named in problem.toml.",
            )],
        }
    }

    /// The lines its problem.toml has beyond the common ones.
    pub fn keys(self, id: &str) -> String {
        match self {
            Stdin | LeetCodeFunction | LeetCodeDesign => BENCH_LINE.into(),
            Checker => format!("{BENCH_LINE}checker = \"{id}-check\"\n"),
            Interactive => {
                format!("interactor = \"{id}-interactor\"\ninteractor_protocol = \"testlib\"\n")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_land_where_they_are_laid_out() {
        let targets: Vec<String> = Kind::Interactive
            .templates()
            .map(|t| t.target("x"))
            .collect();
        assert_eq!(
            targets,
            [
                "problems/x/Cargo.toml",
                "judge-data/x/problem.toml",
                "problems/x/src/main.rs",
                "problems/x/src/interactor.rs",
                "problems/x/src/gen.rs",
                "problems/x/tests/solution.rs",
                "judge-data/x/sample-1.in",
            ]
        );
        for kind in Kind::ALL {
            let targets: Vec<String> = kind.templates().map(|t| t.target("x")).collect();
            let mut unique = targets.clone();
            unique.dedup();
            assert_eq!(targets, unique, "{kind:?}");
            assert!(targets.contains(&"problems/x/src/gen.rs".to_string()));
        }
    }

    #[test]
    fn new_problems_get_the_kind_their_flags_ask_for() {
        assert_eq!(Kind::for_new(Format::Stdin, true, false), Ok(Checker));
        assert_eq!(
            Kind::for_new(Format::LeetCode, false, false),
            Ok(LeetCodeFunction)
        );
        assert!(Kind::for_new(Format::LeetCode, false, true).is_err());
        assert!(Kind::for_new(Format::Stdin, true, true).is_err());
    }
}
