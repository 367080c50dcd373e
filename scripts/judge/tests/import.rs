//! `judge import` as a child process: real-shaped Competitive Companion
//! payloads posted over TCP, and saved ones through `--file`; the files it
//! writes, what it refuses, and that it stops and is gone.

mod common;

use common::{outcome, Holds};
use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::{Duration, Instant};

/// An empty workspace: what the listener needs when builds are skipped.
struct Workspace {
    root: PathBuf,
}

impl Workspace {
    fn empty() -> Workspace {
        let root = common::temp_path("judge-import");
        fs::create_dir_all(root.join("problems")).unwrap();
        fs::create_dir_all(root.join("judge-data")).unwrap();
        Workspace { root }
    }

    /// The workspace's manifests and tools, so a new problem really builds.
    fn buildable() -> Workspace {
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let workspace = Workspace::empty();
        // Every tool crate, so the workspace's member list holds wherever it grows.
        for path in ["Cargo.toml", "Cargo.lock", "scripts"] {
            common::copy_tree(&source.join(path), &workspace.root.join(path));
        }
        workspace
    }

    fn read(&self, relative: &str) -> String {
        let path = self.root.join(relative);
        fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    fn judge(&self) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_judge"));
        command
            .arg("--root")
            .arg(&self.root)
            .env("CARGO_TARGET_DIR", self.root.join("target"));
        command
    }

    /// Starts `judge import --port <free port>` and waits until it listens.
    fn listen(&self, extra: &[&str], build: bool) -> Listener {
        let port = free_port();
        let mut command = self.judge();
        command
            .args(["import", "--port", &port.to_string()])
            .args(extra);
        if !build {
            command.env("JUDGE_IMPORT_SKIP_BUILD", "1");
        }
        Listener::start(&mut command, port)
    }

    /// `judge import --file <files>` with builds skipped.
    fn import_files(&self, files: &[&Path]) -> Output {
        self.judge()
            .args(["import", "--file"])
            .args(files)
            .env("JUDGE_IMPORT_SKIP_BUILD", "1")
            .output()
            .unwrap()
    }
}

impl Drop for Workspace {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.root);
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// The lines of a child's stream, as they come.
fn lines(stream: impl Read + Send + 'static) -> Receiver<String> {
    let (send, receive) = mpsc::channel();
    thread::spawn(move || {
        for line in BufReader::new(stream).lines() {
            if send.send(line.unwrap_or_default()).is_err() {
                break;
            }
        }
    });
    receive
}

struct Listener {
    child: Child,
    port: u16,
    out: Receiver<String>,
    err: Receiver<String>,
}

impl Listener {
    /// Starts `command`, an import listening on `port`, and waits until it
    /// listens.
    fn start(command: &mut Command, port: u16) -> Listener {
        let mut child = command
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let out = lines(child.stdout.take().unwrap());
        let err = lines(child.stderr.take().unwrap());
        let listener = Listener {
            child,
            port,
            out,
            err,
        };
        listener.expect_out("listening on http://127.0.0.1:");
        listener
    }

    /// The next stdout line holding `part` (earlier lines are dropped).
    fn expect_out(&self, part: &str) -> String {
        expect_line(&self.out, part, "stdout")
    }

    fn expect_err(&self, part: &str) -> String {
        expect_line(&self.err, part, "stderr")
    }

    /// Sends `raw` as it is and returns the whole answer.
    fn send(&self, raw: &[u8]) -> String {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        stream.write_all(raw).unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        answer
    }

    /// POSTs `body` to `/` as the extension does; returns the answer and
    /// how long it took.
    fn post(&self, body: &str) -> (String, Duration) {
        let start = Instant::now();
        let answer = self.send(
            format!(
                "POST / HTTP/1.1\r\nHost: localhost:{}\r\nContent-Type: application/json\r\n\
                 Content-Length: {}\r\n\r\n{body}",
                self.port,
                body.len()
            )
            .as_bytes(),
        );
        (answer, start.elapsed())
    }

    /// Ctrl-C, then the process must say what it finished, end by itself as
    /// interrupted, and free the port.
    fn interrupt(mut self, finished: &str) {
        let pid = self.child.id().to_string();
        assert!(Command::new("kill")
            .args(["-INT", &pid])
            .status()
            .unwrap()
            .success());
        self.expect_out(&format!("interrupted by SIGINT; finished: {finished}"));
        self.wait_gone(130);
    }

    fn wait_gone(&mut self, code: i32) {
        let deadline = Instant::now() + Duration::from_secs(10);
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            assert!(Instant::now() < deadline, "the listener is still running");
            thread::sleep(Duration::from_millis(20));
        };
        assert_eq!(status.code(), Some(code), "{status}");
        assert!(!Path::new(&format!("/proc/{}", self.child.id())).exists());
        assert!(TcpStream::connect(("127.0.0.1", self.port)).is_err());
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        if self.child.try_wait().unwrap().is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

fn expect_line(lines: &Receiver<String>, part: &str, name: &str) -> String {
    expect_line_within(lines, part, name, Duration::from_secs(120))
}

/// As `expect_line`, waiting at most `wait`; `Duration::MAX` waits as long
/// as the listener runs (its stream closes when it exits), as for a build.
fn expect_line_within(lines: &Receiver<String>, part: &str, name: &str, wait: Duration) -> String {
    let deadline = Instant::now().checked_add(wait);
    let mut seen = Vec::new();
    loop {
        let next = match deadline {
            Some(deadline) => {
                lines.recv_timeout(deadline.saturating_duration_since(Instant::now()))
            }
            None => lines.recv().map_err(Into::into),
        };
        match next {
            Ok(line) if line.contains(part) => return line,
            Ok(line) => seen.push(line),
            Err(_) => panic!("no {name} line with {part:?}; saw {seen:#?}"),
        }
    }
}

/// A JSON string literal.
fn quoted(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A payload shaped as Competitive Companion sends it.
struct Payload<'a> {
    name: &'a str,
    group: &'a str,
    url: &'a str,
    interactive: bool,
    memory: &'a str,
    time: &'a str,
    tests: &'a [(&'a str, &'a str)],
    /// `single`, or `multiNumber` when the input starts with the number of cases.
    test_type: &'a str,
    batch: (&'a str, usize),
}

impl Payload<'_> {
    fn json(&self) -> String {
        let tests: Vec<String> = self
            .tests
            .iter()
            .map(|(input, output)| {
                format!(
                    "{{\"input\":{},\"output\":{}}}",
                    quoted(input),
                    quoted(output)
                )
            })
            .collect();
        format!(
            "{{\"name\":{},\"group\":{},\"url\":{},\"interactive\":{},\"memoryLimit\":{},\
             \"timeLimit\":{},\"tests\":[{}],\"testType\":{},\
             \"input\":{{\"type\":\"stdin\"}},\"output\":{{\"type\":\"stdout\"}},\
             \"languages\":{{\"java\":{{\"mainClass\":\"Main\",\"taskClass\":\"Task\"}}}},\
             \"batch\":{{\"id\":{},\"size\":{}}}}}",
            quoted(self.name),
            quoted(self.group),
            quoted(self.url),
            self.interactive,
            self.memory,
            self.time,
            tests.join(","),
            quoted(self.test_type),
            quoted(self.batch.0),
            self.batch.1
        )
    }
}

const POJ_1000: Payload = Payload {
    name: "A+B Problem",
    group: "POJ",
    url: "http://poj.org/problem?id=1000",
    interactive: false,
    // POJ gives 10000K; the extension sends MB.
    memory: "9.765625",
    time: "1000",
    tests: &[("1 2", "3")],
    test_type: "single",
    batch: ("4f2a-poj", 1),
};

const CF_118A: Payload = Payload {
    name: "A. String Task",
    group: "Codeforces - Codeforces Beta Round 89 (Div. 2)",
    url: "https://codeforces.com/problemset/problem/118/A",
    interactive: false,
    memory: "256",
    time: "2000",
    tests: &[
        ("tour\n", ".t.r\n"),
        ("Codeforces\n", ".c.d.f.r.c.s\n"),
        ("aBAcAba\n", ".b.c.b\n"),
    ],
    test_type: "single",
    batch: ("9c1e-cf118a", 1),
};

fn answered_ok(answer: &str) {
    assert!(answer.starts_with("HTTP/1.1 200 OK\r\n"), "{answer}");
    assert!(
        !answer.contains("Access-Control-Allow-Origin: *"),
        "{answer}"
    );
}

#[test]
fn problems_posted_by_the_extension_are_created_with_their_samples() {
    let workspace = Workspace::empty();
    let listener = workspace.listen(&[], false);

    let (answer, took) = listener.post(&POJ_1000.json());
    answered_ok(&answer);
    assert!(took < Duration::from_millis(500), "{took:?}");
    let line = listener.expect_out("poj1000");
    assert_eq!(line, "poj1000 \"A+B Problem\": new, added sample-1");
    let config = workspace.read("judge-data/poj1000/problem.toml");
    for expected in [
        "title = \"A+B Problem\"\n",
        "url = \"http://poj.org/problem?id=1000\"\n",
        "judge = \"poj\"\n",
        "time_limit_ms = 1000\n",
        "memory_limit_kib = 10000\n",
        "compare = \"exact\"\n",
    ] {
        assert!(config.contains(expected), "{expected}: {config}");
    }
    assert!(workspace
        .read("problems/poj1000/src/main.rs")
        .starts_with("//! poj1000 A+B Problem — http://poj.org/problem?id=1000\n"));
    assert_eq!(workspace.read("judge-data/poj1000/sample-1.in"), "1 2\n");
    assert_eq!(workspace.read("judge-data/poj1000/sample-1.out"), "3\n");

    answered_ok(&listener.post(&CF_118A.json()).0);
    let line = listener.expect_out("cf118a");
    assert_eq!(
        line,
        "cf118a \"A. String Task\": new, added sample-1 sample-2 sample-3"
    );
    let config = workspace.read("judge-data/cf118a/problem.toml");
    config.assert_has("judge = \"codeforces\"\n");
    config.assert_has("memory_limit_kib = 262144\n");
    config.assert_has("compare = \"tokens\"\n");
    common::assert_toml(&[
        workspace.root.join("judge-data/poj1000/problem.toml"),
        workspace.root.join("judge-data/cf118a/problem.toml"),
    ]);
    assert_eq!(
        workspace.read("judge-data/cf118a/sample-2.in"),
        "Codeforces\n"
    );
    assert_eq!(workspace.read("judge-data/cf118a/sample-3.out"), ".b.c.b\n");

    // A contest: one request per problem, sharing the batch id.
    let contest = [
        ("A. Theatre Square", "A", "6 6 4", "4"),
        ("B. Spreadsheets", "B", "2\nR23C55\nBC23", "BC23\nR23C55"),
        (
            "C. Ancient Berland Circus",
            "C",
            "0 0\n1 1\n0 1",
            "1.00000000",
        ),
    ];
    for (name, letter, input, output) in contest {
        let url = format!("https://codeforces.com/contest/1/problem/{letter}");
        let payload = Payload {
            name,
            group: "Codeforces - Codeforces Beta Round 1",
            url: &url,
            tests: &[(input, output)],
            batch: ("b7d0-round1", 3),
            ..CF_118A
        };
        answered_ok(&listener.post(&payload.json()).0);
    }
    assert_eq!(
        listener.expect_out("batch "),
        "batch Codeforces - Codeforces Beta Round 1: 3 of 3 problems imported: cf1a cf1b cf1c"
    );
    assert!(workspace
        .read("judge-data/cf1c/problem.toml")
        .contains("title = \"C. Ancient Berland Circus\""));
    assert_eq!(
        workspace.read("judge-data/cf1b/sample-1.out"),
        "BC23\nR23C55\n"
    );

    let interactive = Payload {
        name: "E. Interview",
        url: "https://codeforces.com/contest/1807/problem/E",
        interactive: true,
        tests: &[("2\n4\n1 2 3 4\n", "? 4 1 2 3 4\n")],
        batch: ("e1a9-interview", 1),
        ..CF_118A
    };
    answered_ok(&listener.post(&interactive.json()).0);
    let line = listener.expect_out("cf1807e");
    // Scaffolded with an interactor; the statement's dialogue is kept to
    // read, not stored as the interactor's input.
    line.assert_has("new, no samples added");
    line.assert_has("judge-data/cf1807e/examples.txt");
    assert!(workspace
        .root
        .join("problems/cf1807e/src/interactor.rs")
        .is_file());
    assert!(workspace
        .read("judge-data/cf1807e/problem.toml")
        .contains("interactor = \"cf1807e-interactor\""));
    assert_eq!(
        workspace.read("judge-data/cf1807e/examples.txt"),
        "# example 1: the judge's side\n2\n4\n1 2 3 4\n# the solution's side\n? 4 1 2 3 4\n"
    );
    // No placeholder case: the template's guessing game is not this problem.
    let mut data: Vec<String> = fs::read_dir(workspace.root.join("judge-data/cf1807e"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    data.sort();
    assert_eq!(data, ["examples.txt", "problem.toml"]);

    // A multi-test page: the input's first line counts its cases.
    let multi = Payload {
        name: "C. Even Picture",
        url: "https://codeforces.com/contest/1352/problem/C",
        tests: &[("2\n3 7\n4 12\n", "10\n15\n")],
        test_type: "multiNumber",
        batch: ("m1t1-1352c", 1),
        ..CF_118A
    };
    answered_ok(&listener.post(&multi.json()).0);
    listener.expect_out("cf1352c \"C. Even Picture\": new, added sample-1");
    let config = workspace.read("judge-data/cf1352c/problem.toml");
    assert!(
        config
            .lines()
            .any(|line| line.starts_with("stress_header = \"count\"")),
        "{config}"
    );
    assert!(!workspace
        .read("judge-data/cf118a/problem.toml")
        .contains("stress_header"));

    // Non-ASCII text, a quote in the title and Windows line ends.
    let luogu = Payload {
        name: "P1001 A+B \"Problem\" — Ünïcode ✓",
        group: "洛谷",
        url: "https://www.luogu.com.cn/problem/P1001",
        tests: &[("20 30\r\nxé\r\n", "50\r\n"), ("1 2\r\n", "3")],
        batch: ("c3d2-luogu", 1),
        ..CF_118A
    };
    answered_ok(&listener.post(&luogu.json()).0);
    let line = listener.expect_out("luogup1001");
    assert_eq!(
        line,
        "luogup1001 \"P1001 A+B 'Problem' — Ünïcode ✓\": new, added sample-1 sample-2"
    );
    let config = workspace.read("judge-data/luogup1001/problem.toml");
    config.assert_has("title = \"P1001 A+B 'Problem' — Ünïcode ✓\"\n");
    config.assert_has("judge = \"luogu\"\n");
    assert_eq!(
        workspace.read("judge-data/luogup1001/sample-1.in"),
        "20 30\nxé\n"
    );
    assert_eq!(workspace.read("judge-data/luogup1001/sample-1.out"), "50\n");
    assert_eq!(workspace.read("judge-data/luogup1001/sample-2.out"), "3\n");

    // No limits on the page: the judge's defaults.
    let atcoder = Payload {
        name: "A - N-choice question",
        group: "AtCoder Beginner Contest 300",
        url: "https://atcoder.jp/contests/abc300/tasks/abc300_a",
        memory: "null",
        time: "null",
        tests: &[("3 125 175\n200 300 400\n", "2\n")],
        batch: ("a0a0-abc300", 1),
        ..CF_118A
    };
    answered_ok(&listener.post(&atcoder.json()).0);
    listener.expect_out("atcabc300a \"A - N-choice question\": new, added sample-1");
    let config = workspace.read("judge-data/atcabc300a/problem.toml");
    config.assert_has("time_limit_ms = 2000\n");
    config.assert_has("memory_limit_kib = 1048576\n");

    // Ids are made of letters and digits only: nothing lands outside.
    let escape = Payload {
        name: "../../../escaped",
        url: "http://poj.org/problem?id=../../../escaped",
        batch: ("e5c4-escape", 1),
        ..CF_118A
    };
    answered_ok(&listener.post(&escape.json()).0);
    let line = listener.expect_out("escaped");
    assert!(
        line.starts_with("escaped \"../../../escaped\": new"),
        "{line}"
    );
    let outside = workspace.root.parent().unwrap().join("escaped");
    assert!(!outside.exists());
    for dir in ["problems", "judge-data"] {
        let mut ids: Vec<String> = fs::read_dir(workspace.root.join(dir))
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        ids.sort();
        assert_eq!(
            ids,
            [
                "atcabc300a",
                "cf118a",
                "cf1352c",
                "cf1807e",
                "cf1a",
                "cf1b",
                "cf1c",
                "escaped",
                "luogup1001",
                "poj1000"
            ]
        );
    }
    listener.interrupt("10 imported, 0 failed");
}

#[test]
fn a_second_import_adds_new_samples_and_overwrites_nothing() {
    let workspace = Workspace::empty();
    let listener = workspace.listen(&[], false);
    let first = Payload {
        tests: &CF_118A.tests[..2],
        ..CF_118A
    };
    answered_ok(&listener.post(&first.json()).0);
    listener.expect_out("cf118a \"A. String Task\": new, added sample-1 sample-2");
    let config = "judge-data/cf118a/problem.toml";
    let edited = workspace.read(config).replace("2000", "1500");
    fs::write(workspace.root.join(config), &edited).unwrap();
    fs::write(
        workspace.root.join("judge-data/cf118a/sample-1.out"),
        "edited\n",
    )
    .unwrap();
    let solution = "problems/cf118a/src/main.rs";
    fs::write(workspace.root.join(solution), "// my solution\n").unwrap();
    listener.interrupt("1 imported, 0 failed");

    // The page again, in another run, with all three samples and other limits.
    let listener = workspace.listen(&[], false);
    let again = Payload {
        time: "1000",
        ..CF_118A
    };
    answered_ok(&listener.post(&again.json()).0);
    assert_eq!(
        listener.expect_out("cf118a"),
        "cf118a \"A. String Task\": exists, added sample-3 (2 already stored)"
    );
    assert_eq!(workspace.read(config), edited);
    assert_eq!(workspace.read("judge-data/cf118a/sample-1.out"), "edited\n");
    assert_eq!(workspace.read(solution), "// my solution\n");
    assert_eq!(workspace.read("judge-data/cf118a/sample-3.in"), "aBAcAba\n");

    listener.interrupt("1 imported, 0 failed");

    let saved = workspace.root.join("cf118a.json");
    fs::write(&saved, again.json()).unwrap();
    let (code, stdout, stderr) = outcome(&workspace.import_files(&[&saved]));
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stdout,
        "cf118a \"A. String Task\": exists, no samples added (3 already stored)\n"
    );
    let files = fs::read_dir(workspace.root.join("judge-data/cf118a"))
        .unwrap()
        .count();
    assert_eq!(files, 7, "problem.toml and three pairs, no temporary files");
}

#[test]
fn bad_requests_are_refused_in_one_line_and_the_listener_goes_on() {
    let workspace = Workspace::empty();
    let listener = workspace.listen(&[], false);
    // A client that connects and says nothing must not hold up the others.
    let silent = TcpStream::connect(("127.0.0.1", listener.port)).unwrap();

    let (answer, _) = listener.post("{\"name\": \"x\",\n \"tests\": [}");
    assert!(
        answer.starts_with("HTTP/1.1 400 Bad Request\r\n"),
        "{answer}"
    );
    assert!(
        answer.ends_with("\r\n\r\ninvalid JSON: line 2, column 12: expected a value (object, array, string, number, true, false or null), found '}'\n"),
        "{answer}"
    );
    listener.expect_err("400 Bad Request: invalid JSON: line 2, column 12");

    let (answer, _) = listener.post("{\"name\": \"x\", \"url\": \"\"}");
    assert!(
        answer.ends_with("\r\n\r\nmissing field \"tests\"\n"),
        "{answer}"
    );
    listener.expect_err("missing field \"tests\"");

    // The body stops short of its Content-Length.
    let mut stream = TcpStream::connect(("127.0.0.1", listener.port)).unwrap();
    stream
        .write_all(
            format!(
                "POST / HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Length: 100\r\n\r\n{{\"name\":",
                listener.port
            )
            .as_bytes(),
        )
        .unwrap();
    stream.shutdown(Shutdown::Write).unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 400 "), "{answer}");
    assert!(
        answer.ends_with("the body ended after 8 of 100 bytes\n"),
        "{answer}"
    );

    let host = format!("Host: localhost:{}\r\n", listener.port);
    let answer = listener.send(format!("GET / HTTP/1.1\r\n{host}\r\n").as_bytes());
    assert!(
        answer.starts_with("HTTP/1.1 405 Method Not Allowed\r\n"),
        "{answer}"
    );
    answer.assert_has("Allow: POST, OPTIONS\r\n");
    let answer = listener
        .send(format!("POST /problems HTTP/1.1\r\n{host}Content-Length: 2\r\n\r\n{{}}").as_bytes());
    assert!(answer.starts_with("HTTP/1.1 404 Not Found\r\n"), "{answer}");
    let answer = listener.send(
        format!(
            "OPTIONS / HTTP/1.1\r\n{host}Origin: chrome-extension://x\r\n\
             Access-Control-Request-Method: POST\r\n\r\n"
        )
        .as_bytes(),
    );
    assert!(
        answer.starts_with("HTTP/1.1 204 No Content\r\n"),
        "{answer}"
    );
    answer.assert_has("Access-Control-Allow-Origin: chrome-extension://x\r\n");
    assert!(!answer.contains("Private-Network"), "{answer}");
    answer.assert_has("Access-Control-Allow-Methods: POST, OPTIONS\r\n");
    answer.assert_has("Access-Control-Allow-Headers: Content-Type\r\n");

    let huge_limit = Payload {
        time: "1e300",
        ..POJ_1000
    };
    let (answer, _) = listener.post(&huge_limit.json());
    assert!(
        answer.starts_with("HTTP/1.1 400 Bad Request\r\n")
            && answer.ends_with(
                "\r\n\r\n\"timeLimit\" must be a number of ms from 0 to 3600000, got 1e300\n"
            ),
        "{answer}"
    );

    let answer = listener.send(
        format!(
            "POST / HTTP/1.1\r\n{host}Content-Length: {}\r\n\r\n{{",
            17 << 20
        )
        .as_bytes(),
    );
    assert!(
        answer.starts_with("HTTP/1.1 413 Payload Too Large\r\n"),
        "{answer}"
    );
    listener.expect_err("413 Payload Too Large");

    // Still serving, and quickly, while the silent client waits.
    let (answer, took) = listener.post(&POJ_1000.json());
    answered_ok(&answer);
    assert!(took < Duration::from_millis(500), "{took:?}");
    listener.expect_out("poj1000 \"A+B Problem\": new, added sample-1");
    let entries = fs::read_dir(workspace.root.join("problems"))
        .unwrap()
        .count();
    assert_eq!(entries, 1, "only the good request made a problem");
    drop(silent);
    listener.interrupt("1 imported, 0 failed");
}

/// The most problems one listener run takes (the largest batch).
const MAX_PROBLEMS_PER_RUN: usize = 100;

#[test]
fn an_endless_stream_of_problems_is_taken_up_to_a_contest_each_once() {
    let workspace = Workspace::empty();
    let listener = workspace.listen(&[], false);
    fn problem(n: usize, tests: &[(&str, &str)]) -> String {
        let name = format!("A. Problem {n}");
        let url = format!("https://codeforces.com/contest/{n}/problem/A");
        let batch = format!("stream-{n}");
        Payload {
            name: &name,
            url: &url,
            tests,
            batch: (&batch, 1),
            ..CF_118A
        }
        .json()
    }
    for n in 1..=MAX_PROBLEMS_PER_RUN {
        answered_ok(&listener.post(&problem(n, &[("1\n", "1\n")])).0);
        listener.expect_out(&format!("cf{n}a \"A. Problem {n}\": new, added sample-1"));
    }
    let before = stored(&workspace);
    // One more problem, and a problem taken already with samples it lacks.
    let (answer, _) = listener.post(&problem(MAX_PROBLEMS_PER_RUN + 1, &[("1\n", "1\n")]));
    assert!(
        answer.starts_with("HTTP/1.1 429 Too Many Requests\r\n")
            && answer.ends_with(
                "\r\n\r\ncf101a not taken: this listener has taken 100 problems, \
                 the most one run takes; make import again for more\n"
            ),
        "{answer}"
    );
    listener.expect_err("429 Too Many Requests: cf101a not taken: this listener has taken 100");
    let (answer, _) = listener.post(&problem(7, &[("2\n", "2\n"), ("3\n", "3\n")]));
    assert!(
        answer.starts_with("HTTP/1.1 409 Conflict\r\n")
            && answer.ends_with(
                "\r\n\r\ncf7a not taken again: this listener has taken it already; \
                 make import again to add its page's new samples\n"
            ),
        "{answer}"
    );
    listener.expect_err("409 Conflict: cf7a not taken again");
    thread::sleep(Duration::from_millis(300));
    assert_eq!(stored(&workspace), before);
    listener.interrupt("100 imported, 0 failed");
}

/// The files under the workspace's `problems/` and `judge-data/`.
fn stored(workspace: &Workspace) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut folders = vec![
        workspace.root.join("problems"),
        workspace.root.join("judge-data"),
    ];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).unwrap().flatten() {
            if entry.file_type().unwrap().is_dir() {
                folders.push(entry.path());
            }
            found.push(entry.path());
        }
    }
    found.sort();
    found
}

#[test]
fn a_web_page_is_refused_and_nothing_it_sends_is_written() {
    let workspace = Workspace::empty();
    let listener = workspace.listen(&[], false);
    let port = listener.port;
    // A page's wrong answer for a problem, posted as text/plain (no preflight).
    let planted = Payload {
        tests: &[("1 2", "4")],
        ..POJ_1000
    };
    let body = planted.json();
    let post = |head: String, body: &str| {
        listener.send(
            format!(
                "POST / HTTP/1.1\r\n{head}Content-Type: text/plain\r\n\
                 Content-Length: {}\r\n\r\n{body}",
                body.len()
            )
            .as_bytes(),
        )
    };
    let forbidden = |answer: &str| {
        assert!(answer.starts_with("HTTP/1.1 403 Forbidden\r\n"), "{answer}");
        assert!(!answer.contains("Access-Control-Allow"), "{answer}");
    };
    // Cross-origin, from a page the user merely opened.
    let origin = format!("Host: 127.0.0.1:{port}\r\nOrigin: https://evil.example\r\n");
    forbidden(&post(origin, &body));
    listener
        .expect_err("403 Forbidden: Origin \"https://evil.example\" is not a browser extension's");
    // DNS rebinding: same origin to the browser, another Host.
    forbidden(&post(format!("Host: evil.example:{port}\r\n"), &body));
    listener.expect_err("403 Forbidden: Host \"evil.example:");
    forbidden(&post(String::new(), &body));
    // The preflight a page would send first.
    let preflight = listener.send(
        format!(
            "OPTIONS / HTTP/1.1\r\nHost: localhost:{port}\r\nOrigin: https://evil.example\r\n\
             Access-Control-Request-Method: POST\r\n\
             Access-Control-Request-Private-Network: true\r\n\r\n"
        )
        .as_bytes(),
    );
    forbidden(&preflight);
    // Bounded: a body over 16 MiB, too many samples, too big a batch.
    let host = || format!("Host: localhost:{port}\r\n");
    let over = format!(
        "POST / HTTP/1.1\r\n{}Content-Length: {}\r\n\r\n{{\"name\":",
        host(),
        (16 << 20) + 1
    );
    let answer = listener.send(over.as_bytes());
    assert!(
        answer.starts_with("HTTP/1.1 413 Payload Too Large\r\n"),
        "{answer}"
    );
    let many: Vec<(&str, &str)> = vec![("1 2", "3"); 1001];
    let answer = post(
        host(),
        &Payload {
            tests: &many,
            ..POJ_1000
        }
        .json(),
    );
    assert!(
        answer.ends_with("\"tests\" holds 1001 samples; at most 1000 are taken\n"),
        "{answer}"
    );
    let contest = Payload {
        batch: ("a-contest", 101),
        ..POJ_1000
    };
    let answer = post(host(), &contest.json());
    assert!(
        answer.ends_with("\"batch.size\" is 101; a batch of at most 100 problems is taken\n"),
        "{answer}"
    );
    // The extension itself, from Chrome and from Firefox, is answered and
    // allowed its own origin; the refused requests came first and wrote nothing.
    let other = Payload {
        url: "https://codeforces.com/contest/118/problem/B",
        ..CF_118A
    };
    for (origin, payload, id) in [
        ("chrome-extension://abcdefgh", CF_118A, "cf118a"),
        ("moz-extension://1234-5678", other, "cf118b"),
    ] {
        let answer = post(format!("{}Origin: {origin}\r\n", host()), &payload.json());
        answered_ok(&answer);
        answer.assert_has(&format!("Access-Control-Allow-Origin: {origin}\r\n"));
        listener.expect_out(&format!("{id} \"A. String Task\""));
    }
    assert!(!workspace.root.join("problems/poj1000").exists());
    assert!(!workspace.root.join("judge-data/poj1000").exists());
    let files = stored(&workspace);
    assert!(
        files.iter().all(|f| f.to_string_lossy().contains("cf118")),
        "{files:#?}"
    );
    listener.interrupt("2 imported, 0 failed");
}

#[test]
fn once_stops_after_a_batch_and_files_go_the_same_way() {
    let workspace = Workspace::empty();
    let mut listener = workspace.listen(&["--once"], false);
    for (name, letter) in [("A. Watermelon", "A"), ("B. Before an Exam", "B")] {
        let url = format!("https://codeforces.com/contest/4/problem/{letter}");
        let payload = Payload {
            name,
            url: &url,
            batch: ("d4d4-round4", 2),
            ..CF_118A
        };
        answered_ok(&listener.post(&payload.json()).0);
    }
    listener.expect_out("2 of 2 problems imported: cf4a cf4b");
    listener.expect_out("stopped listening");
    listener.wait_gone(0);

    let saved = workspace.root.join("poj1000.json");
    fs::write(&saved, POJ_1000.json()).unwrap();
    let broken = workspace.root.join("broken.json");
    fs::write(&broken, "{\"name\": \"x\"").unwrap();
    let output = workspace.import_files(&[&saved, &broken]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    stderr.assert_has("broken.json: invalid JSON: line 1, column 13");
    assert!(!workspace.root.join("judge-data/poj1000").exists());

    let leetcode = Payload {
        name: "294. Flip Game II",
        group: "LeetCode",
        url: "https://leetcode.com/problems/flip-game-ii/",
        tests: &[
            ("currentState = \"++++\"", "true"),
            ("currentState = \"+\"", "false"),
        ],
        batch: ("1eet-294", 1),
        ..CF_118A
    };
    let saved_leetcode = workspace.root.join("lc294.json");
    fs::write(&saved_leetcode, leetcode.json()).unwrap();
    let output = workspace.import_files(&[&saved, &saved_leetcode]);
    assert!(output.status.success());
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "poj1000 \"A+B Problem\": new, added sample-1\n\
         lc294 \"294. Flip Game II\": new, added sample-1 sample-2\n"
    );
    assert_eq!(workspace.read("judge-data/poj1000/sample-1.in"), "1 2\n");
    // LeetCode's custom-testcase format: one argument per line.
    assert_eq!(workspace.read("judge-data/lc294/sample-1.in"), "\"++++\"\n");
    assert_eq!(workspace.read("judge-data/lc294/sample-2.out"), "false\n");
    assert!(workspace
        .read("problems/lc294/src/main.rs")
        .contains("// submit-begin"));

    // A port another tool holds is a setup error that names it.
    let taken = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let output = workspace
        .judge()
        .args(["import", "--port", &port])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(&format!("cannot listen on 127.0.0.1:{port}")),
        "{stderr}"
    );
}

/// `judge import --file <payload>` with builds skipped: (exit code, stdout, stderr).
fn import_file(workspace: &Workspace, name: &str, payload: &str) -> (i32, String, String) {
    let saved = workspace.root.join(name);
    fs::write(&saved, payload).unwrap();
    let output = workspace.import_files(&[&saved]);
    outcome(&output)
}

#[test]
fn names_become_short_safe_titles_and_limits_out_of_range_are_refused() {
    let workspace = Workspace::empty();
    // U+202E and the isolates reorder what is shown; rustc refuses them
    // even in the solution's first comment.
    let spoofed = Payload {
        name: "A. String\u{202e} Task\u{2066}\u{2069}\u{7}",
        ..CF_118A
    };
    let (code, stdout, stderr) = import_file(&workspace, "spoofed.json", &spoofed.json());
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stdout,
        "cf118a \"A. String Task\": new, added sample-1 sample-2 sample-3\n"
    );
    assert!(workspace
        .read("judge-data/cf118a/problem.toml")
        .starts_with("title = \"A. String Task\"\n"));
    let solution = workspace.read("problems/cf118a/src/main.rs");
    assert!(
        solution.starts_with(
            "//! cf118a A. String Task — https://codeforces.com/problemset/problem/118/A\n"
        ),
        "{solution}"
    );

    let long_name = "Ω".repeat(10 << 20);
    let long = Payload {
        name: &long_name,
        url: "https://codeforces.com/contest/2/problem/A",
        ..CF_118A
    };
    let (code, stdout, stderr) = import_file(&workspace, "long.json", &long.json());
    assert_eq!(code, 0, "{stderr}");
    let title = "Ω".repeat(200);
    assert!(
        stdout.starts_with(&format!("cf2a \"{title}\": new")),
        "{}",
        &stdout[..400]
    );
    let config = workspace.read("judge-data/cf2a/problem.toml");
    assert!(config.starts_with(&format!("title = \"{title}\"\n")));
    assert!(config.len() < 1024, "{} bytes", config.len());

    for (field, value, unit, max) in [
        ("timeLimit", "1e300", "ms", "3600000"),
        ("memoryLimit", "1e300", "MB", "1048576"),
        ("timeLimit", "-1", "ms", "3600000"),
    ] {
        let url = "https://codeforces.com/contest/3/problem/A";
        let mut payload = Payload { url, ..CF_118A };
        match field {
            "timeLimit" => payload.time = value,
            _ => payload.memory = value,
        }
        let (code, stdout, stderr) = import_file(&workspace, "limit.json", &payload.json());
        assert_eq!(code, 2, "{stdout}{stderr}");
        assert_eq!(
            stderr,
            format!(
                "judge: {}: \"{field}\" must be a number of {unit} from 0 to {max}, got {value}\n",
                workspace.root.join("limit.json").display()
            )
        );
        assert!(!workspace.root.join("judge-data/cf3a").exists());
        assert!(!workspace.root.join("problems/cf3a").exists());
    }
}

#[test]
fn a_batch_that_stops_short_is_summed_up_after_a_quiet_spell() {
    let workspace = Workspace::empty();
    let mut listener = workspace.listen(&["--once"], false);
    let payload = Payload {
        batch: ("f00d-partial", 3),
        ..CF_118A
    };
    answered_ok(&listener.post(&payload.json()).0);
    listener.expect_out("cf118a \"A. String Task\": new");
    let start = Instant::now();
    assert_eq!(
        listener.expect_out("batch "),
        "batch Codeforces - Codeforces Beta Round 89 (Div. 2): 1 of 3 problems imported, \
         2 never arrived (quiet for 3 s): cf118a"
    );
    assert!(
        start.elapsed() > Duration::from_secs(2),
        "{:?}",
        start.elapsed()
    );
    listener.expect_out("stopped listening");
    listener.wait_gone(0);
}

#[test]
fn a_new_problem_is_built_after_the_extension_has_its_answer() {
    let workspace = Workspace::buildable();
    let listener = workspace.listen(&[], true);
    // The name's U+202E never reaches the code: rustc would refuse the crate.
    let spoofed = Payload {
        name: "A+B\u{202e} Problem",
        ..POJ_1000
    };
    let (answer, took) = listener.post(&spoofed.json());
    answered_ok(&answer);
    assert!(took < Duration::from_millis(500), "{took:?}");
    // Built from nothing (every tool crate): as long as the build takes.
    let line = expect_line_within(&listener.out, "poj1000", "stdout", Duration::MAX);
    assert_eq!(line, "poj1000 \"A+B Problem\": new, added sample-1; built");
    assert!(workspace.root.join("target/release/poj1000").is_file());
    listener.interrupt("1 imported, 0 failed");
}

/// A `CARGO` for the listener: it logs each call to `cargo.log`, and holds
/// the runner's own build (its pid in `cargo.pid`) until `cargo.go` exists,
/// then touches `runner`, as a build that replaces it would.
fn held_cargo(workspace: &Workspace, runner: &Path) -> PathBuf {
    let cargo = workspace.root.join("cargo");
    fs::write(
        &cargo,
        format!(
            "#!/bin/sh\necho \"$*\" >> \"$0.log\"\n\
             if [ \"$*\" = \"build --release --quiet -p judge\" ]; then\n\
             \x20 sleep 30 & echo $! > \"$0.child\"\n\
             \x20 echo $$ > \"$0.pid\"\n\
             \x20 while [ ! -e \"$0.go\" ]; do sleep 0.05; done\n\
             \x20 kill $!; touch '{}'\n\
             fi\n",
            runner.display()
        ),
    )
    .unwrap();
    fs::set_permissions(&cargo, fs::Permissions::from_mode(0o755)).unwrap();
    cargo
}

/// Waits up to 10 s for `path` to exist.
fn wait_for(path: &Path) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !path.exists() {
        assert!(Instant::now() < deadline, "no {}", path.display());
        thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn the_listener_answers_while_the_runner_builds_behind_it() {
    let workspace = Workspace::empty();
    // A copy of the runner, which the build behind it replaces.
    let runner = workspace.root.join("judge");
    fs::copy(env!("CARGO_BIN_EXE_judge"), &runner).unwrap();
    let cargo = held_cargo(&workspace, &runner);
    let log = workspace.root.join("cargo.log");
    let listen = || {
        let port = free_port();
        let mut command = Command::new(&runner);
        command
            .arg("--root")
            .arg(&workspace.root)
            .env("CARGO", &cargo)
            .args(["import", "--port", &port.to_string(), "--build-runner"]);
        let listener = Listener::start(&mut command, port);
        listener.expect_out("building the runner behind the listener");
        wait_for(&workspace.root.join("cargo.pid"));
        listener
    };
    let listener = listen();
    let (answer, took) = listener.post(&POJ_1000.json());
    answered_ok(&answer);
    assert!(took < Duration::from_millis(500), "{took:?}");
    // Written at once; its build waits for the runner's.
    wait_for(&workspace.root.join("judge-data/poj1000/sample-1.in"));
    thread::sleep(Duration::from_millis(300));
    assert_eq!(
        workspace.read("cargo.log"),
        "build --release --quiet -p judge\n"
    );
    fs::write(workspace.root.join("cargo.go"), "").unwrap();
    listener.expect_out(
        "the runner: built; this listener is the runner from before: \
         make import again to use the new one",
    );
    assert_eq!(
        listener.expect_out("poj1000"),
        "poj1000 \"A+B Problem\": new, added sample-1; built"
    );
    assert_eq!(
        workspace.read("cargo.log"),
        "build --release --quiet -p judge\nbuild --release --quiet -p poj1000\n"
    );
    listener.interrupt("1 imported, 0 failed");

    // Ctrl-C while the runner builds stops the build too, and what it
    // started (a compiler: here a `sleep`).
    for file in ["cargo.go", "cargo.pid", "cargo.child"] {
        fs::remove_file(workspace.root.join(file)).unwrap();
    }
    fs::remove_file(&log).unwrap();
    let listener = listen();
    let stats = ["cargo.pid", "cargo.child"]
        .map(|file| format!("/proc/{}/stat", workspace.read(file).trim()));
    assert!(stats.iter().all(|stat| Path::new(stat).exists()));
    answered_ok(&listener.post(&POJ_1000.json()).0);
    listener.expect_out("poj1000 \"A+B Problem\": exists, no samples added");
    listener.interrupt("1 imported, 0 failed");
    for stat in stats {
        // Gone, or a zombie its parent (an init that does not reap) keeps.
        let state = fs::read_to_string(&stat).unwrap_or_default();
        assert!(
            state.is_empty() || state.contains(") Z "),
            "{stat}: {state}"
        );
    }
}

/// The listener's `MAX_CONNECTIONS` and `REQUEST_DEADLINE`.
const MAX_CONNECTIONS: usize = 32;
const REQUEST_DEADLINE: Duration = Duration::from_secs(5);

/// A client that sends a request's first line and then, if `trickle`ing, a
/// header line at a time, slowly, never ending its head.
struct Slow {
    stream: TcpStream,
    answer: Vec<u8>,
    connected: Instant,
    /// When the answer ended (the listener closed the connection).
    closed: Option<Instant>,
}

impl Slow {
    fn connect(port: u16) -> Slow {
        let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
        stream
            .write_all(b"POST / HTTP/1.1\r\nContent-Length: 2\r\n")
            .unwrap();
        stream.set_nonblocking(true).unwrap();
        Slow {
            stream,
            answer: Vec::new(),
            connected: Instant::now(),
            closed: None,
        }
    }

    /// Sends one more header line, while the connection is open.
    fn trickle(&mut self) {
        if self.closed.is_none() {
            let _ = self.stream.write_all(b"X-Slow: 1\r\n");
        }
    }

    /// Reads what has come without waiting.
    fn poll(&mut self) {
        let mut chunk = [0u8; 4096];
        while self.closed.is_none() {
            match self.stream.read(&mut chunk) {
                Ok(0) => self.closed = Some(Instant::now()),
                Ok(n) => self.answer.extend_from_slice(&chunk[..n]),
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => break,
                // A reset, after the answer or instead of it.
                Err(_) => self.closed = Some(Instant::now()),
            }
        }
    }

    fn status(&self) -> String {
        String::from_utf8_lossy(&self.answer)
            .lines()
            .next()
            .unwrap_or("")
            .to_string()
    }
}

/// The threads reading requests the process `pid` has now (named
/// `import-request`; the runner's own come and go as it starts).
fn threads(pid: u32) -> usize {
    fs::read_dir(format!("/proc/{pid}/task"))
        .unwrap()
        .flatten()
        .filter(|task| {
            fs::read_to_string(task.path().join("comm"))
                .is_ok_and(|name| name.trim() == "import-request")
        })
        .count()
}

#[test]
fn slow_clients_hold_a_bounded_number_of_threads_each_until_one_deadline() {
    let workspace = Workspace::empty();
    let listener = workspace.listen(&[], false);
    let pid = listener.child.id();
    let idle = threads(pid);
    let count = MAX_CONNECTIONS + 28;
    let mut clients: Vec<Slow> = (0..count).map(|_| Slow::connect(listener.port)).collect();
    // Trickled a line every 300 ms, past twice the deadline: a deadline per
    // read would never end them.
    let start = Instant::now();
    let mut most = 0;
    while start.elapsed() < REQUEST_DEADLINE * 2 && clients.iter().any(|c| c.closed.is_none()) {
        for client in &mut clients {
            client.trickle();
            client.poll();
        }
        most = most.max(threads(pid));
        thread::sleep(Duration::from_millis(300));
    }
    assert!(
        most <= MAX_CONNECTIONS && idle == 0,
        "{most} threads reading for {count} connections ({idle} before any)"
    );
    let busy = clients
        .iter()
        .filter(|c| c.status() == "HTTP/1.1 503 Service Unavailable")
        .count();
    assert_eq!(busy, count - MAX_CONNECTIONS, "answered 503 at once");
    for client in &clients {
        let status = client.status();
        let took = client.closed.map(|at| at - client.connected);
        match status.as_str() {
            "HTTP/1.1 503 Service Unavailable" => {
                assert!(took.unwrap() < Duration::from_secs(1), "{took:?}")
            }
            "HTTP/1.1 408 Request Timeout" => {
                let took = took.unwrap();
                assert!(
                    took >= REQUEST_DEADLINE - Duration::from_millis(500)
                        && took < REQUEST_DEADLINE + Duration::from_secs(2),
                    "{took:?}"
                );
                assert!(String::from_utf8_lossy(&client.answer)
                    .ends_with("the request head did not arrive within 5 s\n"));
            }
            _ => panic!("{status:?} after {took:?}"),
        }
    }
    listener.expect_err("503 Service Unavailable: 32 requests are being read already");
    drop(clients);
    // Their threads are gone, and the listener serves as before.
    let deadline = Instant::now() + Duration::from_secs(5);
    while threads(pid) > idle && Instant::now() < deadline {
        thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(threads(pid), idle);
    answered_ok(&listener.post(&POJ_1000.json()).0);
    listener.expect_out("poj1000 \"A+B Problem\": new, added sample-1");
    listener.interrupt("1 imported, 0 failed");
}

/// A cgroup of the pids controller allowing `max` tasks, removed on drop;
/// `None` where this machine has none a test may make.
struct PidsCgroup(PathBuf);

impl PidsCgroup {
    fn new(max: usize) -> Option<PidsCgroup> {
        let name = common::temp_path("judge-import-pids");
        let name = name.file_name().unwrap();
        for base in ["/sys/fs/cgroup/pids", "/sys/fs/cgroup"] {
            let dir = Path::new(base).join(name);
            if fs::create_dir(&dir).is_err() {
                continue;
            }
            // The kernel's own file, not one made on a plain folder.
            if dir.join("pids.max").is_file()
                && fs::write(dir.join("pids.max"), max.to_string()).is_ok()
            {
                return Some(PidsCgroup(dir));
            }
            let _ = fs::remove_dir(&dir);
        }
        None
    }
}

impl Drop for PidsCgroup {
    fn drop(&mut self) {
        // Empty once its processes are reaped.
        let deadline = Instant::now() + Duration::from_secs(5);
        while fs::remove_dir(&self.0).is_err() && Instant::now() < deadline {
            thread::sleep(Duration::from_millis(20));
        }
    }
}

#[test]
fn a_listener_that_cannot_start_a_thread_answers_503_and_goes_on() {
    // The main thread, Ctrl-C's and the importer's, and room for 5 more.
    let Some(cgroup) = PidsCgroup::new(8) else {
        common::skip("a listener out of threads: no pids cgroup can be made here");
        return;
    };
    let workspace = Workspace::empty();
    let port = free_port();
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(format!(
            "echo $$ > {}/cgroup.procs && exec \"$0\" \"$@\"",
            cgroup.0.display()
        ))
        .arg(env!("CARGO_BIN_EXE_judge"))
        .args(["--root", workspace.root.to_str().unwrap()])
        .args(["import", "--port", &port.to_string()])
        .env("JUDGE_IMPORT_SKIP_BUILD", "1");
    let listener = Listener::start(&mut command, port);
    let tasks = fs::read_to_string(cgroup.0.join("cgroup.procs")).unwrap();
    assert_eq!(tasks.trim(), listener.child.id().to_string());

    let mut clients: Vec<Slow> = (0..60).map(|_| Slow::connect(port)).collect();
    let start = Instant::now();
    while start.elapsed() < REQUEST_DEADLINE * 2 && clients.iter().any(|c| c.closed.is_none()) {
        for client in &mut clients {
            client.poll();
        }
        thread::sleep(Duration::from_millis(100));
    }
    let statuses: Vec<String> = clients.iter().map(Slow::status).collect();
    let refused = statuses
        .iter()
        .filter(|s| *s == "HTTP/1.1 503 Service Unavailable")
        .count();
    let timed_out = statuses
        .iter()
        .filter(|s| *s == "HTTP/1.1 408 Request Timeout")
        .count();
    assert!(refused >= 55 && refused + timed_out == 60, "{statuses:#?}");
    listener.expect_err("503 Service Unavailable: cannot start a thread to read it (");
    drop(clients);
    // Alive, and serving once the slow ones are gone.
    thread::sleep(Duration::from_millis(200));
    answered_ok(&listener.post(&POJ_1000.json()).0);
    listener.expect_out("poj1000 \"A+B Problem\": new, added sample-1");
    listener.interrupt("1 imported, 0 failed");
}
