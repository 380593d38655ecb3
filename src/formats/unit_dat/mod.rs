//! Unit and building assemblies, `UNITS/**/*.dat` (docs/formats/unit-dat.md): a magic, the
//! unit's class word, then 112-byte components forming a tree written depth first (component 0
//! is the root; each owns the subtrees of the next `child count` components).
//!
//! The raw layer keeps each component's 112 bytes exactly (bytes after a NUL included), the
//! magic and class words as read, and, under the lenient reading, the components after the
//! root's subtree as raw bytes. The interpreted layer is the tree ([`Tree`]) and edits that keep
//! the stored layout a valid depth-first tree (`edit.rs`).

mod edit;

pub use edit::Tree;

use crate::formats::bytes::le_u32;
use crate::formats::cp1251;
use crate::formats::objrec::{encode_field, field_text, junk_after_nul};
use crate::formats::{Diagnostic, Error, Result};
use crate::msg;
use std::borrow::Cow;

pub const MAGIC: u32 = 0xF0F1;
pub const HEADER_LEN: usize = 8;
pub const COMPONENT_LEN: usize = 112;
/// Bytes of a name field (archive, record, display name).
pub const NAME_FIELD: usize = 32;
/// The archive every shipped component names.
pub const OBJECTS_RLB: &str = "objects.rlb";

const ARCHIVE_AT: usize = 0;
const RECORD_AT: usize = 32;
const FLAGS_AT: usize = 64;
const ATTACH_AT: usize = 68;
const DISPLAY_AT: usize = 72;
const CLASS_AT: usize = 104;
const CHILDREN_AT: usize = 108;

/// How a file is read where public readers differ (docs/formats/unit-dat.md, "Readings").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum Reading {
    /// The whole magic word, and every component belongs to the root's tree.
    #[default]
    Strict,
    /// ParkanPlayground's: only the magic's low 16 bits are checked, and components after the
    /// root's subtree are ignored (kept raw here, so the file still writes back unchanged).
    Lenient,
}

/// What the class word says the unit is. The word itself is always kept raw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnitClass {
    /// Bit 31 set (`0x8000xxxx`): the building loader takes it.
    Building,
    /// `0x0100xxxx`.
    Robot,
    /// `0x20000000`.
    Animal,
    Other,
}

impl UnitClass {
    pub fn of(word: u32) -> UnitClass {
        if word & 0x8000_0000 != 0 {
            UnitClass::Building
        } else if word & 0xFFFF_0000 == 0x0100_0000 {
            UnitClass::Robot
        } else if word == 0x2000_0000 {
            UnitClass::Animal
        } else {
            UnitClass::Other
        }
    }
    pub fn label(self) -> &'static str {
        match self {
            UnitClass::Building => "building",
            UnitClass::Robot => "robot",
            UnitClass::Animal => "animal",
            UnitClass::Other => "other",
        }
    }
}

/// A component's part class (its `class` field). Not strict in shipped files: some guns say 2.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PartClass {
    Chassis,
    Turret,
    Armour,
    Internal,
    Gun,
    Ammo,
    Other(u32),
}

impl PartClass {
    pub const KNOWN: [PartClass; 6] =
        [PartClass::Chassis, PartClass::Turret, PartClass::Armour, PartClass::Internal, PartClass::Gun, PartClass::Ammo];

    pub fn from_raw(v: u32) -> PartClass {
        PartClass::KNOWN.get(v as usize).copied().unwrap_or(PartClass::Other(v))
    }
    pub fn raw(self) -> u32 {
        match self {
            PartClass::Chassis => 0,
            PartClass::Turret => 1,
            PartClass::Armour => 2,
            PartClass::Internal => 3,
            PartClass::Gun => 4,
            PartClass::Ammo => 5,
            PartClass::Other(v) => v,
        }
    }
    pub fn label(self) -> &'static str {
        match self {
            PartClass::Chassis => "chassis",
            PartClass::Turret => "turret",
            PartClass::Armour => "armour",
            PartClass::Internal => "internal",
            PartClass::Gun => "gun",
            PartClass::Ammo => "ammunition",
            PartClass::Other(_) => "unknown",
        }
    }
}

/// One 112-byte component as stored. Its child count is the tree's business: only the edits of
/// [`UnitDat`] change it, so the layout stays a valid tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Component {
    raw: [u8; COMPONENT_LEN],
}

fn name_of(field: &[u8]) -> &[u8] {
    field_text(field).unwrap_or(field)
}

impl Component {
    /// A leaf component naming `record` of `objects.rlb`, with flags 1 as shipped.
    pub fn new(record: &str, display: &str, class: PartClass, attach: i32) -> Result<Component> {
        let mut c = Component { raw: [0; COMPONENT_LEN] };
        c.set_archive(OBJECTS_RLB)?;
        c.set_record(record)?;
        c.set_display_name(display)?;
        c.set_flags(1);
        c.set_attach(attach);
        c.set_class(class.raw());
        Ok(c)
    }
    pub fn from_raw(raw: [u8; COMPONENT_LEN]) -> Component {
        Component { raw }
    }
    pub fn raw(&self) -> &[u8; COMPONENT_LEN] {
        &self.raw
    }
    pub fn archive_bytes(&self) -> &[u8] {
        name_of(&self.raw[ARCHIVE_AT..ARCHIVE_AT + NAME_FIELD])
    }
    pub fn record_bytes(&self) -> &[u8] {
        name_of(&self.raw[RECORD_AT..RECORD_AT + NAME_FIELD])
    }
    pub fn display_bytes(&self) -> &[u8] {
        name_of(&self.raw[DISPLAY_AT..DISPLAY_AT + NAME_FIELD])
    }
    pub fn archive(&self) -> Cow<'_, str> {
        cp1251::decode_cow(self.archive_bytes())
    }
    pub fn record(&self) -> Cow<'_, str> {
        cp1251::decode_cow(self.record_bytes())
    }
    /// The name the game's UI shows, decoded as Windows-1251.
    pub fn display_name(&self) -> Cow<'_, str> {
        cp1251::decode_cow(self.display_bytes())
    }
    pub fn flags(&self) -> u32 {
        le_u32(&self.raw, FLAGS_AT)
    }
    /// The socket: a node of the parent's mesh (turret, gun), the parent controller's slot
    /// (internal part, clip), −1 on the root.
    pub fn attach(&self) -> i32 {
        le_u32(&self.raw, ATTACH_AT) as i32
    }
    pub fn class_raw(&self) -> u32 {
        le_u32(&self.raw, CLASS_AT)
    }
    pub fn class(&self) -> PartClass {
        PartClass::from_raw(self.class_raw())
    }
    pub fn child_count(&self) -> i32 {
        le_u32(&self.raw, CHILDREN_AT) as i32
    }

    fn set_field(&mut self, at: usize, name: &str, what: &str) -> Result<()> {
        let field = encode_field(name, NAME_FIELD, what).map_err(|e| e.at_base(at as u64, what.to_string()))?;
        self.raw[at..at + NAME_FIELD].copy_from_slice(&field);
        Ok(())
    }
    /// Names are Windows-1251, at most 31 bytes; the rest of the field is zeroed.
    pub fn set_archive(&mut self, name: &str) -> Result<()> {
        self.set_field(ARCHIVE_AT, name, "archive name")
    }
    pub fn set_record(&mut self, name: &str) -> Result<()> {
        self.set_field(RECORD_AT, name, "record name")
    }
    pub fn set_display_name(&mut self, name: &str) -> Result<()> {
        self.set_field(DISPLAY_AT, name, "display name")
    }
    pub fn set_flags(&mut self, v: u32) {
        self.raw[FLAGS_AT..FLAGS_AT + 4].copy_from_slice(&v.to_le_bytes());
    }
    pub fn set_attach(&mut self, v: i32) {
        self.raw[ATTACH_AT..ATTACH_AT + 4].copy_from_slice(&v.to_le_bytes());
    }
    pub fn set_class(&mut self, v: u32) {
        self.raw[CLASS_AT..CLASS_AT + 4].copy_from_slice(&v.to_le_bytes());
    }
    fn set_child_count(&mut self, v: i32) {
        self.raw[CHILDREN_AT..CHILDREN_AT + 4].copy_from_slice(&v.to_le_bytes());
    }
}

/// One `.dat` file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitDat {
    /// The first word as read (0xF0F1; the lenient reading accepts other high bits).
    pub magic: u32,
    /// The unit's class word ([`UnitClass::of`] names it).
    pub class_word: u32,
    /// Depth-first; component 0 is the root.
    components: Vec<Component>,
    /// Components after the root's subtree, as raw bytes (the lenient reading only; empty under
    /// the strict one, which rejects them).
    pub leftover: Vec<u8>,
}

impl UnitDat {
    /// A unit of one root component.
    pub fn new(class_word: u32, mut root: Component) -> UnitDat {
        root.set_child_count(0);
        UnitDat { magic: MAGIC, class_word, components: vec![root], leftover: Vec::new() }
    }

    /// Reads a file. The strict rules, in order, each failing at the offset given: magic word
    /// (0; the lenient reading checks its low 16 bits), a short header (the word's offset), a
    /// partial component (its start), no component (8), a negative child count (component +
    /// 108), components running out before every count is met (the end of the file), and, under
    /// the strict reading only, a component after the root's subtree (its start).
    pub fn parse(bytes: &[u8], reading: Reading) -> Result<(UnitDat, Vec<Diagnostic>)> {
        let mut diags = Vec::new();
        if bytes.len() < 4 {
            return Err(Error::new(0, msg!("unit-short-magic", "file of {n} bytes ends inside the magic word", n = bytes.len())));
        }
        let magic = le_u32(bytes, 0);
        if magic & 0xFFFF != MAGIC {
            return Err(Error::new(0, msg!("unit-bad-magic", "magic {magic}, expected {expected}", magic = format!("0x{magic:08X}"), expected = format!("0x{MAGIC:08X}"))));
        }
        if magic != MAGIC {
            let (magic, low) = (format!("0x{magic:08X}"), format!("0x{MAGIC:04X}"));
            match reading {
                Reading::Strict => {
                    return Err(Error::new(
                        0,
                        msg!(
                            "unit-magic-high-bits-strict",
                            "magic {magic}: its low 16 bits are {low} but the high ones are not zero (the lenient reading accepts it)",
                            magic = magic,
                            low = low
                        ),
                    ));
                }
                Reading::Lenient => diags.push(Diagnostic::warning(
                    0,
                    msg!(
                        "unit-magic-high-bits",
                        "magic {magic}: its low 16 bits are {low} but the high ones are not zero; the strict reading rejects it",
                        magic = magic,
                        low = low
                    ),
                )),
            }
        }
        if bytes.len() < HEADER_LEN {
            return Err(Error::new(4, msg!("unit-short-class", "file ends inside the class word")));
        }
        let class_word = le_u32(bytes, 4);
        let (chunks, rest) = bytes[HEADER_LEN..].as_chunks::<COMPONENT_LEN>();
        if !rest.is_empty() {
            let at = HEADER_LEN + chunks.len() * COMPONENT_LEN;
            return Err(Error::new(
                at,
                msg!("unit-partial-component", "partial component: {n} bytes where a component takes {len}", n = rest.len(), len = COMPONENT_LEN),
            ));
        }
        if chunks.is_empty() {
            return Err(Error::new(HEADER_LEN, msg!("unit-no-components", "no components: a unit needs at least its root")));
        }
        // Walk the counts without recursion (a crafted file may nest thousands deep): `owed` is
        // how many subtrees are still to be read.
        let mut owed: u64 = 1;
        let mut used = 0usize;
        while owed > 0 {
            let Some(raw) = chunks.get(used) else {
                return Err(Error::new(
                    bytes.len(),
                    msg!("unit-components-run-out", "the components run out: {owed} more subtree(s) are owed by the child counts", owed = owed),
                ));
            };
            let count = le_u32(raw, CHILDREN_AT) as i32;
            if count < 0 {
                return Err(Error::new(
                    HEADER_LEN + used * COMPONENT_LEN + CHILDREN_AT,
                    msg!("unit-negative-child-count", "component {used} has a negative child count {count}", used = used, count = count),
                ));
            }
            owed = owed - 1 + count as u64;
            used += 1;
        }
        let mut leftover = Vec::new();
        if used < chunks.len() {
            let at = HEADER_LEN + used * COMPONENT_LEN;
            let extra = chunks.len() - used;
            match reading {
                Reading::Strict => {
                    return Err(Error::new(
                        at,
                        msg!(
                            "unit-second-root",
                            "a second root: component {used} follows the root's whole subtree ({extra} component(s) left; the lenient reading ignores them)",
                            used = used,
                            extra = extra
                        ),
                    ));
                }
                Reading::Lenient => {
                    diags.push(Diagnostic::warning(
                        at,
                        msg!(
                            "unit-components-after-root",
                            "{extra} component(s) after the root's subtree are ignored (kept raw); the strict reading rejects the file here",
                            extra = extra
                        ),
                    ));
                    leftover = bytes[at..].to_vec();
                }
            }
        }
        let components: Vec<Component> = chunks[..used].iter().map(|r| Component { raw: *r }).collect();
        let dat = UnitDat { magic, class_word, components, leftover };
        diags.extend(dat.diagnose());
        Ok((dat, diags))
    }

    /// Findings the game would still read: a root that is not a chassis or does not say −1, a
    /// name field without a NUL or with bytes after it, an archive other than `objects.rlb`,
    /// flags other than 1, an unknown class word or part class. Offsets are file offsets.
    pub fn diagnose(&self) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        if UnitClass::of(self.class_word) == UnitClass::Other {
            out.push(Diagnostic::info(4, msg!("unit-class-word-unknown", "class word {word} is none of building, robot, animal", word = format!("0x{:08X}", self.class_word))));
        }
        for (i, c) in self.components.iter().enumerate() {
            let base = HEADER_LEN + i * COMPONENT_LEN;
            for (at, what) in [(ARCHIVE_AT, "archive"), (RECORD_AT, "record"), (DISPLAY_AT, "display name")] {
                let field = &c.raw[at..at + NAME_FIELD];
                if field_text(field).is_none() {
                    out.push(Diagnostic::warning(base + at, msg!("unit-field-no-nul", "component {i}: the {what} field has no NUL (all 32 bytes read as the name)", i = i, what = what)));
                } else if let Some(j) = junk_after_nul(field) {
                    out.push(Diagnostic::info(base + at + j, msg!("unit-field-junk", "component {i}: bytes after the {what}'s NUL (kept)", i = i, what = what)));
                }
            }
            if !c.archive_bytes().eq_ignore_ascii_case(OBJECTS_RLB.as_bytes()) {
                out.push(Diagnostic::warning(base, msg!("unit-archive-not-objects", "component {i} names archive {archive:?}, not objects.rlb", i = i, archive = c.archive())));
            }
            if c.flags() != 1 {
                out.push(Diagnostic::info(base + FLAGS_AT, msg!("unit-flags", "component {i}: flags {flags} (shipped components say 1)", i = i, flags = c.flags())));
            }
            if let PartClass::Other(v) = c.class() {
                out.push(Diagnostic::warning(base + CLASS_AT, msg!("unit-part-class-unknown", "component {i}: unknown part class {v}", i = i, v = v)));
            }
            if i == 0 && c.attach() != -1 {
                out.push(Diagnostic::info(base + ATTACH_AT, msg!("unit-root-attach", "the root's attachment is {attach}, not -1", attach = c.attach())));
            }
        }
        out
    }

    /// Header, components, leftover bytes.
    pub fn write(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER_LEN + self.components.len() * COMPONENT_LEN + self.leftover.len());
        out.extend_from_slice(&self.magic.to_le_bytes());
        out.extend_from_slice(&self.class_word.to_le_bytes());
        self.components.iter().for_each(|c| out.extend_from_slice(&c.raw));
        out.extend_from_slice(&self.leftover);
        out
    }

    pub fn unit_class(&self) -> UnitClass {
        UnitClass::of(self.class_word)
    }
    /// The components in stored (depth-first) order.
    pub fn components(&self) -> &[Component] {
        &self.components
    }
    pub fn component(&self, i: usize) -> &Component {
        &self.components[i]
    }
    /// A component to edit: names, flags, attachment and class (the child count stays the
    /// tree's, see `edit.rs`).
    pub fn component_mut(&mut self, i: usize) -> Result<&mut Component> {
        let n = self.components.len();
        self.components.get_mut(i).ok_or_else(|| Error::new(0, msg!("unit-no-component", "no component {i}: the unit has {n}", i = i, n = n)))
    }
    pub fn len(&self) -> usize {
        self.components.len()
    }
    /// Never true for a parsed unit (it has a root); kept for clippy's `len` rule.
    pub fn is_empty(&self) -> bool {
        self.components.is_empty()
    }
}

#[cfg(test)]
mod tests;
