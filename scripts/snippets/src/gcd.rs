/// Greatest common divisor (binary), least common multiple, and extended Euclid `(g, x, y)`.
///
/// # Constraints
/// - `gcd`, `lcm`: any `u64`; `gcd(0, 0) == 0`, `lcm(0, x) == 0`.
/// - `extended_gcd`: `a` and `b` are not `i64::MIN` (whose gcd may not fit).
///
/// # Complexity
/// - `gcd`, `lcm`: O(log max(a, b)) bit steps.
/// - `extended_gcd`: O(log max(|a|, |b|)) divisions.
///
/// # Panics
/// - `lcm` when the result overflows `u64`.
/// - `extended_gcd` when an argument is `i64::MIN`.
#[allow(dead_code)]
pub mod gcd {
    pub fn gcd(mut a: u64, mut b: u64) -> u64 {
        if a == 0 || b == 0 {
            return a | b;
        }
        // Stein: the common factors of two come out first, then odd - odd is even.
        let common_twos = (a | b).trailing_zeros();
        a >>= a.trailing_zeros();
        loop {
            b >>= b.trailing_zeros();
            if a > b {
                std::mem::swap(&mut a, &mut b);
            }
            b -= a;
            if b == 0 {
                return a << common_twos;
            }
        }
    }

    pub fn lcm(a: u64, b: u64) -> u64 {
        if a == 0 || b == 0 {
            return 0;
        }
        (a / gcd(a, b))
            .checked_mul(b)
            .expect("lcm: the result overflows u64")
    }

    /// `(g, x, y)` with `a * x + b * y == g`, `g == gcd(|a|, |b|) >= 0`,
    /// `|x| <= max(|b| / g, 1)` and `|y| <= max(|a| / g, 1)`;
    /// `(0, 1, 0)` for `(0, 0)`.
    pub fn extended_gcd(a: i64, b: i64) -> (i64, i64, i64) {
        assert!(
            a != i64::MIN && b != i64::MIN,
            "extended_gcd: i64::MIN is out of range"
        );
        // Invariant: a * x + b * y == r for both rows. The intermediate
        // products can pass i64, the results cannot.
        let (mut r0, mut r1) = (i128::from(a), i128::from(b));
        let (mut x0, mut x1) = (1_i128, 0_i128);
        let (mut y0, mut y1) = (0_i128, 1_i128);
        while r1 != 0 {
            let quotient = r0 / r1;
            (r0, r1) = (r1, r0 - quotient * r1);
            (x0, x1) = (x1, x0 - quotient * x1);
            (y0, y1) = (y1, y0 - quotient * y1);
        }
        if r0 < 0 {
            (r0, x0, y0) = (-r0, -x0, -y0);
        }
        (r0 as i64, x0 as i64, y0 as i64)
    }
}
