//! A MAT0 material as a TOML text a person edits (docs/unpack.md): the entry's attributes,
//! the version-gated meta fields, each phase with its colours as `#RRGGBBAA` hex bytes, and
//! each animation block with its key times in ms. Every stored byte has a place in the text
//! (the bytes after a texture name's NUL and the never-read key word `k2` appear only when
//! they are not zero), so text → payload gives back exactly the bytes it was written from.
//! Mistakes are errors with the line and column of the value at fault.

use crate::formats::cp1251;
use crate::formats::message::{Key as MessageKey, Message};
use crate::msg;
use crate::formats::mat0::{AnimBlock, AnimMode, Key, Mat0, Meta, NAME_LEN, PARAMS_LEN, Phase, prefix_len, stores_meta_ab, stores_meta_c, stores_meta_d};
use serde::Deserialize;
use std::fmt::Write as _;
use std::ops::Range;
use toml::Spanned;

/// The file extension of a material's text.
pub const EXTENSION: &str = ".mat0.toml";

/// A material's payload and the entry attributes its text carries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MaterialText {
    pub mat: Mat0,
    /// attr1 (flags), attr2 (the payload version), attr3.
    pub attrs: [u32; 3],
}

/// A mistake in a material text, with where it is (1-based).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextError {
    pub line: usize,
    pub column: usize,
    /// The English text (what the CLI prints).
    pub message: String,
    /// The message's id and values (none for the TOML reader's own messages).
    pub key: Option<Box<MessageKey>>,
}

impl TextError {
    /// The message alone, with its id (without the line and column `Display` adds).
    pub fn text(&self) -> Message {
        Message { english: self.message.clone(), key: self.key.clone() }
    }
}

impl std::fmt::Display for TextError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}, column {}: {}", self.line, self.column, self.message)
    }
}

/// 1-based line and column (in characters) of a byte offset.
pub fn line_col(text: &str, at: usize) -> (usize, usize) {
    let at = at.min(text.len());
    let before = &text[..text.floor_char_boundary(at)];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[start..].chars().count() + 1)
}

fn hex_bytes(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02X}")).collect()
}

fn colour(b: &[u8]) -> String {
    format!("\"#{}\"", hex_bytes(b))
}

/// A float field as text: the shortest decimal that reads back to the same bits, or the bits
/// in hex under `NAME_bits` when no decimal does (a NaN with a payload).
fn float_line(out: &mut String, name: &str, bits: u32, comment: &str) {
    let v = f32::from_bits(bits);
    let text = format!("{v:?}");
    let back = text.parse::<f64>().ok().map(|d| (d as f32).to_bits());
    if back == Some(bits) {
        let _ = writeln!(out, "{:<24} # {comment}", format!("{name} = {text}"));
    } else {
        let _ = writeln!(out, "{:<24} # {comment} (f32 bits: no decimal reads back to them)", format!("{name}_bits = 0x{bits:08X}"));
    }
}

fn mode_text(bits: u32) -> String {
    match AnimMode::from_bits(bits) {
        AnimMode::Unknown(v) => v.to_string(),
        m => format!("\"{}\"", m.label()),
    }
}

/// The text of a material. `title` names it in the first comment (entry and archive).
pub fn write(mat: &Mat0, attrs: [u32; 3], title: &str) -> String {
    let mut o = String::with_capacity(512 + mat.phases.len() * 400);
    let _ = writeln!(o, "# MAT0 material {title}. Edit, then run `parkan-studio pack`.");
    o.push_str("# Colours are \"#RRGGBBAA\" bytes (value = byte / 255; the ambient alpha is byte / 100).\n");
    o.push_str("# Key times are in milliseconds.\n\n");
    let _ = writeln!(o, "{:<24} # payload layout version (the entry's attr2)", format!("version = {}", attrs[1]));
    let _ = writeln!(
        o,
        "{:<24} # attr1: bit 0 second texture stage, bit 1 flagA, bits 2-5 blend mode, bit 6 flagB",
        format!("flags = 0x{:08X}", attrs[0])
    );
    let _ = writeln!(o, "{:<24} # the entry's attr3", format!("attr3 = 0x{:08X}", attrs[2]));
    let v = mat.version;
    if stores_meta_ab(v) {
        let _ = writeln!(o, "{:<24} # metaA: ground surface class (0xFF: none)", format!("surface = 0x{:02X}", mat.meta.a));
        let _ = writeln!(o, "{:<24} # metaB: not read by the engine", format!("meta_b = 0x{:02X}", mat.meta.b));
    }
    if stores_meta_c(v) {
        float_line(&mut o, "speed_factor", mat.meta.c, "metaC: speed factor on this ground");
    }
    if stores_meta_d(v) {
        float_line(&mut o, "damage_per_second", mat.meta.d, "metaD: damage per second on this ground");
    }
    for (i, p) in mat.phases.iter().enumerate() {
        let _ = writeln!(o, "\n[[phase]]                # phase {i}");
        let name = p.texture_bytes();
        let text = cp1251::decode(name);
        let _ = writeln!(o, "{:<24} # texture name (\"\" for none)", format!("texture = {}", toml_string(&text)));
        let canonical = canonical_name(name);
        if cp1251::encode(&text).as_deref() != Some(name) || canonical != Some(p.name) {
            let _ = writeln!(o, "{:<24} # the whole 16-byte name field, bytes after the NUL included", format!("name_field = \"{}\"", hex_bytes(&p.name)));
        }
        for (g, label) in [(0, "ambient"), (4, "diffuse"), (8, "specular"), (12, "emissive")] {
            let _ = writeln!(o, "{:<24} # {label} colour", format!("{label} = {}", colour(&p.params[g..g + 4])));
        }
        let _ = writeln!(o, "{:<24} # specular power step: the device's power is 1 << power", format!("power = {}", p.params[16]));
        let _ = writeln!(o, "{:<24} # Page rect of the texture to draw (0xFF: the whole texture)", format!("cell = 0x{:02X}", p.params[17]));
    }
    for (b, block) in mat.anim.iter().enumerate() {
        let _ = writeln!(o, "\n[[anim]]                 # animation block {b}");
        let _ = writeln!(o, "{:<24} # \"loop\", \"ping-pong\", \"one-shot\", \"random\" (4-7 play as loop)", format!("mode = {}", mode_text(block.header)));
        let _ = writeln!(o, "{:<24} # which colour channels interpolate between keys (header >> 3)", format!("interp = 0x{:X}", block.header >> 3));
        o.push_str("keys = [                 # the phase shown until end_ms of each cycle\n");
        for k in &block.keys {
            if k.k2 == 0 {
                let _ = writeln!(o, "  {{ phase = {}, end_ms = {} }},", k.k0, k.k1);
            } else {
                let _ = writeln!(o, "  {{ phase = {}, end_ms = {}, k2 = {} }},", k.k0, k.k1, k.k2);
            }
        }
        o.push_str("]\n");
    }
    o
}

fn toml_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 || c == '\u{7F}' => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The name field a plain name makes: its bytes, then zeros.
fn canonical_name(name: &[u8]) -> Option<[u8; NAME_LEN]> {
    if name.len() >= NAME_LEN {
        return None;
    }
    let mut f = [0u8; NAME_LEN];
    f[..name.len()].copy_from_slice(name);
    Some(f)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TextDoc {
    version: Spanned<u32>,
    #[serde(default)]
    flags: u32,
    #[serde(default)]
    attr3: u32,
    surface: Option<Spanned<u32>>,
    meta_b: Option<Spanned<u32>>,
    speed_factor: Option<Spanned<f64>>,
    speed_factor_bits: Option<Spanned<u32>>,
    damage_per_second: Option<Spanned<f64>>,
    damage_per_second_bits: Option<Spanned<u32>>,
    #[serde(default)]
    phase: Vec<PhaseDoc>,
    #[serde(default)]
    anim: Vec<Spanned<AnimDoc>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PhaseDoc {
    texture: Spanned<String>,
    name_field: Option<Spanned<String>>,
    ambient: Spanned<String>,
    diffuse: Spanned<String>,
    specular: Spanned<String>,
    emissive: Spanned<String>,
    power: Spanned<u32>,
    cell: Spanned<u32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AnimDoc {
    mode: Spanned<ModeDoc>,
    interp: Option<Spanned<u32>>,
    keys: Vec<Spanned<KeyDoc>>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum ModeDoc {
    Name(String),
    Number(u32),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct KeyDoc {
    phase: Spanned<u32>,
    end_ms: Spanned<u32>,
    k2: Option<Spanned<u32>>,
}

struct Reader<'a> {
    text: &'a str,
}

impl Reader<'_> {
    fn err(&self, span: Range<usize>, message: impl Into<Message>) -> TextError {
        let (line, column) = line_col(self.text, span.start);
        let Message { english, key } = message.into();
        TextError { line, column, message: english, key }
    }

    fn byte<T: Into<u64> + Copy>(&self, v: &Spanned<T>, what: &str, max: u64) -> Result<u64, TextError> {
        let x: u64 = (*v.get_ref()).into();
        if x > max {
            return Err(self.err(v.span(), msg!("mat0-text-above-max", "{what} is {x}; it must be at most {max}", what = what, x = x, max = max)));
        }
        Ok(x)
    }

    fn colour(&self, v: &Spanned<String>, what: &str) -> Result<[u8; 4], TextError> {
        let s = v.get_ref();
        let hex = s.strip_prefix('#').unwrap_or(s);
        if hex.len() != 8 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(self.err(v.span(), msg!("mat0-text-colour", "{what} colour {s:?}: expected \"#RRGGBBAA\" (four hex bytes)", what = what, s = s)));
        }
        Ok(std::array::from_fn(|i| u8::from_str_radix(&hex[i * 2..i * 2 + 2], 16).unwrap_or(0)))
    }

    fn float(&self, dec: &Option<Spanned<f64>>, bits: &Option<Spanned<u32>>, name: &str) -> Result<Option<u32>, TextError> {
        match (dec, bits) {
            (Some(_), Some(b)) => Err(self.err(b.span(), msg!("mat0-text-both", "give {name} or {name}_bits, not both", name = name))),
            (Some(d), None) => Ok(Some((*d.get_ref() as f32).to_bits())),
            (None, Some(b)) => Ok(Some(*b.get_ref())),
            (None, None) => Ok(None),
        }
    }
}

/// Reads a material text back into a payload and its entry attributes.
pub fn read(text: &str) -> Result<MaterialText, TextError> {
    let r = Reader { text };
    let doc: TextDoc = toml::from_str(text).map_err(|e| {
        let at = e.span().map_or(0, |s| s.start);
        let (line, column) = line_col(text, at);
        TextError { line, column, message: e.message().trim_end().to_string(), key: None }
    })?;
    let version = *doc.version.get_ref();
    let mut meta = Meta::RUNTIME_DEFAULT;
    type Gate<'a> = (Option<Range<usize>>, fn(u32) -> bool, &'a str, u32);
    let gated: [Gate; 4] = [
        (doc.surface.as_ref().map(Spanned::span), stores_meta_ab, "surface", 2),
        (doc.meta_b.as_ref().map(Spanned::span), stores_meta_ab, "meta_b", 2),
        (doc.speed_factor.as_ref().map(Spanned::span).or(doc.speed_factor_bits.as_ref().map(Spanned::span)), stores_meta_c, "speed_factor", 3),
        (doc.damage_per_second.as_ref().map(Spanned::span).or(doc.damage_per_second_bits.as_ref().map(Spanned::span)), stores_meta_d, "damage_per_second", 4),
    ];
    for (span, stored, name, from) in gated {
        if let Some(span) = span
            && !stored(version)
        {
            return Err(r.err(
                span,
                msg!(
                    "mat0-text-version-gate",
                    "version {version} does not store {name} (stored from version {from}); remove it or raise the version",
                    version = version,
                    name = name,
                    from = from
                ),
            ));
        }
    }
    if let Some(v) = &doc.surface {
        meta.a = r.byte(v, "surface", 255)? as u8;
    }
    if let Some(v) = &doc.meta_b {
        meta.b = r.byte(v, "meta_b", 255)? as u8;
    }
    if let Some(bits) = r.float(&doc.speed_factor, &doc.speed_factor_bits, "speed_factor")? {
        meta.c = bits;
    }
    if let Some(bits) = r.float(&doc.damage_per_second, &doc.damage_per_second_bits, "damage_per_second")? {
        meta.d = bits;
    }
    let mut phases = Vec::with_capacity(doc.phase.len());
    for p in &doc.phase {
        let mut params = [0u8; PARAMS_LEN];
        for (g, v, what) in [(0, &p.ambient, "ambient"), (4, &p.diffuse, "diffuse"), (8, &p.specular, "specular"), (12, &p.emissive, "emissive")] {
            params[g..g + 4].copy_from_slice(&r.colour(v, what)?);
        }
        params[16] = r.byte(&p.power, "power", 255)? as u8;
        params[17] = r.byte(&p.cell, "cell", 255)? as u8;
        let name = phase_name(&r, p)?;
        phases.push(Phase { params, name });
    }
    let mut anim = Vec::with_capacity(doc.anim.len());
    for a in &doc.anim {
        let block = a.get_ref();
        let mode = match block.mode.get_ref() {
            ModeDoc::Number(n) if *n <= 7 => AnimMode::from_bits(*n),
            ModeDoc::Name(s) => match ["loop", "ping-pong", "one-shot", "random"].iter().position(|m| m == s) {
                Some(i) => AnimMode::from_bits(i as u32),
                None => {
                    let message = msg!("mat0-text-mode-name", "mode {s:?}: expected \"loop\", \"ping-pong\", \"one-shot\", \"random\" or a number 0-7", s = s);
                    return Err(r.err(block.mode.span(), message));
                }
            },
            ModeDoc::Number(n) => return Err(r.err(block.mode.span(), msg!("mat0-text-mode-number", "mode {n}: the header keeps 3 bits, 0-7", n = *n))),
        };
        let interp = match &block.interp {
            Some(v) => r.byte(v, "interp", u64::from(u32::MAX >> 3))? as u32,
            None => 0,
        };
        let mut keys = Vec::with_capacity(block.keys.len());
        for k in &block.keys {
            let k = k.get_ref();
            let phase = r.byte(&k.phase, "phase", u64::from(u16::MAX))? as u16;
            if usize::from(phase) >= phases.len() {
                let message = msg!("mat0-text-no-phase", "phase {phase} does not exist (the material has {count} phases)", phase = phase, count = phases.len());
                return Err(r.err(k.phase.span(), message));
            }
            let end = r.byte(&k.end_ms, "end_ms", u64::from(u16::MAX))? as u16;
            let k2 = match &k.k2 {
                Some(v) => r.byte(v, "k2", u64::from(u16::MAX))? as u16,
                None => 0,
            };
            keys.push(Key { k0: phase, k1: end, k2 });
        }
        anim.push(AnimBlock::new(mode, interp, keys));
    }
    let mat = Mat0 { version, meta, phases, anim };
    mat.write().map_err(|e| r.err(doc.version.span(), e.text()))?;
    debug_assert!(prefix_len(version) <= 10);
    Ok(MaterialText { mat, attrs: [doc.flags, version, doc.attr3] })
}

/// The 16-byte name field of a phase: `name_field` when it still holds the texture name given,
/// else the name and zeros.
fn phase_name(r: &Reader, p: &PhaseDoc) -> Result<[u8; NAME_LEN], TextError> {
    let text = p.texture.get_ref();
    let bytes = cp1251::encode(text).ok_or_else(|| r.err(p.texture.span(), msg!("mat0-text-not-cp1251", "texture {text:?} has a character outside CP1251", text = text)))?;
    if let Some(field) = &p.name_field {
        let s = field.get_ref();
        if s.len() != NAME_LEN * 2 || !s.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(r.err(field.span(), msg!("mat0-text-name-field", "name_field: expected {digits} hex digits (the 16-byte field)", digits = NAME_LEN * 2)));
        }
        let f: [u8; NAME_LEN] = std::array::from_fn(|i| u8::from_str_radix(&s[i * 2..i * 2 + 2], 16).unwrap_or(0));
        let before_nul = &f[..f.iter().position(|&b| b == 0).unwrap_or(NAME_LEN)];
        if cp1251::decode(before_nul) == *text {
            return Ok(f);
        }
    }
    if bytes.contains(&0) {
        return Err(r.err(p.texture.span(), msg!("mat0-texture-nul", "texture name contains a NUL")));
    }
    canonical_name(&bytes).ok_or_else(|| {
        r.err(
            p.texture.span(),
            msg!(
                "mat0-texture-too-long",
                "texture name {name:?} is {size} bytes; the field holds at most {max} and a NUL",
                name = text,
                size = bytes.len(),
                max = NAME_LEN - 1
            ),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> (Mat0, [u32; 3]) {
        let mut name = [0u8; NAME_LEN];
        name[..9].copy_from_slice(b"BRICK00.0");
        name[12] = 0xCC;
        let p0 = Phase { params: [1, 2, 3, 100, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 4, 0xFF], name };
        let p1 = Phase { params: [0xFF; PARAMS_LEN], name: *b"ABCDEFGHIJKLMNOP" };
        let anim = vec![AnimBlock { header: (0x1F << 3) | 1, keys: vec![Key { k0: 0, k1: 400, k2: 0 }, Key { k0: 1, k1: 800, k2: 7 }] }];
        let meta = Meta { a: 3, b: 0xFF, c: 1.25f32.to_bits(), d: 0x7FC0_0001 };
        (Mat0 { version: 6, meta, phases: vec![p0, p1], anim }, [0x45, 6, 9])
    }

    #[test]
    fn text_reads_back_to_the_same_bytes() {
        let (mat, attrs) = sample();
        let text = write(&mat, attrs, "T");
        let back = read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back.attrs, attrs);
        assert_eq!(back.mat.write().unwrap(), mat.write().unwrap());
        assert!(text.contains("diffuse = \"#05060708\""), "{text}");
        assert!(text.contains("end_ms = 800, k2 = 7"), "{text}");
        assert!(text.contains("damage_per_second_bits = 0x7FC00001"), "{text}");
    }

    #[test]
    fn every_version_round_trips() {
        for v in 0..8 {
            let (mut mat, mut attrs) = sample();
            mat.set_version(v);
            attrs[1] = v;
            let back = read(&write(&mat, attrs, "T")).unwrap();
            assert_eq!(back.mat, mat, "version {v}");
        }
    }

    #[test]
    fn a_renamed_texture_drops_the_old_field() {
        let (mat, attrs) = sample();
        let text = write(&mat, attrs, "T").replacen("texture = \"BRICK00.0\"", "texture = \"ROCK\"", 1);
        let back = read(&text).unwrap();
        assert_eq!(&back.mat.phases[0].name[..5], b"ROCK\0");
        assert_eq!(back.mat.phases[0].name[12], 0);
    }

    #[test]
    fn mistakes_name_line_and_column() {
        let (mat, attrs) = sample();
        let text = write(&mat, attrs, "T");
        let bad = text.replacen("\"#05060708\"", "\"#0506070\"", 1);
        let e = read(&bad).unwrap_err();
        let line = bad.lines().position(|l| l.contains("#0506070\"")).unwrap() + 1;
        assert_eq!((e.line, e.column), (line, 11), "{e}");
        assert!(e.message.contains("diffuse"), "{e}");

        let bad = text.replacen("power = 4", "power = 300", 1);
        let e = read(&bad).unwrap_err();
        assert_eq!(e.line, bad.lines().position(|l| l.starts_with("power = 300")).unwrap() + 1);
        assert_eq!(e.column, 9);

        let bad = text.replacen("phase = 1,", "phase = 5,", 1);
        assert!(read(&bad).unwrap_err().message.contains("phase 5 does not exist"));

        let bad = text.replacen("power = 4", "powr = 4", 1);
        let e = read(&bad).unwrap_err();
        assert_eq!(e.line, bad.lines().position(|l| l.starts_with("powr")).unwrap() + 1, "{e}");

        let bad = text.replacen("version = 6", "version = 2", 1);
        let e = read(&bad).unwrap_err();
        assert!(e.message.contains("speed_factor"), "{e}");
        assert_eq!(e.line, bad.lines().position(|l| l.starts_with("speed_factor")).unwrap() + 1);

        let e = read("version = 6\n[[phase]\n").unwrap_err();
        assert_eq!(e.line, 2, "{e}");
    }
}
