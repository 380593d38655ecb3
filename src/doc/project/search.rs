//! Search over the project: entry and file names, and the names entries contain (a MAT0
//! phase's texture, a WEAR row's material or lightmap, an X-Ray shader's engine shader and
//! textures). A query is words (each must appear in the name, ASCII case-insensitively) and
//! filters: `t:KIND` (a kind's name, `texm`, `mat0`, ..., `nres`, `rsli`, or a word its
//! codec gives, `texture`, `level`, `geom`, ...; `archive`; several are alternatives), `is:unused` (textures and materials nothing uses),
//! `is:dangling` (items naming something that is not there, or reaching only the engine's
//! fallback). In missions, words also find placed objects by name (their paths are names the
//! mission holds), and `clan:NAME` / `prop:NAME` find the objects a clan owns or that carry a
//! property (`doc::world::search`).

use super::index::{At, Index, ItemId};
use crate::doc::kinds::{FormatKind, ItemKind};
use serde::Serialize;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Query {
    /// Item kinds (the codec kinds) any of which an item must be.
    pub kinds: Vec<ItemKind>,
    pub unused: bool,
    pub dangling: bool,
    /// Lower-case words, all of which the name must contain.
    pub words: Vec<String>,
    /// `clan:NAME`: mission objects owned by the clan of this name (lower case).
    pub clan: Option<String>,
    /// `prop:NAME`: mission objects carrying a property of this name (lower case).
    pub property: Option<String>,
    /// Filters the query could not read (`t:nonsense`), for the caller to show.
    pub unknown: Vec<String>,
}

/// The kinds `t:WORD` names: a kind by its name or one of its codec's search words; an
/// archive by `nres`, `rsli`, or `archive`/`lib` for both.
fn kinds_for(t: &str) -> Option<Vec<ItemKind>> {
    let t = t.to_ascii_lowercase();
    if let Some(&k) = FormatKind::ALL.iter().find(|k| k.name() == t || k.codec().search_words().contains(&t.as_str())) {
        return Some(vec![ItemKind::Format(k)]);
    }
    let archives = [ItemKind::Nres, ItemKind::Rsli];
    match archives.iter().find(|k| k.name() == t) {
        Some(&k) => Some(vec![k]),
        None => ARCHIVE_WORDS.contains(&t.as_str()).then(|| archives.to_vec()),
    }
}

/// `t:` words for every archive no codec claims.
const ARCHIVE_WORDS: &[&str] = &["archive", "lib"];

impl Query {
    pub fn parse(text: &str) -> Query {
        let mut q = Query::default();
        for word in text.split_whitespace() {
            let lower = word.to_ascii_lowercase();
            if let Some(t) = lower.strip_prefix("t:") {
                match kinds_for(t) {
                    Some(k) => q.kinds.extend(k),
                    None => q.unknown.push(word.to_string()),
                }
            } else if let Some(c) = lower.strip_prefix("clan:") {
                q.clan = Some(c.to_string());
            } else if let Some(p) = lower.strip_prefix("prop:") {
                q.property = Some(p.to_string());
            } else if let Some(what) = lower.strip_prefix("is:") {
                match what {
                    "unused" => q.unused = true,
                    "dangling" | "missing" => q.dangling = true,
                    _ => q.unknown.push(word.to_string()),
                }
            } else {
                q.words.push(lower);
            }
        }
        q
    }

    /// Whether the query asks for mission objects by owner or property.
    pub fn objects_only(&self) -> bool {
        self.clan.is_some() || self.property.is_some()
    }

    pub(crate) fn matches(&self, name: &str) -> Option<u8> {
        let lower = name.to_ascii_lowercase();
        if !self.words.iter().all(|w| lower.contains(w.as_str())) {
            return None;
        }
        // Exact names first, then names that start with the first word.
        Some(match self.words.first() {
            Some(w) if lower == *w || lower.split('.').next() == Some(w.as_str()) => 0,
            Some(w) if lower.starts_with(w.as_str()) => 1,
            _ => 2,
        })
    }
}

/// One result: an item found by its name, or by a name it contains (`at` says where).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Hit {
    pub item: ItemId,
    pub address: String,
    pub kind: ItemKind,
    /// The name that matched.
    pub name: String,
    /// Where in the item a contained name sits; `None` for the item's own name.
    #[serde(flatten)]
    pub at: Option<At>,
    #[serde(skip)]
    rank: (u8, bool),
}

impl Hit {
    /// A name item `item` holds at `at` (a mission's object), ranked as `rank`.
    pub(crate) fn contained(item: ItemId, address: &str, kind: ItemKind, name: String, at: At, rank: u8) -> Hit {
        Hit { item, address: address.to_string(), kind, name, at: Some(at), rank: (rank, true) }
    }

    /// One line for a list: `Material.lib::STEEL (mat0)`, `… phase 0: texture BRICK00.0`.
    pub fn describe(&self) -> String {
        match &self.at {
            None => format!("{} ({})", self.address, self.kind),
            Some(at) => format!("{} ({}) {}: {}", self.address, self.kind, at.describe(), self.name),
        }
    }
}

/// Every hit of `query`, best first: exact names, then prefixes, then the rest; an item's
/// own name before names it contains; then by address.
pub fn search(index: &Index, query: &Query) -> Vec<Hit> {
    let mut hits = Vec::new();
    let words = !query.words.is_empty();
    for (id, item) in index.items() {
        if !query.kinds.is_empty() && !query.kinds.contains(&item.kind) {
            continue;
        }
        if item.kind == FormatKind::Mission {
            hits.extend(crate::doc::world::search::object_hits(index, id, item, query));
        }
        if query.objects_only() {
            continue;
        }
        if query.unused && !index.is_unused(id) {
            continue;
        }
        if query.dangling && !item.refs.iter().any(|r| r.target.is_none_or(|t| !t.exact) && !matches!(r.kind, super::RefKind::XrayShader | super::RefKind::XrayTexture)) {
            continue;
        }
        // Without words, a filter lists items; an empty query lists nothing.
        if !words {
            if !query.kinds.is_empty() || query.unused || query.dangling {
                hits.push(Hit { item: id, address: item.address.clone(), kind: item.kind, name: item.name.clone(), at: None, rank: (2, false) });
            }
            continue;
        }
        if let Some(rank) = query.matches(&item.name) {
            hits.push(Hit { item: id, address: item.address.clone(), kind: item.kind, name: item.name.clone(), at: None, rank: (rank, false) });
        }
        if query.unused {
            continue;
        }
        for (w, at) in &item.words {
            if let Some(rank) = query.matches(w) {
                hits.push(Hit { item: id, address: item.address.clone(), kind: item.kind, name: w.clone(), at: Some(*at), rank: (rank, true) });
            }
        }
        for r in &item.refs {
            // A mesh's refs name its table: the table's own name is found as an item.
            if r.kind == super::RefKind::Table {
                continue;
            }
            if let Some(rank) = query.matches(&r.name) {
                hits.push(Hit { item: id, address: item.address.clone(), kind: item.kind, name: r.name.clone(), at: Some(r.at), rank: (rank, true) });
            }
        }
    }
    hits.sort_by(|a, b| a.rank.cmp(&b.rank).then_with(|| a.address.cmp(&b.address)));
    hits
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kind_filters_take_names_and_the_codecs_words() {
        let q = Query::parse("t:texture T:MAT0 t:level t:lib t:nonsense brick");
        let fk = |k| ItemKind::Format(k);
        assert_eq!(q.kinds, [fk(FormatKind::Texm), fk(FormatKind::Mat0), fk(FormatKind::XrayLevel), ItemKind::Nres, ItemKind::Rsli]);
        assert_eq!((q.unknown, q.words), (vec!["t:nonsense".to_string()], vec!["brick".to_string()]));
        assert_eq!(Query::parse("t:geom t:rsli").kinds, [fk(FormatKind::XrayGeom), ItemKind::Rsli]);
    }
}
