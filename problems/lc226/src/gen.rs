//! Generator for lc226 (Invert Binary Tree).
//!
//! `<seed> [<size>]`: one to four trees of 0..=size nodes (empty and
//! one-node trees often), values in [-100, 100] as the constraints allow,
//! from a small range or the whole one; shapes: random (each node hung on a
//! random free place), complete, a left or right chain, a zigzag.
//! `--bench cases <size>`: `size` random trees of 100 nodes, the
//! constraints' largest.

use std::cell::RefCell;
use std::rc::Rc;

use leetcode::TreeNode;
use testkit::Rng;

const DEFAULT_SIZE: u64 = 10;
/// The constraints: at most 100 nodes, |Node.val| <= 100.
const MAX_NODES: u64 = 100;
const LIMIT: u64 = 100;

type Node = Rc<RefCell<TreeNode>>;

fn main() {
    testkit::gen_main(DEFAULT_SIZE, random_input, &[("cases", bench_cases)]);
}

pub fn random_input(rng: &mut Rng, size: u64) -> Vec<u8> {
    let mut out = String::new();
    for _ in 0..rng.range(1, 4) {
        let nodes = match rng.below(4) {
            0 => rng.range(0, 1.min(size)),
            _ => rng.range(0, size.min(MAX_NODES)),
        };
        let bound = *rng.pick(&[3, LIMIT]);
        let shape = rng.below(6);
        push_tree(&mut out, &random_tree(rng, nodes, bound, shape));
    }
    out.into_bytes()
}

/// A tree of `nodes` values in [-bound, bound]; `shape` 0..=1 random,
/// 2 complete, 3 left chain, 4 right chain, 5 zigzag.
fn random_tree(rng: &mut Rng, nodes: u64, bound: u64, shape: u64) -> Option<Node> {
    let mut value = || (rng.range(0, 2 * bound) as i64 - bound as i64) as i32;
    let all: Vec<Node> = (0..nodes)
        .map(|_| Rc::new(RefCell::new(TreeNode::new(value()))))
        .collect();
    // Free places for the next node: (parent index, as its left child).
    let mut free: Vec<(usize, bool)> = Vec::new();
    for (index, node) in all.iter().enumerate() {
        if index > 0 {
            let place = match shape {
                0 | 1 => free.swap_remove(rng.below(free.len() as u64) as usize),
                2 => free.remove(0),
                3 => (index - 1, true),
                4 => (index - 1, false),
                _ => (index - 1, index % 2 == 0),
            };
            let mut parent = all[place.0].borrow_mut();
            let child = Some(Rc::clone(node));
            if place.1 {
                parent.left = child;
            } else {
                parent.right = child;
            }
        }
        free.push((index, true));
        free.push((index, false));
    }
    all.first().cloned()
}

fn push_tree(out: &mut String, tree: &Option<Node>) {
    out.push_str(&leetcode::show(tree));
    out.push('\n');
}

fn bench_cases(size: u64) -> Vec<u8> {
    let mut rng = Rng::new(226);
    let mut out = String::new();
    for _ in 0..size {
        let tree = random_tree(&mut rng, MAX_NODES, LIMIT, 0);
        push_tree(&mut out, &tree);
    }
    out.into_bytes()
}
