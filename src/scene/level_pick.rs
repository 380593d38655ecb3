//! What a level's view knows beyond its geometry, read from the same resolved files the scene
//! was built from: each visual's type, shader, GCONTAINER, window and place in the hierarchy,
//! each shader's engine shader, textures and colour, the sectors. The viewer's side panel,
//! tree and hover text show it.

use super::level::{LevelFiles, shader_colour};
use crate::formats::message::Message;
use crate::formats::xray_geom::SwiEntry;
use crate::msg;
use crate::formats::xray_level::GContainer;

/// One visual as the side section shows it.
#[derive(Debug, Clone)]
pub struct VisualInfo {
    pub type_name: &'static str,
    pub shader: u16,
    pub gcontainer: Option<GContainer>,
    pub window: Option<SwiEntry>,
    pub triangles: usize,
    pub skipped: bool,
    pub children: Vec<usize>,
    pub parent: Option<usize>,
    /// A tree's translation (elements 12..14 of its matrix).
    pub tree_at: Option<[f32; 3]>,
    pub fastpath: bool,
}

#[derive(Debug, Clone)]
pub struct ShaderInfo {
    pub name: String,
    pub engine: String,
    pub textures: Vec<String>,
    pub colour: [f32; 4],
    pub visuals: usize,
}

/// What the level view knows beyond the scene.
#[derive(Debug, Clone)]
pub struct LevelPick {
    pub visuals: Vec<VisualInfo>,
    pub shaders: Vec<ShaderInfo>,
    /// Sector index and root visual.
    pub sectors: Vec<(u32, Option<usize>)>,
    pub portals: usize,
    pub lights: usize,
    pub glows: usize,
}

impl LevelPick {
    pub fn new(files: &LevelFiles) -> LevelPick {
        let l = &files.level;
        let n = l.visuals.len();
        let mut parent = vec![None; n];
        for v in &l.visuals {
            for &c in v.children.iter().flat_map(|c| c.ids.iter()) {
                if let Some(p) = parent.get_mut(c as usize).filter(|p| p.is_none()) {
                    *p = Some(v.index);
                }
            }
        }
        let visuals = l
            .visuals
            .iter()
            .map(|v| {
                let d = files.resolved.draw_of(v.index);
                VisualInfo {
                    type_name: v.type_name(),
                    shader: v.shader(),
                    gcontainer: v.gcontainer,
                    window: d.and_then(|d| d.window),
                    triangles: d.map_or(0, |d| d.triangle_count()),
                    skipped: files.resolved.skipped.contains(&v.index),
                    children: v.children.iter().flat_map(|c| c.ids.iter().map(|&i| i as usize)).filter(|&i| i < n).collect(),
                    parent: parent[v.index],
                    tree_at: v.treedef.map(|t| [t.xform[12], t.xform[13], t.xform[14]]),
                    fastpath: v.fastpath.is_some(),
                }
            })
            .collect();
        let shaders = l
            .shaders
            .iter()
            .enumerate()
            .map(|(k, s)| {
                let name = s.name();
                ShaderInfo { colour: shader_colour(&name), name, engine: s.engine.clone(), textures: s.textures.clone(), visuals: l.visuals.iter().filter(|v| v.shader() as usize == k).count() }
            })
            .collect();
        let sectors = l.sectors.iter().map(|s| (s.index, s.root.map(|r| r as usize).filter(|&r| r < n))).collect();
        LevelPick { visuals, shaders, sectors, portals: l.portals.len(), lights: l.light_count, glows: l.glows.len() }
    }
}

/// The visual a scene part was made from: labels "visual N", "visual N FASTPATH" and
/// "visual N LOD facets".
pub fn visual_of(label: &str) -> Option<usize> {
    label.strip_prefix("visual ")?.split(' ').next()?.parse().ok()
}

/// What hovering a visual in the view says: its index and type, its shader's number, engine
/// shader and textures.
pub fn hover_text(pick: &LevelPick, visual: usize) -> Message {
    let Some(info) = pick.visuals.get(visual) else { return msg!("scene-hover-visual", "visual {visual}", visual = visual) };
    let (kind, shader) = (info.type_name, info.shader);
    match pick.shaders.get(info.shader as usize) {
        Some(s) if s.textures.is_empty() => {
            msg!("scene-hover-shader", "visual {visual} · {kind}\nshader {shader}: {engine}", visual = visual, kind = kind, shader = shader, engine = &s.engine)
        }
        Some(s) => msg!(
            "scene-hover-shader-textures",
            "visual {visual} · {kind}\nshader {shader}: {engine}\ntextures: {textures}",
            visual = visual,
            kind = kind,
            shader = shader,
            engine = &s.engine,
            textures = s.textures.join(", ")
        ),
        None => msg!("scene-hover-shader-past", "visual {visual} · {kind}\nshader {shader} (past the table)", visual = visual, kind = kind, shader = shader),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_map_back_to_visuals() {
        assert_eq!(visual_of("visual 12"), Some(12));
        assert_eq!(visual_of("visual 6 LOD facets"), Some(6));
        assert_eq!(visual_of("visual 2 FASTPATH"), Some(2));
        assert_eq!(visual_of("vertex buffer 1"), None);
    }

    #[test]
    fn the_pick_knows_parents_children_and_shaders() {
        use crate::doc::resolve::MemoryAssets;
        use crate::fixtures::xray_level::level_set;
        let set = level_set();
        let files = LevelFiles::open(set.level.clone().into(), &MemoryAssets::from_files(set.files())).unwrap();
        let p = LevelPick::new(&files);
        assert_eq!(p.visuals[0].parent, Some(8));
        assert_eq!(p.visuals[8].children, [0, 1, 2]);
        assert!(p.visuals[7].skipped);
        assert_eq!(p.visuals[2].window.unwrap().num_tris, 18);
        assert_eq!(p.sectors, [(0, Some(11)), (1, Some(10))]);
        assert_eq!(p.shaders[4].engine, "flora\\leaf_wave");
        assert_eq!(p.shaders[4].visuals, 3);
    }
}
