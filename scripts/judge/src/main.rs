//! The runner: tests, stresses, submits, scaffolds, benchmarks and imports
//! problems (`judge help`), every command in the library's one table.

fn main() -> std::process::ExitCode {
    judge::main()
}
