/// Run a closure on a thread with a big stack, for deep recursion; returns the closure's result.
///
/// `fn main() { big_stack::run_with_stack(1 << 28, solve) }` gives `solve`
/// 256 MiB of stack where the main thread has 8 MiB or less.
///
/// # Constraints
/// - `stack_bytes` counts against the judge's memory limit once touched.
/// - `f` may borrow from the caller (the thread is scoped).
///
/// # Complexity
/// - One thread spawn and join, plus `f`.
///
/// # Panics
/// - When the thread cannot be spawned; a panic inside `f` is passed on to
///   the caller unchanged.
#[allow(dead_code)]
pub mod big_stack {
    use std::panic;
    use std::thread;

    pub fn run_with_stack<T, F>(stack_bytes: usize, f: F) -> T
    where
        T: Send,
        F: FnOnce() -> T + Send,
    {
        thread::scope(|scope| {
            let worker = thread::Builder::new()
                .stack_size(stack_bytes)
                .spawn_scoped(scope, f)
                .expect("run_with_stack: cannot spawn a thread");
            match worker.join() {
                Ok(result) => result,
                Err(payload) => panic::resume_unwind(payload),
            }
        })
    }
}
