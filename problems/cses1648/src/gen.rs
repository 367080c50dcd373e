//! Generator for cses1648. `<seed> [<size>]`: 1..=size values and 1..=size
//! queries, the values small or up to 10^9 (sums past 2^32), the queries
//! mostly sums or mostly sets, single positions and whole ranges included.
//! `--bench mixed <n>`: n random values up to 10^9 and n queries, half sets,
//! half sums of random ranges; `--bench sums <n>`: n values of 10^9 and n
//! queries alternating a set to 10^9 and the sum of the whole array.

use testkit::Rng;

const DEFAULT_SIZE: u64 = 10;
const MAX_VALUE: u64 = 1_000_000_000;

fn main() {
    testkit::gen_main(
        DEFAULT_SIZE,
        random_input,
        &[("mixed", bench_mixed), ("sums", bench_sums)],
    );
}

pub fn random_input(rng: &mut Rng, size: u64) -> Vec<u8> {
    let n = rng.range(1, size.max(1));
    let query_count = rng.range(1, size.max(1));
    let value_cap = *rng.pick(&[1, 10, MAX_VALUE]);
    let values: Vec<u64> = (0..n).map(|_| rng.range(1, value_cap)).collect();
    // Out of 8, how many queries are sets: none, few, half or most.
    let sets_in_8 = *rng.pick(&[0, 1, 4, 7]);
    let queries: Vec<(u64, u64, u64)> = (0..query_count)
        .map(|_| {
            if rng.chance(sets_in_8, 8) {
                return (1, rng.range(1, n), rng.range(1, value_cap));
            }
            let (a, b) = match rng.below(4) {
                0 => (1, n),
                1 => {
                    let k = rng.range(1, n);
                    (k, k)
                }
                _ => {
                    let a = rng.range(1, n);
                    (a, rng.range(a, n))
                }
            };
            (2, a, b)
        })
        .collect();
    write_input(&values, &queries)
}

fn write_input(values: &[u64], queries: &[(u64, u64, u64)]) -> Vec<u8> {
    let values: Vec<String> = values.iter().map(u64::to_string).collect();
    let mut input = format!("{} {}\n{}\n", values.len(), queries.len(), values.join(" "));
    for (kind, first, second) in queries {
        input += &format!("{kind} {first} {second}\n");
    }
    input.into_bytes()
}

fn bench_mixed(n: u64) -> Vec<u8> {
    let mut rng = Rng::new(1648);
    let n = n.max(1);
    let values: Vec<u64> = (0..n).map(|_| rng.range(1, MAX_VALUE)).collect();
    let queries: Vec<(u64, u64, u64)> = (0..n)
        .map(|i| {
            let a = rng.range(1, n);
            match i % 2 {
                0 => (1, a, rng.range(1, MAX_VALUE)),
                _ => (2, a, rng.range(a, n)),
            }
        })
        .collect();
    write_input(&values, &queries)
}

fn bench_sums(n: u64) -> Vec<u8> {
    let mut rng = Rng::new(1648);
    let n = n.max(1);
    let queries: Vec<(u64, u64, u64)> = (0..n)
        .map(|i| match i % 2 {
            0 => (1, rng.range(1, n), MAX_VALUE),
            _ => (2, 1, n),
        })
        .collect();
    write_input(&vec![MAX_VALUE; n as usize], &queries)
}
