//! Brute force for cses1676: every component is kept as the explicit list
//! of its cities, and every city knows the list it is in. A road between two
//! lists moves each city of the shorter one into the longer (so the whole
//! run stays O(n log n + m), fast enough to check the maximal stored case);
//! the answer after each road is the number of lists and the longest one's
//! length. No parent pointers, no `find`: nothing shared with the solution.
//! Valid input is assumed beyond what the parse below refuses.

pub fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
    let numbers: Vec<usize> = testkit::numbers(input)?
        .into_iter()
        .map(|number| number as usize)
        .collect();
    let (city_count, road_count) = match numbers.as_slice() {
        [n, m, ..] if *n >= 1 => (*n, *m),
        _ => return Err("expected n >= 1 and m".into()),
    };
    if numbers.len() != 2 + 2 * road_count {
        return Err(format!("expected {road_count} roads of two cities"));
    }
    // members[c]: the cities of component c; component_of[city]: its c.
    let mut members: Vec<Vec<usize>> = (0..city_count).map(|city| vec![city]).collect();
    let mut component_of: Vec<usize> = (0..city_count).collect();
    let (mut components, mut largest) = (city_count, 1);
    for road in numbers[2..].chunks(2) {
        let city = |i: usize| match road[i] {
            c @ 1.. if c <= city_count => Ok(c - 1),
            c => Err(format!("city {c} out of 1..={city_count}")),
        };
        let (mut into, mut from) = (component_of[city(0)?], component_of[city(1)?]);
        if into != from {
            if members[into].len() < members[from].len() {
                std::mem::swap(&mut into, &mut from);
            }
            let moved = std::mem::take(&mut members[from]);
            for &city in &moved {
                component_of[city] = into;
            }
            members[into].extend(moved);
            components -= 1;
            largest = largest.max(members[into].len());
        }
        out.extend_from_slice(format!("{components} {largest}\n").as_bytes());
    }
    Ok(())
}

fn main() -> std::process::ExitCode {
    testkit::main("cses1676-brute", solve)
}
