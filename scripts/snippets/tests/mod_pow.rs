use snippets::mod_pow::{mod_mul, mod_pow};
use testkit::Rng;

/// base^exp by `exp` multiplications in u128.
fn naive_pow(base: u64, exp: u64, modulus: u64) -> u64 {
    let m = u128::from(modulus);
    (0..exp).fold(1 % m, |power, _| power * u128::from(base) % m) as u64
}

/// base^exp by recursion on the exponent's halves: another road to the same number.
fn halving_pow(base: u64, exp: u64, modulus: u64) -> u64 {
    let m = u128::from(modulus);
    if exp == 0 {
        return (1 % m) as u64;
    }
    let half = u128::from(halving_pow(base, exp / 2, modulus));
    let square = half * half % m;
    (if exp % 2 == 1 {
        square * (u128::from(base) % m) % m
    } else {
        square
    }) as u64
}

#[test]
fn small_exponents_agree_with_repeated_multiplication() {
    let mut rng = Rng::new(1);
    let edges = [1, 2, 3, u64::MAX, u64::MAX - 1, 1 << 63];
    for _ in 0..5000 {
        let modulus = if rng.chance(1, 4) {
            *rng.pick(&edges)
        } else {
            rng.range(1, u64::MAX)
        };
        let base = if rng.chance(1, 4) {
            *rng.pick(&edges)
        } else {
            rng.next_u64()
        };
        let exp = rng.range(0, 200);
        assert_eq!(
            mod_pow(base, exp, modulus),
            naive_pow(base, exp, modulus),
            "{base}^{exp} mod {modulus}"
        );
    }
}

#[test]
fn large_exponents_agree_with_halving_and_fermat() {
    let mut rng = Rng::new(2);
    for _ in 0..20_000 {
        let (base, exp, modulus) = (rng.next_u64(), rng.next_u64(), rng.range(1, u64::MAX));
        assert_eq!(mod_pow(base, exp, modulus), halving_pow(base, exp, modulus));
    }
    let prime = u64::MAX - 58; // the largest prime below 2^64
    for _ in 0..1000 {
        let base = rng.range(1, prime - 1);
        assert_eq!(mod_pow(base, prime - 1, prime), 1);
    }
}

#[test]
fn edge_values() {
    assert_eq!(mod_pow(0, 0, 7), 1);
    assert_eq!(mod_pow(0, 0, 1), 0);
    assert_eq!(mod_pow(5, u64::MAX, 1), 0);
    assert_eq!(mod_pow(u64::MAX, u64::MAX, u64::MAX), 0);
    assert_eq!(mod_pow(u64::MAX - 1, 2, u64::MAX), 1);
    assert_eq!(mod_pow(2, 64, u64::MAX), 1);
    assert_eq!(mod_mul(u64::MAX, u64::MAX, u64::MAX - 1), 1);
    assert_eq!(mod_mul(u64::MAX - 1, u64::MAX - 1, u64::MAX), 1);
    assert_eq!(mod_mul(1 << 63, 4, u64::MAX), 2);
}

#[test]
#[should_panic(expected = "mod_pow: modulus must be positive")]
fn zero_modulus_panics() {
    mod_pow(2, 3, 0);
}

#[test]
#[should_panic(expected = "mod_mul: modulus must be positive")]
fn zero_modulus_multiplication_panics() {
    mod_mul(2, 3, 0);
}
