//! `judge validate <id>`: the problem's input validators (`input_validators`
//! in problem.toml, a package's) on every stored input, and on the inputs
//! its generator makes when it has one: each validator reads the input on
//! stdin with its flags (the problem's, then its group's) and answers by
//! its protocol, Kattis (42 valid, 43 invalid) or testlib (0 valid). A
//! failure is named by case or seed; exit 1 if any.

use crate::base::args::Args;
use crate::base::error::SetupError;
use crate::base::files::Text;
use crate::base::modes::{Protocol, Said};
use crate::judging::grading;
use crate::judging::judge::{run_helper, Judge};
use crate::judging::verdict::past_helper_limit;
use crate::problem::workspace::Workspace;
use crate::process::interrupt;
use crate::process::launch::Exit;
use crate::process::run::Program;

const DEFAULT_COUNT: u64 = 100;
const VALIDATOR_OUTPUT_CAP: usize = 1 << 20;
const GENERATOR_OUTPUT_CAP: usize = 64 << 20;

pub fn command(workspace: &Workspace, args: &Args) -> Result<bool, SetupError> {
    let id = workspace.one(
        &args.positional,
        "validate takes one problem id: judge validate <id> (make validate P=<id>)",
    )?;
    let config = workspace.config(&id)?;
    if config.input_validators.is_empty() {
        return Err(SetupError(format!(
            "{id} has no input validators: set input_validators in judge-data/{id}/problem.toml"
        )));
    }
    let validators: Vec<(String, Program)> = config
        .input_validators
        .iter()
        .map(|command| {
            Ok((
                command.clone(),
                workspace.tool("", command, "input validator")?,
            ))
        })
        .collect::<Result<_, SetupError>>()?;
    let check = |input: Text, group_flags: &[String]| -> Result<Vec<String>, SetupError> {
        let mut problems = Vec::new();
        for (name, program) in &validators {
            let flags = [&config.input_validator_flags[..], group_flags].concat();
            let judged = Judge::limits_only(config.helper.limits(VALIDATOR_OUTPUT_CAP))
                .judge(&program.with_args(&flags), input, None)
                .map_err(|e| SetupError(format!("cannot run the input validator {name}: {e}")))?;
            let run = &judged.run;
            let past = past_helper_limit(run, &config.helper, VALIDATOR_OUTPUT_CAP);
            let protocol = config.input_validator_protocol;
            let said = match run.exit {
                Exit::Code(code) => protocol.said(code),
                Exit::Signal(_) => None,
            };
            // A testlib validator's every other exit code says "invalid".
            let testlib_code = protocol == Protocol::Testlib && matches!(run.exit, Exit::Code(_));
            let invalid = || Err(format!("{name} says it is invalid"));
            let valid = match (past, said) {
                (Some(past), _) => Err(format!("{name} failed: {past}")),
                (None, Some(Said::Accepted)) => Ok(()),
                (None, Some(_)) => invalid(),
                (None, None) if testlib_code => invalid(),
                (None, None) if protocol == Protocol::Kattis => Err(format!(
                    "{name} failed ({}), neither 42 nor 43",
                    run.exit.describe()
                )),
                (None, None) => Err(format!("{name} failed ({})", run.exit.describe())),
            };
            if let Err(why) = valid {
                let said: Vec<String> = String::from_utf8_lossy(&run.stdout)
                    .lines()
                    .chain(run.stderr_tail.lines())
                    .filter(|l| !l.trim().is_empty())
                    .take(3)
                    .map(|l| format!("\n      {l}"))
                    .collect();
                problems.push(format!("{why}{}", said.concat()));
            }
        }
        Ok(problems)
    };
    let (mut checked, mut invalid) = (0, 0);
    let mut report = |what: &str, problems: Vec<String>| {
        checked += 1;
        if problems.is_empty() {
            outln!("{id:<10} {what:<28} valid");
        } else {
            invalid += 1;
            outln!("{id:<10} {what:<28} INVALID");
            for problem in problems {
                outln!("    {problem}");
            }
        }
        interrupt::finished(format!("{checked} inputs validated, {invalid} invalid"));
    };
    for case in workspace.cases(&id, false, config.stored_limit())? {
        let flags = grading::group_of(&config.groups, &case.name)
            .map_or(&[][..], |g| &g.input_validator_flags[..]);
        report(&case.name, check(Text::File(&case.input), flags)?);
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
            report(&format!("{id}-gen {seed}"), check(Text::Bytes(&made), &[])?);
        }
    } else {
        outln!("(no {id}-gen built: only the stored inputs were validated)");
    }
    outln!("{checked} inputs, {invalid} invalid");
    Ok(invalid == 0)
}
