//! One stable hash for keys and fingerprints (builds, imported packages).

use std::io::{self, Write};

/// 64-bit FNV-1a: a stable hash that needs no crate.
pub fn fnv1a(parts: &[&[u8]]) -> u64 {
    let mut hasher = Fnv1a::default();
    for part in parts {
        hasher.add(part);
    }
    hasher.hash
}

/// FNV-1a of what is written to it, a part at a time (a file streamed
/// through it is never held whole), and how many bytes that was.
pub struct Fnv1a {
    pub hash: u64,
    pub written: u64,
}

impl Default for Fnv1a {
    fn default() -> Fnv1a {
        Fnv1a {
            hash: 0xcbf2_9ce4_8422_2325,
            written: 0,
        }
    }
}

impl Fnv1a {
    fn add(&mut self, bytes: &[u8]) {
        for byte in bytes {
            self.hash ^= u64::from(*byte);
            self.hash = self.hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
        self.written += bytes.len() as u64;
    }
}

impl Write for Fnv1a {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.add(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_is_of_the_bytes_not_their_parts() {
        assert_ne!(fnv1a(&[b"ab"]), fnv1a(&[b"ba"]));
        assert_eq!(fnv1a(&[b"a", b"b"]), fnv1a(&[b"ab"]));
        let mut hasher = Fnv1a::default();
        hasher.write_all(b"a").unwrap();
        hasher.write_all(b"b").unwrap();
        assert_eq!((hasher.hash, hasher.written), (fnv1a(&[b"ab"]), 2));
    }
}
