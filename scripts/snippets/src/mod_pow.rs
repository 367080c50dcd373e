/// Modular multiplication and fast exponentiation for any `u64` modulus, through `u128`.
///
/// # Constraints
/// - `modulus >= 1`; `base`, `a` and `b` may be any `u64` (they are reduced).
///
/// # Complexity
/// - `mod_mul`: O(1). `mod_pow`: O(log exp) multiplications.
///
/// # Panics
/// - `modulus == 0`.
#[allow(dead_code)]
pub mod mod_pow {
    /// `a * b mod modulus`.
    pub fn mod_mul(a: u64, b: u64, modulus: u64) -> u64 {
        assert!(modulus != 0, "mod_mul: modulus must be positive");
        (u128::from(a) * u128::from(b) % u128::from(modulus)) as u64
    }

    /// `base^exp mod modulus`, with `0^0 == 1` (so 0 for `modulus == 1`).
    pub fn mod_pow(base: u64, mut exp: u64, modulus: u64) -> u64 {
        assert!(modulus != 0, "mod_pow: modulus must be positive");
        let modulus = u128::from(modulus);
        let mut base = u128::from(base) % modulus;
        let mut result = 1 % modulus;
        while exp > 0 {
            if exp % 2 == 1 {
                result = result * base % modulus;
            }
            base = base * base % modulus;
            exp /= 2;
        }
        result as u64
    }
}
