use snippets::dijkstra::dijkstra;
use std::cell::Cell;
use testkit::Rng;

type Graph = Vec<Vec<(usize, u64)>>;

/// Bellman-Ford in u128: n - 1 rounds of relaxing every edge.
fn bellman_ford(graph: &Graph, source: usize) -> Vec<Option<u128>> {
    let mut distance = vec![None; graph.len()];
    distance[source] = Some(0_u128);
    for _ in 1..graph.len() {
        for v in 0..graph.len() {
            if let Some(d) = distance[v] {
                for &(to, weight) in &graph[v] {
                    let candidate = d + u128::from(weight);
                    if distance[to].map_or(true, |best| candidate < best) {
                        distance[to] = Some(candidate);
                    }
                }
            }
        }
    }
    distance
}

fn random_graph(rng: &mut Rng, n: usize, edges: usize, max_weight: u64) -> Graph {
    let mut graph = vec![Vec::new(); n];
    for _ in 0..edges {
        let from = rng.below(n as u64) as usize;
        graph[from].push((rng.below(n as u64) as usize, rng.range(0, max_weight)));
    }
    graph
}

#[test]
fn agrees_with_bellman_ford_on_random_graphs() {
    let mut rng = Rng::new(1);
    for case in 0..3000 {
        let n = rng.range(1, 25) as usize;
        let edges = rng.range(0, 3 * n as u64) as usize;
        let max_weight = if case % 3 == 0 { 1 } else { 1_000 };
        let graph = random_graph(&mut rng, n, edges, max_weight);
        let source = rng.below(n as u64) as usize;
        let expected = bellman_ford(&graph, source);
        let fast: Vec<Option<u128>> = dijkstra(&graph, source)
            .into_iter()
            .map(|d| d.map(u128::from))
            .collect();
        assert_eq!(fast, expected, "{graph:?} from {source}");
    }
}

#[test]
fn distances_may_reach_u64_max_minus_1() {
    let top = u64::MAX - 1;
    let graph = vec![vec![(1, top - 1), (2, 5)], vec![], vec![(1, top - 6)]];
    assert_eq!(dijkstra(&graph, 0), [Some(0), Some(top - 1), Some(5)]);
    let graph = vec![vec![(1, top)], vec![(0, 0)]];
    assert_eq!(dijkstra(&graph, 0), [Some(0), Some(top)]);
}

#[test]
fn unreachable_vertices_self_loops_and_parallel_edges() {
    let graph: Graph = vec![vec![(0, 3), (1, 9), (1, 4)], vec![(1, 0)], vec![(0, 1)]];
    assert_eq!(dijkstra(&graph, 0), [Some(0), Some(4), None]);
    assert_eq!(dijkstra(&[Vec::new()], 0), [Some(0)]);
    let arrays = [&[(1, 2)][..], &[]];
    assert_eq!(dijkstra(&arrays, 1), [None, Some(0)]);
}

thread_local! {
    static SCANS: Cell<usize> = const { Cell::new(0) };
}

/// An edge list that counts how often it is scanned.
struct CountedEdges(Vec<(usize, u64)>);

impl AsRef<[(usize, u64)]> for CountedEdges {
    fn as_ref(&self) -> &[(usize, u64)] {
        SCANS.with(|count| count.set(count.get() + 1));
        &self.0
    }
}

#[test]
fn each_reachable_vertex_is_scanned_once_so_pushes_stay_below_m_plus_1() {
    let mut rng = Rng::new(2);
    for _ in 0..300 {
        let n = rng.range(1, 300) as usize;
        let edges = rng.range(0, 5 * n as u64) as usize;
        let graph = random_graph(&mut rng, n, edges, 1_000);
        let reachable = dijkstra(&graph, 0).iter().filter(|d| d.is_some()).count();
        let counted: Vec<CountedEdges> = graph.into_iter().map(CountedEdges).collect();
        SCANS.with(|count| count.set(0));
        dijkstra(&counted, 0);
        assert_eq!(SCANS.with(|count| count.get()), reachable);
    }
}

#[test]
#[should_panic(expected = "dijkstra: a path length reaches u64::MAX")]
fn a_path_length_of_u64_max_panics() {
    dijkstra(&[vec![(1, u64::MAX - 1)], vec![(2, 1)], vec![]], 0);
}

#[test]
#[should_panic(expected = "dijkstra: a path length reaches u64::MAX")]
fn an_overflowing_path_length_panics() {
    dijkstra(&[vec![(1, u64::MAX)], vec![(2, 1)], vec![]], 0);
}

#[test]
#[should_panic(expected = "dijkstra: source 2 out of range 0..2")]
fn source_out_of_range_panics() {
    dijkstra(&[vec![(1, 1)], vec![]], 2);
}

#[test]
#[should_panic(expected = "index out of bounds")]
fn edge_to_a_missing_vertex_panics() {
    dijkstra(&[vec![(1, 1)]], 0);
}
