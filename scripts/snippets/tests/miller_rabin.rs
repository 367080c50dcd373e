use snippets::miller_rabin::is_prime;
use testkit::Rng;

fn sieve(limit: usize) -> Vec<bool> {
    let mut prime = vec![true; limit];
    prime[0] = false;
    prime[1] = false;
    for p in 2..limit {
        if prime[p] {
            for multiple in (p * p..limit).step_by(p) {
                prime[multiple] = false;
            }
        }
    }
    prime
}

fn primes_below(limit: usize) -> Vec<u64> {
    let prime = sieve(limit);
    (0..limit as u64).filter(|&p| prime[p as usize]).collect()
}

/// Trial division by the primes in `primes`, enough for n < (last prime)^2.
fn by_trial_division(n: u64, primes: &[u64]) -> bool {
    n >= 2
        && primes
            .iter()
            .take_while(|&&p| p * p <= n)
            .all(|&p| n % p != 0)
}

#[test]
fn every_number_below_a_million_agrees_with_a_sieve() {
    let prime = sieve(1_000_000);
    for (n, &expected) in prime.iter().enumerate() {
        assert_eq!(is_prime(n as u64), expected, "{n}");
    }
}

#[test]
fn random_numbers_below_10_to_the_12_agree_with_trial_division() {
    let primes = primes_below(1_000_001);
    let mut rng = Rng::new(1);
    for _ in 0..300 {
        let n = rng.range(1_000_000, 1_000_000_000_000) | 1;
        assert_eq!(is_prime(n), by_trial_division(n, &primes), "{n}");
    }
}

#[test]
fn products_of_two_primes_near_2_to_the_32_are_composite() {
    let below_2_to_the_16 = primes_below(1 << 16);
    let mut rng = Rng::new(2);
    let random_prime = |rng: &mut Rng| loop {
        let candidate = rng.range(1 << 31, (1 << 32) - 1);
        if by_trial_division(candidate, &below_2_to_the_16) {
            return candidate;
        }
    };
    for _ in 0..300 {
        let (p, q) = (random_prime(&mut rng), random_prime(&mut rng));
        assert!(is_prime(p) && is_prime(q), "{p}, {q}");
        assert!(!is_prime(p * q), "{p} * {q}");
    }
}

#[test]
fn strong_pseudoprimes_carmichael_numbers_and_the_edges_of_u64() {
    let composites = [
        0,
        1,
        4,
        561,
        1105,
        1729,
        2047,
        1373653,
        25326001,
        3215031751,
        2152302898747,
        3474749660383,
        341550071728321,
        3825123056546413051,
        4294967291 * 4294967291,
        4294967279 * 4294967291,
        u64::MAX,
        u64::MAX - 1,
        1 << 63,
        (1 << 61) - 3,
    ];
    for n in composites {
        assert!(!is_prime(n), "{n} is composite");
    }
    let primes = [
        2,
        3,
        37,
        41,
        1_000_000_007,
        998_244_353,
        4294967291,
        4294967311,
        (1 << 61) - 1,
        9223372036854775783, // the largest prime below 2^63
        u64::MAX - 58,       // the largest prime below 2^64
    ];
    for n in primes {
        assert!(is_prime(n), "{n} is prime");
    }
}
