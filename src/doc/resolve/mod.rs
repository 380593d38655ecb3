//! Material resolution (docs/formats/msh.md#materials): a batch's material byte (or a
//! landscape triangle's primary byte) → a row of the mesh's WEAR table → the MAT0 material of
//! that name in `Material.lib` (falling back to `DEFAULT`, then entry 0, each with a
//! diagnostic) → its phase at a game time → the phase's texture name and cell → the Texm of
//! that name in `Textures.lib`, decoded through the palette its name selects.
//!
//! Everything here is pure over [`AssetSource`] ("a library by file name", "a file beside the
//! mesh"), so the CLI and the exporter ([`FolderAssets`]), the editor ([`WorkspaceAssets`]:
//! open documents first, with their unsaved edits) and the tests ([`MemoryAssets`]) share one
//! chain. Where the chain breaks, the result says why and carries what the game would still
//! use (a fallback material, no texture); nothing here fails.

pub mod assets;
pub mod level;
pub mod open_files;
pub mod texture;
pub mod world;

pub use assets::{AssetSource, Beside, FileReader, FolderAssets, Found, Library, MemoryAssets};
pub use open_files::WorkspaceAssets;
pub use texture::{PALETTES_LIB, ResolvedTexture, TEXTURES_LIB, resolve_texture};

use crate::formats::mat0::flags::Mat0Flags;
use crate::formats::mat0::lookup::{Fallback, find_material};
use crate::formats::mat0::rng::MsvcRand;
use crate::formats::mat0::{Mat0, eval};
use crate::formats::msh::terrain::{LandWearFile, wear_tables};
use crate::formats::readings::Readings;
use crate::formats::wear::{Section, Wear};
use crate::formats::{Diagnostic, Severity, TYPE_MAT0, cp1251};
use crate::msg;
use std::collections::HashMap;
use std::sync::Arc;

pub const MATERIAL_LIB: &str = "Material.lib";
/// The library the LIGHTMAPS rows of a WEAR table name their textures in.
pub const LIGHTMAP_LIB: &str = "lightmap.lib";

/// The MAT0 entry a material name reaches among a library's entry `names` (directory order),
/// with the engine's fallbacks: the one lookup of the material chain, the WEAR editor and the
/// project index.
pub fn lookup_material<S: AsRef<str>>(names: &[S], name: &[u8]) -> crate::formats::mat0::lookup::Lookup {
    find_material(names, &cp1251::decode(name))
}

/// The base colour of a material the chain could not reach: white, so that the texture (if
/// any) or the geometry shows as it is.
pub const UNRESOLVED_COLOR: [f32; 4] = [1.0, 1.0, 1.0, 1.0];

pub(crate) fn warn(message: impl Into<crate::formats::Message>) -> Diagnostic {
    Diagnostic::new(Severity::Warning, None, message)
}


fn prefixed(prefix: &str, d: &Diagnostic) -> Diagnostic {
    let text = d.text().prefixed(&format!("{prefix}: "));
    Diagnostic { message: text.english, key: text.key, ..d.clone() }
}

/// The WEAR file name the engine-less lookup tries for a mesh: the mesh's base name with
/// `.wea` (`WALKER.MSH` → `WALKER.wea`; a path is reduced to its file name).
pub fn wear_name_for_mesh(mesh_name: &str) -> String {
    let file = mesh_name.rsplit(['/', '\\']).next().unwrap_or(mesh_name);
    let stem = match file.rfind('.') {
        Some(i) if i > 0 => &file[..i],
        _ => file,
    };
    format!("{stem}.wea")
}

/// A WEAR table as found beside a mesh (or its absence, with the reason).
#[derive(Debug, Clone)]
pub struct WearTable {
    pub file_name: String,
    /// Where it was read from; `None` when it was not found.
    pub origin: Option<String>,
    pub wear: Option<Wear>,
    /// Findings about the table itself (not found, its own parse diagnostics), reported once.
    pub diagnostics: Vec<Diagnostic>,
}

impl WearTable {
    /// Looks for `file_name` beside the mesh.
    pub fn load(assets: &dyn AssetSource, file_name: &str) -> WearTable {
        let found = assets.beside(file_name);
        match found {
            Found::Yes(b) => {
                let wear = Wear::parse(b.bytes);
                let diagnostics = wear.diagnostics().iter().map(|d| prefixed(&b.origin, d)).collect();
                WearTable { file_name: file_name.to_string(), origin: Some(b.origin), wear: Some(wear), diagnostics }
            }
            other => {
                let why = other.why(file_name).unwrap_or_default();
                let why = msg!("resolve-no-table-exported", "{why}: the mesh's materials cannot be resolved; exported untextured", why = &why);
                WearTable {
                    file_name: file_name.to_string(),
                    origin: None,
                    wear: None,
                    diagnostics: vec![warn(why)],
                }
            }
        }
    }

    /// The model's table: the `.wea` of the mesh's base name.
    pub fn for_mesh(assets: &dyn AssetSource, mesh_name: &str) -> WearTable {
        WearTable::load(assets, &wear_name_for_mesh(mesh_name))
    }

    /// A landscape's table for `lod` under the `land_wear` reading (`Land1.wea`, or
    /// `Land2.wea` for LOD 1 under the public description's reading).
    pub fn for_landscape(assets: &dyn AssetSource, lod: usize, readings: &Readings) -> WearTable {
        let (file, _) = wear_tables(lod, readings.land_wear);
        WearTable::load(assets, file.file_name())
    }

    /// The loose table a landscape file names.
    pub fn land_file(assets: &dyn AssetSource, file: LandWearFile) -> WearTable {
        WearTable::load(assets, file.file_name())
    }

    pub fn label(&self) -> &str {
        self.origin.as_deref().unwrap_or(&self.file_name)
    }
}

/// One material byte resolved as far as the chain reaches.
#[derive(Debug, Clone, PartialEq)]
pub struct ResolvedMaterial {
    /// The material byte of the mesh.
    pub index: u16,
    /// The WEAR table it indexed (its origin, or its file name when it was not found).
    pub table: String,
    pub row: Option<usize>,
    /// The material name the row gives.
    pub name: Option<String>,
    /// The MAT0 entry used (after any fallback) and how it was chosen.
    pub mat0: Option<String>,
    pub fallback: Option<Fallback>,
    /// The MAT0 entry's `attr1` and its blend mode bits (nibbleMode).
    pub attr1: u32,
    pub nibble_mode: u8,
    /// The phase current at the resolution time.
    pub phase: Option<usize>,
    pub texture_name: Option<String>,
    /// The phase's cell (+72: `p[17]` widened, -1 without a texture).
    pub cell: Option<i32>,
    /// The phase's diffuse RGBA (runtime +0..+12), the glTF base colour factor.
    pub base_color: [f32; 4],
    /// The phase's emissive RGB (runtime +48..+56).
    pub emissive: [f32; 3],
    /// The phase's ambient and specular RGBA (runtime +16..+28, +32..+44) and its `p[16]`
    /// (the device power is `1 << power`), for viewers that light it.
    pub ambient: [f32; 4],
    pub specular: [f32; 4],
    pub power: u32,
    pub texture: Option<Arc<ResolvedTexture>>,
    /// The MAT0 as parsed, to evaluate it at other game times (the viewport's material
    /// animation) without resolving the chain again.
    pub material: Option<Arc<Mat0>>,
    /// Drawn blended: a blend mode other than 0, or a texture with transparent texels.
    pub alpha_blended: bool,
    pub diagnostics: Vec<Diagnostic>,
}

impl ResolvedMaterial {
    fn unresolved(index: u16, table: &str) -> ResolvedMaterial {
        ResolvedMaterial::from_core(index, table, &MaterialCore::empty())
    }

    /// The byte's material as far as the chain below the WEAR row got (`core`).
    fn from_core(index: u16, table: &str, core: &MaterialCore) -> ResolvedMaterial {
        let nibble_mode = Mat0Flags(core.attr1).nibble_mode();
        ResolvedMaterial {
            index,
            table: table.to_string(),
            row: None,
            name: None,
            mat0: core.mat0.clone(),
            fallback: core.fallback,
            attr1: core.attr1,
            nibble_mode,
            phase: core.phase,
            texture_name: core.texture_name.clone(),
            cell: core.cell,
            base_color: core.base_color,
            emissive: core.emissive,
            ambient: core.ambient,
            specular: core.specular,
            power: core.power,
            alpha_blended: nibble_mode != 0 || core.texture.as_ref().is_some_and(|t| t.has_alpha),
            texture: core.texture.clone(),
            material: core.material.clone(),
            diagnostics: core.diagnostics.clone(),
        }
    }

    /// A name for the material in exports: the WEAR row's name, else the byte.
    pub fn label(&self) -> String {
        self.name.clone().unwrap_or_else(|| format!("material_{}", self.index))
    }

    /// The chain as one line: `walker.wea row 1 → GLASS → Material.lib::GLASS phase 0 → GLASS.0`.
    pub fn chain(&self) -> String {
        let mut s = format!("{} {}", self.table, self.index);
        match self.row {
            Some(r) => s.push_str(&format!(" row {r}")),
            None => s.push_str(" (unresolved)"),
        }
        if let Some(n) = &self.name {
            s.push_str(&format!(" → {n}"));
        }
        if let Some(m) = &self.mat0 {
            s.push_str(&format!(" → {m}"));
            if let Some(p) = self.phase {
                s.push_str(&format!(" phase {p}"));
            }
        }
        match (&self.texture_name, &self.texture) {
            (Some(_), Some(t)) => s.push_str(&format!(" → {}", t.origin)),
            (Some(n), None) => s.push_str(&format!(" → {n} (missing)")),
            _ => {}
        }
        s
    }

    pub fn has_texture(&self) -> bool {
        self.texture.is_some()
    }
}

/// The MAT0-onwards part of a resolution, shared by every row naming the same material.
#[derive(Debug, Clone)]
struct MaterialCore {
    mat0: Option<String>,
    fallback: Option<Fallback>,
    attr1: u32,
    phase: Option<usize>,
    texture_name: Option<String>,
    cell: Option<i32>,
    base_color: [f32; 4],
    emissive: [f32; 3],
    ambient: [f32; 4],
    specular: [f32; 4],
    power: u32,
    texture: Option<Arc<ResolvedTexture>>,
    material: Option<Arc<Mat0>>,
    diagnostics: Vec<Diagnostic>,
}

impl MaterialCore {
    fn empty() -> MaterialCore {
        MaterialCore {
            mat0: None,
            fallback: None,
            attr1: 0,
            phase: None,
            texture_name: None,
            cell: None,
            base_color: UNRESOLVED_COLOR,
            emissive: [0.0; 3],
            ambient: UNRESOLVED_COLOR,
            specular: [0.0; 4],
            power: 0,
            texture: None,
            material: None,
            diagnostics: Vec::new(),
        }
    }
}

/// Walks the chain, caching materials and textures by name so that every row naming one
/// material (and every material naming one texture) decodes it once.
pub struct Resolver<'a> {
    assets: &'a dyn AssetSource,
    readings: Readings,
    time_ms: u32,
    materials: HashMap<Vec<u8>, MaterialCore>,
    textures: HashMap<Vec<u8>, TextureLookup>,
}

/// A texture as found (or not) and the findings of the search.
pub type TextureLookup = (Option<Arc<ResolvedTexture>>, Vec<Diagnostic>);

impl<'a> Resolver<'a> {
    /// Resolves at game time 0 (the first phase of every animation block).
    pub fn new(assets: &'a dyn AssetSource, readings: &Readings) -> Resolver<'a> {
        Resolver { assets, readings: *readings, time_ms: 0, materials: HashMap::new(), textures: HashMap::new() }
    }

    /// Resolves phases at game time `ms` (block 0, start time 0, the C runtime's first
    /// `rand()` state for the random mode).
    pub fn at_time(mut self, ms: u32) -> Resolver<'a> {
        self.time_ms = ms;
        self.materials.clear();
        self
    }

    pub fn assets(&self) -> &'a dyn AssetSource {
        self.assets
    }

    /// Material byte `index` through `table` and on down the chain.
    pub fn resolve(&mut self, table: &WearTable, index: u16) -> ResolvedMaterial {
        let mut out = ResolvedMaterial::unresolved(index, table.label());
        let Some(wear) = &table.wear else {
            out.diagnostics.push(Diagnostic::new(
                Severity::Info,
                None,
                msg!("resolve-material-no-table", "material {index}: no {table} to look it up in; exported untextured", index = index, table = &table.file_name),
            ));
            return out;
        };
        let lookup = wear.lookup(Section::Materials, usize::from(index), self.readings.wear_lookup);
        let label = table.label().to_string();
        out.diagnostics.extend(lookup.diagnostics.iter().map(|d| prefixed(&label, d)));
        let Some(row) = lookup.row.and_then(|r| wear.materials().get(r).map(|w| (r, w))) else {
            return out;
        };
        out.row = Some(row.0);
        self.fill(&mut out, wear.name_bytes(row.1));
        out
    }

    /// A material by name (a WEAR row's, or one being typed), with the engine's fallbacks and
    /// on down the chain: what a row naming it would resolve to.
    pub fn resolve_name(&mut self, name: &[u8]) -> ResolvedMaterial {
        let mut out = ResolvedMaterial::unresolved(0, "");
        self.fill(&mut out, name);
        out
    }

    fn fill(&mut self, out: &mut ResolvedMaterial, name_bytes: &[u8]) {
        out.name = Some(cp1251::decode(name_bytes));
        let core = self.material(name_bytes);
        let mut diagnostics = std::mem::take(&mut out.diagnostics);
        diagnostics.extend(core.diagnostics.iter().cloned());
        *out = ResolvedMaterial { row: out.row, name: out.name.take(), diagnostics, ..ResolvedMaterial::from_core(out.index, &out.table, &core) };
    }

    /// Every distinct byte of `indices` resolved once, in ascending order.
    pub fn resolve_all(&mut self, table: &WearTable, indices: impl IntoIterator<Item = u16>) -> Vec<ResolvedMaterial> {
        let mut wanted: Vec<u16> = indices.into_iter().collect();
        wanted.sort_unstable();
        wanted.dedup();
        wanted.into_iter().map(|i| self.resolve(table, i)).collect()
    }

    fn material(&mut self, name: &[u8]) -> MaterialCore {
        let key = name.to_ascii_uppercase();
        if let Some(hit) = self.materials.get(&key) {
            return hit.clone();
        }
        let core = self.load_material(name);
        self.materials.insert(key, core.clone());
        core
    }

    /// MAT0 by name with the engine's fallbacks, its phase at the resolution time, and the
    /// phase's texture.
    fn load_material(&mut self, name: &[u8]) -> MaterialCore {
        let shown = cp1251::decode(name);
        let mut core = MaterialCore::empty();
        let lib = match self.assets.library(MATERIAL_LIB) {
            Found::Yes(l) => l,
            other => {
                let why = other.why(MATERIAL_LIB).unwrap_or_default();
                core.diagnostics.push(warn(msg!("resolve-material-lib-missing", "material {shown}: {why}; exported untextured", shown = &shown, why = &why)));
                return core;
            }
        };
        let lookup = lookup_material(&lib.names(), name);
        core.diagnostics.extend(lookup.diagnostics.iter().map(|d| prefixed(&lib.origin, d)));
        core.fallback = Some(lookup.fallback);
        let Some(i) = lookup.index else { return core };
        let row = lib.archive.entry(i);
        let entry = format!("{}::{}", lib.origin, row.name());
        core.mat0 = Some(entry.clone());
        core.attr1 = row.attr1();
        if row.type_id() != TYPE_MAT0 {
            core.diagnostics.push(warn(msg!("resolve-not-mat0", "{entry}: not a MAT0 entry (type {t}); read as one", entry = &entry, t = crate::formats::nres::type_label(row.type_id()))));
        }
        let mat = match Mat0::parse(&lib.archive.payload(i), row.attr2()) {
            Ok(m) => m,
            Err(e) => {
                core.diagnostics.push(Diagnostic::warning(e.offset, msg!("resolve-material-unreadable", "{entry}: {error}; exported untextured", entry = &entry, error = &e.message)));
                return core;
            }
        };
        let mut rng = MsvcRand::new(1);
        let state = match eval::state_at_time(&mat, 0, self.time_ms, 0, &mut rng, &self.readings) {
            Ok(s) => s,
            Err(e) => {
                core.diagnostics.push(Diagnostic::warning(e.offset, msg!("resolve-material-unreadable", "{entry}: {error}; exported untextured", entry = &entry, error = &e.message)));
                return core;
            }
        };
        core.diagnostics.extend(state.diagnostics.iter().filter(|d| d.severity != Severity::Info).map(|d| prefixed(&entry, d)));
        let v = state.values;
        core.base_color = [v[0], v[1], v[2], v[3]];
        core.emissive = [v[12], v[13], v[14]];
        core.ambient = [v[4], v[5], v[6], v[7]];
        core.specular = [v[8], v[9], v[10], v[11]];
        core.power = state.u16;
        core.phase = Some(state.phase);
        core.cell = Some(state.cell);
        let mat = Arc::new(mat);
        core.material = Some(mat.clone());
        let Some(phase) = mat.phases.get(state.phase).filter(|p| p.has_texture()) else { return core };
        let tex_name = phase.texture_bytes().to_vec();
        core.texture_name = Some(cp1251::decode(&tex_name));
        let (texture, diags) = self.texture(&tex_name);
        core.diagnostics.extend(diags);
        if let Some(t) = &texture
            && t.cell_uv(state.cell).is_some()
        {
            core.diagnostics.push(Diagnostic::new(
                Severity::Info,
                None,
                msg!(
                    "resolve-page-rect",
                    "{entry}: cell {cell} names a Page rect of {texture} (which stored rect is unconfirmed); drawn and exported as that rect",
                    entry = &entry,
                    cell = state.cell,
                    texture = &t.name
                ),
            ));
        }
        core.texture = texture;
        core
    }

    /// A texture by name, decoded once per resolver.
    pub fn texture(&mut self, name: &[u8]) -> TextureLookup {
        let key = name.to_ascii_uppercase();
        if let Some(hit) = self.textures.get(&key) {
            return hit.clone();
        }
        let mut diags = Vec::new();
        let t = resolve_texture(self.assets, name, &self.readings, &mut diags).map(Arc::new);
        self.textures.insert(key, (t.clone(), diags.clone()));
        (t, diags)
    }
}

#[cfg(test)]
mod tests;
