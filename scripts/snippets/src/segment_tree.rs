/// Segment tree over a monoid: point set, range product, binary search on prefixes.
///
/// ```
/// use snippets::segment_tree::{Monoid, SegmentTree};
///
/// struct Max;
/// impl Monoid for Max {
///     type Value = i64;
///     fn identity() -> i64 {
///         i64::MIN
///     }
///     fn op(left: &i64, right: &i64) -> i64 {
///         *left.max(right)
///     }
/// }
///
/// let mut tree = SegmentTree::<Max>::from_vec(vec![3, 1, 4, 1, 5]);
/// tree.set(1, 9);
/// assert_eq!(tree.product(0..3), 9);
/// assert_eq!(tree.max_right(2, |&max| max < 5), 4);
/// ```
///
/// # Constraints
/// - `M::op` is associative with `M::identity()` as identity; it need not
///   commute (products keep the order of the elements).
/// - Ranges are `start..end` with `start <= end <= n`.
/// - `max_right` / `min_left`: `pred(&M::identity())` holds.
///
/// # Complexity
/// - `new`, `from_vec`: O(n) calls of `op`.
/// - `set`: ⌈log2 n⌉ calls of `op`; `get`, `all_product`: O(1).
/// - `product`: at most 2⌈log2 n⌉ + 2 calls of `op`.
/// - `max_right`, `min_left`: at most 2⌈log2 n⌉ + 1 calls of `op`, and one
///   more call of `pred`.
///
/// # Panics
/// - An index `>= n`, a range that is reversed or reaches past `n`, or a
///   `pred` that rejects the identity.
#[allow(dead_code)]
pub mod segment_tree {
    use std::ops::Range;

    /// An associative `op` with an identity: `op(identity(), x) == x == op(x, identity())`.
    pub trait Monoid {
        type Value: Clone;
        fn identity() -> Self::Value;
        fn op(left: &Self::Value, right: &Self::Value) -> Self::Value;
    }

    pub struct SegmentTree<M: Monoid> {
        len: usize,
        // A power of two: the leaves are nodes[leaf_count..], node i has the
        // children 2i and 2i + 1, and padding leaves hold the identity.
        leaf_count: usize,
        nodes: Vec<M::Value>,
    }

    impl<M: Monoid> SegmentTree<M> {
        /// `len` elements, all the identity.
        pub fn new(len: usize) -> Self {
            Self::from_vec(vec![M::identity(); len])
        }

        pub fn from_vec(values: Vec<M::Value>) -> Self {
            let len = values.len();
            let leaf_count = len.next_power_of_two();
            let mut nodes = vec![M::identity(); leaf_count];
            nodes.extend(values);
            nodes.resize(2 * leaf_count, M::identity());
            let mut tree = SegmentTree {
                len,
                leaf_count,
                nodes,
            };
            for node in (1..leaf_count).rev() {
                tree.pull(node);
            }
            tree
        }

        pub fn len(&self) -> usize {
            self.len
        }

        pub fn is_empty(&self) -> bool {
            self.len == 0
        }

        pub fn get(&self, index: usize) -> &M::Value {
            self.check_index(index);
            &self.nodes[self.leaf_count + index]
        }

        pub fn set(&mut self, index: usize, value: M::Value) {
            self.check_index(index);
            let mut node = self.leaf_count + index;
            self.nodes[node] = value;
            while node > 1 {
                node /= 2;
                self.pull(node);
            }
        }

        /// The product of the elements in `range`, in order.
        pub fn product(&self, range: Range<usize>) -> M::Value {
            assert!(
                range.start <= range.end && range.end <= self.len,
                "SegmentTree::product: range {:?} not inside 0..{}",
                range,
                self.len
            );
            let mut left_product = M::identity();
            let mut right_product = M::identity();
            let mut left = range.start + self.leaf_count;
            let mut right = range.end + self.leaf_count;
            while left < right {
                if left % 2 == 1 {
                    left_product = M::op(&left_product, &self.nodes[left]);
                    left += 1;
                }
                if right % 2 == 1 {
                    right -= 1;
                    right_product = M::op(&self.nodes[right], &right_product);
                }
                left /= 2;
                right /= 2;
            }
            M::op(&left_product, &right_product)
        }

        pub fn all_product(&self) -> M::Value {
            self.nodes[1].clone()
        }

        /// The largest `end` such that `pred(&product(start..end))` holds,
        /// assuming `pred` is monotone (true up to some point, false after).
        pub fn max_right<P: Fn(&M::Value) -> bool>(&self, start: usize, pred: P) -> usize {
            assert!(
                start <= self.len,
                "SegmentTree::max_right: start {} past the length {}",
                start,
                self.len
            );
            assert!(
                pred(&M::identity()),
                "SegmentTree::max_right: pred must accept the identity"
            );
            if start == self.len {
                return self.len;
            }
            let mut node = start + self.leaf_count;
            let mut product = M::identity();
            loop {
                while node % 2 == 0 {
                    node /= 2;
                }
                let extended = M::op(&product, &self.nodes[node]);
                if !pred(&extended) {
                    return self.descend_to_first_rejected_leaf(node, product, &pred);
                }
                product = extended;
                node += 1;
                if node.is_power_of_two() {
                    return self.len;
                }
            }
        }

        /// The smallest `start` such that `pred(&product(start..end))` holds,
        /// assuming `pred` is monotone (true down to some point, false before).
        pub fn min_left<P: Fn(&M::Value) -> bool>(&self, end: usize, pred: P) -> usize {
            assert!(
                end <= self.len,
                "SegmentTree::min_left: end {} past the length {}",
                end,
                self.len
            );
            assert!(
                pred(&M::identity()),
                "SegmentTree::min_left: pred must accept the identity"
            );
            if end == 0 {
                return 0;
            }
            let mut node = end + self.leaf_count;
            let mut product = M::identity();
            loop {
                node -= 1;
                while node > 1 && node % 2 == 1 {
                    node /= 2;
                }
                let extended = M::op(&self.nodes[node], &product);
                if !pred(&extended) {
                    return self.descend_to_last_rejected_leaf(node, product, &pred);
                }
                product = extended;
                if node.is_power_of_two() {
                    return 0;
                }
            }
        }

        /// From a node whose subtree makes `pred` fail when appended to
        /// `product`, down to the first leaf that does: its index.
        fn descend_to_first_rejected_leaf<P: Fn(&M::Value) -> bool>(
            &self,
            mut node: usize,
            mut product: M::Value,
            pred: &P,
        ) -> usize {
            while node < self.leaf_count {
                node *= 2;
                let extended = M::op(&product, &self.nodes[node]);
                if pred(&extended) {
                    product = extended;
                    node += 1;
                }
            }
            node - self.leaf_count
        }

        /// The mirror image of `descend_to_first_rejected_leaf`: one past the
        /// index of the last leaf that makes `pred` fail when prepended.
        fn descend_to_last_rejected_leaf<P: Fn(&M::Value) -> bool>(
            &self,
            mut node: usize,
            mut product: M::Value,
            pred: &P,
        ) -> usize {
            while node < self.leaf_count {
                node = 2 * node + 1;
                let extended = M::op(&self.nodes[node], &product);
                if pred(&extended) {
                    product = extended;
                    node -= 1;
                }
            }
            node + 1 - self.leaf_count
        }

        fn pull(&mut self, node: usize) {
            self.nodes[node] = M::op(&self.nodes[2 * node], &self.nodes[2 * node + 1]);
        }

        fn check_index(&self, index: usize) {
            assert!(
                index < self.len,
                "SegmentTree: index {} out of range 0..{}",
                index,
                self.len
            );
        }
    }
}
