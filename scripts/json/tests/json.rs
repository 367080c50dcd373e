//! Any JSON value, as the runner reads payloads and any-order answers: every
//! kind of value, errors with line and column, and compact printing.

use json::{parse, Value, MAX_DEPTH};

#[test]
fn reads_every_kind_of_value() {
    let value = parse(
        r#" {"a": [1, -2.5e1, 0], "b": "x\"\\\/\n\u00e9\ud83d\ude00", "c": null,
            "d": true, "e": false, "f": {}, "g": [], "a": "last"} "#,
    )
    .unwrap();
    assert_eq!(value.get("a"), Some(&Value::String("last".into())));
    assert_eq!(value.get("b").unwrap().as_str(), Some("x\"\\/\né😀"));
    assert_eq!(value.get("c"), Some(&Value::Null));
    assert_eq!(value.get("d").unwrap().as_bool(), Some(true));
    assert_eq!(value.get("f"), Some(&Value::Object(Vec::new())));
    assert_eq!(value.get("g").unwrap().as_array(), Some(&[][..]));
    let numbers = parse("[1, -2.5e1, 0, 1.5E+2]").unwrap();
    let numbers: Vec<f64> = numbers
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_f64().unwrap())
        .collect();
    assert_eq!(numbers, [1.0, -25.0, 0.0, 150.0]);
    assert_eq!(parse("\"Ünïcödé ✓\"").unwrap().as_str(), Some("Ünïcödé ✓"));
}

#[test]
fn errors_name_line_and_column() {
    let error = |text: &str| parse(text).unwrap_err();
    assert_eq!(
        error("{\n  \"a\": 1,\n  \"b\" 2\n}"),
        "line 3, column 7: expected ':' after the member name, found '2'"
    );
    assert!(error("{\"é\": x}").starts_with("line 1, column 7: expected a value"));
    assert!(error("[1, 2").contains("',' or ']'"));
    assert!(error("\"abc").contains("closing the string"));
    assert!(error("\"a\nb\"").contains("closing the string"));
    assert!(error("01").contains("end of the text"));
    assert!(error("1.").contains("expected a value"));
    assert!(error("-").contains("expected a value"));
    assert!(error("\"\\x\"").contains("expected an escape"));
    assert!(error("\"\\ud800\"").contains("naming a character"));
    assert!(error("\"\\udc00\"").contains("naming a character"));
    assert!(error("nul").contains("expected a value"));
    assert!(error("").contains("found the end of the input"));
    assert!(error("{\"a\":1,}").contains("member name"));
    assert!(error(&"[".repeat(MAX_DEPTH + 2)).contains("levels of nesting"));
}

#[test]
fn parses_and_prints_back_compactly() {
    let value =
        parse(" [[\"eat\", \"t\\\"ea\"], {\"a\": -1.5e3, \"b\": [true, null]}, []] ").unwrap();
    assert_eq!(
        value.to_string(),
        "[[\"eat\",\"t\\\"ea\"],{\"a\":-1.5e3,\"b\":[true,null]},[]]"
    );
    assert_eq!(
        parse("\"\\u00e9\\n\"").unwrap(),
        Value::String("é\n".into())
    );
}

#[test]
fn refuses_what_is_not_one_json_value() {
    for text in [
        "",
        "[1,",
        "[1 2]",
        "{\"a\" 1}",
        "\"open",
        "1 2",
        "nope",
        "\"\\x\"",
        "+1",
        "1e",
    ] {
        assert!(parse(text).is_err(), "{text}");
    }
}
