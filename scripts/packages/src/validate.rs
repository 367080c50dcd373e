//! `judge validate <id>`: the problem's input validators (`input_validators`
//! in problem.toml, a package's) on every stored input, and on the inputs
//! its generator makes when it has one: each validator reads the input on
//! stdin with its flags (the problem's, then its group's) and answers by
//! its protocol, Kattis (42 valid, 43 invalid) or testlib (0 valid). A
//! failure is named by case or seed; exit 1 if any.

use judge_core::base::args::Args;
use judge_core::base::error::SetupError;
use judge_core::base::files::Text;
use judge_core::judging::judge::{run_helper, Judge};
use judge_core::judging::{grading, protocol};
use judge_core::outln;
use judge_core::problem::config::Config;
use judge_core::problem::workspace::Workspace;
use judge_core::process::interrupt;
use judge_core::process::run::Program;

const DEFAULT_COUNT: u64 = 100;
const VALIDATOR_OUTPUT_CAP: usize = 1 << 20;
const GENERATOR_OUTPUT_CAP: usize = 64 << 20;

pub fn command(workspace: &Workspace, args: &Args) -> Result<bool, SetupError> {
    let id = workspace.one(
        &args.positional,
        "validate takes one problem id: judge validate <id> (make validate P=<id>)",
    )?;
    let config = workspace.config(&id)?;
    let validators = Validators::of(workspace, &id, &config)?;
    let mut tally = Tally::default();
    for case in workspace.cases(&id, false, config.stored_limit())? {
        let flags = grading::group_of(&config.groups, &case.name)
            .map_or(&[][..], |g| &g.input_validator_flags[..]);
        let problems = validators.check(Text::File(&case.input), flags)?;
        tally.report(&id, &case.name, problems);
    }
    let generator = workspace.binary(&format!("{id}-gen"));
    if generator.is_file() {
        let count = args.number("count", DEFAULT_COUNT).map_err(SetupError)?;
        let seed = args.number("seed", 1).map_err(SetupError)?;
        for seed in seed..seed + count {
            let gen = Program::exec(&generator).with_args(&[seed.to_string()]);
            let made = run_helper(&gen, b"", &config.helper, GENERATOR_OUTPUT_CAP)
                .map_err(|e| SetupError(format!("cannot run {}: {e}", generator.display())))?
                .map_err(|why| {
                    let why = why.lines().next().unwrap_or("");
                    SetupError(format!("{id}-gen {seed} failed: {why}"))
                })?;
            let problems = validators.check(Text::Bytes(&made), &[])?;
            tally.report(&id, &format!("{id}-gen {seed}"), problems);
        }
    } else {
        outln!("(no {id}-gen built: only the stored inputs were validated)");
    }
    outln!("{} inputs, {} invalid", tally.checked, tally.invalid);
    Ok(tally.invalid == 0)
}

/// A problem's input validators, each by its command, with the problem's
/// flags, limits and protocol.
struct Validators<'a> {
    programs: Vec<(String, Program)>,
    config: &'a Config,
}

impl<'a> Validators<'a> {
    fn of(workspace: &Workspace, id: &str, config: &'a Config) -> Result<Self, SetupError> {
        if config.package.input_validators.is_empty() {
            return Err(SetupError(format!(
                "{id} has no input validators: set input_validators in judge-data/{id}/problem.toml"
            )));
        }
        let programs = config
            .package
            .input_validators
            .iter()
            .map(|command| {
                let program = workspace.tool("", command, "input validator")?;
                Ok((command.clone(), program))
            })
            .collect::<Result<_, SetupError>>()?;
        Ok(Validators { programs, config })
    }

    /// Why each validator that refuses `input` refuses it, with its first
    /// lines; empty when every one accepts it.
    fn check(&self, input: Text, group_flags: &[String]) -> Result<Vec<String>, SetupError> {
        let config = self.config;
        let flags = [&config.package.input_validator_flags[..], group_flags].concat();
        let judge = Judge::limits_only(config.helper.limits(VALIDATOR_OUTPUT_CAP));
        let mut problems = Vec::new();
        for (name, program) in &self.programs {
            let run = judge
                .judge(&program.with_args(&flags), input, None)
                .map_err(|e| SetupError(format!("cannot run the input validator {name}: {e}")))?
                .run;
            let protocol = config.package.input_validator_protocol;
            if let Err(why) =
                protocol::validity(protocol, &run, &config.helper, VALIDATOR_OUTPUT_CAP)
            {
                let stdout = String::from_utf8_lossy(&run.stdout);
                let said: String = stdout
                    .lines()
                    .filter(|line| !line.trim().is_empty())
                    .map(str::to_string)
                    .chain(protocol::message(&run, &protocol::Feedback::default()))
                    .take(3)
                    .map(|line| format!("\n      {line}"))
                    .collect();
                problems.push(format!("{name} {why}{said}"));
            }
        }
        Ok(problems)
    }
}

/// The inputs checked and found invalid, each reported as it is judged.
#[derive(Default)]
struct Tally {
    checked: usize,
    invalid: usize,
}

impl Tally {
    fn report(&mut self, id: &str, what: &str, problems: Vec<String>) {
        self.checked += 1;
        if problems.is_empty() {
            outln!("{id:<10} {what:<28} valid");
        } else {
            self.invalid += 1;
            outln!("{id:<10} {what:<28} INVALID");
            for problem in problems {
                outln!("    {problem}");
            }
        }
        interrupt::finished(format!(
            "{} inputs validated, {} invalid",
            self.checked, self.invalid
        ));
    }
}
