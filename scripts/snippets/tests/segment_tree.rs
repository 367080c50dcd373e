use snippets::segment_tree::{Monoid, SegmentTree};
use std::cell::Cell;
use testkit::Rng;

const P: u64 = 998_244_353;

/// Affine maps `x -> a x + b` mod P under composition (`op(f, g)` applies
/// `f` first): associative, not commutative, so order mistakes show.
struct Affine;

impl Monoid for Affine {
    type Value = (u64, u64);
    fn identity() -> (u64, u64) {
        (1, 0)
    }
    fn op(f: &(u64, u64), g: &(u64, u64)) -> (u64, u64) {
        (f.0 * g.0 % P, (g.0 * f.1 + g.1) % P)
    }
}

struct Max;

impl Monoid for Max {
    type Value = i64;
    fn identity() -> i64 {
        i64::MIN
    }
    fn op(left: &i64, right: &i64) -> i64 {
        *left.max(right)
    }
}

thread_local! {
    static OPS: Cell<usize> = const { Cell::new(0) };
}

/// Sums that count every call of `op`.
struct CountedSum;

impl Monoid for CountedSum {
    type Value = u64;
    fn identity() -> u64 {
        0
    }
    fn op(left: &u64, right: &u64) -> u64 {
        OPS.with(|count| count.set(count.get() + 1));
        left + right
    }
}

fn ops_during<T>(f: impl FnOnce() -> T) -> (T, usize) {
    OPS.with(|count| count.set(0));
    let result = f();
    (result, OPS.with(|count| count.get()))
}

fn naive_product<M: Monoid>(values: &[M::Value]) -> M::Value {
    values
        .iter()
        .fold(M::identity(), |product, value| M::op(&product, value))
}

fn random_affine(rng: &mut Rng) -> (u64, u64) {
    (rng.below(P), rng.below(P))
}

#[test]
fn products_agree_with_a_left_fold_on_random_operations() {
    let mut rng = Rng::new(1);
    for _ in 0..1500 {
        let n = rng.range(0, 40) as usize;
        let mut naive: Vec<(u64, u64)> = (0..n).map(|_| random_affine(&mut rng)).collect();
        let mut fast = if rng.chance(1, 2) {
            SegmentTree::<Affine>::from_vec(naive.clone())
        } else {
            let mut tree = SegmentTree::<Affine>::new(n);
            for (i, value) in naive.iter().enumerate() {
                tree.set(i, *value);
            }
            tree
        };
        for _ in 0..40 {
            let start = rng.range(0, n as u64) as usize;
            let end = rng.range(start as u64, n as u64) as usize;
            if n > 0 && rng.chance(1, 3) {
                let index = rng.below(n as u64) as usize;
                naive[index] = random_affine(&mut rng);
                fast.set(index, naive[index]);
                assert_eq!(*fast.get(index), naive[index]);
            }
            assert_eq!(
                fast.product(start..end),
                naive_product::<Affine>(&naive[start..end])
            );
        }
        assert_eq!(fast.all_product(), naive_product::<Affine>(&naive));
        assert_eq!(fast.len(), n);
    }
}

fn naive_max_right(values: &[i64], start: usize, limit: i64) -> usize {
    (start..values.len())
        .find(|&end| values[end] >= limit)
        .unwrap_or(values.len())
}

fn naive_min_left(values: &[i64], end: usize, limit: i64) -> usize {
    (0..end)
        .rev()
        .find(|&start| values[start] >= limit)
        .map_or(0, |start| start + 1)
}

#[test]
fn binary_searches_agree_with_a_linear_scan() {
    let mut rng = Rng::new(2);
    for _ in 0..1500 {
        let n = rng.range(0, 40) as usize;
        let values: Vec<i64> = (0..n).map(|_| rng.range(0, 30) as i64).collect();
        let tree = SegmentTree::<Max>::from_vec(values.clone());
        for _ in 0..20 {
            let at = rng.range(0, n as u64) as usize;
            let limit = rng.range(0, 32) as i64;
            let below = |max: &i64| *max < limit;
            assert_eq!(
                tree.max_right(at, below),
                naive_max_right(&values, at, limit)
            );
            assert_eq!(tree.min_left(at, below), naive_min_left(&values, at, limit));
        }
    }
}

#[test]
fn empty_and_single_element() {
    let empty = SegmentTree::<Max>::new(0);
    assert!(empty.is_empty());
    assert_eq!(
        (empty.product(0..0), empty.all_product()),
        (i64::MIN, i64::MIN)
    );
    assert_eq!(
        (empty.max_right(0, |_| true), empty.min_left(0, |_| true)),
        (0, 0)
    );

    let mut one = SegmentTree::<Max>::new(1);
    one.set(0, 7);
    assert_eq!((one.product(0..1), one.product(1..1)), (7, i64::MIN));
    assert_eq!(
        (one.max_right(0, |&m| m < 7), one.max_right(0, |&m| m < 8)),
        (0, 1)
    );
    assert_eq!(
        (one.min_left(1, |&m| m < 7), one.min_left(1, |&m| m < 8)),
        (1, 0)
    );
}

fn ceil_log2(n: usize) -> usize {
    n.next_power_of_two().trailing_zeros() as usize
}

#[test]
fn every_operation_calls_op_as_often_as_documented() {
    let mut rng = Rng::new(3);
    for n in (1..=70).chain([1000, 1024, 1025, 100_000]) {
        let mut tree = SegmentTree::<CountedSum>::from_vec(vec![1; n]);
        let log = ceil_log2(n);
        for index in 0..n.min(200) {
            let ((), ops) = ops_during(|| tree.set(index, 1));
            assert_eq!(ops, log, "set on n={n}");
        }
        let ranges: Vec<(usize, usize)> = if n <= 70 {
            (0..=n).flat_map(|s| (s..=n).map(move |e| (s, e))).collect()
        } else {
            (0..3000)
                .map(|_| {
                    let s = rng.range(0, n as u64) as usize;
                    (s, rng.range(s as u64, n as u64) as usize)
                })
                .collect()
        };
        for (start, end) in ranges {
            let (sum, ops) = ops_during(|| tree.product(start..end));
            assert_eq!(sum, (end - start) as u64);
            assert!(ops <= 2 * log + 2, "product {start}..{end} of n={n}: {ops}");
            for limit in [(end - start) as u64, rng.range(0, n as u64)] {
                let (_, ops) = ops_during(|| tree.max_right(start, |&s| s <= limit));
                assert!(ops <= 2 * log + 1, "max_right {start} of n={n}: {ops}");
                let (_, ops) = ops_during(|| tree.min_left(end, |&s| s <= limit));
                assert!(ops <= 2 * log + 1, "min_left {end} of n={n}: {ops}");
            }
        }
    }
}

#[test]
#[should_panic(expected = "SegmentTree: index 3 out of range 0..3")]
fn set_out_of_range_panics() {
    SegmentTree::<Max>::new(3).set(3, 0);
}

#[test]
#[should_panic(expected = "SegmentTree::product: range 2..4 not inside 0..3")]
fn product_past_the_end_panics() {
    SegmentTree::<Max>::new(3).product(2..4);
}

#[test]
#[should_panic(expected = "SegmentTree::product: range 2..1 not inside 0..3")]
fn reversed_product_panics() {
    let (start, end) = (2, 1);
    SegmentTree::<Max>::new(3).product(start..end);
}

#[test]
#[should_panic(expected = "SegmentTree::max_right: pred must accept the identity")]
fn max_right_with_a_pred_rejecting_the_identity_panics() {
    SegmentTree::<Max>::new(3).max_right(0, |_| false);
}

#[test]
#[should_panic(expected = "SegmentTree::min_left: end 4 past the length 3")]
fn min_left_past_the_end_panics() {
    SegmentTree::<Max>::new(3).min_left(4, |_| true);
}
