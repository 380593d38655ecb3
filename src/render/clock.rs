//! Material colours and textures at a game time: the scene's MAT0 materials parsed once,
//! evaluated per frame on the CPU (block 0, start time 0, the C runtime's first `rand()` state,
//! as the resolver does), so a frame uploads only these few floats. The textures of every
//! phase are resolved and added to the scene once ([`MaterialClock::add_phase_textures`]), so
//! a phase change only picks another of the scene's textures and the part its cell names.

use super::scene::{FULL_UV_RECT, Look, MaterialColors, RenderScene};
use crate::scene::Scene;
use crate::formats::mat0::rng::MsvcRand;
use crate::formats::mat0::{Mat0, eval};
use crate::doc::resolve::{AssetSource, Resolver};
use crate::formats::readings::Readings;
use std::sync::Arc;

/// Per drawable material: its MAT0 when the chain reached one, else its fixed colours.
pub struct MaterialClock {
    slots: Vec<(Option<Arc<Mat0>>, MaterialColors)>,
    readings: Readings,
    /// Per material: the texture and cell rect it was built with, and per MAT0 phase the
    /// scene texture of that phase (`None`: no texture, or not found) and the rect its cell
    /// names, once added.
    textures: Vec<(Look, Vec<Look>)>,
}

impl MaterialClock {
    /// For `drawn`, built from `scene`: each material whose chain reached a MAT0 keeps the
    /// material the resolver parsed (nothing is read or parsed again); a blended copy of a
    /// material (a landscape's secondary) follows its source's MAT0.
    pub fn new(scene: &Scene, drawn: &RenderScene, readings: &Readings) -> MaterialClock {
        let slots = drawn
            .materials
            .iter()
            .map(|m| {
                let source = m.source.and_then(|s| Some((scene.resolved.get(s)?, scene.materials.get(s)?)));
                (source.filter(|(r, sm)| r.label() == sm.name).and_then(|(r, _)| r.material.clone()), m.colors)
            })
            .collect();
        let textures = drawn.materials.iter().map(|m| ((m.texture, m.uv_rect), Vec::new())).collect();
        MaterialClock { slots, readings: *readings, textures }
    }

    /// Resolves the texture of every phase of every MAT0 through `assets` and adds those the
    /// scene lacks to `drawn.textures` (each once), so that [`MaterialClock::textures_at`]
    /// can switch between them. Call once, before the scene is uploaded.
    pub fn add_phase_textures(&mut self, drawn: &mut RenderScene, assets: &dyn AssetSource) {
        let mut resolver = Resolver::new(assets, &self.readings);
        for ((mat, _), (_, phases)) in self.slots.iter().zip(self.textures.iter_mut()) {
            let Some(mat) = mat else { continue };
            *phases = mat
                .phases
                .iter()
                .map(|phase| {
                    let texture = phase.has_texture().then(|| resolver.texture(phase.texture_bytes()).0).flatten();
                    let Some(texture) = texture else { return (None, FULL_UV_RECT) };
                    // The runtime's cell is the phase's byte, read unsigned.
                    let rect = texture.cell_uv(i32::from(phase.cell())).unwrap_or(FULL_UV_RECT);
                    let at = drawn.textures.iter().position(|t| Arc::ptr_eq(t, &texture) || (t.origin == texture.origin && t.name == texture.name));
                    let at = at.unwrap_or_else(|| {
                        drawn.textures.push(texture);
                        drawn.textures.len() - 1
                    });
                    (Some(at), rect)
                })
                .collect();
        }
    }

    /// Whether some material shows different textures, or different rects of one, in
    /// different phases.
    pub fn textures_animated(&self) -> bool {
        self.textures.iter().any(|(_, phases)| phases.windows(2).any(|w| w[0] != w[1]))
    }

    /// Every material's texture (an index into the scene's) and drawn rect at game time `ms`,
    /// for [`super::FrameParams::material_textures`]: the texture of the phase the MAT0 is in
    /// and the Page rect its cell names, else what the material was built with.
    pub fn textures_at(&self, ms: u32) -> Vec<Look> {
        self.slots
            .iter()
            .zip(&self.textures)
            .map(|((mat, _), (fixed, phases))| {
                if phases.is_empty() {
                    return *fixed;
                }
                let state = mat.as_ref().and_then(|m| eval::state_at_time(m, 0, ms, 0, &mut MsvcRand::new(1), &self.readings).ok());
                state.and_then(|s| phases.get(s.phase).copied()).unwrap_or(*fixed)
            })
            .collect()
    }

    /// Whether any material changes with time (a block with more than one key).
    pub fn animated(&self) -> bool {
        self.slots.iter().any(|(m, _)| m.as_ref().is_some_and(|m| m.anim.iter().any(|b| b.keys.len() > 1)))
    }

    /// Every material's colours at game time `ms`, for [`super::FrameParams::material_colors`].
    /// A material that fails to evaluate keeps its fixed colours.
    pub fn colors_at(&self, ms: u32) -> Vec<MaterialColors> {
        self.slots
            .iter()
            .map(|(mat, fixed)| {
                mat.as_ref()
                    .and_then(|m| eval::state_at_time(m, 0, ms, 0, &mut MsvcRand::new(1), &self.readings).ok())
                    .map_or(*fixed, |s| MaterialColors::from_runtime(&s.values, s.u16))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doc::resolve::MemoryAssets;
    use crate::scene::{SceneOptions, build_scene};
    use crate::fixtures::{demo, msh as mfx};

    #[test]
    fn glow_changes_with_time_and_matches_the_resolver() {
        let assets = MemoryAssets::from_files(demo::demo_files());
        let r = Readings::default();
        let at = |ms| build_scene("walker.msh", mfx::walker().into(), &assets, &SceneOptions { material_time_ms: ms, ..SceneOptions::default() }, &r).unwrap();
        let scene = at(0);
        let drawn = RenderScene::from_scene(&scene);
        let clock = MaterialClock::new(&scene, &drawn, &r);
        assert!(clock.animated());
        let glow = drawn.materials.iter().position(|m| m.name == "GLOW").unwrap();
        let (c0, c500) = (clock.colors_at(0), clock.colors_at(500));
        assert_eq!(c0.len(), drawn.materials.len());
        assert_eq!(c0[glow], drawn.materials[glow].colors, "time 0 is what the scene was built with");
        assert_ne!(c0[glow].emissive, c500[glow].emissive);
        // The same colours the resolver gives for a scene built at 500 ms.
        assert_eq!(c500[glow], RenderScene::from_scene(&at(500)).materials[glow].colors);
    }

    #[test]
    fn phase_textures_switch_with_time_as_the_resolver_picks_them() {
        let assets = MemoryAssets::from_files(demo::demo_files());
        let r = Readings::default();
        let land = demo::demo_files().into_iter().find(|(n, _)| n.eq_ignore_ascii_case("Land.msh")).unwrap().1;
        let at = |ms| build_scene("Land.msh", land.clone().into(), &assets, &SceneOptions { material_time_ms: ms, ..SceneOptions::default() }, &r).unwrap();
        let scene = at(0);
        let mut drawn = RenderScene::from_scene(&scene);
        let mut clock = MaterialClock::new(&scene, &drawn, &r);
        let before = drawn.textures.len();
        assert!(!clock.textures_animated(), "nothing is resolved before it is asked for");
        clock.add_phase_textures(&mut drawn, &assets);
        assert!(clock.textures_animated());
        // WATER's three phases name WATER1..3.0; the scene had WATER1 only.
        assert_eq!(drawn.textures.len(), before + 2);
        let water = drawn.materials.iter().position(|m| m.name.contains("WATER")).unwrap();
        let (t0, t400, t700) = (clock.textures_at(0)[water], clock.textures_at(400)[water], clock.textures_at(700)[water]);
        assert_eq!(t0, (drawn.materials[water].texture, drawn.materials[water].uv_rect), "time 0 is what the scene was built with");
        assert!(t0 != t400 && t400 != t700 && t0 != t700, "{t0:?} {t400:?} {t700:?}");
        // The texture the resolver picks for a scene built at that time.
        for ms in [400, 700] {
            let name = &drawn.textures[clock.textures_at(ms)[water].0.unwrap()].name;
            let built = at(ms);
            let m = built.resolved.iter().find(|m| m.label() == drawn.materials[water].name).unwrap();
            assert_eq!(Some(name), m.texture.as_ref().map(|t| &t.name), "at {ms} ms");
        }
        // Materials without a MAT0 keep their texture.
        assert_eq!(clock.textures_at(123).len(), drawn.materials.len());
    }

    #[test]
    fn a_blended_copy_animates_with_its_source() {
        use crate::scene::Overlay;
        let assets = MemoryAssets::from_files(demo::demo_files());
        let r = Readings::default();
        let mut scene = build_scene("walker.msh", mfx::walker().into(), &assets, &SceneOptions::default(), &r).unwrap();
        let glow = scene.materials.iter().position(|m| m.name == "GLOW").unwrap();
        // GLOW blended over the first primitive, as a landscape's secondary would be.
        let p = scene.nodes.iter_mut().flat_map(|n| n.primitives.iter_mut()).find(|p| p.is_drawable() && !p.points).unwrap();
        p.overlay = Some(Overlay { material: glow, weights: vec![0.5; p.positions.len()], indices: p.indices.clone() });
        let drawn = RenderScene::from_scene(&scene);
        let copy = drawn.materials.iter().position(|m| m.name == "GLOW (blended)").unwrap();
        assert_eq!(drawn.materials[copy].source, Some(glow));
        let clock = MaterialClock::new(&scene, &drawn, &r);
        let (c0, c500) = (clock.colors_at(0), clock.colors_at(500));
        assert_ne!(c0[copy], c500[copy], "the copy glows too");
        assert_eq!((c0[copy], c500[copy]), (c0[glow], c500[glow]));
    }

    #[test]
    fn phase_cells_switch_the_drawn_rect_with_time() {
        use crate::formats::mat0::{Mat0, SHIPPED_VERSION};
        use crate::formats::nres::Archive;
        use crate::fixtures::texm;
        // WATER's three phases all show CELLS.0, at cells 0, 1 and 2.
        let mut files = demo::demo_files();
        let edit = |files: &mut Vec<(&str, Vec<u8>)>, file: &str, f: &dyn Fn(&mut Archive)| {
            let bytes = &mut files.iter_mut().find(|(n, _)| *n == file).unwrap().1;
            let (mut a, _) = Archive::parse(std::mem::take(bytes).into()).unwrap();
            f(&mut a);
            *bytes = a.write();
        };
        edit(&mut files, "Textures.lib", &|a| {
            a.add(b"CELLS.0", crate::formats::TYPE_TEXM, [0; 3], texm::cells()).unwrap();
        });
        edit(&mut files, "Material.lib", &|a| {
            let i = a.find("WATER").unwrap();
            let mut m = Mat0::parse(&a.payload(i), SHIPPED_VERSION).unwrap();
            for (k, p) in m.phases.iter_mut().enumerate() {
                p.set_texture("CELLS.0").unwrap();
                p.set_cell(k as u8);
            }
            a.replace(i, m.write().unwrap()).unwrap();
        });
        let assets = MemoryAssets::from_files(files.clone());
        let r = Readings::default();
        let land = files.iter().find(|(n, _)| n.eq_ignore_ascii_case("Land.msh")).unwrap().1.clone();
        let scene = build_scene("Land.msh", land.into(), &assets, &SceneOptions::default(), &r).unwrap();
        let mut drawn = RenderScene::from_scene(&scene);
        let mut clock = MaterialClock::new(&scene, &drawn, &r);
        clock.add_phase_textures(&mut drawn, &assets);
        assert!(clock.textures_animated(), "one texture, but its cell changes");
        let water = drawn.materials.iter().position(|m| m.name.contains("WATER")).unwrap();
        let rects: Vec<[f32; 4]> = [0, 400, 700].map(|ms| clock.textures_at(ms)[water].1).to_vec();
        assert_eq!(clock.textures_at(0)[water], (drawn.materials[water].texture, drawn.materials[water].uv_rect), "time 0 is what the scene was built with");
        assert_eq!(rects, [[0.0, 0.0, 0.5, 0.5], [0.5, 0.0, 0.5, 0.5], [0.0, 0.5, 0.5, 0.5]]);
        let textures: Vec<Option<usize>> = [0, 400, 700].map(|ms| clock.textures_at(ms)[water].0).to_vec();
        assert!(textures.windows(2).all(|w| w[0] == w[1]) && textures[0].is_some(), "{textures:?}");
    }

}
