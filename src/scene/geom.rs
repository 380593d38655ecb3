//! An X-Ray `level.geom` as a scene, "as the viewer would draw it"
//! (docs/formats/xray-level-geom.md): one node per vertex buffer, drawn as triangles with base
//! vertex 0 where index buffer k's largest index fits vertex buffer k, else as a point cloud; no
//! materials (the level file that names the shaders and base vertices is not read). Each buffer's
//! note says which.

use super::types::{Finite, Primitive, Scene, SceneNode, SourceAxes, reverse_winding};
use crate::formats::message::Message;
use crate::formats::{Diagnostic, Result};
use crate::msg;
use crate::formats::bytes::SharedBytes;
use crate::formats::msh::anim::Transform;
use crate::formats::msh::axes::xray_to_gltf;
use crate::formats::readings::Readings;
use crate::formats::xray_geom::LevelGeom;
use crate::formats::xray_geom::decl::{type_name, usage_name};
use crate::formats::xray_geom::geometry::extract;
use glam::Vec3;

pub fn geom_scene(name: &str, bytes: SharedBytes, readings: &Readings) -> Result<Scene> {
    let (geom, diags) = LevelGeom::parse(bytes)?;
    Ok(geom_scene_of(name, &geom, diags, readings))
}

/// The scene of a parsed level.geom (`diags`: what parsing found).
pub fn geom_scene_of(name: &str, geom: &LevelGeom, diags: Vec<Diagnostic>, readings: &Readings) -> Scene {
    let mut scene = Scene { name: name.to_string(), diagnostics: diags, axes: SourceAxes::XRay, ..Scene::default() };
    let mut finite = Finite::default();
    for m in extract(geom, readings) {
        scene.notes.push(m.note.clone());
        let mut p = Primitive {
            label: format!("vertex buffer {}", m.buffer),
            positions: m.positions.iter().map(|&v| finite.v3(xray_to_gltf(v))).collect(),
            normals: Some(
                m.normals
                    .iter()
                    .map(|&n| Vec3::from(finite.v3(xray_to_gltf(n))).try_normalize().unwrap_or(Vec3::Y).into())
                    .collect(),
            ),
            uv0: m.uv0.map(|u| u.into_iter().map(|v| finite.v2(v)).collect()),
            uv1: m.uv_lightmap.map(|u| u.into_iter().map(|v| finite.v2(v)).collect()),
            colors: m.colors.map(|c| c.into_iter().map(|v| finite.v4(v)).collect()),
            hemi: m.hemi,
            ..Primitive::default()
        };
        match m.indices {
            Some(mut idx) => {
                reverse_winding(&mut idx);
                p.indices = idx;
            }
            None => p.points = true,
        }
        scene.nodes.push(SceneNode {
            name: format!("vertex_buffer_{}", m.buffer),
            parent: None,
            local: Transform::IDENTITY,
            primitives: vec![p],
        });
    }
    scene.diagnostics.extend(finite.diagnostic());
    scene
}

/// "vertex buffer 0: 24 vertices of 32 bytes: FLOAT3 POSITION @0, ..." and the index buffers.
pub fn buffer_lines(g: &LevelGeom) -> Vec<Message> {
    let mut out: Vec<Message> = g
        .vertex_buffers()
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let decl: Vec<String> =
                v.decl.elements.iter().map(|e| format!("{} {}{} @{}", type_name(e.ty), usage_name(e.usage), if e.usage_index > 0 { e.usage_index.to_string() } else { String::new() }, e.offset)).collect();
            msg!(
                "scene-vertex-buffer-line",
                "vertex buffer {i}: {n} vertices of {stride} bytes: {elements}",
                i = i,
                n = v.vertex_count,
                stride = v.stride(),
                elements = decl.join(", ")
            )
        })
        .collect();
    out.extend(g.index_buffers().iter().enumerate().map(|(i, b)| msg!("scene-index-buffer-line", "index buffer {i}: {n} indices", i = i, n = b.data.len() / 2)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::xray as fx;

    #[test]
    fn fitting_buffers_are_triangles_the_rest_points() {
        let s = geom_scene("level.geom", SharedBytes::from(fx::level_v13()), &Readings::default()).unwrap();
        let modes: Vec<bool> = s.nodes.iter().map(|n| n.primitives[0].points).collect();
        assert_eq!(modes, [false, false, true], "index buffer 2 needs a base vertex from the level file");
        assert_eq!(s.notes.len(), 3);
        assert!(s.notes[2].english.contains("points"));
        assert!(s.materials.is_empty());
        assert!(s.point_count() > 0 && s.triangle_count() > 0);
        // Every node's primitive keeps its buffer's vertex count.
        let (geom, _) = LevelGeom::parse(SharedBytes::from(fx::level_v13())).unwrap();
        for (n, vb) in s.nodes.iter().zip(geom.vertex_buffers()) {
            assert_eq!(n.primitives[0].vertex_count(), vb.vertex_count as usize);
        }
    }
}
