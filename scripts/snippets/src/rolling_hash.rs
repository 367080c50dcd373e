/// Polynomial rolling hash modulo the prime 2^61 - 1: the hash of any substring in O(1).
///
/// `hash(s[l..r]) = sum of s[i] * base^(r - 1 - i)`, modulo 2^61 - 1.
/// Substrings of two strings compare by hash when both hashes use one base.
///
/// # Constraints
/// - `2 <= base < MODULUS - 1`; draw it with `random_base()` wherever the
///   input could be chosen against a fixed base (hacks).
/// - Compare hashes of equal-length substrings only: a leading zero element
///   does not change a hash. Elements are taken modulo `MODULUS`.
///
/// # Complexity
/// - `new`: O(n). `substring_hash`: O(1).
/// - Two different equal-length strings of length `n` share a hash with
///   probability at most `n / 2^61` over a random base.
///
/// # Panics
/// - `new` when `base` is out of range; `substring_hash` on a range that is
///   reversed or reaches past `n`.
#[allow(dead_code)]
pub mod rolling_hash {
    use std::ops::Range;

    pub const MODULUS: u64 = (1 << 61) - 1;

    pub struct RollingHash {
        // prefix[i] is the hash of s[..i].
        prefix: Vec<u64>,
        // power[i] is base^i.
        power: Vec<u64>,
    }

    impl RollingHash {
        pub fn new<T: Copy + Into<u64>>(s: &[T], base: u64) -> Self {
            assert!(
                (2..MODULUS - 1).contains(&base),
                "RollingHash::new: base {} outside 2..2^61 - 2",
                base
            );
            let mut prefix = Vec::with_capacity(s.len() + 1);
            let mut power = Vec::with_capacity(s.len() + 1);
            prefix.push(0);
            power.push(1);
            for (i, &element) in s.iter().enumerate() {
                let element = element.into() % MODULUS;
                prefix.push(add(mul(prefix[i], base), element));
                power.push(mul(power[i], base));
            }
            RollingHash { prefix, power }
        }

        pub fn len(&self) -> usize {
            self.prefix.len() - 1
        }

        pub fn is_empty(&self) -> bool {
            self.len() == 0
        }

        pub fn substring_hash(&self, range: Range<usize>) -> u64 {
            assert!(
                range.start <= range.end && range.end <= self.len(),
                "RollingHash::substring_hash: range {:?} not inside 0..{}",
                range,
                self.len()
            );
            let shifted_start = mul(self.prefix[range.start], self.power[range.len()]);
            sub(self.prefix[range.end], shifted_start)
        }
    }

    /// A base in `2..MODULUS - 1` from std's per-process random hash keys.
    pub fn random_base() -> u64 {
        use std::collections::hash_map::RandomState;
        use std::hash::{BuildHasher, Hasher};
        let random = RandomState::new().build_hasher().finish();
        2 + random % (MODULUS - 3)
    }

    /// `a * b mod MODULUS` for `a, b < MODULUS`.
    pub fn mul(a: u64, b: u64) -> u64 {
        let product = u128::from(a) * u128::from(b);
        // 2^61 ≡ 1, so the high bits fold onto the low ones.
        let folded = (product >> 61) as u64 + (product as u64 & MODULUS);
        if folded >= MODULUS {
            folded - MODULUS
        } else {
            folded
        }
    }

    fn add(a: u64, b: u64) -> u64 {
        let sum = a + b;
        if sum >= MODULUS {
            sum - MODULUS
        } else {
            sum
        }
    }

    fn sub(a: u64, b: u64) -> u64 {
        if a >= b {
            a - b
        } else {
            a + MODULUS - b
        }
    }
}
