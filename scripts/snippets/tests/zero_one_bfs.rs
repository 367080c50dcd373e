use snippets::zero_one_bfs::zero_one_bfs;
use std::cell::Cell;
use testkit::Rng;

type Graph = Vec<Vec<(usize, u64)>>;

/// Bellman-Ford: n - 1 rounds of relaxing every edge.
fn bellman_ford(graph: &Graph, source: usize) -> Vec<Option<u64>> {
    let mut distance = vec![None; graph.len()];
    distance[source] = Some(0);
    for _ in 1..graph.len() {
        for v in 0..graph.len() {
            if let Some(d) = distance[v] {
                for &(to, weight) in &graph[v] {
                    if distance[to].map_or(true, |best| d + weight < best) {
                        distance[to] = Some(d + weight);
                    }
                }
            }
        }
    }
    distance
}

fn random_graph(rng: &mut Rng, n: usize, edges: usize) -> Graph {
    let mut graph = vec![Vec::new(); n];
    for _ in 0..edges {
        let from = rng.below(n as u64) as usize;
        graph[from].push((rng.below(n as u64) as usize, rng.below(2)));
    }
    graph
}

#[test]
fn agrees_with_bellman_ford_on_random_graphs() {
    let mut rng = Rng::new(1);
    for _ in 0..3000 {
        let n = rng.range(1, 25) as usize;
        let edges = rng.range(0, 3 * n as u64) as usize;
        let graph = random_graph(&mut rng, n, edges);
        let source = rng.below(n as u64) as usize;
        assert_eq!(
            zero_one_bfs(&graph, source),
            bellman_ford(&graph, source),
            "{graph:?} from {source}"
        );
    }
}

#[test]
fn zero_weight_cycles_unreachable_vertices_and_a_long_path() {
    let graph: Graph = vec![vec![(1, 0)], vec![(0, 0), (2, 1)], vec![(2, 0)], vec![]];
    assert_eq!(zero_one_bfs(&graph, 0), [Some(0), Some(0), Some(1), None]);
    let n = 200_000;
    let path: Graph = (0..n).map(|v| vec![((v + 1) % n, 1)]).collect();
    assert_eq!(zero_one_bfs(&path, 0)[n - 1], Some(n as u64 - 1));
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
fn each_reachable_vertex_is_scanned_once() {
    let mut rng = Rng::new(2);
    for _ in 0..300 {
        let n = rng.range(1, 300) as usize;
        let edges = rng.range(0, 5 * n as u64) as usize;
        let graph = random_graph(&mut rng, n, edges);
        let reachable = zero_one_bfs(&graph, 0)
            .iter()
            .filter(|d| d.is_some())
            .count();
        let counted: Vec<CountedEdges> = graph.into_iter().map(CountedEdges).collect();
        SCANS.with(|count| count.set(0));
        zero_one_bfs(&counted, 0);
        assert_eq!(SCANS.with(|count| count.get()), reachable);
    }
}

#[test]
#[should_panic(expected = "zero_one_bfs: edge weight 2 is not 0 or 1")]
fn a_weight_of_two_panics() {
    zero_one_bfs(&[vec![(1, 2)], vec![]], 0);
}

#[test]
#[should_panic(expected = "zero_one_bfs: source 0 out of range 0..0")]
fn source_out_of_range_panics() {
    let empty: Graph = Vec::new();
    zero_one_bfs(&empty, 0);
}
