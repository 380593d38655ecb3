//! The names a mission uses: its map path (the landscape it plays on) and each placed object's
//! path (a unit file or an `objects.rlb` record), with the object and the path's offset; the
//! objects' instance names as search words.

use super::MissionCodec;
use crate::doc::kinds::{ReadRefs, Refs, RefsInput};
use crate::doc::project::{At, Problem, Ref, RefKind};
use crate::formats::tma::{Mission, Options, VersionCheck};

/// An object's path starts after its kind and marker words (its length word first).
const PATH_AFTER: u64 = 8;

impl Refs for MissionCodec {
    fn refs(&self, item: &RefsInput, problems: &mut Vec<Problem>) -> ReadRefs {
        let o = Options { clan_body: item.readings.clan_body, versions: VersionCheck::Gated };
        let m = match Mission::parse_with(item.bytes, &o) {
            Ok((m, _)) => m,
            Err(e) => {
                problems.push(Problem::error(item.address, Some(e.offset), e.text().prefixed("mission does not read: ")));
                return ReadRefs::default();
            }
        };
        let at = m.offsets();
        let mut refs = Vec::with_capacity(m.objects.len() + 1);
        let mut words = Vec::new();
        if !m.map_path.is_empty() {
            refs.push(Ref::new(RefKind::Landscape, m.map_path.bytes(), At::Object { index: None, offset: at.map_path as u64 }));
        }
        for (i, obj) in m.objects.iter().enumerate() {
            let offset = at.objects.get(i).map_or(0, |&o| o as u64 + PATH_AFTER);
            refs.push(Ref::new(RefKind::Placed, obj.path.bytes(), At::Object { index: Some(i), offset }));
            // Buildings and units are found by their instance names too.
            if !obj.name.is_empty() {
                words.push((obj.name.decode(), At::Object { index: Some(i), offset }));
            }
        }
        ReadRefs { refs, wear: None, words }
    }
}
