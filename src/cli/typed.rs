//! Commands on typed items: `material` (MAT0 evaluation), `export-png` and `import-png` (Texm).

use super::output::outln;
use super::open::save;
use super::{Failure, Out, open_item, print_plain};
use crate::doc::{Edit, EditOp, ItemPath, Workspace};
use crate::formats::readings::Readings;
use crate::formats::{Severity, TYPE_MAT0, TYPE_TEXM, mat0, texm};
use std::path::{Path, PathBuf};

/// Opens `address` and returns its bytes, insisting on an entry of type `want` (`what` names
/// it for people: "MAT0"). An archive, or an entry of another type, is a usage error (exit 2)
/// that says what to name instead.
fn open_typed(address: &str, want: u32, what: &str, r: &Readings) -> Result<(Workspace, ItemPath, Vec<u8>, [u32; 3]), Failure> {
    let (ws, path) = open_item(address, r)?;
    if let Ok(node) = ws.node(path.file, &path.entries)
        && node.0.is_archive()
    {
        let kind = match node.0 {
            crate::doc::Node::Rsli(_) => "an RsLi archive",
            _ => "an NRes archive",
        };
        // RsLi rows have no type: any entry is an example.
        let example = node.0.metas().into_iter().find(|m| m.type_id.is_none_or(|t| t == want) && !m.name.is_empty());
        return Err(Failure::usage(match example {
            Some(m) => format!("{address} is {kind}; name a {what} entry, e.g. {address}::{}", m.name),
            None => format!("{address} is {kind} with no {what} entry"),
        }));
    }
    let meta = ws.item_meta(&path);
    if let Some(m) = &meta
        && let Some(t) = m.type_id.filter(|&t| t != want)
    {
        let t = crate::formats::nres::type_label(t);
        return Err(Failure::usage(format!("{address} is a {t} entry; name a {what} entry")));
    }
    let bytes = ws.item_bytes(&path).map_err(|e| Failure::format(address, e))?.to_vec();
    let attrs = meta.map(|m| m.attrs).unwrap_or([0; 3]);
    Ok((ws, path, bytes, attrs))
}

pub fn material(item: &str, time: u32, block: usize, seed: Option<u32>, json: bool, r: &Readings) -> Out {
    let (_, _, bytes, attrs) = open_typed(item, TYPE_MAT0, "MAT0", r)?;
    let state = mat0::eval::material_state(&bytes, attrs[1], time, block, seed, r).map_err(|e| Failure::format(item, e))?;
    let v = serde_json::to_value(&state).expect("material state serialises");
    if json {
        outln!("{}", serde_json::to_string_pretty(&v).expect("JSON values serialise"));
    } else {
        print_plain(&v, 0);
    }
    Ok(0)
}

/// The external palette a format-2 texture indexes into: `PAL.PAL` in the `palettes.lib`
/// beside the file, as the game ships the font atlas's palette.
fn external_palette(file: &Path) -> Option<Vec<u8>> {
    let dir = file.parent()?;
    let lib = std::fs::read_dir(if dir.as_os_str().is_empty() { Path::new(".") } else { dir })
        .ok()?
        .filter_map(|e| e.ok())
        .find(|e| e.file_name().to_string_lossy().eq_ignore_ascii_case("palettes.lib"))?
        .path();
    let (a, _) = crate::formats::nres::Archive::parse(std::fs::read(lib).ok()?.into()).ok()?;
    Some(a.payload(a.find("PAL.PAL")?).to_vec())
}

pub fn export_png(item: &str, out: &Path, mip: usize, r: &Readings) -> Out {
    let (_, _, bytes, _) = open_typed(item, TYPE_TEXM, "Texm", r)?;
    let palette = external_palette(Path::new(super::split_address(item).0));
    let png = texm::export_png(&bytes, mip, r, palette.as_deref()).map_err(|e| Failure::format(item, e))?;
    std::fs::write(out, png).map_err(|e| Failure::io(out, e))?;
    Ok(0)
}

/// `opts.external_palette` is filled in from the archive's folder (format 2).
pub fn import_png(item: &str, image: &Path, mut opts: texm::ImportOptions, out: Option<PathBuf>, r: &Readings) -> Out {
    let image_bytes = std::fs::read(image).map_err(|e| Failure::io(image, e))?;
    let (mut ws, path, old, _) = open_typed(item, TYPE_TEXM, "Texm", r)?;
    opts.external_palette = external_palette(Path::new(super::split_address(item).0));
    let (new, diags) = texm::import_image(&old, &image_bytes, &opts, r).map_err(|e| Failure::format(item, e))?;
    for d in &diags {
        let sev = if d.severity == Severity::Error { "error" } else { "warning" };
        eprintln!("{sev}: {item}: {}", d.message);
    }
    let edit = match path.parent() {
        Some((parent, index)) => Edit::new(parent.file, parent.entries, EditOp::ReplaceEntry { index, bytes: new.into() }),
        None => Edit::new(path.file, Vec::new(), EditOp::ReplaceNode { bytes: new.into() }),
    };
    ws.apply(edit).map_err(|e| Failure::format(item, e))?;
    save(&mut ws, path.file, out)
}
