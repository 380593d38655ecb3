//! Resolved materials into the scene: one scene material per distinct material byte, one
//! scene texture per distinct texture (a texture shared by several materials is written once).

use super::types::{Scene, SceneMaterial, SceneTexture, safe_stem};
use crate::doc::resolve::ResolvedMaterial;
use std::collections::HashMap;
use std::sync::Arc;

/// Adds the materials to the scene (their diagnostics too); returns the scene material of
/// each material byte.
pub fn add_materials(scene: &mut Scene, resolved: Vec<ResolvedMaterial>) -> HashMap<u16, usize> {
    let mut by_index = HashMap::new();
    let mut used_stems: Vec<String> = scene.textures.iter().map(|t| t.stem.clone()).collect();
    for m in &resolved {
        let texture = m.texture.as_ref().map(|t| {
            match scene.textures.iter().position(|s| Arc::ptr_eq(&s.texture, t) || s.texture.origin == t.origin) {
                Some(i) => i,
                None => {
                    let stem = unique(safe_stem(&t.name), &mut used_stems);
                    scene.textures.push(SceneTexture { texture: t.clone(), stem });
                    scene.textures.len() - 1
                }
            }
        });
        scene.materials.push(SceneMaterial {
            name: m.label(),
            base_color: m.base_color,
            emissive: m.emissive,
            texture,
            cell_uv: m.texture.as_ref().zip(m.cell).and_then(|(t, cell)| t.cell_uv(cell)),
            blend: m.alpha_blended,
        });
        by_index.insert(m.index, scene.materials.len() - 1);
        scene.diagnostics.extend(m.diagnostics.iter().cloned());
    }
    scene.resolved.extend(resolved);
    by_index
}

/// `stem`, or `stem_2`, `stem_3`, ... when taken (texture names that differ only in the
/// characters a file name cannot hold).
pub fn unique(stem: String, used: &mut Vec<String>) -> String {
    let mut candidate = stem.clone();
    let mut n = 2;
    while used.iter().any(|u| u.eq_ignore_ascii_case(&candidate)) {
        candidate = format!("{stem}_{n}");
        n += 1;
    }
    used.push(candidate.clone());
    candidate
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stems_are_unique_case_insensitively() {
        let mut used = vec!["A_0".to_string()];
        assert_eq!(unique("a_0".into(), &mut used), "a_0_2");
        assert_eq!(unique("a_0".into(), &mut used), "a_0_3");
        assert_eq!(unique("B".into(), &mut used), "B");
    }
}
