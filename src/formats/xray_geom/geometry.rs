//! What a viewer or exporter draws from a level.geom alone. The file holds no draw calls: its
//! index values are relative to base vertices that the separate `level` file gives. So every
//! vertex buffer is a point cloud shaded by its normals, and index buffer k is drawn as
//! triangles with base vertex 0 only when its largest index fits vertex buffer k; each
//! buffer's `note` says which was done, for the viewer to show.

use super::LevelGeom;
use super::attributes::decode_attributes;
use crate::formats::message::Message;
use crate::formats::readings::Readings;
use crate::msg;

#[derive(Debug, Clone, PartialEq)]
pub struct GeomBufferMesh {
    /// Vertex buffer index.
    pub buffer: usize,
    pub positions: Vec<[f32; 3]>,
    /// Decoded normals; (0, 1, 0), X-Ray's up, where the buffer has none.
    pub normals: Vec<[f32; 3]>,
    pub uv0: Option<Vec<[f32; 2]>>,
    pub uv_lightmap: Option<Vec<[f32; 2]>>,
    pub colors: Option<Vec<[f32; 4]>>,
    /// The normal's 4th byte / 255: the hemisphere lighting factor.
    pub hemi: Option<Vec<f32>>,
    /// Triangles (base vertex 0) when index buffer `buffer` fits this vertex buffer.
    pub indices: Option<Vec<u32>>,
    pub note: Message,
}

impl GeomBufferMesh {
    pub fn triangle_count(&self) -> usize {
        self.indices.as_ref().map_or(0, |i| i.len() / 3)
    }
}

pub fn extract(geom: &LevelGeom, readings: &Readings) -> Vec<GeomBufferMesh> {
    let ibs = geom.index_buffers();
    geom.vertex_buffers()
        .iter()
        .enumerate()
        .map(|(k, vb)| {
            let a = decode_attributes(vb, readings);
            let n = a.positions.len();
            let (indices, note) = match ibs.get(k) {
                None => (None, msg!("xray-geom-points-no-ib", "vertex buffer {k}: {n} vertices drawn as points (no index buffer {k})", k = k, n = n)),
                Some(ib) if ib.is_empty() => {
                    (None, msg!("xray-geom-points-empty-ib", "vertex buffer {k}: {n} vertices drawn as points (index buffer {k} is empty)", k = k, n = n))
                }
                Some(ib) => match ib.max_index() {
                    Some(max) if (max as usize) < n => {
                        let whole = ib.len() / 3 * 3;
                        let idx: Vec<u32> = ib.iter().take(whole).map(u32::from).collect();
                        let note = msg!(
                            "xray-geom-base-vertex-0",
                            "vertex buffer {k}: {triangles} triangles of index buffer {k} drawn with base vertex 0",
                            k = k,
                            triangles = idx.len() / 3
                        );
                        (Some(idx), note)
                    }
                    max => (
                        None,
                        msg!(
                            "xray-geom-points-index-too-big",
                            "vertex buffer {k}: {n} vertices drawn as points (index buffer {k}'s largest index {max} does not fit; its base vertices are in the level file)",
                            k = k,
                            n = n,
                            max = max.unwrap_or(0)
                        ),
                    ),
                },
            };
            let normals = a.normals.unwrap_or_else(|| vec![[0.0, 1.0, 0.0]; n]);
            GeomBufferMesh { buffer: k, positions: a.positions, normals, uv0: a.uv0, uv_lightmap: a.uv_lightmap, colors: a.colors, hemi: a.hemi, indices, note }
        })
        .collect()
}
