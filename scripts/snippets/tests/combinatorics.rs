use snippets::combinatorics::Factorials;
use snippets::modint::ModInt;
use testkit::Rng;

const P: u32 = 998_244_353;

#[test]
fn binomials_agree_with_pascals_triangle() {
    let max_n = 400;
    let table = Factorials::<P>::new(max_n);
    let mut row = vec![1_u64];
    for n in 0..=max_n {
        for k in 0..=n + 2 {
            let expected = row.get(k).copied().unwrap_or(0);
            assert_eq!(
                u64::from(table.binomial(n, k).value()),
                expected,
                "C({n}, {k})"
            );
        }
        let mut next = vec![1_u64; n + 2];
        for k in 1..=n {
            next[k] = (row[k - 1] + row[k]) % u64::from(P);
        }
        row = next;
    }
}

#[test]
fn factorials_permutations_and_inverses_agree_with_running_products() {
    let max_n = 2000;
    let table = Factorials::<P>::new(max_n);
    let mut factorial = 1_u64;
    for n in 0..=max_n {
        if n > 0 {
            factorial = factorial * n as u64 % u64::from(P);
        }
        assert_eq!(u64::from(table.factorial(n).value()), factorial);
        assert_eq!((table.factorial(n) * table.inverse_factorial(n)).value(), 1);
        if n > 0 {
            assert_eq!((table.inverse(n) * ModInt::from(n)).value(), 1);
        }
        for k in [0, 1, 2, n / 2, n, n + 1] {
            let falling = (0..k.min(n + 1))
                .map(|i| ModInt::<P>::from(n.wrapping_sub(i)))
                .product::<ModInt<P>>();
            let expected = if k > n { ModInt::new(0) } else { falling };
            assert_eq!(table.permutations(n, k), expected, "P({n}, {k})");
        }
    }
}

#[test]
fn large_binomials_agree_with_the_multiplicative_formula() {
    let max_n = 1_000_000;
    let table = Factorials::<P>::new(max_n);
    let mut rng = Rng::new(1);
    for _ in 0..3000 {
        let n = rng.range(0, max_n as u64) as usize;
        let k = rng.range(0, 30.min(n as u64)) as usize;
        let k = if rng.chance(1, 2) { k } else { n - k };
        let small = k.min(n - k);
        let numerator: ModInt<P> = (0..small).map(|i| ModInt::from(n - i)).product();
        let denominator: ModInt<P> = (1..=small).map(ModInt::from).product();
        assert_eq!(table.binomial(n, k), numerator / denominator, "C({n}, {k})");
    }
}

#[test]
fn a_small_prime_works_up_to_one_below_it() {
    let table = Factorials::<13>::new(12);
    assert_eq!(table.max_n(), 12);
    assert_eq!(table.factorial(12).value(), 12); // Wilson: (p - 1)! = -1
    assert_eq!(table.binomial(12, 5).value(), (792 % 13) as u32);
    let single = Factorials::<13>::new(0);
    assert_eq!(
        (single.factorial(0).value(), single.binomial(0, 0).value()),
        (1, 1)
    );
}

#[test]
#[should_panic(expected = "Factorials::new: max_n 13 must be below the modulus 13")]
fn max_n_at_the_modulus_panics() {
    Factorials::<13>::new(13);
}

#[test]
#[should_panic(expected = "Factorials: n 11 exceeds max_n 10")]
fn binomial_past_max_n_panics() {
    Factorials::<P>::new(10).binomial(11, 0);
}

#[test]
#[should_panic(expected = "Factorials::inverse: 0 has no inverse")]
fn inverse_of_zero_panics() {
    Factorials::<P>::new(10).inverse(0);
}
