use snippets::topological_order::topological_order;
use testkit::Rng;

type Graph = Vec<Vec<usize>>;

/// Whether some vertex reaches itself by one edge or more, by a search from
/// each vertex.
fn has_cycle(graph: &Graph) -> bool {
    (0..graph.len()).any(|source| {
        let mut seen = vec![false; graph.len()];
        let mut stack = graph[source].clone();
        while let Some(v) = stack.pop() {
            if v == source {
                return true;
            }
            if !seen[v] {
                seen[v] = true;
                stack.extend(&graph[v]);
            }
        }
        false
    })
}

fn assert_topological(graph: &Graph, order: &[usize]) {
    let mut position = vec![usize::MAX; graph.len()];
    for (i, &v) in order.iter().enumerate() {
        assert_eq!(position[v], usize::MAX, "{v} listed twice");
        position[v] = i;
    }
    assert_eq!(order.len(), graph.len());
    for (u, edges) in graph.iter().enumerate() {
        for &v in edges {
            assert!(position[u] < position[v], "edge {u}->{v} goes backwards");
        }
    }
}

#[test]
fn agrees_with_cycle_search_on_random_graphs() {
    let mut rng = Rng::new(1);
    let mut acyclic = 0;
    for case in 0..5000 {
        let n = rng.range(0, 15) as usize;
        let mut labels: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut labels);
        let mut graph: Graph = vec![Vec::new(); n];
        for _ in 0..if n == 0 {
            0
        } else {
            rng.range(0, 2 * n as u64)
        } {
            let (a, b) = (rng.below(n as u64) as usize, rng.below(n as u64) as usize);
            // Half the cases are DAGs in disguise: edges go up a hidden order.
            if case % 2 == 1 || a < b {
                graph[labels[a]].push(labels[b]);
            }
        }
        match topological_order(&graph) {
            Some(order) => {
                assert!(!has_cycle(&graph), "{graph:?}");
                assert_topological(&graph, &order);
                acyclic += 1;
            }
            None => assert!(has_cycle(&graph), "{graph:?}"),
        }
    }
    assert!((2500..5000).contains(&acyclic), "{acyclic} acyclic cases");
}

#[test]
fn small_and_long_cases() {
    assert_eq!(topological_order(&[]), Some(vec![]));
    assert_eq!(topological_order(&[vec![0]]), None);
    assert_eq!(topological_order(&[vec![1, 1], vec![]]), Some(vec![0, 1]));
    let n = 1_000_000;
    let backwards: Graph = (0..n)
        .map(|v| if v > 0 { vec![v - 1] } else { vec![] })
        .collect();
    let order = topological_order(&backwards).unwrap();
    assert!(order.iter().enumerate().all(|(i, &v)| v == n - 1 - i));
    let mut cycle = backwards;
    cycle[0].push(n - 1);
    assert_eq!(topological_order(&cycle), None);
}

#[test]
#[should_panic(expected = "index out of bounds")]
fn edge_to_a_missing_vertex_panics() {
    topological_order(&[vec![3]]);
}
