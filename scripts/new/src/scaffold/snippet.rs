//! A LeetCode problem scaffolded from the code template LeetCode's editor
//! shows (`judge new lc<N> --snippet <file>`): the snippet goes between the
//! submit markers with a placeholder in each empty body, and the glue that
//! reads the parameters, calls the method and shows the answer is generated
//! from its signature, all on the `leetcode` crate; `templates/leetcode/`
//! holds the files these parts fill. The brute force starts as the same code
//! unmarked; the generator prints each parameter's default. A node argument
//! (Lowest Common Ancestor's `p`) needs no glue of its own: the crate reads a
//! tree given as a value as that node of the case's first tree.

use judge_core::base::error::SetupError;
use judge_core::problem::kind::Kind;

/// One parameter: its name, its type without the reference, how it is passed.
#[derive(Debug, PartialEq)]
struct Param {
    name: String,
    ty: String,
    passing: Passing,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Passing {
    Value,
    Ref,
    Mut,
}

/// A `fn` of the snippet: where its body is, and its signature.
#[derive(Debug)]
struct Function {
    name: String,
    params: Vec<Param>,
    /// `None` for `()`.
    returns: Option<String>,
    /// Whether it takes `&mut self`.
    mut_self: bool,
    /// Byte offsets of the body's `{` and `}`.
    body: (usize, usize),
}

impl Function {
    /// Whether it undoes `encode`: one argument each, of the type the other returns.
    fn undoes(&self, encode: &Function) -> bool {
        match (self.params.as_slice(), encode.params.as_slice()) {
            ([param], [encoded]) => {
                encode.returns.as_ref() == Some(&param.ty)
                    && self.returns.as_ref() == Some(&encoded.ty)
            }
            _ => false,
        }
    }
}

/// What a snippet is for.
enum Shape {
    /// `impl Solution { pub fn f(..) -> T }`: one call per case.
    Function(Function),
    /// `struct C {} impl C { fn new(..) -> Self, fn m(&self, ..) }`.
    Design {
        class: String,
        constructor: Function,
        methods: Vec<Function>,
    },
    /// A design class of two methods, each undoing the other (Serialize and
    /// Deserialize Binary Tree's `serialize` and `deserialize`): a case is
    /// the first one's argument, its answer `decode(encode(x))`.
    Codec {
        class: String,
        constructor: Function,
        encode: Function,
        decode: Function,
    },
}

impl Shape {
    fn functions(&self) -> Vec<&Function> {
        match self {
            Shape::Function(function) => vec![function],
            Shape::Design {
                constructor,
                methods,
                ..
            } => std::iter::once(constructor).chain(methods).collect(),
            Shape::Codec {
                constructor,
                encode,
                decode,
                ..
            } => vec![constructor, encode, decode],
        }
    }
}

/// What a LeetCode problem's files are filled with, made from its code
/// template: the kind it is, the region pasted, the glue after it, the
/// imports and the generator's case.
pub struct Parts {
    pub kind: Kind,
    pub imports: String,
    pub gen_imports: String,
    pub region: String,
    /// `pub struct Solution;` for a function problem (LeetCode's prelude
    /// declares it on the judge), nothing for a design one.
    pub solution_struct: &'static str,
    pub glue: String,
    /// The generator's case: an expression for each line.
    pub case: String,
}

pub fn parts(snippet: &str) -> Result<Parts, SetupError> {
    let snippet: String = snippet
        .lines()
        .map(|line| format!("{}\n", line.trim_end()))
        .collect();
    let snippet = undocument_tail(&snippet);
    let code = mask_comments(&snippet);
    let functions = functions(&code)?;
    let shape = shape(&code, functions)?;
    let region = with_placeholders(&snippet, &code, &shape);
    let case = case(&shape);
    // The generator names only the types its case prints.
    let mut gen_imports = imports(&case);
    if case.contains("Rc<RefCell<") {
        gen_imports.push_str("use std::cell::RefCell;\nuse std::rc::Rc;\n");
    }
    let (kind, solution_struct) = match shape {
        Shape::Function(_) => (Kind::LeetCodeFunction, "\npub struct Solution;\n"),
        Shape::Design { .. } | Shape::Codec { .. } => (Kind::LeetCodeDesign, ""),
    };
    Ok(Parts {
        kind,
        imports: allowances(&shape) + &imports(&code),
        gen_imports,
        region,
        solution_struct,
        glue: glue(&shape),
        case,
    })
}

/// A design template ends with a usage comment written as a doc comment
/// (`/** ... */`), documenting nothing once the snippet stands alone; made a
/// plain one so that it does not document the glue after the region.
fn undocument_tail(snippet: &str) -> String {
    match snippet.rfind("/**") {
        Some(at)
            if snippet[at..].trim_end().ends_with("*/")
                && snippet[at..].matches("*/").count() == 1 =>
        {
            format!("{}/*{}", &snippet[..at], &snippet[at + 3..])
        }
        _ => snippet.to_string(),
    }
}

/// `snippet` with every comment's characters, newlines aside, turned to
/// spaces: the code alone, at the same byte offsets.
fn mask_comments(snippet: &str) -> String {
    let bytes = snippet.as_bytes();
    let mut code = bytes.to_vec();
    let mut i = 0;
    while i < bytes.len() {
        let end = if bytes[i..].starts_with(b"//") {
            bytes[i..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(bytes.len(), |n| i + n)
        } else if bytes[i..].starts_with(b"/*") {
            snippet[i + 2..]
                .find("*/")
                .map_or(bytes.len(), |n| i + n + 4)
        } else {
            i += 1;
            continue;
        };
        for byte in &mut code[i..end] {
            if *byte != b'\n' {
                *byte = b' ';
            }
        }
        i = end;
    }
    // Only ASCII bytes were replaced, by ASCII spaces, inside whole comments.
    String::from_utf8_lossy(&code).into_owned()
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The identifier at the start of `text`.
fn ident(text: &str) -> &str {
    let text = text.trim_start();
    &text[..text.find(|c: char| !is_ident(c)).unwrap_or(text.len())]
}

/// Offsets where the keyword `word` starts as a whole word.
fn keyword_positions<'a>(code: &'a str, word: &'a str) -> impl Iterator<Item = usize> + 'a {
    code.match_indices(word)
        .map(|(at, _)| at)
        .filter(move |&at| {
            let before = code[..at].chars().next_back();
            let after = code[at + word.len()..].chars().next();
            !before.is_some_and(is_ident) && after.is_some_and(char::is_whitespace)
        })
}

/// The offset of the bracket closing the one at `open`.
fn matching(code: &str, open: usize) -> Option<usize> {
    let (opening, closing) = match code.as_bytes()[open] {
        b'(' => (b'(', b')'),
        _ => (b'{', b'}'),
    };
    let mut depth = 0;
    for (at, &byte) in code.as_bytes().iter().enumerate().skip(open) {
        if byte == opening {
            depth += 1;
        } else if byte == closing {
            depth -= 1;
            if depth == 0 {
                return Some(at);
            }
        }
    }
    None
}

fn functions(code: &str) -> Result<Vec<Function>, SetupError> {
    let bad = |at: usize, what: &str| {
        let line = 1 + code[..at].matches('\n').count();
        SetupError(format!("snippet line {line}: {what}"))
    };
    let mut functions = Vec::new();
    for at in keyword_positions(code, "fn") {
        let rest = &code[at + 2..];
        let name = ident(rest).to_string();
        let open = at
            + 2
            + rest
                .find('(')
                .ok_or_else(|| bad(at, "expected '(' after fn"))?;
        let close = matching(code, open).ok_or_else(|| bad(at, "unclosed '('"))?;
        let body_open = close
            + code[close..]
                .find('{')
                .ok_or_else(|| bad(at, "expected the function's body '{'"))?;
        let body_close = matching(code, body_open).ok_or_else(|| bad(at, "unclosed '{'"))?;
        let returns = code[close + 1..body_open]
            .trim()
            .strip_prefix("->")
            .map(|ty| ty.trim().to_string());
        let mut_self = split_top_level(&code[open + 1..close])
            .iter()
            .any(|param| param.replace(' ', "") == "&mutself");
        let params = split_top_level(&code[open + 1..close])
            .into_iter()
            .filter(|param| !param.ends_with("self"))
            .map(|param| {
                parse_param(param)
                    .ok_or_else(|| bad(at, &format!("expected `name: Type`, found `{param}`")))
            })
            .collect::<Result<_, _>>()?;
        functions.push(Function {
            name,
            params,
            returns,
            mut_self,
            body: (body_open, body_close),
        });
    }
    Ok(functions)
}

/// The parts of `text` between commas outside brackets, trimmed, empty ones dropped.
fn split_top_level(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (at, c) in text.char_indices() {
        match c {
            '<' | '(' | '[' => depth += 1,
            '>' | ')' | ']' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(text[start..at].trim());
                start = at + 1;
            }
            _ => {}
        }
    }
    parts.push(text[start..].trim());
    parts.retain(|part| !part.is_empty());
    parts
}

fn parse_param(param: &str) -> Option<Param> {
    let (name, ty) = param.split_once(':')?;
    let name = name.trim().trim_start_matches("mut ").trim().to_string();
    let ty = ty.split_whitespace().collect::<Vec<_>>().join(" ");
    let (passing, ty) = if let Some(inner) = ty.strip_prefix("&mut ") {
        (Passing::Mut, inner.to_string())
    } else if let Some(inner) = ty.strip_prefix('&') {
        (Passing::Ref, inner.trim().to_string())
    } else {
        (Passing::Value, ty)
    };
    Some(Param { name, ty, passing }).filter(|param| !param.name.is_empty())
}

fn shape(code: &str, mut functions: Vec<Function>) -> Result<Shape, SetupError> {
    if keyword_positions(code, "impl").any(|at| ident(&code[at + 4..]) == "Solution") {
        return match functions.len() {
            1 => Ok(Shape::Function(functions.remove(0))),
            count => Err(SetupError(format!(
                "the snippet's `impl Solution` has {count} functions; expected the one LeetCode calls"
            ))),
        };
    }
    let class = keyword_positions(code, "struct")
        .map(|at| ident(&code[at + 6..]).to_string())
        .next()
        .ok_or_else(|| {
            SetupError(
                "the snippet has neither `impl Solution` nor a design class (`struct C` and \
                 `impl C`): paste LeetCode's Rust template as it is"
                    .into(),
            )
        })?;
    let constructor = functions
        .iter()
        .position(|function| function.name == "new")
        .ok_or_else(|| SetupError(format!("the design class {class} has no `fn new`")))?;
    let constructor = functions.remove(constructor);
    let codec = constructor.params.is_empty()
        && matches!(functions.as_slice(), [encode, decode] if decode.undoes(encode));
    if codec {
        let decode = functions.remove(1);
        return Ok(Shape::Codec {
            class,
            constructor,
            encode: functions.remove(0),
            decode,
        });
    }
    Ok(Shape::Design {
        class,
        constructor,
        methods: functions,
    })
}

/// The snippet with a placeholder that compiles in every empty body: the
/// parameters used, and `Default::default()` (or an empty `Self {}`).
fn with_placeholders(snippet: &str, code: &str, shape: &Shape) -> String {
    let functions = shape.functions();
    let mut edits: Vec<(usize, usize, String)> = functions
        .iter()
        .filter(|f| code[f.body.0 + 1..f.body.1].trim().is_empty())
        .map(|f| {
            let mut body = String::from("{\n// Placeholder until the solution is written.\n");
            let names: Vec<&str> = f.params.iter().map(|p| p.name.as_str()).collect();
            match names.as_slice() {
                [] => {}
                [one] => body.push_str(&format!("let _ = {one};\n")),
                many => body.push_str(&format!("let _ = ({});\n", many.join(", "))),
            }
            match f.returns.as_deref() {
                None => {}
                Some("Self") => body.push_str("Self {}\n"),
                Some(_) => body.push_str("Default::default()\n"),
            }
            body.push('}');
            (f.body.0, f.body.1 + 1, body)
        })
        .collect();
    edits.sort_by_key(|edit| std::cmp::Reverse(edit.0));
    let mut text = snippet.to_string();
    for (start, end, body) in edits {
        text.replace_range(start..end, &body);
    }
    text
}

/// The lints LeetCode's own signature would fail, allowed with the reason.
fn allowances(shape: &Shape) -> String {
    let params: Vec<&Param> = shape
        .functions()
        .into_iter()
        .flat_map(|function| &function.params)
        .collect();
    let mut allowed = String::new();
    if params
        .iter()
        .any(|param| param.passing != Passing::Value && param.ty.starts_with("Vec<"))
    {
        allowed.push_str(
            "// LeetCode's signature takes `&Vec`, which clippy would have be a slice.\n\
             #![allow(clippy::ptr_arg)]\n",
        );
    }
    if params
        .iter()
        .any(|param| param.name.contains(|c: char| c.is_ascii_uppercase()))
    {
        allowed.push_str(
            "// LeetCode's signature names a parameter in camelCase.\n\
             #![allow(non_snake_case)]\n",
        );
    }
    if !allowed.is_empty() {
        allowed.push('\n');
    }
    allowed
}

/// The crate's node types the code names.
fn imports(code: &str) -> String {
    let used: Vec<&str> = ["ListNode", "TreeNode"]
        .into_iter()
        .filter(|name| code.contains(name))
        .collect();
    match used.as_slice() {
        [] => String::new(),
        [one] => format!("use leetcode::{one};\n\n"),
        many => format!("use leetcode::{{{}}};\n\n", many.join(", ")),
    }
}

/// Reads the parameters into locals and returns the call's arguments.
fn read_arguments(params: &[Param], read: &str, body: &mut String) -> String {
    let mut arguments = Vec::new();
    for param in params {
        let binding = if param.passing == Passing::Mut {
            "mut "
        } else {
            ""
        };
        body.push_str(&format!(
            "let {binding}{}: {} = {read}.arg()?;\n",
            param.name, param.ty
        ));
        arguments.push(argument(param));
    }
    arguments.join(", ")
}

/// The local `param` as the call passes it.
fn argument(param: &Param) -> String {
    match param.passing {
        Passing::Value => param.name.clone(),
        Passing::Ref => format!("&{}", param.name),
        Passing::Mut => format!("&mut {}", param.name),
    }
}

/// The body of `solve`.
fn glue(shape: &Shape) -> String {
    match shape {
        Shape::Function(function) => function_glue(function),
        Shape::Design {
            class,
            constructor,
            methods,
        } => design_glue(class, constructor, methods),
        Shape::Codec {
            class,
            encode,
            decode,
            ..
        } => codec_glue(class, encode, decode),
    }
}

/// A function's `solve`: one call per case, its answer shown.
fn function_glue(function: &Function) -> String {
    let mut body = String::from("leetcode::cases(input, out, |case| {\n");
    let arguments = read_arguments(&function.params, "case", &mut body);
    let call = format!("Solution::{}({arguments})", function.name);
    // A method returning nothing shows its first in-place argument.
    let shown = function
        .params
        .iter()
        .find(|param| param.passing == Passing::Mut)
        .filter(|_| function.returns.is_none());
    match shown {
        Some(param) => body.push_str(&format!("{call};\nOk({})\n", param.name)),
        None => body.push_str(&format!("Ok({call})\n")),
    }
    body.push_str("})\n");
    body
}

/// A design class's `solve`: the constructor, then each method call by name.
fn design_glue(class: &str, constructor: &Function, methods: &[Function]) -> String {
    let names: Vec<String> = methods
        .iter()
        .map(|method| format!("{:?}", camel_case(&method.name)))
        .collect();
    let args = if constructor.params.is_empty() {
        "_"
    } else {
        "args"
    };
    let mut body = format!(
        "let methods = [{}];\nleetcode::design(input, out, {class:?}, &methods, |{args}| {{\n",
        names.join(", ")
    );
    let arguments = read_arguments(&constructor.params, "args", &mut body);
    body.push_str(&format!(
        "Ok({class}::new({arguments}))\n}}, |object, method, args| {{\nOk(match method {{\n"
    ));
    for (method, name) in methods.iter().zip(&names) {
        let mut reads = String::new();
        let arguments = read_arguments(&method.params, "args", &mut reads);
        body.push_str(&format!(
            "{name} => {{\n{reads}leetcode::show(&object.{}({arguments}))\n}}\n",
            method.name
        ));
    }
    body.push_str(
        "_ => unreachable!(\"leetcode::design passes only the methods listed\"),\n})\n})\n",
    );
    body
}

/// A codec's `solve`: a case's argument encoded, and the answer decoded back.
fn codec_glue(class: &str, encode: &Function, decode: &Function) -> String {
    let mut body = String::from("leetcode::cases(input, out, |case| {\n");
    let arguments = read_arguments(&encode.params, "case", &mut body);
    let codec = match encode.mut_self || decode.mut_self {
        true => "mut codec",
        false => "codec",
    };
    let encoded = &decode.params[0];
    let binding = match encoded.passing {
        Passing::Mut => "mut ",
        _ => "",
    };
    body.push_str(&format!(
        "let {codec} = {class}::new();\nlet {binding}{} = codec.{}({arguments});\n\
         Ok(codec.{}({}))\n}})\n",
        encoded.name,
        encode.name,
        decode.name,
        argument(encoded)
    ));
    body
}

/// `get_min` → `getMin`, the name LeetCode's testcases use.
fn camel_case(name: &str) -> String {
    let mut camel = String::new();
    let mut upper = false;
    for c in name.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            camel.extend(c.to_uppercase());
            upper = false;
        } else {
            camel.push(c);
        }
    }
    camel
}

/// The generator's case: each parameter's default value, shown.
fn case(shape: &Shape) -> String {
    let show = |ty: &str| format!("leetcode::show(&<{ty}>::default())");
    let lines: Vec<String> = match shape {
        Shape::Function(function) => function.params.iter().map(|p| show(&p.ty)).collect(),
        Shape::Design {
            class, constructor, ..
        } => {
            let arguments: Vec<String> = constructor.params.iter().map(|p| show(&p.ty)).collect();
            let arguments = if arguments.is_empty() {
                "\"[[]]\".to_string()".to_string()
            } else {
                format!(
                    "format!(\"[[{{}}]]\", [{}].join(\",\"))",
                    arguments.join(", ")
                )
            };
            vec![
                format!("{:?}.to_string()", format!("[{class:?}]")),
                arguments,
            ]
        }
        Shape::Codec { encode, .. } => encode.params.iter().map(|p| show(&p.ty)).collect(),
    };
    lines.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_class_whose_two_methods_undo_each_other_is_a_codec_judged_by_the_round_trip() {
        // Encode and Decode TinyURL's shape (535): `&mut self`, camelCase names.
        let parts = parts(
            "struct Codec {}\nimpl Codec {\n    fn new() -> Self {}\n    \
             fn encode(&mut self, longURL: String) -> String {}\n    \
             fn decode(&self, shortURL: String) -> String {}\n}\n",
        )
        .unwrap();
        assert_eq!(parts.kind, Kind::LeetCodeDesign);
        assert_eq!(
            parts.glue,
            "leetcode::cases(input, out, |case| {\nlet longURL: String = case.arg()?;\n\
             let mut codec = Codec::new();\nlet shortURL = codec.encode(longURL);\n\
             Ok(codec.decode(shortURL))\n})\n"
        );
        assert!(parts.imports.contains("#![allow(non_snake_case)]"));
        assert_eq!(parts.case, "leetcode::show(&<String>::default())");
        // Two methods that do not undo each other make a design class.
        let parts = parts_of_design(
            "fn put(&mut self, key: i32) -> String {}\n    fn get(&self, key: String) -> String {}",
        );
        assert!(parts.glue.contains("leetcode::design("), "{}", parts.glue);
        assert!(!parts.imports.contains("allow"), "{}", parts.imports);
    }

    fn parts_of_design(methods: &str) -> Parts {
        parts(&format!(
            "struct Cache {{}}\nimpl Cache {{\n    fn new() -> Self {{}}\n    {methods}\n}}\n"
        ))
        .unwrap()
    }

    #[test]
    fn the_generator_imports_only_the_node_types_its_case_prints() {
        // Serialize and Deserialize Binary Tree's case is a tree; a design
        // class built from nothing prints no node at all.
        let tree = "Option<Rc<RefCell<TreeNode>>>";
        let codec = parts(&format!(
            "struct Codec {{}}\nimpl Codec {{\n    fn new() -> Self {{}}\n    \
             fn serialize(&self, root: {tree}) -> String {{}}\n    \
             fn deserialize(&self, data: String) -> {tree} {{}}\n}}\n"
        ))
        .unwrap();
        assert_eq!(
            codec.gen_imports,
            "use leetcode::TreeNode;\n\nuse std::cell::RefCell;\nuse std::rc::Rc;\n"
        );
        let design = parts_of_design(&format!("fn insert(&mut self, root: {tree}) {{}}"));
        assert_eq!(design.gen_imports, "");
        assert!(design.imports.contains("use leetcode::TreeNode;"));
    }
}
