//! Brute force for lc226 (Invert Binary Tree): by the definition of a
//! mirror image. Every node is named by its path from the root (`false` for
//! left, `true` for right); the mirror puts each value at the path with
//! every step flipped, and the answer tree is built afresh from those paths.
//! No node of the input is changed, no child pointer swapped.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use leetcode::TreeNode;

type Tree = Option<Rc<RefCell<TreeNode>>>;
type Paths = HashMap<Vec<bool>, i32>;

/// Every node's value under its path from the root.
fn paths(tree: &Tree, path: &mut Vec<bool>, found: &mut Paths) {
    if let Some(node) = tree {
        let node = node.borrow();
        found.insert(path.clone(), node.val);
        for (step, child) in [(false, &node.left), (true, &node.right)] {
            path.push(step);
            paths(child, path, found);
            path.pop();
        }
    }
}

/// The tree whose node at each path of `values` holds its value.
fn build(values: &Paths, path: &mut Vec<bool>) -> Tree {
    let val = *values.get(path)?;
    let mut node = TreeNode::new(val);
    path.push(false);
    node.left = build(values, path);
    path.pop();
    path.push(true);
    node.right = build(values, path);
    path.pop();
    Some(Rc::new(RefCell::new(node)))
}

pub fn mirror(tree: &Tree) -> Tree {
    let mut found = Paths::new();
    paths(tree, &mut Vec::new(), &mut found);
    let mirrored: Paths = found
        .into_iter()
        .map(|(path, val)| (path.iter().map(|&step| !step).collect(), val))
        .collect();
    build(&mirrored, &mut Vec::new())
}

/// Answers every case of `input` into `out`.
pub fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
    leetcode::cases(input, out, |case| {
        let root: Tree = case.arg()?;
        Ok(mirror(&root))
    })
}

fn main() -> std::process::ExitCode {
    testkit::one_line_panics();
    testkit::main("lc226-brute", solve)
}
