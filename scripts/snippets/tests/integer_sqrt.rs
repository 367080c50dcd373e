use snippets::integer_sqrt::{ceil_sqrt, floor_sqrt, is_perfect_square};
use testkit::Rng;

/// The largest r with r * r <= n, by binary search in u128.
fn naive_floor_sqrt(n: u64) -> u64 {
    let (mut low, mut high) = (0_u128, 1_u128 << 32);
    while high - low > 1 {
        let mid = (low + high) / 2;
        if mid * mid <= u128::from(n) {
            low = mid;
        } else {
            high = mid;
        }
    }
    low as u64
}

fn check(n: u64) {
    let root = naive_floor_sqrt(n);
    assert_eq!(floor_sqrt(n), root, "floor_sqrt({n})");
    let square = u128::from(root) * u128::from(root) == u128::from(n);
    assert_eq!(is_perfect_square(n), square, "is_perfect_square({n})");
    assert_eq!(
        ceil_sqrt(n),
        if square { root } else { root + 1 },
        "ceil_sqrt({n})"
    );
}

#[test]
fn every_small_number() {
    (0..200_000).for_each(check);
}

#[test]
fn around_every_kind_of_large_square() {
    let mut rng = Rng::new(1);
    let near_top = (1_u64 << 32) - 2000..1 << 32;
    let random_roots = (0..20_000).map(|_| rng.range(1, (1 << 32) - 1));
    let powers_of_two = (0..32).map(|k| 1_u64 << k);
    for root in near_top.chain(random_roots).chain(powers_of_two) {
        let square = root * root;
        for n in [square - 1, square, square.saturating_add(1)] {
            check(n);
        }
    }
}

#[test]
fn random_and_extreme_numbers() {
    let mut rng = Rng::new(2);
    for _ in 0..100_000 {
        check(rng.next_u64());
        check(rng.next_u64() >> rng.below(64));
    }
    for n in [
        u64::MAX,
        u64::MAX - 1,
        1 << 63,
        (1 << 53) + 1,
        (1 << 52) - 1,
    ] {
        check(n);
    }
    assert_eq!(floor_sqrt(u64::MAX), u32::MAX as u64);
    assert_eq!(ceil_sqrt(u64::MAX), 1 << 32);
}
