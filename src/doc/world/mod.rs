//! The world model: a mission resolved against the game folder (docs/formats/tma.md, "In the
//! game folder"). Its map folder (the landscape `.msh` its map path names, the two `.wea`
//! tables and `Land.map` beside it, matched ignoring ASCII case), each object's unit `.dat`
//! (buildings, units) or `objects.rlb` record (vegetation, rocks), its clan; and the findings
//! of the project check about missions and navigation maps.
//!
//! The names themselves (map path, object paths) are references of the project index
//! (`RefKind::Landscape`, `RefKind::Placed`, read by `doc::kinds::mission::refs`), so a name
//! that reaches nothing is a link finding there; this module adds what needs a mission's
//! content or the landscape: clans and relations, hosts and hall-way vertices, objects below or
//! far above the ground, lodes outside the map, and grids that do not cover their landscape.

mod ground;
mod resolve;
pub mod search;

#[cfg(test)]
mod tests;

pub use ground::Ground;
pub use resolve::{MapFolder, OBJECTS_RLB, ResolvedMission, ResolvedObject, check, find_member, resolve_mission};
pub(crate) use resolve::{landscape_target, placed_target};

use crate::formats::tma::{Mission, Offsets};

/// An object this far under the ground (world units) is below it: placement sets an object's
/// base on the ground, and the landscape's triangles lie within a few hundredths of its samples.
pub const BELOW: f32 = 1.0;
/// An object this far over the ground floats: nothing the game places flies at the start.
pub const ABOVE: f32 = 100.0;

/// One finding inside a mission: the byte offset it is about and what is wrong.
#[derive(Debug, Clone, PartialEq)]
pub struct Finding {
    pub offset: u64,
    /// The English text.
    pub message: String,
    /// The message's id and values, for the editor.
    pub key: Option<Box<crate::formats::message::Key>>,
}

impl Finding {
    pub fn new(offset: u64, message: impl Into<crate::formats::Message>) -> Finding {
        let crate::formats::Message { english, key } = message.into();
        Finding { offset, message: english, key }
    }

    /// The message alone, with its id.
    pub fn text(&self) -> crate::formats::Message {
        crate::formats::Message { english: self.message.clone(), key: self.key.clone() }
    }
}

/// What a mission says about itself that does not hold, with no other file needed: owners out
/// of the clan table (buildings and units; scenery keeps leftovers), relations naming clans the
/// mission lacks, units started in a host no building of the mission is.
pub fn mission_findings(m: &Mission, at: &Offsets) -> Vec<Finding> {
    let mut out = Vec::new();
    let object_at = |i: usize| at.objects.get(i).copied().unwrap_or(0) as u64;
    for (i, o) in m.objects.iter().enumerate() {
        let owned = o.kind <= 1;
        if owned && (o.clan < 0 || o.clan as usize >= m.clans.len()) {
            out.push(Finding::new(object_at(i), crate::msg!("mission-clan-out-of-table", "object {i} belongs to clan {clan} of {clans}", i = i, clan = o.clan, clans = m.clans.len())));
        }
        if o.host >= 0 && host(m, o.host).is_none() {
            out.push(Finding::new(object_at(i), crate::msg!("mission-host-missing", "object {i} starts in host {host}, which no building of the mission is", i = i, host = o.host)));
        }
    }
    for (c, clan) in m.clans.iter().enumerate() {
        for r in &clan.relations {
            if m.clan_by_name(r.clan.bytes()).is_none() {
                out.push(Finding::new(
                    at.clans.get(c).copied().unwrap_or(0) as u64,
                    crate::msg!(
                        "mission-relation-unknown-clan",
                        "clan {clan}'s relation names the clan {other}, which the mission lacks",
                        clan = clan.name.decode(),
                        other = r.clan.decode()
                    ),
                ));
            }
        }
    }
    out
}

/// The building whose logical id is `id`.
pub fn host(m: &Mission, id: i32) -> Option<usize> {
    m.objects.iter().position(|o| o.kind == 0 && o.logical_id == id)
}
