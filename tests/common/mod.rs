//! What the JIT's snapshot tests share: picking a graph out of the dumps
//! of one compilation.

/// The graph after `pass` (the last time it changed the graph), or after
/// the whole pipeline for `"final"`.
pub fn after(graphs: &[(String, String)], pass: &str) -> String {
    if pass == "final" {
        return graphs.last().expect("the build ran").1.clone();
    }
    graphs
        .iter()
        .rev()
        .find(|(name, _)| name == pass)
        .unwrap_or_else(|| panic!("{pass} did not change the graph"))
        .1
        .clone()
}
