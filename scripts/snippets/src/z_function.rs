/// Z-function: `z[i]` is the length of the longest common prefix of `s` and `s[i..]`.
///
/// Pattern search: the z-function of `pattern + separator + text` reaches
/// `pattern.len()` exactly where the pattern occurs.
///
/// # Constraints
/// - Any slice of `Eq` elements; `z[0] == s.len()` by convention.
///
/// # Complexity
/// - O(n): fewer than 2n element comparisons.
///
/// # Panics
/// - Never.
#[allow(dead_code)]
pub mod z_function {
    pub fn z_function<T: Eq>(s: &[T]) -> Vec<usize> {
        let n = s.len();
        let mut z = vec![0; n];
        if n == 0 {
            return z;
        }
        z[0] = n;
        // s[left..right] matches a prefix of s, right as large as found so far;
        // inside it, z[i] is known from z[i - left] up to the window's end.
        let (mut left, mut right) = (0, 0);
        for i in 1..n {
            let mut length = if i < right {
                z[i - left].min(right - i)
            } else {
                0
            };
            while i + length < n && s[length] == s[i + length] {
                length += 1;
            }
            if i + length > right {
                left = i;
                right = i + length;
            }
            z[i] = length;
        }
        z
    }
}
