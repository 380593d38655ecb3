//! Reference records of `objects.rlb` (docs/formats/objects.md): one NRes entry's payload, a run
//! of 64-byte slots, each naming an archive and a member of it. The NRes type id of the entry is
//! the record's kind.
//!
//! The raw layer is the slots' 64 bytes exactly as stored (bytes after a NUL included); the
//! interpreted layer reads each slot's two names and the role its extension gives it. Only the
//! slot an edit names changes, so an edited record differs from the original in those 64 bytes.
//! [`Objects`] is the whole archive: the NRes codec of `src/formats/nres/` with every entry's
//! payload read as a record.

mod db;

pub use db::Objects;

use crate::formats::cp1251;
use crate::formats::{Diagnostic, Error, Result};
use crate::msg;
use std::borrow::Cow;

/// Bytes of a slot: two name fields.
pub const SLOT_LEN: usize = 64;
/// Bytes of one name field.
pub const NAME_FIELD: usize = 32;
/// Longest name an edit writes: the field holds the name and its NUL.
pub const MAX_NAME: usize = NAME_FIELD - 1;
/// The archive a parent slot names (docs/formats/objects.md, "Parent slots").
pub const OBJECTS_RLB: &str = "objects.rlb";

/// What a record describes: the entry's NRes type id. Unknown tags are kept as the raw id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Scenery (vegetation, rocks).
    Stat,
    /// A unit's internal part or an ammunition clip.
    Into,
    /// A turret or a gun.
    Exto,
    /// A projectile.
    Bull,
    /// A chassis or a creature.
    Btlu,
    /// A building.
    Fort,
    /// A weapon.
    Wpns,
    /// A sun.
    Suno,
    Other(u32),
}

impl Kind {
    /// The eight kinds the shipped file holds, in the order docs/formats/objects.md lists them.
    pub const KNOWN: [Kind; 8] = [Kind::Stat, Kind::Into, Kind::Exto, Kind::Bull, Kind::Btlu, Kind::Fort, Kind::Wpns, Kind::Suno];

    pub fn from_type_id(id: u32) -> Kind {
        Kind::KNOWN.into_iter().find(|k| k.type_id() == id).unwrap_or(Kind::Other(id))
    }

    pub fn type_id(self) -> u32 {
        use crate::formats::fourcc;
        match self {
            Kind::Stat => fourcc(b"STAT"),
            Kind::Into => fourcc(b"INTO"),
            Kind::Exto => fourcc(b"EXTO"),
            Kind::Bull => fourcc(b"BULL"),
            Kind::Btlu => fourcc(b"BTLU"),
            Kind::Fort => fourcc(b"FORT"),
            Kind::Wpns => fourcc(b"WPNS"),
            Kind::Suno => fourcc(b"SUNO"),
            Kind::Other(id) => id,
        }
    }

    /// The tag as shown: its four characters when printable, else the decimal id.
    pub fn label(self) -> String {
        crate::formats::nres::type_label(self.type_id())
    }

    /// The slot counts the shipped records of this kind have (empty for an unknown tag).
    pub fn expected_slots(self) -> &'static [usize] {
        match self {
            Kind::Stat => &[6],
            Kind::Into | Kind::Exto | Kind::Bull | Kind::Wpns => &[5],
            Kind::Btlu => &[5, 7],
            Kind::Fort | Kind::Suno => &[2],
            Kind::Other(_) => &[],
        }
    }

    pub fn meaning(self) -> &'static str {
        match self {
            Kind::Stat => "scenery",
            Kind::Into => "internal part or ammunition clip",
            Kind::Exto => "turret or gun",
            Kind::Bull => "projectile",
            Kind::Btlu => "chassis or creature",
            Kind::Fort => "building",
            Kind::Wpns => "weapon",
            Kind::Suno => "sun",
            Kind::Other(_) => "unknown kind",
        }
    }
}

/// What a slot holds, by its member's extension. Only scenery's slot order is known, so a
/// reader finds a slot by its role, never by its index.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    Empty,
    /// `.msh`: the mesh (a nested NRes).
    Mesh,
    /// `.wea`: the material table.
    Materials,
    /// `.cpt`: control points.
    ControlPoints,
    /// `.ndp`: the per-node damage table.
    Damage,
    /// `.ctl`: the movement controller.
    Controller,
    /// `.bas`: a building's ground plan (uncertain).
    Footprint,
    /// `.var`: a chassis profile in `behpsp.res`.
    Profile,
    /// The archive is `objects.rlb`: the member is another record spliced in here (one public
    /// reader's reading, uncertain).
    Parent,
    /// Any other extension.
    Other,
}

impl Role {
    pub fn label(self) -> &'static str {
        match self {
            Role::Empty => "empty",
            Role::Mesh => "mesh",
            Role::Materials => "materials",
            Role::ControlPoints => "control points",
            Role::Damage => "damage",
            Role::Controller => "controller",
            Role::Footprint => "footprint",
            Role::Profile => "profile",
            Role::Parent => "parent record",
            Role::Other => "other",
        }
    }
}

/// The bytes of a NUL-terminated field up to its NUL, or `None` when it has none.
pub(crate) fn field_text(field: &[u8]) -> Option<&[u8]> {
    field.iter().position(|&b| b == 0).map(|n| &field[..n])
}

/// Where the first non-zero byte after a field's NUL is, if any (kept, reported as junk).
pub(crate) fn junk_after_nul(field: &[u8]) -> Option<usize> {
    let nul = field.iter().position(|&b| b == 0)?;
    field[nul + 1..].iter().position(|&b| b != 0).map(|p| nul + 1 + p)
}

/// Encodes a name an edit writes into a `width`-byte field: CP1251, no NUL, at most `width - 1`
/// bytes; the rest of the field is zero.
pub(crate) fn encode_field(name: &str, width: usize, what: &str) -> Result<Vec<u8>> {
    let bytes = cp1251::encode(name)
        .ok_or_else(|| Error::new(0, msg!("objrec-name-not-cp1251", "{what} {name:?} has a character with no Windows-1251 byte", what = what, name = name)))?;
    if bytes.contains(&0) {
        return Err(Error::new(0, msg!("objrec-name-nul", "{what} {name:?} contains a NUL", what = what, name = name)));
    }
    if bytes.len() > width - 1 {
        return Err(Error::new(
            0,
            msg!(
                "objrec-name-too-long",
                "{what} {name:?} is {len} bytes; the {width}-byte field holds at most {max} and a NUL",
                what = what,
                name = name,
                len = bytes.len(),
                width = width,
                max = width - 1
            ),
        ));
    }
    let mut field = bytes;
    field.resize(width, 0);
    Ok(field)
}

/// One 64-byte slot as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slot {
    raw: [u8; SLOT_LEN],
}

impl Slot {
    pub const EMPTY: Slot = Slot { raw: [0; SLOT_LEN] };

    /// A slot naming `member` of `archive`; both empty gives an empty slot.
    pub fn new(archive: &str, member: &str) -> Result<Slot> {
        let mut raw = [0u8; SLOT_LEN];
        raw[..NAME_FIELD].copy_from_slice(&encode_field(archive, NAME_FIELD, "archive name")?);
        raw[NAME_FIELD..].copy_from_slice(&encode_field(member, NAME_FIELD, "member name").map_err(|e| e.at_base(NAME_FIELD as u64, "member"))?);
        Ok(Slot { raw })
    }

    /// The stored bytes, which a parse has checked hold a NUL in each field.
    pub fn from_raw(raw: [u8; SLOT_LEN]) -> Slot {
        Slot { raw }
    }
    pub fn raw(&self) -> &[u8; SLOT_LEN] {
        &self.raw
    }
    /// All 64 bytes zero.
    pub fn is_empty(&self) -> bool {
        self.raw.iter().all(|&b| b == 0)
    }
    /// The archive name's bytes (up to the NUL; the whole field if it has none).
    pub fn archive_bytes(&self) -> &[u8] {
        let f = &self.raw[..NAME_FIELD];
        field_text(f).unwrap_or(f)
    }
    pub fn member_bytes(&self) -> &[u8] {
        let f = &self.raw[NAME_FIELD..];
        field_text(f).unwrap_or(f)
    }
    /// The archive name, decoded as Windows-1251 for display.
    pub fn archive(&self) -> Cow<'_, str> {
        cp1251::decode_cow(self.archive_bytes())
    }
    pub fn member(&self) -> Cow<'_, str> {
        cp1251::decode_cow(self.member_bytes())
    }

    /// What the slot holds: a parent record when it names `objects.rlb`, else by the member's
    /// extension (ASCII case ignored, as the game's names are).
    pub fn role(&self) -> Role {
        if self.is_empty() {
            return Role::Empty;
        }
        if self.archive_bytes().eq_ignore_ascii_case(OBJECTS_RLB.as_bytes()) {
            return Role::Parent;
        }
        let member = self.member_bytes();
        let ext = member.iter().rposition(|&b| b == b'.').map_or(&[][..], |p| &member[p + 1..]);
        let is = |e: &str| ext.eq_ignore_ascii_case(e.as_bytes());
        if is("msh") {
            Role::Mesh
        } else if is("wea") {
            Role::Materials
        } else if is("cpt") {
            Role::ControlPoints
        } else if is("ndp") {
            Role::Damage
        } else if is("ctl") {
            Role::Controller
        } else if is("bas") {
            Role::Footprint
        } else if is("var") {
            Role::Profile
        } else {
            Role::Other
        }
    }
}

/// One record: its slots in stored order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Record {
    pub slots: Vec<Slot>,
}

impl Record {
    /// Reads a payload. Fails when its size is not whole slots (at the first byte past the
    /// last whole slot) or a non-empty slot has a name field without a NUL (at that field);
    /// everything else the game would still read is a diagnostic (see [`Record::diagnose`]).
    pub fn parse(payload: &[u8], kind: Kind) -> Result<(Record, Vec<Diagnostic>)> {
        let (chunks, rest) = payload.as_chunks::<SLOT_LEN>();
        if !rest.is_empty() {
            let at = chunks.len() * SLOT_LEN;
            return Err(Error::new(
                at,
                msg!(
                    "objrec-not-whole-slots",
                    "record of {len} bytes is not a whole number of {slot}-byte slots: {rest} bytes after slot {after}",
                    len = payload.len(),
                    slot = SLOT_LEN,
                    rest = rest.len(),
                    after = chunks.len()
                ),
            ));
        }
        let mut slots = Vec::with_capacity(chunks.len());
        for (i, raw) in chunks.iter().enumerate() {
            let slot = Slot { raw: *raw };
            if !slot.is_empty() {
                for (field, what) in [(0, "archive"), (NAME_FIELD, "member")] {
                    if field_text(&raw[field..field + NAME_FIELD]).is_none() {
                        return Err(Error::new(
                            i * SLOT_LEN + field,
                            msg!("objrec-slot-no-nul", "slot {i}: the {what} name has no NUL within its {width} bytes", i = i, what = what, width = NAME_FIELD),
                        ));
                    }
                }
            }
            slots.push(slot);
        }
        let record = Record { slots };
        let diags = record.diagnose(kind);
        Ok((record, diags))
    }

    /// The payload: every slot's 64 bytes in order.
    pub fn write(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.slots.len() * SLOT_LEN);
        self.slots.iter().for_each(|s| out.extend_from_slice(&s.raw));
        out
    }

    /// Findings that do not stop the record from being read: a slot count the shipped records
    /// of this kind do not have, bytes after a NUL, an empty slot before a filled one, a slot
    /// with only one of its two names. Offsets are within the payload.
    pub fn diagnose(&self, kind: Kind) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        let expected = kind.expected_slots();
        if !expected.is_empty() && !expected.contains(&self.slots.len()) {
            let (label, n) = (kind.label(), self.slots.len());
            let message = match *expected {
                [want] => msg!("objrec-slot-count", "{label} record has {n} slots; shipped {label} records have {want}", label = label, n = n, want = want),
                [a, b] => msg!("objrec-slot-count-either", "{label} record has {n} slots; shipped {label} records have {a} or {b}", label = label, n = n, a = a, b = b),
                _ => {
                    let want = expected.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(" or ");
                    msg!("objrec-slot-count-any", "{label} record has {n} slots; shipped {label} records have {want}", label = label, n = n, want = want)
                }
            };
            out.push(Diagnostic::warning(0, message));
        }
        if let Kind::Other(id) = kind {
            out.push(Diagnostic::info(0, msg!("objrec-kind-unknown", "unknown record kind {label} ({id}); slots read by extension", label = kind.label(), id = format!("0x{id:08X}"))));
        }
        let last_filled = self.slots.iter().rposition(|s| !s.is_empty());
        for (i, slot) in self.slots.iter().enumerate() {
            let base = i * SLOT_LEN;
            if slot.is_empty() {
                if last_filled.is_some_and(|l| i < l) {
                    out.push(Diagnostic::info(base, msg!("objrec-slot-gap", "slot {i} is empty but a later slot is filled", i = i)));
                }
                continue;
            }
            for (field, what) in [(0, "archive"), (NAME_FIELD, "member")] {
                let bytes = &slot.raw[field..field + NAME_FIELD];
                if let Some(j) = junk_after_nul(bytes) {
                    out.push(Diagnostic::info(base + field + j, msg!("objrec-slot-junk", "slot {i}: bytes after the {what} name's NUL (kept)", i = i, what = what)));
                }
                if field_text(bytes).is_some_and(<[u8]>::is_empty) {
                    out.push(Diagnostic::warning(base + field, msg!("objrec-slot-half", "slot {i} has no {what} name but is not empty", i = i, what = what)));
                }
            }
        }
        out
    }

    /// Writes `member` of `archive` into slot `i` (both empty clears it). Only that slot's 64
    /// bytes change; names are Windows-1251, at most 31 bytes.
    pub fn set_slot(&mut self, i: usize, archive: &str, member: &str) -> Result<()> {
        let n = self.slots.len();
        let slot = self.slots.get_mut(i).ok_or_else(|| Error::new(0, msg!("objrec-no-slot", "no slot {i}: the record has {n}", i = i, n = n)))?;
        *slot = Slot::new(archive, member).map_err(|e| e.at_base((i * SLOT_LEN) as u64, format!("slot {i}")))?;
        Ok(())
    }

    /// Appends a slot, returning its index.
    pub fn push_slot(&mut self, archive: &str, member: &str) -> Result<usize> {
        let i = self.slots.len();
        let slot = Slot::new(archive, member).map_err(|e| e.at_base((i * SLOT_LEN) as u64, format!("slot {i}")))?;
        self.slots.push(slot);
        Ok(i)
    }

    /// Zeroes slot `i`.
    pub fn clear_slot(&mut self, i: usize) -> Result<()> {
        self.set_slot(i, "", "")
    }

    /// The first slot of this role.
    pub fn find_role(&self, role: Role) -> Option<usize> {
        self.slots.iter().position(|s| s.role() == role)
    }

    /// The record keys named by parent slots (`objects.rlb` slots), in slot order.
    pub fn parents(&self) -> impl Iterator<Item = &[u8]> {
        self.slots.iter().filter(|s| s.role() == Role::Parent).map(Slot::member_bytes)
    }
}

#[cfg(test)]
mod tests;
