/// Integers modulo a constant `M`: `ModInt<M>` with + - * /, pow, inv and Display.
///
/// `ModInt998244353` and `ModInt1000000007` name the usual prime moduli.
///
/// # Constraints
/// - `1 <= M < 2^31`. `M` need not be prime, but `inv` and `/` need a divisor
///   coprime to `M` (for a prime `M`: any non-zero one).
///
/// # Complexity
/// - Construction, `+`, `-`, `*`, negation: O(1).
/// - `pow(exp)`: O(log exp). `inv`, `/`: O(log M).
///
/// # Panics
/// - Construction when `M` is outside `1..2^31`.
/// - `inv` and `/` when the divisor has no inverse modulo `M`.
#[allow(dead_code)]
pub mod modint {
    use std::fmt;
    use std::iter::{Product, Sum};
    use std::ops::{Add, AddAssign, Div, DivAssign, Mul, MulAssign, Neg, Sub, SubAssign};

    /// A residue modulo `M`, always kept in `0..M`.
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
    pub struct ModInt<const M: u32> {
        value: u32,
    }

    pub type ModInt998244353 = ModInt<998_244_353>;
    pub type ModInt1000000007 = ModInt<1_000_000_007>;

    impl<const M: u32> ModInt<M> {
        pub const MODULUS: u32 = M;

        /// `value` reduced modulo `M`.
        pub fn new(value: u64) -> Self {
            Self::check_modulus();
            ModInt {
                value: (value % u64::from(M)) as u32,
            }
        }

        /// `value` reduced modulo `M` into `0..M`, negative values included.
        pub fn from_signed(value: i64) -> Self {
            Self::check_modulus();
            ModInt {
                value: value.rem_euclid(i64::from(M)) as u32,
            }
        }

        /// The representative in `0..M`.
        pub fn value(self) -> u32 {
            self.value
        }

        pub fn pow(self, mut exp: u64) -> Self {
            let mut base = self;
            let mut result = Self::new(1);
            while exp > 0 {
                if exp % 2 == 1 {
                    result *= base;
                }
                base *= base;
                exp /= 2;
            }
            result
        }

        /// The `x` with `self * x == 1`, by extended Euclid (so `M` may be composite).
        pub fn inv(self) -> Self {
            // Invariant: self * x ≡ a and self * y ≡ b (mod M).
            let (mut a, mut b) = (i64::from(self.value), i64::from(M));
            let (mut x, mut y) = (1_i64, 0_i64);
            while b != 0 {
                let quotient = a / b;
                (a, b) = (b, a - quotient * b);
                (x, y) = (y, x - quotient * y);
            }
            assert!(
                a == 1,
                "ModInt::inv: {} has no inverse modulo {}",
                self.value,
                M
            );
            Self::from_signed(x)
        }

        fn check_modulus() {
            assert!(
                1 <= M && M < 1 << 31,
                "ModInt: modulus {} outside 1..2^31",
                M
            );
        }
    }

    impl<const M: u32> From<u32> for ModInt<M> {
        fn from(value: u32) -> Self {
            Self::new(u64::from(value))
        }
    }

    impl<const M: u32> From<u64> for ModInt<M> {
        fn from(value: u64) -> Self {
            Self::new(value)
        }
    }

    impl<const M: u32> From<usize> for ModInt<M> {
        fn from(value: usize) -> Self {
            Self::new(value as u64)
        }
    }

    impl<const M: u32> From<i32> for ModInt<M> {
        fn from(value: i32) -> Self {
            Self::from_signed(i64::from(value))
        }
    }

    impl<const M: u32> From<i64> for ModInt<M> {
        fn from(value: i64) -> Self {
            Self::from_signed(value)
        }
    }

    impl<const M: u32> Add for ModInt<M> {
        type Output = Self;
        fn add(self, rhs: Self) -> Self {
            // Both are below M < 2^31, so the sum fits in u32.
            let sum = self.value + rhs.value;
            ModInt {
                value: if sum >= M { sum - M } else { sum },
            }
        }
    }

    impl<const M: u32> Sub for ModInt<M> {
        type Output = Self;
        fn sub(self, rhs: Self) -> Self {
            let value = if self.value >= rhs.value {
                self.value - rhs.value
            } else {
                self.value + M - rhs.value
            };
            ModInt { value }
        }
    }

    impl<const M: u32> Mul for ModInt<M> {
        type Output = Self;
        fn mul(self, rhs: Self) -> Self {
            let product = u64::from(self.value) * u64::from(rhs.value);
            ModInt {
                value: (product % u64::from(M)) as u32,
            }
        }
    }

    impl<const M: u32> Div for ModInt<M> {
        type Output = Self;
        #[allow(clippy::suspicious_arithmetic_impl)]
        fn div(self, rhs: Self) -> Self {
            self * rhs.inv()
        }
    }

    impl<const M: u32> Neg for ModInt<M> {
        type Output = Self;
        fn neg(self) -> Self {
            Self::new(0) - self
        }
    }

    impl<const M: u32> AddAssign for ModInt<M> {
        fn add_assign(&mut self, rhs: Self) {
            *self = *self + rhs;
        }
    }

    impl<const M: u32> SubAssign for ModInt<M> {
        fn sub_assign(&mut self, rhs: Self) {
            *self = *self - rhs;
        }
    }

    impl<const M: u32> MulAssign for ModInt<M> {
        fn mul_assign(&mut self, rhs: Self) {
            *self = *self * rhs;
        }
    }

    impl<const M: u32> DivAssign for ModInt<M> {
        fn div_assign(&mut self, rhs: Self) {
            *self = *self / rhs;
        }
    }

    impl<const M: u32> Sum for ModInt<M> {
        fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
            iter.fold(Self::new(0), |sum, x| sum + x)
        }
    }

    impl<const M: u32> Product for ModInt<M> {
        fn product<I: Iterator<Item = Self>>(iter: I) -> Self {
            iter.fold(Self::new(1), |product, x| product * x)
        }
    }

    impl<const M: u32> fmt::Display for ModInt<M> {
        fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
            write!(f, "{}", self.value)
        }
    }

    impl<const M: u32> fmt::Debug for ModInt<M> {
        fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
            write!(f, "{}", self.value)
        }
    }
}
