//! Just enough HTTP/1.1 to receive Competitive Companion's POSTs: a thread
//! per connection, at most `MAX_CONNECTIONS` at once, each request read
//! within one deadline, so a slow or broken client never holds up the next
//! and many of them hold a bounded number of threads; `Content-Length`
//! bodies up to 16 MiB; CORS preflight; every answer closes the connection.
//!
//! Only the extension is answered: a request must name the listener itself
//! in `Host` (`127.0.0.1:<port>` or `localhost:<port>`, so a DNS-rebound
//! page's is refused), and one with an `Origin` must come from a browser
//! extension; anything else is 403 before its body is read. No answer
//! allows any other origin.

use std::io::{self, ErrorKind, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// Larger than any problem's samples; a larger body is refused unread.
pub const MAX_BODY_BYTES: usize = 16 << 20;
const MAX_HEAD_BYTES: usize = 64 << 10;
/// Connections answered at once; one more is answered 503 at once. The
/// extension sends a contest's problems a request each, and each is read
/// here in milliseconds.
const MAX_CONNECTIONS: usize = 32;
/// The whole request, head and body, must arrive within this, however its
/// bytes trickle in; a client too slow is answered 408 and dropped.
const REQUEST_DEADLINE: Duration = Duration::from_secs(5);
/// How long a refused request's rest is read before the connection closes.
const DRAIN: Duration = Duration::from_millis(200);
/// How often the accept loop looks at `STOP`.
const POLL: Duration = Duration::from_millis(50);

/// Set by the caller to end `serve` (Ctrl-C is `interrupt`'s: it ends the
/// whole process).
pub static STOP: AtomicBool = AtomicBool::new(false);

/// What `serve` hands each body to.
type Accept = dyn Fn(&[u8]) -> Result<(), Response> + Send + Sync;

/// The origins a request with an `Origin` may come from: the extension's
/// own, in Chrome (and its kin) or in Firefox.
const EXTENSION_ORIGINS: [&str; 2] = ["chrome-extension://", "moz-extension://"];

/// What a request gets back: a status and a one-line message.
pub struct Response {
    pub status: u16,
    pub message: String,
    /// The extension's origin the answer is for (`Access-Control-Allow-Origin`).
    origin: Option<String>,
}

impl Response {
    pub fn new(status: u16, message: impl Into<String>) -> Response {
        Response {
            status,
            message: message.into(),
            origin: None,
        }
    }
}

/// Accepts connections until `STOP` is set; each POST `/` body goes to
/// `accept`, whose `Err` is the answer. Errors (4xx, 5xx) are also printed
/// on stderr, since the browser shows them to no one.
pub fn serve<F>(listener: TcpListener, accept: F) -> io::Result<()>
where
    F: Fn(&[u8]) -> Result<(), Response> + Send + Sync + 'static,
{
    listener.set_nonblocking(true)?;
    let port = listener.local_addr()?.port();
    let accept: Arc<Accept> = Arc::new(accept);
    let mut open = Vec::new();
    while !STOP.load(Ordering::SeqCst) {
        match listener.accept() {
            Ok((stream, _)) => hand_over(stream, port, &accept, &mut open),
            Err(e) if e.kind() == ErrorKind::WouldBlock || e.kind() == ErrorKind::Interrupted => {
                thread::sleep(POLL)
            }
            // Out of file descriptors and the like: wait for some to close.
            Err(e) => {
                eprintln!("judge import: cannot accept a connection: {e}");
                thread::sleep(POLL * 10);
            }
        }
    }
    Ok(())
}

/// Answers `stream` on a thread of its own, kept in `open`; at once with 503
/// when `MAX_CONNECTIONS` are open or no thread can be started (a process
/// limit). A thread that has answered is joined first: its place is free
/// once it is gone, not a moment before.
fn hand_over(stream: TcpStream, port: u16, accept: &Arc<Accept>, open: &mut Vec<JoinHandle<()>>) {
    let deadline = Instant::now() + REQUEST_DEADLINE;
    let (done, running): (Vec<_>, Vec<_>) = open.drain(..).partition(|t| t.is_finished());
    for thread in done {
        let _ = thread.join();
    }
    *open = running;
    if open.len() >= MAX_CONNECTIONS {
        let busy = format!("{MAX_CONNECTIONS} requests are being read already: send it again");
        return refuse(&stream, Response::new(503, busy));
    }
    let stream = Arc::new(stream);
    let (theirs, accept) = (Arc::clone(&stream), Arc::clone(accept));
    let spawned = thread::Builder::new()
        .name("import-request".into())
        .spawn(move || answer(&theirs, port, deadline, &*accept));
    match spawned {
        Ok(thread) => open.push(thread),
        Err(e) => {
            let why = format!("cannot start a thread to read it ({e}): send it again");
            refuse(&stream, Response::new(503, why));
        }
    }
}

/// Answers from the accepting thread, which must never wait on a client:
/// written without blocking, then closed.
fn refuse(stream: &TcpStream, response: Response) {
    report(&response);
    if stream.set_nonblocking(true).is_err() {
        return;
    }
    let mut stream = stream;
    let _ = stream.write_all(&encode(&response));
    let _ = stream.shutdown(Shutdown::Write);
    // What the request sent already, so the close does not reset the
    // connection before the client reads the answer.
    let _ = io::copy(&mut stream.take(MAX_HEAD_BYTES as u64), &mut io::sink());
}

fn report(response: &Response) {
    if response.status >= 400 {
        eprintln!(
            "judge import: {} {}: {}",
            response.status,
            reason(response.status),
            response.message
        );
    }
}

fn answer(stream: &TcpStream, port: u16, deadline: Instant, accept: &Accept) {
    let ready = stream
        .set_nonblocking(false)
        .and_then(|()| stream.set_write_timeout(Some(REQUEST_DEADLINE)));
    if ready.is_err() {
        return;
    }
    let mut request = Timed { stream, deadline };
    let response = match respond(&mut request, port, accept) {
        Some(response) => response,
        // Connected and closed without a byte: a port probe.
        None => return,
    };
    report(&response);
    let mut writer = stream;
    let _ = writer.write_all(&encode(&response));
    let _ = writer.flush();
    if response.status >= 400 {
        // The client may still be sending a body we refused; read a little
        // of it so the close does not reset the connection before the client
        // reads our answer.
        let _ = stream.shutdown(Shutdown::Write);
        let mut rest = Timed {
            stream,
            deadline: Instant::now() + DRAIN,
        };
        let _ = io::copy(&mut (&mut rest).take(1 << 20), &mut io::sink());
    }
}

/// Reads from the client until `deadline`, however it trickles its bytes.
struct Timed<'a> {
    stream: &'a TcpStream,
    deadline: Instant,
}

impl Read for Timed<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let left = self.deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(ErrorKind::TimedOut.into());
        }
        self.stream.set_read_timeout(Some(left))?;
        let mut stream = self.stream;
        stream.read(buf)
    }
}

fn respond(stream: &mut Timed, port: u16, accept: &Accept) -> Option<Response> {
    let (head, body) = match read_head(stream) {
        Ok(Some(read)) => read,
        Ok(None) => return None,
        Err(response) => return Some(response),
    };
    let request = match Request::parse(&head) {
        Ok(request) => request,
        Err(message) => return Some(Response::new(400, message)),
    };
    if let Some(refused) = forbidden(&request, port) {
        return Some(refused);
    }
    let origin = request.header("origin").map(str::to_string);
    Some(Response {
        origin,
        ..answer_allowed(&request, body, stream, accept)
    })
}

/// Why a request is not the extension's (403): a `Host` other than the
/// listener's own loopback address and port, or an `Origin` other than a
/// browser extension's.
fn forbidden(request: &Request, port: u16) -> Option<Response> {
    let host = request.header("host").unwrap_or("").to_ascii_lowercase();
    let own = [format!("127.0.0.1:{port}"), format!("localhost:{port}")];
    let default_port = port == 80 && (host == "127.0.0.1" || host == "localhost");
    if !own.contains(&host) && !default_port {
        return Some(Response::new(
            403,
            format!("Host {host:?} is not this listener's (127.0.0.1:{port} or localhost:{port})"),
        ));
    }
    match request.header("origin") {
        // Echoed in the answer: visible ASCII only.
        Some(origin)
            if !EXTENSION_ORIGINS.iter().any(|o| origin.starts_with(o))
                || !origin.bytes().all(|b| b.is_ascii_graphic()) =>
        {
            Some(Response::new(
                403,
                format!("Origin {origin:?} is not a browser extension's: only Competitive Companion is answered"),
            ))
        }
        _ => None,
    }
}

/// The answer to a request from the extension: its method and path, then
/// its body read (to `MAX_BODY_BYTES`) and handed to `accept`.
fn answer_allowed(
    request: &Request,
    mut body: Vec<u8>,
    stream: &mut Timed,
    accept: &Accept,
) -> Response {
    let path = request.target.split('?').next().unwrap_or("");
    if path != "/" {
        return Response::new(404, format!("no {path:?} here: POST to /"));
    }
    match request.method.as_str() {
        "OPTIONS" => return Response::new(204, ""),
        "POST" => {}
        other => return Response::new(405, format!("{other} is not served: POST a problem to /")),
    }
    let length = match body_length(request) {
        Ok(length) => length,
        Err(refused) => return refused,
    };
    if body.len() > length {
        return Response::new(400, "more bytes than Content-Length says");
    }
    // Read as it arrives: memory holds what was sent, not what was announced.
    let missing = (length - body.len()) as u64;
    if let Err(e) = stream.take(missing).read_to_end(&mut body) {
        return read_failure(&e, "the body");
    }
    if body.len() < length {
        return Response::new(
            400,
            format!("the body ended after {} of {length} bytes", body.len()),
        );
    }
    match accept(&body) {
        Ok(()) => Response::new(200, "received; importing"),
        Err(refused) => refused,
    }
}

/// A POST's `Content-Length`, at most `MAX_BODY_BYTES` (else 413).
fn body_length(request: &Request) -> Result<usize, Response> {
    if request.header("transfer-encoding").is_some() {
        return Err(Response::new(411, "send the body with Content-Length"));
    }
    let length = match request.header("content-length") {
        None => return Err(Response::new(411, "the POST has no Content-Length")),
        Some(text) => text.parse::<usize>().map_err(|_| {
            Response::new(
                400,
                format!("Content-Length {text:?} is not a whole number"),
            )
        })?,
    };
    if length > MAX_BODY_BYTES {
        return Err(Response::new(
            413,
            format!("a body of {length} bytes is over the 16 MiB limit"),
        ));
    }
    Ok(length)
}

/// The head up to the blank line, and whatever body bytes came with it;
/// `None` when the client closed without sending anything.
fn read_head(stream: &mut Timed) -> Result<Option<(String, Vec<u8>)>, Response> {
    let mut read = Vec::new();
    let mut chunk = [0u8; 8192];
    loop {
        if let Some(end) = find(&read, b"\r\n\r\n") {
            let head = String::from_utf8(read[..end].to_vec())
                .map_err(|_| Response::new(400, "the request head is not UTF-8"))?;
            return Ok(Some((head, read[end + 4..].to_vec())));
        }
        if read.len() > MAX_HEAD_BYTES {
            return Err(Response::new(431, "request head over 64 KiB"));
        }
        match stream.read(&mut chunk) {
            Ok(0) if read.is_empty() => return Ok(None),
            Ok(0) => return Err(Response::new(400, "the request ended inside its head")),
            Ok(n) => read.extend_from_slice(&chunk[..n]),
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) => return Err(read_failure(&e, "the request head")),
        }
    }
}

fn read_failure(error: &io::Error, what: &str) -> Response {
    match error.kind() {
        ErrorKind::WouldBlock | ErrorKind::TimedOut => Response::new(
            408,
            format!(
                "{what} did not arrive within {} s",
                REQUEST_DEADLINE.as_secs()
            ),
        ),
        _ => Response::new(400, format!("cannot read {what}: {error}")),
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

struct Request {
    method: String,
    target: String,
    /// Names lowercased.
    headers: Vec<(String, String)>,
}

impl Request {
    fn parse(head: &str) -> Result<Request, String> {
        let mut lines = head.split("\r\n");
        let first = lines.next().unwrap_or("");
        let parts: Vec<&str> = first.split(' ').collect();
        let (method, target) = match parts.as_slice() {
            [method, target, version] if version.starts_with("HTTP/1.") => (method, target),
            _ => return Err(format!("not an HTTP/1.x request line: {first:?}")),
        };
        let headers = lines
            .map(|line| {
                line.split_once(':')
                    .map(|(name, value)| {
                        (name.trim().to_ascii_lowercase(), value.trim().to_string())
                    })
                    .ok_or_else(|| format!("not a header line: {line:?}"))
            })
            .collect::<Result<Vec<_>, String>>()?;
        Ok(Request {
            method: method.to_string(),
            target: target.to_string(),
            headers,
        })
    }

    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        204 => "No Content",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        409 => "Conflict",
        411 => "Length Required",
        413 => "Payload Too Large",
        429 => "Too Many Requests",
        431 => "Request Header Fields Too Large",
        503 => "Service Unavailable",
        _ => "Error",
    }
}

/// The whole answer. One to the extension allows its origin (and a 204
/// answers its CORS preflight); no other origin is ever allowed.
fn encode(response: &Response) -> Vec<u8> {
    let body = if response.status == 204 {
        String::new()
    } else {
        format!("{}\n", response.message)
    };
    let mut head = format!(
        "HTTP/1.1 {} {}\r\nConnection: close\r\n",
        response.status,
        reason(response.status)
    );
    if let Some(origin) = &response.origin {
        head.push_str(&format!(
            "Access-Control-Allow-Origin: {origin}\r\nVary: Origin\r\n"
        ));
    }
    if response.status == 204 || response.status == 405 {
        head.push_str(
            "Allow: POST, OPTIONS\r\n\
             Access-Control-Allow-Methods: POST, OPTIONS\r\n\
             Access-Control-Allow-Headers: Content-Type\r\n\
             Access-Control-Max-Age: 86400\r\n",
        );
    }
    if response.status != 204 {
        head.push_str(&format!(
            "Content-Type: text/plain; charset=utf-8\r\nContent-Length: {}\r\n",
            body.len()
        ));
    }
    head.push_str("\r\n");
    let mut bytes = head.into_bytes();
    bytes.extend_from_slice(body.as_bytes());
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_heads_are_read_strictly() {
        let request =
            Request::parse("POST /?x=1 HTTP/1.1\r\nHost: a\r\nContent-LENGTH:  12 ").unwrap();
        assert_eq!(request.method, "POST");
        assert_eq!(request.target, "/?x=1");
        assert_eq!(request.header("content-length"), Some("12"));
        assert!(Request::parse("POST /").is_err());
        assert!(Request::parse("GET / HTTP/1.1\r\nbroken").is_err());
        let answer = String::from_utf8(encode(&Response::new(204, ""))).unwrap();
        assert!(
            answer.starts_with("HTTP/1.1 204 No Content\r\n"),
            "{answer}"
        );
        assert!(answer.contains("Access-Control-Allow-Methods: POST, OPTIONS\r\n"));
        assert!(answer.ends_with("\r\n\r\n"));
    }

    #[test]
    fn only_the_listener_itself_and_extensions_are_answered() {
        let request = |head: &str| Request::parse(&format!("POST / HTTP/1.1{head}")).unwrap();
        let allowed = [
            "\r\nHost: 127.0.0.1:10043",
            "\r\nHost: LOCALHOST:10043",
            "\r\nHost: localhost:10043\r\nOrigin: chrome-extension://abcdef",
            "\r\nHost: localhost:10043\r\nOrigin: moz-extension://1234-abcd",
        ];
        for head in allowed {
            assert!(forbidden(&request(head), 10043).is_none(), "{head:?}");
        }
        let refused = [
            "",
            "\r\nHost: localhost",
            "\r\nHost: localhost:10044",
            "\r\nHost: evil.example:10043",
            "\r\nHost: 127.0.0.1:10043\r\nOrigin: https://evil.example",
            "\r\nHost: 127.0.0.1:10043\r\nOrigin: null",
            "\r\nHost: 127.0.0.1:10043\r\nOrigin: chrome-extension://x\ny",
        ];
        for head in refused {
            let response = forbidden(&request(head), 10043).expect(head);
            assert_eq!(response.status, 403, "{head:?}");
        }
        let answer = String::from_utf8(encode(&Response::new(400, "no"))).unwrap();
        assert!(!answer.contains("Access-Control-Allow-Origin"), "{answer}");
    }
}
