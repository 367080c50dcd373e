/// Factorials, inverse factorials and binomial coefficients modulo a prime (on `crate::modint`).
///
/// # Constraints
/// - `M` is prime and `max_n < M`, so that every factorial up to `max_n`
///   is invertible.
///
/// # Complexity
/// - `new(max_n)`: O(max_n + log M).
/// - Every query: O(1).
///
/// # Panics
/// - `new` when `max_n >= M`.
/// - A query whose `n` (for `inverse`: whose argument) exceeds `max_n`, and
///   `inverse(0)`.
#[allow(dead_code)]
pub mod combinatorics {
    use crate::modint::ModInt;

    /// `n!` and `1 / n!` modulo `M` for every `n` in `0..=max_n`.
    pub struct Factorials<const M: u32> {
        factorial: Vec<ModInt<M>>,
        inverse_factorial: Vec<ModInt<M>>,
    }

    impl<const M: u32> Factorials<M> {
        pub fn new(max_n: usize) -> Self {
            assert!(
                (max_n as u64) < u64::from(M),
                "Factorials::new: max_n {} must be below the modulus {}",
                max_n,
                M
            );
            let mut factorial = Vec::with_capacity(max_n + 1);
            factorial.push(ModInt::new(1));
            for n in 1..=max_n {
                factorial.push(factorial[n - 1] * ModInt::from(n));
            }
            // One inversion, then (n - 1)! ^ -1 = n! ^ -1 * n walks down.
            let mut inverse_factorial = vec![ModInt::new(0); max_n + 1];
            inverse_factorial[max_n] = factorial[max_n].inv();
            for n in (1..=max_n).rev() {
                inverse_factorial[n - 1] = inverse_factorial[n] * ModInt::from(n);
            }
            Factorials {
                factorial,
                inverse_factorial,
            }
        }

        pub fn max_n(&self) -> usize {
            self.factorial.len() - 1
        }

        /// `n!`.
        pub fn factorial(&self, n: usize) -> ModInt<M> {
            self.check(n);
            self.factorial[n]
        }

        /// `1 / n!`.
        pub fn inverse_factorial(&self, n: usize) -> ModInt<M> {
            self.check(n);
            self.inverse_factorial[n]
        }

        /// `1 / n` for `1 <= n <= max_n`.
        pub fn inverse(&self, n: usize) -> ModInt<M> {
            assert!(n != 0, "Factorials::inverse: 0 has no inverse");
            self.check(n);
            self.inverse_factorial[n] * self.factorial[n - 1]
        }

        /// `n choose k`: the `k`-element subsets of an `n`-set; 0 when `k > n`.
        pub fn binomial(&self, n: usize, k: usize) -> ModInt<M> {
            self.check(n);
            if k > n {
                return ModInt::new(0);
            }
            self.factorial[n] * self.inverse_factorial[k] * self.inverse_factorial[n - k]
        }

        /// `n! / (n - k)!`: the ordered `k`-element selections; 0 when `k > n`.
        pub fn permutations(&self, n: usize, k: usize) -> ModInt<M> {
            self.check(n);
            if k > n {
                return ModInt::new(0);
            }
            self.factorial[n] * self.inverse_factorial[n - k]
        }

        fn check(&self, n: usize) {
            assert!(
                n <= self.max_n(),
                "Factorials: n {} exceeds max_n {}",
                n,
                self.max_n()
            );
        }
    }
}
