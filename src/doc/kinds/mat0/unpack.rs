//! A material's form in an unpacked tree: its TOML text ([`super::text`]), written only when it
//! reads back to the very bytes and attributes it stands for.

use super::Mat0Codec;
use super::text::{self, EXTENSION};
use crate::doc::kinds::{NewEntry, PackIn, Unpack, UnpackIn, Unpacked};
use crate::formats::TYPE_MAT0;
use crate::formats::mat0::Mat0;
use crate::formats::readings::Readings;

fn utf8(b: &[u8]) -> Result<&str, String> {
    std::str::from_utf8(b).map_err(|e| format!("not UTF-8 text: {e}"))
}

impl Unpack for Mat0Codec {
    fn suffix(&self) -> &'static str {
        EXTENSION
    }

    fn unpack(&self, e: &UnpackIn) -> Option<Unpacked> {
        let mat = Mat0::parse(e.bytes, e.attrs[1]).ok()?;
        let t = text::write(&mat, e.attrs, &format!("{} of {}", e.name, e.archive));
        match text::read(&t) {
            Ok(back) if back.attrs == e.attrs && back.mat.write().ok().as_deref() == Some(e.bytes) => {
                Some(Unpacked { files: vec![(EXTENSION.to_string(), t.into_bytes())], texm: None })
            }
            _ => None,
        }
    }

    fn pack(&self, p: &mut PackIn) -> Result<(Vec<u8>, Option<[u32; 3]>), crate::formats::Message> {
        let m = text::read(utf8(p.main)?).map_err(|e| e.to_string())?;
        let bytes = m.mat.write().map_err(|e| e.to_string())?;
        Ok((bytes, (m.attrs != p.attrs).then_some(m.attrs)))
    }

    fn new_entry(&self, main: &[u8], _readings: &Readings) -> Result<NewEntry, crate::formats::Message> {
        let m = text::read(utf8(main)?).map_err(|e| e.to_string())?;
        Ok(NewEntry { type_id: TYPE_MAT0, attrs: m.attrs, bytes: m.mat.write().map_err(|e| e.to_string())? })
    }
}
