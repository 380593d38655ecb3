//! Search inside missions: placed objects by name (words), by owner (`clan:NAME`) and by
//! property (`prop:NAME`). Objects found by their path come from the index's references.

use crate::doc::project::search::Query;
use crate::doc::project::{At, Hit, Index, ItemId};
use crate::doc::project::Item;
use crate::formats::tma::{Mission, Options, VersionCheck};

/// The objects of a mission item the query finds (none when it asks for nothing of them).
pub fn object_hits(index: &Index, id: ItemId, item: &Item, query: &Query) -> Vec<Hit> {
    let names = !query.words.is_empty();
    if !names && !query.objects_only() {
        return Vec::new();
    }
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
        match (names, query.matches(&x.name.decode())) {
            (true, Some(rank)) => out.push(Hit::contained(id, &item.address, item.kind, name, place, rank)),
            (true, None) if query.objects_only() && query.matches(&x.path.decode()).is_some() => {
                out.push(Hit::contained(id, &item.address, item.kind, name, place, 2))
            }
            (false, _) => out.push(Hit::contained(id, &item.address, item.kind, name, place, 2)),
            _ => {}
        }
    }
    out
}
