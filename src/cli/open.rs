//! Opening what a command names: an address through nested archives, a whole NRes file's
//! directory without its payloads, and saving an edited workspace.

use super::{Failure, Out, suggest};
use crate::doc::listing::Listing;
use crate::doc::{Edit, ItemPath, Workspace};
use crate::formats::readings::Readings;
use std::path::{Path, PathBuf};

pub use crate::doc::items::split_address;

/// Opens the file of an address and resolves its entries through nested archives.
pub fn open_item(address: &str, readings: &Readings) -> Result<(Workspace, ItemPath), Failure> {
    let (file, entries) = split_address(address);
    let mut ws = Workspace::new();
    ws.readings = *readings;
    let id = ws.open(Path::new(file)).map_err(|e| match e {
        crate::doc::OpenError::Io(p, e) => Failure::io(&p, e),
        crate::doc::OpenError::Format(_, e) => Failure::format(file, e),
    })?;
    note_stale_temps(file);
    let mut path = ItemPath::root(id);
    let mut shown = file.to_string();
    for name in entries {
        let node = ws.node(id, &path.entries).map_err(|e| Failure::format(&shown, e))?;
        if !node.0.is_archive() {
            return Err(Failure::usage(format!("{shown}: not an archive, so it has no entry {name}")));
        }
        // A name that matches nothing is a usage error, like a missing file.
        let index = node.0.resolve(name).ok_or_else(|| {
            let near = suggest::nearest_names(&node.0, name, 3);
            let hint = match name.strip_prefix('#') {
                Some(_) if node.0.is_empty() => "; the archive is empty".to_string(),
                Some(_) => format!("; the archive has entries #0 to #{}", node.0.len() - 1),
                None if near.is_empty() => "; the archive has no named entries".to_string(),
                None => format!("; did you mean {}?", suggest::one_of(&near)),
            };
            Failure::usage(format!("{shown}: no entry {name}{hint}"))
        })?;
        shown = format!("{shown}::{name}");
        path = path.child(index);
    }
    Ok((ws, path))
}

/// Temporary files that interrupted saves of `file` left: reported, never removed.
pub(super) fn note_stale_temps(file: &str) {
    for stale in crate::doc::save::stale_temp_files(Path::new(file)) {
        eprintln!("note: {} (rm it if no save is running)", stale.notice(Path::new(file)));
    }
}

/// The header and directory of a whole NRes file, read without its payloads; None for an
/// address inside a file or a file that needs the full read. The caller that answers from it
/// notes stale temporary files, as `open_item` does.
pub(super) fn listing(address: &str) -> Result<Option<Listing>, Failure> {
    let (file, entries) = split_address(address);
    if !entries.is_empty() {
        return Ok(None);
    }
    Listing::read(Path::new(file)).map_err(|e| Failure::io(Path::new(file), e))
}

pub(super) fn apply(ws: &mut Workspace, edit: Edit, address: &str) -> Result<(), Failure> {
    ws.apply(edit).map(|_| ()).map_err(|e| Failure::format(address, e))
}

pub(super) fn save(ws: &mut Workspace, file: crate::doc::FileId, out: Option<PathBuf>) -> Out {
    let r = match out {
        Some(p) => ws.save_as(file, &p),
        None => ws.save(file, false),
    };
    r.map_err(|e| Failure { code: 2, message: e.to_string() })?;
    Ok(0)
}
