//! Tested algorithm snippets for single-file judge solutions.
//!
//! Each `src/<name>.rs` is one `pub mod <name>`, pasted byte for byte at the
//! top level of a solution's `src/main.rs`. A snippet names another only as
//! `crate::<name>`, which is how its dependencies are found; `include!` puts
//! every module at this crate's root, exactly where a paste puts it.

include!("union_find.rs");
include!("fenwick_tree.rs");
include!("segment_tree.rs");
include!("lazy_segment_tree.rs");
include!("modint.rs");
include!("combinatorics.rs");
include!("sparse_table.rs");
include!("dijkstra.rs");
include!("zero_one_bfs.rs");
include!("scc.rs");
include!("topological_order.rs");
include!("lca.rs");
include!("z_function.rs");
include!("prefix_function.rs");
include!("rolling_hash.rs");
include!("integer_sqrt.rs");
include!("gcd.rs");
include!("mod_pow.rs");
include!("miller_rabin.rs");
include!("big_stack.rs");
