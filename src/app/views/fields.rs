//! The raw directory fields of an item: its NRes row (64 bytes) or RsLi row (32 bytes, as
//! decrypted), or a file's header, field by field with the stored bytes beside the value.

use crate::doc::items::node_at;
use crate::doc::node::Node;
use crate::doc::{ItemPath, Workspace};
use crate::formats::bytes::{le_i16, le_u16, le_u32};
use crate::formats::nres;
use crate::tr;

#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    pub name: String,
    /// Byte offset of the field inside its record.
    pub at: usize,
    pub raw: String,
    pub value: String,
}

/// A heading line (where the record sits) and its fields.
pub fn fields(ws: &Workspace, path: &ItemPath) -> Result<(String, Vec<Field>), String> {
    match path.parent() {
        None => {
            let f = ws.file(path.file).ok_or_else(|| tr!("fields-file-closed"))?;
            Ok(header_fields(f.root()))
        }
        Some((parent, index)) => {
            let node = node_at(ws, &parent)?;
            match &*node {
                Node::Nres(a) if index < a.len() => {
                    let dir = a.total_size() - a.len() * nres::ROW_LEN;
                    let at = dir + index * nres::ROW_LEN;
                    Ok((tr!("fields-nres-row", index = index.to_string(), at = format!("{at:#X}")), nres_row(a.entry(index).raw())))
                }
                Node::Rsli(a) if index < a.len() => {
                    // The table follows the 32-byte header.
                    let at = 32 + index * crate::formats::rsli::ROW_SIZE;
                    Ok((tr!("fields-rsli-row", index = index.to_string(), at = format!("{at:#X}")), rsli_row(a.entry(index).raw(), a.entry(index).effective_offset())))
                }
                _ => Err(tr!("fields-no-entry", index = index.to_string())),
            }
        }
    }
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02X}")).collect::<Vec<_>>().join(" ")
}

fn field(name: impl Into<String>, raw: &[u8], at: usize, len: usize, value: String) -> Field {
    Field { name: name.into(), at, raw: hex(&raw[at..at + len]), value }
}

fn u32_field(name: impl Into<String>, raw: &[u8], at: usize) -> Field {
    let v = le_u32(raw, at);
    field(name, raw, at, 4, format!("{v} ({v:#X})"))
}

pub fn nres_row(raw: &[u8; 64]) -> Vec<Field> {
    let t = le_u32(raw, 0);
    let name = &raw[20..56];
    let nul = name.iter().position(|&b| b == 0);
    let shown = crate::formats::cp1251::decode(&name[..nul.unwrap_or(name.len())]);
    let after = match nul {
        Some(n) if name[n + 1..].iter().any(|&b| b != 0) => tr!("fields-after-nul"),
        Some(_) => String::new(),
        None => tr!("fields-no-nul"),
    };
    vec![
        field("type_id", raw, 0, 4, format!("{} = {t} ({t:#010X})", nres::type_label(t))),
        u32_field("attr1", raw, 4),
        u32_field("attr2", raw, 8),
        u32_field("size", raw, 12),
        u32_field("attr3", raw, 16),
        field("name[36]", raw, 20, 36, format!("{shown:?}{after}")),
        u32_field("data_offset", raw, 56),
        u32_field("sort_index", raw, 60),
    ]
}

pub fn rsli_row(raw: &[u8; 32], effective: u64) -> Vec<Field> {
    let name = &raw[..12];
    let shown = crate::formats::cp1251::decode(&name[..name.iter().position(|&b| b == 0).unwrap_or(12)]);
    let flags = le_u16(raw, 16);
    let method = crate::formats::rsli::Method::from_flags(flags).name();
    let off = le_u32(raw, 24);
    vec![
        field("name[12]", raw, 0, 12, format!("{shown:?}")),
        field("service[4]", raw, 12, 4, tr!("fields-never-read")),
        field("flags", raw, 16, 2, tr!("fields-flags-method", flags = format!("{flags:#06X}"), method = method)),
        field("sort_to_original", raw, 18, 2, le_i16(raw, 18).to_string()),
        u32_field("unpacked_size", raw, 20),
        field("data_offset", raw, 24, 4, tr!("fields-effective-offset", off = format!("{off} ({off:#X})"), effective = format!("{effective:#X}"))),
        u32_field("packed_size", raw, 28),
    ]
}

fn header_fields(root: &Node) -> (String, Vec<Field>) {
    match root {
        Node::Nres(a) => {
            let h = a.header();
            let count = le_u32(h, 8) as i32;
            (
                tr!("fields-nres-header"),
                vec![
                    field("magic", h, 0, 4, String::from_utf8_lossy(&h[..4]).into_owned()),
                    u32_field("version", h, 4),
                    field("entry_count", h, 8, 4, count.to_string()),
                    u32_field("total_size", h, 12),
                ],
            )
        }
        Node::Rsli(a) => {
            let h = a.header();
            let (c1, c2) = a.declared_counts();
            let mut v = vec![
                field("magic", &h, 0, 2, String::from_utf8_lossy(&h[..2]).into_owned()),
                field("reserved", &h, 2, 1, h[2].to_string()),
                field("version", &h, 3, 1, h[3].to_string()),
                field("entry_count", &h, 4, 2, c1.to_string()),
                field(tr!("fields-entry-count-again"), &h, 6, 2, c2.to_string()),
                field("presorted", &h, 14, 2, if a.presorted() { tr!("fields-presorted") } else { tr!("fields-no") }),
                u32_field(tr!("fields-unpacked-sum"), &h, 16),
                u32_field("xor_seed", &h, 20),
            ];
            if let Some(o) = a.overlay() {
                v.push(Field { name: tr!("fields-ao-overlay"), at: 0, raw: String::new(), value: tr!("fields-ao-overlay-value", offset = format!("{o} ({o:#X})")) });
            }
            (tr!("fields-rsli-header"), v)
        }
        Node::Blob(b) => {
            let n = b.len().min(16);
            (
                tr!("fields-loose-file"),
                vec![
                    Field { name: tr!("fields-size"), at: 0, raw: String::new(), value: tr!("log-bytes-count", n = b.len()) },
                    Field { name: tr!("fields-first-bytes"), at: 0, raw: hex(&b[..n]), value: String::from_utf8_lossy(&b[..n]).chars().map(|c| if c.is_control() { '.' } else { c }).collect() },
                ],
            )
        }
    }
}

pub fn show(ui: &mut egui::Ui, heading: &str, fields: &[Field]) {
    ui.label(egui::RichText::new(heading).strong());
    ui.add_space(4.0);
    egui::Grid::new("raw-fields").num_columns(4).striped(true).spacing([14.0, 4.0]).show(ui, |ui| {
        ui.strong(tr!("fields-col-field"));
        ui.strong(tr!("fields-col-at"));
        ui.strong(tr!("fields-col-value"));
        ui.strong(tr!("fields-col-raw"));
        ui.end_row();
        for f in fields {
            ui.label(&f.name);
            ui.monospace(format!("+{}", f.at));
            ui.label(&f.value);
            ui.monospace(&f.raw);
            ui.end_row();
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::bytes::SharedBytes;
    use std::path::PathBuf;

    #[test]
    fn nres_rows_show_every_field_and_name_garbage() {
        let mut ws = Workspace::new();
        let id = ws.open_bytes(PathBuf::from("g.lib"), SharedBytes::from(crate::fixtures::nres::garbage_after_nul())).unwrap();
        let (head, f) = fields(&ws, &ItemPath::root(id).child(0)).unwrap();
        assert!(head.starts_with("directory row 0 at 0x"), "{head}");
        let names: Vec<_> = f.iter().map(|x| x.name.as_str()).collect();

        assert_eq!(names, ["type_id", "attr1", "attr2", "size", "attr3", "name[36]", "data_offset", "sort_index"]);
        assert!(f[0].value.starts_with("DATA = "));
        assert!(f[5].value.contains("\"MESSY\"") && f[5].value.contains("not zero"), "{}", f[5].value);
        assert_eq!(f[3].raw, "08 00 00 00");
        let (head, f) = fields(&ws, &ItemPath::root(id)).unwrap();
        assert_eq!(head, "NRes header (16 bytes)");
        assert_eq!(f[2].value, "3");
        assert!(fields(&ws, &ItemPath::root(id).child(7)).is_err());
    }
}
