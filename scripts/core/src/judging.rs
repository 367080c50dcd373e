//! The judging layer: verdicts (`verdict`), how an output is compared with
//! the answer (`compare`, with checker programs in `checker`), interactive
//! problems' interactors (`interactor`), how those helpers are called and answer (`protocol`), test groups graded as the problem
//! package format grades them (`grading`), the one judge that every
//! command and every problem's own tests judge through (`judge`); a stress
//! iteration, solution against brute force
//! on a generated input (`trial`), and the shrinking of a failing one
//! (`shrink`), for `stress` and `mutants` alike; a solution's mutants built,
//! judged on the stored cases and stressed (`mutants`).

pub mod checker;
pub mod compare;
pub mod grading;
pub mod interactor;
pub mod judge;
pub mod protocol;
pub mod shrink;
pub mod trial;
pub mod verdict;
