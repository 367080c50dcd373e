//! The graph benches.

use crate::lca::Lca;
use crate::{random_pairs, same_work, scaled_work, Row, XorShift};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};
use std::hint::black_box;

type WeightedGraph = Vec<Vec<(usize, u64)>>;

fn random_weighted_graph(seed: u64, n: usize, m: usize, max_weight: u64) -> WeightedGraph {
    let mut rng = XorShift(seed);
    let mut graph = vec![Vec::new(); n];
    for _ in 0..m {
        let (from, to) = (rng.below(n), rng.below(n));
        graph[from].push((to, rng.next() % (max_weight + 1)));
    }
    graph
}

fn distance_checksum(distance: &[Option<u64>]) -> u64 {
    distance
        .iter()
        .map(|d| d.unwrap_or(u64::MAX))
        .fold(0, u64::wrapping_add)
}

/// Dijkstra as in the textbooks: u64::MAX for unreached, lazy deletion.
fn textbook_dijkstra(graph: &WeightedGraph, source: usize) -> Vec<u64> {
    let mut distance = vec![u64::MAX; graph.len()];
    let mut heap = BinaryHeap::new();
    distance[source] = 0;
    heap.push(Reverse((0, source)));
    while let Some(Reverse((d, v))) = heap.pop() {
        if d > distance[v] {
            continue;
        }
        for &(to, weight) in &graph[v] {
            if d + weight < distance[to] {
                distance[to] = d + weight;
                heap.push(Reverse((d + weight, to)));
            }
        }
    }
    distance
}

/// Bellman-Ford, stopping at the first round that changes nothing.
fn bellman_ford(graph: &WeightedGraph, source: usize) -> Vec<u64> {
    let mut distance = vec![u64::MAX; graph.len()];
    distance[source] = 0;
    let mut changed = true;
    while changed {
        changed = false;
        for (v, edges) in graph.iter().enumerate() {
            if distance[v] == u64::MAX {
                continue;
            }
            for &(to, weight) in edges {
                if distance[v] + weight < distance[to] {
                    distance[to] = distance[v] + weight;
                    changed = true;
                }
            }
        }
    }
    distance
}

pub fn dijkstra() -> Vec<Row> {
    let (n, m) = (200_000, 1_000_000);
    let graph = random_weighted_graph(9, n, m, 1_000_000_000);
    let workload = "n=2*10^5, m=10^6 random, one source".to_string();
    let sum = |distance: Vec<u64>| distance.into_iter().fold(0, u64::wrapping_add);
    vec![
        same_work(
            "dijkstra",
            workload.clone(),
            "textbook u64::MAX sentinel",
            || distance_checksum(&crate::dijkstra::dijkstra(&graph, 0)),
            || sum(textbook_dijkstra(&graph, 0)),
        ),
        same_work(
            "dijkstra",
            workload,
            "naive Bellman-Ford, early exit",
            || distance_checksum(&crate::dijkstra::dijkstra(&graph, 0)),
            || sum(bellman_ford(&graph, 0)),
        ),
    ]
}

pub fn zero_one_bfs() -> Vec<Row> {
    let (n, m) = (400_000, 1_600_000);
    let graph = random_weighted_graph(10, n, m, 1);
    let workload = "n=4*10^5, m=1.6*10^6 random 0/1, one source".to_string();
    let sum = |distance: Vec<u64>| distance.into_iter().fold(0, u64::wrapping_add);
    let bfs = || distance_checksum(&crate::zero_one_bfs::zero_one_bfs(&graph, 0));
    vec![
        same_work(
            "zero_one_bfs",
            workload.clone(),
            "textbook Dijkstra (heap)",
            bfs,
            || sum(textbook_dijkstra(&graph, 0)),
        ),
        same_work(
            "zero_one_bfs",
            workload,
            "naive Bellman-Ford, early exit",
            bfs,
            || sum(bellman_ford(&graph, 0)),
        ),
    ]
}

fn random_graph(seed: u64, n: usize, m: usize, forward_only: bool) -> Vec<Vec<usize>> {
    let mut rng = XorShift(seed);
    let mut graph = vec![Vec::new(); n];
    for _ in 0..m {
        let (a, b) = (rng.below(n), rng.below(n));
        if !forward_only || a < b {
            graph[a].push(b);
        }
    }
    graph
}

/// Kosaraju with explicit stacks: finishing order on the graph, then
/// components on the reversed graph in that order, reversed.
fn textbook_kosaraju(graph: &[Vec<usize>]) -> usize {
    let n = graph.len();
    let mut reversed = vec![Vec::new(); n];
    for (v, edges) in graph.iter().enumerate() {
        for &to in edges {
            reversed[to].push(v);
        }
    }
    let mut seen = vec![false; n];
    let mut finished = Vec::with_capacity(n);
    for root in 0..n {
        if seen[root] {
            continue;
        }
        seen[root] = true;
        let mut stack = vec![(root, 0)];
        while let Some((v, edge)) = stack.pop() {
            if edge < graph[v].len() {
                stack.push((v, edge + 1));
                let to = graph[v][edge];
                if !seen[to] {
                    seen[to] = true;
                    stack.push((to, 0));
                }
            } else {
                finished.push(v);
            }
        }
    }
    let mut component = vec![usize::MAX; n];
    let mut count = 0;
    for &root in finished.iter().rev() {
        if component[root] != usize::MAX {
            continue;
        }
        component[root] = count;
        let mut stack = vec![root];
        while let Some(v) = stack.pop() {
            for &to in &reversed[v] {
                if component[to] == usize::MAX {
                    component[to] = count;
                    stack.push(to);
                }
            }
        }
        count += 1;
    }
    count
}

/// The number of mutual-reachability classes, by a search from every vertex.
fn naive_component_count(graph: &[Vec<usize>]) -> usize {
    let n = graph.len();
    let reach: Vec<Vec<bool>> = (0..n)
        .map(|source| {
            let mut seen = vec![false; n];
            let mut stack = vec![source];
            seen[source] = true;
            while let Some(v) = stack.pop() {
                for &to in &graph[v] {
                    if !seen[to] {
                        seen[to] = true;
                        stack.push(to);
                    }
                }
            }
            seen
        })
        .collect();
    (0..n)
        .filter(|&v| (0..v).all(|u| !(reach[u][v] && reach[v][u])))
        .count()
}

pub fn scc() -> Vec<Row> {
    use crate::scc::strongly_connected_components;
    let big = random_graph(11, 300_000, 600_000, false);
    let small = random_graph(12, 2000, 4000, false);
    let copies = 100;
    let snippet_small = || {
        (0..copies)
            .map(|_| strongly_connected_components(&small).len() as u64)
            .sum()
    };
    vec![
        same_work(
            "scc",
            "n=3*10^5, m=6*10^5 random".to_string(),
            "textbook Kosaraju (explicit stacks)",
            || strongly_connected_components(&big).len() as u64,
            || textbook_kosaraju(&big) as u64,
        ),
        scaled_work(
            "scc",
            format!("{copies} x (n=2000, m=4000 random)"),
            "naive all-pairs reachability",
            snippet_small,
            || naive_component_count(&small) as u64,
            copies,
        ),
    ]
}

fn textbook_kahn(graph: &[Vec<usize>]) -> Option<Vec<usize>> {
    let mut in_degree = vec![0; graph.len()];
    graph.iter().flatten().for_each(|&to| in_degree[to] += 1);
    let mut queue: VecDeque<usize> = (0..graph.len()).filter(|&v| in_degree[v] == 0).collect();
    let mut order = Vec::with_capacity(graph.len());
    while let Some(v) = queue.pop_front() {
        order.push(v);
        for &to in &graph[v] {
            in_degree[to] -= 1;
            if in_degree[to] == 0 {
                queue.push_back(to);
            }
        }
    }
    if order.len() == graph.len() {
        Some(order)
    } else {
        None
    }
}

/// Repeatedly takes the first vertex none of whose in-edges remain.
fn naive_topological_order(graph: &[Vec<usize>]) -> Option<Vec<usize>> {
    let n = graph.len();
    let mut in_degree = vec![0; n];
    graph.iter().flatten().for_each(|&to| in_degree[to] += 1);
    let mut done = vec![false; n];
    let mut order = Vec::with_capacity(n);
    while order.len() < n {
        let v = (0..n).find(|&v| !done[v] && in_degree[v] == 0)?;
        done[v] = true;
        order.push(v);
        graph[v].iter().for_each(|&to| in_degree[to] -= 1);
    }
    Some(order)
}

pub fn topological_order() -> Vec<Row> {
    use crate::topological_order::topological_order;
    let checksum = |order: Option<Vec<usize>>| order.map_or(0, |o| o.len() as u64 + o[0] as u64);
    let big = random_graph(13, 1_000_000, 4_000_000, true);
    let small = random_graph(14, 3000, 12_000, true);
    let copies = 1000;
    let snippet_small = || {
        (0..copies)
            .map(|_| checksum(topological_order(&small)))
            .sum()
    };
    vec![
        same_work(
            "topological_order",
            "n=10^6, m~2*10^6 random DAG".to_string(),
            "textbook Kahn (VecDeque)",
            || checksum(topological_order(&big)),
            || checksum(textbook_kahn(&big)),
        ),
        scaled_work(
            "topological_order",
            format!("{copies} x (n=3000, m~6000 DAG)"),
            "naive first-free-vertex scan",
            snippet_small,
            || checksum(naive_topological_order(&small)),
            copies,
        ),
    ]
}

/// Binary lifting laid out vertex-major, `up[v][k]`, built in BFS order.
struct TextbookLca {
    depth: Vec<usize>,
    up: Vec<Vec<usize>>,
}

impl TextbookLca {
    fn new(parent: &[usize]) -> Self {
        let n = parent.len();
        let levels = (usize::BITS - n.leading_zeros()) as usize;
        let mut depth = vec![0; n];
        let mut up = vec![vec![0; levels]; n];
        // Parents come before children (parent[v] < v), so one pass suffices.
        for v in 1..n {
            depth[v] = depth[parent[v]] + 1;
            up[v][0] = parent[v];
            for k in 1..levels {
                up[v][k] = up[up[v][k - 1]][k - 1];
            }
        }
        TextbookLca { depth, up }
    }

    fn lca(&self, mut u: usize, mut v: usize) -> usize {
        if self.depth[u] < self.depth[v] {
            std::mem::swap(&mut u, &mut v);
        }
        let levels = self.up[0].len();
        for k in (0..levels).rev() {
            if self.depth[u] - self.depth[v] >= 1 << k {
                u = self.up[u][k];
            }
        }
        if u == v {
            return u;
        }
        for k in (0..levels).rev() {
            if self.up[u][k] != self.up[v][k] {
                u = self.up[u][k];
                v = self.up[v][k];
            }
        }
        self.up[u][0]
    }
}

pub fn lca() -> Vec<Row> {
    let n = black_box(100_000);
    let mut rng = XorShift(15);
    // A parent among the three previous vertices: a tree about n / 2 deep.
    let parent: Vec<usize> = (0..n)
        .map(|v| {
            if v == 0 {
                0
            } else {
                v - 1 - rng.below(v.min(3))
            }
        })
        .collect();
    let mut tree = vec![Vec::new(); n];
    for v in 1..n {
        tree[v].push(parent[v]);
        tree[parent[v]].push(v);
    }
    let queries = random_pairs(16, 200_000, n);
    let workload = format!("n=10^5, depth~n/2, build + {} queries", queries.len());
    let snippet = || {
        let lca = Lca::new(&tree, 0);
        queries.iter().map(|&(u, v)| lca.lca(u, v) as u64).sum()
    };
    let textbook = || {
        let lca = TextbookLca::new(&parent);
        queries.iter().map(|&(u, v)| lca.lca(u, v) as u64).sum()
    };
    let naive_count = 100;
    let naive = || {
        let mut depth = vec![0; n];
        for v in 1..n {
            depth[v] = depth[parent[v]] + 1;
        }
        let walk = |mut u: usize, mut v: usize| {
            while u != v {
                if depth[u] >= depth[v] {
                    u = parent[u];
                } else {
                    v = parent[v];
                }
            }
            u as u64
        };
        queries[..naive_count]
            .iter()
            .map(|&(u, v)| walk(u, v))
            .sum()
    };
    vec![
        same_work(
            "lca",
            workload.clone(),
            "textbook up[v][k]",
            snippet,
            textbook,
        ),
        scaled_work(
            "lca",
            workload,
            "naive walk up",
            snippet,
            naive,
            queries.len() / naive_count,
        ),
    ]
}
