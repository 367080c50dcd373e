use snippets::modint::{ModInt, ModInt1000000007, ModInt998244353};
use testkit::Rng;

/// Checks every operation against u128 arithmetic reduced modulo `M`.
fn agrees_with_u128_arithmetic<const M: u32>(seed: u64) {
    let m = u128::from(M);
    let mut rng = Rng::new(seed);
    let edges = [0, 1, u64::from(M) - 1, u64::from(M), u64::MAX];
    for _ in 0..20_000 {
        let mut draw = || {
            if rng.chance(1, 8) {
                *rng.pick(&edges)
            } else {
                rng.next_u64()
            }
        };
        let (a, b) = (draw(), draw());
        let (x, y) = (ModInt::<M>::new(a), ModInt::<M>::new(b));
        let (a, b) = (u128::from(a) % m, u128::from(b) % m);
        assert_eq!(u128::from(x.value()), a);
        assert_eq!(u128::from((x + y).value()), (a + b) % m);
        assert_eq!(u128::from((x - y).value()), (a + m - b) % m);
        assert_eq!(u128::from((x * y).value()), a * b % m);
        assert_eq!(u128::from((-x).value()), (m - a) % m);
        let mut z = x;
        z += y;
        z -= y;
        z *= y;
        assert_eq!(z, x * y);
    }
}

#[test]
fn arithmetic_agrees_with_u128_for_the_usual_primes_and_the_largest_modulus() {
    agrees_with_u128_arithmetic::<998_244_353>(1);
    agrees_with_u128_arithmetic::<1_000_000_007>(2);
    agrees_with_u128_arithmetic::<2_147_483_647>(3);
    agrees_with_u128_arithmetic::<7>(4);
    agrees_with_u128_arithmetic::<1>(5);
}

#[test]
fn signed_values_reduce_into_range() {
    type M7 = ModInt<7>;
    assert_eq!(M7::from_signed(-1).value(), 6);
    assert_eq!(M7::from(-15_i32).value(), 6);
    assert_eq!(M7::from(i64::MIN).value(), (i64::MIN).rem_euclid(7) as u32);
    assert_eq!(M7::from(i64::MAX).value(), (i64::MAX % 7) as u32);
    assert_eq!(M7::from(u64::MAX).value(), (u64::MAX % 7) as u32);
    assert_eq!(M7::from(13_u32).value(), 6);
    assert_eq!(M7::from(13_usize).value(), 6);
    assert_eq!(M7::default().value(), 0);
    assert_eq!(M7::MODULUS, 7);
}

/// x^exp by `exp` multiplications.
fn naive_pow(x: u64, exp: u64, m: u64) -> u64 {
    (0..exp).fold(1 % m, |power, _| power * (x % m) % m)
}

#[test]
fn pow_agrees_with_repeated_multiplication_and_fermat() {
    let mut rng = Rng::new(6);
    for _ in 0..2000 {
        let (x, exp) = (rng.next_u64(), rng.range(0, 300));
        assert_eq!(
            ModInt998244353::new(x).pow(exp).value() as u64,
            naive_pow(x, exp, 998_244_353)
        );
        let y = ModInt1000000007::new(rng.range(1, 1_000_000_006));
        assert_eq!(y.pow(1_000_000_006).value(), 1);
        let (e1, e2) = (rng.below(1 << 62), rng.below(1 << 62));
        assert_eq!(y.pow(e1 + e2), y.pow(e1) * y.pow(e2));
    }
    assert_eq!(ModInt998244353::new(0).pow(0).value(), 1);
    assert_eq!(ModInt998244353::new(0).pow(u64::MAX).value(), 0);
    assert_eq!(ModInt::<1>::new(5).pow(0).value(), 0);
}

#[test]
fn inverse_and_division_undo_multiplication() {
    let mut rng = Rng::new(7);
    for _ in 0..20_000 {
        let x = ModInt998244353::new(rng.range(1, 998_244_352));
        let y = ModInt998244353::new(rng.next_u64());
        assert_eq!((x * x.inv()).value(), 1);
        assert_eq!(y / x * x, y);
        let mut z = y;
        z /= x;
        assert_eq!(z, y * x.inv());
    }
    // A composite modulus: exactly the residues coprime to 12 invert.
    for v in 0..12_u64 {
        let x = ModInt::<12>::new(v);
        if [1, 5, 7, 11].contains(&v) {
            assert_eq!((x * x.inv()).value(), 1);
        } else {
            assert!(std::panic::catch_unwind(|| x.inv()).is_err(), "{v}");
        }
    }
    assert_eq!(
        ModInt::<2_147_483_647>::new(2_147_483_646).inv().value(),
        2_147_483_646
    );
}

#[test]
fn sum_product_and_formatting() {
    let values = [3_u64, 998_244_352, 5].map(ModInt998244353::new);
    assert_eq!(values.iter().copied().sum::<ModInt998244353>().value(), 7);
    assert_eq!(
        values.iter().copied().product::<ModInt998244353>().value(),
        998_244_353 - 15
    );
    assert_eq!(
        std::iter::empty::<ModInt998244353>()
            .product::<ModInt998244353>()
            .value(),
        1
    );
    let x = ModInt1000000007::from_signed(-2);
    assert_eq!(format!("{x} {x:?}"), "1000000005 1000000005");
}

#[test]
#[should_panic(expected = "ModInt::inv: 0 has no inverse modulo 998244353")]
fn inverse_of_zero_panics() {
    ModInt998244353::new(0).inv();
}

#[test]
#[should_panic(expected = "no inverse")]
fn division_by_zero_panics() {
    let _ = ModInt1000000007::new(1) / ModInt1000000007::new(1_000_000_007);
}

#[test]
#[should_panic(expected = "ModInt: modulus 2147483648 outside 1..2^31")]
fn a_modulus_of_2_to_the_31_panics() {
    ModInt::<{ 1 << 31 }>::new(1);
}

#[test]
#[should_panic(expected = "ModInt: modulus 0 outside 1..2^31")]
fn a_zero_modulus_panics() {
    ModInt::<0>::from_signed(1);
}
