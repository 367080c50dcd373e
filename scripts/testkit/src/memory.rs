//! The memory a program may take on a thread of a problem's own tests: every
//! crate that links testkit allocates through [`Bounded`], which counts the
//! bytes a bounded thread holds and ends the test binary with a line naming
//! what passed its bound. A brute force on a case too big for it would
//! otherwise take the machine's memory until the kernel killed the whole
//! test binary without a word. Until a thread is bounded, an allocation
//! costs one relaxed load more than the system's.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set once a thread has a bound: before it nothing is counted.
static ARMED: AtomicBool = AtomicBool::new(false);

thread_local! {
    /// This thread's bound in bytes, and the line to print past it.
    static BOUND: Cell<Option<(isize, &'static str)>> = const { Cell::new(None) };
    /// The bytes this thread allocated less those it freed.
    static HELD: Cell<isize> = const { Cell::new(0) };
}

/// Bounds the calling thread (a fresh one: what it holds starts at 0) to
/// `bytes`; past them `why` is printed and the process aborts.
pub fn bound(bytes: usize, why: String) {
    let why: &'static str = Box::leak(why.into_boxed_str());
    BOUND.with(|bound| bound.set(Some((bytes.min(isize::MAX as usize) as isize, why))));
    ARMED.store(true, Ordering::Relaxed);
}

fn count(bytes: isize) {
    if !ARMED.load(Ordering::Relaxed) {
        return;
    }
    // Both are constant-initialised with nothing to drop: never torn down.
    let held = HELD.try_with(|held| {
        held.set(held.get() + bytes);
        held.get()
    });
    if let (Ok(held), Ok(Some((bound, why)))) = (held, BOUND.try_with(Cell::get)) {
        if held > bound {
            BOUND.with(|bound| bound.set(None));
            let _ = std::io::stderr().write_all(why.as_bytes());
            std::process::abort();
        }
    }
}

/// The system's allocator, counting for bounded threads.
pub struct Bounded;

// SAFETY: every call is the system allocator's, with its own arguments;
// counting neither allocates on a bounded thread below its bound nor unwinds.
unsafe impl GlobalAlloc for Bounded {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size() as isize);
        System.alloc(layout)
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count(layout.size() as isize);
        System.alloc_zeroed(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        count(-(layout.size() as isize));
        System.dealloc(ptr, layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size as isize - layout.size() as isize);
        System.realloc(ptr, layout, new_size)
    }
}
