use snippets::rolling_hash::{mul, random_base, RollingHash, MODULUS};
use testkit::Rng;

/// The polynomial hash of `s` by Horner's rule in u128.
fn naive_hash(s: &[u64], base: u64) -> u64 {
    let m = u128::from(MODULUS);
    s.iter().fold(0, |hash, &x| {
        ((u128::from(hash) * u128::from(base) + u128::from(x) % m) % m) as u64
    })
}

#[test]
fn every_substring_agrees_with_horner() {
    let mut rng = Rng::new(1);
    for _ in 0..400 {
        let len = rng.range(0, 30) as usize;
        let s: Vec<u64> = (0..len)
            .map(|_| {
                if rng.chance(1, 4) {
                    u64::MAX - rng.below(3)
                } else {
                    rng.below(4)
                }
            })
            .collect();
        let base = rng.range(2, MODULUS - 2);
        let hash = RollingHash::new(&s, base);
        assert_eq!(hash.len(), len);
        for start in 0..=len {
            for end in start..=len {
                assert_eq!(
                    hash.substring_hash(start..end),
                    naive_hash(&s[start..end], base)
                );
            }
        }
    }
}

#[test]
fn equal_length_substrings_collide_exactly_when_equal() {
    let mut rng = Rng::new(2);
    for _ in 0..20 {
        let s: Vec<u8> = (0..300).map(|_| b'a' + rng.below(2) as u8).collect();
        let hash = RollingHash::new(&s, rng.range(2, MODULUS - 2));
        for length in [1, 5, 12, 40] {
            for i in 0..=s.len() - length {
                for j in i..=s.len() - length {
                    let equal = s[i..i + length] == s[j..j + length];
                    let same_hash =
                        hash.substring_hash(i..i + length) == hash.substring_hash(j..j + length);
                    assert_eq!(same_hash, equal, "length {length} at {i} and {j}");
                }
            }
        }
    }
}

#[test]
fn multiplication_agrees_with_u128_remainder() {
    let mut rng = Rng::new(3);
    let edges = [0, 1, 2, MODULUS - 1, MODULUS - 2, 1 << 60];
    for _ in 0..100_000 {
        let a = if rng.chance(1, 4) {
            *rng.pick(&edges)
        } else {
            rng.below(MODULUS)
        };
        let b = if rng.chance(1, 4) {
            *rng.pick(&edges)
        } else {
            rng.below(MODULUS)
        };
        let expected = (u128::from(a) * u128::from(b) % u128::from(MODULUS)) as u64;
        assert_eq!(mul(a, b), expected, "{a} * {b}");
    }
}

#[test]
fn strings_of_any_element_type_and_edge_cases() {
    let base = 1_000_003;
    let text = RollingHash::new(b"abcabc", base);
    let chars: Vec<char> = "abcabc".chars().collect();
    let from_chars = RollingHash::new(&chars, base);
    assert_eq!(text.substring_hash(0..3), text.substring_hash(3..6));
    assert_eq!(text.substring_hash(1..4), from_chars.substring_hash(1..4));
    assert_ne!(text.substring_hash(0..3), text.substring_hash(1..4));
    assert_eq!(text.substring_hash(2..2), 0);
    let empty = RollingHash::new::<u8>(&[], base);
    assert!(empty.is_empty());
    assert_eq!(empty.substring_hash(0..0), 0);
    // Elements are reduced modulo MODULUS.
    let wide = RollingHash::new(&[MODULUS + 5, u64::MAX], base);
    let reduced = RollingHash::new(&[5, u64::MAX % MODULUS], base);
    assert_eq!(wide.substring_hash(0..2), reduced.substring_hash(0..2));
}

#[test]
fn random_bases_are_in_range_and_differ() {
    let bases: Vec<u64> = (0..100).map(|_| random_base()).collect();
    assert!(bases.iter().all(|b| (2..MODULUS - 1).contains(b)));
    let mut distinct = bases.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), bases.len());
}

#[test]
#[should_panic(expected = "RollingHash::new: base 1 outside 2..2^61 - 2")]
fn base_one_panics() {
    RollingHash::new(b"ab", 1);
}

#[test]
#[should_panic(expected = "RollingHash::new: base 2305843009213693950 outside 2..2^61 - 2")]
fn base_minus_one_panics() {
    RollingHash::new(b"ab", MODULUS - 1);
}

#[test]
#[should_panic(expected = "RollingHash::substring_hash: range 1..3 not inside 0..2")]
fn range_past_the_end_panics() {
    RollingHash::new(b"ab", 7).substring_hash(1..3);
}
