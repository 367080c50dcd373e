//! The runner: tests, stresses, submits, scaffolds, benchmarks and imports
//! problems (`judge help`). All of it lives in the library's layers.

fn main() -> std::process::ExitCode {
    judge::commands::main()
}
