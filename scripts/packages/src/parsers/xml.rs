//! The subset of XML that Polygon's `problem.xml` is written in: one root
//! element, attributes in single or double quotes, text, comments, CDATA,
//! the `<?xml ...?>` declaration and a `<!DOCTYPE>` (skipped), and the five
//! named entities with numeric ones. Namespaces are names like any other.
//! Normalized as XML 1.0 says: every CR LF and lone CR is LF (2.11), and in
//! an attribute's value each literal tab, CR and LF is a space, where a
//! character reference keeps its character (3.3.3). What is not
//! well-formed (tags that do not match, a second root, `<` in a value, an
//! entity not defined, a character XML does not allow) is refused: an
//! error says what was expected and where (line and column).

/// Deeper than any problem.xml, far from the stack's end: a hostile file is
/// refused in one line instead of overflowing it (the JSON reader's bound).
use json::MAX_DEPTH;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Element {
    pub name: String,
    pub attributes: Vec<(String, String)>,
    pub children: Vec<Element>,
    /// The text directly inside, entities decoded, pieces joined.
    pub text: String,
    pub line: usize,
}

#[derive(Debug, PartialEq, Eq)]
pub struct Error {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl Element {
    pub fn attribute(&self, name: &str) -> Option<&str> {
        self.attributes
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The first child named `name`.
    pub fn child(&self, name: &str) -> Option<&Element> {
        self.children.iter().find(|c| c.name == name)
    }

    /// Every child named `name`, in order.
    pub fn all<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a Element> + 'a {
        self.children.iter().filter(move |c| c.name == name)
    }

    /// The element at a path of child names (`judging/testset`).
    pub fn at(&self, path: &str) -> Option<&Element> {
        path.split('/')
            .try_fold(self, |element, name| element.child(name))
    }
}

/// Parses a document into its root element.
pub fn parse(text: &str) -> Result<Element, Error> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let chars: Vec<char> = text
        .replace("\r\n", "\n")
        .replace('\r', "\n")
        .chars()
        .collect();
    let line_starts = std::iter::once(0)
        .chain(
            (0..chars.len())
                .filter(|&i| chars[i] == '\n')
                .map(|i| i + 1),
        )
        .collect();
    let mut reader = Reader {
        chars,
        at: 0,
        line_starts,
        depth: 0,
    };
    reader.skip_misc()?;
    if reader.peek() != Some('<') {
        return reader.fail("expected the root element `<...>`");
    }
    let root = reader.element()?;
    reader.skip_misc()?;
    if reader.at < reader.chars.len() {
        return reader.fail("expected nothing after the root element's end");
    }
    Ok(root)
}

struct Reader {
    chars: Vec<char>,
    at: usize,
    /// Where each line starts, for positions in errors and elements.
    line_starts: Vec<usize>,
    /// Elements open around the current one, up to `MAX_DEPTH`.
    depth: usize,
}

impl Reader {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn starts(&self, text: &str) -> bool {
        text.chars()
            .enumerate()
            .all(|(i, c)| self.chars.get(self.at + i) == Some(&c))
    }

    fn position(&self, at: usize) -> (usize, usize) {
        let line = self.line_starts.partition_point(|&start| start <= at);
        (line, at - self.line_starts[line - 1] + 1)
    }

    fn fail<T>(&self, message: impl Into<String>) -> Result<T, Error> {
        let (line, column) = self.position(self.at);
        Err(Error {
            line,
            column,
            message: message.into(),
        })
    }

    /// XML's white space: space, tab, CR and LF, nothing else.
    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(|c| " \t\r\n".contains(c)) {
            self.at += 1;
        }
    }

    /// Skips to just past `end`; an error if it never comes.
    fn skip_past(&mut self, end: &str, what: &str) -> Result<(), Error> {
        while self.at < self.chars.len() {
            if self.starts(end) {
                self.at += end.chars().count();
                return Ok(());
            }
            self.at += 1;
        }
        self.fail(format!("expected `{end}` to close {what}"))
    }

    /// A comment, from its `<!--` to past its `-->`; `--` may not be in it.
    fn comment(&mut self) -> Result<(), Error> {
        self.at += "<!--".len();
        while self.at < self.chars.len() {
            if self.starts("-->") {
                self.at += "-->".len();
                return Ok(());
            }
            if self.starts("--") {
                return self.fail("expected `-->` or no `--` in the comment");
            }
            self.at += 1;
        }
        self.fail("expected `-->` to close the comment")
    }

    /// Spaces, comments, declarations and processing instructions.
    fn skip_misc(&mut self) -> Result<(), Error> {
        loop {
            self.skip_spaces();
            if self.starts("<!--") {
                self.comment()?;
            } else if self.starts("<?") {
                self.skip_past("?>", "the declaration")?;
            } else if self.starts("<!DOCTYPE") {
                let end = (self.at..self.chars.len())
                    .find(|&i| self.chars[i] == '>')
                    .unwrap_or(self.chars.len());
                if self.chars[self.at..end].contains(&'[') {
                    return self.fail(
                        "expected a DOCTYPE without an internal subset (`[...]` is not supported)",
                    );
                }
                self.skip_past(">", "the DOCTYPE")?;
            } else {
                return Ok(());
            }
        }
    }

    fn name(&mut self) -> Result<String, Error> {
        let start = self.at;
        while self
            .peek()
            .is_some_and(|c| c.is_alphanumeric() || "_-.:".contains(c))
        {
            self.at += 1;
        }
        if start == self.at {
            return self.fail("expected a name");
        }
        if self.chars[start].is_ascii_digit() || "-.".contains(self.chars[start]) {
            self.at = start;
            return self.fail("expected a name starting with a letter, `_` or `:`");
        }
        Ok(self.chars[start..self.at].iter().collect())
    }

    /// An element, from its `<` to the end of its closing tag.
    fn element(&mut self) -> Result<Element, Error> {
        if self.depth >= MAX_DEPTH {
            return self.fail(format!("expected at most {MAX_DEPTH} levels of elements"));
        }
        self.depth += 1;
        let element = self.element_in();
        self.depth -= 1;
        element
    }

    fn element_in(&mut self) -> Result<Element, Error> {
        let (line, _) = self.position(self.at);
        self.at += 1;
        let name = self.name()?;
        let mut element = Element {
            name,
            attributes: Vec::new(),
            children: Vec::new(),
            text: String::new(),
            line,
        };
        loop {
            self.skip_spaces();
            match self.peek() {
                Some('/') if self.starts("/>") => {
                    self.at += 2;
                    return Ok(element);
                }
                Some('>') => {
                    self.at += 1;
                    break;
                }
                Some(_) => {
                    let (attribute, value) = self.attribute()?;
                    if element.attributes.iter().any(|(n, _)| *n == attribute) {
                        return self.fail(format!("the attribute {attribute} is set twice"));
                    }
                    element.attributes.push((attribute, value));
                }
                None => return self.fail(format!("expected `>` to end the tag <{}", element.name)),
            }
        }
        loop {
            if self.starts("</") {
                self.closing_tag(&element.name)?;
                return Ok(element);
            } else if self.starts("<!--") {
                self.comment()?;
            } else if self.starts("<![CDATA[") {
                self.at += "<![CDATA[".len();
                let start = self.at;
                self.skip_past("]]>", "the CDATA section")?;
                element
                    .text
                    .extend(&self.chars[start..self.at - "]]>".len()]);
            } else if self.starts("<?") {
                self.skip_past("?>", "the processing instruction")?;
            } else if self.peek() == Some('<') {
                element.children.push(self.element()?);
            } else if self.peek().is_none() {
                return self.fail(format!(
                    "expected </{}> before the end of the file",
                    element.name
                ));
            } else {
                let text = self.text_until('<', false)?;
                element.text.push_str(&text);
            }
        }
    }

    /// `name="value"` (or in single quotes), from its name to past its value.
    fn attribute(&mut self) -> Result<(String, String), Error> {
        let attribute = self.name()?;
        self.skip_spaces();
        if self.peek() != Some('=') {
            return self.fail(format!("expected `=` after the attribute {attribute}"));
        }
        self.at += 1;
        self.skip_spaces();
        let quote = match self.peek() {
            Some(q @ ('"' | '\'')) => q,
            _ => {
                return self.fail(format!(
                    "expected a quoted value for the attribute {attribute}"
                ))
            }
        };
        self.at += 1;
        let value = self.text_until(quote, true)?;
        self.at += 1;
        Ok((attribute, value))
    }

    /// `</name>`, from its `<` to past its `>`.
    fn closing_tag(&mut self, name: &str) -> Result<(), Error> {
        let start = self.at;
        self.at += 2;
        let closing = self.name()?;
        if closing != name {
            self.at = start;
            return self.fail(format!("expected </{name}>, found </{closing}>"));
        }
        self.skip_spaces();
        if self.peek() != Some('>') {
            return self.fail(format!("expected `>` to end </{closing}"));
        }
        self.at += 1;
        Ok(())
    }

    /// Text up to (not past) `end`, entities decoded; in an attribute's
    /// value a literal tab or line end is a space.
    fn text_until(&mut self, end: char, attribute: bool) -> Result<String, Error> {
        let mut text = String::new();
        while let Some(c) = self.peek() {
            if c == end {
                return Ok(text);
            }
            if c == '<' {
                return self.fail("expected text, found `<` (write &lt;)");
            }
            if !attribute && self.starts("]]>") {
                return self.fail("expected text, found `]]>` (write ]]&gt;)");
            }
            if c == '&' {
                text.push(self.entity()?);
                continue;
            }
            text.push(if attribute && "\t\n".contains(c) {
                ' '
            } else {
                c
            });
            self.at += 1;
        }
        if end == '<' {
            Ok(text)
        } else {
            self.fail(format!("expected a closing {end}"))
        }
    }

    fn entity(&mut self) -> Result<char, Error> {
        let start = self.at;
        let end = (self.at..self.chars.len().min(self.at + 12)).find(|&i| self.chars[i] == ';');
        let end = match end {
            Some(end) => end,
            None => return self.fail("expected an entity such as &amp; (a bare & is not allowed)"),
        };
        let name: String = self.chars[start + 1..end].iter().collect();
        let c = match name.as_str() {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            _ => match name.strip_prefix("#x").or_else(|| name.strip_prefix("#X")) {
                Some(hex) => u32::from_str_radix(hex, 16).ok().and_then(char::from_u32),
                None => name
                    .strip_prefix('#')
                    .and_then(|digits| digits.parse().ok())
                    .and_then(char::from_u32),
            },
        };
        match c {
            Some(c) if allowed(c) => {
                self.at = end + 1;
                Ok(c)
            }
            Some(_) => self.fail(format!(
                "expected a reference to a character XML allows, found &{name};"
            )),
            None => self.fail(format!("expected a known entity, found &{name};")),
        }
    }
}

/// XML 1.0's `Char`: tab, LF, CR and from space up, but no surrogates,
/// U+FFFE or U+FFFF.
fn allowed(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | ' '..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PROBLEM: &str = r#"<?xml version="1.0" encoding="utf-8" standalone="no"?>
<!DOCTYPE problem>
<problem revision="3" short-name="a-plus-b" url="https://polygon.codeforces.com/p/x/a-plus-b">
    <names>
        <name language="english" value="A &amp; B"/>
    </names>
    <!-- a comment -->
    <judging cpu-name="Intel" input-file="" output-file="">
        <testset name="tests">
            <time-limit>2000</time-limit>
            <tests>
                <test method="manual" sample="true"/>
                <test cmd='gen 5 &gt; $' method="generated"/>
            </tests>
        </testset>
    </judging>
    <note><![CDATA[a < b]]></note>
</problem>
"#;

    #[test]
    fn deep_nesting_is_refused_in_one_line_not_by_the_stack() {
        let deep = format!("{}{}", "<a>".repeat(50_000), "</a>".repeat(50_000));
        let err = parse(&deep).unwrap_err().to_string();
        assert!(err.contains("levels of elements"), "{err}");
        let nested = |n: usize| format!("{}{}", "<a>".repeat(n), "</a>".repeat(n));
        assert_eq!(MAX_DEPTH, 256);
        assert!(parse(&nested(MAX_DEPTH)).is_ok());
        assert!(parse(&nested(MAX_DEPTH + 1)).is_err());
    }

    #[test]
    fn reads_a_polygon_problem_xml() {
        let root = parse(PROBLEM).unwrap();
        assert_eq!(root.name, "problem");
        assert_eq!(root.attribute("short-name"), Some("a-plus-b"));
        assert_eq!(
            root.at("names/name").unwrap().attribute("value"),
            Some("A & B")
        );
        let testset = root.at("judging/testset").unwrap();
        assert_eq!(testset.child("time-limit").unwrap().text, "2000");
        let tests: Vec<&Element> = testset.child("tests").unwrap().all("test").collect();
        assert_eq!(tests.len(), 2);
        assert_eq!(tests[1].attribute("cmd"), Some("gen 5 > $"));
        assert_eq!(tests[1].line, 13);
        assert_eq!(root.child("note").unwrap().text, "a < b");
    }

    #[test]
    fn line_ends_and_attribute_values_are_normalized_as_xml_1_0_says() {
        let root = parse(
            "<a b='1\r\n2\r3\t4&#10;5&#9;6&#13;' c=\"x\ny\">\r\none\rtwo\r\n<![CDATA[\r\n]]></a>",
        )
        .unwrap();
        assert_eq!(root.attribute("b"), Some("1 2 3 4\n5\t6\r"));
        assert_eq!(root.attribute("c"), Some("x y"));
        assert_eq!(root.text, "\none\ntwo\n\n");
    }

    #[test]
    fn numeric_entities_decode() {
        let root = parse("<a b='&#65;&#x42;'>&#169;</a>").unwrap();
        assert_eq!(root.attribute("b"), Some("AB"));
        assert_eq!(root.text, "©");
    }

    #[test]
    fn malformed_documents_name_the_place_and_what_was_expected() {
        for (doc, line, column, wanted) in [
            ("<a><b></a>", 1, 7, "expected </b>, found </a>"),
            (
                "<a>\n  <b x=1/></a>",
                2,
                8,
                "expected a quoted value for the attribute x",
            ),
            ("<a>", 1, 4, "expected </a> before the end of the file"),
            ("<a>&nbsp;</a>", 1, 4, "expected a known entity"),
            (
                "<a/><b/>",
                1,
                5,
                "expected nothing after the root element's end",
            ),
            ("text", 1, 1, "expected the root element"),
            ("<a x='1' x='2'/>", 1, 15, "set twice"),
            ("<a><!-- open</a>", 1, 17, "expected `-->`"),
            ("<a><!-- a -- b --></a>", 1, 11, "no `--` in the comment"),
            ("<a>x]]>y</a>", 1, 5, "found `]]>`"),
            ("<a b='x<y'/>", 1, 8, "found `<`"),
            ("<a>&#0;</a>", 1, 4, "a character XML allows"),
            ("<a b='&#xfffe;'/>", 1, 7, "a character XML allows"),
            ("<1a/>", 1, 2, "expected a name starting with a letter"),
            ("<a>\r\n\r<b></a>", 3, 4, "expected </b>, found </a>"),
            ("<a\u{a0}b='1'/>", 1, 3, "expected a name"),
        ] {
            let err = parse(doc).unwrap_err();
            assert!(err.message.contains(wanted), "{doc:?}: {err}");
            assert_eq!((err.line, err.column), (line, column), "{doc:?}: {err}");
        }
    }
}
