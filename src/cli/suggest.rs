//! What to say when an address names nothing: the entries whose names are nearest to the one
//! given, so a typo gets its correction ("no entry ROCK.1; did you mean ROCK.0?").

use crate::doc::Node;

/// Up to `n` names of `archive` nearest to `name` (edit distance, ASCII case ignored; ties in
/// directory order), each once.
pub fn nearest_names(archive: &Node, name: &str, n: usize) -> Vec<String> {
    let want = name.to_ascii_uppercase();
    let mut scored: Vec<(usize, usize, String)> = Vec::new();
    for (i, m) in archive.metas().into_iter().enumerate() {
        if m.name.is_empty() || scored.iter().any(|(_, _, s)| s.eq_ignore_ascii_case(&m.name)) {
            continue;
        }
        scored.push((distance(&want, &m.name.to_ascii_uppercase()), i, m.name));
    }
    scored.sort();
    scored.into_iter().take(n).map(|(_, _, s)| s).collect()
}

/// "A, B or C".
pub fn one_of(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// Levenshtein distance over characters.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitute = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = substitute.min(row[j] + 1).min(diagonal + 1);
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::bytes::SharedBytes;

    #[test]
    fn distances() {
        assert_eq!(distance("ROCK.0", "ROCK.0"), 0);
        assert_eq!(distance("ROCK.1", "ROCK.0"), 1);
        assert_eq!(distance("NOPE", ""), 4);
        assert_eq!(distance("KITTEN", "SITTING"), 3);
    }

    #[test]
    fn nearest_first_case_ignored_each_once() {
        let (node, _) = Node::parse("a.lib", SharedBytes::from(crate::fixtures::nres::simple())).unwrap();
        let names: Vec<String> = node.metas().into_iter().map(|m| m.name).collect();
        assert!(names.contains(&"brick.0".to_string()), "{names:?}");
        let near = nearest_names(&node, "BRICK.1", 2);
        assert_eq!(near[0], "brick.0");
        assert_eq!(near.len(), 2);
        assert_eq!(one_of(&["A".into(), "B".into(), "C".into()]), "A, B or C");
        assert_eq!(one_of(&["A".into()]), "A");
    }
}
