//! The modular-arithmetic and number-theory benches.

use crate::combinatorics::Factorials;
use crate::modint::ModInt998244353;
use crate::{same_work, scaled_work, Row, XorShift};
use std::hint::black_box;

const P: u64 = 998_244_353;

fn textbook_pow(mut base: u64, mut exp: u64, modulus: u64) -> u64 {
    let mut result = 1 % modulus;
    base %= modulus;
    while exp > 0 {
        if exp & 1 == 1 {
            result = result * base % modulus;
        }
        base = base * base % modulus;
        exp >>= 1;
    }
    result
}

pub fn modint() -> Vec<Row> {
    let mut rng = XorShift(5);
    let values: Vec<u64> = (0..10_000_000).map(|_| rng.next() % P).collect();
    let snippet = || {
        let mut accumulator = ModInt998244353::new(1);
        for pair in values.chunks_exact(2) {
            accumulator =
                accumulator * ModInt998244353::new(pair[0]) + ModInt998244353::new(pair[1]);
        }
        u64::from(accumulator.value())
    };
    let textbook = || {
        let mut accumulator = 1;
        for pair in values.chunks_exact(2) {
            accumulator = (accumulator * pair[0] % P + pair[1]) % P;
        }
        accumulator
    };
    let nonzero = &values[..1_000_000];
    let inverses = || {
        nonzero
            .iter()
            .map(|&x| u64::from(ModInt998244353::new(x.max(1)).inv().value()))
            .fold(0, u64::wrapping_add)
    };
    let fermat = || {
        nonzero
            .iter()
            .map(|&x| textbook_pow(x.max(1), P - 2, P))
            .fold(0, u64::wrapping_add)
    };
    vec![
        same_work(
            "modint",
            format!("{} a * x + y mod 998244353", values.len() / 2),
            "textbook u64 %",
            snippet,
            textbook,
        ),
        same_work(
            "modint",
            format!("{} inverses mod 998244353", nonzero.len()),
            "textbook Fermat pow",
            inverses,
            fermat,
        ),
    ]
}

pub fn combinatorics() -> Vec<Row> {
    let max_n = black_box(1_000_000);
    let mut rng = XorShift(6);
    let queries: Vec<(usize, usize)> = (0..4_000_000)
        .map(|_| (rng.below(max_n + 1), rng.below(21)))
        .collect();
    let workload = format!("max_n=10^6, {} C(n, k<=20)", queries.len());
    let snippet = || {
        let table = Factorials::<998_244_353>::new(max_n);
        queries
            .iter()
            .map(|&(n, k)| u64::from(table.binomial(n, k).value()))
            .fold(0, u64::wrapping_add)
    };
    let textbook = || {
        let mut factorial = vec![1_u64; max_n + 1];
        for n in 1..=max_n {
            factorial[n] = factorial[n - 1] * n as u64 % P;
        }
        let mut inverse = vec![1_u64; max_n + 1];
        inverse[max_n] = textbook_pow(factorial[max_n], P - 2, P);
        for n in (1..=max_n).rev() {
            inverse[n - 1] = inverse[n] * n as u64 % P;
        }
        let binomial = |n: usize, k: usize| {
            if k > n {
                0
            } else {
                factorial[n] * inverse[k] % P * inverse[n - k] % P
            }
        };
        queries
            .iter()
            .map(|&(n, k)| binomial(n, k))
            .fold(0, u64::wrapping_add)
    };
    let naive_count = queries.len() / 20;
    let naive = || {
        let binomial = |n: usize, k: usize| {
            let numerator = (0..k).fold(1, |p, i| p * (n.saturating_sub(i) as u64) % P);
            let denominator = (1..=k as u64).fold(1, |p, i| p * i % P);
            numerator * textbook_pow(denominator, P - 2, P) % P
        };
        queries[..naive_count]
            .iter()
            .map(|&(n, k)| binomial(n, k))
            .fold(0, u64::wrapping_add)
    };
    vec![
        same_work(
            "combinatorics",
            workload.clone(),
            "textbook u64 tables",
            snippet,
            textbook,
        ),
        scaled_work(
            "combinatorics",
            workload,
            "naive product formula",
            snippet,
            naive,
            queries.len() / naive_count,
        ),
    ]
}

/// The wrapping sum of `f` over `items`, generic so that `f` inlines.
fn checksum<T: Copy>(items: &[T], f: impl Fn(T) -> u64) -> u64 {
    items.iter().fold(0, |sum, &item| sum.wrapping_add(f(item)))
}

fn random_u64s(seed: u64, count: usize) -> Vec<u64> {
    let mut rng = XorShift(seed);
    (0..count)
        .map(|_| rng.next() >> (rng.next() % 64))
        .collect()
}

pub fn integer_sqrt() -> Vec<Row> {
    use crate::integer_sqrt::floor_sqrt;
    let values = random_u64s(19, 10_000_000);
    let binary_search = |n: u64| {
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
    };
    vec![same_work(
        "integer_sqrt",
        format!("{} random u64 (random bit lengths)", values.len()),
        "naive binary search in u128",
        || checksum(&values, floor_sqrt),
        || checksum(&values, binary_search),
    )]
}

pub fn gcd() -> Vec<Row> {
    use crate::gcd::gcd;
    let values = random_u64s(20, 5_000_000);
    let pairs: Vec<(u64, u64)> = values.chunks_exact(2).map(|p| (p[0], p[1])).collect();
    let euclid = |(mut a, mut b): (u64, u64)| {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
    };
    vec![same_work(
        "gcd",
        format!("{} random u64 pairs (random bit lengths)", pairs.len()),
        "textbook Euclid (%)",
        || checksum(&pairs, |(a, b)| gcd(a, b)),
        || checksum(&pairs, euclid),
    )]
}

pub fn mod_pow() -> Vec<Row> {
    use crate::mod_pow::mod_pow;
    let mut rng = XorShift(21);
    let triples: Vec<(u64, u64, u64)> = (0..200_000)
        .map(|_| (rng.next(), rng.next(), rng.next() | 1))
        .collect();
    fn halving(base: u64, exp: u64, modulus: u64) -> u64 {
        let m = u128::from(modulus);
        if exp == 0 {
            return (1 % m) as u64;
        }
        let half = u128::from(halving(base, exp / 2, modulus));
        let square = half * half % m;
        (if exp % 2 == 1 {
            square * (u128::from(base) % m) % m
        } else {
            square
        }) as u64
    }
    vec![same_work(
        "mod_pow",
        format!("{} random 64-bit (base, exp, modulus)", triples.len()),
        "textbook recursive halving",
        || checksum(&triples, |(b, e, m)| mod_pow(b, e, m)),
        || checksum(&triples, |(b, e, m)| halving(b, e, m)),
    )]
}

pub fn miller_rabin() -> Vec<Row> {
    use crate::miller_rabin::is_prime;
    let mut rng = XorShift(22);
    let numbers: Vec<u64> = (0..100_000)
        .map(|_| (rng.next() % 1_000_000_000_000) | 1)
        .collect();
    let naive_count = 1000;
    let trial_division = |n: u64| n >= 2 && (2..).take_while(|d| d * d <= n).all(|d| n % d != 0);
    vec![scaled_work(
        "miller_rabin",
        format!("{} random odd n < 10^12", numbers.len()),
        "naive trial division",
        || numbers.iter().filter(|&&n| is_prime(n)).count() as u64,
        || {
            numbers[..naive_count]
                .iter()
                .filter(|&&n| trial_division(n))
                .count() as u64
        },
        numbers.len() / naive_count,
    )]
}
