/// Prefix function (KMP failure function): `border[i]` is the length of the longest proper border of `s[..=i]`.
///
/// A border is a prefix that is also a suffix. Pattern search: the prefix
/// function of `pattern + separator + text` reaches `pattern.len()` exactly
/// where an occurrence ends.
///
/// # Constraints
/// - Any slice of `Eq` elements.
///
/// # Complexity
/// - O(n): fewer than 2n element comparisons.
///
/// # Panics
/// - Never.
#[allow(dead_code)]
pub mod prefix_function {
    pub fn prefix_function<T: Eq>(s: &[T]) -> Vec<usize> {
        let mut border = vec![0; s.len()];
        for i in 1..s.len() {
            // Try the borders of s[..i] longest first; each is extended by
            // s[i] or replaced by its own longest border.
            let mut length = border[i - 1];
            loop {
                if s[i] == s[length] {
                    length += 1;
                    break;
                }
                if length == 0 {
                    break;
                }
                length = border[length - 1];
            }
            border[i] = length;
        }
        border
    }
}
