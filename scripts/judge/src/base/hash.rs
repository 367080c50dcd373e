//! One stable hash for keys and fingerprints (builds, imported packages).

/// 64-bit FNV-1a: a stable hash that needs no crate.
pub fn fnv1a(parts: &[&[u8]]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in parts.iter().flat_map(|part| part.iter()) {
        hash ^= u64::from(*byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_is_of_the_bytes_not_their_parts() {
        assert_ne!(fnv1a(&[b"ab"]), fnv1a(&[b"ba"]));
        assert_eq!(fnv1a(&[b"a", b"b"]), fnv1a(&[b"ab"]));
    }
}
