//! Generator for cses1676. `<seed> [<size>]`: 2..=size cities and 1..=2·size
//! roads (never from a city to itself, as the statement promises), in one of
//! the shapes that matter: random pairs, a shuffled chain (one component at
//! the end), a star, a few cities with many repeated roads, two clusters
//! joined only by the last road.
//! `--bench random <m>`: 10^5 cities, m random roads; `--bench chain <m>`:
//! m + 1 cities joined by a shuffled chain of m roads.

use testkit::Rng;

const DEFAULT_SIZE: u64 = 10;
const MAX_CITIES: u64 = 100_000;

fn main() {
    testkit::gen_main(
        DEFAULT_SIZE,
        random_input,
        &[("random", bench_random), ("chain", bench_chain)],
    );
}

pub fn random_input(rng: &mut Rng, size: u64) -> Vec<u8> {
    let city_count = rng.range(2, size.max(2));
    let road_count = rng.range(1, 2 * size.max(1));
    let mut roads = match rng.below(5) {
        0 => random_roads(rng, city_count, road_count),
        1 => shuffled_chain(rng, city_count),
        2 => {
            let hub = rng.range(1, city_count);
            let spokes = (1..=city_count).filter(|&city| city != hub);
            spokes.map(|city| (hub, city)).collect()
        }
        3 => random_roads(rng, city_count.min(3), road_count),
        _ => {
            // Two halves, each joined inside, then the one road between them.
            let half = city_count / 2;
            let mut roads: Vec<(u64, u64)> = (2..=half).map(|city| (city - 1, city)).collect();
            roads.extend((half + 2..=city_count).map(|city| (city - 1, city)));
            rng.shuffle(&mut roads);
            roads.push((half, half + 1));
            roads
        }
    };
    if roads.is_empty() {
        roads.push((1, 2));
    }
    write_input(city_count, &roads)
}

/// `count` roads between random distinct cities of 1..=`city_count` (>= 2).
fn random_roads(rng: &mut Rng, city_count: u64, count: u64) -> Vec<(u64, u64)> {
    (0..count)
        .map(|_| {
            let a = rng.range(1, city_count);
            let b = rng.range(1, city_count - 1);
            (a, if b >= a { b + 1 } else { b })
        })
        .collect()
}

/// The roads (1, 2), (2, 3), ..., each end swapped at random, in random order.
fn shuffled_chain(rng: &mut Rng, city_count: u64) -> Vec<(u64, u64)> {
    let mut roads: Vec<(u64, u64)> = (2..=city_count)
        .map(|city| {
            if rng.chance(1, 2) {
                (city - 1, city)
            } else {
                (city, city - 1)
            }
        })
        .collect();
    rng.shuffle(&mut roads);
    roads
}

fn write_input(city_count: u64, roads: &[(u64, u64)]) -> Vec<u8> {
    let mut input = format!("{city_count} {}\n", roads.len());
    for (a, b) in roads {
        input += &format!("{a} {b}\n");
    }
    input.into_bytes()
}

fn bench_random(road_count: u64) -> Vec<u8> {
    let mut rng = Rng::new(1676);
    let roads = random_roads(&mut rng, MAX_CITIES, road_count.max(1));
    write_input(MAX_CITIES, &roads)
}

fn bench_chain(road_count: u64) -> Vec<u8> {
    let city_count = road_count.max(1) + 1;
    write_input(city_count, &shuffled_chain(&mut Rng::new(1676), city_count))
}
