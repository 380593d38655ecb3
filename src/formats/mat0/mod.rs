//! MAT0 materials (entries of type `MAT0` in `Material.lib`): docs/formats/mat0.md.
//!
//! The raw layer here holds the records exactly as stored: the version-gated prefix, each
//! phase's 18 parameter bytes and its whole 16-byte name field (bytes after the NUL too), each
//! animation block's header word whole and its keys with the never-read `k2`. Parsing then
//! writing gives back the same bytes. The interpreted views sit beside it: [`phase`] (colours,
//! power, cell, texture, with setters that round to the stored byte), [`flags`] (attr1),
//! [`runtime`] (the engine's 76-byte phase), [`eval`] (phase selection and interpolation),
//! [`lookup`] (name lookup with the engine's fallbacks) and [`check`] (validation).

pub mod check;
pub mod eval;
pub mod flags;
pub mod lookup;
pub mod phase;
pub mod rng;
pub mod runtime;

pub use eval::{MaterialState, material_state};

use super::bytes::{Reader, SharedBytes, WriteLe, le_u16, le_u32};
use super::error::{Error, Result};
use super::message::{Message, hex};
use crate::msg;

/// The engine refuses a material with this many animation blocks or more ("Too many animations
/// for material."): its per-material pool record has 20 block slots and the loader checks
/// `count < 20`.
pub const ANIM_BLOCK_LIMIT: usize = 20;
pub const PARAMS_LEN: usize = 18;
pub const NAME_LEN: usize = 16;
pub const PHASE_LEN: usize = PARAMS_LEN + NAME_LEN;
pub const KEY_LEN: usize = 6;
/// Header word plus key count.
pub const BLOCK_HEAD_LEN: usize = 6;
/// The version every shipped `Material.lib` entry has (`attr2`).
pub const SHIPPED_VERSION: u32 = 6;

/// The four version-gated fields between the counts and the phases. A field the version does
/// not store holds the engine's runtime default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Meta {
    /// Ground surface class (0xFF unset), stored from version 2.
    pub a: u8,
    /// Unused by the engine (0xFF), stored from version 2.
    pub b: u8,
    /// f32 bits of a speed factor, stored from version 3.
    pub c: u32,
    /// f32 bits of a damage per second, stored from version 4.
    pub d: u32,
}

impl Meta {
    /// The engine's values for fields a version does not store.
    pub const RUNTIME_DEFAULT: Meta = Meta { a: 0xFF, b: 0xFF, c: 0x3F80_0000, d: 0 };

    pub fn speed_factor(&self) -> f32 {
        f32::from_bits(self.c)
    }
    pub fn damage_per_second(&self) -> f32 {
        f32::from_bits(self.d)
    }
    pub fn set_speed_factor(&mut self, v: f32) {
        self.c = v.to_bits();
    }
    pub fn set_damage_per_second(&mut self, v: f32) {
        self.d = v.to_bits();
    }
}

impl Default for Meta {
    fn default() -> Self {
        Meta::RUNTIME_DEFAULT
    }
}

/// Which meta fields a payload version stores.
pub fn stores_meta_ab(version: u32) -> bool {
    version >= 2
}
pub fn stores_meta_c(version: u32) -> bool {
    version >= 3
}
pub fn stores_meta_d(version: u32) -> bool {
    version >= 4
}
/// Bytes between the two counts and the first phase for a version.
pub fn prefix_len(version: u32) -> usize {
    match version {
        0 | 1 => 0,
        2 => 2,
        3 => 6,
        _ => 10,
    }
}

/// One phase record as stored: 18 parameter bytes and the 16-byte texture name field.
/// `repr(C)` over bytes only (34 bytes, alignment 1): a payload's phase records are viewed as
/// phases where they lie ([`Mat0Ref::phases`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C)]
pub struct Phase {
    pub params: [u8; PARAMS_LEN],
    /// The whole field, bytes after the NUL included (they are not always zero).
    pub name: [u8; NAME_LEN],
}

const _: () = assert!(std::mem::size_of::<Phase>() == PHASE_LEN && std::mem::align_of::<Phase>() == 1);

impl Phase {
    /// Whole 34-byte records seen as phases, in place.
    fn view(raw: &[[u8; PHASE_LEN]]) -> &[Phase] {
        // SAFETY: `Phase` is `repr(C)` over two byte arrays (18 + 16 bytes, no padding, checked
        // above): the same size and alignment (1) as `[u8; 34]`, every bit pattern valid, so a
        // slice of one is a valid slice of the other, borrowed for the same lifetime.
        unsafe { std::slice::from_raw_parts(raw.as_ptr().cast::<Phase>(), raw.len()) }
    }
}

/// One animation key as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Key {
    /// Phase index.
    pub k0: u16,
    /// Game time (ms) at which this key's interval ends.
    pub k1: u16,
    /// Never read by the engine; kept.
    pub k2: u16,
}

/// An animation block as stored: the header word whole (`mode = header & 7`,
/// `interp_mask = header >> 3`) and the keys.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct AnimBlock {
    pub header: u32,
    pub keys: Vec<Key>,
}

/// The playback mode of an animation block (`header & 7`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AnimMode {
    Loop,
    PingPong,
    OneShot,
    Random,
    /// 4..7: no engine branch handles them; they play as a loop.
    Unknown(u8),
}

impl AnimMode {
    pub fn from_bits(bits: u32) -> AnimMode {
        match bits & 7 {
            0 => AnimMode::Loop,
            1 => AnimMode::PingPong,
            2 => AnimMode::OneShot,
            3 => AnimMode::Random,
            other => AnimMode::Unknown(other as u8),
        }
    }
    pub fn bits(self) -> u32 {
        match self {
            AnimMode::Loop => 0,
            AnimMode::PingPong => 1,
            AnimMode::OneShot => 2,
            AnimMode::Random => 3,
            AnimMode::Unknown(v) => u32::from(v & 7),
        }
    }
    pub fn label(self) -> &'static str {
        match self {
            AnimMode::Loop => "loop",
            AnimMode::PingPong => "ping-pong",
            AnimMode::OneShot => "one-shot",
            AnimMode::Random => "random",
            AnimMode::Unknown(_) => "unknown (plays as loop)",
        }
    }
}

impl AnimBlock {
    pub fn new(mode: AnimMode, interp_mask: u32, keys: Vec<Key>) -> AnimBlock {
        let mut b = AnimBlock { header: 0, keys };
        b.set_mode(mode);
        b.set_interp_mask(interp_mask);
        b
    }
    pub fn mode_bits(&self) -> u32 {
        self.header & 7
    }
    pub fn mode(&self) -> AnimMode {
        AnimMode::from_bits(self.header)
    }
    pub fn interp_mask(&self) -> u32 {
        self.header >> 3
    }
    pub fn set_mode(&mut self, mode: AnimMode) {
        self.header = (self.header & !7) | mode.bits();
    }
    /// Bits of `mask` above the 29 the header holds are dropped.
    pub fn set_interp_mask(&mut self, mask: u32) {
        self.header = (self.header & 7) | (mask << 3);
    }
    /// The last key's `k1`: the length of one cycle in ms (0 without keys).
    pub fn cycle_len(&self) -> u32 {
        self.keys.last().map_or(0, |k| u32::from(k.k1))
    }
    /// Key `i`'s interval `[start, end)`: it starts where the previous key ends (0 for the
    /// first). `start > end` happens when `k1` decreases; such an interval holds no time.
    pub fn interval(&self, i: usize) -> Option<(u32, u32)> {
        let end = u32::from(self.keys.get(i)?.k1);
        let start = match i.checked_sub(1) {
            Some(p) => u32::from(self.keys[p].k1),
            None => 0,
        };
        Some((start, end))
    }
}

/// A MAT0 payload: the raw records and the version (`attr2`) that laid them out.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Mat0 {
    /// The payload version, the entry's `attr2`.
    pub version: u32,
    pub meta: Meta,
    pub phases: Vec<Phase>,
    pub anim: Vec<AnimBlock>,
}

impl Mat0 {
    /// An empty material of a version (no phases, no blocks, runtime-default meta fields).
    pub fn new(version: u32) -> Mat0 {
        Mat0 { version, meta: Meta::RUNTIME_DEFAULT, phases: Vec::new(), anim: Vec::new() }
    }

    /// Parses a payload laid out for version `attr2`. Every count is bounded by the bytes that
    /// remain before anything is allocated; trailing bytes are an error. The records are
    /// copied into the owned material an edit changes; [`Mat0Ref::parse`] reads the same
    /// payload in place.
    pub fn parse(bytes: &[u8], attr2: u32) -> Result<Mat0> {
        let l = Layout::read(bytes, attr2)?;
        let anim = (0..l.block_count)
            .map(|b| {
                let at = l.blocks[b] as usize;
                let keys = &bytes[at + BLOCK_HEAD_LEN..l.block_end(b, bytes.len())];
                AnimBlock { header: le_u32(bytes, at), keys: keys.chunks_exact(KEY_LEN).map(|c| Key { k0: le_u16(c, 0), k1: le_u16(c, 2), k2: le_u16(c, 4) }).collect() }
            })
            .collect();
        Ok(Mat0 { version: attr2, meta: l.meta, phases: l.phases(bytes).to_vec(), anim })
    }

    /// Serialises the payload for `self.version`. Fails, writing nothing, when a count does
    /// not fit its field or a meta field differs from its default in a version that cannot
    /// store it (writing would lose it silently).
    pub fn write(&self) -> Result<Vec<u8>> {
        self.validate_for_write()?;
        let mut out = Vec::with_capacity(self.encoded_len());
        self.write_into(&mut out);
        Ok(out)
    }

    /// The payload length `write` produces.
    pub fn encoded_len(&self) -> usize {
        let keys: usize = self.anim.iter().map(|b| BLOCK_HEAD_LEN + b.keys.len() * KEY_LEN).sum();
        4 + prefix_len(self.version) + self.phases.len() * PHASE_LEN + keys
    }

    /// Byte offset of phase `i`'s record within the payload.
    pub fn phase_offset(&self, i: usize) -> usize {
        4 + prefix_len(self.version) + i * PHASE_LEN
    }

    /// Byte offset of animation block `b`'s header within the payload.
    pub fn block_offset(&self, b: usize) -> usize {
        let mut at = self.phase_offset(self.phases.len());
        for block in self.anim.iter().take(b) {
            at += BLOCK_HEAD_LEN + block.keys.len() * KEY_LEN;
        }
        at
    }

    /// Byte offset of key `k` of block `b`.
    pub fn key_offset(&self, b: usize, k: usize) -> usize {
        self.block_offset(b) + BLOCK_HEAD_LEN + k * KEY_LEN
    }

    /// Changes the layout version. Meta fields the new version does not store go back to
    /// their runtime defaults (the engine will use those); the others keep their values.
    pub fn set_version(&mut self, version: u32) {
        self.version = version;
        let d = Meta::RUNTIME_DEFAULT;
        if !stores_meta_ab(version) {
            self.meta.a = d.a;
            self.meta.b = d.b;
        }
        if !stores_meta_c(version) {
            self.meta.c = d.c;
        }
        if !stores_meta_d(version) {
            self.meta.d = d.d;
        }
    }

    fn validate_for_write(&self) -> Result<()> {
        if self.phases.len() > usize::from(u16::MAX) {
            return Err(Error::new(0, msg!("mat0-too-many-phases", "{count} phases do not fit the u16 phase_count", count = self.phases.len())));
        }
        if self.anim.len() >= ANIM_BLOCK_LIMIT {
            return Err(Error::new(
                2,
                msg!("mat0-too-many-blocks", "{count} animation blocks: the engine accepts at most {max}", count = self.anim.len(), max = ANIM_BLOCK_LIMIT - 1),
            ));
        }
        for (b, block) in self.anim.iter().enumerate() {
            if block.keys.len() > usize::from(u16::MAX) {
                return Err(Error::new(
                    self.block_offset(b) + 4,
                    msg!("mat0-too-many-keys", "animation block {b}: {count} keys do not fit the u16 key_count", b = b, count = block.keys.len()),
                ));
            }
        }
        let d = Meta::RUNTIME_DEFAULT;
        let v = self.version;
        let lost = [
            (!stores_meta_ab(v) && (self.meta.a != d.a || self.meta.b != d.b), "metaA/metaB", 2),
            (!stores_meta_c(v) && self.meta.c != d.c, "metaC", 3),
            (!stores_meta_d(v) && self.meta.d != d.d, "metaD", 4),
        ];
        if let Some((_, what, from)) = lost.iter().find(|(l, _, _)| *l) {
            return Err(Error::new(
                4,
                msg!(
                    "mat0-meta-lost",
                    "{what} differs from its default but version {v} does not store it (stored from version {from})",
                    what = *what,
                    v = v,
                    from = *from
                ),
            ));
        }
        Ok(())
    }

    fn write_into(&self, out: &mut Vec<u8>) {
        out.put_u16(self.phases.len() as u16);
        out.put_u16(self.anim.len() as u16);
        if stores_meta_ab(self.version) {
            out.put_u8(self.meta.a);
            out.put_u8(self.meta.b);
        }
        if stores_meta_c(self.version) {
            out.put_u32(self.meta.c);
        }
        if stores_meta_d(self.version) {
            out.put_u32(self.meta.d);
        }
        for p in &self.phases {
            out.extend_from_slice(&p.params);
            out.extend_from_slice(&p.name);
        }
        for block in &self.anim {
            out.put_u32(block.header);
            out.put_u16(block.keys.len() as u16);
            for k in &block.keys {
                out.put_u16(k.k0);
                out.put_u16(k.k1);
                out.put_u16(k.k2);
            }
        }
    }
}

/// Where a payload's records lie, found with every check of [`Mat0::parse`] and nothing
/// copied or allocated: the meta fields, the phase records' start and count, each animation
/// block's start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Layout {
    meta: Meta,
    phases_at: usize,
    phase_count: usize,
    block_count: usize,
    /// Byte offset of each block's header; the keys follow it up to the next block (or the
    /// payload's end).
    blocks: [u32; ANIM_BLOCK_LIMIT],
}

impl Layout {
    fn read(bytes: &[u8], attr2: u32) -> Result<Layout> {
        let mut r = Reader::new(bytes);
        let phase_count = usize::from(r.u16("phase_count")?);
        let block_count = usize::from(r.u16("anim_block_count")?);
        if block_count >= ANIM_BLOCK_LIMIT {
            return Err(Error::new(
                2,
                msg!(
                    "mat0-block-count",
                    "anim_block_count is {count}, expected fewer than {limit} \
                     (the engine refuses: \"Too many animations for material.\")",
                    count = block_count,
                    limit = ANIM_BLOCK_LIMIT
                ),
            ));
        }
        let mut meta = Meta::RUNTIME_DEFAULT;
        if stores_meta_ab(attr2) {
            meta.a = r.u8("metaA")?;
            meta.b = r.u8("metaB")?;
        }
        if stores_meta_c(attr2) {
            meta.c = r.u32("metaC")?;
        }
        if stores_meta_d(attr2) {
            meta.d = r.u32("metaD")?;
        }

        if r.need_records(phase_count, PHASE_LEN, "phase records").is_err() {
            let what = |i, size, left| {
                msg!(
                    "mat0-phase-truncated",
                    "phase {i} of {count} runs past the end of the payload (need {size} bytes, {left} left)",
                    i = i,
                    count = phase_count,
                    size = size,
                    left = left
                )
            };
            return Err(truncated_record(&r, PHASE_LEN, what)
                .within(format!("phases[{}]", r.remaining() / PHASE_LEN)));
        }
        let phases_at = r.pos();
        r.skip(phase_count * PHASE_LEN, "phase records")?;

        let mut blocks = [0u32; ANIM_BLOCK_LIMIT];
        let mut at = r.pos();
        for (b, start) in blocks.iter_mut().enumerate().take(block_count) {
            // Payloads are NRes entries: below 4 GiB.
            *start = at as u32;
            // The block's length from its key count where the bytes are there; else the
            // checked reading, for its error.
            let end = bytes.get(at + 4..at + 6).map(|c| at + BLOCK_HEAD_LEN + usize::from(le_u16(c, 0)) * KEY_LEN);
            match end.filter(|&e| e <= bytes.len()) {
                Some(e) => at = e,
                None => {
                    let mut r = Reader::at(bytes, at);
                    read_block(&mut r, b)?;
                    at = r.pos();
                }
            }
        }
        r.seek(at, "animation blocks")?;

        if r.remaining() != 0 {
            return Err(Error::new(
                r.pos(),
                msg!(
                    "mat0-trailing-bytes",
                    "{count} bytes after the last animation block (expected the payload to end at {end})",
                    count = r.remaining(),
                    end = hex(r.pos())
                ),
            ));
        }
        Ok(Layout { meta, phases_at, phase_count, block_count, blocks })
    }

    fn phases<'a>(&self, bytes: &'a [u8]) -> &'a [Phase] {
        Phase::view(bytes[self.phases_at..self.phases_at + self.phase_count * PHASE_LEN].as_chunks::<PHASE_LEN>().0)
    }

    /// Where block `b`'s keys end.
    fn block_end(&self, b: usize, len: usize) -> usize {
        if b + 1 < self.block_count { self.blocks[b + 1] as usize } else { len }
    }
}

/// Checks one animation block (header, key count, keys) and moves past it.
fn read_block(r: &mut Reader, b: usize) -> Result<()> {
    let ctx = || format!("anim[{b}]");
    let in_block = |e: Error| Error::new(e.offset, e.text().prefixed(&format!("animation block {b}: "))).within(ctx());
    r.u32("animation block header").map_err(in_block)?;
    let key_count = usize::from(r.u16("key_count").map_err(in_block)?);
    if r.need_records(key_count, KEY_LEN, "keys").is_err() {
        let k = r.remaining() / KEY_LEN;
        let what = |i, size, left| {
            msg!(
                "mat0-key-truncated",
                "animation block {b} key {i} of {count} runs past the end of the payload (need {size} bytes, {left} left)",
                b = b,
                i = i,
                count = key_count,
                size = size,
                left = left
            )
        };
        return Err(truncated_record(r, KEY_LEN, what)
            .within(format!("keys[{k}]"))
            .within(ctx()));
    }
    r.skip(key_count * KEY_LEN, "keys")
}

/// A MAT0 payload read in place: the layout checked as [`Mat0::parse`] checks it, the phases
/// viewed where they lie and the keys read when asked; nothing copied, nothing allocated. For
/// what only reads a material (the project index); [`Mat0Ref::to_mat0`] makes the owned
/// material that an edit changes and the evaluation reads.
#[derive(Debug, Clone)]
pub struct Mat0Ref {
    bytes: SharedBytes,
    version: u32,
    layout: Layout,
}

impl Mat0Ref {
    /// Reads a payload laid out for version `attr2`, keeping the bytes it is given (the
    /// document's, shared; a borrowed slice is copied once). Fails as [`Mat0::parse`] fails.
    pub fn parse(bytes: impl Into<SharedBytes>, attr2: u32) -> Result<Mat0Ref> {
        let bytes: SharedBytes = bytes.into();
        let layout = Layout::read(&bytes, attr2)?;
        Ok(Mat0Ref { bytes, version: attr2, layout })
    }
    /// The payload version, the entry's `attr2`.
    pub fn version(&self) -> u32 {
        self.version
    }
    pub fn meta(&self) -> Meta {
        self.layout.meta
    }
    /// The phase records where they lie in the payload.
    pub fn phases(&self) -> &[Phase] {
        self.layout.phases(&self.bytes)
    }
    pub fn block_count(&self) -> usize {
        self.layout.block_count
    }
    /// Block `b`'s header word (`mode = header & 7`, `interp_mask = header >> 3`).
    pub fn block_header(&self, b: usize) -> u32 {
        le_u32(&self.bytes, self.layout.blocks[b] as usize)
    }
    /// Block `b`'s keys, read from the payload.
    pub fn keys(&self, b: usize) -> impl ExactSizeIterator<Item = Key> + '_ {
        let at = self.layout.blocks[b] as usize + BLOCK_HEAD_LEN;
        self.bytes[at..self.layout.block_end(b, self.bytes.len())].chunks_exact(KEY_LEN).map(|c| Key { k0: le_u16(c, 0), k1: le_u16(c, 2), k2: le_u16(c, 4) })
    }
    /// The payload as it was read (what an untouched material writes).
    pub fn bytes(&self) -> &SharedBytes {
        &self.bytes
    }
    /// The owned material, to edit or evaluate.
    pub fn to_mat0(&self) -> Mat0 {
        Mat0 {
            version: self.version,
            meta: self.meta(),
            phases: self.phases().to_vec(),
            anim: (0..self.block_count()).map(|b| AnimBlock { header: self.block_header(b), keys: self.keys(b).collect() }).collect(),
        }
    }
}

/// The error for a run of fixed-size records that does not fit: names the first record that
/// is cut short and where it starts.
/// `what(record, size, left)` is the message.
fn truncated_record(r: &Reader, size: usize, what: impl Fn(usize, usize, usize) -> Message) -> Error {
    let whole = r.remaining() / size;
    let at = r.pos() + whole * size;
    let left = r.remaining() - whole * size;
    Error::new(at, what(whole, size, left))
}

#[cfg(test)]
#[path = "parse_tests.rs"]
mod tests;
