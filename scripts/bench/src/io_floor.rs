//! `judge io-floor <bytes>`: the least any solution must do, timed by `bench`
//! as the I/O floor. It does the house-style I/O and nothing else: one
//! `read_to_end` of stdin, one `write_all` of `<bytes>` bytes, one flush.

use std::io::{self, Read, Write};
use std::process::ExitCode;

pub fn command(args: &[String]) -> ExitCode {
    let bytes = match args {
        [bytes] => bytes.parse::<usize>().ok(),
        _ => None,
    };
    let Some(bytes) = bytes else {
        eprintln!("usage: judge io-floor <bytes>");
        return ExitCode::from(2);
    };
    let mut input = Vec::new();
    if let Err(e) = io::stdin().lock().read_to_end(&mut input) {
        eprintln!("judge io-floor: cannot read stdin: {e}");
        return ExitCode::FAILURE;
    }
    // What the bytes are does not change what writing them costs.
    let output = vec![b'\n'; bytes];
    let mut out = io::stdout().lock();
    match out.write_all(&output).and_then(|_| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("judge io-floor: cannot write stdout: {e}");
            ExitCode::FAILURE
        }
    }
}
