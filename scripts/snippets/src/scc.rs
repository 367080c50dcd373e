/// Strongly connected components (iterative Tarjan), listed in topological order.
///
/// # Constraints
/// - `graph[v]` lists the heads of the edges out of `v`, each `< n`.
///
/// # Complexity
/// - O(n + m) time and memory; no recursion, so a path of 10^6 vertices
///   needs no big stack.
///
/// # Panics
/// - An edge to a vertex `>= n`.
#[allow(dead_code)]
pub mod scc {
    const UNVISITED: usize = usize::MAX;

    /// The components, each edge between two of them going from an earlier
    /// one to a later one; the vertices inside a component in no set order.
    pub fn strongly_connected_components(graph: &[Vec<usize>]) -> Vec<Vec<usize>> {
        let n = graph.len();
        let mut search = Tarjan {
            graph,
            discovery: vec![UNVISITED; n],
            low_link: vec![0; n],
            on_stack: vec![false; n],
            stack: Vec::new(),
            components: Vec::new(),
            discovered: 0,
        };
        for root in 0..n {
            if search.discovery[root] == UNVISITED {
                search.search_from(root);
            }
        }
        // Tarjan closes a component only after every component it reaches.
        search.components.reverse();
        search.components
    }

    struct Tarjan<'a> {
        graph: &'a [Vec<usize>],
        discovery: Vec<usize>,
        // The smallest discovery time reachable through the DFS subtree and
        // one more edge, among vertices still on the stack.
        low_link: Vec<usize>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        components: Vec<Vec<usize>>,
        discovered: usize,
    }

    impl Tarjan<'_> {
        fn search_from(&mut self, root: usize) {
            // The DFS path, each vertex with the index of its next edge.
            let mut path = vec![(root, 0)];
            self.discover(root);
            while let Some(&(v, edge)) = path.last() {
                if edge < self.graph[v].len() {
                    path.last_mut().unwrap().1 += 1;
                    let to = self.graph[v][edge];
                    if self.discovery[to] == UNVISITED {
                        self.discover(to);
                        path.push((to, 0));
                    } else if self.on_stack[to] {
                        self.low_link[v] = self.low_link[v].min(self.discovery[to]);
                    }
                } else {
                    path.pop();
                    if let Some(&(parent, _)) = path.last() {
                        self.low_link[parent] = self.low_link[parent].min(self.low_link[v]);
                    }
                    if self.low_link[v] == self.discovery[v] {
                        self.close_component(v);
                    }
                }
            }
        }

        fn discover(&mut self, v: usize) {
            self.discovery[v] = self.discovered;
            self.low_link[v] = self.discovered;
            self.discovered += 1;
            self.on_stack[v] = true;
            self.stack.push(v);
        }

        fn close_component(&mut self, leader: usize) {
            let mut component = Vec::new();
            loop {
                let v = self.stack.pop().unwrap();
                self.on_stack[v] = false;
                component.push(v);
                if v == leader {
                    break;
                }
            }
            self.components.push(component);
        }
    }
}
