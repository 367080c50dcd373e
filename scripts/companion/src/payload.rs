//! Competitive Companion's JSON, read into what `import` needs
//! (https://github.com/jmerle/competitive-companion#the-format).

use json::Value;
use judge_core::base::terminal::plain_line;

/// The longest name kept (a problem's, a contest's, a file's): names are for
/// reading, and the pages' own are far shorter.
const MAX_NAME_CHARS: usize = 200;
/// The longest URL taken; a longer one is refused.
const MAX_URL_CHARS: usize = 2048;
/// The largest time limit taken: an hour.
const MAX_TIME_LIMIT_MS: u64 = 3_600_000;
/// The largest memory limit taken: a TiB.
const MAX_MEMORY_LIMIT_MB: u64 = 1 << 20;
/// The most samples one problem brings, and problems one batch announces
/// (a contest's page has tens at most): more is refused.
const MAX_SAMPLES: usize = 1000;
pub const MAX_BATCH: usize = 100;

/// What a payload says, its text made safe: every name and URL is one line
/// with no control characters and nothing that reorders or hides text
/// (`clean`), and names stop at `MAX_NAME_CHARS`.
#[derive(Clone, Debug, PartialEq)]
pub struct Payload {
    pub name: String,
    pub group: String,
    pub url: String,
    pub interactive: bool,
    /// `testType = "multiNumber"`: the input's first line is the number of
    /// test cases that follow.
    pub multi_number: bool,
    /// `None` when the page gave none (null, absent or zero).
    pub time_limit_ms: Option<u64>,
    pub memory_limit_kib: Option<u64>,
    pub tests: Vec<Sample>,
    /// Where the program reads, when not stdin (`input.fileName`).
    pub input_file: Option<String>,
    pub output_file: Option<String>,
    pub batch: Batch,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    pub input: String,
    pub output: String,
}

/// The problems the extension sends for one click: a whole contest is one
/// batch of `size` requests sharing `id`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Batch {
    pub id: String,
    pub size: usize,
}

/// Reads a payload; the error is one line naming the field or the place in
/// the text that is wrong.
pub fn parse(text: &str) -> Result<Payload, String> {
    let value = json::parse(text).map_err(|e| format!("invalid JSON: {e}"))?;
    if !matches!(value, Value::Object(_)) {
        return Err(format!("expected a JSON object, got {}", value.kind()));
    }
    let tests = samples(&value)?;
    let batch = batch(&value)?;
    let url = plain_line(&string(&value, "url", "url")?.unwrap_or_default());
    if url.chars().count() > MAX_URL_CHARS {
        return Err(format!(
            "\"url\" must be at most {MAX_URL_CHARS} characters, got {}",
            url.chars().count()
        ));
    }
    let name = short(&plain_line(
        required(&value, "name")?
            .as_str()
            .ok_or("\"name\" must be a string")?,
    ));
    Ok(Payload {
        // A problem alone is a batch of one, named by its page.
        batch: batch.unwrap_or_else(|| Batch {
            id: format!("{url} {name}"),
            size: 1,
        }),
        group: short(&plain_line(
            &string(&value, "group", "group")?.unwrap_or_default(),
        )),
        interactive: match value.get("interactive") {
            None | Some(Value::Null) => false,
            Some(flag) => flag
                .as_bool()
                .ok_or("\"interactive\" must be true or false")?,
        },
        multi_number: string(&value, "testType", "testType")?.as_deref() == Some("multiNumber"),
        time_limit_ms: limit(&value, "timeLimit", (MAX_TIME_LIMIT_MS, "ms"), 1)?,
        memory_limit_kib: limit(&value, "memoryLimit", (MAX_MEMORY_LIMIT_MB, "MB"), 1024)?,
        input_file: file_name(&value, "input")?,
        output_file: file_name(&value, "output")?,
        name,
        url,
        tests,
    })
}

/// The `tests` array, at most `MAX_SAMPLES` of them.
fn samples(value: &Value) -> Result<Vec<Sample>, String> {
    let tests = required(value, "tests")?
        .as_array()
        .ok_or("\"tests\" must be an array of {\"input\", \"output\"}")?;
    if tests.len() > MAX_SAMPLES {
        return Err(format!(
            "\"tests\" holds {} samples; at most {MAX_SAMPLES} are taken",
            tests.len()
        ));
    }
    tests
        .iter()
        .enumerate()
        .map(|(k, test)| {
            let field = |key: &str| {
                test.get(key)
                    .and_then(Value::as_str)
                    .map(str::to_string)
                    .ok_or_else(|| format!("tests[{k}] has no string \"{key}\""))
            };
            Ok(Sample {
                input: field("input")?,
                output: field("output")?,
            })
        })
        .collect()
}

/// The `batch`, if any, announcing 1 to `MAX_BATCH` problems.
fn batch(value: &Value) -> Result<Option<Batch>, String> {
    let batch = match value.get("batch") {
        None | Some(Value::Null) => return Ok(None),
        Some(batch) => batch,
    };
    let size = batch
        .get("size")
        .and_then(Value::as_f64)
        .filter(|&n| n >= 1.0 && n.fract() == 0.0)
        .ok_or("\"batch.size\" must be a whole number of at least 1")?;
    if size > MAX_BATCH as f64 {
        return Err(format!(
            "\"batch.size\" is {size}; a batch of at most {MAX_BATCH} problems is taken"
        ));
    }
    Ok(Some(Batch {
        id: string(batch, "batch.id", "id")?.unwrap_or_default(),
        size: size as usize,
    }))
}

fn required<'a>(value: &'a Value, key: &str) -> Result<&'a Value, String> {
    value
        .get(key)
        .ok_or_else(|| format!("missing field \"{key}\""))
}

/// An optional string member; `shown` is its name in the error.
fn string(value: &Value, shown: &str, key: &str) -> Result<Option<String>, String> {
    match value.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(text)) => Ok(Some(text.clone())),
        Some(other) => Err(format!(
            "\"{shown}\" must be a string, got {}",
            other.kind()
        )),
    }
}

/// A limit in (0, `max`] of `unit`, scaled to the unit stored (ms stay ms,
/// MB become KiB), rounded up because pages give `0.5` seconds or `256.5`
/// MB; 0 is no limit given.
fn limit(
    value: &Value,
    key: &str,
    (max, unit): (u64, &str),
    scale: u64,
) -> Result<Option<u64>, String> {
    let text = match value.get(key) {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Number(text)) => text,
        Some(other) => {
            return Err(format!(
                "\"{key}\" must be a number or null, got {}",
                other.kind()
            ))
        }
    };
    let n = text
        .parse::<f64>()
        .ok()
        .filter(|n| (0.0..=max as f64).contains(n))
        .ok_or_else(|| {
            format!(
                "\"{key}\" must be a number of {unit} from 0 to {max}, got {}",
                short_number(text)
            )
        })?;
    Ok((n > 0.0).then(|| (n * scale as f64).ceil() as u64))
}

/// A number as the payload wrote it, cut short if it is long.
fn short_number(text: &str) -> String {
    match text.get(..24) {
        Some(start) if text.len() > 24 => format!("{start}... ({} characters)", text.len()),
        _ => text.to_string(),
    }
}

/// At most `MAX_NAME_CHARS` characters of `name`.
fn short(name: &str) -> String {
    name.chars()
        .take(MAX_NAME_CHARS)
        .collect::<String>()
        .trim_end()
        .to_string()
}

/// `input`/`output`: `{"type": "stdin"}` or `{"type": "file", "fileName": ...}`.
fn file_name(value: &Value, key: &str) -> Result<Option<String>, String> {
    let stream = match value.get(key) {
        None | Some(Value::Null) => return Ok(None),
        Some(stream) => stream,
    };
    match stream.get("type").and_then(Value::as_str) {
        Some("stdin" | "stdout") | None => Ok(None),
        Some(_) => Ok(Some(short(&plain_line(
            &string(stream, &format!("{key}.fileName"), "fileName")?
                .or(string(stream, &format!("{key}.pattern"), "pattern")?)
                .unwrap_or_else(|| "a file".into()),
        )))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_codeforces_payload() {
        let payload = parse(
            r#"{"name":"A. Watermelon","group":"Codeforces - Beta Round 89",
            "url":"https://codeforces.com/problemset/problem/4/A","interactive":false,
            "memoryLimit":64,"timeLimit":1000,"tests":[{"input":"8\n","output":"YES\n"}],
            "testType":"single","input":{"type":"stdin"},"output":{"type":"stdout"},
            "languages":{"java":{"mainClass":"Main","taskClass":"AWatermelon"}},
            "batch":{"id":"123e4567","size":1}}"#,
        )
        .unwrap();
        assert_eq!(payload.name, "A. Watermelon");
        assert_eq!(payload.time_limit_ms, Some(1000));
        assert_eq!(payload.memory_limit_kib, Some(65536));
        assert_eq!(payload.tests.len(), 1);
        assert_eq!(payload.input_file, None);
        assert_eq!(
            payload.batch,
            Batch {
                id: "123e4567".into(),
                size: 1
            }
        );
    }

    #[test]
    fn odd_limits_and_files_are_read_and_bad_fields_named() {
        let payload = parse(
            r#"{"name":"x","url":"","tests":[],"timeLimit":1500.5,"memoryLimit":null,
            "input":{"type":"file","fileName":"in.txt"}}"#,
        )
        .unwrap();
        assert_eq!(payload.time_limit_ms, Some(1501));
        assert_eq!(payload.memory_limit_kib, None);
        assert_eq!(payload.input_file.as_deref(), Some("in.txt"));
        assert_eq!(payload.batch.size, 1);
        let error = |text: &str| parse(text).unwrap_err();
        assert_eq!(error(r#"{"name":"x"}"#), "missing field \"tests\"");
        assert_eq!(error("[]"), "expected a JSON object, got an array");
        assert!(error(r#"{"name":"x","tests":[{"input":"1"}]}"#).contains("tests[0]"));
        assert!(error(r#"{"name":"x","tests":[],"timeLimit":"1s"}"#).contains("timeLimit"));
        assert!(error(r#"{"name":"x","tests":[],"batch":{"size":0}}"#).contains("batch.size"));
        assert!(error("{\"name\":").starts_with("invalid JSON: line 1, column 9"));
    }

    #[test]
    fn names_become_short_safe_titles_and_limits_out_of_range_are_refused() {
        let payload = |fields: &str| parse(&format!("{{\"tests\":[],{fields}}}"));
        let read = payload(
            "\"name\":\"A.\\tSum\\u202e of \\u2066two\\u2069\\n\",\"group\":\"\\u001b[31mRound\",\
             \"url\":\"https://codeforces.com/contest/1/problem/A\\u200f\",\"testType\":\"multiNumber\"",
        )
        .unwrap();
        assert_eq!(read.name, "A. Sum of two");
        assert_eq!(read.group, "[31mRound");
        assert_eq!(read.url, "https://codeforces.com/contest/1/problem/A");
        assert!(read.multi_number);
        let long = payload(&format!("\"name\":\"{}\"", "é".repeat(10 << 20))).unwrap();
        assert_eq!(long.name, "é".repeat(MAX_NAME_CHARS));
        assert!(
            !payload("\"name\":\"x\",\"testType\":\"single\"")
                .unwrap()
                .multi_number
        );

        let limits = payload("\"name\":\"x\",\"timeLimit\":3600000,\"memoryLimit\":0").unwrap();
        assert_eq!(limits.time_limit_ms, Some(3_600_000));
        assert_eq!(limits.memory_limit_kib, None);
        let error = |fields: &str| payload(&format!("\"name\":\"x\",{fields}")).unwrap_err();
        assert_eq!(
            error("\"timeLimit\":1e300"),
            "\"timeLimit\" must be a number of ms from 0 to 3600000, got 1e300"
        );
        assert_eq!(
            error("\"memoryLimit\":-256"),
            "\"memoryLimit\" must be a number of MB from 0 to 1048576, got -256"
        );
        assert_eq!(
            error(&format!("\"memoryLimit\":{}", "9".repeat(400))),
            format!(
                "\"memoryLimit\" must be a number of MB from 0 to 1048576, got {}... (400 characters)",
                "9".repeat(24)
            )
        );
        assert!(
            error(&format!("\"url\":\"https://x.org/{}\"", "a".repeat(3000)))
                .starts_with("\"url\" must be at most 2048 characters")
        );
    }
}
