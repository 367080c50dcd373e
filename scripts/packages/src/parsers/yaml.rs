//! The subset of YAML that problem packages write (`problem.yaml`,
//! `testdata.yaml`, `submissions.yaml`): block mappings and sequences nested
//! by indentation, `[a, b]` and `{a: b}` on one line, plain, 'single' and
//! "double" quoted scalars, `|` and `>` block scalars (folded and chomped as
//! YAML 1.2 says), `#` comments and one `---` document. Lines may end in LF,
//! CR LF or CR; white space is spaces and tabs only (a no-break space is
//! text, and one starting a line is refused). Anchors, aliases, tags,
//! indentation indicators and multi-line flow collections are refused by
//! name. An error says what was expected and where.

pub use json::MAX_DEPTH;
use std::fmt;

/// YAML's white space: what separates and indents; nothing else is trimmed.
const WHITE: [char; 2] = [' ', '\t'];

fn is_white(c: char) -> bool {
    WHITE.contains(&c)
}

/// A parsed value and the line it starts on.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    pub value: Value,
    pub line: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// `~`, `null` or nothing.
    Null,
    /// A scalar as written (quotes removed); `quoted` tells `'1'` from `1`.
    Scalar {
        text: String,
        quoted: bool,
    },
    Seq(Vec<Node>),
    /// In the order written; keys are unique.
    Map(Vec<(String, Node)>),
}

#[derive(Debug, PartialEq, Eq)]
pub struct Error {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

type Result<T> = std::result::Result<T, Error>;

fn error<T>(line: usize, message: impl Into<String>) -> Result<T> {
    Err(Error {
        line,
        message: message.into(),
    })
}

impl Node {
    /// The value under `key` of a mapping; `None` for a missing key or a
    /// node that is no mapping.
    pub fn get(&self, key: &str) -> Option<&Node> {
        match &self.value {
            Value::Map(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn entries(&self) -> &[(String, Node)] {
        match &self.value {
            Value::Map(entries) => entries,
            _ => &[],
        }
    }

    pub fn is_null(&self) -> bool {
        self.value == Value::Null
    }

    /// A scalar's text; the error names `what` was expected.
    pub fn text(&self, what: &str) -> Result<&str> {
        match &self.value {
            Value::Scalar { text, .. } => Ok(text),
            _ => error(self.line, format!("expected {what}, found {}", self.kind())),
        }
    }

    pub fn number(&self, what: &str) -> Result<f64> {
        let text = self.text(what)?;
        let value = match text {
            "inf" | "+inf" | ".inf" | "+.inf" => f64::INFINITY,
            "-inf" | "-.inf" => f64::NEG_INFINITY,
            _ => text
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite())
                .ok_or(())
                .or_else(|()| error(self.line, format!("expected {what}, found {text:?}")))?,
        };
        Ok(value)
    }

    pub fn boolean(&self, what: &str) -> Result<bool> {
        match self.text(what)? {
            "true" | "True" | "TRUE" | "yes" => Ok(true),
            "false" | "False" | "FALSE" | "no" => Ok(false),
            text => error(
                self.line,
                format!("expected {what}, true or false, found {text:?}"),
            ),
        }
    }

    /// A sequence's items; a scalar is a sequence of one (as the formats
    /// allow `permitted: AC` for `[AC]`).
    pub fn items(&self) -> Vec<&Node> {
        match &self.value {
            Value::Seq(items) => items.iter().collect(),
            Value::Null => Vec::new(),
            _ => vec![self],
        }
    }

    fn kind(&self) -> &'static str {
        match self.value {
            Value::Null => "nothing",
            Value::Scalar { .. } => "a scalar",
            Value::Seq(_) => "a sequence",
            Value::Map(_) => "a mapping",
        }
    }
}

/// One line of the document: its indentation, its text without the
/// comment, and its number.
#[derive(Clone, Debug)]
struct Line {
    indent: usize,
    text: String,
    number: usize,
}

/// Parses a YAML document.
pub fn parse(text: &str) -> Result<Node> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // YAML's line breaks: CR LF, LF and CR alone.
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let mut lines = Vec::new();
    let mut raw = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        raw.push((number, line.to_string()));
        if line.contains('\t') && line.trim_start_matches(' ').starts_with('\t') {
            return error(number, "expected spaces for indentation, found a tab");
        }
        let content = strip_comment(line);
        let trimmed = content.trim_end_matches(WHITE);
        if trimmed.trim_matches(WHITE).is_empty() {
            continue;
        }
        if trimmed == "---" && lines.is_empty() {
            continue;
        }
        if trimmed == "---" || trimmed == "..." {
            return error(number, "expected one YAML document, found a second `---`");
        }
        let text = trimmed.trim_start_matches(WHITE);
        if text.starts_with('\u{a0}') {
            return error(
                number,
                "expected spaces for indentation, found a no-break space (U+00A0), which YAML reads as text",
            );
        }
        lines.push(Line {
            indent: trimmed.len() - text.len(),
            text: text.to_string(),
            number,
        });
    }
    let mut parser = Parser {
        lines,
        at: 0,
        raw,
        depth: 0,
    };
    if parser.lines.is_empty() {
        return Ok(Node {
            value: Value::Null,
            line: 1,
        });
    }
    let indent = parser.lines[0].indent;
    let node = parser.block(indent)?;
    if let Some(line) = parser.lines.get(parser.at) {
        return error(
            line.number,
            format!("expected the end of the document, found {:?}", line.text),
        );
    }
    Ok(node)
}

/// The line without its `#` comment: a `#` at the start or after a space,
/// outside quotes.
fn strip_comment(line: &str) -> &str {
    let mut quote = None;
    let mut previous = ' ';
    for (at, c) in line.char_indices() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '#' && is_white(previous) => return &line[..at],
            None if (c == '"' || c == '\'')
                && (is_white(previous) || "[{,:-".contains(previous)) =>
            {
                quote = Some(c)
            }
            None => {}
        }
        previous = c;
    }
    line
}

struct Parser {
    lines: Vec<Line>,
    at: usize,
    /// Every line as written, for block scalars (which keep their comments).
    raw: Vec<(usize, String)>,
    /// Blocks open around the current one, up to `MAX_DEPTH`.
    depth: usize,
}

impl Parser {
    /// The block starting at the current line, whose lines are indented
    /// `indent`.
    fn block(&mut self, indent: usize) -> Result<Node> {
        let line = self.lines[self.at].clone();
        if self.depth >= MAX_DEPTH {
            return error(
                line.number,
                format!("expected at most {MAX_DEPTH} levels of nesting"),
            );
        }
        self.depth += 1;
        let block = self.block_in(indent, line);
        self.depth -= 1;
        block
    }

    fn block_in(&mut self, indent: usize, line: Line) -> Result<Node> {
        if is_item(&line.text) {
            self.sequence(indent)
        } else if line.text.starts_with(['[', '{']) {
            self.at += 1;
            flow_line(&line.text, line.number)
        } else if split_key(&line.text).is_some() {
            self.mapping(indent)
        } else {
            self.at += 1;
            let value = scalar(&line.text, line.number)?;
            Ok(Node {
                value,
                line: line.number,
            })
        }
    }

    fn sequence(&mut self, indent: usize) -> Result<Node> {
        let first = self.lines[self.at].number;
        let mut items = Vec::new();
        while let Some(line) = self.lines.get(self.at).cloned() {
            if line.indent < indent {
                break;
            }
            if line.indent > indent {
                return error(line.number, "expected `- ` at the sequence's indentation");
            }
            if !is_item(&line.text) {
                break;
            }
            let rest = line.text[1..].trim_start_matches(WHITE);
            if rest.is_empty() {
                // An empty item is null unless more indented lines follow.
                self.at += 1;
                items.push(self.nested(indent, line.number, false)?);
                continue;
            }
            if BLOCK_HEADERS.contains(&rest) {
                self.at += 1;
                items.push(self.block_scalar(rest, indent, line.number));
                continue;
            }
            // `- key: value` starts a block indented where its text starts.
            let inner = indent + (line.text.len() - rest.len());
            self.lines[self.at] = Line {
                indent: inner,
                text: rest.to_string(),
                number: line.number,
            };
            items.push(self.value_at(inner)?);
        }
        Ok(Node {
            value: Value::Seq(items),
            line: first,
        })
    }

    /// A value that starts on the current line at `indent`.
    fn value_at(&mut self, indent: usize) -> Result<Node> {
        let line = self.lines[self.at].clone();
        if line.text.starts_with('[') || line.text.starts_with('{') {
            self.at += 1;
            return flow_line(&line.text, line.number);
        }
        self.block(indent)
    }

    /// The block under a `key:` or `-` with nothing after it: more indented
    /// lines (or, under a key, a sequence at its indentation), or nothing
    /// (null).
    fn nested(&mut self, indent: usize, number: usize, key: bool) -> Result<Node> {
        match self.lines.get(self.at) {
            Some(next) if next.indent > indent => {
                let inner = next.indent;
                self.block(inner)
            }
            // A sequence may sit at its key's own indentation.
            Some(next) if key && next.indent == indent && is_item(&next.text) => {
                self.sequence(indent)
            }
            _ => Ok(Node {
                value: Value::Null,
                line: number,
            }),
        }
    }

    fn mapping(&mut self, indent: usize) -> Result<Node> {
        let first = self.lines[self.at].number;
        let mut entries: Vec<(String, Node)> = Vec::new();
        while let Some(line) = self.lines.get(self.at).cloned() {
            if line.indent < indent {
                break;
            }
            if line.indent > indent {
                return error(
                    line.number,
                    format!(
                        "expected a key at the mapping's indentation, found {:?}",
                        line.text
                    ),
                );
            }
            let (key, rest) = match split_key(&line.text) {
                Some(split) => split,
                None if is_item(&line.text) => break,
                None => {
                    return error(
                        line.number,
                        format!("expected `key: value`, found {:?}", line.text),
                    )
                }
            };
            if entries.iter().any(|(k, _)| *k == key) {
                return error(line.number, format!("the key {key:?} is set twice"));
            }
            self.at += 1;
            let value = match rest.trim_matches(WHITE) {
                "" => self.nested(indent, line.number, true)?,
                header if BLOCK_HEADERS.contains(&header) => {
                    self.block_scalar(header, indent, line.number)
                }
                text if text.starts_with('[') || text.starts_with('{') => {
                    flow_line(text, line.number)?
                }
                text => Node {
                    value: scalar(text, line.number)?,
                    line: line.number,
                },
            };
            entries.push((key, value));
        }
        Ok(Node {
            value: Value::Map(entries),
            line: first,
        })
    }

    /// `|` keeps the lines' breaks, `>` folds them (`fold`); then the
    /// final break is chomped: kept alone (clip), dropped (`-`), or kept
    /// with the empty lines after it (`+`). The lines are the raw ones more
    /// indented than the key.
    fn block_scalar(&mut self, style: &str, indent: usize, number: usize) -> Node {
        let mut kept: Vec<String> = Vec::new();
        let mut block_indent = None;
        for (raw_number, raw) in self.raw.iter().filter(|(n, _)| *n > number) {
            let width = raw.len() - raw.trim_start_matches(' ').len();
            if raw.trim_matches(WHITE).is_empty() {
                kept.push(String::new());
                continue;
            }
            if width <= indent {
                break;
            }
            let inner = *block_indent.get_or_insert(width);
            kept.push(raw.get(inner.min(width)..).unwrap_or("").to_string());
            while self
                .lines
                .get(self.at)
                .is_some_and(|l| l.number <= *raw_number)
            {
                self.at += 1;
            }
        }
        let content = kept.len() - kept.iter().rev().take_while(|l| l.is_empty()).count();
        let trailing = kept.len() - content;
        kept.truncate(content);
        let mut text = if style.starts_with('>') {
            fold(&kept)
        } else {
            kept.join("\n")
        };
        let breaks = match (style.chars().nth(1), content) {
            (Some('-'), _) => 0,
            (Some('+'), 0) => trailing,
            (Some('+'), _) => trailing + 1,
            (_, 0) => 0,
            _ => 1,
        };
        text.push_str(&"\n".repeat(breaks));
        Node {
            value: Value::Scalar { text, quoted: true },
            line: number,
        }
    }
}

/// The headers of the block scalars read: literal or folded, each chomped
/// three ways.
const BLOCK_HEADERS: [&str; 6] = ["|", "|-", "|+", ">", ">-", ">+"];

/// A line that is a sequence's item: `-` alone or before white space.
fn is_item(text: &str) -> bool {
    text == "-"
        || text
            .strip_prefix('-')
            .is_some_and(|rest| rest.starts_with(WHITE))
}

/// A folded block's lines joined as YAML folds them: a single break
/// between two lines is a space, `n` empty lines are `n` breaks, and the
/// breaks around a more indented line are kept.
fn fold(lines: &[String]) -> String {
    let spaced = |line: &str| line.starts_with(WHITE);
    let mut text = String::new();
    let mut empty = 0;
    let mut previous: Option<&str> = None;
    for line in lines {
        if line.is_empty() {
            empty += 1;
            continue;
        }
        let breaks = match previous {
            None => empty,
            Some(before) if spaced(before) || spaced(line) => empty + 1,
            Some(_) if empty == 0 => {
                text.push(' ');
                0
            }
            Some(_) => empty,
        };
        text.push_str(&"\n".repeat(breaks));
        text.push_str(line);
        previous = Some(line);
        empty = 0;
    }
    text
}

/// `key: rest` when the line is a mapping entry; the key unquoted.
fn split_key(text: &str) -> Option<(String, &str)> {
    if let Some(quote) = text.chars().next().filter(|c| *c == '"' || *c == '\'') {
        let end = text[1..].find(quote)? + 1;
        let after = text[end + 1..].strip_prefix(':')?;
        return (after.is_empty() || after.starts_with(' '))
            .then(|| (text[1..end].to_string(), after));
    }
    if text.starts_with(['[', '{']) || is_item(text) {
        return None;
    }
    let at = text
        .match_indices(':')
        .map(|(at, _)| at)
        .find(|&at| text[at + 1..].is_empty() || text[at + 1..].starts_with(WHITE))?;
    Some((text[..at].trim_matches(WHITE).to_string(), &text[at + 1..]))
}

/// A scalar written on one line.
fn scalar(text: &str, line: usize) -> Result<Value> {
    let text = text.trim_matches(WHITE);
    if let Some(first) = text.chars().next() {
        if "&*!".contains(first) {
            return error(
                line,
                format!("expected a plain value; anchors, aliases and tags are not supported, found {text:?}"),
            );
        }
        if "|>".contains(first) {
            return error(
                line,
                format!("expected a block scalar header of {}; indentation indicators are not supported, found {text:?}", BLOCK_HEADERS.join(" ")),
            );
        }
    }
    match text {
        "" | "~" | "null" | "Null" | "NULL" => return Ok(Value::Null),
        _ => {}
    }
    if text.starts_with('"') || text.starts_with('\'') {
        let mut chars = Flow {
            chars: text.chars().collect(),
            at: 0,
            line,
            depth: 0,
        };
        let value = chars.quoted()?;
        chars.skip_spaces();
        if chars.at < chars.chars.len() {
            return error(
                line,
                format!("expected the end of the line after the closing quote, found {text:?}"),
            );
        }
        return Ok(value);
    }
    Ok(Value::Scalar {
        text: text.to_string(),
        quoted: false,
    })
}

/// A flow collection that must end on its line.
fn flow_line(text: &str, line: usize) -> Result<Node> {
    let mut flow = Flow {
        chars: text.chars().collect(),
        at: 0,
        line,
        depth: 0,
    };
    let node = flow.value()?;
    flow.skip_spaces();
    if flow.at < flow.chars.len() {
        return error(
            line,
            format!(
                "expected the end of the line after the flow collection, found {:?}",
                flow.rest()
            ),
        );
    }
    Ok(node)
}

/// A cursor over one line's `[...]` or `{...}`.
struct Flow {
    chars: Vec<char>,
    at: usize,
    line: usize,
    /// Collections open around the current value, up to `MAX_DEPTH`.
    depth: usize,
}

impl Flow {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn rest(&self) -> String {
        self.chars[self.at.min(self.chars.len())..].iter().collect()
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(is_white) {
            self.at += 1;
        }
    }

    fn value(&mut self) -> Result<Node> {
        self.skip_spaces();
        if self.depth >= MAX_DEPTH {
            return error(
                self.line,
                format!("expected at most {MAX_DEPTH} levels of nesting"),
            );
        }
        self.depth += 1;
        let value = self.value_in();
        self.depth -= 1;
        value
    }

    fn value_in(&mut self) -> Result<Node> {
        let line = self.line;
        let value = match self.peek() {
            Some('[') => {
                self.at += 1;
                let mut items = Vec::new();
                self.items(']', |flow| {
                    items.push(flow.value()?);
                    Ok(())
                })?;
                Value::Seq(items)
            }
            Some('{') => {
                self.at += 1;
                let mut entries: Vec<(String, Node)> = Vec::new();
                self.items('}', |flow| {
                    let key = match flow.value()?.value {
                        Value::Scalar { text, .. } => text,
                        _ => return error(flow.line, "expected a scalar key in `{...}`"),
                    };
                    flow.skip_spaces();
                    // `{a, b: 1}`: a key alone has a null value.
                    let value = match flow.peek() {
                        Some(':') => {
                            flow.at += 1;
                            flow.value()?
                        }
                        _ => Node {
                            value: Value::Null,
                            line: flow.line,
                        },
                    };
                    if entries.iter().any(|(k, _)| *k == key) {
                        return error(flow.line, format!("the key {key:?} is set twice"));
                    }
                    entries.push((key, value));
                    Ok(())
                })?;
                Value::Map(entries)
            }
            Some('"') | Some('\'') => self.quoted()?,
            _ => {
                // A plain scalar ends at a flow indicator, or at a `:`
                // before white space or one (`{k:v}` is the key "k:v").
                let start = self.at;
                while let Some(c) = self.peek() {
                    let next = self.chars.get(self.at + 1).copied();
                    let ends_key =
                        c == ':' && next.map_or(true, |n| is_white(n) || ",[]{}".contains(n));
                    if ",[]{}".contains(c) || ends_key {
                        break;
                    }
                    self.at += 1;
                }
                let text: String = self.chars[start..self.at].iter().collect();
                scalar(&text, self.line)?
            }
        };
        Ok(Node { value, line })
    }

    /// Items separated by commas up to `close`, each read by `item`.
    fn items(&mut self, close: char, mut item: impl FnMut(&mut Flow) -> Result<()>) -> Result<()> {
        loop {
            self.skip_spaces();
            match self.peek() {
                Some(c) if c == close => {
                    self.at += 1;
                    return Ok(());
                }
                None => {
                    return error(
                        self.line,
                        format!("expected `{close}` on the same line (flow collections spanning lines are not supported)"),
                    )
                }
                _ => {}
            }
            item(self)?;
            self.skip_spaces();
            match self.peek() {
                Some(',') => self.at += 1,
                Some(c) if c == close => {}
                None => {}
                _ => {
                    return error(
                        self.line,
                        format!("expected `,` or `{close}`, found {:?}", self.rest()),
                    )
                }
            }
        }
    }

    fn quoted(&mut self) -> Result<Value> {
        let quote = self.peek().unwrap_or('"');
        self.at += 1;
        let mut text = String::new();
        loop {
            let c = match self.peek() {
                Some(c) => c,
                None => {
                    return error(
                        self.line,
                        format!("expected a closing {quote} on the same line"),
                    )
                }
            };
            self.at += 1;
            match (quote, c) {
                ('\'', '\'') if self.peek() == Some('\'') => {
                    self.at += 1;
                    text.push('\'');
                }
                (q, c) if c == q => break,
                ('"', '\\') => text.push(self.escape()?),
                (_, c) => text.push(c),
            }
        }
        Ok(Value::Scalar { text, quoted: true })
    }

    fn escape(&mut self) -> Result<char> {
        let c = self.peek().unwrap_or(' ');
        self.at += 1;
        Ok(match c {
            'n' => '\n',
            't' => '\t',
            'r' => '\r',
            '0' => '\0',
            '\\' | '"' | '/' | ' ' => c,
            'u' | 'x' => {
                let width = if c == 'u' { 4 } else { 2 };
                let hex: String = self.chars.iter().skip(self.at).take(width).collect();
                self.at += width;
                u32::from_str_radix(&hex, 16)
                    .ok()
                    .and_then(char::from_u32)
                    .ok_or(())
                    .or_else(|()| {
                        error(
                            self.line,
                            format!("expected {width} hex digits after \\{c}, found {hex:?}"),
                        )
                    })?
            }
            other => {
                return error(
                    self.line,
                    format!("expected an escape such as \\n or \\\", found \\{other}"),
                )
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(node: &Node) -> &str {
        node.text("text").unwrap()
    }

    #[test]
    fn deep_nesting_is_refused_in_one_line_not_by_the_stack() {
        let deep = format!("a: {}{}\n", "[".repeat(50_000), "]".repeat(50_000));
        let err = parse(&deep).unwrap_err().to_string();
        assert!(err.contains("levels of nesting"), "{err}");
        let dashes = format!("{}x\n", "- ".repeat(50_000));
        let err = parse(&dashes).unwrap_err().to_string();
        assert!(err.contains("levels of nesting"), "{err}");
        assert!(parse("a: [[1, 2], {b: [3]}]\n").is_ok());
    }

    #[test]
    fn reads_a_problem_yaml() {
        let doc = parse(
            "# header\nproblem_format_version: 2023-07-draft\nname: 'Hello: World'\n\
             type: [pass-fail, interactive]\nlimits:\n  time_multipliers:\n    ac_to_time_limit: 2.5\n\
             \x20 memory: 512   # MiB\nvalidator_flags: float_tolerance 1e-6\nkeywords:\n- a\n- \"b c\"\nsource:\n",
        )
        .unwrap();
        assert_eq!(text(doc.get("name").unwrap()), "Hello: World");
        assert_eq!(
            text(doc.get("problem_format_version").unwrap()),
            "2023-07-draft"
        );
        let types: Vec<&str> = doc
            .get("type")
            .unwrap()
            .items()
            .into_iter()
            .map(text)
            .collect();
        assert_eq!(types, ["pass-fail", "interactive"]);
        let limits = doc.get("limits").unwrap();
        let ac = limits
            .get("time_multipliers")
            .unwrap()
            .get("ac_to_time_limit")
            .unwrap();
        assert_eq!(ac.number("a number").unwrap(), 2.5);
        assert_eq!(limits.get("memory").unwrap().number("MiB").unwrap(), 512.0);
        let keywords: Vec<&str> = doc
            .get("keywords")
            .unwrap()
            .items()
            .into_iter()
            .map(text)
            .collect();
        assert_eq!(keywords, ["a", "b c"]);
        assert!(doc.get("source").unwrap().is_null());
        assert_eq!(doc.get("limits").unwrap().line, 6);
    }

    #[test]
    fn reads_sequences_of_mappings_and_flow_maps() {
        let doc = parse(
            "---\nsource:\n  - name: NWERC\n    url: https://x.example/a#b\n  - SWERC\n\
             accepted:\n  permitted: [AC]\n  m: {a: 1, 'b': \"x\\ty\"}\nempty: []\n",
        )
        .unwrap();
        let source = doc.get("source").unwrap().items();
        assert_eq!(text(source[0].get("name").unwrap()), "NWERC");
        assert_eq!(text(source[0].get("url").unwrap()), "https://x.example/a#b");
        assert_eq!(text(source[1]), "SWERC");
        let accepted = doc.get("accepted").unwrap();
        assert_eq!(text(accepted.get("permitted").unwrap().items()[0]), "AC");
        assert_eq!(text(accepted.get("m").unwrap().get("b").unwrap()), "x\ty");
        assert!(doc.get("empty").unwrap().items().is_empty());
    }

    #[test]
    fn reads_block_scalars_and_quoted_keys() {
        let doc = parse("description: |\n  line one\n  # kept\n\n  two\n\"on_reject\": break\nfold: >-\n  a\n  b\n").unwrap();
        assert_eq!(
            text(doc.get("description").unwrap()),
            "line one\n# kept\n\ntwo\n"
        );
        assert_eq!(text(doc.get("on_reject").unwrap()), "break");
        assert_eq!(text(doc.get("fold").unwrap()), "a b");
    }

    #[test]
    fn numbers_and_booleans_are_typed_on_demand() {
        let doc = parse("range: 0 100\nlow: -inf\nflag: true\nbad: x\n").unwrap();
        assert_eq!(
            doc.get("low").unwrap().number("a score").unwrap(),
            f64::NEG_INFINITY
        );
        assert!(doc.get("flag").unwrap().boolean("a flag").unwrap());
        let err = doc.get("bad").unwrap().number("a score").unwrap_err();
        assert_eq!(err.to_string(), "line 4: expected a score, found \"x\"");
        let err = doc.get("range").unwrap().boolean("a flag").unwrap_err();
        assert!(err.to_string().contains("true or false"), "{err}");
    }

    #[test]
    fn malformed_documents_name_the_line_and_what_was_expected() {
        for (doc, line, wanted) in [
            (
                "a: 1\n  b: 2\n",
                2,
                "expected a key at the mapping's indentation",
            ),
            ("a: [1, 2\n", 1, "expected `]` on the same line"),
            ("a: 'open\n", 1, "expected a closing '"),
            ("a: 1\na: 2\n", 2, "set twice"),
            (
                "a: &x 1\n",
                1,
                "anchors, aliases and tags are not supported",
            ),
            ("a: 1\n---\nb: 2\n", 2, "one YAML document"),
            ("a:\n\t- 1\n", 2, "found a tab"),
            (
                "just words\nmore: 1\n",
                2,
                "expected the end of the document",
            ),
            ("a: \"x\\q\"\n", 1, "expected an escape"),
        ] {
            let err = parse(doc).unwrap_err();
            assert_eq!(err.line, line, "{doc:?}: {err}");
            assert!(err.message.contains(wanted), "{doc:?}: {err}");
        }
    }

    /// A tree in one line: `~`, `"text"`, `[a, b]`, `{"k": v}`.
    fn render(node: &Node) -> String {
        match &node.value {
            Value::Null => "~".into(),
            Value::Scalar { text, .. } => format!("{text:?}"),
            Value::Seq(items) => {
                let items: Vec<String> = items.iter().map(render).collect();
                format!("[{}]", items.join(", "))
            }
            Value::Map(entries) => {
                let entries: Vec<String> = entries
                    .iter()
                    .map(|(k, v)| format!("{k:?}: {}", render(v)))
                    .collect();
                format!("{{{}}}", entries.join(", "))
            }
        }
    }

    /// Documents and the tree YAML 1.2 reads in each (as the reference
    /// parser and PyYAML do): the constructs once misread first.
    const CORPUS: &[(&str, &str)] = &[
        // An empty `-` item is null, never the start of a nested sequence.
        ("- a\n-\n- c\n", r#"["a", ~, "c"]"#),
        ("k:\n-\n- b\n", r#"{"k": [~, "b"]}"#),
        ("- \n-\n  - x\n", r#"[~, ["x"]]"#),
        // `>` folds single breaks into spaces, keeps empty lines and the
        // breaks around more indented lines.
        (
            "k: >\n  one\n  two\n\n  three\n    more\n  four\n",
            r#"{"k": "one two\nthree\n  more\nfour\n"}"#,
        ),
        ("k: >-\n  a\n\n\n  b\n", r#"{"k": "a\n\nb"}"#),
        ("k: >\n\n  a\n", r#"{"k": "\na\n"}"#),
        // `|+` keeps the final break and the empty lines after it.
        ("k: |+\n  x\n\n\nn: 1\n", r#"{"k": "x\n\n\n", "n": "1"}"#),
        ("k: |\n  x\n\n\n", r#"{"k": "x\n"}"#),
        ("k: |-\n  x\n  y\n", r#"{"k": "x\ny"}"#),
        ("- |\n  x\n- >\n  y\n  z\n", r#"["x\n", "y z\n"]"#),
        // CR alone ends a line, as CR LF and LF do.
        (
            "a: 1\rb: [2, 3]\rc:\r  - d\r",
            r#"{"a": "1", "b": ["2", "3"], "c": ["d"]}"#,
        ),
        ("a: 1\r\nb: 2\r\n", r#"{"a": "1", "b": "2"}"#),
        // In a flow mapping `:` ends a key only before white space.
        ("m: {k: v}\n", r#"{"m": {"k": "v"}}"#),
        ("m: {k:v}\n", r#"{"m": {"k:v": ~}}"#),
        (
            "m: {\"k\":v, a, b: }\n",
            r#"{"m": {"k": "v", "a": ~, "b": ~}}"#,
        ),
        (
            "m: [a:b, http://x.example/]\n",
            r#"{"m": ["a:b", "http://x.example/"]}"#,
        ),
        ("{a: [1, {b: c}]}\n", r#"{"a": ["1", {"b": "c"}]}"#),
        // A no-break space is text, never white space.
        ("k: x\u{a0}\n", "{\"k\": \"x\\u{a0}\"}"),
        ("k:\u{a0}x\n", "\"k:\\u{a0}x\""),
        ("k: a\u{a0}#b\n", "{\"k\": \"a\\u{a0}#b\"}"),
    ];

    #[test]
    fn the_corpus_reads_as_yaml_reads_it() {
        for (doc, tree) in CORPUS {
            let node = parse(doc).unwrap_or_else(|e| panic!("{doc:?}: {e}"));
            assert_eq!(render(&node), *tree, "{doc:?}");
        }
    }

    #[test]
    fn what_is_not_read_as_yaml_would_is_refused_by_name() {
        for (doc, line, wanted) in [
            ("\u{a0}name: x\n", 1, "found a no-break space (U+00A0)"),
            ("a:\n  \u{a0}b: 1\n", 2, "found a no-break space (U+00A0)"),
            (
                "k: |2\n   x\n",
                1,
                "indentation indicators are not supported",
            ),
            (
                "k: >1-\n  x\n",
                1,
                "indentation indicators are not supported",
            ),
            ("m: [a: b]\n", 1, "expected `,` or `]`"),
            ("m: {a: 1, a: 2}\n", 1, "set twice"),
        ] {
            let err = parse(doc).unwrap_err();
            assert_eq!(err.line, line, "{doc:?}: {err}");
            assert!(err.message.contains(wanted), "{doc:?}: {err}");
        }
    }

    #[test]
    fn nesting_is_bounded_as_json_s_is() {
        assert_eq!(MAX_DEPTH, 256);
        let deep = |n: usize| format!("{}{}\n", "[".repeat(n), "]".repeat(n));
        assert!(parse(&deep(MAX_DEPTH)).is_ok());
        assert!(parse(&deep(MAX_DEPTH + 1)).is_err());
        let dashes = |n: usize| format!("{}x\n", "- ".repeat(n));
        assert!(parse(&dashes(MAX_DEPTH - 1)).is_ok());
        assert!(parse(&dashes(MAX_DEPTH)).is_err());
    }

    #[test]
    fn an_empty_document_is_null() {
        assert!(parse("# only a comment\n\n").unwrap().is_null());
    }
}
