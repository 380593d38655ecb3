//! Material colours at a game time: the scene's MAT0 materials parsed once, evaluated per
//! frame on the CPU (block 0, start time 0, the C runtime's first `rand()` state, as the
//! resolver does), so a frame uploads only these few floats.

use super::scene::{MaterialColors, RenderScene};
use crate::export::scene::Scene;
use crate::formats::mat0::rng::MsvcRand;
use crate::formats::mat0::{Mat0, eval};
use crate::formats::readings::Readings;
use std::sync::Arc;

/// Per drawable material: its MAT0 when the chain reached one, else its fixed colours.
pub struct MaterialClock {
    slots: Vec<(Option<Arc<Mat0>>, MaterialColors)>,
    readings: Readings,
}

impl MaterialClock {
    /// For `drawn`, built from `scene`: each material whose chain reached a MAT0 keeps the
    /// material the resolver parsed (nothing is read or parsed again).
    pub fn new(scene: &Scene, drawn: &RenderScene, readings: &Readings) -> MaterialClock {
        let slots = drawn
            .materials
            .iter()
            .enumerate()
            .map(|(i, m)| (scene.resolved.get(i).filter(|r| r.label() == m.name).and_then(|r| r.material.clone()), m.colors))
            .collect();
        MaterialClock { slots, readings: *readings }
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
    use crate::export::{ExportOptions, build_scene};
    use crate::fixtures::{demo, msh as mfx};

    #[test]
    fn glow_changes_with_time_and_matches_the_resolver() {
        let assets = MemoryAssets::from_files(demo::demo_files());
        let r = Readings::default();
        let at = |ms| build_scene("walker.msh", mfx::walker().into(), &assets, &ExportOptions { material_time_ms: ms, ..ExportOptions::default() }, &r).unwrap();
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
}
