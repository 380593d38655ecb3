//! What the WEAR editor reads from the rest of the workspace: the names of the open (or on-disk)
//! `Material.lib` and `lightmap.lib`, how many entries the game libraries hold (the engine's
//! limits), each named material resolved down to its colour and texture (previews, the table),
//! and how many batches or landscape triangles of the mesh beside the table use each row. It
//! is read again only when another open file changed, not on every keystroke in the table.

use crate::doc::resolve::{AssetSource, Found, MATERIAL_LIB, PALETTES_LIB, Resolver, TEXTURES_LIB, WorkspaceAssets, wear_name_for_mesh};
use crate::doc::{FileId, ItemPath, Workspace, items};
use crate::formats::bytes::SharedBytes;
use crate::formats::mat0::lookup::Fallback;
use crate::formats::msh::Msh;
use crate::formats::msh::batches::Batches;
use crate::formats::msh::landscape::LandTriangles;
use crate::formats::msh::terrain::LandWearFile;
use crate::formats::readings::LandWear;
use crate::formats::wear::assist::OpenCounts;
use crate::formats::{Diagnostic, cp1251};
use egui::{Color32, TextureHandle};
use std::collections::HashMap;
use std::sync::Arc;

pub const LIGHTMAP_LIB: &str = "lightmap.lib";
const THUMB: u32 = 48;

/// A material as a row naming it resolves.
pub struct Preview {
    pub color: Color32,
    pub fallback: Option<Fallback>,
    /// `Material.lib::NAME` actually used (after a fallback).
    pub mat0: Option<String>,
    pub texture_name: Option<String>,
    pub texture: Option<TextureHandle>,
    pub texture_size: Option<[u32; 2]>,
}

/// How the mesh beside the table uses its rows.
pub struct Uses {
    pub mesh: String,
    /// Per material byte (row position).
    pub per_row: Vec<usize>,
    pub unit: &'static str,
    pub land: Option<LandWearFile>,
    pub land_reading: LandWear,
}

#[derive(Default)]
pub struct Assets {
    /// Every other open file's state, when this was read.
    key: Vec<(FileId, u64)>,
    loaded: bool,
    pub materials: Option<Vec<String>>,
    /// Why there are no material names.
    pub materials_missing: String,
    pub lightmaps: Option<Vec<String>>,
    pub lightmaps_missing: String,
    pub open: OpenCounts,
    pub uses: Option<Uses>,
    /// The entry paths of the open `Material.lib` by upper-case name (go to).
    material_paths: HashMap<String, ItemPath>,
    /// The open `Material.lib` file, for opening it when it is only on disk.
    pub material_lib_on_disk: Option<std::path::PathBuf>,
    previews: HashMap<String, Preview>,
    /// Upper-case names, for the name checks.
    names: Arc<Names>,
}

/// The names a table's rows can resolve to (upper case; `None`: no library to tell), shared
/// with the worker that reads a large table.
#[derive(Debug, Default)]
pub struct Names {
    materials: Option<std::collections::HashSet<String>>,
    lightmaps: Option<std::collections::HashSet<String>>,
}

impl Names {
    /// Whether a material name resolves (true when no library can tell).
    pub fn has_material(&self, name: &str) -> bool {
        self.materials.as_ref().is_none_or(|s| contains_upper(s, name))
    }
    pub fn has_lightmap(&self, name: &str) -> bool {
        self.lightmaps.as_ref().is_none_or(|s| contains_upper(s, name))
    }
    /// Names in a table that resolve nowhere, as warnings at the name.
    pub fn diagnostics(&self, wear: &crate::formats::wear::Wear) -> Vec<Diagnostic> {
        crate::formats::wear::check_names(wear, &|n| self.has_material(n), &|n| self.has_lightmap(n))
    }
}

fn names(found: Found<std::sync::Arc<crate::doc::resolve::Library>>, lib: &str) -> (Option<Vec<String>>, String, Option<std::path::PathBuf>) {
    match found {
        Found::Yes(l) => {
            let path = l.origin.strip_suffix(" (open)").map_or_else(|| std::path::PathBuf::from(&l.origin), std::path::PathBuf::from);
            (Some(l.archive.rows().iter().map(|r| r.name()).collect()), String::new(), Some(path))
        }
        other => (None, other.why(lib).map(|m| m.to_string()).unwrap_or_default(), None),
    }
}

fn count(found: Found<std::sync::Arc<crate::doc::resolve::Library>>) -> Option<usize> {
    found.ok().map(|l| l.archive.rows().len())
}

impl Assets {
    /// Reads again when another open file changed (or on the first call); true when it did.
    pub fn refresh(&mut self, ws: &Workspace, path: &ItemPath) -> bool {
        let key: Vec<(FileId, u64)> = ws.files().iter().filter(|f| f.id != path.file).map(|f| (f.id, f.state())).collect();
        if self.loaded && key == self.key {
            return false;
        }
        *self = Assets::read(ws, path);
        self.key = key;
        self.loaded = true;
        true
    }

    fn read(ws: &Workspace, path: &ItemPath) -> Assets {
        let assets = WorkspaceAssets::for_item(ws, path);
        let (materials, materials_missing, lib_path) = names(assets.library(MATERIAL_LIB), MATERIAL_LIB);
        let (lightmaps, lightmaps_missing, _) = names(assets.library(LIGHTMAP_LIB), LIGHTMAP_LIB);
        let open = OpenCounts {
            materials: materials.as_ref().map(Vec::len),
            textures: count(assets.library(TEXTURES_LIB)),
            lightmaps: lightmaps.as_ref().map(Vec::len),
            palettes: count(assets.library(PALETTES_LIB)),
            tables: None,
        };
        let mut material_paths = HashMap::new();
        let mut material_lib_on_disk = lib_path;
        if let Some(f) = ws.files().iter().find(|f| f.name().eq_ignore_ascii_case(MATERIAL_LIB))
            && let crate::doc::Node::Nres(a) = f.root()
        {
            material_lib_on_disk = None;
            for (i, r) in a.rows().iter().enumerate() {
                material_paths.entry(r.name().to_ascii_uppercase()).or_insert_with(|| ItemPath::root(f.id).child(i));
            }
        }
        let upper = |v: &Option<Vec<String>>| v.as_ref().map(|v| v.iter().map(|n| n.to_ascii_uppercase()).collect());
        Assets {
            key: Vec::new(),
            loaded: false,
            names: Arc::new(Names { materials: upper(&materials), lightmaps: upper(&lightmaps) }),
            materials,
            materials_missing,
            lightmaps,
            lightmaps_missing,
            open,
            uses: uses(ws, path, &assets),
            material_paths,
            material_lib_on_disk,
            previews: HashMap::new(),
        }
    }

    /// Whether a material name resolves (true when no library can tell).
    pub fn has_material(&self, name: &str) -> bool {
        self.names.has_material(name)
    }
    pub fn has_lightmap(&self, name: &str) -> bool {
        self.names.has_lightmap(name)
    }
    pub fn names(&self) -> Arc<Names> {
        self.names.clone()
    }

    /// The open `Material.lib` entry of a name (exact, ASCII case-insensitively).
    pub fn material_path(&self, name: &str) -> Option<&ItemPath> {
        self.material_paths.get(&name.to_ascii_uppercase())
    }

    /// A material resolved for display, decoded once per name until the libraries change.
    pub fn preview(&mut self, ctx: &egui::Context, ws: &Workspace, path: &ItemPath, name: &str) -> &Preview {
        let key = name.to_ascii_uppercase();
        if !self.previews.contains_key(&key) {
            let p = resolve_preview(ctx, ws, path, name);
            self.previews.insert(key.clone(), p);
        }
        &self.previews[&key]
    }
}

/// Whether a set of upper-case names holds `name`, ASCII case-insensitively. Names are mostly
/// upper case already: those are looked up as they are, without a copy (every row is checked on
/// every keystroke).
fn contains_upper(set: &std::collections::HashSet<String>, name: &str) -> bool {
    if name.bytes().any(|b| b.is_ascii_lowercase()) { set.contains(&name.to_ascii_uppercase()) } else { set.contains(name) }
}

fn resolve_preview(ctx: &egui::Context, ws: &Workspace, path: &ItemPath, name: &str) -> Preview {
    let assets = WorkspaceAssets::for_item(ws, path);
    let mut r = Resolver::new(&assets, &ws.readings);
    let bytes = cp1251::encode(name).unwrap_or_else(|| name.as_bytes().to_vec());
    let m = r.resolve_name(&bytes);
    let c = m.base_color.map(|v| (v.clamp(0.0, 1.0) * 255.0).round() as u8);
    let texture = m.texture.as_ref().map(|t| {
        let small = crate::app::thumbs::fit(&t.image, THUMB);
        let img = egui::ColorImage::from_rgba_unmultiplied([small.width as usize, small.height as usize], &small.rgba);
        ctx.load_texture(format!("wear-preview-{name}"), img, egui::TextureOptions::NEAREST)
    });
    Preview {
        color: Color32::from_rgb(c[0], c[1], c[2]),
        fallback: m.fallback,
        mat0: m.mat0.clone(),
        texture_name: m.texture_name.clone(),
        texture,
        texture_size: m.texture.as_ref().map(|t| [t.width, t.height]),
    }
}

/// The mesh beside the table: `NAME.msh` for `NAME.wea`, `Land.msh` for `Land1.wea` and
/// `Land2.wea`; use counts by row position (the engine's addressing).
fn uses(ws: &Workspace, path: &ItemPath, assets: &WorkspaceAssets) -> Option<Uses> {
    let name = match items::meta_of(ws, path) {
        Some(m) => m.name,
        None => ws.file(path.file)?.name(),
    };
    let land = [LandWearFile::Land1, LandWearFile::Land2].into_iter().find(|f| f.file_name().eq_ignore_ascii_case(&name));
    let mesh = match land {
        Some(_) => "Land.msh".to_string(),
        None => {
            let stem = wear_name_for_mesh(&name);
            format!("{}.msh", stem.strip_suffix(".wea").unwrap_or(&stem))
        }
    };
    let bytes: SharedBytes = assets.beside(&mesh).ok()?.bytes;
    let (_, msh, _) = Msh::parse(bytes).ok()?;
    let mut per_row = Vec::new();
    let mut bump = |i: usize| {
        if per_row.len() <= i {
            per_row.resize(i + 1, 0);
        }
        per_row[i] += 1;
    };
    let unit = if land.is_some() {
        let tris = msh.get::<LandTriangles>()?.ok()?;
        for t in &tris.0 {
            if let Some(p) = t.primary() {
                bump(usize::from(p));
            }
            if let Some(s) = t.secondary().filter(|_| t.has_second_material()) {
                bump(usize::from(s));
            }
        }
        "triangles"
    } else {
        let batches = msh.get::<Batches>()?.ok()?;
        for b in &batches.0 {
            bump(usize::from(b.material_index(ws.readings.batch_material)));
        }
        "batches"
    };
    Some(Uses { mesh, per_row, unit, land, land_reading: ws.readings.land_wear })
}

/// The role a landscape table's row plays (docs/readings.md).
pub fn land_role(file: LandWearFile, reading: LandWear, row: usize) -> String {
    match (file, reading) {
        (LandWearFile::Land1, LandWear::Land1BothLods) if row == 0 => crate::tr!("wear-role-footings"),
        (LandWearFile::Land1, LandWear::Land1BothLods) => crate::tr!("wear-role-terrain"),
        (LandWearFile::Land2, LandWear::Land1BothLods) => crate::tr!("wear-role-micro", row = row.to_string()),
        (LandWearFile::Land1, LandWear::Land1Lod0Land2Lod1) => crate::tr!("wear-role-lod0"),
        (LandWearFile::Land2, LandWear::Land1Lod0Land2Lod1) => crate::tr!("wear-role-lod1"),
    }
}


#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_looked_up_ignoring_ascii_case() {
        let set = ["ROCK".to_string(), "LM_A.0".to_string()].into_iter().collect();
        assert!(contains_upper(&set, "ROCK") && contains_upper(&set, "rock") && contains_upper(&set, "Lm_a.0"));
        assert!(!contains_upper(&set, "ROCKS") && !contains_upper(&set, "rocks"));
    }
}
