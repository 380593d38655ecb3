//! A material's texture by name, as the MAT0 editor and the material list show it: looked up
//! through the workspace (open libraries with their unsaved edits first, then the disk beside
//! the material), decoded once per document generation, with its Page rects for picking a
//! cell; and the texture names of the open `Textures.lib` and `lightmap.lib` for completion.

use crate::app::widgets::image::load_texture;
use crate::doc::node::Node;
use crate::doc::resolve::{AssetSource, ResolvedTexture, TEXTURES_LIB, WorkspaceAssets, resolve_texture};
use crate::formats::readings::Readings;
use crate::doc::{FileId, ItemPath, Workspace};
use crate::formats::texm::Rect as PageRect;
use std::collections::HashMap;
use std::sync::Arc;

/// A texture found (or not) for a name.
pub struct TexLook {
    pub handle: Option<egui::TextureHandle>,
    pub size: [u32; 2],
    /// The stored Page rects (the runtime's whole-texture rect 0 not included).
    pub rects: Vec<PageRect>,
    pub origin: Option<String>,
    /// Why there is no texture to show ("not found in …").
    pub problem: Option<String>,
    /// The texture as decoded, for the 3D preview.
    pub resolved: Option<Arc<ResolvedTexture>>,
}

/// Lookups for a state of the other open files (the texture libraries). An edit of the
/// material itself (a colour drag) keeps them: nothing is decoded again while it goes on.
#[derive(Default)]
pub struct TextureCache {
    /// The state of every open file but the material's own, when these were looked up.
    key: Option<Vec<(FileId, u64)>>,
    looks: HashMap<Vec<u8>, TexLook>,
    names: Vec<String>,
}

/// Libraries whose entry names complete a phase's texture name.
const NAME_SOURCES: [&str; 2] = [TEXTURES_LIB, "lightmap.lib"];

impl TextureCache {
    fn refresh(&mut self, ws: &Workspace, material: &ItemPath) {
        let key: Vec<(FileId, u64)> = ws.files().iter().filter(|f| f.id != material.file).map(|f| (f.id, f.state())).collect();
        if self.key.as_ref() == Some(&key) {
            return;
        }
        self.key = Some(key);
        self.looks.clear();
        let mut names: Vec<String> = ws
            .files()
            .iter()
            .filter(|f| f.path.file_name().and_then(|n| n.to_str()).is_some_and(|n| NAME_SOURCES.iter().any(|s| s.eq_ignore_ascii_case(n))))
            .filter_map(|f| match f.root() {
                Node::Nres(a) => Some(a.rows().iter().map(|r| r.name()).collect::<Vec<_>>()),
                _ => None,
            })
            .flatten()
            .collect();
        names.sort();
        names.dedup();
        self.names = names;
    }

    /// Entry names of every open texture library, sorted.
    pub fn names(&mut self, ws: &Workspace, material: &ItemPath) -> &[String] {
        self.refresh(ws, material);
        &self.names
    }

    pub fn get(&mut self, ctx: &egui::Context, ws: &Workspace, material: &ItemPath, name: &[u8]) -> &TexLook {
        self.refresh(ws, material);
        self.looks.entry(name.to_vec()).or_insert_with(|| look_up(ctx, ws, material, name))
    }
}

fn look_up(ctx: &egui::Context, ws: &Workspace, material: &ItemPath, name: &[u8]) -> TexLook {
    look_up_in(ctx, &WorkspaceAssets::for_item(ws, material), name, &ws.readings)
}

/// The texture `name` as `assets` find it (any resolution source: the workspace, a folder on
/// disk), decoded and uploaded, or why there is none.
pub fn look_up_in(ctx: &egui::Context, assets: &dyn AssetSource, name: &[u8], readings: &Readings) -> TexLook {
    let mut diags = Vec::new();
    let found = resolve_texture(assets, name, readings, &mut diags);
    let problem = || diags.iter().map(crate::app::i18n::messages::diagnostic).next().unwrap_or_else(|| crate::tr!("mesh-not-found"));
    match found {
        Some(t) => {
            let rects = t.page.clone();
            let handle = load_texture(ctx, format!("mat0-tex-{}", t.name), t.image.width, t.image.height, &t.image.rgba, egui::TextureOptions::LINEAR);
            let (size, origin) = ([t.image.width, t.image.height], Some(t.origin.clone()));
            TexLook { handle: Some(handle), size, rects, origin, problem: None, resolved: Some(Arc::new(t)) }
        }
        None => TexLook { handle: None, size: [0, 0], rects: Vec::new(), origin: None, problem: Some(problem()), resolved: None },
    }
}

/// The UV rect a cell selects: the texture's stored Page rect `cell` when there is one (the
/// reading [`ResolvedTexture::cell_uv`] documents), else the whole texture.
pub fn cell_uv(look: &TexLook, cell: u8) -> egui::Rect {
    match look.resolved.as_ref().and_then(|t| t.cell_uv(i32::from(cell))) {
        Some([u, v, du, dv]) => egui::Rect::from_min_size(egui::pos2(u, v), egui::vec2(du, dv)),
        None => egui::Rect::from_min_max(egui::Pos2::ZERO, egui::pos2(1.0, 1.0)),
    }
}
