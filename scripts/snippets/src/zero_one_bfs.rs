/// 0-1 BFS: single-source shortest paths when every edge weighs 0 or 1, in linear time.
///
/// # Constraints
/// - `graph[v]` lists the edges `(to, weight)` out of `v`, each `to < n` and
///   `weight` 0 or 1: the input of the `dijkstra` snippet, so one graph
///   feeds either.
/// - `source < n`.
///
/// # Complexity
/// - O(n + m): each reachable vertex's edge list is scanned once.
///
/// # Panics
/// - `source >= n`, or an edge out of a reachable vertex that goes to a
///   vertex `>= n` or weighs more than 1.
#[allow(dead_code)]
pub mod zero_one_bfs {
    use std::collections::VecDeque;

    // Distances stay below n, so u64::MAX is free to mark the unreached.
    const UNREACHED: u64 = u64::MAX;

    /// The distance from `source` to every vertex; `None` where unreachable.
    pub fn zero_one_bfs<E: AsRef<[(usize, u64)]>>(graph: &[E], source: usize) -> Vec<Option<u64>> {
        assert!(
            source < graph.len(),
            "zero_one_bfs: source {} out of range 0..{}",
            source,
            graph.len()
        );
        let mut distance = vec![UNREACHED; graph.len()];
        // Holds distances d and d + 1 only, in order: a deque is a heap here.
        let mut deque = VecDeque::new();
        distance[source] = 0;
        deque.push_back((0_u64, source));
        while let Some((settled, v)) = deque.pop_front() {
            if settled != distance[v] {
                continue;
            }
            for &(to, weight) in graph[v].as_ref() {
                assert!(
                    weight <= 1,
                    "zero_one_bfs: edge weight {} is not 0 or 1",
                    weight
                );
                let candidate = settled + weight;
                if candidate < distance[to] {
                    distance[to] = candidate;
                    if weight == 0 {
                        deque.push_front((candidate, to));
                    } else {
                        deque.push_back((candidate, to));
                    }
                }
            }
        }
        distance
            .into_iter()
            .map(|d| if d == UNREACHED { None } else { Some(d) })
            .collect()
    }
}
