//! Every known component of a mesh decoded once, for the checks, the geometry extraction and
//! the editors. A component that fails to decode is left out with an error diagnostic; the
//! rest of the mesh still opens.

use super::anim::{AnimKeys, AnimMap};
use super::batches::Batches;
use super::component::{Component, count32};
use super::indices::Indices;
use super::landscape::{LandAlpha, LandFaceOrder, LandTriangles};
use super::nodes::NodeTable;
use super::paths::PathGraph;
use super::slots::SlotTable;
use super::strings::{NodeNames, NodeStrings};
use super::triangles::TriDescs;
use super::vertex::{LightmapUv, Normals, Positions, Uv0};
use super::{Msh, Variant, type_label};
use crate::formats::Diagnostic;
use crate::formats::message::hex;

/// Where a component sits and what its entry stores, for diagnostics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PartMeta {
    pub type_id: u32,
    /// Payload offset in the `.msh` file.
    pub offset: u64,
    pub attrs: [u32; 3],
    pub size: usize,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Parts {
    pub variant: Variant,
    pub nodes: Option<NodeTable>,
    pub slots: Option<SlotTable>,
    pub positions: Option<Positions>,
    pub normals: Option<Normals>,
    pub uv0: Option<Uv0>,
    pub indices: Option<Indices>,
    pub triangles: Option<TriDescs>,
    pub anim_keys: Option<AnimKeys>,
    pub names: Option<NodeNames>,
    pub strings: Option<NodeStrings>,
    pub land_faces: Option<LandFaceOrder>,
    pub batches: Option<Batches>,
    pub land_alpha: Option<LandAlpha>,
    pub paths: Option<PathGraph>,
    pub lightmap_uv: Option<LightmapUv>,
    pub anim_map: Option<AnimMap>,
    pub land_triangles: Option<LandTriangles>,
    /// The first entry of each type present, in directory order.
    pub meta: Vec<PartMeta>,
}

impl Parts {
    pub fn decode(msh: &Msh) -> (Parts, Vec<Diagnostic>) {
        let mut diags = Vec::new();
        let mut meta: Vec<PartMeta> = Vec::new();
        for c in &msh.components {
            if let Some(first) = meta.iter().find(|m| m.type_id == c.type_id) {
                diags.push(Diagnostic::warning(
                    c.offset,
                    crate::msg!("msh-second-entry", "a second entry of this type; the one at {at} is used, this one is kept as bytes", at = hex(first.offset))
                        .prefixed(&format!("{}: ", c.label())),
                ));
            } else {
                meta.push(PartMeta { type_id: c.type_id, offset: c.offset, attrs: c.attrs, size: c.bytes.len() });
            }
        }
        let d = &mut diags;
        let parts = Parts {
            variant: msh.variant(),
            nodes: take(msh, d),
            slots: take(msh, d),
            positions: take(msh, d),
            normals: take(msh, d),
            uv0: take(msh, d),
            indices: take(msh, d),
            triangles: take(msh, d),
            anim_keys: take(msh, d),
            names: take(msh, d),
            strings: take(msh, d),
            land_faces: take(msh, d),
            batches: take(msh, d),
            land_alpha: take(msh, d),
            paths: take(msh, d),
            lightmap_uv: take(msh, d),
            anim_map: take(msh, d),
            land_triangles: take(msh, d),
            meta,
        };
        (parts, diags)
    }

    pub fn meta(&self, type_id: u32) -> Option<&PartMeta> {
        self.meta.iter().find(|m| m.type_id == type_id)
    }
    /// Payload offset of a component (0 when absent), the base of its diagnostics' offsets.
    pub fn offset(&self, type_id: u32) -> u64 {
        self.meta(type_id).map_or(0, |m| m.offset)
    }
    pub fn vertex_count(&self) -> usize {
        self.positions.as_ref().map_or(0, |p| p.0.len())
    }
    pub fn node_count(&self) -> usize {
        self.nodes.as_ref().map_or(0, |n| n.len())
    }
    pub fn slot_count(&self) -> usize {
        self.slots.as_ref().map_or(0, |s| s.slots.len())
    }
    /// A node's name: component 9's field, else component 10's string when not empty.
    pub fn node_name(&self, i: usize) -> Option<String> {
        if let Some(n) = self.names.as_ref().and_then(|n| n.name(i)) {
            return Some(n);
        }
        self.strings.as_ref()?.0.get(i).filter(|s| !s.text.is_empty()).map(|s| s.text())
    }
    /// A landscape's cells across (component 1's `attr2`), else the square root of the tile
    /// count when it is a square.
    pub fn cells_across(&self) -> Option<u32> {
        let stored = self.meta(1).map_or(0, |m| m.attrs[1]);
        if stored != 0 {
            return Some(stored);
        }
        let n = self.node_count();
        let root = (n as f64).sqrt() as usize;
        (root * root == n && n > 0).then_some(count32(root))
    }
}

/// Decodes the first component of `C`'s type, reporting a failure and counts that disagree
/// with the stored attrs.
fn take<C: Component>(msh: &Msh, diags: &mut Vec<Diagnostic>) -> Option<C> {
    let c = msh.component(C::TYPE_ID)?;
    match msh.get::<C>()? {
        Ok(v) => {
            let derived = v.derived_attrs();
            for (k, want) in derived.iter().enumerate() {
                if let Some(want) = *want
                    && want != c.attrs[k]
                {
                    diags.push(Diagnostic::warning(
                        c.offset,
                        crate::msg!(
                            "msh-attr-disagrees",
                            "component {t} ({label}): attr{attr} is {stored}, the payload gives {want}",
                            t = C::TYPE_ID,
                            label = type_label(C::TYPE_ID),
                            attr = k + 1,
                            stored = c.attrs[k],
                            want = want
                        ),
                    ));
                }
            }
            Some(v)
        }
        Err(e) => {
            diags.push(e.into());
            None
        }
    }
}
