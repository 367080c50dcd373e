//! Times every snippet against baselines on fixed-seed workloads and prints
//! one aligned table: `cargo run --release -p snippets --bin snippets-bench`.
//!
//! Two kinds of baseline: the plain textbook version of the same structure,
//! run on the same workload (its answers must match the snippet's), and the
//! naive oracle the tests use. A naive oracle that is asymptotically slower
//! runs a fraction of the workload (fewer queries, or fewer copies of the same
//! input) and its time is scaled up linearly; the baseline column says
//! `scaled xK` then. Each time is the best of five runs, taken in turns;
//! sizes pass through `black_box` so that no side is compiled for one size.

// The snippets pasted at this crate's root, as in a solution: the compiler
// then sees them as it does there (a call into the library crate would not
// inline its non-generic functions, which no solution suffers).
include!("../union_find.rs");
include!("../fenwick_tree.rs");
include!("../segment_tree.rs");
include!("../lazy_segment_tree.rs");
include!("../modint.rs");
include!("../combinatorics.rs");
include!("../sparse_table.rs");
include!("../dijkstra.rs");
include!("../zero_one_bfs.rs");
include!("../scc.rs");
include!("../topological_order.rs");
include!("../lca.rs");
include!("../z_function.rs");
include!("../prefix_function.rs");
include!("../rolling_hash.rs");
include!("../integer_sqrt.rs");
include!("../gcd.rs");
include!("../mod_pow.rs");
include!("../miller_rabin.rs");
include!("../big_stack.rs");

// A crate root looks for modules beside itself, where cargo would take
// them for binaries of their own.
#[path = "snippets-bench/arithmetic.rs"]
mod arithmetic;
#[path = "snippets-bench/graphs.rs"]
mod graphs;
#[path = "snippets-bench/strings.rs"]
mod strings;
#[path = "snippets-bench/structures.rs"]
mod structures;

use std::hint::black_box;
use std::time::Instant;

/// A snippet's bench: its comparisons, one row each.
type Bench = fn() -> Vec<Row>;

/// Every bench, named by its snippet: `snippets-bench [<snippet>...]` runs
/// the named ones only.
const BENCHES: [(&str, Bench); 20] = [
    ("union_find", structures::union_find),
    ("fenwick_tree", structures::fenwick_tree),
    ("segment_tree", structures::segment_tree),
    ("lazy_segment_tree", structures::lazy_segment_tree),
    ("modint", arithmetic::modint),
    ("combinatorics", arithmetic::combinatorics),
    ("sparse_table", structures::sparse_table),
    ("dijkstra", graphs::dijkstra),
    ("zero_one_bfs", graphs::zero_one_bfs),
    ("scc", graphs::scc),
    ("topological_order", graphs::topological_order),
    ("lca", graphs::lca),
    ("z_function", strings::z_function),
    ("prefix_function", strings::prefix_function),
    ("rolling_hash", strings::rolling_hash),
    ("integer_sqrt", arithmetic::integer_sqrt),
    ("gcd", arithmetic::gcd),
    ("mod_pow", arithmetic::mod_pow),
    ("miller_rabin", arithmetic::miller_rabin),
    ("big_stack", big_stack_bench),
];

fn main() {
    let wanted: Vec<String> = std::env::args().skip(1).collect();
    for name in &wanted {
        if !BENCHES.iter().any(|(known, _)| known == name) {
            let known: Vec<&str> = BENCHES.iter().map(|(known, _)| *known).collect();
            eprintln!(
                "snippets-bench: no bench {name:?} (known: {})",
                known.join(", ")
            );
            std::process::exit(2);
        }
    }
    let mut rows = Vec::new();
    for (name, bench) in BENCHES {
        if wanted.is_empty() || wanted.iter().any(|w| w == name) {
            rows.extend(bench());
        }
    }
    print_table(&rows);
}

/// One comparison: the snippet and one baseline on one workload.
struct Row {
    snippet: &'static str,
    workload: String,
    snippet_ms: f64,
    baseline: String,
    baseline_ms: f64,
}

fn print_table(rows: &[Row]) {
    let header = [
        "snippet",
        "workload",
        "snippet ms",
        "baseline",
        "baseline ms",
        "ratio",
    ];
    let cells: Vec<[String; 6]> = rows
        .iter()
        .map(|row| {
            [
                row.snippet.to_string(),
                row.workload.clone(),
                format!("{:.1}", row.snippet_ms),
                row.baseline.clone(),
                format!("{:.1}", row.baseline_ms),
                format!("{:.2}", row.baseline_ms / row.snippet_ms),
            ]
        })
        .collect();
    let mut widths = header.map(str::len);
    for line in &cells {
        for (width, cell) in widths.iter_mut().zip(line) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let print_line = |line: &[String]| {
        let padded: Vec<String> = line
            .iter()
            .zip(widths)
            .enumerate()
            .map(|(column, (cell, width))| match column {
                2 | 4 | 5 => format!("{cell:>width$}"),
                _ => format!("{cell:<width$}"),
            })
            .collect();
        println!("{}", padded.join("  ").trim_end());
    };
    print_line(&header.map(String::from));
    print_line(&widths.map(|width| "-".repeat(width)));
    for line in &cells {
        print_line(line);
    }
    println!("\nratio = baseline ms / snippet ms: above 1, the snippet is faster.");
}

const RUNS: usize = 5;

/// The best of `RUNS` runs of each of `first` and `second`, taken in turns
/// so that a change in the machine's load hits both alike: milliseconds and
/// checksums.
fn time_both(mut first: impl FnMut() -> u64, mut second: impl FnMut() -> u64) -> [(f64, u64); 2] {
    let mut results = [(f64::INFINITY, 0); 2];
    for _ in 0..RUNS {
        for (result, work) in results
            .iter_mut()
            .zip([&mut first as &mut dyn FnMut() -> u64, &mut second])
        {
            let start = Instant::now();
            let checksum = black_box(work());
            result.0 = result.0.min(start.elapsed().as_secs_f64() * 1e3);
            result.1 = checksum;
        }
    }
    results
}

/// A snippet against a baseline that does the same work, answers included.
fn same_work(
    snippet: &'static str,
    workload: String,
    baseline: &str,
    run_snippet: impl FnMut() -> u64,
    run_baseline: impl FnMut() -> u64,
) -> Row {
    let [(snippet_ms, expected), (baseline_ms, got)] = time_both(run_snippet, run_baseline);
    assert_eq!(got, expected, "{snippet} vs {baseline}: answers differ");
    Row {
        snippet,
        workload,
        snippet_ms,
        baseline: baseline.to_string(),
        baseline_ms,
    }
}

/// A snippet against a baseline that does `1 / scale` of the work, its time
/// multiplied by `scale`.
fn scaled_work(
    snippet: &'static str,
    workload: String,
    baseline: &str,
    run_snippet: impl FnMut() -> u64,
    run_baseline: impl FnMut() -> u64,
    scale: usize,
) -> Row {
    let [(snippet_ms, _), (baseline_ms, _)] = time_both(run_snippet, run_baseline);
    Row {
        snippet,
        workload,
        snippet_ms,
        baseline: format!("{baseline}, scaled x{scale}"),
        baseline_ms: baseline_ms * scale as f64,
    }
}

/// xorshift64: the bench's own generator, so the library needs no crate.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Uniform in `0..n` (bias below 2^-64 per draw).
    fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next()) * n as u128) >> 64) as usize
    }
}

fn random_pairs(seed: u64, count: usize, n: usize) -> Vec<(usize, usize)> {
    let mut rng = XorShift(seed);
    (0..count).map(|_| (rng.below(n), rng.below(n))).collect()
}

/// Random ranges `(start, end)` with `start < end <= n`.
fn random_ranges(seed: u64, count: usize, n: usize) -> Vec<(usize, usize)> {
    random_pairs(seed, count, n)
        .into_iter()
        .map(|(a, b)| (a.min(b), a.max(b) + 1))
        .collect()
}

fn big_stack_bench() -> Vec<Row> {
    use crate::big_stack::run_with_stack;
    let calls = 1000;
    let stack_bytes = 64 << 20;
    let textbook = || {
        (0..calls)
            .map(|i| {
                std::thread::Builder::new()
                    .stack_size(stack_bytes)
                    .spawn(move || i as u64)
                    .unwrap()
                    .join()
                    .unwrap()
            })
            .sum()
    };
    vec![same_work(
        "big_stack",
        format!("{calls} runs of a trivial closure, 64 MiB stacks"),
        "textbook thread::Builder spawn + join",
        || {
            (0..calls)
                .map(|i| run_with_stack(stack_bytes, || i as u64))
                .sum()
        },
        textbook,
    )]
}
