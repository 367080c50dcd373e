/// Lazy segment tree: apply a map to a range, product over a range, for a monoid acted on by maps.
///
/// Range add, range sum: the values carry their length, so adding `a` to
/// every element adds `a * length` to a sum.
///
/// ```
/// use snippets::lazy_segment_tree::{Action, LazySegmentTree};
/// use snippets::segment_tree::Monoid;
///
/// struct AddSum;
/// impl Monoid for AddSum {
///     type Value = (i64, i64); // (sum, length)
///     fn identity() -> (i64, i64) {
///         (0, 0)
///     }
///     fn op(left: &(i64, i64), right: &(i64, i64)) -> (i64, i64) {
///         (left.0 + right.0, left.1 + right.1)
///     }
/// }
/// impl Action for AddSum {
///     type Map = i64;
///     fn identity_map() -> i64 {
///         0
///     }
///     fn apply(add: &i64, value: &(i64, i64)) -> (i64, i64) {
///         (value.0 + add * value.1, value.1)
///     }
///     fn compose(outer: &i64, inner: &i64) -> i64 {
///         outer + inner
///     }
/// }
///
/// let mut tree = LazySegmentTree::<AddSum>::from_vec(vec![(1, 1); 5]);
/// tree.apply(1..4, &10);
/// assert_eq!(tree.product(0..2).0, 12);
/// ```
///
/// # Constraints
/// - `A` is a monoid (`crate::segment_tree::Monoid`: associative `op`,
///   identity) and its maps satisfy, for all values `x`, `y` and maps `f`, `g`:
///   `apply(identity_map(), x) == x`,
///   `apply(f, op(x, y)) == op(apply(f, x), apply(f, y))` and
///   `apply(compose(f, g), x) == apply(f, apply(g, x))`.
/// - Ranges are `start..end` with `start <= end <= n`.
///
/// # Complexity
/// - `new`, `from_vec`: O(n) calls of `op`.
/// - O(log n) calls of `op`, `apply` and `compose` together, at most:
///   `get` 4⌈log2 n⌉, `set` 5⌈log2 n⌉, `apply_at` 5⌈log2 n⌉ + 1,
///   `product` 10⌈log2 n⌉ + 3, `apply` 14⌈log2 n⌉ + 4; `all_product` O(1).
///
/// # Panics
/// - An index `>= n`, or a range that is reversed or reaches past `n`.
#[allow(dead_code)]
pub mod lazy_segment_tree {
    use crate::segment_tree::Monoid;
    use std::ops::Range;

    /// Maps acting on the values of the monoid `Self`; see the module's
    /// constraints for the laws they must keep.
    pub trait Action: Monoid {
        type Map: Clone;
        fn identity_map() -> Self::Map;
        fn apply(map: &Self::Map, value: &Self::Value) -> Self::Value;
        /// The map that applies `inner` first, then `outer`.
        fn compose(outer: &Self::Map, inner: &Self::Map) -> Self::Map;
    }

    pub struct LazySegmentTree<A: Action> {
        len: usize,
        // A power of two, 2^height: the leaves are values[leaf_count..] and
        // node i has the children 2i and 2i + 1.
        leaf_count: usize,
        height: usize,
        values: Vec<A::Value>,
        // pending[i] is applied to the whole subtree of the inner node i, but
        // not yet to its children.
        pending: Vec<A::Map>,
    }

    impl<A: Action> LazySegmentTree<A> {
        /// `len` elements, all the identity.
        pub fn new(len: usize) -> Self {
            Self::from_vec(vec![A::identity(); len])
        }

        pub fn from_vec(elements: Vec<A::Value>) -> Self {
            let len = elements.len();
            let leaf_count = len.next_power_of_two();
            let mut values = vec![A::identity(); leaf_count];
            values.extend(elements);
            values.resize(2 * leaf_count, A::identity());
            let mut tree = LazySegmentTree {
                len,
                leaf_count,
                height: leaf_count.trailing_zeros() as usize,
                values,
                pending: vec![A::identity_map(); leaf_count],
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

        pub fn get(&mut self, index: usize) -> A::Value {
            self.check_index(index);
            let leaf = self.leaf_count + index;
            self.push_path_to(leaf);
            self.values[leaf].clone()
        }

        pub fn set(&mut self, index: usize, value: A::Value) {
            self.check_index(index);
            let leaf = self.leaf_count + index;
            self.push_path_to(leaf);
            self.values[leaf] = value;
            self.pull_path_from(leaf);
        }

        /// Applies `map` to the element at `index`.
        pub fn apply_at(&mut self, index: usize, map: &A::Map) {
            self.check_index(index);
            let leaf = self.leaf_count + index;
            self.push_path_to(leaf);
            self.values[leaf] = A::apply(map, &self.values[leaf]);
            self.pull_path_from(leaf);
        }

        /// The product of the elements in `range`, in order.
        pub fn product(&mut self, range: Range<usize>) -> A::Value {
            self.check_range(&range);
            if range.start == range.end {
                return A::identity();
            }
            let (mut left, mut right) = (range.start + self.leaf_count, range.end + self.leaf_count);
            self.push_range_boundaries(left, right);
            let mut left_product = A::identity();
            let mut right_product = A::identity();
            while left < right {
                if left % 2 == 1 {
                    left_product = A::op(&left_product, &self.values[left]);
                    left += 1;
                }
                if right % 2 == 1 {
                    right -= 1;
                    right_product = A::op(&self.values[right], &right_product);
                }
                left /= 2;
                right /= 2;
            }
            A::op(&left_product, &right_product)
        }

        pub fn all_product(&self) -> A::Value {
            self.values[1].clone()
        }

        /// Applies `map` to every element in `range`.
        pub fn apply(&mut self, range: Range<usize>, map: &A::Map) {
            self.check_range(&range);
            if range.start == range.end {
                return;
            }
            let (start, end) = (range.start + self.leaf_count, range.end + self.leaf_count);
            self.push_range_boundaries(start, end);
            let (mut left, mut right) = (start, end);
            while left < right {
                if left % 2 == 1 {
                    self.apply_to_node(left, map);
                    left += 1;
                }
                if right % 2 == 1 {
                    right -= 1;
                    self.apply_to_node(right, map);
                }
                left /= 2;
                right /= 2;
            }
            // Only the ancestors of the two boundary leaves saw part of the
            // range; every other changed node was changed whole.
            for level in 1..=self.height {
                if (start >> level) << level != start {
                    self.pull(start >> level);
                }
                if (end >> level) << level != end {
                    self.pull((end - 1) >> level);
                }
            }
        }

        /// Pushes pending maps down to the leaves `left` and `right - 1`,
        /// skipping the ancestors whose subtree lies inside the range.
        fn push_range_boundaries(&mut self, left: usize, right: usize) {
            for level in (1..=self.height).rev() {
                if (left >> level) << level != left {
                    self.push(left >> level);
                }
                if (right >> level) << level != right {
                    self.push((right - 1) >> level);
                }
            }
        }

        fn push_path_to(&mut self, leaf: usize) {
            for level in (1..=self.height).rev() {
                self.push(leaf >> level);
            }
        }

        fn pull_path_from(&mut self, leaf: usize) {
            for level in 1..=self.height {
                self.pull(leaf >> level);
            }
        }

        fn apply_to_node(&mut self, node: usize, map: &A::Map) {
            self.values[node] = A::apply(map, &self.values[node]);
            if node < self.leaf_count {
                self.pending[node] = A::compose(map, &self.pending[node]);
            }
        }

        fn push(&mut self, node: usize) {
            let map = std::mem::replace(&mut self.pending[node], A::identity_map());
            self.apply_to_node(2 * node, &map);
            self.apply_to_node(2 * node + 1, &map);
        }

        fn pull(&mut self, node: usize) {
            self.values[node] = A::op(&self.values[2 * node], &self.values[2 * node + 1]);
        }

        fn check_index(&self, index: usize) {
            assert!(
                index < self.len,
                "LazySegmentTree: index {} out of range 0..{}",
                index,
                self.len
            );
        }

        fn check_range(&self, range: &Range<usize>) {
            assert!(
                range.start <= range.end && range.end <= self.len,
                "LazySegmentTree: range {:?} not inside 0..{}",
                range,
                self.len
            );
        }
    }
}
