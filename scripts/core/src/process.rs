//! The process layer: programs started the way a judge starts them, each
//! under its limits and with everything it starts stopped at its end
//! (`run`, by way of `launch`), in the box installed (`confine`) with what
//! it is shown (`sight`); source files as programs (`sources`); and Ctrl-C,
//! which stops every program running (`interrupt`); launchers forked, not
//! started, by a zygote (`zygote`). The system's calls are
//! in `sys`, but for the two that `interrupt`'s signal handler makes itself.

pub mod confine;
pub mod interrupt;
pub mod launch;
pub mod run;
pub mod sight;
pub mod sources;
pub mod sys;
pub mod zygote;
