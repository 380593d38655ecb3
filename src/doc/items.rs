//! Reads and edits of items that the command line and the editor share: the node, directory
//! row and bytes at an [`ItemPath`], addresses (`File.lib::NAME::#3`) both ways, and the
//! builders of the archive edits (rename, remove, replace, add with its type guess, attributes)
//! that the document applies (so they are undoable; the document also says how each moved
//! entry indices).

use super::node::Node;
use super::registry::classify;
use super::{Edit, EditOp, EntryMeta, ItemPath, Workspace};
use crate::formats::bytes::SharedBytes;
use crate::formats::message::Message;
use crate::formats::{TYPE_MAT0, TYPE_TEXM, TYPE_WEAR, cp1251, nres};
use crate::msg;
use std::collections::HashMap;
use std::sync::Arc;

/// The archive node at `at` inside a file, borrowed for the root and shared for nested ones
/// (the root is never cloned just to be read).
pub enum NodeRef<'a> {
    Root(&'a Node),
    Nested(Arc<(Node, Vec<crate::formats::Diagnostic>)>),
}

impl std::ops::Deref for NodeRef<'_> {
    type Target = Node;
    fn deref(&self) -> &Node {
        match self {
            NodeRef::Root(n) => n,
            NodeRef::Nested(a) => &a.0,
        }
    }
}

pub fn node_at<'a>(ws: &'a Workspace, archive: &ItemPath) -> Result<NodeRef<'a>, String> {
    if archive.entries.is_empty() {
        let f = ws.file(archive.file).ok_or("the file is not open")?;
        return Ok(NodeRef::Root(f.root()));
    }
    ws.node(archive.file, &archive.entries).map(NodeRef::Nested).map_err(|e| e.to_string())
}

/// The entry's directory fields, without cloning the root archive.
pub fn meta_of(ws: &Workspace, path: &ItemPath) -> Option<EntryMeta> {
    let (parent, index) = path.parent()?;
    node_at(ws, &parent).ok()?.meta(index)
}

/// The entry's bytes (unpacked for RsLi), or a file's bytes as they would be saved.
pub fn bytes_of(ws: &Workspace, path: &ItemPath) -> Result<SharedBytes, String> {
    match path.parent() {
        None => ws.item_bytes(path).map_err(|e| e.to_string()),
        Some((parent, index)) => node_at(ws, &parent)?.entry_bytes(index).map_err(|e| e.to_string()),
    }
}

/// Whether the path still names something (after an edit or undo).
pub fn exists(ws: &Workspace, path: &ItemPath) -> bool {
    match path.parent() {
        None => ws.file(path.file).is_some(),
        Some((parent, index)) => node_at(ws, &parent).is_ok_and(|n| index < n.len()),
    }
}

/// `File.lib::NAME::#3`: names where they are unique and not empty, `#N` otherwise (the CLI's
/// addressing).
pub fn address(ws: &Workspace, path: &ItemPath) -> String {
    let mut out = ws.file(path.file).map(|f| f.name()).unwrap_or_else(|| format!("#file{}", path.file));
    let mut at = ItemPath::root(path.file);
    for &i in &path.entries {
        let label = node_at(ws, &at)
            .ok()
            .and_then(|n| {
                let m = n.meta(i)?;
                let unique = !m.name.is_empty()
                    && (0..n.len()).filter_map(|j| n.meta(j)).filter(|o| o.name_bytes.eq_ignore_ascii_case(&m.name_bytes)).count() == 1;
                unique.then_some(m.name)
            })
            .unwrap_or_else(|| format!("#{i}"));
        out.push_str("::");
        out.push_str(&label);
        at = at.child(i);
    }
    out
}

/// The item a check finding's `entry` address (`NAME::#3`, relative to the file) points at.
pub fn resolve(ws: &Workspace, file: super::FileId, entry: &str) -> Option<ItemPath> {
    let mut at = ItemPath::root(file);
    for part in entry.split("::") {
        let i = node_at(ws, &at).ok()?.resolve(part)?;
        at = at.child(i);
    }
    Some(at)
}

/// A name as the archive stores it: CP1251 bytes, at most 31 of them.
pub fn encode_name(name: &str) -> Result<Vec<u8>, Message> {
    let bytes = cp1251::encode(name).ok_or_else(|| msg!("doc-name-not-cp1251", "{name:?} has characters that CP1251 cannot store", name = name))?;
    nres::check_new_name(&bytes).map_err(|e| e.text())?;
    Ok(bytes)
}

pub fn rename(path: &ItemPath, name: &str) -> Result<Edit, Message> {
    let (parent, index) = path.parent().ok_or_else(|| msg!("doc-rename-file", "a file is renamed with Save As"))?;
    let bytes = encode_name(name)?;
    Ok(Edit::new(path.file, parent.entries, EditOp::RenameEntry { index, name: bytes }))
}

/// Removals for the selected entries, ordered so that each leaves the indices of the ones
/// after it valid (descending paths); file rows and entries inside removed archives are
/// skipped.
pub fn delete(paths: &[ItemPath]) -> Vec<Edit> {
    let mut ps: Vec<&ItemPath> = paths.iter().filter(|p| !p.entries.is_empty()).collect();
    ps.sort();
    ps.dedup();
    let keep: Vec<&ItemPath> = ps
        .iter()
        .copied()
        .filter(|p| !ps.iter().any(|q| q.file == p.file && q.entries.len() < p.entries.len() && p.entries.starts_with(&q.entries)))
        .collect();
    keep.into_iter()
        .rev()
        .filter_map(|p| {
            let (parent, index) = p.parent()?;
            Some(Edit::new(p.file, parent.entries, EditOp::RemoveEntry { index }))
        })
        .collect()
}

/// Edits of one file as one undo step, labelled `label`; a single edit stays as it is.
pub fn batch(label: String, edits: Vec<Edit>) -> Option<Edit> {
    let file = edits.first()?.file;
    if edits.len() == 1 {
        return edits.into_iter().next();
    }
    debug_assert!(edits.iter().all(|e| e.file == file));
    let ops = edits.into_iter().map(|e| (e.at, e.op)).collect();
    Some(Edit::new(file, Vec::new(), EditOp::Batch { ops }).labelled(label))
}

/// New bytes for an entry (`ReplaceEntry` in its archive) or for a whole loose file.
pub fn replace(path: &ItemPath, bytes: SharedBytes) -> Edit {
    match path.parent() {
        Some((parent, index)) => Edit::new(path.file, parent.entries, EditOp::ReplaceEntry { index, bytes }),
        None => Edit::new(path.file, Vec::new(), EditOp::ReplaceNode { bytes }),
    }
}

pub fn add(ws: &Workspace, archive: &ItemPath, name: &str, bytes: SharedBytes) -> Result<Edit, Message> {
    let node = node_at(ws, archive)?;
    if !node.is_archive() {
        return Err(msg!("doc-not-archive-add", "not an archive: entries cannot be added"));
    }
    let name_bytes = encode_name(name)?;
    let type_id = guess_type(&node, name, &bytes);
    Ok(Edit::new(archive.file, archive.entries.clone(), EditOp::AddEntry { name: name_bytes, type_id, attrs: [0; 3], bytes }))
}

/// The type id a new entry gets when none is given (the editor's drop, the command line's `add`
/// without `--type`): from its content or extension where they say, else the type every entry
/// of the archive already has, else 0.
pub fn guess_type(node: &Node, name: &str, bytes: &[u8]) -> u32 {
    if classify::is_texture_bytes(bytes) {
        return TYPE_TEXM;
    }
    if classify::is_wear_name(name) {
        return TYPE_WEAR;
    }
    if classify::is_material_name(name) {
        return TYPE_MAT0;
    }
    let mut counts: HashMap<u32, usize> = HashMap::new();
    for m in node.metas() {
        if let Some(t) = m.type_id {
            *counts.entry(t).or_default() += 1;
        }
    }
    if counts.len() == 1 { counts.into_keys().next().unwrap_or(0) } else { 0 }
}

/// New bytes and/or new directory attributes for one item, as one edit (an editor's change).
pub fn edit_item(path: &ItemPath, bytes: Option<SharedBytes>, attrs: Option<[u32; 3]>) -> Result<Edit, String> {
    let mut edits = Vec::new();
    if let Some(b) = bytes {
        edits.push(replace(path, b));
    }
    if let Some(a) = attrs {
        edits.push(set_attrs(path, None, a)?);
    }
    batch(String::new(), edits).ok_or_else(|| "nothing to change".to_string())
}

/// True when new `bytes` and/or `attrs` for the item are what it already has: such an edit (a
/// drag that snapped back, a field clicked and left) changes nothing and must not make the
/// file unsaved.
pub fn changes_nothing(ws: &Workspace, path: &ItemPath, bytes: Option<&SharedBytes>, attrs: Option<[u32; 3]>) -> bool {
    let same_bytes = bytes.is_none_or(|b| ws.item_bytes(path).is_ok_and(|now| now.as_slice() == b.as_slice()));
    let same_attrs = attrs.is_none_or(|a| meta_of(ws, path).is_some_and(|m| m.attrs == a));
    same_bytes && same_attrs
}

pub fn set_attrs(path: &ItemPath, type_id: Option<u32>, attrs: [u32; 3]) -> Result<Edit, Message> {
    let (parent, index) = path.parent().ok_or_else(|| msg!("doc-file-no-attrs", "a file has no attributes"))?;
    Ok(Edit::new(path.file, parent.entries, EditOp::SetAttrs { index, type_id, attrs }))
}

pub use super::node::output_name;

/// Splits `FILE::ENTRY::ENTRY` into the file and the entry names (`NAME` or `#N`).
pub fn split_address(address: &str) -> (&str, Vec<&str>) {
    let mut parts = address.split("::");
    let file = parts.next().unwrap_or_default();
    (file, parts.collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::nres as fx;
    use std::path::PathBuf;

    fn open(bytes: Vec<u8>) -> (Workspace, ItemPath) {
        let mut ws = Workspace::new();
        let id = ws.open_bytes(PathBuf::from("t.lib"), SharedBytes::from(bytes)).unwrap();
        (ws, ItemPath::root(id))
    }

    #[test]
    fn rename_checks_the_name_and_undoes() {
        let (mut ws, root) = open(fx::simple());
        assert!(rename(&root.child(0), &"X".repeat(32)).unwrap_err().as_str().contains("31"));
        assert!(rename(&root.child(0), "日本").is_err());
        assert!(rename(&root, "x").is_err());
        let e = rename(&root.child(0), "Сталь").unwrap();
        ws.apply(e).unwrap();
        assert_eq!(meta_of(&ws, &root.child(0)).unwrap().name, "Сталь");
        ws.undo().unwrap();
        assert_eq!(meta_of(&ws, &root.child(0)).unwrap().name, "STEEL");
    }

    #[test]
    fn delete_orders_removals_and_skips_contents_of_removed_archives() {
        let (mut ws, root) = open(fx::nested());
        let sel = vec![root.child(0), root.child(1).child(0), root.child(1), root.clone(), root.child(2)];
        let edits = delete(&sel);
        let removed: Vec<_> = edits.iter().map(|e| (e.at.clone(), e.label())).collect();
        assert_eq!(removed, [(vec![], "Remove entry #2".to_string()), (vec![], "Remove entry #1".into()), (vec![], "Remove entry #0".into())]);
        for e in edits {
            ws.apply(e).unwrap();
        }
        assert_eq!(ws.file(root.file).unwrap().root().len(), 0);
        // Inside a nested archive, siblings go highest first.
        let (mut ws, root) = open(fx::nested());
        let edits = delete(&[root.child(0).child(1), root.child(0).child(3)]);
        let shifts: Vec<_> = edits.into_iter().map(|e| ws.apply(e).unwrap().shift).collect();
        assert_eq!(shifts[0], crate::doc::Shift::Removed { file: root.file, at: vec![0], index: 3 });
        let inner = ws.node(root.file, &[0]).unwrap();
        let names: Vec<_> = inner.0.metas().into_iter().map(|m| m.name).collect();
        assert_eq!(names, ["STEEL", "_under", "alpha"]);
    }

    #[test]
    fn add_guesses_the_type_and_replace_swaps_bytes() {
        let (mut ws, root) = open(crate::fixtures::texm::textures_lib());
        let n = ws.file(root.file).unwrap().root().len();
        let e = add(&ws, &root, "NEW.0", SharedBytes::from(b"anything".to_vec())).unwrap();
        let shift = ws.apply(e).unwrap().shift;
        assert_eq!(shift, crate::doc::Shift::Inserted { file: root.file, at: vec![], index: n });
        let m = meta_of(&ws, &root.child(n)).unwrap();
        assert_eq!((m.name.as_str(), m.type_id, m.size), ("NEW.0", Some(TYPE_TEXM), 8));
        let e = replace(&root.child(n), SharedBytes::from(vec![7; 3]));
        ws.apply(e).unwrap();
        assert_eq!(&*bytes_of(&ws, &root.child(n)).unwrap(), &[7, 7, 7]);
        let (ws2, r2) = open(fx::simple());
        assert_eq!(guess_type(&node_at(&ws2, &r2).unwrap(), "a.wea", b""), TYPE_WEAR);
        let (ws3, r3) = open(fx::nested());
        assert_eq!(guess_type(&node_at(&ws3, &r3).unwrap(), "x", b"zz"), 0);
    }

    #[test]
    fn addresses_use_unique_names_or_indices_and_resolve_back() {
        let (ws, root) = open(fx::nested());
        let p = root.child(1).child(0).child(1);
        assert_eq!(address(&ws, &p), "t.lib::deeper.rlb::level2::other");
        let twin = root.child(1).child(0).child(2);
        assert_eq!(address(&ws, &twin), "t.lib::deeper.rlb::level2::#2");
        assert_eq!(resolve(&ws, root.file, "deeper.rlb::level2::#2"), Some(twin));
        assert_eq!(resolve(&ws, root.file, "deeper.rlb::nope"), None);
        assert!(exists(&ws, &p) && !exists(&ws, &root.child(9)));
    }

    #[test]
    fn output_names_are_safe_and_unique() {
        let (ws, root) = open(fx::duplicate_names());
        let metas = node_at(&ws, &root).unwrap().metas();
        let names: Vec<_> = (0..metas.len()).map(|i| output_name(&metas, i)).collect();
        assert_eq!(names, ["0000_TWIN", "other", "0002_twin", "0003_TWIN"]);
    }
}
