//! The lexer of `problem.toml`'s flat `key = value` subset of TOML: `#`
//! comments (alone or after a value), bare or double-quoted values, no
//! tables; unknown and repeated keys refused, an unknown one with the
//! nearest known key.

use super::keys::KEYS;
use crate::base::nearest::nearest;
use std::collections::BTreeMap;

/// Every `key = value` line, keys checked: known, or `bench.<series>`, and
/// each set once.
pub fn key_values(text: &str) -> Result<BTreeMap<String, String>, String> {
    let mut raw = BTreeMap::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = index + 1;
        let (key, value) = line
            .split_once('=')
            .ok_or_else(|| format!("line {at}: expected `key = value`, found {line:?}"))?;
        let key = key.trim();
        let named = |prefix: &str| {
            key.strip_prefix(prefix)
                .is_some_and(|name| !name.is_empty())
        };
        let series = named("bench.") || named("group.") || named("submission.");
        if !series && !KEYS.iter().any(|(known, _)| *known == key) {
            return Err(format!("line {at}: unknown key `{key}`{}", suggestion(key)));
        }
        let value = parse_value(value.trim()).map_err(|e| format!("line {at}: {e}"))?;
        if raw.insert(key.to_string(), value).is_some() {
            return Err(format!("line {at}: `{key}` is set twice"));
        }
    }
    Ok(raw)
}

/// A value: `"text"` up to the next quote, or bare text up to a `#`; either
/// may be followed by a `#` comment.
fn parse_value(value: &str) -> Result<String, String> {
    let quoted = match value.strip_prefix('"') {
        Some(quoted) => quoted,
        None => return Ok(value.split('#').next().unwrap_or("").trim().to_string()),
    };
    let (inside, after) = quoted
        .split_once('"')
        .ok_or("unterminated string: no closing '\"'")?;
    let after = after.trim();
    if !after.is_empty() && !after.starts_with('#') {
        return Err(format!(
            "expected a `#` comment or nothing after the closing quote, found {after:?}"
        ));
    }
    Ok(inside.to_string())
}

/// "; did you mean `compare`?" for the known key nearest to `key`, or the
/// list of known keys when none is near.
fn suggestion(key: &str) -> String {
    let known: Vec<&str> = KEYS.iter().map(|(known, _)| *known).collect();
    match nearest(key, known.iter().copied()) {
        Some(known) => format!("; did you mean `{known}`?"),
        None => format!(
            "; known keys: {}, bench.<series>, group.<path>.<setting>, submission.<path>",
            known.join(", ")
        ),
    }
}
