//! A record's form in an unpacked tree (docs/unpack.md): `NAME.record.toml`, its slots as
//! commented TOML. Names are Windows-1251 text; a name that is not clean text is given as hex
//! (`archive_hex`), and bytes after a name's NUL as `archive_rest` (hex, trailing zeros left
//! out), so the text gives back every stored byte. The helpers for 32-byte name fields are
//! shared with the unit trees' text.

use super::{RecordCodec, record_kind};
use crate::doc::kinds::{NewEntry, PackIn, Unpack, UnpackIn, Unpacked};
use crate::formats::{Message, cp1251};
use crate::msg;
use crate::formats::objrec::{Kind, NAME_FIELD, Record, SLOT_LEN, Slot};
use crate::formats::readings::Readings;
use serde::Deserialize;
use std::fmt::Write as _;

pub const EXTENSION: &str = ".record.toml";

/// A TOML string literal.
pub(crate) fn quoted(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

pub(crate) fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02X}")).collect()
}

pub(crate) fn unhex(s: &str, what: &str) -> Result<Vec<u8>, Message> {
    let s = s.trim();
    let bad = || msg!("record-text-not-hex", "{what}: {s:?} is not hex bytes", what = what, s = s);
    if !s.len().is_multiple_of(2) || !s.is_ascii() {
        return Err(bad());
    }
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).map_err(|_| bad())).collect()
}

/// Lines for one 32-byte name field: `KEY = "text"` (or `KEY_hex`), and `KEY_rest` when bytes
/// follow the NUL. A field with no NUL (only in an otherwise empty slot) is all `KEY_hex`.
pub(crate) fn field_lines(out: &mut String, key: &str, field: &[u8], comment: &str) {
    let (name, rest) = match field.iter().position(|&b| b == 0) {
        Some(n) => (&field[..n], &field[n + 1..]),
        None => (field, &[][..]),
    };
    let text = cp1251::decode(name);
    let clean = !text.chars().any(char::is_control) && cp1251::encode(&text).as_deref() == Some(name);
    let comment = if comment.is_empty() { String::new() } else { format!("  # {comment}") };
    if clean && field.contains(&0) {
        let _ = writeln!(out, "{key} = {}{comment}", quoted(&text));
    } else {
        let _ = writeln!(out, "{key}_hex = \"{}\"{comment}", hex(name));
    }
    let end = rest.iter().rposition(|&b| b != 0).map_or(0, |p| p + 1);
    if end > 0 {
        let _ = writeln!(out, "{key}_rest = \"{}\"  # bytes after the NUL, kept", hex(&rest[..end]));
    }
}

/// A 32-byte field from its text, hex and rest.
pub(crate) fn field_bytes(text: Option<&str>, hex_text: Option<&str>, rest: Option<&str>, what: &str) -> Result<[u8; NAME_FIELD], Message> {
    let name = match (text, hex_text) {
        (Some(_), Some(_)) => return Err(msg!("record-text-name-and-hex", "{what}: give the name or its hex, not both", what = what)),
        (Some(t), None) => cp1251::encode(t).ok_or_else(|| msg!("record-text-not-cp1251", "{what}: {t:?} has a character with no Windows-1251 byte", what = what, t = t))?,
        (None, Some(h)) => unhex(h, what)?,
        (None, None) => Vec::new(),
    };
    let rest = rest.map(|r| unhex(r, &format!("{what}_rest"))).transpose()?;
    let mut field = [0u8; NAME_FIELD];
    let with_nul = name.len() + usize::from(text.is_some() || rest.is_some() || name.len() < NAME_FIELD);
    if name.contains(&0) || with_nul + rest.as_ref().map_or(0, Vec::len) > NAME_FIELD {
        return Err(msg!(
            "record-text-field-too-long",
            "{what}: {name} bytes of name and {rest} after its NUL do not fit the {width}-byte field",
            what = what,
            name = name.len(),
            rest = rest.map_or(0, |r| r.len()),
            width = NAME_FIELD
        ));
    }
    field[..name.len()].copy_from_slice(&name);
    if let Some(r) = rest {
        field[name.len() + 1..name.len() + 1 + r.len()].copy_from_slice(&r);
    }
    Ok(field)
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct SlotText {
    archive: Option<String>,
    archive_hex: Option<String>,
    archive_rest: Option<String>,
    member: Option<String>,
    member_hex: Option<String>,
    member_rest: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordText {
    kind: String,
    #[serde(default)]
    slot: Vec<SlotText>,
}

/// The record as text, titled with its name and archive.
pub fn write(r: &Record, kind: Kind, title: &str) -> String {
    let mut out = format!("# {title}: a {} record ({}), {} slots\n", kind.label(), kind.meaning(), r.slots.len());
    out.push_str("# Each [[slot]] names a member of an archive the game finds by file name; `[[slot]]` alone is an empty slot.\n");
    out.push_str("# Names are Windows-1251, at most 31 bytes. An archive named objects.rlb is a parent record.\n");
    let tag = match kind {
        Kind::Other(id) => id.to_string(),
        k => k.label(),
    };
    let _ = writeln!(out, "kind = {}  # the entry's type (a new entry's; an unpacked one keeps its own)", quoted(&tag));
    for (i, s) in r.slots.iter().enumerate() {
        let _ = writeln!(out, "\n[[slot]]  # {i}");
        if s.is_empty() {
            continue;
        }
        field_lines(&mut out, "archive", &s.raw()[..NAME_FIELD], "");
        field_lines(&mut out, "member", &s.raw()[NAME_FIELD..], s.role().label());
    }
    out
}

/// The record and its kind from text.
pub fn read(text: &str) -> Result<(Record, Kind), Message> {
    let t: RecordText = toml::from_str(text).map_err(|e| Message::from(e.to_string()))?;
    let kind = Kind::KNOWN.into_iter().find(|k| k.label().eq_ignore_ascii_case(&t.kind)).map(Ok).unwrap_or_else(|| {
        t.kind.parse::<u32>().map(Kind::from_type_id).map_err(|_| msg!("record-text-kind", "kind {kind:?} is none of STAT, INTO, EXTO, BULL, BTLU, FORT, WPNS, SUNO or a type id", kind = &t.kind))
    })?;
    let mut r = Record::default();
    for (i, s) in t.slot.iter().enumerate() {
        let what = |f: &str| format!("slot {i} {f}");
        let mut raw = [0u8; SLOT_LEN];
        raw[..NAME_FIELD].copy_from_slice(&field_bytes(s.archive.as_deref(), s.archive_hex.as_deref(), s.archive_rest.as_deref(), &what("archive"))?);
        raw[NAME_FIELD..].copy_from_slice(&field_bytes(s.member.as_deref(), s.member_hex.as_deref(), s.member_rest.as_deref(), &what("member"))?);
        r.slots.push(Slot::from_raw(raw));
    }
    // What the codec reads is what pack may write.
    Record::parse(&r.write(), kind).map_err(|e| e.as_message())?;
    Ok((r, kind))
}

fn utf8(b: &[u8]) -> Result<&str, String> {
    std::str::from_utf8(b).map_err(|e| format!("not UTF-8 text: {e}"))
}

impl Unpack for RecordCodec {
    fn suffix(&self) -> &'static str {
        EXTENSION
    }

    fn unpack(&self, e: &UnpackIn) -> Option<Unpacked> {
        let kind = record_kind(e.type_id).unwrap_or(Kind::Other(e.type_id.unwrap_or(0)));
        let (r, _) = Record::parse(e.bytes, kind).ok()?;
        let t = write(&r, kind, &format!("{} of {}", e.name, e.archive));
        match read(&t) {
            Ok((back, _)) if back.write() == e.bytes => Some(Unpacked { files: vec![(EXTENSION.to_string(), t.into_bytes())], texm: None }),
            _ => None,
        }
    }

    fn pack(&self, p: &mut PackIn) -> Result<(Vec<u8>, Option<[u32; 3]>), crate::formats::Message> {
        let (r, _) = read(utf8(p.main)?).map_err(String::from)?;
        Ok((r.write(), None))
    }

    fn new_entry(&self, main: &[u8], _readings: &Readings) -> Result<NewEntry, crate::formats::Message> {
        let (r, kind) = read(utf8(main)?).map_err(String::from)?;
        Ok(NewEntry { type_id: kind.type_id(), attrs: [0; 3], bytes: r.write() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::nres::Archive;
    use proptest::prelude::*;

    fn round_trip(bytes: &[u8], type_id: u32) {
        let r = Readings::default();
        let e = UnpackIn { bytes, name: "s_x", archive: "objects.rlb", type_id: Some(type_id), attrs: [0; 3], readings: &r, compression: Default::default() };
        let Some(u) = RecordCodec.unpack(&e) else {
            let t = write(&Record::parse(bytes, Kind::Other(type_id)).unwrap().0, Kind::Other(type_id), "x");
            panic!("no text form: {:?}\n{t}", read(&t).map(|x| x.0.write() == bytes));
        };
        let (back, kind) = read(std::str::from_utf8(&u.files[0].1).unwrap()).unwrap();
        assert_eq!(back.write(), bytes);
        assert_eq!(kind.type_id(), type_id);
    }

    #[test]
    fn every_fixture_record_reads_back_byte_for_byte() {
        let (a, _) = Archive::parse(crate::fixtures::objects::sample().into()).unwrap();
        for i in 0..a.len() {
            round_trip(&a.payload(i), a.rows()[i].type_id());
        }
        let (o, _) = crate::formats::objrec::Objects::parse(crate::fixtures::objects::objects_rlb(&crate::fixtures::objects::shipped()).into()).unwrap();
        for i in 0..o.len() {
            round_trip(&o.record(i).write(), o.kind(i).type_id());
        }
    }

    #[test]
    fn the_text_is_commented_and_edits_are_checked() {
        let mut r = Record::default();
        r.push_slot("static.rlb", "s_tree01.msh").unwrap();
        r.slots.push(Slot::EMPTY);
        let t = write(&r, Kind::Stat, "s_tree01 of objects.rlb");
        assert!(t.contains("member = \"s_tree01.msh\"  # mesh") && t.contains("kind = \"STAT\""), "{t}");
        let edited = t.replace("s_tree01.msh", "s_tree02.msh");
        assert_eq!(read(&edited).unwrap().0.slots[0].member(), "s_tree02.msh");
        let long = t.replace("s_tree01.msh", &"x".repeat(32));
        assert!(read(&long).unwrap_err().english.contains("slot 0 member"));
        let e = read(&t.replace("STAT", "NOPE")).unwrap_err();
        assert!(e.english.contains("NOPE"));
        let ru = crate::app::i18n::messages::text_in(crate::app::i18n::Language::Russian, &e.english, e.key.as_deref());
        assert_eq!(ru, "вид «NOPE» — не STAT, INTO, EXTO, BULL, BTLU, FORT, WPNS, SUNO и не числовой id типа");
    }

    fn field() -> impl Strategy<Value = [u8; NAME_FIELD]> {
        // A name (any bytes but NUL) of 0..31 bytes, its NUL, then any bytes.
        (proptest::collection::vec(1u8..=255, 0..NAME_FIELD), proptest::collection::vec(any::<u8>(), NAME_FIELD)).prop_map(|(name, tail)| {
            let mut f = [0u8; NAME_FIELD];
            f[name.len() + 1..].copy_from_slice(&tail[name.len() + 1..]);
            f[..name.len()].copy_from_slice(&name);
            f
        })
    }

    proptest! {
        #[test]
        fn any_record_reads_back_from_its_text(slots in proptest::collection::vec((field(), field(), any::<bool>()), 0..8), tag in any::<u32>()) {
            let mut bytes = Vec::new();
            for (a, m, empty) in &slots {
                if *empty { bytes.extend([0u8; SLOT_LEN]) } else { bytes.extend(a); bytes.extend(m) }
            }
            round_trip(&bytes, tag);
        }
    }
}
