//! Renaming a material or a texture with its references: the entry's rename and, in the same
//! undo step, every WEAR row (for a material) or MAT0 phase and LIGHTMAPS row (for a texture)
//! that names it, across the project; a mesh (or table) of an archive rewrites the member field
//! of the record slots that name it, a record the record field of the unit components. Each name is rewritten where it stands (a WEAR name
//! token spliced, a MAT0 name field's bytes up to its NUL), so a save changes only the bytes
//! that must change. Names that reach the entry only through the engine's fallback do not
//! name it and are left alone.

use super::index::{At, Index, ItemId, RefKind};
use crate::doc::kinds::{ItemKind, named_by};
use crate::doc::items::{self, encode_name};
use crate::doc::shift::Change;
use crate::doc::{Edit, EditOp, FileId, ItemPath, Workspace};
use crate::formats::bytes::SharedBytes;
use crate::formats::mat0::{Mat0, NAME_LEN};
use crate::formats::objrec::{Kind, NAME_FIELD, Record, Slot};
use crate::formats::unit_dat::UnitDat;
use crate::formats::wear::{Section, Wear};
use crate::formats::Message;
use crate::msg;
use serde::Serialize;
use std::collections::BTreeMap;

/// One name to rewrite.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Rewrite {
    pub item: ItemId,
    pub address: String,
    #[serde(flatten)]
    pub at: At,
    pub old: String,
    pub new: String,
}

/// What a rename would change.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RenamePlan {
    pub target: ItemId,
    pub address: String,
    pub kind: ItemKind,
    pub old: String,
    pub new: String,
    pub rewrites: Vec<Rewrite>,
}

impl RenamePlan {
    /// The project files the rename writes (the renamed entry's first).
    pub fn files(&self, index: &Index) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for id in std::iter::once(self.target).chain(self.rewrites.iter().map(|r| r.item)) {
            if let Some(f) = index.file_of(id)
                && !out.contains(&f.rel)
            {
                out.push(f.rel.clone());
            }
        }
        out
    }

    pub fn label(&self) -> String {
        self.label_text().english
    }

    /// [`RenamePlan::label`] with its id, for the editor.
    pub fn label_text(&self) -> Message {
        let (old, new) = (&self.old, &self.new);
        match self.rewrites.len() {
            0 => msg!("project-rename", "Rename {old} to {new}", old = old, new = new),
            1 => msg!("project-rename-one", "Rename {old} to {new} and 1 reference", old = old, new = new),
            n => msg!("project-rename-many", "Rename {old} to {new} and {n} references", old = old, new = new, n = n),
        }
    }
}

/// What renaming the entry at `address` to `new_name` would change.
pub fn plan(index: &Index, address: &str, new_name: &str) -> Result<RenamePlan, String> {
    let target = index.find(address).ok_or_else(|| format!("{address}: not in the project"))?;
    let item = index.item(target).ok_or_else(|| format!("{address}: not in the project"))?;
    if item.entries.is_empty() {
        return Err(format!("{address}: a file, not an entry (files are renamed on disk)"));
    }
    let new_bytes = encode_name(new_name).map_err(|e| format!("{address}: {e}"))?;
    let file = index.file_of(target).ok_or("no file")?;
    let clash = file.items.iter().any(|it| {
        it.container == item.container && !std::ptr::eq(it, item) && it.name.as_bytes().eq_ignore_ascii_case(&new_bytes)
    });
    if clash && !item.name.as_bytes().eq_ignore_ascii_case(&new_bytes) {
        return Err(format!("{address}: the archive already has an entry named {new_name}; the engine would find only the first"));
    }
    let wanted: &[RefKind] = item.kind.format().map_or(&[], named_by);
    let rewrites: Vec<Rewrite> = index
        .used_by(target)
        .into_iter()
        .filter(|l| l.exact && wanted.contains(&l.kind))
        .map(|l| {
            // A slot or component names `ARCHIVE::MEMBER`: only the member is rewritten.
            let old = match l.at {
                At::Slot { .. } | At::Component { .. } => l.name.rsplit("::").next().unwrap_or(&l.name).to_string(),
                _ => l.name,
            };
            Rewrite { item: l.item, address: l.address, at: l.at, old, new: new_name.to_string() }
        })
        .collect();
    if rewrites.iter().any(|r| matches!(r.at, At::Slot { .. } | At::Component { .. })) && new_bytes.len() > crate::formats::objrec::MAX_NAME {
        return Err(format!("{new_name}: a record slot or unit component holds a name of at most {} bytes", crate::formats::objrec::MAX_NAME));
    }
    if rewrites.iter().any(|r| matches!(r.at, At::Phase { .. })) && new_bytes.len() >= NAME_LEN {
        return Err(format!("{new_name}: a MAT0 phase holds a texture name of at most {} bytes", NAME_LEN - 1));
    }
    Ok(RenamePlan { target, address: item.address.clone(), kind: item.kind, old: item.name.clone(), new: new_name.to_string(), rewrites })
}

/// Applies the plan to the documents as one undo step: `open` gives the workspace file of a
/// project path (opening it if needed). Each item's current bytes are read from the workspace
/// (unsaved edits included) and must still hold the old name where the plan says.
pub fn apply(
    ws: &mut Workspace,
    index: &Index,
    plan: &RenamePlan,
    open: &mut dyn FnMut(&mut Workspace, &str) -> Result<FileId, String>,
) -> Result<Vec<Change>, Message> {
    // Per file: (archive path, operation), in the order they run.
    type Ops = Vec<(Vec<usize>, EditOp)>;
    let mut per_file: BTreeMap<String, (FileId, Ops)> = BTreeMap::new();
    let mut item_of = |ws: &mut Workspace, id: ItemId| -> Result<(String, FileId, Vec<usize>), Message> {
        let file = index.file_of(id).ok_or("no file")?;
        let item = index.item(id).ok_or("no item")?;
        let fid = open(ws, &file.rel).map_err(Message::from)?;
        Ok((file.rel.clone(), fid, item.entries.clone()))
    };
    let mut by_item: BTreeMap<ItemId, Vec<&Rewrite>> = BTreeMap::new();
    for r in &plan.rewrites {
        by_item.entry(r.item).or_default().push(r);
    }
    for (id, rewrites) in by_item {
        let (rel, fid, entries) = item_of(ws, id)?;
        let path = ItemPath { file: fid, entries: entries.clone() };
        let bytes = items::bytes_of(ws, &path).map_err(|e| Message::from(format!("{rel}: {e}")))?;
        let address = &rewrites[0].address;
        let new = rewrite_item(&bytes, ws, &path, &rewrites).map_err(|e| e.prefixed(&format!("{address}: ")))?;
        let op = match path.parent() {
            None => (Vec::new(), EditOp::ReplaceNode { bytes: new }),
            Some((parent, index)) => (parent.entries, EditOp::ReplaceEntry { index, bytes: new }),
        };
        per_file.entry(rel).or_insert_with(|| (fid, Vec::new())).1.push(op);
    }
    let (rel, fid, entries) = item_of(ws, plan.target)?;
    let (&index_in, parent) = entries.split_last().ok_or("the target is a file")?;
    let name = encode_name(&plan.new)?;
    per_file.entry(rel).or_insert_with(|| (fid, Vec::new())).1.push((parent.to_vec(), EditOp::RenameEntry { index: index_in, name }));
    // The renamed entry's file first, so the step's first change is the rename's.
    let target_file = index.file_of(plan.target).map(|f| f.rel.clone()).unwrap_or_default();
    let mut edits: Vec<Edit> = Vec::new();
    for (rel, (fid, mut ops)) in per_file {
        let edit = if ops.len() == 1 {
            let (at, op) = ops.remove(0);
            Edit::new(fid, at, op)
        } else {
            Edit::new(fid, Vec::new(), EditOp::Batch { ops })
        };
        if rel == target_file { edits.insert(0, edit) } else { edits.push(edit) }
    }
    ws.apply_group(edits, plan.label()).map_err(|e| Message::from(e.to_string()))
}

/// The item's bytes with each rewrite made, checking the old name is still there.
fn rewrite_item(bytes: &SharedBytes, ws: &Workspace, path: &ItemPath, rewrites: &[&Rewrite]) -> Result<SharedBytes, Message> {
    match rewrites[0].at {
        At::Row { .. } => {
            let mut w = Wear::parse(bytes);
            for r in rewrites {
                let At::Row { lightmaps, row, line, .. } = r.at else { return Err(Message::from("mixed rewrites")) };
                let section = if lightmaps { Section::Lightmaps } else { Section::Materials };
                let now = w.rows(section).get(row).map(|x| w.name_bytes(x).to_vec());
                if !now.is_some_and(|n| n.eq_ignore_ascii_case(r.old.as_bytes())) {
                    return Err(msg!("project-rename-row-changed", "line {line} no longer names {old} (edited since the project was indexed)", line = line, old = &r.old));
                }
                w.set_name(section, row, &r.new).map_err(|e| e.text())?;
            }
            Ok(w.shared_bytes().clone())
        }
        At::Phase { .. } => {
            let version = items::meta_of(ws, path).map_or(0, |m| m.attrs[1]);
            let mut m = Mat0::parse(bytes, version).map_err(|e| e.text())?;
            for r in rewrites {
                let At::Phase { phase, .. } = r.at else { return Err(Message::from("mixed rewrites")) };
                let p = m.phases.get_mut(phase).ok_or_else(|| msg!("project-rename-phase-gone", "phase {phase} is gone (edited since the project was indexed)", phase = phase))?;
                if !p.texture_bytes().eq_ignore_ascii_case(r.old.as_bytes()) {
                    return Err(msg!("project-rename-phase-changed", "phase {phase} no longer names {old}", phase = phase, old = &r.old));
                }
                p.set_texture(&r.new).map_err(|e| e.text())?;
            }
            Ok(SharedBytes::from(m.write().map_err(|e| e.text())?))
        }
        At::Object { .. } => {
            // A record renamed: the missions placing it name the new key.
            let (mut m, _) = crate::formats::tma::Mission::parse(bytes).map_err(|e| e.text())?;
            for r in rewrites {
                let At::Object { index: Some(i), .. } = r.at else { return Err(Message::from("mixed rewrites")) };
                let o = m.objects.get_mut(i).ok_or_else(|| msg!("project-rename-object-gone", "object {i} is gone (edited since the project was indexed)", i = i))?;
                if !o.path.eq_ignore_case(r.old.as_bytes()) {
                    return Err(msg!("project-rename-object-changed", "object {i} no longer names {old}", i = i, old = &r.old));
                }
                o.path = crate::formats::tma::Text::encode(&r.new).ok_or_else(|| msg!("project-rename-not-cp1251", "{new} has a character CP1251 lacks", new = &r.new))?;
            }
            Ok(SharedBytes::from(m.write()))
        }
        At::Slot { .. } => {
            let mut rec = Record::parse(bytes, Kind::Other(0)).map_err(|e| e.text())?.0;
            for r in rewrites {
                let At::Slot { slot, .. } = r.at else { return Err(Message::from("mixed rewrites")) };
                let s = rec.slots.get_mut(slot).ok_or_else(|| msg!("project-rename-slot-gone", "slot {slot} is gone (edited since the project was indexed)", slot = slot))?;
                if !s.member_bytes().eq_ignore_ascii_case(r.old.as_bytes()) {
                    return Err(msg!("project-rename-slot-changed", "slot {slot} no longer names {old}", slot = slot, old = &r.old));
                }
                // Only the member's 32 bytes change; the archive field stays as stored.
                let mut raw = *s.raw();
                raw[NAME_FIELD..].copy_from_slice(&Slot::new("", &r.new).map_err(|e| e.text())?.raw()[NAME_FIELD..]);
                *s = Slot::from_raw(raw);
            }
            Ok(SharedBytes::from(rec.write()))
        }
        At::Component { .. } => {
            let reading = ws.readings.unit_dat;
            let mut unit = UnitDat::parse(bytes, reading).map_err(|e| e.text())?.0;
            for r in rewrites {
                let At::Component { index, .. } = r.at else { return Err(Message::from("mixed rewrites")) };
                let c = unit.component_mut(index).map_err(|_| msg!("project-rename-component-gone", "component {index} is gone (edited since the project was indexed)", index = index))?;
                if !c.record_bytes().eq_ignore_ascii_case(r.old.as_bytes()) {
                    return Err(msg!("project-rename-component-changed", "component {index} no longer names {old}", index = index, old = &r.old));
                }
                c.set_record(&r.new).map_err(|e| e.text())?;
            }
            Ok(SharedBytes::from(unit.write()))
        }
        _ => Err(Message::from("nothing to rewrite there")),
    }
}
