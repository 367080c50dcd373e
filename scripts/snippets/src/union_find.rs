/// Union-find (disjoint set union) with union by size and path halving.
///
/// # Constraints
/// - The elements are `0..n`.
///
/// # Complexity
/// - `new`: O(n).
/// - `find`, `unite`, `same`, `size`: amortised O(α(n)); one call is at most
///   O(log n), since union by size keeps every tree at most log2(n) deep.
/// - `groups`: O(n α(n)).
///
/// # Panics
/// - Every method taking an element panics when it is not below `n`.
#[allow(dead_code)]
pub mod union_find {
    /// Disjoint sets over `0..n`, each named by its leader.
    #[derive(Clone, Debug)]
    pub struct UnionFind {
        parent: Vec<usize>,
        // Meaningful at leaders only.
        size: Vec<usize>,
        set_count: usize,
    }

    impl UnionFind {
        /// The `n` singletons `{0}, {1}, ..., {n - 1}`.
        pub fn new(n: usize) -> Self {
            UnionFind {
                parent: (0..n).collect(),
                size: vec![1; n],
                set_count: n,
            }
        }

        /// The number of elements, `n`.
        pub fn len(&self) -> usize {
            self.parent.len()
        }

        pub fn is_empty(&self) -> bool {
            self.parent.is_empty()
        }

        /// The number of disjoint sets.
        pub fn set_count(&self) -> usize {
            self.set_count
        }

        /// The leader of `x`'s set.
        pub fn find(&mut self, mut x: usize) -> usize {
            self.check(x);
            while self.parent[x] != x {
                // Halving: every node on the walk skips a level, so the next
                // walk from here is about half as long.
                let grandparent = self.parent[self.parent[x]];
                self.parent[x] = grandparent;
                x = grandparent;
            }
            x
        }

        /// Merges the sets of `a` and `b`; false when they already were one.
        pub fn unite(&mut self, a: usize, b: usize) -> bool {
            let (mut big, mut small) = (self.find(a), self.find(b));
            if big == small {
                return false;
            }
            if self.size[big] < self.size[small] {
                std::mem::swap(&mut big, &mut small);
            }
            self.parent[small] = big;
            self.size[big] += self.size[small];
            self.set_count -= 1;
            true
        }

        /// Whether `a` and `b` are in the same set.
        pub fn same(&mut self, a: usize, b: usize) -> bool {
            self.find(a) == self.find(b)
        }

        /// The number of elements in `x`'s set.
        pub fn size(&mut self, x: usize) -> usize {
            let leader = self.find(x);
            self.size[leader]
        }

        /// `x`'s parent pointer (`x` itself for a leader), read without
        /// shortening anything: for inspecting the forest.
        pub fn parent(&self, x: usize) -> usize {
            self.check(x);
            self.parent[x]
        }

        /// Every set, sorted ascending, the sets ordered by smallest element.
        pub fn groups(&mut self) -> Vec<Vec<usize>> {
            let mut group_of_leader = vec![usize::MAX; self.len()];
            let mut groups: Vec<Vec<usize>> = Vec::with_capacity(self.set_count);
            for x in 0..self.len() {
                let leader = self.find(x);
                if group_of_leader[leader] == usize::MAX {
                    group_of_leader[leader] = groups.len();
                    groups.push(Vec::new());
                }
                groups[group_of_leader[leader]].push(x);
            }
            groups
        }

        fn check(&self, x: usize) {
            assert!(
                x < self.len(),
                "UnionFind: element {} out of range 0..{}",
                x,
                self.len()
            );
        }
    }
}
