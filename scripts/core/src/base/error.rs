//! The one error a command returns for a broken setup.

use std::fmt;

/// Something wrong with the setup rather than with a solution (exit status 2).
#[derive(Debug, PartialEq, Eq)]
pub struct SetupError(pub String);

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<String> for SetupError {
    fn from(message: String) -> SetupError {
        SetupError(message)
    }
}
