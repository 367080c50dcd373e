/// Exact integer square roots of `u64`: floor, ceiling and the perfect-square test.
///
/// # Constraints
/// - Any `u64`, `u64::MAX` included.
///
/// # Complexity
/// - O(1): one `f64` square root and at most one integer correction.
///
/// # Panics
/// - Never.
#[allow(dead_code)]
pub mod integer_sqrt {
    /// The largest `r` with `r * r <= n`.
    pub fn floor_sqrt(n: u64) -> u64 {
        // Rounding n to f64 can lift the estimate one above the root (sqrt
        // itself rounds correctly, so never below); exact u128 checks both
        // ways keep the result right whatever the estimate.
        let mut root = (n as f64).sqrt() as u64;
        while square(root) > u128::from(n) {
            root -= 1;
        }
        while square(root + 1) <= u128::from(n) {
            root += 1;
        }
        root
    }

    /// The smallest `r` with `r * r >= n`.
    pub fn ceil_sqrt(n: u64) -> u64 {
        let root = floor_sqrt(n);
        if square(root) == u128::from(n) {
            root
        } else {
            root + 1
        }
    }

    pub fn is_perfect_square(n: u64) -> bool {
        square(floor_sqrt(n)) == u128::from(n)
    }

    fn square(r: u64) -> u128 {
        u128::from(r) * u128::from(r)
    }
}
