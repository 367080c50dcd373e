/// Topological order of a directed graph (Kahn's algorithm); `None` when there is a cycle.
///
/// # Constraints
/// - `graph[v]` lists the heads of the edges out of `v`, each `< n`;
///   parallel edges are fine, a self-loop is a cycle.
///
/// # Complexity
/// - O(n + m).
///
/// # Panics
/// - An edge to a vertex `>= n`.
#[allow(dead_code)]
pub mod topological_order {
    /// Every vertex once, each edge going from an earlier vertex to a later
    /// one; `None` when no such order exists.
    pub fn topological_order(graph: &[Vec<usize>]) -> Option<Vec<usize>> {
        let n = graph.len();
        let mut in_degree = vec![0_usize; n];
        for edges in graph {
            for &to in edges {
                in_degree[to] += 1;
            }
        }
        // The order doubles as the queue: vertices before `next` are expanded.
        let mut order: Vec<usize> = (0..n).filter(|&v| in_degree[v] == 0).collect();
        let mut next = 0;
        while next < order.len() {
            let v = order[next];
            next += 1;
            for &to in &graph[v] {
                in_degree[to] -= 1;
                if in_degree[to] == 0 {
                    order.push(to);
                }
            }
        }
        if order.len() == n {
            Some(order)
        } else {
            None
        }
    }
}
