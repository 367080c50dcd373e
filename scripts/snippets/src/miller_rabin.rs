/// Deterministic Miller-Rabin primality test for every `u64` (seven fixed bases, on `crate::mod_pow`).
///
/// # Constraints
/// - Any `u64`.
///
/// # Complexity
/// - O(7 * 64) modular multiplications through `u128`; small factors are
///   tried first, so most composites cost a few divisions.
///
/// # Panics
/// - Never.
#[allow(dead_code)]
pub mod miller_rabin {
    use crate::mod_pow::{mod_mul, mod_pow};

    // Jim Sinclair's bases: no composite below 2^64 passes all seven.
    const BASES: [u64; 7] = [2, 325, 9375, 28178, 450775, 9780504, 1795265022];
    const SMALL_PRIMES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];

    pub fn is_prime(n: u64) -> bool {
        if n < 2 {
            return false;
        }
        for &p in SMALL_PRIMES.iter() {
            if n % p == 0 {
                return n == p;
            }
        }
        let twos = (n - 1).trailing_zeros();
        let odd_part = (n - 1) >> twos;
        BASES
            .iter()
            .all(|&base| is_strong_probable_prime(n, base % n, odd_part, twos))
    }

    /// Whether odd `n`, with `n - 1 == odd_part * 2^twos`, passes the strong
    /// test to `base`.
    fn is_strong_probable_prime(n: u64, base: u64, odd_part: u64, twos: u32) -> bool {
        // A base that is a multiple of n says nothing about n.
        if base == 0 {
            return true;
        }
        let mut x = mod_pow(base, odd_part, n);
        if x == 1 || x == n - 1 {
            return true;
        }
        for _ in 1..twos {
            x = mod_mul(x, x, n);
            if x == n - 1 {
                return true;
            }
        }
        false
    }
}
