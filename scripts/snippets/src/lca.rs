/// Lowest common ancestors in a rooted tree by binary lifting, with depths, distances and k-th ancestors.
///
/// # Constraints
/// - `tree` is an undirected tree on `0..n`, `n >= 1`: connected, `n - 1`
///   edges, each listed in both endpoints' lists; `root < n`.
///
/// # Complexity
/// - `new`: O(n log n) time and memory; breadth-first, so a path of 10^6
///   vertices needs no big stack.
/// - `lca`, `distance`, `kth_ancestor`: O(log n). `depth`, `parent`: O(1).
///
/// # Panics
/// - `new` when `root >= n`, the edge count is not `n - 1`, or the tree is
///   not connected.
/// - A query vertex `>= n`.
#[allow(dead_code)]
pub mod lca {
    pub struct Lca {
        depth: Vec<usize>,
        levels: usize,
        // ancestor[v * levels + k] is v's 2^k-th ancestor, or the root if v
        // is closer: one vertex's whole row shares a cache line or two.
        ancestor: Vec<usize>,
    }

    impl Lca {
        pub fn new(tree: &[Vec<usize>], root: usize) -> Self {
            let n = tree.len();
            assert!(root < n, "Lca::new: root {} out of range 0..{}", root, n);
            let listed: usize = tree.iter().map(Vec::len).sum();
            assert!(
                listed == 2 * (n - 1),
                "Lca::new: {} edge ends listed, a tree on {} vertices has {}",
                listed,
                n,
                2 * (n - 1)
            );
            let (order, parent, depth) = breadth_first(tree, root);
            // 2^levels > n - 1 >= every depth, so any lift fits in the table.
            let levels = (usize::BITS - n.leading_zeros()) as usize;
            let mut ancestor = vec![root; n * levels];
            // Breadth-first, every ancestor's row is complete before it is read.
            for &v in &order {
                ancestor[v * levels] = parent[v];
                for k in 1..levels {
                    let halfway = ancestor[v * levels + k - 1];
                    ancestor[v * levels + k] = ancestor[halfway * levels + k - 1];
                }
            }
            Lca {
                depth,
                levels,
                ancestor,
            }
        }

        pub fn len(&self) -> usize {
            self.depth.len()
        }

        pub fn is_empty(&self) -> bool {
            self.depth.is_empty()
        }

        /// The number of edges from the root to `v`.
        pub fn depth(&self, v: usize) -> usize {
            self.check(v);
            self.depth[v]
        }

        /// `v`'s parent; `None` for the root.
        pub fn parent(&self, v: usize) -> Option<usize> {
            self.kth_ancestor(v, 1)
        }

        /// The vertex `k` edges above `v`; `None` when `k > depth(v)`.
        pub fn kth_ancestor(&self, v: usize, k: usize) -> Option<usize> {
            self.check(v);
            if k > self.depth[v] {
                None
            } else {
                Some(self.lift(v, k))
            }
        }

        /// The deepest vertex that is an ancestor of both `u` and `v` (a
        /// vertex counting as its own ancestor).
        pub fn lca(&self, u: usize, v: usize) -> usize {
            self.check(u);
            self.check(v);
            let (deeper, other) = if self.depth[u] >= self.depth[v] {
                (u, v)
            } else {
                (v, u)
            };
            let mut a = self.lift(deeper, self.depth[deeper] - self.depth[other]);
            let mut b = other;
            if a == b {
                return a;
            }
            for k in (0..self.levels).rev() {
                if self.ancestor(a, k) != self.ancestor(b, k) {
                    a = self.ancestor(a, k);
                    b = self.ancestor(b, k);
                }
            }
            self.ancestor(a, 0)
        }

        /// The number of edges on the path between `u` and `v`.
        pub fn distance(&self, u: usize, v: usize) -> usize {
            let meet = self.lca(u, v);
            self.depth[u] + self.depth[v] - 2 * self.depth[meet]
        }

        /// `v`'s 2^k-th ancestor.
        fn ancestor(&self, v: usize, k: usize) -> usize {
            self.ancestor[v * self.levels + k]
        }

        fn lift(&self, mut v: usize, mut steps: usize) -> usize {
            while steps > 0 {
                v = self.ancestor(v, steps.trailing_zeros() as usize);
                steps &= steps - 1;
            }
            v
        }

        fn check(&self, v: usize) {
            assert!(
                v < self.len(),
                "Lca: vertex {} out of range 0..{}",
                v,
                self.len()
            );
        }
    }

    /// The vertices in breadth-first order from `root`, each vertex's parent
    /// (the root's is itself) and depth.
    fn breadth_first(tree: &[Vec<usize>], root: usize) -> (Vec<usize>, Vec<usize>, Vec<usize>) {
        let n = tree.len();
        let mut parent = vec![usize::MAX; n];
        let mut depth = vec![0; n];
        parent[root] = root;
        let mut order = vec![root];
        let mut next = 0;
        while next < order.len() {
            let v = order[next];
            next += 1;
            for &child in &tree[v] {
                if parent[child] == usize::MAX {
                    parent[child] = v;
                    depth[child] = depth[v] + 1;
                    order.push(child);
                }
            }
        }
        assert!(
            order.len() == n,
            "Lca::new: the tree is not connected ({} of {} vertices reached)",
            order.len(),
            n
        );
        (order, parent, depth)
    }
}
