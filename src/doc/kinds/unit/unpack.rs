//! A unit tree's form in an unpacked tree (docs/unpack.md): `NAME.dat.unit.toml`, the header
//! words and each component in stored (depth-first) order with its `parent` given explicitly,
//! so the child counts are made again from the tree. Names are Windows-1251 text, or hex where
//! they are not clean text, and bytes after a name's NUL are kept as `…_rest`, as in the
//! records' text ([`crate::doc::kinds::record::unpack`]); components after the root's subtree
//! (read only under the lenient reading) stay as `leftover` hex. The text gives back every byte.

use super::UnitCodec;
use crate::doc::kinds::record::unpack::{field_bytes, field_lines, hex, unhex};
use crate::doc::kinds::{NewEntry, PackIn, Unpack, UnpackIn, Unpacked};
use crate::formats::Message;
use crate::formats::readings::Readings;
use crate::msg;
use crate::formats::unit_dat::{COMPONENT_LEN, NAME_FIELD, UnitDat};
use serde::Deserialize;
use std::fmt::Write as _;

pub const EXTENSION: &str = ".unit.toml";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ComponentText {
    parent: Option<i64>,
    archive: Option<String>,
    archive_hex: Option<String>,
    archive_rest: Option<String>,
    record: Option<String>,
    record_hex: Option<String>,
    record_rest: Option<String>,
    display: Option<String>,
    display_hex: Option<String>,
    display_rest: Option<String>,
    flags: u32,
    attach: i32,
    class: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UnitText {
    magic: u32,
    class_word: u32,
    leftover: Option<String>,
    #[serde(default)]
    component: Vec<ComponentText>,
}

/// The tree as text.
pub fn write(u: &UnitDat, title: &str) -> String {
    let tree = u.tree();
    let mut out = format!("# {title}: a {} unit tree of {} components\n", u.unit_class().label(), u.len());
    out.push_str("# Components in stored order (depth first, the root first); `parent` is the index of the\n");
    out.push_str("# component it hangs on (the child counts are made from it). Names are Windows-1251, at most\n");
    out.push_str("# 31 bytes; `record` names an entry of `archive`. class: 0 chassis, 1 turret, 2 armour,\n");
    out.push_str("# 3 internal, 4 gun, 5 ammunition. attach: a turret's or gun's node of the parent's mesh,\n");
    out.push_str("# an internal part's or clip's slot of the parent's controller, -1 on the root.\n");
    let _ = writeln!(out, "magic = 0x{:08X}", u.magic);
    let _ = writeln!(out, "class_word = 0x{:08X}  # {}", u.class_word, u.unit_class().label());
    if !u.leftover.is_empty() {
        let _ = writeln!(out, "leftover = \"{}\"  # components after the root's subtree, kept", hex(&u.leftover));
    }
    for (i, c) in u.components().iter().enumerate() {
        let depth = tree.depth(i);
        let _ = writeln!(out, "\n[[component]]  # {i}{}: {}", " ·".repeat(depth), c.class().label());
        if let Some(p) = tree.parent.get(i).copied().flatten() {
            let _ = writeln!(out, "parent = {p}");
        }
        let raw = c.raw();
        field_lines(&mut out, "record", &raw[32..32 + NAME_FIELD], "");
        field_lines(&mut out, "display", &raw[72..72 + NAME_FIELD], "");
        let _ = writeln!(out, "class = {}", c.class_raw());
        let _ = writeln!(out, "attach = {}", c.attach());
        field_lines(&mut out, "archive", &raw[..NAME_FIELD], "");
        let _ = writeln!(out, "flags = {}", c.flags());
    }
    out
}

/// The file's bytes from text; the tree must be depth first (each component's parent is the
/// one before it or one of that one's ancestors).
pub fn read(text: &str) -> Result<Vec<u8>, Message> {
    let t: UnitText = toml::from_str(text).map_err(|e| Message::from(e.to_string()))?;
    let n = t.component.len();
    if n == 0 {
        return Err(msg!("unit-text-no-root", "a unit tree has at least its root component"));
    }
    let mut parents: Vec<Option<usize>> = Vec::with_capacity(n);
    let mut counts = vec![0i32; n];
    for (i, c) in t.component.iter().enumerate() {
        let p = match (i, c.parent) {
            (0, None) => None,
            (0, Some(_)) => return Err(msg!("unit-text-root-parent", "component 0 is the root: it has no parent")),
            (_, None) => return Err(msg!("unit-text-no-parent", "component {i}: no parent (only component 0 is the root)", i = i)),
            (_, Some(p)) => {
                let p = usize::try_from(p).ok().filter(|&p| p < i).ok_or_else(|| msg!("unit-text-parent-later", "component {i}: parent {p} is not an earlier component", i = i, p = p))?;
                // Depth first: the parent is the previous component or one of its ancestors.
                let mut cur = Some(i - 1);
                while let Some(c) = cur.filter(|&c| c != p) {
                    cur = parents[c];
                }
                if cur != Some(p) {
                    return Err(msg!(
                        "unit-text-parent-off-path",
                        "component {i}: parent {p} is not on the path to component {prev} (components are in depth-first order)",
                        i = i,
                        p = p,
                        prev = i - 1
                    ));
                }
                Some(p)
            }
        };
        if let Some(p) = p {
            counts[p] += 1;
        }
        parents.push(p);
    }
    let mut out = Vec::with_capacity(8 + n * COMPONENT_LEN);
    out.extend_from_slice(&t.magic.to_le_bytes());
    out.extend_from_slice(&t.class_word.to_le_bytes());
    for (i, c) in t.component.iter().enumerate() {
        let what = |f: &str| format!("component {i} {f}");
        let mut raw = [0u8; COMPONENT_LEN];
        raw[..32].copy_from_slice(&field_bytes(c.archive.as_deref(), c.archive_hex.as_deref(), c.archive_rest.as_deref(), &what("archive"))?);
        raw[32..64].copy_from_slice(&field_bytes(c.record.as_deref(), c.record_hex.as_deref(), c.record_rest.as_deref(), &what("record"))?);
        raw[64..68].copy_from_slice(&c.flags.to_le_bytes());
        raw[68..72].copy_from_slice(&c.attach.to_le_bytes());
        raw[72..104].copy_from_slice(&field_bytes(c.display.as_deref(), c.display_hex.as_deref(), c.display_rest.as_deref(), &what("display"))?);
        raw[104..108].copy_from_slice(&c.class.to_le_bytes());
        raw[108..112].copy_from_slice(&counts[i].to_le_bytes());
        out.extend_from_slice(&raw);
    }
    if let Some(l) = &t.leftover {
        out.extend(unhex(l, "leftover")?);
    }
    Ok(out)
}

fn utf8(b: &[u8]) -> Result<&str, String> {
    std::str::from_utf8(b).map_err(|e| format!("not UTF-8 text: {e}"))
}

/// Text → bytes, read back by the codec under the folder's reading.
fn pack_text(main: &[u8], readings: &Readings) -> Result<Vec<u8>, String> {
    let bytes = read(utf8(main)?).map_err(String::from)?;
    UnitDat::parse(&bytes, readings.unit_dat).map_err(|e| e.to_string())?;
    Ok(bytes)
}

impl Unpack for UnitCodec {
    fn suffix(&self) -> &'static str {
        EXTENSION
    }

    fn loose_files(&self) -> bool {
        true
    }

    fn unpack(&self, e: &UnpackIn) -> Option<Unpacked> {
        let (u, _) = UnitDat::parse(e.bytes, e.readings.unit_dat).ok()?;
        let title = if e.archive.is_empty() { e.name.to_string() } else { format!("{} of {}", e.name, e.archive) };
        let t = write(&u, &title);
        match read(&t) {
            Ok(back) if back == e.bytes => Some(Unpacked { files: vec![(EXTENSION.to_string(), t.into_bytes())], texm: None }),
            _ => None,
        }
    }

    fn pack(&self, p: &mut PackIn) -> Result<(Vec<u8>, Option<[u32; 3]>), crate::formats::Message> {
        Ok((pack_text(p.main, p.readings)?, None))
    }

    fn new_entry(&self, main: &[u8], readings: &Readings) -> Result<NewEntry, crate::formats::Message> {
        Ok(NewEntry { type_id: 0, attrs: [0; 3], bytes: pack_text(main, readings)? })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::unit_dat::Reading;
    use proptest::prelude::*;

    fn round_trip(bytes: &[u8], reading: Reading) {
        let r = Readings { unit_dat: reading, ..Readings::default() };
        let e = UnpackIn { bytes, name: "u.dat", archive: "", type_id: None, attrs: [0; 3], readings: &r, compression: Default::default() };
        let u = UnitCodec.unpack(&e).expect("every unit tree has a text form");
        assert_eq!(UnitCodec.new_entry(&u.files[0].1, &r).unwrap().bytes, bytes);
    }

    #[test]
    fn every_fixture_unit_reads_back_byte_for_byte() {
        use crate::fixtures::unit_dat as fx;
        for b in [fx::building(), fx::robot(), fx::animal()] {
            round_trip(&b, Reading::Strict);
        }
        for (_, b) in fx::generate(fx::SHIPPED_UNITS) {
            round_trip(&b, Reading::Strict);
        }
    }

    #[test]
    fn the_tree_is_explicit_and_must_be_depth_first() {
        let b = crate::fixtures::unit_dat::robot();
        let t = write(&UnitDat::parse(&b, Reading::Strict).unwrap().0, "robot.dat");
        assert!(t.contains("parent = 0") && t.contains("display = \"Small Track Chs\""), "{t}");
        // Component 4 (the turret) under component 1 instead: not on the path from 3.
        let bad = t.replacen("parent = 3\nrecord = \"e_gun_003\"", "parent = 1\nrecord = \"e_gun_003\"", 1);
        assert_ne!(bad, t);
        assert!(read(&bad).is_err_and(|e| e.english.contains("depth-first")), "{bad}");
        assert!(read(&t.replacen("parent = 0", "parent = 7", 1)).is_err());
    }

    proptest! {
        #[test]
        fn any_lenient_unit_reads_back_from_its_text(mut bytes in proptest::collection::vec(any::<u8>(), 8 + 112..8 + 112 * 4)) {
            bytes[0] = 0xF1;
            bytes[1] = 0xF0;
            // Leaves everywhere (child counts 0): the root's subtree is one component, the rest
            // is kept as leftover under the lenient reading.
            let n = (bytes.len() - 8) / 112;
            for i in 0..n {
                let at = 8 + i * 112 + 108;
                bytes[at..at + 4].copy_from_slice(&0i32.to_le_bytes());
            }
            if UnitDat::parse(&bytes, Reading::Lenient).is_ok() {
                round_trip(&bytes, Reading::Lenient);
            }
        }
    }
}
