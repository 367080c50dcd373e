//! The string benches.

use crate::{same_work, scaled_work, Row, XorShift};

/// Mostly `a`, a `b` every 1000th byte: long matches everywhere, the naive
/// functions' slow case.
fn a_heavy_string(len: usize) -> Vec<u8> {
    (0..len)
        .map(|i| if i % 1000 == 999 { b'b' } else { b'a' })
        .collect()
}

pub fn z_function() -> Vec<Row> {
    use crate::z_function::z_function;
    let text = a_heavy_string(100_000);
    let copies = 40;
    let naive_z = |s: &[u8]| -> Vec<usize> {
        (0..s.len())
            .map(|i| (0..s.len() - i).take_while(|&k| s[k] == s[i + k]).count())
            .collect()
    };
    vec![scaled_work(
        "z_function",
        format!("{copies} x a^999 b repeated, length 10^5"),
        "naive direct comparison",
        || {
            (0..copies)
                .map(|_| z_function(&text).iter().sum::<usize>() as u64)
                .sum()
        },
        || naive_z(&text).iter().sum::<usize>() as u64,
        copies,
    )]
}

fn textbook_kmp(s: &[u8]) -> Vec<usize> {
    let mut pi = vec![0; s.len()];
    for i in 1..s.len() {
        let mut k = pi[i - 1];
        while k > 0 && s[i] != s[k] {
            k = pi[k - 1];
        }
        if s[i] == s[k] {
            k += 1;
        }
        pi[i] = k;
    }
    pi
}

pub fn prefix_function() -> Vec<Row> {
    use crate::prefix_function::prefix_function;
    let mut rng = XorShift(17);
    let random: Vec<u8> = (0..10_000_000).map(|_| b'a' + rng.below(2) as u8).collect();
    let text = a_heavy_string(100_000);
    let copies = 40;
    // Longest border first, shrinking until one matches: O(n) per position here.
    let naive = |s: &[u8]| -> u64 {
        let mut previous = 0;
        let mut total = 0;
        for i in 0..s.len() {
            let prefix = &s[..=i];
            previous = (0..=(previous + 1).min(i))
                .rev()
                .find(|&k| prefix[..k] == prefix[i + 1 - k..])
                .unwrap();
            total += previous as u64;
        }
        total
    };
    let sum = |borders: Vec<usize>| borders.iter().sum::<usize>() as u64;
    vec![
        same_work(
            "prefix_function",
            "random {a,b}, length 10^7".to_string(),
            "textbook KMP while loop",
            || sum(prefix_function(&random)),
            || sum(textbook_kmp(&random)),
        ),
        scaled_work(
            "prefix_function",
            format!("{copies} x a^999 b repeated, length 10^5"),
            "naive longest border first",
            || (0..copies).map(|_| sum(prefix_function(&text))).sum(),
            || naive(&text),
            copies,
        ),
    ]
}

pub fn rolling_hash() -> Vec<Row> {
    use crate::rolling_hash::{RollingHash, MODULUS};
    let mut rng = XorShift(18);
    // Long common prefixes everywhere: what makes comparing slices slow.
    let text = a_heavy_string(1_000_000);
    let base = 1_000_003;
    let queries: Vec<(usize, usize, usize)> = (0..3_000_000)
        .map(|_| {
            let length = 1 + rng.below(1000);
            (
                rng.below(text.len() - length),
                rng.below(text.len() - length),
                length,
            )
        })
        .collect();
    let workload = format!(
        "a^999 b repeated, length 10^6, build + {} compares",
        queries.len()
    );
    let snippet = || {
        let hash = RollingHash::new(&text, base);
        let same = |&(i, j, len): &(usize, usize, usize)| {
            hash.substring_hash(i..i + len) == hash.substring_hash(j..j + len)
        };
        queries.iter().filter(|q| same(q)).count() as u64
    };
    let textbook = || {
        let m = u128::from(MODULUS);
        let mut prefix = vec![0_u64; text.len() + 1];
        let mut power = vec![1_u64; text.len() + 1];
        for (i, &c) in text.iter().enumerate() {
            prefix[i + 1] = ((u128::from(prefix[i]) * u128::from(base) + u128::from(c)) % m) as u64;
            power[i + 1] = (u128::from(power[i]) * u128::from(base) % m) as u64;
        }
        let hash = |start: usize, len: usize| {
            let shifted = u128::from(prefix[start]) * u128::from(power[len]) % m;
            ((u128::from(prefix[start + len]) + m - shifted) % m) as u64
        };
        queries
            .iter()
            .filter(|&&(i, j, len)| hash(i, len) == hash(j, len))
            .count() as u64
    };
    let naive = || {
        queries
            .iter()
            .filter(|&&(i, j, len)| text[i..i + len] == text[j..j + len])
            .count() as u64
    };
    vec![
        same_work(
            "rolling_hash",
            workload.clone(),
            "textbook u128 %",
            snippet,
            textbook,
        ),
        same_work(
            "rolling_hash",
            workload,
            "naive slice compare (no build)",
            snippet,
            naive,
        ),
    ]
}
