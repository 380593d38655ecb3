//! The texture edits: new Page rects, new header flags (each as the item's new bytes, which
//! the document applies as one step), and the stored levels written out as PNG.

use crate::app::seam::EditorCx;
use crate::app::intent::{Intent, ItemEdit};
use crate::doc::items::{self, bytes_of};
use crate::formats::Severity;
use crate::doc::{ItemPath, Workspace};
use crate::formats::bytes::SharedBytes;
use crate::formats::texm;

/// A texture's bytes with new Page rects: only the Page tail changes (added when there was
/// none and rects are given). Refused for a texture that is not a known format.
pub fn with_page_rects(bytes: &[u8], rects: Vec<texm::Rect>) -> Result<SharedBytes, String> {
    let (mut t, _) = texm::Texm::parse(bytes).map_err(|e| e.to_string())?;
    if t.page().is_none() && rects.is_empty() {
        return Err(crate::tr!("tex-no-page-rects"));
    }
    t.set_page(Some(texm::Page { rects })).map_err(|e| e.to_string())?;
    Ok(SharedBytes::from(t.write()))
}

/// The edit of the tab's texture to `rects`; `dragging` merges it with the drag's other moves.
pub fn rects_intent(cx: &EditorCx, rects: Vec<texm::Rect>, dragging: bool) -> Intent {
    match with_page_rects(cx.bytes, rects) {
        Ok(b) => {
            let e = ItemEdit::bytes(cx.path, b, rects_label(cx.ws, cx.path));
            Intent::EditItem(if dragging { e.dragging("page-rects") } else { e })
        }
        Err(m) => Intent::Log(Severity::Error, format!("{}: {m}", crate::tr!("tex-page-rects"))),
    }
}

/// The edit of the tab's texture to new `flags4`, `flags5`, `unk6`.
pub fn flags_intent(cx: &EditorCx, flags: [u32; 3]) -> Intent {
    match with_flags(cx.bytes, flags) {
        Ok(b) => Intent::EditItem(ItemEdit::bytes(cx.path, b, flags_label(cx.ws, cx.path))),
        Err(m) => Intent::Log(Severity::Error, crate::tr!("tex-flags-failed", error = m.to_string())),
    }
}

pub fn rects_label(ws: &Workspace, path: &ItemPath) -> String {
    crate::tr!("tex-undo-rects", address = items::address(ws, path))
}

/// A texture's bytes with new `flags4`, `flags5`, `unk6`: only the header is written again,
/// the rest of the payload is kept as it is (so this works on a texture of unknown format too).
pub fn with_flags(bytes: &[u8], [flags4, flags5, unk6]: [u32; 3]) -> Result<SharedBytes, String> {
    let h = texm::Header { flags4, flags5, unk6, ..texm::Header::parse(bytes).map_err(|e| e.to_string())? };
    let mut new = Vec::with_capacity(bytes.len());
    h.write_to(&mut new);
    new.extend_from_slice(&bytes[texm::HEADER_LEN..]);
    Ok(SharedBytes::from(new))
}

pub fn flags_label(ws: &Workspace, path: &ItemPath) -> String {
    crate::tr!("tex-undo-flags", address = items::address(ws, path))
}

/// An entry name made safe as the start of a file name (`ATLAS.0` → `ATLAS_0`).
pub fn file_stem(name: &str) -> String {
    name.chars().map(|c| if c.is_alphanumeric() || c == '_' || c == '-' { c } else { '_' }).collect()
}

/// Writes stored level `level` to the file `to`, or every level into the folder `to` as
/// `NAME_mipN.png`; returns how many files were written.
pub fn export_levels(ws: &Workspace, path: &ItemPath, level: Option<u32>, to: &std::path::Path, name: &str, palette: Option<&[u8]>) -> Result<usize, String> {
    let bytes = bytes_of(ws, path)?;
    let (t, _) = texm::Texm::parse(&bytes).map_err(|e| e.to_string())?;
    let external = palette.map(texm::Palette::from_bytes).transpose().map_err(|e| crate::tr!("tex-external-palette-bad", error = e.to_string()))?;
    let write = |l: u32, p: &std::path::Path| {
        let png = t.decode_mip(l, &ws.readings, external.as_ref()).and_then(|img| texm::png::png_bytes(&img)).map_err(|e| crate::tr!("tex-level-failed", level = l.to_string(), error = e.to_string()))?;

        crate::doc::save::atomic_write(p, &png).map_err(|e| format!("{}: {e}", p.display()))
    };
    match level {
        Some(l) => {
            write(l, to)?;
            Ok(1)
        }
        None => {
            let stem = file_stem(name);
            std::fs::create_dir_all(to).map_err(|e| format!("{}: {e}", to.display()))?;
            for l in 0..t.mip_count() {
                write(l, &to.join(format!("{stem}_mip{l}.png")))?;
            }
            Ok(t.mip_count() as usize)
        }
    }
}
