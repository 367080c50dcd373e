//! The process layer: programs started the way a judge starts them, each
//! under its limits and with everything it starts stopped at its end
//! (`run`, by way of `launch`), confined by the kernel (`sandbox`, with the
//! files it sees in `view` and the calls it may make in `seccomp`); source
//! files as programs (`sources`); and Ctrl-C, which stops every program
//! running (`interrupt`). The Linux calls are in `sys`, but for the two
//! that `interrupt`'s signal handler makes itself.

pub mod interrupt;
pub mod launch;
pub mod run;
pub mod sandbox;
pub mod seccomp;
pub mod sources;
pub mod sys;
pub mod view;
