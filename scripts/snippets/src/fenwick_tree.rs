/// Fenwick tree (binary indexed tree): add at a point, sum over a prefix or a range.
///
/// # Constraints
/// - `T` with `+=`, `-` and `zero` is a commutative group (`i64`, a `ModInt`,
///   ...); `u64` works while no range sum goes negative.
/// - Indices are `0..n`; ranges are `start..end` with `start <= end <= n`.
///
/// # Complexity
/// - `new`, `from_slice`: O(n).
/// - `add`, `prefix_sum`: O(log n), at most ⌊log2 n⌋ + 1 additions each;
///   `sum`: two `prefix_sum`s and one subtraction.
///
/// # Panics
/// - `add` when `index >= n`; `prefix_sum` when `end > n`; `sum` on a range
///   that is reversed or reaches past `n`.
#[allow(dead_code)]
pub mod fenwick_tree {
    use std::ops::{AddAssign, Range, Sub};

    #[derive(Clone, Debug)]
    pub struct FenwickTree<T> {
        // tree[i - 1] holds the sum of the elements at (i - lowbit(i))..i.
        tree: Vec<T>,
        zero: T,
    }

    impl<T: Copy + AddAssign + Sub<Output = T>> FenwickTree<T> {
        /// `n` elements, all `zero`.
        pub fn new(n: usize, zero: T) -> Self {
            FenwickTree {
                tree: vec![zero; n],
                zero,
            }
        }

        /// The elements `values`, built in O(n).
        pub fn from_slice(values: &[T], zero: T) -> Self {
            let mut tree = values.to_vec();
            for i in 1..=tree.len() {
                let parent = i + (i & i.wrapping_neg());
                if parent <= tree.len() {
                    let partial = tree[i - 1];
                    tree[parent - 1] += partial;
                }
            }
            FenwickTree { tree, zero }
        }

        /// The number of elements, `n`.
        pub fn len(&self) -> usize {
            self.tree.len()
        }

        pub fn is_empty(&self) -> bool {
            self.tree.is_empty()
        }

        /// Adds `value` to the element at `index`.
        pub fn add(&mut self, index: usize, value: T) {
            assert!(
                index < self.len(),
                "FenwickTree::add: index {} out of range 0..{}",
                index,
                self.len()
            );
            let mut i = index + 1;
            while i <= self.len() {
                self.tree[i - 1] += value;
                i += i & i.wrapping_neg();
            }
        }

        /// The sum of the first `end` elements.
        pub fn prefix_sum(&self, end: usize) -> T {
            assert!(
                end <= self.len(),
                "FenwickTree::prefix_sum: end {} past the length {}",
                end,
                self.len()
            );
            let mut sum = self.zero;
            let mut i = end;
            while i > 0 {
                sum += self.tree[i - 1];
                i &= i - 1;
            }
            sum
        }

        /// The sum of the elements in `range`.
        pub fn sum(&self, range: Range<usize>) -> T {
            assert!(
                range.start <= range.end && range.end <= self.len(),
                "FenwickTree::sum: range {:?} not inside 0..{}",
                range,
                self.len()
            );
            self.prefix_sum(range.end) - self.prefix_sum(range.start)
        }
    }
}
