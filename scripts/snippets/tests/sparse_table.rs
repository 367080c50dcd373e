use snippets::sparse_table::{IdempotentOp, Max, Min, SparseTable};
use std::cell::Cell;
use testkit::Rng;

struct Gcd;

impl IdempotentOp for Gcd {
    type Value = u64;
    fn op(left: &u64, right: &u64) -> u64 {
        count_call();
        let (mut a, mut b) = (*left, *right);
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
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

/// The largest number dividing all of `values`; 0 when they are all 0.
fn naive_gcd(values: &[u64]) -> u64 {
    let largest = *values.iter().max().unwrap();
    (1..=largest)
        .rev()
        .find(|d| values.iter().all(|x| x % d == 0))
        .unwrap_or(0)
}

#[test]
fn every_range_agrees_with_a_scan() {
    let mut rng = Rng::new(1);
    for _ in 0..300 {
        let n = rng.range(1, 40) as usize;
        let values: Vec<i64> = (0..n).map(|_| rng.range(0, 50) as i64 - 25).collect();
        let multiples: Vec<u64> = (0..n).map(|_| rng.range(1, 6) * rng.range(0, 12)).collect();
        let min = SparseTable::<Min<i64>>::new(values.clone());
        let max = SparseTable::<Max<i64>>::new(values.clone());
        let gcd = SparseTable::<Gcd>::new(multiples.clone());
        for start in 0..n {
            for end in start + 1..=n {
                let part = &values[start..end];
                assert_eq!(min.query(start..end), *part.iter().min().unwrap());
                assert_eq!(max.query(start..end), *part.iter().max().unwrap());
                assert_eq!(gcd.query(start..end), naive_gcd(&multiples[start..end]));
            }
        }
        assert_eq!(min.len(), n);
    }
}

#[test]
fn large_random_ranges_agree_with_a_scan() {
    let mut rng = Rng::new(2);
    let n = 100_000;
    let values: Vec<u64> = (0..n).map(|_| rng.next_u64()).collect();
    let min = SparseTable::<Min<u64>>::new(values.clone());
    for _ in 0..2000 {
        let start = rng.below(n as u64) as usize;
        let end = rng.range(start as u64 + 1, n as u64) as usize;
        assert_eq!(
            min.query(start..end),
            *values[start..end].iter().min().unwrap()
        );
    }
    assert_eq!(min.query(0..n), *values.iter().min().unwrap());
}

#[test]
fn a_query_is_one_op_and_building_is_n_log_n() {
    for n in [1_usize, 2, 3, 7, 8, 9, 1000, 4096] {
        let (table, build_calls) = calls_during(|| SparseTable::<Gcd>::new(vec![6; n]));
        assert!(
            build_calls <= n * n.ilog2() as usize,
            "n={n}: {build_calls}"
        );
        for start in 0..n.min(50) {
            for end in start + 1..=n {
                assert_eq!(calls_during(|| table.query(start..end)), (6, 1));
            }
        }
    }
}

#[test]
fn empty_table() {
    let empty = SparseTable::<Min<i32>>::new(Vec::new());
    assert!(empty.is_empty());
    assert_eq!(empty.len(), 0);
}

#[test]
#[should_panic(expected = "SparseTable::query: range 2..2 empty or not inside 0..3")]
fn empty_range_panics() {
    SparseTable::<Max<i32>>::new(vec![1, 2, 3]).query(2..2);
}

#[test]
#[should_panic(expected = "SparseTable::query: range 1..4 empty or not inside 0..3")]
fn range_past_the_end_panics() {
    SparseTable::<Max<i32>>::new(vec![1, 2, 3]).query(1..4);
}
