//! The archive edits: `replace`, `add`, `remove` and `rename`. Each is one `doc::Edit`, the
//! same the editor makes, saved in place atomically or to `-o`.

use super::open::{apply, open_item, save};
use super::{Failure, Out};
use crate::doc::{Edit, EditOp};
use crate::formats::readings::Readings;
use crate::formats::{cp1251, nres};
use std::path::{Path, PathBuf};

pub(super) fn replace(item: &str, src: &Path, out: Option<PathBuf>, readings: &Readings) -> Out {
    let bytes = std::fs::read(src).map_err(|e| Failure::io(src, e))?;
    let (mut ws, path) = open_item(item, readings)?;
    let (parent, index) = path.parent().ok_or_else(|| Failure::usage(format!("{item}: name an entry, FILE::ENTRY")))?;
    apply(&mut ws, Edit::new(parent.file, parent.entries, EditOp::ReplaceEntry { index, bytes: bytes.into() }), item)?;
    save(&mut ws, path.file, out)
}

/// The flags of `add` beyond the archive and the source file.
pub(super) struct AddArgs {
    pub name: Option<String>,
    pub type_id: Option<String>,
    pub attrs: [u32; 3],
    pub out: Option<PathBuf>,
}

pub(super) fn add(archive: &str, src: &Path, a: AddArgs, readings: &Readings) -> Out {
    let bytes = std::fs::read(src).map_err(|e| Failure::io(src, e))?;
    let name = a.name.unwrap_or_else(|| src.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default());
    let name_bytes = cp1251::encode(&name).ok_or_else(|| Failure::usage(format!("name {name:?} has characters outside CP1251")))?;
    let (mut ws, path) = open_item(archive, readings)?;
    // Without --type, the same guess as a file dropped on the archive in the editor.
    let type_id = match a.type_id {
        None => {
            let node = crate::doc::items::node_at(&ws, &path).map_err(|m| Failure { code: 1, message: format!("{archive}: {m}") })?;
            crate::doc::items::guess_type(&node, &name, &bytes)
        }
        Some(t) => parse_type(&t)?,
    };
    let op = EditOp::AddEntry { name: name_bytes, type_id, attrs: a.attrs, bytes: bytes.into() };
    apply(&mut ws, Edit::new(path.file, path.entries.clone(), op), archive)?;
    save(&mut ws, path.file, a.out)
}

pub(super) fn remove(item: &str, out: Option<PathBuf>, readings: &Readings) -> Out {
    let (mut ws, path) = open_item(item, readings)?;
    let (parent, index) = path.parent().ok_or_else(|| Failure::usage(format!("{item}: name an entry, FILE::ENTRY")))?;
    apply(&mut ws, Edit::new(parent.file, parent.entries, EditOp::RemoveEntry { index }), item)?;
    save(&mut ws, path.file, out)
}

pub(super) fn rename(item: &str, new_name: &str, out: Option<PathBuf>, readings: &Readings) -> Out {
    let name = cp1251::encode(new_name).ok_or_else(|| Failure::usage(format!("name {new_name:?} has characters outside CP1251")))?;
    nres::check_new_name(&name).map_err(|e| Failure::usage(format!("{item}: {}", e.message)))?;
    let (mut ws, path) = open_item(item, readings)?;
    let (parent, index) = path.parent().ok_or_else(|| Failure::usage(format!("{item}: name an entry, FILE::ENTRY")))?;
    apply(&mut ws, Edit::new(parent.file, parent.entries, EditOp::RenameEntry { index, name }), item)?;
    save(&mut ws, path.file, out)
}

fn parse_type(t: &str) -> Result<u32, Failure> {
    if let Ok(n) = t.parse::<u32>() {
        return Ok(n);
    }
    let b = t.as_bytes();
    if b.len() == 4 && b.iter().all(u8::is_ascii) {
        return Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]));
    }
    Err(Failure::usage(format!("--type {t:?}: expected four ASCII characters or a decimal id")))
}
