//! Reading one file into the index: its tree, and every item (nested archives' entries too)
//! with its kind from the codec registry and the names it uses.

use super::*;

/// The archive at `path` below `root`.
pub(super) fn descend(root: &Node, path: &[usize]) -> Option<Node> {
    let mut cur = root.clone();
    for &i in path {
        let meta = cur.meta(i)?;
        let bytes = cur.entry_bytes(i).ok()?;
        cur = Node::parse(&meta.name, bytes).ok()?.0;
    }
    Some(cur)
}

/// Reads one file: its tree, every item with its kind and names.
pub(in crate::doc::project) fn index_file(rel: &str, bytes: SharedBytes, readings: &Readings) -> FileIndex {
    let name = rel.rsplit('/').next().unwrap_or(rel).to_string();
    let len = bytes.len() as u64;
    let mut problems = Vec::new();
    let mut items = Vec::new();
    let node = match Node::parse(&name, bytes.clone()) {
        Ok((node, diags)) => {
            for d in diags.into_iter().filter(|d| d.severity == Severity::Error) {
                problems.push(Problem::new(d.severity, rel, d.offset, d.text()));
            }
            Some(node)
        }
        Err(e) => {
            problems.push(Problem::error(rel, Some(e.offset), e.text()));
            None
        }
    };
    let root_item = entry_item(rel, Vec::new(), &name, None, [0; 3], &bytes, None, readings, &mut problems);
    let descend = node.as_ref().is_some_and(Node::is_archive) && !whole_archive(root_item.kind);
    items.push(root_item);
    if descend && let Some(n) = &node {
        index_archive(n, rel, Vec::new(), Some(0), 0, readings, &mut items, &mut problems);
    }
    FileIndex { rel: rel.to_string(), node, items, problems, bytes: len, data: bytes }
}

/// A kind whose archive is one item (a model: its entries are components).
fn whole_archive(kind: ItemKind) -> bool {
    kind.format().is_some_and(|k| k.codec().whole_archive())
}

pub(super) fn item_is_archive(item: &Item, bytes: &[u8]) -> bool {
    !whole_archive(item.kind) && (bytes.starts_with(b"NRes") || (bytes.starts_with(b"NL") && bytes.len() >= 32))
}

/// Every entry of an archive (and of archives nested in it, except meshes, whose entries are
/// components) as items, pushed to `items`, which will sit at `base` in the file's list.
#[allow(clippy::too_many_arguments)]
pub(super) fn index_archive(
    node: &Node,
    address: &str,
    at: Vec<usize>,
    container: Option<u32>,
    base: u32,
    readings: &Readings,
    items: &mut Vec<Item>,
    problems: &mut Vec<Problem>,
) {
    let metas = node.metas();
    for (i, m) in metas.iter().enumerate() {
        let unique = !m.name.is_empty() && metas.iter().filter(|o| o.name_bytes.eq_ignore_ascii_case(&m.name_bytes)).count() == 1;
        let label = if unique { m.name.clone() } else { format!("#{i}") };
        let addr = format!("{address}::{label}");
        let mut entries = at.clone();
        entries.push(i);
        let bytes = match node.entry_bytes(i) {
            Ok(b) => b,
            Err(e) => {
                problems.push(Problem::error(addr, Some(m.offset), e.text().prefixed("cannot be read: ")));
                continue;
            }
        };
        let item = entry_item(&addr, entries.clone(), &m.name, m.type_id, m.attrs, &bytes, container, readings, problems);
        let nested = item_is_archive(&item, &bytes);
        let me = base + items.len() as u32;
        items.push(item);
        if nested {
            match Node::parse(&m.name, bytes.clone()) {
                Ok((child, _)) => index_archive(&child, &addr, entries, Some(me), base, readings, items, problems),
                Err(e) => problems.push(Problem::error(addr, Some(e.offset), e.text())),
            }
        }
    }
}

#[allow(clippy::too_many_arguments)]
pub(super) fn entry_item(
    address: &str,
    entries: Vec<usize>,
    name: &str,
    type_id: Option<u32>,
    attrs: [u32; 3],
    bytes: &SharedBytes,
    container: Option<u32>,
    readings: &Readings,
    problems: &mut Vec<Problem>,
) -> Item {
    let item = registry::Item { bytes, name, type_id, attrs, readings };
    let kind = match codec_for(&item) {
        Some(c) => ItemKind::Format(c.kind()),
        None if bytes.starts_with(b"NRes") => ItemKind::Nres,
        None if bytes.starts_with(b"NL") && bytes.len() >= 32 => ItemKind::Rsli,
        // A Texm entry no codec claimed is still a texture by its type.
        None if type_id == Some(TYPE_TEXM) => ItemKind::Format(FormatKind::Texm),
        None => ItemKind::Data,
    };
    let read = match kind.format().and_then(|k| k.codec().refs()) {
        Some(r) => r.refs(&RefsInput { address, name, bytes, attrs, readings }, problems),
        None => ReadRefs::default(),
    };
    let (refs, wear, words) = (read.refs, read.wear, read.words);
    Item { address: address.to_string(), entries, name: name.to_string(), kind, size: bytes.len() as u64, container, refs, wear, words }
}
