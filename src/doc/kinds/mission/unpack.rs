//! A mission's form in an unpacked tree: its TOML text ([`super::text`]), written only when it
//! reads back to the very bytes it stands for.

use super::MissionCodec;
use super::text::{self, EXTENSION};
use crate::doc::kinds::{NewEntry, PackIn, Unpack, UnpackIn, Unpacked};
use crate::formats::readings::Readings;
use crate::formats::tma::{Mission, Options, VersionCheck};

fn utf8(b: &[u8]) -> Result<&str, String> {
    std::str::from_utf8(b).map_err(|e| format!("not UTF-8 text: {e}"))
}

/// The text of a mission's bytes, when it gives them back.
pub fn unpack_bytes(bytes: &[u8], title: &str, readings: &Readings) -> Option<String> {
    let (m, _) = Mission::parse_with(bytes, &Options { clan_body: readings.clan_body, versions: VersionCheck::Gated }).ok()?;
    let t = text::write(&m, title);
    (text::read(&t).ok()?.write() == bytes).then_some(t)
}

/// A mission's bytes from its text.
pub fn pack_text(t: &[u8]) -> Result<Vec<u8>, String> {
    Ok(text::read(utf8(t)?).map_err(String::from)?.write())
}

impl Unpack for MissionCodec {
    fn suffix(&self) -> &'static str {
        EXTENSION
    }

    fn unpack(&self, e: &UnpackIn) -> Option<Unpacked> {
        let t = unpack_bytes(e.bytes, &format!("{} of {}", e.name, e.archive), e.readings)?;
        Some(Unpacked { files: vec![(EXTENSION.to_string(), t.into_bytes())], texm: None })
    }

    fn pack(&self, p: &mut PackIn) -> Result<(Vec<u8>, Option<[u32; 3]>), crate::formats::Message> {
        Ok((pack_text(p.main)?, None))
    }

    fn new_entry(&self, main: &[u8], _readings: &Readings) -> Result<NewEntry, crate::formats::Message> {
        // A mission is a loose file in the game; in an archive it has no type of its own.
        Ok(NewEntry { type_id: 0, attrs: [0; 3], bytes: pack_text(main)? })
    }

    /// A loose `data.tma` is unpacked as its text and packed back from it.
    fn loose_files(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pack_of_unpack_is_the_file_for_every_fixture_and_small_mission() {
        let r = Readings::default();
        let all = crate::fixtures::missions::files().into_iter().map(|(_, b)| b).chain(crate::fixtures::missions::small());
        for (i, b) in all.enumerate() {
            let t = unpack_bytes(&b, "t", &r).unwrap_or_else(|| panic!("mission {i} has a text form"));
            assert_eq!(pack_text(t.as_bytes()).unwrap(), b, "mission {i}");
        }
        assert!(unpack_bytes(&[1, 0, 0], "cut", &r).is_none());
    }
}
