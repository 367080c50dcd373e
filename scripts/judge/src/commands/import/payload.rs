//! Competitive Companion's JSON, read into what `import` needs
//! (https://github.com/jmerle/competitive-companion#the-format).

use leetcode::json::{self, Value};

#[derive(Clone, Debug, PartialEq)]
pub struct Payload {
    pub name: String,
    pub group: String,
    pub url: String,
    pub interactive: bool,
    /// `None` when the page gave none (null, absent, zero or negative).
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
    let tests = required(&value, "tests")?
        .as_array()
        .ok_or("\"tests\" must be an array of {\"input\", \"output\"}")?
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
        .collect::<Result<Vec<_>, String>>()?;
    let batch = match value.get("batch") {
        None | Some(Value::Null) => None,
        Some(batch) => Some(Batch {
            id: string(batch, "batch.id", "id")?.unwrap_or_default(),
            size: batch
                .get("size")
                .and_then(Value::as_f64)
                .filter(|&n| n >= 1.0 && n.fract() == 0.0)
                .ok_or("\"batch.size\" must be a whole number of at least 1")?
                as usize,
        }),
    };
    let url = string(&value, "url", "url")?.unwrap_or_default();
    let name = required(&value, "name")?
        .as_str()
        .ok_or("\"name\" must be a string")?
        .to_string();
    Ok(Payload {
        // A problem alone is a batch of one, named by its page.
        batch: batch.unwrap_or_else(|| Batch {
            id: format!("{url} {name}"),
            size: 1,
        }),
        group: string(&value, "group", "group")?.unwrap_or_default(),
        interactive: match value.get("interactive") {
            None | Some(Value::Null) => false,
            Some(flag) => flag
                .as_bool()
                .ok_or("\"interactive\" must be true or false")?,
        },
        time_limit_ms: limit(&value, "timeLimit", 1.0)?,
        memory_limit_kib: limit(&value, "memoryLimit", 1024.0)?,
        input_file: file_name(&value, "input")?,
        output_file: file_name(&value, "output")?,
        name,
        url,
        tests,
    })
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

/// A limit scaled to the unit stored (ms stay ms, MB become KiB), rounded up
/// because pages give `0.5` seconds or `256.5` MB.
fn limit(value: &Value, key: &str, scale: f64) -> Result<Option<u64>, String> {
    match value.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(number @ Value::Number(_)) => Ok(number
            .as_f64()
            .filter(|n| n.is_finite() && *n > 0.0)
            .map(|n| (n * scale).ceil().min(u64::MAX as f64) as u64)),
        Some(other) => Err(format!(
            "\"{key}\" must be a number or null, got {}",
            other.kind()
        )),
    }
}

/// `input`/`output`: `{"type": "stdin"}` or `{"type": "file", "fileName": ...}`.
fn file_name(value: &Value, key: &str) -> Result<Option<String>, String> {
    let stream = match value.get(key) {
        None | Some(Value::Null) => return Ok(None),
        Some(stream) => stream,
    };
    match stream.get("type").and_then(Value::as_str) {
        Some("stdin" | "stdout") | None => Ok(None),
        Some(_) => Ok(Some(
            string(stream, &format!("{key}.fileName"), "fileName")?
                .or(string(stream, &format!("{key}.pattern"), "pattern")?)
                .unwrap_or_else(|| "a file".into()),
        )),
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
}
