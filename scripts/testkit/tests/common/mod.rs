//! A throw-away workspace for testkit's own tests, with the workspace's
//! built runner in its target/release: `Problem` judges through it.

use std::fs;
use std::path::{Path, PathBuf};
use testkit::Problem;

/// A workspace with problem `id`: its problem.toml and cases, removed on drop.
pub struct Workspace {
    pub root: PathBuf,
}

impl Workspace {
    /// `cases`: each `(name, input)` stored with `answer` as its `.out`.
    pub fn new(id: &str, toml: &str, cases: &[(&str, String)], answer: &str) -> Workspace {
        let root = std::env::temp_dir().join(format!("testkit-{id}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        fs::create_dir_all(root.join("problems").join(id)).unwrap();
        let data = root.join("judge-data").join(id);
        fs::create_dir_all(&data).unwrap();
        fs::write(data.join("problem.toml"), toml).unwrap();
        for (name, input) in cases {
            fs::write(data.join(format!("{name}.in")), input).unwrap();
            fs::write(data.join(format!("{name}.out")), answer).unwrap();
        }
        let target = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target");
        let runner = testkit::built_runner(&target)
            .expect("the runner is built (`make`, or `cargo build --release -p judge`)");
        fs::create_dir_all(root.join("target/release")).unwrap();
        fs::copy(runner, root.join("target/release/judge")).unwrap();
        Workspace { root }
    }

    pub fn problem(&self, id: &str) -> Problem {
        let manifest = self.root.join("problems").join(id);
        let solution = self.root.join("target/release").join(id);
        Problem::new(manifest.to_str().unwrap(), solution.to_str().unwrap())
    }
}

impl Drop for Workspace {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.root);
    }
}
