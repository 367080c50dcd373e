/// Dijkstra's single-source shortest paths over non-negative `u64` edge weights.
///
/// # Constraints
/// - `graph[v]` lists the edges `(to, weight)` out of `v`, each `to < n`;
///   any container of them works (`Vec<Vec<(usize, u64)>>`, arrays, slices).
/// - `source < n`.
/// - `dist(u) + weight < u64::MAX` for every edge out of a reachable `u`
///   (always so when `n * max weight < u64::MAX`): `u64::MAX` marks the
///   unreached inside.
///
/// # Complexity
/// - O((n + m) log m): each reachable vertex's edge list is scanned once, so
///   the heap gets at most m + 1 pushes.
///
/// # Panics
/// - `source >= n`, an edge to a vertex `>= n` out of a reachable vertex, or
///   a path length reaching `u64::MAX`.
#[allow(dead_code)]
pub mod dijkstra {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;

    // A plain u64 per vertex is faster than an Option; the constraint keeps
    // every real distance below this.
    const UNREACHED: u64 = u64::MAX;

    /// The distance from `source` to every vertex; `None` where unreachable.
    pub fn dijkstra<E: AsRef<[(usize, u64)]>>(graph: &[E], source: usize) -> Vec<Option<u64>> {
        assert!(
            source < graph.len(),
            "dijkstra: source {} out of range 0..{}",
            source,
            graph.len()
        );
        let mut distance = vec![UNREACHED; graph.len()];
        let mut heap = BinaryHeap::new();
        distance[source] = 0;
        heap.push(Reverse((0_u64, source)));
        while let Some(Reverse((settled, v))) = heap.pop() {
            // Every improvement pushes an entry; only the latest is current.
            if settled != distance[v] {
                continue;
            }
            for &(to, weight) in graph[v].as_ref() {
                let candidate = settled
                    .checked_add(weight)
                    .filter(|&length| length != UNREACHED)
                    .expect("dijkstra: a path length reaches u64::MAX");
                if candidate < distance[to] {
                    distance[to] = candidate;
                    heap.push(Reverse((candidate, to)));
                }
            }
        }
        distance
            .into_iter()
            .map(|d| if d == UNREACHED { None } else { Some(d) })
            .collect()
    }
}
