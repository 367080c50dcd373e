//! The data-structure benches.

use crate::fenwick_tree::FenwickTree;
use crate::lazy_segment_tree::{Action, LazySegmentTree};
use crate::segment_tree::{Monoid, SegmentTree};
use crate::sparse_table::{Min, SparseTable};
use crate::union_find::UnionFind;
use crate::{random_pairs, random_ranges, same_work, scaled_work, Row, XorShift};
use std::hint::black_box;

/// Union by rank and recursive path compression, as the textbooks have it
/// (ranks keep the trees O(log n) deep, so the recursion is safe).
struct TextbookUnionFind {
    parent: Vec<usize>,
    rank: Vec<u8>,
}

impl TextbookUnionFind {
    fn find(&mut self, x: usize) -> usize {
        if self.parent[x] != x {
            self.parent[x] = self.find(self.parent[x]);
        }
        self.parent[x]
    }

    fn unite(&mut self, a: usize, b: usize) -> bool {
        let (a, b) = (self.find(a), self.find(b));
        if a == b {
            return false;
        }
        match self.rank[a].cmp(&self.rank[b]) {
            std::cmp::Ordering::Less => self.parent[a] = b,
            std::cmp::Ordering::Greater => self.parent[b] = a,
            std::cmp::Ordering::Equal => {
                self.parent[b] = a;
                self.rank[a] += 1;
            }
        }
        true
    }
}

pub fn union_find() -> Vec<Row> {
    let n = black_box(1 << 20);
    let operations = random_pairs(1, 2_000_000, n);
    let workload = format!("n=2^20, {} unite/same", operations.len());
    let snippet = |operations: &[(usize, usize)]| {
        let mut sets = UnionFind::new(n);
        let mut merges = 0;
        for (i, &(a, b)) in operations.iter().enumerate() {
            merges += u64::from(if i % 2 == 0 {
                sets.unite(a, b)
            } else {
                sets.same(a, b)
            });
        }
        merges
    };
    let textbook = || {
        let mut sets = TextbookUnionFind {
            parent: (0..n).collect(),
            rank: vec![0; n],
        };
        let mut merges = 0;
        for (i, &(a, b)) in operations.iter().enumerate() {
            let answer = if i % 2 == 0 {
                sets.unite(a, b)
            } else {
                sets.find(a) == sets.find(b)
            };
            merges += u64::from(answer);
        }
        merges
    };
    let naive_count = 200;
    let naive = || {
        let mut label: Vec<usize> = (0..n).collect();
        let mut merges = 0;
        for (i, &(a, b)) in operations[..naive_count].iter().enumerate() {
            let (from, to) = (label[b], label[a]);
            if i % 2 == 0 && from != to {
                label
                    .iter_mut()
                    .filter(|l| **l == from)
                    .for_each(|l| *l = to);
            }
            merges += u64::from(from == to);
        }
        merges
    };
    vec![
        same_work(
            "union_find",
            workload.clone(),
            "textbook rank + recursive compression",
            || snippet(&operations),
            textbook,
        ),
        scaled_work(
            "union_find",
            workload,
            "naive relabelling",
            || snippet(&operations),
            naive,
            operations.len() / naive_count,
        ),
    ]
}

pub fn fenwick_tree() -> Vec<Row> {
    let n = black_box(1 << 20);
    let ranges = random_ranges(2, 2_000_000, n);
    let workload = format!("n=2^20, {} add/range sum", ranges.len());
    let snippet = |ranges: &[(usize, usize)]| {
        let mut tree = FenwickTree::new(n, 0_i64);
        let mut checksum = 0_i64;
        for (i, &(start, end)) in ranges.iter().enumerate() {
            if i % 2 == 0 {
                tree.add(start, end as i64);
            } else {
                checksum = checksum.wrapping_add(tree.sum(start..end));
            }
        }
        checksum as u64
    };
    let textbook = || {
        let mut tree = vec![0_i64; n + 1];
        let prefix = |tree: &[i64], mut i: usize| {
            let mut sum = 0;
            while i > 0 {
                sum += tree[i];
                i -= i & i.wrapping_neg();
            }
            sum
        };
        let mut checksum = 0_i64;
        for (i, &(start, end)) in ranges.iter().enumerate() {
            if i % 2 == 0 {
                let mut j = start + 1;
                while j <= n {
                    tree[j] += end as i64;
                    j += j & j.wrapping_neg();
                }
            } else {
                checksum = checksum.wrapping_add(prefix(&tree, end) - prefix(&tree, start));
            }
        }
        checksum as u64
    };
    let naive_count = 200;
    let naive = || {
        let mut values = vec![0_i64; n];
        let mut checksum = 0_i64;
        for (i, &(start, end)) in ranges[..naive_count].iter().enumerate() {
            if i % 2 == 0 {
                values[start] += end as i64;
            } else {
                checksum = checksum.wrapping_add(values[start..end].iter().sum());
            }
        }
        checksum as u64
    };
    vec![
        same_work(
            "fenwick_tree",
            workload.clone(),
            "textbook 1-indexed i64 array",
            || snippet(&ranges),
            textbook,
        ),
        scaled_work(
            "fenwick_tree",
            workload,
            "naive array",
            || snippet(&ranges),
            naive,
            ranges.len() / naive_count,
        ),
    ]
}

struct Sum;

impl Monoid for Sum {
    type Value = i64;
    fn identity() -> i64 {
        0
    }
    fn op(left: &i64, right: &i64) -> i64 {
        left.wrapping_add(*right)
    }
}

/// The recursive segment tree of the textbooks, for sums.
struct TextbookSegmentTree {
    n: usize,
    sum: Vec<i64>,
}

impl TextbookSegmentTree {
    fn set(&mut self, node: usize, (low, high): (usize, usize), index: usize, value: i64) {
        if high - low == 1 {
            self.sum[node] = value;
            return;
        }
        let mid = (low + high) / 2;
        if index < mid {
            self.set(2 * node, (low, mid), index, value);
        } else {
            self.set(2 * node + 1, (mid, high), index, value);
        }
        self.sum[node] = self.sum[2 * node].wrapping_add(self.sum[2 * node + 1]);
    }

    fn query(&self, node: usize, (low, high): (usize, usize), start: usize, end: usize) -> i64 {
        if end <= low || high <= start {
            return 0;
        }
        if start <= low && high <= end {
            return self.sum[node];
        }
        let mid = (low + high) / 2;
        let left = self.query(2 * node, (low, mid), start, end);
        left.wrapping_add(self.query(2 * node + 1, (mid, high), start, end))
    }
}

pub fn segment_tree() -> Vec<Row> {
    let n = black_box(1 << 20);
    let ranges = random_ranges(3, 600_000, n);
    let workload = format!("n=2^20, {} set/range sum", ranges.len());
    let snippet = |ranges: &[(usize, usize)]| {
        let mut tree = SegmentTree::<Sum>::new(n);
        let mut checksum = 0_i64;
        for (i, &(start, end)) in ranges.iter().enumerate() {
            if i % 2 == 0 {
                tree.set(start, end as i64);
            } else {
                checksum = checksum.wrapping_add(tree.product(start..end));
            }
        }
        checksum as u64
    };
    let textbook = || {
        let mut tree = TextbookSegmentTree {
            n,
            sum: vec![0; 4 * n],
        };
        let mut checksum = 0_i64;
        for (i, &(start, end)) in ranges.iter().enumerate() {
            if i % 2 == 0 {
                tree.set(1, (0, tree.n), start, end as i64);
            } else {
                checksum = checksum.wrapping_add(tree.query(1, (0, tree.n), start, end));
            }
        }
        checksum as u64
    };
    let naive_count = 200;
    let naive = || {
        let mut values = vec![0_i64; n];
        let mut checksum = 0_i64;
        for (i, &(start, end)) in ranges[..naive_count].iter().enumerate() {
            if i % 2 == 0 {
                values[start] = end as i64;
            } else {
                checksum = checksum.wrapping_add(values[start..end].iter().sum());
            }
        }
        checksum as u64
    };
    vec![
        same_work(
            "segment_tree",
            workload.clone(),
            "textbook recursive",
            || snippet(&ranges),
            textbook,
        ),
        scaled_work(
            "segment_tree",
            workload,
            "naive array",
            || snippet(&ranges),
            naive,
            ranges.len() / naive_count,
        ),
    ]
}

struct AddSum;

impl Monoid for AddSum {
    type Value = (i64, i64);
    fn identity() -> (i64, i64) {
        (0, 0)
    }
    fn op(left: &(i64, i64), right: &(i64, i64)) -> (i64, i64) {
        (left.0.wrapping_add(right.0), left.1 + right.1)
    }
}

impl Action for AddSum {
    type Map = i64;
    fn identity_map() -> i64 {
        0
    }
    fn apply(add: &i64, value: &(i64, i64)) -> (i64, i64) {
        (value.0.wrapping_add(add.wrapping_mul(value.1)), value.1)
    }
    fn compose(outer: &i64, inner: &i64) -> i64 {
        outer.wrapping_add(*inner)
    }
}

/// The recursive lazy segment tree of the textbooks: range add, range sum.
struct TextbookLazyTree {
    sum: Vec<i64>,
    pending: Vec<i64>,
}

impl TextbookLazyTree {
    fn push(&mut self, node: usize, low: usize, mid: usize, high: usize) {
        let add = std::mem::take(&mut self.pending[node]);
        for (child, length) in [(2 * node, mid - low), (2 * node + 1, high - mid)] {
            self.sum[child] = self.sum[child].wrapping_add(add.wrapping_mul(length as i64));
            self.pending[child] = self.pending[child].wrapping_add(add);
        }
    }

    fn add(
        &mut self,
        node: usize,
        (low, high): (usize, usize),
        (start, end): (usize, usize),
        add: i64,
    ) {
        if end <= low || high <= start {
            return;
        }
        if start <= low && high <= end {
            self.sum[node] = self.sum[node].wrapping_add(add.wrapping_mul((high - low) as i64));
            self.pending[node] = self.pending[node].wrapping_add(add);
            return;
        }
        let mid = (low + high) / 2;
        self.push(node, low, mid, high);
        self.add(2 * node, (low, mid), (start, end), add);
        self.add(2 * node + 1, (mid, high), (start, end), add);
        self.sum[node] = self.sum[2 * node].wrapping_add(self.sum[2 * node + 1]);
    }

    fn query(
        &mut self,
        node: usize,
        (low, high): (usize, usize),
        (start, end): (usize, usize),
    ) -> i64 {
        if end <= low || high <= start {
            return 0;
        }
        if start <= low && high <= end {
            return self.sum[node];
        }
        let mid = (low + high) / 2;
        self.push(node, low, mid, high);
        let left = self.query(2 * node, (low, mid), (start, end));
        left.wrapping_add(self.query(2 * node + 1, (mid, high), (start, end)))
    }
}

pub fn lazy_segment_tree() -> Vec<Row> {
    let n = black_box(1 << 19);
    let ranges = random_ranges(4, 250_000, n);
    let workload = format!("n=2^19, {} range add/range sum", ranges.len());
    let snippet = |ranges: &[(usize, usize)]| {
        let mut tree = LazySegmentTree::<AddSum>::from_vec(vec![(0, 1); n]);
        let mut checksum = 0_i64;
        for (i, &(start, end)) in ranges.iter().enumerate() {
            if i % 2 == 0 {
                tree.apply(start..end, &(i as i64));
            } else {
                checksum = checksum.wrapping_add(tree.product(start..end).0);
            }
        }
        checksum as u64
    };
    let textbook = || {
        let mut tree = TextbookLazyTree {
            sum: vec![0; 4 * n],
            pending: vec![0; 4 * n],
        };
        let mut checksum = 0_i64;
        for (i, &range) in ranges.iter().enumerate() {
            if i % 2 == 0 {
                tree.add(1, (0, n), range, i as i64);
            } else {
                checksum = checksum.wrapping_add(tree.query(1, (0, n), range));
            }
        }
        checksum as u64
    };
    let naive_count = 200;
    let naive = || {
        let mut values = vec![0_i64; n];
        let mut checksum = 0_i64;
        for (i, &(start, end)) in ranges[..naive_count].iter().enumerate() {
            if i % 2 == 0 {
                values[start..end]
                    .iter_mut()
                    .for_each(|x| *x = x.wrapping_add(i as i64));
            } else {
                checksum = values[start..end]
                    .iter()
                    .fold(checksum, |s, x| s.wrapping_add(*x));
            }
        }
        checksum as u64
    };
    vec![
        same_work(
            "lazy_segment_tree",
            workload.clone(),
            "textbook recursive",
            || snippet(&ranges),
            textbook,
        ),
        scaled_work(
            "lazy_segment_tree",
            workload,
            "naive array",
            || snippet(&ranges),
            naive,
            ranges.len() / naive_count,
        ),
    ]
}

pub fn sparse_table() -> Vec<Row> {
    let n = black_box(1 << 20);
    let mut rng = XorShift(7);
    let values: Vec<u64> = (0..n).map(|_| rng.next()).collect();
    let ranges = random_ranges(8, 1_000_000, n);
    let workload = format!("n=2^20 build + {} range min", ranges.len());
    let snippet = |ranges: &[(usize, usize)]| {
        let table = SparseTable::<Min<u64>>::new(values.clone());
        ranges
            .iter()
            .map(|&(start, end)| table.query(start..end))
            .fold(0, u64::wrapping_add)
    };
    let textbook = || {
        let mut table = vec![values.clone()];
        let mut k = 1;
        while (1 << k) <= n {
            let previous = &table[k - 1];
            let half = 1 << (k - 1);
            let next: Vec<u64> = (0..=n - (1 << k))
                .map(|i| previous[i].min(previous[i + half]))
                .collect();
            table.push(next);
            k += 1;
        }
        ranges
            .iter()
            .map(|&(start, end)| {
                let k = (end - start).ilog2() as usize;
                table[k][start].min(table[k][end - (1 << k)])
            })
            .fold(0, u64::wrapping_add)
    };
    let naive_count = 200;
    let naive = || {
        ranges[..naive_count]
            .iter()
            .map(|&(start, end)| *values[start..end].iter().min().unwrap())
            .fold(0, u64::wrapping_add)
    };
    vec![
        same_work(
            "sparse_table",
            workload.clone(),
            "textbook Vec<Vec<u64>> min",
            || snippet(&ranges),
            textbook,
        ),
        scaled_work(
            "sparse_table",
            workload,
            "naive scan (no build)",
            || snippet(&ranges),
            naive,
            ranges.len() / naive_count,
        ),
    ]
}
