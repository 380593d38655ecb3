//! Search inside missions: placed objects by owner (`clan:NAME`) and by property
//! (`prop:NAME`), narrowed by words in their name or path. Objects found by words alone come
//! from the index (their paths are references, their names words: `kinds::mission::refs`).

use crate::doc::project::search::Query;
use crate::doc::project::{At, Hit, Index, ItemId};
use crate::doc::project::Item;
use crate::formats::tma::{Mission, Options, VersionCheck};

/// The objects of a mission item the query finds (none when it asks for nothing of them).
pub fn object_hits(index: &Index, id: ItemId, item: &Item, query: &Query) -> Vec<Hit> {
    if !query.objects_only() {
        return Vec::new();
    }
    let names = !query.words.is_empty();
    let Some(bytes) = index.item_bytes(id) else { return Vec::new() };
    let o = Options { clan_body: index.readings.clan_body, versions: VersionCheck::Gated };
    let Ok((m, _)) = Mission::parse_with(&bytes, &o) else { return Vec::new() };
    let at = m.offsets();
    let clan = query.clan.as_ref().map(|c| m.clan_by_name(c.as_bytes()));
    let mut out = Vec::new();
    for (i, x) in m.objects.iter().enumerate() {
        if let Some(want) = clan
            && (want.is_none() || x.kind > 1 || x.clan < 0 || want != Some(x.clan as usize))
        {
            continue;
        }
        if let Some(p) = &query.property
            && !x.properties.iter().any(|q| q.name.decode().to_lowercase() == *p)
        {
            continue;
        }
        let place = At::Object { index: Some(i), offset: at.objects.get(i).map_or(0, |&o| o as u64) };
        let name = if x.name.is_empty() { x.path.decode() } else { x.name.decode() };
        let rank = match names {
            false => Some(2),
            true => query.matches(&x.name.decode()).or_else(|| query.matches(&x.path.decode()).map(|_| 2)),
        };
        if let Some(rank) = rank {
            out.push(Hit::contained(id, &item.address, item.kind, name, place, rank));
        }
    }
    out
}
