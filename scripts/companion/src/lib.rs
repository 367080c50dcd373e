//! `judge import`: problems and samples from Competitive Companion, the
//! browser extension, which POSTs each problem's page as JSON to a local
//! port; or from saved payloads with `--file`. Each problem is made as
//! `judge new` makes it, its samples stored, and the new problem built.

mod http;
mod leetcode;
mod payload;
mod samples;

use judge_core::base::args::Args;
use judge_core::base::error::SetupError;
use judge_core::base::judges::{self, urls, Format};
use judge_core::base::terminal::plain_line;
use judge_core::outln;
use judge_core::problem::workspace::Workspace;
use judge_core::process::interrupt;
use judge_new::scaffold::{self, build_problem, build_wanted, Spec};
use payload::{Payload, Sample};
use std::collections::HashSet;
use std::fs;
use std::net::TcpListener;
use std::sync::atomic::Ordering;
use std::sync::{mpsc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// One of the ports Competitive Companion posts to by default, so the
/// extension needs no setting; not CPH's 27121 nor CP Editor's 10045, which
/// users may run at the same time.
pub const DEFAULT_PORT: u16 = 10043;
/// A batch whose last problems have not come for this long is summed up as
/// it is (the extension sends a contest's problems back to back).
const QUIET: Duration = Duration::from_secs(3);
/// The most problems one listener run takes, each once: the largest batch
/// (a contest has tens at most) fits, and an endless stream of requests
/// grows neither the workspace nor the queue without bound.
const MAX_PROBLEMS_PER_RUN: usize = payload::MAX_BATCH;
/// The runner's package, which `--build-runner` builds.
const RUNNER_PACKAGE: &str = "judge";

/// Competitive Companion's forms: the listener, or `--file`. A problem
/// package (`--package`) is the packages crate's; the binary sends every
/// other form here.
pub fn command(workspace: &Workspace, args: &Args) -> Result<bool, SetupError> {
    let build = build_wanted();
    let mut importer = Importer::new(workspace.clone(), build);
    if args.flag("file") {
        if args.value("port").is_some() || args.flag("once") || args.flag("build-runner") {
            return Err(SetupError(
                "--file imports saved payloads; --port, --once and --build-runner are for the listener"
                    .into(),
            ));
        }
        return import_files(&mut importer, &args.positional);
    }
    if let Some(extra) = args.positional.first() {
        return Err(SetupError(format!(
            "import takes no argument {extra:?}: saved payloads go after --file"
        )));
    }
    let port = args
        .number("port", u64::from(DEFAULT_PORT))
        .map_err(SetupError)?;
    let port = u16::try_from(port)
        .ok()
        .filter(|&p| p > 0)
        .ok_or_else(|| SetupError(format!("--port takes 1 to 65535, got {port}")))?;
    listen(importer, port, args.flag("once"), args.flag("build-runner"))
}

/// Reads every file first, so a bad one stops the run before anything is written.
fn import_files(importer: &mut Importer, files: &[String]) -> Result<bool, SetupError> {
    if files.is_empty() {
        return Err(SetupError(
            "--file needs one or more saved payloads (judge import --file a.json b.json)".into(),
        ));
    }
    let mut payloads = Vec::new();
    for file in files {
        let text =
            fs::read_to_string(file).map_err(|e| SetupError(format!("cannot read {file}: {e}")))?;
        payloads.push(payload::parse(&text).map_err(|e| SetupError(format!("{file}: {e}")))?);
    }
    for payload in &payloads {
        importer.import(payload, origin(&importer.workspace, payload));
    }
    importer.finish();
    Ok(importer.failures == 0)
}

/// Answers at once and leaves the slow part (files, build) to one worker,
/// which imports in the order the problems arrived; with `build_runner`, the
/// runner's own build runs meanwhile.
fn listen(
    mut importer: Importer,
    port: u16,
    once: bool,
    build_runner: bool,
) -> Result<bool, SetupError> {
    let listener = TcpListener::bind(("127.0.0.1", port)).map_err(|e| {
        SetupError(format!(
            "cannot listen on 127.0.0.1:{port}: {e} (another tool on it? pick a port with --port)"
        ))
    })?;
    outln!(
        "listening on http://127.0.0.1:{port}/ for Competitive Companion{}; Ctrl-C stops",
        if once { " (one batch)" } else { "" }
    );
    if build_runner && importer.build {
        importer.runner_build = Some(build_runner_behind(&importer.workspace)?);
    }
    let workspace = importer.workspace.clone();
    let (send, receive) = mpsc::channel::<(Payload, urls::Origin)>();
    let work = move || {
        loop {
            let done = match receive.recv_timeout(Duration::from_millis(100)) {
                Ok((payload, origin)) => importer.import(&payload, origin),
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if http::STOP.load(Ordering::SeqCst) {
                        break;
                    }
                    importer.sum_up_quiet()
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            };
            // Problems already answered 200 are still imported.
            if done && once {
                http::STOP.store(true, Ordering::SeqCst);
            }
        }
        importer.finish();
        importer.failures == 0
    };
    let worker = thread::Builder::new()
        .spawn(work)
        .map_err(|e| SetupError(format!("cannot start the importer's thread: {e}")))?;
    let gate = Mutex::new(Gate {
        workspace,
        taken: HashSet::new(),
        queue: send,
    });
    let served = http::serve(listener, move |body| match gate.lock() {
        Ok(mut gate) => gate.take(body),
        Err(_) => Err(http::Response::new(503, "the importer has stopped")),
    });
    // Also when serving failed: the worker ends on STOP once its queue is empty.
    http::STOP.store(true, Ordering::SeqCst);
    let all_imported = worker.join().unwrap_or(false);
    served.map_err(|e| SetupError(format!("listening on 127.0.0.1:{port}: {e}")))?;
    outln!("stopped listening");
    Ok(all_imported)
}

/// The problem `payload` is in `workspace`, by its page's address (or its
/// name): found once, where a payload is taken.
fn origin(workspace: &Workspace, payload: &Payload) -> urls::Origin {
    urls::origin(&payload.url, &payload.name, &workspace.tool_crates())
}

/// What the listener queues for the importer: each problem once, at most
/// `MAX_PROBLEMS_PER_RUN` of them; any other request is refused, unqueued.
struct Gate {
    workspace: Workspace,
    /// The ids of the problems queued so far.
    taken: HashSet<String>,
    queue: mpsc::Sender<(Payload, urls::Origin)>,
}

impl Gate {
    fn take(&mut self, body: &[u8]) -> Result<(), http::Response> {
        let bad = |message: String| http::Response::new(400, message);
        let text =
            std::str::from_utf8(body).map_err(|_| bad("the body is not UTF-8 text".into()))?;
        let payload = payload::parse(text).map_err(bad)?;
        let origin = origin(&self.workspace, &payload);
        let id = origin.id.clone();
        if self.taken.contains(&id) {
            return Err(http::Response::new(
                409,
                format!(
                    "{id} not taken again: this listener has taken it already; \
                     make import again to add its page's new samples"
                ),
            ));
        }
        if self.taken.len() >= MAX_PROBLEMS_PER_RUN {
            return Err(http::Response::new(
                429,
                format!(
                    "{id} not taken: this listener has taken {MAX_PROBLEMS_PER_RUN} problems, \
                     the most one run takes; make import again for more"
                ),
            ));
        }
        self.queue
            .send((payload, origin))
            .map_err(|_| http::Response::new(503, "the importer has stopped"))?;
        self.taken.insert(id);
        Ok(())
    }
}

/// Imports problems one at a time and keeps count of the batches they came in.
struct Importer {
    workspace: Workspace,
    build: bool,
    /// The runner's own build, which new problems' builds wait for.
    runner_build: Option<JoinHandle<()>>,
    batches: Vec<Batch>,
    imported: usize,
    failures: usize,
}

struct Batch {
    id: String,
    group: String,
    size: usize,
    ids: Vec<String>,
    failed: usize,
    last: Instant,
}

impl Importer {
    fn new(workspace: Workspace, build: bool) -> Importer {
        Importer {
            workspace,
            build,
            runner_build: None,
            batches: Vec::new(),
            imported: 0,
            failures: 0,
        }
    }

    /// Imports one problem, `origin`, and prints its line; `true` when that
    /// completes its batch.
    fn import(&mut self, payload: &Payload, origin: urls::Origin) -> bool {
        let result = import_problem(&self.workspace, payload, &origin).map(|(line, new)| {
            if new && self.build {
                format!("{line}; {}", self.build_new(&origin.id))
            } else {
                line
            }
        });
        match &result {
            Ok(_) => self.imported += 1,
            Err(_) => self.failures += 1,
        }
        // Said before the line, so an interrupt after the line counts it.
        interrupt::finished(format!(
            "{} imported, {} failed",
            self.imported, self.failures
        ));
        match &result {
            Ok(line) => outln!("{line}"),
            Err(SetupError(message)) => eprintln!("judge import: {}: {message}", origin.id),
        }
        let at = match self.batches.iter().position(|b| b.id == payload.batch.id) {
            Some(at) => at,
            None => {
                self.batches.push(Batch {
                    id: payload.batch.id.clone(),
                    group: payload.group.clone(),
                    size: payload.batch.size,
                    ids: Vec::new(),
                    failed: 0,
                    last: Instant::now(),
                });
                self.batches.len() - 1
            }
        };
        let batch = &mut self.batches[at];
        batch.last = Instant::now();
        match result {
            Ok(_) => batch.ids.push(origin.id),
            Err(_) => batch.failed += 1,
        }
        if batch.ids.len() + batch.failed < batch.size {
            return false;
        }
        let batch = self.batches.remove(at);
        sum_up(&batch, "");
        true
    }

    /// Sums up the batches nothing has come for in a while; `true` if any.
    fn sum_up_quiet(&mut self) -> bool {
        let (quiet, waiting) = self
            .batches
            .drain(..)
            .partition(|b| b.last.elapsed() >= QUIET);
        self.batches = waiting;
        for batch in &quiet {
            sum_up(batch, &format!(" (quiet for {} s)", QUIET.as_secs()));
        }
        !quiet.is_empty()
    }

    /// Builds the new problem `id`, once the runner's own build is over.
    fn build_new(&mut self, id: &str) -> String {
        self.wait_for_runner();
        build_problem(&self.workspace, id)
    }

    fn wait_for_runner(&mut self) {
        if let Some(build) = self.runner_build.take() {
            let _ = build.join();
        }
    }

    fn finish(&mut self) {
        for batch in self.batches.drain(..) {
            sum_up(&batch, "");
        }
        self.wait_for_runner();
    }
}

/// Starts the runner's own build (`cargo build --release -p judge`) on a
/// thread of its own, which prints its line when done: meanwhile the
/// listener listens as the runner it was started as, and says so when the
/// build has replaced that runner.
fn build_runner_behind(workspace: &Workspace) -> Result<JoinHandle<()>, SetupError> {
    let runner = std::env::current_exe().ok();
    let modified = move || {
        let runner = runner.as_ref()?;
        fs::metadata(runner).and_then(|m| m.modified()).ok()
    };
    let before = modified();
    let workspace = workspace.clone();
    outln!(
        "building the runner behind the listener (cargo build --release -p {RUNNER_PACKAGE}): \
         problems are written at once and built after it"
    );
    let build = move || {
        let note = build_problem(&workspace, RUNNER_PACKAGE);
        let rebuilt = before.is_some() && modified() != before;
        outln!(
            "the runner: {note}{}",
            if rebuilt {
                "; this listener is the runner from before: make import again to use the new one"
            } else {
                ""
            }
        );
    };
    thread::Builder::new()
        .name("runner-build".into())
        .spawn(build)
        .map_err(|e| SetupError(format!("cannot start the runner's build: {e}")))
}

/// A contest's line: what arrived of it, and `why` the rest is not waited
/// for. A problem alone has its own line.
fn sum_up(batch: &Batch, why: &str) {
    if batch.size == 1 {
        return;
    }
    let arrived = batch.ids.len() + batch.failed;
    let mut line = format!(
        "batch {}: {} of {} problems imported",
        if batch.group.is_empty() {
            "(no name)"
        } else {
            &batch.group
        },
        batch.ids.len(),
        batch.size
    );
    if batch.failed > 0 {
        line.push_str(&format!(", {} failed", batch.failed));
    }
    if arrived < batch.size {
        line.push_str(&format!(", {} never arrived{why}", batch.size - arrived));
    }
    if !batch.ids.is_empty() {
        line.push_str(&format!(": {}", batch.ids.join(" ")));
    }
    outln!("{line}");
}

/// Creates the problem if it is new and adds the samples not stored yet;
/// returns the line to print and whether the problem is new (to be built).
fn import_problem(
    workspace: &Workspace,
    payload: &Payload,
    origin: &urls::Origin,
) -> Result<(String, bool), SetupError> {
    let id = origin.id.as_str();
    let title = made_one_line(&payload.name, "'");
    let exists = ["problems", "judge-data"]
        .iter()
        .any(|dir| workspace.root.join(dir).join(id).exists());
    let mut notes = Vec::new();
    let mut spec = None;
    if exists {
        if let Ok(config) = workspace.config(id) {
            if !config.url.is_empty() && !payload.url.is_empty() && config.url != payload.url {
                notes.push(format!(
                    "stored {id} is {}: same id, other page?",
                    config.url
                ));
            }
        }
    } else {
        spec = Some(new_spec(payload, origin, &title)?);
    }
    let tests = samples_of(payload, origin);
    // Ctrl-C waits for these writes, so a problem is never half-made.
    let added = interrupt::uninterrupted(|| {
        if let Some(spec) = &spec {
            scaffold::scaffold(workspace, spec)?;
        }
        if payload.interactive {
            let kept = samples::keep_dialogues(&workspace.data_dir(id), &tests)?;
            if kept {
                notes.push(format!(
                    "interactive: the statement's dialogues are in judge-data/{id}/{}, \
                     the interactor's input goes in sample-<k>.in",
                    samples::DIALOGUES
                ));
            }
            return Ok(samples::Added::default());
        }
        samples::add(&workspace.data_dir(id), &tests)
    })?;
    let mut line = format!(
        "{id} \"{title}\": {}, {}",
        if exists { "exists" } else { "new" },
        match added.names.as_slice() {
            [] => "no samples added".to_string(),
            names => format!("added {}", names.join(" ")),
        }
    );
    if added.already > 0 {
        line.push_str(&format!(" ({} already stored)", added.already));
    }
    notes.extend(caveats(payload, &added));
    for note in notes {
        line.push_str(&format!("; {note}"));
    }
    Ok((line, !exists))
}

/// What the line warns of: samples too large to store, and files the judge
/// reads or writes where the solution here uses stdin and stdout.
fn caveats(payload: &Payload, added: &samples::Added) -> Vec<String> {
    let mut notes = Vec::new();
    if !added.too_large.is_empty() {
        notes.push(format!(
            "samples {:?} are over 1 MiB and were not stored",
            added.too_large
        ));
    }
    for (stream, file) in [
        ("reads", &payload.input_file),
        ("writes", &payload.output_file),
    ] {
        if let Some(file) = file {
            notes.push(format!(
                "the judge {stream} {file}; the solution here uses stdin and stdout"
            ));
        }
    }
    notes
}

/// What a new problem is made from: the payload's title, page and limits.
fn new_spec(payload: &Payload, origin: &urls::Origin, title: &str) -> Result<Spec, SetupError> {
    let mut spec = Spec::for_id(&origin.id, Some(&origin.judge), false, payload.interactive)?;
    spec.title = title.to_string();
    spec.placeholder_cases = false;
    spec.count_header = payload.multi_number;
    if !payload.url.is_empty() {
        spec.url = made_one_line(&payload.url, "%22");
    }
    if let Some(ms) = payload.time_limit_ms {
        spec.time_limit_ms = ms;
    }
    if let Some(kib) = payload.memory_limit_kib {
        spec.memory_limit_kib = kib;
    }
    Ok(spec)
}

/// The payload's samples as cases: a LeetCode input, as the page shows it,
/// becomes the testcase a solution reads.
fn samples_of(payload: &Payload, origin: &urls::Origin) -> Vec<Sample> {
    if judges::format_of(&origin.judge) != Format::LeetCode {
        return payload.tests.clone();
    }
    let testcase = |input: &String| leetcode::testcase(input).unwrap_or_else(|| input.clone());
    payload
        .tests
        .iter()
        .map(|test| Sample {
            input: testcase(&test.input),
            output: test.output.clone(),
        })
        .collect()
}

/// One line of text for problem.toml's `key = "value"`: a plain line
/// (`plain_line`) with `"` made `quote`.
fn made_one_line(text: &str, quote: &str) -> String {
    plain_line(text).replace('"', quote)
}
