//! Pairing the two sides' items: by name (ASCII case-insensitively, as the game looks names
//! up; the k-th of a repeated name with the k-th), and which pairs changed place (those off a
//! longest run kept in order, so one entry dragged elsewhere is one move, not a shift of all
//! the entries it passed).

use std::collections::HashMap;

/// Pairs of `(index in a, index in b)` in `a`'s order, then the unpaired of each side.
pub fn pair_by_name<A: AsRef<[u8]>, B: AsRef<[u8]>>(a: &[A], b: &[B]) -> (Vec<(usize, usize)>, Vec<usize>, Vec<usize>) {
    let mut queues: HashMap<Vec<u8>, std::collections::VecDeque<usize>> = HashMap::new();
    for (j, n) in b.iter().enumerate() {
        queues.entry(n.as_ref().to_ascii_lowercase()).or_default().push_back(j);
    }
    let mut pairs = Vec::new();
    let mut only_a = Vec::new();
    for (i, n) in a.iter().enumerate() {
        match queues.get_mut(&n.as_ref().to_ascii_lowercase()).and_then(|q| q.pop_front()) {
            Some(j) => pairs.push((i, j)),
            None => only_a.push(i),
        }
    }
    let mut only_b: Vec<usize> = queues.into_values().flatten().collect();
    only_b.sort_unstable();
    (pairs, only_a, only_b)
}

/// Which of `pairs` (sorted by their `a` index) moved: those whose `b` index is not on a
/// longest increasing run. Returns positions in `pairs`.
pub fn moved(pairs: &[(usize, usize)]) -> Vec<usize> {
    // Patience sorting: tails[k] is the position (in `pairs`) ending the best run of k+1.
    let mut tails: Vec<usize> = Vec::new();
    let mut prev: Vec<Option<usize>> = vec![None; pairs.len()];
    for (p, &(_, j)) in pairs.iter().enumerate() {
        let k = tails.partition_point(|&t| pairs[t].1 < j);
        prev[p] = k.checked_sub(1).map(|k| tails[k]);
        if k == tails.len() {
            tails.push(p);
        } else {
            tails[k] = p;
        }
    }
    let mut kept = vec![false; pairs.len()];
    let mut at = tails.last().copied();
    while let Some(p) = at {
        kept[p] = true;
        at = prev[p];
    }
    (0..pairs.len()).filter(|&p| !kept[p]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(v: &[&str]) -> Vec<Vec<u8>> {
        v.iter().map(|s| s.as_bytes().to_vec()).collect()
    }

    #[test]
    fn pairs_names_case_insensitively_and_repeats_in_order() {
        let (p, a, b) = pair_by_name(&names(&["X", "y", "x", "gone"]), &names(&["Y", "x", "new", "X"]));
        assert_eq!(p, [(0, 1), (1, 0), (2, 3)]);
        assert_eq!((a, b), (vec![3], vec![2]));
    }

    #[test]
    fn one_entry_dragged_is_one_move() {
        // a: 0 1 2 3 4; b: 1 2 3 0 4 (entry 0 dragged to place 3).
        let pairs = [(0, 3), (1, 0), (2, 1), (3, 2), (4, 4)];
        assert_eq!(moved(&pairs), [0]);
        assert!(moved(&[(0, 0), (1, 2), (2, 5)]).is_empty(), "gaps from removals are no moves");
        assert_eq!(moved(&[(0, 1), (1, 0)]).len(), 1, "a swap is one move");
        assert!(moved(&[]).is_empty());
    }
}
