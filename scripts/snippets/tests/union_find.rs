use snippets::union_find::UnionFind;
use testkit::Rng;

/// The obvious union-find: a set label per element, relabelled on union.
struct NaiveSets {
    label: Vec<usize>,
}

impl NaiveSets {
    fn new(n: usize) -> Self {
        NaiveSets {
            label: (0..n).collect(),
        }
    }

    fn unite(&mut self, a: usize, b: usize) -> bool {
        let (from, to) = (self.label[b], self.label[a]);
        if from == to {
            return false;
        }
        for label in &mut self.label {
            if *label == from {
                *label = to;
            }
        }
        true
    }

    fn same(&self, a: usize, b: usize) -> bool {
        self.label[a] == self.label[b]
    }

    fn size(&self, x: usize) -> usize {
        self.label.iter().filter(|&&l| l == self.label[x]).count()
    }

    fn set_count(&self) -> usize {
        let mut labels = self.label.clone();
        labels.sort_unstable();
        labels.dedup();
        labels.len()
    }

    fn groups(&self) -> Vec<Vec<usize>> {
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for x in 0..self.label.len() {
            match groups
                .iter_mut()
                .find(|g| self.label[g[0]] == self.label[x])
            {
                Some(group) => group.push(x),
                None => groups.push(vec![x]),
            }
        }
        groups
    }
}

/// The parent-pointer steps a `find(x)` walks: `x`'s depth in its tree.
fn depth(sets: &UnionFind, mut x: usize) -> usize {
    let mut steps = 0;
    while sets.parent(x) != x {
        x = sets.parent(x);
        steps += 1;
    }
    steps
}

#[test]
fn agrees_with_relabelling_on_random_operations() {
    let mut rng = Rng::new(1);
    for _ in 0..2000 {
        let n = rng.range(1, 40) as usize;
        let mut fast = UnionFind::new(n);
        let mut naive = NaiveSets::new(n);
        for _ in 0..rng.range(0, 80) {
            let a = rng.below(n as u64) as usize;
            let b = rng.below(n as u64) as usize;
            match rng.below(4) {
                0 | 1 => assert_eq!(fast.unite(a, b), naive.unite(a, b)),
                2 => assert_eq!(fast.same(a, b), naive.same(a, b)),
                _ => assert_eq!(fast.size(a), naive.size(a)),
            }
            assert_eq!(fast.set_count(), naive.set_count());
        }
        assert_eq!(fast.groups(), naive.groups());
        for x in 0..n {
            let leader = fast.find(x);
            assert!(naive.same(x, leader) && fast.parent(leader) == leader);
        }
    }
}

#[test]
fn empty_and_single_element() {
    let mut empty = UnionFind::new(0);
    assert!(empty.is_empty());
    assert_eq!((empty.len(), empty.set_count()), (0, 0));
    assert_eq!(empty.groups(), Vec::<Vec<usize>>::new());

    let mut one = UnionFind::new(1);
    assert_eq!(one.find(0), 0);
    assert!(!one.unite(0, 0));
    assert_eq!((one.size(0), one.set_count()), (1, 1));
    assert_eq!(one.groups(), vec![vec![0]]);
}

#[test]
fn everything_united_is_one_group() {
    let n = 1000;
    let mut sets = UnionFind::new(n);
    for x in 1..n {
        assert!(sets.unite(x - 1, x));
    }
    assert_eq!((sets.set_count(), sets.size(n / 2)), (1, n));
    assert_eq!(sets.groups(), vec![(0..n).collect::<Vec<_>>()]);
}

#[test]
fn every_walk_is_at_most_log2_n_steps_and_halving_halves_it() {
    let mut rng = Rng::new(2);
    let n: usize = 1 << 12;
    let log2_n = n.ilog2() as usize;
    let operations = 4 * n;
    let mut sets = UnionFind::new(n);
    let mut total_steps = 0;
    for _ in 0..operations {
        let a = rng.below(n as u64) as usize;
        let b = rng.below(n as u64) as usize;
        let (depth_a, depth_b) = (depth(&sets, a), depth(&sets, b));
        assert!(depth_a <= log2_n && depth_b <= log2_n);
        total_steps += depth_a + depth_b;
        if rng.chance(1, 2) {
            sets.unite(a, b);
        } else {
            sets.find(a);
            assert!(depth(&sets, a) <= (depth_a + 1) / 2);
        }
    }
    // Amortised near-constant: far below the 2 * m * log2(n) worst case.
    assert!(
        total_steps <= operations * 2,
        "{total_steps} steps for {operations} operations"
    );
}

#[test]
fn union_by_size_keeps_the_deepest_merge_pattern_logarithmic() {
    // Merging equal-size trees is what makes a tree deep: a binomial pattern.
    let n: usize = 1 << 14;
    let mut sets = UnionFind::new(n);
    let mut width = 1;
    while width < n {
        for start in (0..n).step_by(2 * width) {
            sets.unite(start + width, start);
        }
        width *= 2;
    }
    let deepest = (0..n).map(|x| depth(&sets, x)).max().unwrap();
    assert!(deepest <= n.ilog2() as usize, "depth {deepest}");
    assert_eq!(sets.size(0), n);
}

#[test]
#[should_panic(expected = "UnionFind: element 5 out of range 0..5")]
fn find_out_of_range_panics() {
    UnionFind::new(5).find(5);
}

#[test]
#[should_panic(expected = "out of range")]
fn unite_out_of_range_panics() {
    UnionFind::new(3).unite(0, 3);
}

#[test]
#[should_panic(expected = "out of range")]
fn parent_out_of_range_panics() {
    UnionFind::new(0).parent(0);
}
