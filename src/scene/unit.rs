//! An assembled unit or building (docs/formats/unit-dat.md, docs/formats/objects.md): every
//! component's mesh, built by the model scene builder ([`super::model`], so materials and
//! textures resolve as for any model, through the `.wea` the component's record names), posed
//! at its parent's attach node as the game assembles it: a part sits at the parent's socket,
//! `socket ∘ root⁻¹` (its own root node's rest transform undone, so that its root lands on the
//! socket). A turret's, gun's or armour's attachment is a node index of the parent
//! component's mesh; an internal part's or clip's is a slot of the parent's controller, so
//! those sit at the parent's origin.
//!
//! The public API the editors use:
//! - [`assemble`] builds an [`Assembly`] from a [`ResolvedUnit`] (`doc::resolve::world`);
//!   [`record_assembly`] does the same for one record (a record view's mesh).
//! - [`Assembly::scene`] is an ordinary [`Scene`] (`RenderScene::from_scene` draws it,
//!   `export` writes it); [`Assembly::parts`] says, per component, which scene nodes it owns,
//!   its record key, display name and material chains; [`Assembly::part_of_node`] maps a
//!   picked render part's node back to its component.
//! - [`placement`] is the transform a mission places an object with (T·Rz·Ry·Rx, z up).

use super::types::{Scene, parkan_transform};
use super::world_geom::{Merge, append, finish_animation};
use super::{SceneError, SceneOptions, model, read_msh};
use crate::doc::resolve::world::{ResolvedMesh, ResolvedRecord, ResolvedUnit};
use crate::doc::resolve::{AssetSource, Resolver};
use crate::formats::msh::Variant;
use crate::formats::msh::anim::Transform;
use crate::formats::msh::nodes::GridCell;
use crate::formats::readings::Readings;
use crate::formats::unit_dat::PartClass;
use crate::formats::message::Message;
use crate::formats::{Diagnostic, Severity};
use crate::msg;
use glam::{Quat, Vec3};
use std::collections::HashMap;
use std::ops::Range;
use std::sync::Arc;

/// How an assembly is built.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AssemblyOptions {
    /// LOD, variant and material time as for a model (the frame is ignored: the assembly is
    /// at rest, its animation gathered from every part).
    pub scene: SceneOptions,
    /// Draw internal parts and clips (class 3 and 5), which sit inside their parent.
    pub internal_parts: bool,
    /// Gather the parts' node animations into the scene's.
    pub animate: bool,
}

impl Default for AssemblyOptions {
    fn default() -> Self {
        AssemblyOptions { scene: SceneOptions::default(), internal_parts: true, animate: true }
    }
}

/// Where a component was put.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placement {
    /// The unit's root: at the unit's origin.
    Root,
    /// At node `node` of its parent's mesh (`socket ∘ root⁻¹`).
    Socket { node: usize },
    /// At its parent's origin: an internal part or clip (its attachment is a controller slot),
    /// or an attachment that names no node of the parent's mesh (reported).
    ParentOrigin,
}

/// One component of an assembled unit, as a picker shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct AssembledPart {
    /// Index of the component in the unit file (stored, depth-first order).
    pub component: usize,
    pub record_key: String,
    pub display_name: String,
    pub class: PartClass,
    /// The mesh drawn (`turrets.rlb::e_tur_000.msh`), `None` when none resolved.
    pub mesh: Option<String>,
    pub placement: Placement,
    /// The component's own node (its mesh's nodes hang below it); children of the component
    /// hang from its mesh's nodes.
    pub node: usize,
    /// Every scene node of this component: `node` and its mesh's nodes.
    pub nodes: Range<usize>,
    /// Each material of the part's mesh as a chain, `table row → material → texture`.
    pub materials: Vec<String>,
    /// Whether its mesh is in the scene (internal parts may be left out).
    pub drawn: bool,
}

/// An assembled unit: one scene, and what each part of it is.
#[derive(Debug, Clone, Default)]
pub struct Assembly {
    pub scene: Scene,
    pub parts: Vec<AssembledPart>,
}

impl Assembly {
    /// The component whose nodes hold scene node `node` (a render part's `node`).
    pub fn part_of_node(&self, node: usize) -> Option<&AssembledPart> {
        self.parts.iter().find(|p| p.nodes.contains(&node))
    }
}

/// Component meshes built once per mesh address (a mission places one unit many times, and
/// units share turrets), with an id that keeps their materials shared when copied.
#[derive(Default)]
pub struct MeshScenes {
    built: HashMap<String, (usize, Result<Arc<Scene>, Message>)>,
}

impl MeshScenes {
    /// The model scene of `mesh` (its materials through its own table), and its id.
    pub fn get(&mut self, mesh: &ResolvedMesh, resolver: &mut Resolver, readings: &Readings, opts: &SceneOptions) -> (usize, Result<Arc<Scene>, Message>) {
        let next = self.built.len();
        let mut build = || mesh_scene(mesh, resolver, readings, opts).map(Arc::new).map_err(|e| e.message().prefixed(&format!("{}: ", mesh.address)));
        self.built.entry(mesh.address.to_ascii_lowercase()).or_insert_with(|| (next, build())).clone()
    }
}

/// A component mesh as a model scene, its materials resolved through `mesh.wear`.
fn mesh_scene(mesh: &ResolvedMesh, resolver: &mut Resolver, readings: &Readings, opts: &SceneOptions) -> Result<Scene, SceneError> {
    let read = read_msh(mesh.bytes.clone())?;
    if read.msh.variant() != Variant::Model {
        return Err(SceneError::Usage(msg!("scene-not-model-mesh", "not a model mesh (components 6 and 13)")));
    }
    let cell = GridCell::from_lod_variant(opts.lod.min(3), opts.variant.min(2)).map_err(|e| SceneError::Usage(e.text()))?;
    let mopts = model::ModelOptions { cell, frame: None, frames_per_second: opts.frames_per_second };
    let mut resolve = |b: &[u16]| resolver.resolve_all(&mesh.wear, b.iter().copied());
    let mut scene = model::model_scene(&mesh.member, &read.parts, readings, &mopts, &mut resolve)?;
    scene.diagnostics.splice(0..0, mesh.wear.diagnostics.iter().cloned().chain(read.diagnostics));
    Ok(scene)
}

/// The inverse of the first root node's rest transform (`root⁻¹`).
fn root_inverse(scene: &Scene) -> Transform {
    let Some(root) = scene.nodes.iter().enumerate().find(|(i, n)| n.parent.is_none_or(|p| p >= *i)).map(|(_, n)| n.local) else {
        return Transform::IDENTITY;
    };
    let rotation = root.rotation.normalize().inverse();
    Transform { rotation, translation: -(rotation * root.translation) }
}

fn is_internal(class: PartClass) -> bool {
    matches!(class.raw(), 3 | 5)
}

/// Assembles `unit` with a resolver over `assets` (the game folder's libraries).
pub fn assemble(unit: &ResolvedUnit, assets: &dyn AssetSource, readings: &Readings, opts: &AssemblyOptions) -> Assembly {
    let mut resolver = Resolver::new(assets, readings).at_time(opts.scene.material_time_ms);
    assemble_with(unit, &mut resolver, &mut MeshScenes::default(), readings, opts)
}

/// [`assemble`] with a shared resolver and mesh cache (a mission's many units).
pub fn assemble_with(unit: &ResolvedUnit, resolver: &mut Resolver, meshes: &mut MeshScenes, readings: &Readings, opts: &AssemblyOptions) -> Assembly {
    let mut scene = Scene { name: unit.name.clone(), ..Scene::default() };
    scene.diagnostics.extend(unit.all_problems());
    let mut merge = Merge::default();
    merge.animate = opts.animate;
    let mut parts: Vec<AssembledPart> = Vec::with_capacity(unit.components.len());
    // Per component: its own node and its mesh's node count.
    let mut placed: Vec<(usize, usize)> = Vec::with_capacity(unit.components.len());
    for (i, c) in unit.components.iter().enumerate() {
        let built = c.record.mesh.as_ref().map(|m| (m, meshes.get(m, resolver, readings, &opts.scene)));
        let drawn = opts.internal_parts || !is_internal(c.class);
        let mesh_scene = match &built {
            Some((_, (_, Err(why)))) => {
                let m = msg!("scene-component-not-drawn", "component {i} ({key}): {why}; not drawn", i = i, key = &c.record_key, why = why.as_str());
                scene.diagnostics.push(Diagnostic::warning(0u64, m));
                None
            }
            Some((_, (id, Ok(s)))) => Some((*id, s.clone())),
            None => None,
        };
        let parent = c.parent.filter(|&p| p < i).and_then(|p| placed.get(p).copied());
        let (placement, parent_node, local) = match parent {
            None => (Placement::Root, None, Transform::IDENTITY),
            Some((pnode, pcount)) => {
                let socket = usize::try_from(c.attach).ok().filter(|&a| a < pcount);
                match socket {
                    Some(a) if !is_internal(c.class) => {
                        let inv = mesh_scene.as_ref().map_or(Transform::IDENTITY, |(_, s)| root_inverse(s));
                        (Placement::Socket { node: a }, Some(pnode + 1 + a), inv)
                    }
                    _ => {
                        if !is_internal(c.class) {
                            scene.diagnostics.push(Diagnostic::warning(
                                0u64,
                                msg!(
                                    "scene-component-attachment",
                                    "component {i} ({key}): attachment {attach} names no node of its parent's mesh ({pcount} nodes); placed at the parent's origin",
                                    i = i,
                                    key = &c.record_key,
                                    attach = c.attach,
                                    pcount = pcount
                                ),
                            ));
                        }
                        (Placement::ParentOrigin, Some(pnode), Transform::IDENTITY)
                    }
                }
            }
        };
        let name = format!("{i} {}", c.record_key);
        let (node, count, materials) = match mesh_scene.as_ref().filter(|_| drawn) {
            Some((id, s)) => {
                let node = append(&mut scene, s, *id, name, parent_node, local, &mut merge);
                // Offsets are the mesh's, not the unit file's: the message names the mesh instead.
                let mesh = c.record.mesh.as_ref().map_or("", |m| m.address.as_str());
                scene.diagnostics.extend(s.diagnostics.iter().map(|d| {
                    let at = d.offset.filter(|&o| o > 0).map(|o| format!(" @0x{o:X}")).unwrap_or_default();
                    let m = d.text().prefixed(&format!("component {i} ({mesh}{at}): "));
                    Diagnostic { message: m.english, key: m.key, offset: None, ..d.clone() }
                }));
                (node, s.nodes.len(), s.resolved.iter().map(|m| m.chain()).collect())
            }
            None => {
                scene.nodes.push(super::types::SceneNode { name, parent: parent_node, local, primitives: Vec::new() });
                (scene.nodes.len() - 1, 0, Vec::new())
            }
        };
        placed.push((node, count));
        parts.push(AssembledPart {
            component: i,
            record_key: c.record_key.clone(),
            display_name: c.display_name.clone(),
            class: c.class,
            mesh: built.map(|(m, _)| m.address.clone()),
            placement,
            node,
            nodes: node..node + 1 + count,
            materials,
            drawn: drawn && mesh_scene.is_some(),
        });
    }
    finish_animation(&mut scene, &mut merge);
    let drawn = parts.iter().filter(|p| p.drawn).count();
    let note = msg!(
        "scene-assembled",
        "assembled {drawn} of {total} components ({triangles} triangles)",
        drawn = drawn,
        total = parts.len(),
        triangles = scene.triangle_count()
    );
    scene.notes.push(note);
    if !opts.internal_parts {
        scene.notes.push(msg!("scene-internal-left-out", "internal parts and clips left out"));
    }
    dedup(&mut scene.diagnostics);
    Assembly { scene, parts }
}

/// A record's mesh alone, as a one-part assembly (scenery, a record view).
pub fn record_assembly(record: &ResolvedRecord, assets: &dyn AssetSource, readings: &Readings, opts: &AssemblyOptions) -> Assembly {
    let unit = ResolvedUnit {
        name: format!("objects.rlb::{}", record.key),
        class_word: 0,
        components: vec![crate::doc::resolve::world::ResolvedComponent {
            record_key: record.key.clone(),
            display_name: record.key.clone(),
            class: PartClass::from_raw(0),
            attach: -1,
            parent: None,
            record: Arc::new(record.clone()),
        }],
        problems: Vec::new(),
    };
    assemble(&unit, assets, readings, opts)
}

/// Each finding once (parts that share a mesh or table repeat theirs).
fn dedup(d: &mut Vec<Diagnostic>) {
    let mut seen = std::collections::HashSet::new();
    d.retain(|x| seen.insert((x.severity != Severity::Info, x.message.clone())));
}

/// The transform a mission places an object with, in the game's frame (z up): T(position) ·
/// Rz · Ry · Rx, rotation in radians about x, y and z (docs/formats/tma.md). The scale is not
/// part of it: only scenery applies one, and it is baked into the geometry.
pub fn placement(position: [f32; 3], rotation: [f32; 3]) -> Transform {
    let [rx, ry, rz] = rotation.map(|a| if a.is_finite() { a } else { 0.0 });
    let q = Quat::from_rotation_z(rz) * Quat::from_rotation_y(ry) * Quat::from_rotation_x(rx);
    let p = Vec3::from(position.map(|v| if v.is_finite() { v } else { 0.0 }));
    Transform { rotation: q, translation: p }
}

/// [`placement`] in the scene's frame (glTF's, y up).
pub fn placement_gltf(position: [f32; 3], rotation: [f32; 3]) -> Transform {
    parkan_transform(&placement(position, rotation))
}

#[cfg(test)]
#[path = "unit_tests.rs"]
mod tests;
