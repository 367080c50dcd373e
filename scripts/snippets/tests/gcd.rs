use snippets::gcd::{extended_gcd, gcd, lcm};
use testkit::Rng;

/// The largest d dividing both, trying every candidate; 0 for (0, 0).
fn naive_gcd(a: u64, b: u64) -> u64 {
    (1..=a.max(b))
        .rev()
        .find(|d| a % d == 0 && b % d == 0)
        .unwrap_or(0)
}

#[test]
fn small_pairs_agree_with_trying_every_divisor() {
    for a in 0..150 {
        for b in 0..150 {
            let g = naive_gcd(a, b);
            assert_eq!(gcd(a, b), g, "gcd({a}, {b})");
            let expected_lcm = (a * b).checked_div(g).unwrap_or(0);
            assert_eq!(lcm(a, b), expected_lcm, "lcm({a}, {b})");
        }
    }
}

/// `g` is the gcd of `a` and `b` exactly when it divides both and is an
/// integer combination of them (so every common divisor divides it).
fn assert_is_gcd(a: i64, b: i64, (g, x, y): (i64, i64, i64)) {
    let (a, b, g, x, y) = (a as i128, b as i128, g as i128, x as i128, y as i128);
    assert!(g >= 0);
    assert_eq!(a * x + b * y, g, "Bezout for ({a}, {b})");
    if g == 0 {
        assert!(a == 0 && b == 0);
    } else {
        assert!(a % g == 0 && b % g == 0, "{g} divides ({a}, {b})");
        assert!(x.abs() <= (b.abs() / g).max(1) && y.abs() <= (a.abs() / g).max(1));
    }
}

#[test]
fn extended_gcd_gives_a_bounded_bezout_pair() {
    let mut rng = Rng::new(1);
    let edges = [0, 1, -1, i64::MAX, -i64::MAX, i64::MAX - 1, 1 << 62];
    for _ in 0..100_000 {
        let mut draw = || match rng.below(4) {
            0 => *rng.pick(&edges),
            1 => rng.range(0, 100) as i64 - 50,
            _ => (rng.next_u64() >> rng.below(63)) as i64 * if rng.chance(1, 2) { 1 } else { -1 },
        };
        let (a, b) = (draw(), draw());
        let result = extended_gcd(a, b);
        assert_is_gcd(a, b, result);
        assert_eq!(gcd(a.unsigned_abs(), b.unsigned_abs()), result.0 as u64);
    }
    assert_eq!(extended_gcd(0, 0), (0, 1, 0));
    assert_eq!(extended_gcd(-6, 0), (6, -1, 0));
}

#[test]
fn large_gcds_divide_both_and_leave_coprime_quotients() {
    let mut rng = Rng::new(2);
    for _ in 0..100_000 {
        let common = rng.range(1, 1 << 20);
        let (a, b) = (
            rng.below(u64::MAX / common) * common,
            rng.below(u64::MAX / common) * common,
        );
        let g = gcd(a, b);
        if a == 0 && b == 0 {
            assert_eq!(g, 0);
            continue;
        }
        assert!(g % common == 0 && a % g == 0 && b % g == 0);
        assert_eq!(gcd(a / g, b / g), 1, "gcd({a}, {b}) = {g}");
    }
    assert_eq!(gcd(u64::MAX, u64::MAX - 1), 1);
    assert_eq!(gcd(1 << 63, 1 << 40), 1 << 40);
    assert_eq!(lcm(1 << 32, (1 << 32) - 1), u64::MAX - (1 << 32) + 1);
    assert_eq!(lcm(u64::MAX, u64::MAX), u64::MAX);
}

#[test]
#[should_panic(expected = "lcm: the result overflows u64")]
fn overflowing_lcm_panics() {
    lcm(1 << 32, (1 << 32) + 1);
}

#[test]
#[should_panic(expected = "extended_gcd: i64::MIN is out of range")]
fn extended_gcd_of_i64_min_panics() {
    extended_gcd(i64::MIN, 3);
}
