use snippets::lazy_segment_tree::{Action, LazySegmentTree};
use snippets::segment_tree::Monoid;
use std::cell::Cell;
use testkit::Rng;

const P: u64 = 998_244_353;

/// Sums mod P with their lengths, acted on by affine maps `x -> a x + b`:
/// maps that do not commute, so a composition in the wrong order shows.
struct AffineSum;

impl Monoid for AffineSum {
    type Value = (u64, u64); // (sum, length)
    fn identity() -> (u64, u64) {
        (0, 0)
    }
    fn op(left: &(u64, u64), right: &(u64, u64)) -> (u64, u64) {
        count_call();
        ((left.0 + right.0) % P, left.1 + right.1)
    }
}

impl Action for AffineSum {
    type Map = (u64, u64);
    fn identity_map() -> (u64, u64) {
        (1, 0)
    }
    fn apply(map: &(u64, u64), value: &(u64, u64)) -> (u64, u64) {
        count_call();
        ((map.0 * value.0 + map.1 * value.1) % P, value.1)
    }
    fn compose(outer: &(u64, u64), inner: &(u64, u64)) -> (u64, u64) {
        count_call();
        (outer.0 * inner.0 % P, (outer.0 * inner.1 + outer.1) % P)
    }
}

/// Range add, range max: a second, ordered monoid.
struct AddMax;

impl Monoid for AddMax {
    type Value = i64;
    fn identity() -> i64 {
        i64::MIN
    }
    fn op(left: &i64, right: &i64) -> i64 {
        *left.max(right)
    }
}

impl Action for AddMax {
    type Map = i64;
    fn identity_map() -> i64 {
        0
    }
    fn apply(add: &i64, max: &i64) -> i64 {
        if *max == i64::MIN {
            i64::MIN
        } else {
            max + add
        }
    }
    fn compose(outer: &i64, inner: &i64) -> i64 {
        outer + inner
    }
}

thread_local! {
    static CALLS: Cell<usize> = const { Cell::new(0) };
}

fn count_call() {
    CALLS.with(|count| count.set(count.get() + 1));
}

fn calls_during<T>(f: impl FnOnce() -> T) -> (T, usize) {
    CALLS.with(|count| count.set(0));
    let result = f();
    (result, CALLS.with(|count| count.get()))
}

fn random_range(rng: &mut Rng, n: usize) -> (usize, usize) {
    let start = rng.range(0, n as u64) as usize;
    (start, rng.range(start as u64, n as u64) as usize)
}

#[test]
fn affine_maps_on_sums_agree_with_a_plain_array() {
    let mut rng = Rng::new(1);
    for _ in 0..1500 {
        let n = rng.range(0, 40) as usize;
        let mut naive: Vec<u64> = (0..n).map(|_| rng.below(P)).collect();
        let mut fast =
            LazySegmentTree::<AffineSum>::from_vec(naive.iter().map(|&x| (x, 1)).collect());
        for _ in 0..40 {
            let (start, end) = random_range(&mut rng, n);
            let map = (rng.below(P), rng.below(P));
            match rng.below(5) {
                0 => {
                    fast.apply(start..end, &map);
                    for x in &mut naive[start..end] {
                        *x = (map.0 * *x + map.1) % P;
                    }
                }
                1 if n > 0 => {
                    let index = rng.below(n as u64) as usize;
                    fast.apply_at(index, &map);
                    naive[index] = (map.0 * naive[index] + map.1) % P;
                }
                2 if n > 0 => {
                    let index = rng.below(n as u64) as usize;
                    naive[index] = rng.below(P);
                    fast.set(index, (naive[index], 1));
                }
                3 if n > 0 => {
                    let index = rng.below(n as u64) as usize;
                    assert_eq!(fast.get(index), (naive[index], 1));
                }
                _ => {
                    let sum = naive[start..end].iter().fold(0, |s, x| (s + x) % P);
                    assert_eq!(fast.product(start..end), (sum, (end - start) as u64));
                }
            }
        }
        let total = naive.iter().fold(0, |s, x| (s + x) % P);
        assert_eq!(fast.all_product(), (total, n as u64));
    }
}

#[test]
fn range_add_range_max_agrees_with_a_plain_array() {
    let mut rng = Rng::new(2);
    for _ in 0..1500 {
        let n = rng.range(1, 40) as usize;
        let mut naive: Vec<i64> = (0..n).map(|_| rng.range(0, 100) as i64).collect();
        let mut fast = if rng.chance(1, 2) {
            LazySegmentTree::<AddMax>::from_vec(naive.clone())
        } else {
            let mut tree = LazySegmentTree::<AddMax>::new(n);
            for (i, &x) in naive.iter().enumerate() {
                tree.set(i, x);
            }
            tree
        };
        for _ in 0..40 {
            let (start, end) = random_range(&mut rng, n);
            if rng.chance(1, 2) {
                let add = rng.range(0, 100) as i64 - 50;
                fast.apply(start..end, &add);
                naive[start..end].iter_mut().for_each(|x| *x += add);
            } else {
                let max = naive[start..end].iter().copied().max().unwrap_or(i64::MIN);
                assert_eq!(fast.product(start..end), max);
            }
        }
    }
}

#[test]
fn empty_and_single_element() {
    let mut empty = LazySegmentTree::<AddMax>::new(0);
    assert!(empty.is_empty());
    empty.apply(0..0, &5);
    assert_eq!(
        (empty.product(0..0), empty.all_product()),
        (i64::MIN, i64::MIN)
    );

    let mut one = LazySegmentTree::<AddMax>::from_vec(vec![3]);
    one.apply(0..1, &4);
    one.apply_at(0, &-1);
    assert_eq!(
        (one.get(0), one.product(0..1), one.product(1..1)),
        (6, 6, i64::MIN)
    );
}

fn ceil_log2(n: usize) -> usize {
    n.next_power_of_two().trailing_zeros() as usize
}

#[test]
fn every_operation_makes_a_logarithmic_number_of_calls() {
    let mut rng = Rng::new(3);
    for n in (1..=64).chain([1000, 1024, 1025, 100_000]) {
        let mut tree = LazySegmentTree::<AffineSum>::from_vec(vec![(1, 1); n]);
        let log = ceil_log2(n);
        for _ in 0..2000 {
            let (start, end) = random_range(&mut rng, n);
            let (_, calls) = calls_during(|| tree.apply(start..end, &(2, 1)));
            assert!(
                calls <= 14 * log + 4,
                "apply {start}..{end} of n={n}: {calls}"
            );
            let (_, calls) = calls_during(|| tree.product(start..end));
            assert!(
                calls <= 10 * log + 3,
                "product {start}..{end} of n={n}: {calls}"
            );
            if start < n {
                let (_, calls) = calls_during(|| tree.get(start));
                assert!(calls <= 4 * log, "get {start} of n={n}: {calls}");
                let (_, calls) = calls_during(|| tree.set(start, (1, 1)));
                assert!(calls <= 5 * log, "set {start} of n={n}: {calls}");
                let (_, calls) = calls_during(|| tree.apply_at(start, &(1, 1)));
                assert!(calls <= 5 * log + 1, "apply_at {start} of n={n}: {calls}");
            }
        }
    }
}

#[test]
#[should_panic(expected = "LazySegmentTree: index 2 out of range 0..2")]
fn get_out_of_range_panics() {
    LazySegmentTree::<AddMax>::new(2).get(2);
}

#[test]
#[should_panic(expected = "LazySegmentTree: range 1..3 not inside 0..2")]
fn apply_past_the_end_panics() {
    LazySegmentTree::<AddMax>::new(2).apply(1..3, &1);
}

#[test]
#[should_panic(expected = "LazySegmentTree: range 2..1 not inside 0..2")]
fn reversed_product_panics() {
    let (start, end) = (2, 1);
    LazySegmentTree::<AddMax>::new(2).product(start..end);
}
