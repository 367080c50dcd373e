use snippets::fenwick_tree::FenwickTree;
use std::cell::Cell;
use std::ops::{AddAssign, Sub};
use testkit::Rng;

#[test]
fn agrees_with_a_plain_array_on_random_operations() {
    let mut rng = Rng::new(1);
    for _ in 0..2000 {
        let n = rng.range(0, 40) as usize;
        let mut naive: Vec<i64> = (0..n).map(|_| rng.range(0, 200) as i64 - 100).collect();
        let mut fast = if rng.chance(1, 2) {
            FenwickTree::from_slice(&naive, 0)
        } else {
            let mut tree = FenwickTree::new(n, 0);
            for (i, &value) in naive.iter().enumerate() {
                tree.add(i, value);
            }
            tree
        };
        for _ in 0..60 {
            let start = rng.range(0, n as u64) as usize;
            let end = rng.range(start as u64, n as u64) as usize;
            match rng.below(3) {
                0 if n > 0 => {
                    let (index, value) = (rng.below(n as u64) as usize, rng.range(0, 2000) as i64);
                    fast.add(index, value - 1000);
                    naive[index] += value - 1000;
                }
                1 => assert_eq!(fast.prefix_sum(end), naive[..end].iter().sum::<i64>()),
                _ => assert_eq!(fast.sum(start..end), naive[start..end].iter().sum::<i64>()),
            }
        }
        assert_eq!(fast.len(), n);
    }
}

#[test]
fn unsigned_sums_up_to_the_edge_of_u64() {
    let mut tree = FenwickTree::new(3, 0_u64);
    tree.add(0, u64::MAX - 7);
    tree.add(2, 7);
    assert_eq!(tree.sum(0..3), u64::MAX);
    assert_eq!(tree.sum(1..3), 7);
    assert_eq!(tree.prefix_sum(0), 0);
}

#[test]
fn empty_and_single_element() {
    let empty = FenwickTree::new(0, 0_i64);
    assert!(empty.is_empty());
    assert_eq!((empty.prefix_sum(0), empty.sum(0..0)), (0, 0));
    let mut one = FenwickTree::from_slice(&[5_i64], 0);
    one.add(0, -2);
    assert_eq!((one.prefix_sum(1), one.sum(0..1), one.sum(1..1)), (3, 3, 0));
}

thread_local! {
    static ADDITIONS: Cell<usize> = const { Cell::new(0) };
}

/// An `i64` that counts every `+=` done on it: one per loop iteration.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Counted(i64);

impl AddAssign for Counted {
    fn add_assign(&mut self, rhs: Counted) {
        ADDITIONS.with(|count| count.set(count.get() + 1));
        self.0 += rhs.0;
    }
}

impl Sub for Counted {
    type Output = Counted;
    fn sub(self, rhs: Counted) -> Counted {
        Counted(self.0 - rhs.0)
    }
}

fn additions_during(f: impl FnOnce()) -> usize {
    ADDITIONS.with(|count| count.set(0));
    f();
    ADDITIONS.with(|count| count.get())
}

#[test]
fn add_and_prefix_sum_loop_at_most_floor_log2_n_plus_1_times() {
    for n in (1..=300_usize).chain([1000, 1023, 1024, 1025, 65_535, 65_536]) {
        let bound = n.ilog2() as usize + 1;
        let mut tree = FenwickTree::new(n, Counted(0));
        let mut worst = (0, 0);
        for i in 0..n {
            let add = additions_during(|| tree.add(i, Counted(1)));
            let prefix = additions_during(|| assert_eq!(tree.prefix_sum(i + 1).0, i as i64 + 1));
            worst = (worst.0.max(add), worst.1.max(prefix));
        }
        assert!(worst.0 <= bound && worst.1 <= bound, "n={n}: {worst:?}");
        // Tight: the prefix of length 2^k - 1 has k set bits.
        assert_eq!(worst.1, (n + 1).ilog2() as usize, "n={n}");
    }
}

#[test]
#[should_panic(expected = "FenwickTree::add: index 4 out of range 0..4")]
fn add_out_of_range_panics() {
    FenwickTree::new(4, 0_i64).add(4, 1);
}

#[test]
#[should_panic(expected = "FenwickTree::prefix_sum: end 5 past the length 4")]
fn prefix_past_the_end_panics() {
    FenwickTree::new(4, 0_i64).prefix_sum(5);
}

#[test]
#[should_panic(expected = "FenwickTree::sum: range 3..2 not inside 0..4")]
fn reversed_range_panics() {
    let (start, end) = (3, 2);
    FenwickTree::new(4, 0_i64).sum(start..end);
}
