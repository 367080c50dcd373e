use snippets::scc::strongly_connected_components;
use testkit::Rng;

type Graph = Vec<Vec<usize>>;

/// `reach[u][v]`: whether a path (possibly empty) leads from u to v, by a
/// search from every vertex.
fn reachability(graph: &Graph) -> Vec<Vec<bool>> {
    let n = graph.len();
    let mut reach = vec![vec![false; n]; n];
    for (source, row) in reach.iter_mut().enumerate() {
        let mut stack = vec![source];
        row[source] = true;
        while let Some(v) = stack.pop() {
            for &to in &graph[v] {
                if !row[to] {
                    row[to] = true;
                    stack.push(to);
                }
            }
        }
    }
    reach
}

/// Asserts that `components` are the mutual-reachability classes of
/// `graph`, in an order every edge respects.
fn assert_components(graph: &Graph, components: &[Vec<usize>]) {
    let n = graph.len();
    let reach = reachability(graph);
    let mut component_of = vec![usize::MAX; n];
    for (index, component) in components.iter().enumerate() {
        assert!(!component.is_empty());
        for &v in component {
            assert_eq!(component_of[v], usize::MAX, "{v} listed twice");
            component_of[v] = index;
        }
    }
    assert!(
        component_of.iter().all(|&c| c != usize::MAX),
        "a vertex is missing"
    );
    for u in 0..n {
        for v in 0..n {
            let mutual = reach[u][v] && reach[v][u];
            assert_eq!(
                component_of[u] == component_of[v],
                mutual,
                "{u} and {v} in {graph:?}"
            );
        }
        for &to in &graph[u] {
            assert!(
                component_of[u] <= component_of[to],
                "edge {u}->{to} goes backwards"
            );
        }
    }
}

#[test]
fn agrees_with_mutual_reachability_on_random_graphs() {
    let mut rng = Rng::new(1);
    for case in 0..3000 {
        let n = rng.range(0, 20) as usize;
        let edges = if n == 0 {
            0
        } else {
            rng.range(0, 3 * n as u64)
        };
        let mut graph: Graph = vec![Vec::new(); n];
        for _ in 0..edges {
            let (u, v) = (rng.below(n as u64) as usize, rng.below(n as u64) as usize);
            // Some graphs mostly forward, so that there are many components.
            if case % 2 == 0 || u <= v || rng.chance(1, 10) {
                graph[u].push(v);
            }
        }
        assert_components(&graph, &strongly_connected_components(&graph));
    }
}

#[test]
fn a_long_path_and_a_long_cycle_need_no_big_stack() {
    let n = 1_000_000;
    let path: Graph = (0..n)
        .map(|v| if v + 1 < n { vec![v + 1] } else { vec![] })
        .collect();
    let components = strongly_connected_components(&path);
    assert_eq!(components.len(), n);
    assert!(components.iter().enumerate().all(|(i, c)| c == &[i]));

    let cycle: Graph = (0..n).map(|v| vec![(v + 1) % n]).collect();
    let components = strongly_connected_components(&cycle);
    assert_eq!(components.len(), 1);
    assert_eq!(components[0].len(), n);
}

#[test]
fn empty_graph_and_self_loop() {
    assert!(strongly_connected_components(&[]).is_empty());
    assert_eq!(strongly_connected_components(&[vec![0]]), [vec![0]]);
}

#[test]
#[should_panic(expected = "index out of bounds")]
fn edge_to_a_missing_vertex_panics() {
    strongly_connected_components(&[vec![1]]);
}
