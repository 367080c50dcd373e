//! Std-only helpers shared by the brute forces, generators and tests of every
//! problem. Nothing here is ever pasted into a judge: solution files stay
//! self-contained and never use this crate.

use std::fs::File;
use std::io::{self, Read, Write};
use std::path::Path;
use std::process::{exit, Command, Output, Stdio};

/// SplitMix64: tiny, fast, and good enough to drive random tests. Same seed,
/// same sequence, on every platform.
#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
}

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n`; `n` must be positive.
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "Rng::below(0)");
        // Multiply-shift keeps the bias below 2^-64 per draw: irrelevant for tests.
        ((self.next_u64() as u128 * n as u128) >> 64) as u64
    }

    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        assert!(lo <= hi, "Rng::range({lo}, {hi})");
        lo + self.below(hi - lo + 1)
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.below(den) < num
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

/// What a generator was asked for on its command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenRequest {
    /// `<seed> [<size>]`: one random input for stress testing; `size` bounds
    /// how big it gets.
    Random { seed: u64, size: u64 },
    /// `--bench <series> <size>`: one deterministic worst-case input.
    Bench { series: String, size: u64 },
}

/// Parses a generator's arguments, exiting with status 2 and a usage line on
/// anything else. `default_size` applies when `<size>` is omitted.
pub fn gen_request(default_size: u64) -> GenRequest {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match parse_gen_args(&args, default_size) {
        Ok(request) => request,
        Err(message) => {
            let name = std::env::args().next().unwrap_or_else(|| "gen".into());
            eprintln!("{name}: {message}");
            eprintln!("usage: {name} <seed> [<size>]  |  {name} --bench <series> <size>");
            exit(2);
        }
    }
}

/// A named `--bench` series of a generator: its input for a size.
pub type Bench<'a> = (&'a str, fn(u64) -> Vec<u8>);

/// A generator's whole `main`: parses its arguments, writes `random`'s input
/// for `<seed> [<size>]` or the named bench series' for `--bench <series>
/// <size>`, and refuses an unknown series naming the known ones.
pub fn gen_main(default_size: u64, random: fn(&mut Rng, u64) -> Vec<u8>, benches: &[Bench]) {
    one_line_panics();
    let input = match gen_request(default_size) {
        GenRequest::Random { seed, size } => random(&mut Rng::new(seed), size),
        GenRequest::Bench { series, size } => {
            match benches.iter().find(|(name, _)| *name == series) {
                Some((_, bench)) => bench(size),
                None => {
                    let known: Vec<&str> = benches.iter().map(|(name, _)| *name).collect();
                    refuse(&format!(
                        "unknown bench series {series:?} (known: {})",
                        known.join(", ")
                    ))
                }
            }
        }
    };
    write_stdout(&input);
}

/// Sizes beyond this are refused: no test or benchmark needs them, and a
/// generator asked for one would only exhaust memory.
pub const MAX_SIZE: u64 = 100_000_000;

pub fn parse_gen_args(args: &[String], default_size: u64) -> Result<GenRequest, String> {
    let number = |what: &str, text: &str| {
        text.parse::<u64>()
            .map_err(|_| format!("{what} must be a non-negative integer, got {text:?}"))
    };
    let checked_size = |text: &str| {
        number("size", text).and_then(|size| {
            if size <= MAX_SIZE {
                Ok(size)
            } else {
                Err(format!("size must be at most {MAX_SIZE}, got {size}"))
            }
        })
    };
    match args {
        [flag, series, size] if flag == "--bench" => Ok(GenRequest::Bench {
            series: series.clone(),
            size: checked_size(size)?,
        }),
        [seed] => Ok(GenRequest::Random {
            seed: number("seed", seed)?,
            size: default_size,
        }),
        [seed, size] => Ok(GenRequest::Random {
            seed: number("seed", seed)?,
            size: checked_size(size)?.max(1),
        }),
        _ => Err(format!("expected 1 to 3 arguments, got {}", args.len())),
    }
}

/// Makes a panic print one line, `<program>: <message>`, with no backtrace:
/// a brute force or generator refusing its input is no crash to debug.
pub fn one_line_panics() {
    std::panic::set_hook(Box::new(|info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<&str>()
            .map(|text| text.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "panicked".to_string());
        eprintln!("{}: {message}", program_name());
    }));
}

/// Refuses what a generator was asked for: one line, `<program>: <message>`,
/// and exit status 2, as for bad arguments.
pub fn refuse(message: &str) -> ! {
    eprintln!("{}: {message}", program_name());
    exit(2);
}

/// The running program's file name, without its folder.
fn program_name() -> String {
    let path = std::env::args().next().unwrap_or_default();
    path.rsplit('/').next().unwrap_or("").to_string()
}

/// Reads all of stdin; a brute force has no reason to stream.
pub fn read_stdin() -> Vec<u8> {
    let mut input = Vec::new();
    if let Err(e) = io::stdin().lock().read_to_end(&mut input) {
        eprintln!("cannot read stdin: {e}");
        exit(2);
    }
    input
}

/// Writes `bytes` to stdout in one go, treating a closed pipe as the reader's choice.
pub fn write_stdout(bytes: &[u8]) {
    let mut out = io::stdout().lock();
    if out.write_all(bytes).and_then(|_| out.flush()).is_err() {
        exit(0);
    }
}

/// One stored case of `judge-data/<id>`: `<name>.in` and its `<name>.out`.
#[derive(Clone, Debug)]
pub struct StoredCase {
    pub name: String,
    pub input: Vec<u8>,
    pub output: Vec<u8>,
}

/// Every stored case of problem `id`, sorted by name, for tests run from the
/// problem's crate (`manifest_dir` is its `CARGO_MANIFEST_DIR`, two levels
/// below the workspace root). Panics with a message naming what is wrong when
/// the folder is missing, a `.in` lacks its `.out`, or a name in `required`
/// is not among the cases: a test must not pass on data that is not there.
pub fn stored_cases(manifest_dir: &str, id: &str, required: &[&str]) -> Vec<StoredCase> {
    let dir = Path::new(manifest_dir).join("../../judge-data").join(id);
    let entries = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("judge-data/{id} must exist ({}): {e}", dir.display()));
    let mut names: Vec<String> = entries
        .map(|entry| {
            let entry = entry.unwrap_or_else(|e| panic!("judge-data/{id}: unreadable entry: {e}"));
            entry.file_name().to_string_lossy().into_owned()
        })
        .filter_map(|name| name.strip_suffix(".in").map(str::to_owned))
        .collect();
    names.sort();
    for wanted in required {
        assert!(
            names.iter().any(|name| name == wanted),
            "judge-data/{id}: missing {wanted}.in"
        );
    }
    names
        .into_iter()
        .map(|name| {
            let read = |file: String| {
                std::fs::read(dir.join(&file))
                    .unwrap_or_else(|e| panic!("judge-data/{id}/{file} must be readable: {e}"))
            };
            StoredCase {
                input: read(format!("{name}.in")),
                output: read(format!("{name}.out")),
                name,
            }
        })
        .collect()
}

impl StoredCase {
    /// Asserts that `solve`, named `what` in the failure, accepts this case's
    /// input and writes exactly its stored output.
    pub fn assert_solved_by(
        &self,
        what: &str,
        solve: fn(&[u8], &mut Vec<u8>) -> Result<(), String>,
    ) {
        let mut out = Vec::new();
        assert_eq!(
            solve(&self.input, &mut out),
            Ok(()),
            "{what} on {}.in",
            self.name
        );
        assert_eq!(out, self.output, "{what} on {}.in", self.name);
    }
}

/// The house `main`, checked on the built `program`: given `bad_input`, it
/// writes the answers before the bad case (`answers_before`), then exactly
/// `stderr` and exits with status 1; given `good_input` with stdout on
/// /dev/full, it exits with status 1 and one stderr line saying so.
pub fn assert_fails_the_house_way(
    program: &str,
    bad_input: &str,
    answers_before: &[u8],
    stderr: &str,
    good_input: &str,
) {
    let output = run_program(program, bad_input, Stdio::piped());
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(output.stdout, answers_before);
    assert_eq!(String::from_utf8_lossy(&output.stderr), stderr);
    let full = File::create("/dev/full").unwrap();
    let output = run_program(program, good_input, Stdio::from(full));
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with("error: cannot write stdout: "),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

/// Runs `program` on `input` to completion (it is waited for: nothing is
/// left running), stderr captured.
fn run_program(program: &str, input: &str, stdout: Stdio) -> Output {
    let mut child = Command::new(program)
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {program}: {e}"));
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_sequence_and_seeds_differ() {
        let a: Vec<u64> = (0..4)
            .map({
                let mut r = Rng::new(7);
                move |_| r.next_u64()
            })
            .collect();
        let b: Vec<u64> = (0..4)
            .map({
                let mut r = Rng::new(7);
                move |_| r.next_u64()
            })
            .collect();
        let c: Vec<u64> = (0..4)
            .map({
                let mut r = Rng::new(8);
                move |_| r.next_u64()
            })
            .collect();
        assert_eq!(a, b);
        assert_ne!(a, c);
    }

    #[test]
    fn range_stays_inside_and_hits_both_ends() {
        let mut r = Rng::new(1);
        let draws: Vec<u64> = (0..1000).map(|_| r.range(3, 6)).collect();
        assert!(draws.iter().all(|&x| (3..=6).contains(&x)));
        assert!(draws.contains(&3) && draws.contains(&6));
    }

    #[test]
    fn gen_args_forms() {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(
            parse_gen_args(&s(&["5"]), 10),
            Ok(GenRequest::Random { seed: 5, size: 10 })
        );
        assert_eq!(
            parse_gen_args(&s(&["5", "3"]), 10),
            Ok(GenRequest::Random { seed: 5, size: 3 })
        );
        assert_eq!(
            parse_gen_args(&s(&["--bench", "line", "1000"]), 10),
            Ok(GenRequest::Bench {
                series: "line".into(),
                size: 1000
            })
        );
        assert!(parse_gen_args(&s(&["x"]), 10).is_err());
        assert!(parse_gen_args(&s(&["1", "100000001"]), 10).is_err());
        assert!(parse_gen_args(&s(&["--bench", "line", "100000001"]), 10).is_err());
        assert!(parse_gen_args(&s(&[]), 10).is_err());
    }

    #[test]
    fn stored_cases_are_sorted_complete_and_checked() {
        let root = std::env::temp_dir().join(format!("testkit-stored-{}", std::process::id()));
        let data = root.join("judge-data/p1");
        std::fs::create_dir_all(root.join("problems/p1")).unwrap();
        std::fs::create_dir_all(&data).unwrap();
        for (file, text) in [("b.in", "2"), ("b.out", "4"), ("a.in", "1"), ("a.out", "2")] {
            std::fs::write(data.join(file), text).unwrap();
        }
        let manifest = root.join("problems/p1");
        let manifest = manifest.to_str().unwrap();
        let cases = stored_cases(manifest, "p1", &["a"]);
        let names: Vec<&str> = cases.iter().map(|case| case.name.as_str()).collect();
        assert_eq!(names, ["a", "b"]);
        assert_eq!(
            (&cases[1].input[..], &cases[1].output[..]),
            (&b"2"[..], &b"4"[..])
        );
        let double = |input: &[u8], out: &mut Vec<u8>| {
            let n: u32 = std::str::from_utf8(input).unwrap().parse().unwrap();
            out.extend_from_slice((2 * n).to_string().as_bytes());
            Ok(())
        };
        cases[1].assert_solved_by("double", double);
        let wrong = std::panic::catch_unwind(|| {
            cases[1].assert_solved_by("identity", |i, o| {
                o.extend_from_slice(i);
                Ok(())
            })
        });
        assert!(wrong.is_err(), "a wrong answer fails");
        let missing = std::panic::catch_unwind(|| stored_cases(manifest, "p1", &["c"]));
        assert!(missing.is_err(), "a missing required case fails");
        std::fs::write(data.join("c.in"), "3").unwrap();
        let no_out = std::panic::catch_unwind(|| stored_cases(manifest, "p1", &[]));
        assert!(no_out.is_err(), "a .in without its .out fails");
        let no_dir = std::panic::catch_unwind(|| stored_cases(manifest, "p2", &[]));
        assert!(no_dir.is_err(), "a missing folder fails");
        std::fs::remove_dir_all(&root).unwrap();
        assert!(!root.exists());
    }
}
