//! The hand-written readers only packages need: YAML (`yaml`), XML
//! (`xml`), INI (`ini`), zip archives (`zip`) and their DEFLATE streams
//! (`inflate`). Each uses none of the crate's other modules.

pub mod inflate;
pub mod ini;
pub mod xml;
pub mod yaml;
pub mod zip;
