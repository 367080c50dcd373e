//! LeetCode's custom-testcase format, once for every LeetCode solution (never
//! pasted: only the submit region of a solution is).
//!
//! Input: each parameter's JSON value on a line of its own, cases back to
//! back, blank lines ignored. Output: one line per case, compact JSON as
//! LeetCode shows answers. A design problem's case is two lines, the method
//! names and their argument arrays; its answer is the array of results.
//! Bad input stops at a one-line error naming the line, the column and the
//! type expected; the answers of earlier cases are kept.
//!
//! A solution's glue is a few lines: [`cases`] or [`design`], and
//! `testkit::main`. A problem's constraints on a parameter are checked where
//! it is read, by [`Input::arg_where`] or [`Args::arg_where`]: a refusal
//! says what was expected at the line and column of the part at fault.

mod input;
mod nodes;
mod types;

pub use input::Input;
pub use nodes::{node_definitions, ListNode, TreeNode};
pub use types::Json;

/// A value as LeetCode shows it: `[1,2]`, `"a\"b"`, `2.00000`, `null` for `()`.
pub fn show<T: Json>(value: &T) -> String {
    let mut out = Vec::new();
    value.write(&mut out);
    String::from_utf8(out).expect("JSON is written from UTF-8 text")
}

/// A constraint of the problem that a value does not meet: what was
/// expected, and which part of the value is at fault.
#[derive(Clone, Debug, PartialEq)]
pub struct Unmet {
    expected: String,
    path: Vec<usize>,
}

impl Unmet {
    /// The value is not `expected` (`k in 1..=5`), as a whole or, with
    /// [`Unmet::at`], in one part.
    pub fn new(expected: impl Into<String>) -> Unmet {
        Unmet {
            expected: expected.into(),
            path: Vec::new(),
        }
    }

    /// The fault is in element `index` of an array (character `index` of a
    /// string), or of the part named by the `at` before: `.at(row).at(col)`.
    pub fn at(mut self, index: usize) -> Unmet {
        self.path.push(index);
        self
    }
}

/// `value`, read from `start`, if it meets `check`; else the refusal.
fn checked<T>(
    input: &Input,
    start: usize,
    value: T,
    check: impl FnOnce(&T) -> Result<(), Unmet>,
) -> Result<T, String> {
    check(&value)
        .map(|()| value)
        .map_err(|unmet| refusal(input, start, &unmet))
}

/// The one error for every constraint unmet: what was expected, at the line
/// and column of the part of the value at `start` that is at fault.
fn refusal(input: &Input, start: usize, unmet: &Unmet) -> String {
    let at = json::locate(input, start, &unmet.path);
    input.error_at(at, &format!("expected {}", unmet.expected))
}

impl Input<'_> {
    /// The next parameter of a case: one JSON value of type `T`, alone on its line.
    pub fn arg<T: Json>(&mut self) -> Result<T, String> {
        self.arg_where(|_| Ok(()))
    }

    /// The next parameter, refused unless it meets `check`: the problem's
    /// constraints on it (`1 <= k <= nums.length`).
    pub fn arg_where<T: Json>(
        &mut self,
        check: impl FnOnce(&T) -> Result<(), Unmet>,
    ) -> Result<T, String> {
        self.skip_whitespace();
        if self.peek().is_none() {
            return Err(self.error(&format!("expected {} for the next parameter", T::name())));
        }
        let start = self.pos();
        let value = T::read(self)?;
        self.end_of_line()?;
        checked(self, start, value, check)
    }
}

/// Answers every case of `input` into `out`, one line each: `case` reads the
/// case's parameters and returns the answer, which is shown as LeetCode
/// shows it (see [`show`]; a tree answering a case that gave a node by its
/// value is one of its nodes, shown by its value).
pub fn cases<T: Json>(
    input: &[u8],
    out: &mut Vec<u8>,
    mut case: impl FnMut(&mut Input) -> Result<T, String>,
) -> Result<(), String> {
    let mut input = Input::new(input);
    while input.more() {
        input.start_case();
        let answer = case(&mut input)?;
        if input.named_a_node {
            answer.write_as_node(out);
        } else {
            answer.write(out);
        }
        out.push(b'\n');
    }
    Ok(())
}

/// The arguments of one method call in a design case, read in order.
pub struct Args<'i, 'a> {
    input: &'i mut Input<'a>,
    method: String,
    count: usize,
    /// Where the call's array of arguments starts.
    start: usize,
}

impl Args<'_, '_> {
    /// The next argument of the call.
    pub fn arg<T: Json>(&mut self) -> Result<T, String> {
        self.arg_where(|_| Ok(()))
    }

    /// Refuses the call for a constraint no argument shows (`pop` on an
    /// empty stack): the error names the call's arguments.
    pub fn refuse(&self, unmet: Unmet) -> String {
        refusal(self.input, self.start, &unmet)
    }

    /// The next argument, refused unless it meets `check`: the problem's
    /// constraints on it.
    pub fn arg_where<T: Json>(
        &mut self,
        check: impl FnOnce(&T) -> Result<(), Unmet>,
    ) -> Result<T, String> {
        if self.count > 0 && !self.input.eat(b',') {
            return Err(self.input.error(&format!(
                "expected ',' and argument {} of {} ({})",
                self.count + 1,
                self.method,
                T::name()
            )));
        }
        self.input.skip_whitespace();
        if self.input.peek() == Some(b']') {
            return Err(self.input.error(&format!(
                "expected argument {} of {} ({})",
                self.count + 1,
                self.method,
                T::name()
            )));
        }
        self.count += 1;
        let start = self.input.pos();
        let value = T::read(self.input)?;
        checked(self.input, start, value, check)
    }
}

/// Answers every design case of `input`: a line of method names, the first
/// the class (`["MinStack","push","getMin"]`), then a line of their argument
/// arrays (`[[],[-2],[]]`). `construct` builds the object from the
/// constructor's arguments; `call` runs the named method (one of `methods`,
/// LeetCode's camelCase names) and returns its result shown (`null` for `()`).
/// The answer is the array of results, `null` for the constructor.
pub fn design<T>(
    input: &[u8],
    out: &mut Vec<u8>,
    class: &str,
    methods: &[&str],
    mut construct: impl FnMut(&mut Args) -> Result<T, String>,
    mut call: impl FnMut(&mut T, &str, &mut Args) -> Result<String, String>,
) -> Result<(), String> {
    let mut input = Input::new(input);
    while input.more() {
        input.start_case();
        let names_start = input.pos();
        let names: Vec<String> = input.arg()?;
        for (index, name) in names.iter().enumerate() {
            let known = if index == 0 {
                name == class
            } else {
                methods.contains(&name.as_str())
            };
            if !known {
                let expected = if index == 0 {
                    format!("expected the class {class:?} first")
                } else {
                    format!("expected a method of {class} ({})", methods.join(", "))
                };
                return Err(input.error_at(
                    names_start,
                    &format!("{expected}, but name {} is {name:?}", index + 1),
                ));
            }
        }
        input.skip_whitespace();
        if input.peek().is_none() {
            return Err(input.error("expected the line of argument arrays"));
        }
        let mut results = Vec::new();
        let mut object = None;
        input.expect(b'[', "opening the array of argument arrays")?;
        for (index, name) in names.iter().enumerate() {
            if index > 0 {
                input.expect(b',', &format!("and the arguments of call {}", index + 1))?;
            }
            input.expect(b'[', &format!("opening the arguments of {name}"))?;
            let mut args = Args {
                start: input.pos() - 1,
                input: &mut input,
                method: name.clone(),
                count: 0,
            };
            match object.as_mut() {
                None => {
                    object = Some(construct(&mut args)?);
                    results.push("null".to_string());
                }
                Some(object) => results.push(call(object, name, &mut args)?),
            }
            input.expect(b']', &format!("closing the arguments of {name}"))?;
        }
        input.expect(b']', "closing the array of argument arrays: one per name")?;
        input.end_of_line()?;
        out.push(b'[');
        out.extend_from_slice(results.join(",").as_bytes());
        out.extend_from_slice(b"]\n");
    }
    Ok(())
}
