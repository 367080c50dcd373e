use snippets::lca::Lca;
use testkit::Rng;

/// A random tree rooted at `labels[0]`: `parent[v]` is `None` at the root.
fn random_tree(rng: &mut Rng, n: usize) -> (Vec<Vec<usize>>, Vec<Option<usize>>, usize) {
    let mut labels: Vec<usize> = (0..n).collect();
    rng.shuffle(&mut labels);
    let mut tree = vec![Vec::new(); n];
    let mut parent = vec![None; n];
    for i in 1..n {
        // Mostly recent parents: deep trees as well as bushy ones.
        let p = if rng.chance(1, 2) {
            i - 1
        } else {
            rng.below(i as u64) as usize
        };
        let (child, up) = (labels[i], labels[p]);
        parent[child] = Some(up);
        tree[child].push(up);
        tree[up].push(child);
    }
    (tree, parent, labels[0])
}

fn ancestors(parent: &[Option<usize>], v: usize) -> Vec<usize> {
    let mut path = vec![v];
    while let Some(up) = parent[*path.last().unwrap()] {
        path.push(up);
    }
    path
}

/// The first ancestor of `v` that is also an ancestor of `u`.
fn naive_lca(parent: &[Option<usize>], u: usize, v: usize) -> usize {
    let of_u = ancestors(parent, u);
    *ancestors(parent, v)
        .iter()
        .find(|a| of_u.contains(a))
        .unwrap()
}

#[test]
fn agrees_with_walking_up_on_random_trees() {
    let mut rng = Rng::new(1);
    for _ in 0..1500 {
        let n = rng.range(1, 40) as usize;
        let (tree, parent, root) = random_tree(&mut rng, n);
        let lca = Lca::new(&tree, root);
        assert_eq!(lca.len(), n);
        for v in 0..n {
            let up = ancestors(&parent, v);
            assert_eq!(lca.depth(v), up.len() - 1);
            assert_eq!(lca.parent(v), parent[v]);
            for k in 0..=up.len() {
                assert_eq!(lca.kth_ancestor(v, k), up.get(k).copied());
            }
        }
        for _ in 0..30 {
            let (u, v) = (rng.below(n as u64) as usize, rng.below(n as u64) as usize);
            let meet = naive_lca(&parent, u, v);
            assert_eq!(lca.lca(u, v), meet);
            let depth = |x| ancestors(&parent, x).len() - 1;
            assert_eq!(lca.distance(u, v), depth(u) + depth(v) - 2 * depth(meet));
        }
    }
}

#[test]
fn a_long_path_needs_no_big_stack() {
    let n: usize = 200_000;
    let tree: Vec<Vec<usize>> = (0..n)
        .map(|v| {
            [v.checked_sub(1), Some(v + 1).filter(|&w| w < n)]
                .into_iter()
                .flatten()
                .collect()
        })
        .collect();
    let lca = Lca::new(&tree, 0);
    assert_eq!(lca.depth(n - 1), n - 1);
    assert_eq!(lca.lca(n - 1, n / 2), n / 2);
    assert_eq!(lca.kth_ancestor(n - 1, n - 1), Some(0));
    assert_eq!(lca.kth_ancestor(n - 1, n), None);
    let mid = Lca::new(&tree, n / 2);
    assert_eq!((mid.lca(0, n - 1), mid.distance(0, n - 1)), (n / 2, n - 1));
}

#[test]
fn single_vertex() {
    let lca = Lca::new(&[vec![]], 0);
    assert_eq!((lca.lca(0, 0), lca.depth(0), lca.parent(0)), (0, 0, None));
    assert_eq!(
        (lca.kth_ancestor(0, 0), lca.kth_ancestor(0, 1)),
        (Some(0), None)
    );
}

#[test]
#[should_panic(expected = "Lca::new: the tree is not connected (2 of 4 vertices reached)")]
fn a_forest_with_a_cycle_panics() {
    Lca::new(&[vec![1], vec![0], vec![3, 3], vec![2, 2]], 0);
}

#[test]
#[should_panic(expected = "Lca::new: 2 edge ends listed, a tree on 3 vertices has 4")]
fn too_few_edges_panic() {
    Lca::new(&[vec![1], vec![0], vec![]], 0);
}

#[test]
#[should_panic(expected = "Lca::new: root 0 out of range 0..0")]
fn an_empty_tree_panics() {
    Lca::new(&[], 0);
}

#[test]
#[should_panic(expected = "Lca: vertex 2 out of range 0..2")]
fn a_query_vertex_out_of_range_panics() {
    Lca::new(&[vec![1], vec![0]], 0).lca(0, 2);
}
