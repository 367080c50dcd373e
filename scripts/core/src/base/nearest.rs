//! The known name nearest to a mistyped one, for errors that say "did you
//! mean ...?".

/// The name of `known` nearest to `name` by edit distance, when it is near
/// enough to be the one meant (at most 2 edits, or a third of the name's
/// length for a long one); ties go to the first.
pub fn nearest<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let (distance, nearest) = known
        .into_iter()
        .enumerate()
        .map(|(order, known)| ((edit_distance(name, known), order), known))
        .min()?;
    Some(nearest).filter(|_| distance.0 <= 2.max(name.len() / 3))
}

/// Levenshtein distance: insertions, deletions and substitutions.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substituted = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = substituted.min(row[j] + 1).min(row[j + 1] + 1);
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nearest_name_within_reach_and_none_beyond() {
        let known = [
            "union_find",
            "fenwick_tree",
            "segment_tree",
            "lazy_segment_tree",
        ];
        assert_eq!(nearest("union_fnd", known), Some("union_find"));
        assert_eq!(nearest("unionfind", known), Some("union_find"));
        assert_eq!(nearest("segtree", known), None);
        assert_eq!(nearest("segment_tre", known), Some("segment_tree"));
        assert_eq!(nearest("anything", []), None);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("", "abc"), 3);
    }
}
