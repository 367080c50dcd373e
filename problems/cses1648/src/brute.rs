//! Brute force for cses1648: the plain array; a set writes the value, a sum
//! adds x_a..=x_b one by one in u128 (so no sum can overflow). O(n) a query:
//! slow, obviously right, and still quick enough for every stored case.
//! Valid input is assumed beyond what the parse below refuses.

pub fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
    let numbers = testkit::numbers(input)?;
    let (n, query_count) = match numbers.as_slice() {
        [n, q, ..] => (*n as usize, *q as usize),
        _ => return Err("expected n and q".into()),
    };
    if numbers.len() != 2 + n + 3 * query_count {
        return Err(format!(
            "expected {n} values and {query_count} queries of three numbers"
        ));
    }
    let mut values = numbers[2..2 + n].to_vec();
    for query in numbers[2 + n..].chunks(3) {
        let (first, second) = (query[1] as usize, query[2]);
        if first < 1 || first > n {
            return Err(format!("position {first} out of 1..={n}"));
        }
        match query[0] {
            1 => values[first - 1] = second,
            2 if first as u64 <= second && second <= n as u64 => {
                let sum: u128 = values[first - 1..second as usize]
                    .iter()
                    .map(|&v| u128::from(v))
                    .sum();
                out.extend_from_slice(format!("{sum}\n").as_bytes());
            }
            kind => return Err(format!("bad query {kind} {first} {second}")),
        }
    }
    Ok(())
}

fn main() -> std::process::ExitCode {
    testkit::main("cses1648-brute", solve)
}
