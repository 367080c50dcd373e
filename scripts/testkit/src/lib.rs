//! Std-only helpers shared by the brute forces, generators and tests of every
//! problem: a seeded RNG, the generators' and brute forces' `main`, and
//! `Problem`, through which a problem's own tests judge exactly as `make
//! test` does (through the built runner, which it never links). Nothing
//! here is ever pasted into a judge: solution files stay self-contained and
//! never use this crate.

mod memory;

use std::fs::File;
use std::io::{self, Read, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::process::{exit, Command, ExitCode, Output, Stdio};

#[global_allocator]
static ALLOCATOR: memory::Bounded = memory::Bounded;

/// A solution's (and every brute force's) interface: answers `input` into
/// `out`; a refusal says why, with the answers before it kept in `out`.
pub type Solve = fn(&[u8], &mut Vec<u8>) -> Result<(), String>;

/// A generator's interface: one random input of at most `size`.
pub type RandomInput = fn(&mut Rng, u64) -> Vec<u8>;

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

    /// `lo` a quarter of the time, `hi` a quarter, else uniform in
    /// `lo..=hi`: a size that meets its edges often.
    pub fn size_biased(&mut self, lo: u64, hi: u64) -> u64 {
        match self.below(4) {
            0 => lo,
            1 => hi,
            _ => self.range(lo, hi),
        }
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

/// LeetCode's custom-testcase input: one to `most` cases, each the lines
/// `case` draws (an argument a line), with `\r\n` line ends one input in
/// eight and a blank line before a case one time in ten, as LeetCode's box
/// takes them.
pub fn leetcode_cases(
    rng: &mut Rng,
    most: u64,
    mut case: impl FnMut(&mut Rng) -> Vec<String>,
) -> Vec<u8> {
    let line_end = if rng.chance(1, 8) { "\r\n" } else { "\n" };
    let mut out = String::new();
    for _ in 0..rng.range(1, most.max(1)) {
        if rng.chance(1, 10) {
            out.push_str(line_end);
        }
        for line in case(rng) {
            out.push_str(&line);
            out.push_str(line_end);
        }
    }
    out.into_bytes()
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
pub fn gen_main(default_size: u64, random: RandomInput, benches: &[Bench]) {
    one_line_panics();
    let input = match gen_request(default_size) {
        GenRequest::Random { seed, size } => random(&mut Rng::new(seed), size),
        GenRequest::Bench { series, size } => {
            match benches.iter().find(|(name, _)| *name == series) {
                Some((_, bench)) => bench(size),
                None if benches.is_empty() => {
                    refuse(&format!("no bench series here, {series:?} included"))
                }
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
/// generator asked for one would only exhaust memory. problem.toml's
/// `bench.` sizes have the same cap (the runner's `keys::MAX_SIZE`).
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

/// Writes `bytes` to stdout in one go, treating a closed pipe as the reader's choice.
pub fn write_stdout(bytes: &[u8]) {
    let mut out = io::stdout().lock();
    if out.write_all(bytes).and_then(|_| out.flush()).is_err() {
        exit(0);
    }
}

/// A brute force's (or a LeetCode solution's) `main`: reads stdin, answers it
/// with `solve`, writes the answers; a refusal goes to stderr as `<program>:
/// <message>` with exit status 1, after the answers before it.
pub fn main(program: &str, solve: Solve) -> ExitCode {
    let mut input = Vec::new();
    let mut out = Vec::new();
    let result = match io::stdin().lock().read_to_end(&mut input) {
        Ok(_) => solve(&input, &mut out),
        Err(error) => Err(format!("cannot read stdin: {error}")),
    };
    let mut stdout = io::stdout().lock();
    let written = stdout.write_all(&out).and_then(|()| stdout.flush());
    match (result, written) {
        (Ok(()), Ok(())) => ExitCode::SUCCESS,
        (Err(message), _) => {
            eprintln!("{program}: {message}");
            ExitCode::FAILURE
        }
        (Ok(()), Err(error)) => {
            eprintln!("{program}: cannot write stdout: {error}");
            ExitCode::FAILURE
        }
    }
}

/// What `solve` writes for `input`, and how it ended: for tests, which check
/// both the answers and the refusal.
pub fn run(solve: Solve, input: &[u8]) -> (String, Result<(), String>) {
    let mut out = Vec::new();
    let result = solve(input, &mut out);
    (String::from_utf8_lossy(&out).into_owned(), result)
}

/// The answers `solve` writes for `input`, which it must accept: for tests.
pub fn answers(solve: Solve, input: &[u8]) -> String {
    let (out, result) = run(solve, input);
    assert_eq!(result, Ok(()), "{}", String::from_utf8_lossy(input));
    out
}

/// Why `solve` refuses `input`, which it must refuse: for tests of the
/// errors on bad input.
pub fn refusal(solve: Solve, input: &[u8]) -> String {
    match run(solve, input).1 {
        Err(message) => message,
        Ok(()) => panic!("accepted: {}", String::from_utf8_lossy(input)),
    }
}

/// Every whitespace-separated token of `input` as a whole number: how a
/// brute force reads an input of numbers, with no care for its layout.
pub fn numbers(input: &[u8]) -> Result<Vec<u64>, String> {
    String::from_utf8_lossy(input)
        .split_ascii_whitespace()
        .map(|token| token.parse::<u64>())
        .collect::<Result<_, _>>()
        .map_err(|_| "expected whole numbers only".to_string())
}

/// One stored case of `judge-data/<id>`: `<name>.in` and its `<name>.out`.
#[derive(Clone, Debug)]
pub struct StoredCase {
    pub name: String,
    pub input: Vec<u8>,
    pub output: Vec<u8>,
}

/// How long a stored case may take in a problem's own tests.
const CASE_TIME: std::time::Duration = std::time::Duration::from_secs(30);

/// A problem as its own tests see it, judged exactly as `make test` judges:
/// through the built runner (`judge testkit`), by its problem.toml's compare
/// mode or checker; its programs solve on a thread with the problem's stack,
/// as the judge gives the built program.
pub struct Problem {
    id: String,
    root: PathBuf,
    runner: PathBuf,
    /// Where the tests' own build put the problem's programs (its checker).
    binaries: PathBuf,
    /// The stored cases with an answer, in name order, and whether the brute
    /// force runs on each.
    cases: Vec<(String, bool)>,
    /// Why the brute force skips the cases it skips.
    brute_skip: String,
    stack_bytes: usize,
    /// The memory limit: the brute force's bound on a stored case.
    memory_bytes: usize,
}

impl Problem {
    /// `manifest_dir` is the problem crate's `CARGO_MANIFEST_DIR`, two levels
    /// below the workspace root; `solution` its built solution
    /// (`CARGO_BIN_EXE_<id>`), beside which its checker is built too; the
    /// runner is the workspace's built `judge`. Panics naming what is wrong
    /// when either is missing or the problem.toml is wrong.
    pub fn new(manifest_dir: &str, solution: &str) -> Problem {
        let dir = Path::new(manifest_dir);
        let id = dir
            .file_name()
            .and_then(|name| name.to_str())
            .unwrap_or_default()
            .to_string();
        let binaries = Path::new(solution).parent().unwrap_or(Path::new("."));
        let runner =
            built_runner(binaries.parent().unwrap_or(Path::new("."))).unwrap_or_else(|| {
                panic!(
                    "{id}'s tests judge through the runner: build it first (`make`, or \
                 `cargo build --release -p judge`)"
                )
            });
        let mut problem = Problem {
            id,
            root: dir.join("../.."),
            runner,
            binaries: binaries.to_path_buf(),
            cases: Vec::new(),
            brute_skip: String::new(),
            stack_bytes: 0,
            memory_bytes: 0,
        };
        let facts = problem.ask(&[]).1;
        for line in facts.lines() {
            let (key, value) = line.split_once(": ").unwrap_or((line, ""));
            let kib = || value.parse::<usize>().unwrap_or(0).saturating_mul(1024);
            match key {
                "stack_kib" => problem.stack_bytes = kib(),
                "memory_limit_kib" => problem.memory_bytes = kib(),
                "brute_skip" => problem.brute_skip = value.to_string(),
                "case" => {
                    let (side, name) = value.split_once(' ').unwrap_or((value, ""));
                    problem.cases.push((name.to_string(), side == "brute"));
                }
                _ => panic!("{}: the runner said {line:?}", problem.id),
            }
        }
        problem
    }

    /// `judge testkit <id> <args>`: whether it exited 0, and its stdout;
    /// anything else it says is a setup error, the test's failure.
    fn ask(&self, args: &[&str]) -> (bool, String) {
        let output = Command::new(&self.runner)
            .arg("--root")
            .arg(&self.root)
            .args(["testkit", &self.id, "--binaries"])
            .arg(&self.binaries)
            .args(args)
            .stdin(Stdio::null())
            .output()
            .unwrap_or_else(|e| panic!("cannot run {}: {e}", self.runner.display()));
        let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
        match output.status.code() {
            Some(0) | Some(1) => (output.status.success(), stdout),
            _ => panic!(
                "{}: {}",
                self.id,
                String::from_utf8_lossy(&output.stderr).trim_end()
            ),
        }
    }

    /// Runs `work` on a thread with the problem's stack (a test thread has
    /// 2 MiB, a judge gives 8 MiB to 1 GiB); its panic is the caller's.
    fn on_problem_stack<T: Send>(&self, work: impl FnOnce() -> T + Send) -> T {
        std::thread::scope(|scope| {
            let thread = std::thread::Builder::new()
                .stack_size(self.stack_bytes)
                .spawn_scoped(scope, work)
                .unwrap_or_else(|e| {
                    panic!(
                        "{}: no thread with a stack of {} bytes: {e}",
                        self.id, self.stack_bytes
                    )
                });
            thread
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        })
    }

    /// Each output judged against its answer for its input, in order, as
    /// the problem judges: the index of the first one rejected, its verdict
    /// and why.
    fn first_rejected(&self, judged: &[(&[u8], &[u8], &[u8])]) -> Option<(usize, String, String)> {
        static FOLDERS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "testkit-{}-{}-{}",
            self.id,
            std::process::id(),
            FOLDERS.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for (index, (input, output, answer)) in judged.iter().enumerate() {
            for (ending, bytes) in [("in", input), ("out", output), ("ans", answer)] {
                let path = dir.join(format!("{index:08}.{ending}"));
                std::fs::write(&path, bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            }
        }
        let (accepted, said) = self.ask(&["--compare", &dir.to_string_lossy()]);
        let _ = std::fs::remove_dir_all(&dir);
        if accepted {
            return None;
        }
        let rest = said.strip_prefix("case: ").unwrap_or(&said);
        let (index, rest) = rest.split_once('\n').unwrap_or((rest, ""));
        let rest = rest.strip_prefix("verdict: ").unwrap_or(rest);
        let (verdict, detail) = rest.split_once("\ndetail:\n").unwrap_or((rest, ""));
        let index = index
            .parse()
            .unwrap_or_else(|_| panic!("{}: the runner said {said:?}", self.id));
        Some((index, verdict.to_string(), detail.trim_end().to_string()))
    }

    /// The solution against the brute force on `random_input`'s input for
    /// every seed of `seeds`, seed `s` at size `sizes[s % sizes.len()]`, each
    /// output judged against the brute force's. A failure shows the seed, the
    /// verdict with why, and the input.
    pub fn cross_check(
        &self,
        solve: Solve,
        brute: Solve,
        random_input: RandomInput,
        seeds: Range<u64>,
        sizes: &[u64],
    ) {
        assert!(!sizes.is_empty(), "cross_check needs a size");
        let size_of = |seed: u64| sizes[(seed % sizes.len() as u64) as usize];
        let runs = self.on_problem_stack(|| {
            let mut runs = Vec::new();
            for seed in seeds {
                let input = random_input(&mut Rng::new(seed), size_of(seed));
                let mut expected = Vec::new();
                if let Err(refusal) = brute(&input, &mut expected) {
                    panic!(
                        "seed {seed}: the brute force refused the input: {refusal}\n{}",
                        shown(&input)
                    );
                }
                let (output, result) = run(solve, &input);
                if let Err(refusal) = result {
                    panic!(
                        "seed {seed}: the solution refused the input: {refusal}\n{}",
                        shown(&input)
                    );
                }
                runs.push((seed, input, output, expected));
            }
            runs
        });
        let judged: Vec<(&[u8], &[u8], &[u8])> = runs
            .iter()
            .map(|(_, input, output, expected)| (&input[..], output.as_bytes(), &expected[..]))
            .collect();
        if let Some((index, verdict, detail)) = self.first_rejected(&judged) {
            let (seed, input, _, _) = &runs[index];
            panic!(
                "seed {seed} (size {}): {verdict} against the brute force's answer\n{detail}\n{}",
                size_of(*seed),
                shown(input)
            );
        }
    }

    /// Every stored case with an answer, sorted by name. Panics naming what
    /// is wrong when a name in `required` is not among them: a test must not
    /// pass on data that is not there.
    pub fn stored_cases(&self, required: &[&str]) -> Vec<StoredCase> {
        for wanted in required {
            assert!(
                self.cases.iter().any(|(name, _)| name == wanted),
                "judge-data/{}: missing {wanted}.in",
                self.id
            );
        }
        self.cases
            .iter()
            .map(|(name, _)| self.stored(name))
            .collect()
    }

    fn stored(&self, name: &str) -> StoredCase {
        let read = |ending: &str| {
            let path = self
                .root
                .join(format!("judge-data/{}/{name}.{ending}", self.id));
            std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        };
        StoredCase {
            name: name.to_string(),
            input: read("in"),
            output: read("out"),
        }
    }

    /// `solve` answers the sample `input` as the judge accepts `answer`: by
    /// the problem's compare mode or checker, so that another right answer
    /// passes as it would on the judge.
    pub fn check_sample(&self, solve: Solve, input: &[u8], answer: &[u8]) {
        let sample = StoredCase {
            name: "sample".into(),
            input: input.to_vec(),
            output: answer.to_vec(),
        };
        self.check_cases("solution", solve, vec![sample]);
    }

    /// `solve` (named `what`) answers every stored case as the judge accepts.
    pub fn check_stored(&self, what: &str, solve: Solve) {
        self.check_cases(what, solve, self.stored_cases(&[]));
    }

    /// The brute force answers every stored case it has time for as the
    /// judge accepts: all but those `brute_skip` in problem.toml names, or
    /// without it those over a size (large cases are for the solution,
    /// which `make test` runs on every case). Returns the names skipped,
    /// which it also prints, so that no skip goes unseen.
    pub fn check_stored_by_brute(&self, brute: Solve) -> Vec<String> {
        let skipped: Vec<String> = self
            .cases
            .iter()
            .filter(|(_, runs)| !runs)
            .map(|(name, _)| name.clone())
            .collect();
        if !skipped.is_empty() {
            let why = match self.brute_skip.strip_prefix("over ") {
                Some(bytes) => format!(
                    "over {} KiB (brute_skip in problem.toml chooses)",
                    bytes.parse::<u64>().unwrap_or(0) >> 10
                ),
                None => "as brute_skip in problem.toml says".to_string(),
            };
            // Past the test harness's capture, which holds print! lines back.
            let _ = writeln!(
                io::stderr(),
                "{}: the brute force skips {}: {why}",
                self.id,
                skipped.join(", ")
            );
        }
        let kept = self.cases.iter().filter(|(_, runs)| *runs);
        let kept = kept.map(|(name, _)| self.stored(name)).collect();
        self.check_cases("brute force", brute, kept);
        skipped
    }

    fn check_cases(&self, what: &str, solve: Solve, cases: Vec<StoredCase>) {
        let mut outputs = Vec::new();
        for case in &cases {
            let (output, result) = self.run_bounded(what, solve, case);
            assert_eq!(result, Ok(()), "{what} on {}.in", case.name);
            outputs.push(output);
        }
        let judged: Vec<(&[u8], &[u8], &[u8])> = cases
            .iter()
            .zip(&outputs)
            .map(|(case, output)| (&case.input[..], output.as_bytes(), &case.output[..]))
            .collect();
        if let Some((index, verdict, detail)) = self.first_rejected(&judged) {
            panic!("{what} on {}.in: {verdict}\n{detail}", cases[index].name);
        }
    }

    /// `solve` on `case`, on a thread with the problem's stack, for at most
    /// `CASE_TIME` and (the brute force) in the problem's memory limit: past
    /// either the test fails naming the case (and for the brute force
    /// `brute_skip`), where it ran on until something killed the whole test
    /// binary without a word.
    fn run_bounded(
        &self,
        what: &str,
        solve: Solve,
        case: &StoredCase,
    ) -> (String, Result<(), String>) {
        let brute = what == "brute force";
        let hint = match brute {
            true => format!(
                ": a case too big for it goes in problem.toml's brute_skip \
                 (brute_skip = [\"{}\"])",
                case.name
            ),
            false => String::new(),
        };
        let memory = brute.then(|| {
            let limit = self.memory_bytes;
            let why = format!(
                "{}: the {what} passed the memory limit ({} MiB) on {}.in{hint}\n",
                self.id,
                limit >> 20,
                case.name
            );
            (limit, why)
        });
        match run_within(solve, &case.input, self.stack_bytes, CASE_TIME, memory) {
            Ok(ran) => ran,
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => panic!(
                "{}: the {what} ran past {} s on {}.in{hint}",
                self.id,
                CASE_TIME.as_secs(),
                case.name
            ),
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                panic!("{}: the {what} gave no answer on {}.in", self.id, case.name)
            }
        }
    }
}

/// The runner built in cargo's `target` folder: the release build, else the
/// debug one.
pub fn built_runner(target: &Path) -> Option<PathBuf> {
    ["release", "debug"]
        .iter()
        .map(|profile| target.join(profile).join("judge"))
        .find(|path| path.is_file())
}

/// `solve` on `input` on a thread of `stack_bytes`, waited for `limit` at
/// most: past it the thread is left to itself (the test fails and its
/// process ends it); a panic of `solve` is resumed here. With `memory`
/// (bytes, and the line to print past them) the thread is bounded.
fn run_within(
    solve: Solve,
    input: &[u8],
    stack_bytes: usize,
    limit: std::time::Duration,
    memory: Option<(usize, String)>,
) -> Result<(String, Result<(), String>), std::sync::mpsc::RecvTimeoutError> {
    let (sender, ran) = std::sync::mpsc::channel();
    let input = input.to_vec();
    let thread = std::thread::Builder::new()
        .stack_size(stack_bytes)
        .spawn(move || {
            if let Some((bytes, why)) = memory {
                memory::bound(bytes, why);
            }
            sender.send(run(solve, &input))
        })
        .unwrap_or_else(|e| panic!("no thread with a stack of {stack_bytes} bytes: {e}"));
    match ran.recv_timeout(limit) {
        // Its panic is the caller's, message and all.
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => match thread.join() {
            Err(panic) => std::panic::resume_unwind(panic),
            Ok(_) => Err(std::sync::mpsc::RecvTimeoutError::Disconnected),
        },
        ran => ran,
    }
}

/// An input as a failure shows it: its text, cut short when long.
fn shown(input: &[u8]) -> String {
    const SHOWN: usize = 2000;
    let text = String::from_utf8_lossy(&input[..input.len().min(SHOWN)]);
    let more = if input.len() > SHOWN {
        format!("\n... ({} bytes in all)", input.len())
    } else {
        String::new()
    };
    format!("input:\n{text}{more}")
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
    fn a_case_that_runs_on_is_stopped_waiting_at_its_limit() {
        fn echo(input: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
            out.extend_from_slice(input);
            Ok(())
        }
        fn forever(_: &[u8], _: &mut Vec<u8>) -> Result<(), String> {
            loop {
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
        }
        let limit = std::time::Duration::from_millis(300);
        let ran = run_within(echo, b"5\n", 1 << 20, limit, None);
        assert_eq!(ran, Ok(("5\n".to_string(), Ok(()))));
        let start = std::time::Instant::now();
        let ran = run_within(forever, b"5\n", 1 << 20, limit, None);
        assert_eq!(ran, Err(std::sync::mpsc::RecvTimeoutError::Timeout));
        assert!(start.elapsed() < limit * 3, "{:?}", start.elapsed());
    }

    /// A bounded thread past its bound ends the process with its line; run
    /// in a child, this test binary again, as the abort ends it.
    #[test]
    fn a_thread_past_its_memory_bound_ends_the_process_naming_why() {
        fn hog(_: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
            let held = vec![1u8; 256 << 20];
            out.push(held[held.len() - 1]);
            Ok(())
        }
        const CHILD: &str = "TESTKIT_MEMORY_CHILD";
        let limit = std::time::Duration::from_secs(30);
        if std::env::var_os(CHILD).is_some() {
            let ran = run_within(hog, b"", 1 << 20, limit, Some((64 << 20, "over\n".into())));
            // Never reached: the process has ended.
            panic!("the bound did not hold: {ran:?}");
        }
        let name = "tests::a_thread_past_its_memory_bound_ends_the_process_naming_why";
        let child = Command::new(std::env::current_exe().unwrap())
            .args(["--exact", name, "--test-threads", "1"])
            .env(CHILD, "1")
            .stdout(Stdio::null())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&child.stderr);
        assert!(stderr.contains("over\n"), "{stderr}");
        assert!(!stderr.contains("the bound did not hold"), "{stderr}");
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(child.status.signal(), Some(6), "{:?}", child.status);
        // Unbounded, the same thread holds its 256 MiB.
        assert!(run_within(hog, b"", 1 << 20, limit, None).is_ok());
    }

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
    fn size_biased_meets_each_edge_a_quarter_of_the_time_or_more() {
        let mut r = Rng::new(1);
        let draws: Vec<u64> = (0..4000).map(|_| r.size_biased(1, 100)).collect();
        assert!(draws.iter().all(|&x| (1..=100).contains(&x)));
        for edge in [1, 100] {
            let count = draws.iter().filter(|&&x| x == edge).count();
            assert!((1000..1200).contains(&count), "{edge}: {count}");
        }
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
}
