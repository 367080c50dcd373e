//! `judge_packages`: problem packages, a module of the runner built on its
//! core (`judge_core`), which never names it. A package (the problem package
//! format of Kattis and ICPC, DOMjudge's, Polygon's) is read into one model
//! (`package`, through the readers of `parsers`) and imported as a problem
//! (`import`, the `--package` form of `judge import`, every other form
//! handed to the core's); its labelled submissions are judged with the
//! format's time rule (`submissions`), the judging of the accepted ones
//! kept for the next command (`judged`), and checked against their labels
//! (`verify`), with which case rejects which wrong one (`matrix`); its
//! input validators are run on the stored and generated inputs
//! (`validate`). A problem a package made is then judged by the core alone:
//! its test groups, scoring and keys are the core's. Std only.

pub mod import;
pub mod judged;
pub mod matrix;
pub mod package;
pub mod parsers;
pub mod submissions;
pub mod validate;
pub mod verify;
