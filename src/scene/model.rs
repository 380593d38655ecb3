//! An MSH model (robot, building) as a scene: one node per Node38 with its transform at the
//! chosen frame, one primitive per draw batch of the chosen grid cell (vertices in the node's
//! space, as the engine draws them: every batch moves rigidly with its node), the batches'
//! materials, and the model's animation sampled once per frame.

use super::materials::add_materials;
use super::types::{BoundShape, Finite, NodeTrack, SceneBound, ParkanVertices, Primitive, Scene, SceneAnimation, SceneNode, parkan_primitive, parkan_transform};
use crate::doc::resolve::ResolvedMaterial;
use crate::formats::msh::Parts;
use crate::formats::msh::anim::Transform;
use crate::formats::msh::geometry::{ModelMesh, SubMesh, extract_model, frame_count, model_pose};
use crate::formats::msh::axes::parkan_to_gltf;
use crate::formats::msh::nodes::GridCell;
use crate::formats::msh::slots::BoundsHeader;
use crate::formats::message::Message;
use crate::formats::readings::{Readings, SlotGrid};
use crate::msg;
use crate::formats::{Diagnostic, Result};

/// glTF times are seconds and type-8 key times are frames; the engine's playback rate is not
/// documented, so exports use this one (an option of [`super::SceneOptions`]).
pub const DEFAULT_FRAMES_PER_SECOND: f32 = 15.0;

/// The most (frame x node) samples one animation export takes. Shipped models stay far
/// below; a malformed frame count in `attr2` (up to 2^32) is cut here with a warning.
pub const MAX_ANIMATION_SAMPLES: usize = 1 << 22;

/// What the model builder needs besides the mesh.
pub struct ModelOptions {
    pub cell: GridCell,
    /// The frame the nodes are posed at (`None`: the rest pose, frame 0).
    pub frame: Option<f32>,
    pub frames_per_second: f32,
}

/// The note naming the drawn cell the way the reading names it, with what it holds.
fn cell_note(cell: GridCell, grid: SlotGrid, batches: usize, triangles: usize) -> Message {
    msg!(
        "scene-cell",
        "cell slot_index[{index}] ({name}): {batches} batches, {triangles} triangles",
        index = cell.index(),
        name = &cell.label(grid),
        batches = batches,
        triangles = triangles
    )
}

/// Builds the scene; `resolve` turns the batches' material bytes into materials.
pub fn model_scene(
    name: &str,
    parts: &Parts,
    readings: &Readings,
    opts: &ModelOptions,
    resolve: &mut dyn FnMut(&[u16]) -> Vec<ResolvedMaterial>,
) -> Result<Scene> {
    let (mesh, diags) = extract_model(parts, readings, opts.cell)?;
    let mut scene = Scene { name: name.to_string(), diagnostics: diags, ..Scene::default() };
    scene.notes.push(cell_note(opts.cell, readings.slot_grid, mesh.submeshes.len(), mesh.triangle_count()));
    let bytes: Vec<u16> = mesh.submeshes.iter().map(|s| s.material).collect();
    let materials = add_materials(&mut scene, resolve(&bytes));
    let mut finite = Finite::default();

    let pose = opts.frame.map(|f| model_pose(parts, readings, f, false));
    if let Some(f) = opts.frame {
        scene.notes.push(msg!("scene-posed-at-frame", "posed at frame {f}", f = f));
    }
    for (i, info) in mesh.nodes.iter().enumerate() {
        let local = pose.as_ref().and_then(|p| p.nodes.get(i)).map_or(info.rest_local, |n| n.local);
        scene.nodes.push(SceneNode {
            name: info.name.clone().filter(|n| !n.is_empty()).unwrap_or_else(|| format!("node_{i}")),
            parent: info.parent,
            local: finite.transform(parkan_transform(&local)),
            primitives: Vec::new(),
        });
    }
    // The 24-byte node variant gives batches no node: they hang off one root, untransformed.
    let unplaced = mesh.submeshes.iter().any(|s| s.node.is_none_or(|n| n >= mesh.nodes.len())).then(|| {
        scene.nodes.push(SceneNode { name: name.to_string(), parent: None, local: Transform::IDENTITY, primitives: Vec::new() });
        scene.nodes.len() - 1
    });
    for (i, info) in mesh.nodes.iter().enumerate() {
        scene.extras.nodes.insert(i, serde_json::json!({"parkan": {"flags": info.flags}}));
    }
    for sm in &mesh.submeshes {
        let Some(target) = sm.node.filter(|&n| n < mesh.nodes.len()).or(unplaced) else { continue };
        let prim = primitive(&mesh, sm, materials.get(&sm.material).copied(), &mut finite);
        if let Some(x) = batch_extras(parts, sm, prim.triangle_count()) {
            scene.extras.primitives.insert((target, scene.nodes[target].primitives.len()), x);
        }
        scene.nodes[target].primitives.push(prim);
    }
    scene.bounds = file_bounds(parts, &mesh);
    scene.animation = animation(parts, readings, opts.frames_per_second, &mut finite, &mut scene.diagnostics);
    if let Some(a) = &scene.animation {
        scene.notes.push(msg!(
            "scene-animation",
            "animation: {frames} frames at {fps} frames per second, {nodes} animated nodes",
            frames = a.times.len(),
            fps = opts.frames_per_second,
            nodes = a.tracks.len()
        ));
    }
    scene.diagnostics.extend(finite.diagnostic());
    Ok(scene)
}

/// The model's box and sphere (component 2's header, scene space) and each node's slot box and
/// sphere for the cell (node space), as stored.
fn file_bounds(parts: &Parts, mesh: &ModelMesh) -> Vec<SceneBound> {
    let Some(table) = parts.slots.as_ref() else { return Vec::new() };
    let mut out = header_bounds(&table.header, true);
    for (i, node) in mesh.nodes.iter().enumerate() {
        let Some(slot) = node.slot.and_then(|s| table.slots.get(s).map(|t| (s, t))) else { continue };
        let (min, max) = gltf_box([slot.1.aabb_min, slot.1.aabb_max].iter().copied());
        out.push(SceneBound { node: Some(i), label: format!("slot {} box", slot.0), shape: BoundShape::Box { min, max } });
        out.push(SceneBound {
            node: Some(i),
            label: format!("slot {} sphere", slot.0),
            shape: BoundShape::Sphere { centre: parkan_to_gltf(slot.1.centre), radius: slot.1.radius },
        });
    }
    out
}

/// Component 2's header bounds in scene space: the box through its 8 corners and, for a
/// model, its sphere (a landscape stores zeros there).
pub(super) fn header_bounds(h: &BoundsHeader, sphere: bool) -> Vec<SceneBound> {
    let (min, max) = gltf_box(h.corners.iter().copied());
    let mut out = vec![SceneBound { node: None, label: "model box".to_string(), shape: BoundShape::Box { min, max } }];
    if sphere {
        out.push(SceneBound {
            node: None,
            label: "model sphere".to_string(),
            shape: BoundShape::Sphere { centre: parkan_to_gltf(h.sphere_centre), radius: h.sphere_radius },
        });
    }
    out
}

/// The axis-aligned box through Parkan points, in glTF's frame (the axis swap keeps it aligned).
fn gltf_box(points: impl Iterator<Item = [f32; 3]>) -> ([f32; 3], [f32; 3]) {
    let mut min = [f32::INFINITY; 3];
    let mut max = [f32::NEG_INFINITY; 3];
    for p in points.map(parkan_to_gltf) {
        for k in 0..3 {
            min[k] = min[k].min(p[k]);
            max[k] = max[k].max(p[k]);
        }
    }
    (min, max)
}

/// A batch's fields glTF has no place for: its flags word, lightmap byte and room, and its
/// triangles' descriptor flags when the slot's descriptors follow its batches one to one (as
/// the importer and the fixtures write them) and any is set.
fn batch_extras(parts: &Parts, sm: &SubMesh, drawn: usize) -> Option<serde_json::Value> {
    let batches = &parts.batches.as_ref()?.0;
    let b = batches.get(sm.batch)?;
    let mut x = serde_json::json!({"batch_flags": b.head, "lightmap": b.lightmap, "room": b.room});
    let slot = parts.slots.as_ref()?.slots.get(sm.slot)?;
    let in_slot = batches.get(slot.batch_range())?;
    let before: usize = in_slot.iter().take(sm.batch.checked_sub(slot.batch_start as usize)?).map(|b| b.index_count as usize / 3).sum();
    let total: usize = in_slot.iter().map(|b| b.index_count as usize / 3).sum();
    let own = b.index_count as usize / 3;
    if total == slot.tri_count as usize && own == drawn {
        let descs = parts.triangles.as_ref()?.0.get(slot.tri_start as usize + before..)?.get(..own)?;
        if descs.iter().any(|d| d.flags != 0) {
            x["triangle_flags"] = descs.iter().map(|d| d.flags).collect();
        }
    }
    Some(serde_json::json!({ "parkan": x }))
}

/// One batch's triangles with only the vertices they use, converted to glTF's frame.
fn primitive(mesh: &ModelMesh, sm: &SubMesh, material: Option<usize>, finite: &mut Finite) -> Primitive {
    let range = sm.indices.start as usize..sm.indices.end as usize;
    let used = mesh.indices.get(range).unwrap_or(&[]);
    let v = ParkanVertices { positions: &mesh.positions, normals: &mesh.normals, uv0: &mesh.uv0, uv1: mesh.uv1.as_deref(), weights: None };
    parkan_primitive(format!("slot {} batch {}", sm.slot, sm.batch), material, &v, used, finite).0
}

/// The model's animation: every node with a frame-map run gets a translation and a rotation
/// track sampled at each frame, as the engine plays it (roots' translation zeroed).
fn animation(parts: &Parts, readings: &Readings, fps: f32, finite: &mut Finite, diags: &mut Vec<Diagnostic>) -> Option<SceneAnimation> {
    let nodes = parts.nodes.as_ref()?.nodes()?;
    let animated: Vec<usize> = (0..nodes.len()).filter(|&i| nodes[i].anim_map_start().is_some()).collect();
    let stored = frame_count(parts) as usize;
    if stored == 0 || animated.is_empty() || parts.anim_keys.as_ref().is_none_or(|k| k.0.is_empty()) {
        return None;
    }
    let budget = (MAX_ANIMATION_SAMPLES / nodes.len().max(1)).max(1);
    let frames = stored.min(budget);
    if frames < stored {
        diags.push(Diagnostic::warning(
            parts.offset(19),
            msg!("scene-animation-cut", "the animation declares {stored} frames; only the first {frames} are exported", stored = stored, frames = frames),
        ));
    }
    let fps = if fps.is_finite() && fps > 0.0 { fps } else { DEFAULT_FRAMES_PER_SECOND };
    let mut tracks: Vec<NodeTrack> = animated
        .iter()
        .map(|&n| NodeTrack { node: n, translations: Vec::with_capacity(frames), rotations: Vec::with_capacity(frames) })
        .collect();
    for f in 0..frames {
        let pose = model_pose(parts, readings, f as f32, true);
        for track in &mut tracks {
            let local = pose.nodes.get(track.node).map_or(Transform::IDENTITY, |p| p.local);
            let t = finite.transform(parkan_transform(&local));
            track.translations.push(t.translation.into());
            track.rotations.push(t.rotation.normalize().to_array());
        }
    }
    let times = (0..frames).map(|f| f as f32 / fps).collect();
    Some(SceneAnimation { name: "animation".to_string(), times, tracks })
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec3;
    use crate::fixtures::msh as fx;
    use crate::formats::bytes::SharedBytes;
    use crate::formats::msh::Msh;

    fn parts(bytes: Vec<u8>) -> Parts {
        Msh::parse(SharedBytes::from(bytes)).unwrap().1.parts().0
    }

    fn opts(frame: Option<f32>) -> ModelOptions {
        ModelOptions { cell: GridCell::default(), frame, frames_per_second: 10.0 }
    }

    fn no_materials(_: &[u16]) -> Vec<ResolvedMaterial> {
        Vec::new()
    }

    #[test]
    fn cube_faces_outwards_in_gltf_space() {
        let s = model_scene("cube", &parts(fx::cube()), &Readings::default(), &opts(None), &mut no_materials).unwrap();
        assert_eq!(s.nodes.len(), 1);
        let p = &s.nodes[0].primitives[0];
        assert_eq!((p.vertex_count(), p.triangle_count()), (24, 12));
        let normals = p.normals.as_ref().unwrap();
        for t in p.indices.chunks_exact(3) {
            let [a, b, c] = [t[0], t[1], t[2]].map(|i| Vec3::from(p.positions[i as usize]));
            let face = (b - a).cross(c - a);
            assert!(face.dot(Vec3::from(normals[t[0] as usize])) > 0.0, "counter-clockwise seen from outside");
            // The cube's centre is the origin: outward means away from it.
            assert!(face.dot(a + b + c) > 0.0);
        }
        assert!(s.animation.is_none());
        assert!(s.notes[0].english.contains("slot_index[0]"));
        // The file's own bounds come through: the model's box and sphere, the slot's pair.
        assert_eq!(s.bounds.len(), 4);
        assert!(s.bounds.iter().any(|b| b.node == Some(0) && matches!(b.shape, super::BoundShape::Sphere { radius, .. } if radius > 1.0)));
    }

    #[test]
    fn walker_has_hierarchy_animation_and_materials() {
        let mut asked = Vec::new();
        let mut resolve = |b: &[u16]| {
            asked = b.to_vec();
            Vec::new()
        };
        let s = model_scene("walker", &parts(fx::walker()), &Readings::default(), &opts(None), &mut resolve).unwrap();
        assert_eq!(s.nodes.iter().map(|n| n.name.as_str()).collect::<Vec<_>>(), ["BODY", "HEAD", "ARM_L", "ARM_R", "GUN", "CP_VIEW"]);
        assert_eq!(s.nodes[4].parent, Some(3));
        // HEAD at (0, 0, 4.4) in Parkan space is (0, 4.4, 0) in glTF's.
        assert!((s.nodes[1].local.translation - Vec3::new(0.0, 4.4, 0.0)).length() < 1e-5);
        let a = s.animation.as_ref().unwrap();
        assert_eq!((a.times.len(), a.tracks.len()), (9, 4));
        assert!((a.times[8] - 0.8).abs() < 1e-6);
        // ARM_L swings +20 degrees about x at frames 0 and 8, -20 at frame 4.
        let arm = &a.tracks[2];
        assert_eq!(arm.node, 2);
        let angle = |q: [f32; 4]| glam::Quat::from_array(q).to_axis_angle();
        assert!((angle(arm.rotations[0]).1 - angle(arm.rotations[8]).1).abs() < 1e-3);
        assert!((angle(arm.rotations[4]).1 - 20f32.to_radians()).abs() < 1e-2);
        // Materials 0 (hull) and 1 (glass) were asked for, one entry per batch.
        assert!(asked.contains(&0) && asked.contains(&1));
        assert_eq!(s.primitive_count(), asked.len());
    }

    #[test]
    fn frame_poses_the_nodes() {
        let p = parts(fx::two_node_animated());
        let rest = model_scene("t", &p, &Readings::default(), &opts(None), &mut no_materials).unwrap();
        let posed = model_scene("t", &p, &Readings::default(), &opts(Some(4.0)), &mut no_materials).unwrap();
        // ROOT rises from z 0 to z 2 (glTF y).
        assert!(rest.nodes[0].local.translation.length() < 1e-6);
        assert!((posed.nodes[0].local.translation - Vec3::new(0.0, 2.0, 0.0)).length() < 1e-5);
        assert!(posed.notes.iter().any(|n| n.english.contains("frame 4")));
        // In playback the root's translation is zeroed, as the engine does.
        let a = posed.animation.unwrap();
        assert!(a.tracks[0].translations.iter().all(|t| *t == [0.0; 3]));
    }

    #[test]
    fn raw24_nodes_hang_off_one_root() {
        let s = model_scene("mtcheck", &parts(fx::mtcheck()), &Readings::default(), &opts(None), &mut no_materials).unwrap();
        assert_eq!(s.nodes.len(), 1);
        assert_eq!(s.nodes[0].primitives.len(), 2);
        assert!(s.animation.is_none());
    }
}
