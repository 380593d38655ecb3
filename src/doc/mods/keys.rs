//! Which of many items overlaps a given one (one is the other or holds it: a file and its
//! entries, an archive and what is nested in it), in time bounded by the key's depth rather
//! than the number of items: what `status`, the dry run and its conflict marks ask once per
//! change.

use std::collections::HashMap;

/// Items' keys (`Change::key`) with a value each. A key overlaps a stored one when one of its
/// prefixes (itself included) is stored, or it is a proper prefix of a stored one. Where
/// several stored items share a key or a prefix, the value inserted last is kept: callers
/// insert in the order that leaves the one they want.
#[derive(Default)]
pub struct KeyIndex {
    exact: HashMap<Vec<String>, usize>,
    holding: HashMap<Vec<String>, usize>,
}

impl KeyIndex {
    pub fn insert(&mut self, key: &[String], value: usize) {
        for n in 1..key.len() {
            self.holding.insert(key[..n].to_vec(), value);
        }
        self.exact.insert(key.to_vec(), value);
    }

    /// The values of the stored items `key` overlaps (at most one per prefix, plus one that
    /// `key` holds).
    pub fn overlapping<'a>(&'a self, key: &'a [String]) -> impl Iterator<Item = usize> + 'a {
        (1..=key.len()).filter_map(|n| self.exact.get(&key[..n]).copied()).chain(self.holding.get(key).copied())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn k(s: &str) -> Vec<String> {
        s.split("::").map(String::from).collect()
    }

    #[test]
    fn items_and_what_holds_them_overlap() {
        let mut ix = KeyIndex::default();
        ix.insert(&k("a.lib::X"), 1);
        ix.insert(&k("b.lib"), 2);
        ix.insert(&k("c.lib::N::E"), 3);
        let found = |s: &str| ix.overlapping(&k(s)).collect::<Vec<_>>();
        assert_eq!(found("a.lib::X"), [1]);
        assert_eq!(found("a.lib"), [1], "the file holds the entry");
        assert_eq!(found("a.lib::Y"), Vec::<usize>::new());
        assert_eq!(found("b.lib::Z"), [2], "the entry is inside the file");
        assert_eq!(found("c.lib::N"), [3]);
        assert_eq!(found("c.lib::N::F"), Vec::<usize>::new());
    }
}
