//! A mission (docs/formats/tma.md) as one scene: the landscape of its map (the landscape
//! builder, [`super::land`]) and every placed object at its place (T·Rz·Ry·Rx, [`placement`]):
//! scenery (kinds 2, 3) from its record, scaled; buildings and units (kinds 0, 1) assembled
//! ([`super::unit`]), unscaled. An object whose path names nothing is a magenta box (named
//! `MISSING …`), never left out. Owned buildings and units stand on a ring of their clan's
//! colour ([`CLAN_PALETTE`], by clan index); lodes are diamonds, zones rings in their clan's
//! colour, routes ribbons along their polygon, all laid on the ground.
//!
//! Nodes: one root per object (in object order, named by its instance name, else its path,
//! with its logical id), after one root `map` holding the landscape and the markers; so a
//! glTF export has `1 + objects` root nodes.

use super::types::{Primitive, Scene, SceneNode};
use super::unit::{Assembly, AssemblyOptions, MeshScenes, assemble_with, placement_gltf};
use super::world_geom::{Merge, Mesher, append, flat_material, remap};
use super::{SceneError, SceneOptions, msh_scene, read_msh};
use crate::doc::resolve::Resolver;
use crate::doc::resolve::world::{FolderView, GameFolder, ObjectTarget, ResolvedMission, ResolvedUnit, names_unit_file};
use crate::formats::msh::anim::Transform;
use crate::formats::readings::Readings;
use crate::formats::tma::Zones;
use crate::formats::{Diagnostic, cp1251};
use glam::Vec3;
use std::collections::HashMap;
use std::ops::Range;
use std::sync::Arc;

/// Clan colours by clan index (index modulo 8), RGBA: green, blue, red, orange, violet, teal,
/// pink, olive. Markers use colours outside it: [`MISSING_COLOR`], [`LODE_COLOR`],
/// [`ROUTE_COLOR`].
pub const CLAN_PALETTE: [[f32; 4]; 8] = [
    [0.20, 0.80, 0.25, 1.0],
    [0.15, 0.40, 1.00, 1.0],
    [0.95, 0.15, 0.10, 1.0],
    [1.00, 0.55, 0.05, 1.0],
    [0.60, 0.25, 0.90, 1.0],
    [0.00, 0.60, 0.50, 1.0],
    [1.00, 0.50, 0.70, 1.0],
    [0.60, 0.60, 0.15, 1.0],
];
/// An object whose path names nothing.
pub const MISSING_COLOR: [f32; 4] = [1.0, 0.0, 1.0, 1.0];
pub const LODE_COLOR: [f32; 4] = [0.25, 0.95, 0.95, 1.0];
pub const ROUTE_COLOR: [f32; 4] = [0.95, 0.95, 0.95, 1.0];

/// Half the side of the box an unresolved object is drawn as.
pub const MISSING_BOX: f32 = 3.0;

/// The colour of clan `index`.
pub fn clan_color(index: usize) -> [f32; 4] {
    CLAN_PALETTE[index % CLAN_PALETTE.len()]
}

/// One placed object in the scene.
#[derive(Debug, Clone, PartialEq)]
pub struct PlacedObject {
    /// Index in the mission's object list.
    pub index: usize,
    pub kind: u32,
    pub name: String,
    /// Its root node, and every node of it.
    pub node: usize,
    pub nodes: Range<usize>,
    /// Scene-space box of its geometry.
    pub min: Vec3,
    pub max: Vec3,
    /// The owning clan, for buildings and units whose index is in the clan table.
    pub clan: Option<usize>,
    /// Drawn as the missing-object box.
    pub missing: bool,
}

/// A mission's scene and its objects for picking.
#[derive(Debug, Clone, Default)]
pub struct MissionScene {
    pub scene: Scene,
    pub objects: Vec<PlacedObject>,
    /// Every node's scene-space transform.
    pub world: Vec<Transform>,
}

/// How a mission is built.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct MissionOptions {
    pub scene: SceneOptions,
    /// Draw units' internal parts and clips (hidden inside their parents in the game).
    pub internal_parts: bool,
    /// Leave out the lodes, zones and routes (the mission editor draws them itself, so that
    /// editing one does not rebuild the scene).
    pub skip_markers: bool,
    /// Objects sharing a unit or record hold its geometry once: the first is the template,
    /// the others copies of its nodes without primitives ([`super::types::Instances`]), and
    /// scenery's scale is the root node's ([`Scene::node_scales`]) rather than baked. For the
    /// renderer only: a glTF writer needs every copy's geometry.
    pub instanced: bool,
}

/// Ground heights of the landscape on a coarse grid (the highest triangle corner per cell), so
/// that markers lie on it rather than under it.
struct Ground {
    min: [f32; 2],
    cell: f32,
    side: usize,
    heights: Vec<f32>,
}

const GROUND_SIDE: usize = 128;

impl Ground {
    fn new(scene: &Scene, world: &[Transform]) -> Ground {
        // Every triangle in scene space.
        let mut tris: Vec<[Vec3; 3]> = Vec::new();
        for (n, node) in scene.nodes.iter().enumerate() {
            let w = world.get(n).copied().unwrap_or(Transform::IDENTITY);
            for p in node.primitives.iter().filter(|p| !p.points) {
                for t in p.indices.chunks_exact(3) {
                    let corner = |i: u32| p.positions.get(i as usize).map(|&v| w.apply_point(Vec3::from(v)));
                    if let (Some(a), Some(b), Some(c)) = (corner(t[0]), corner(t[1]), corner(t[2])) {
                        tris.push([a, b, c]);
                    }
                }
            }
        }
        let (mut lo, mut hi) = ([f32::INFINITY; 2], [f32::NEG_INFINITY; 2]);
        for p in tris.iter().flatten() {
            lo = [lo[0].min(p.x), lo[1].min(p.z)];
            hi = [hi[0].max(p.x), hi[1].max(p.z)];
        }
        let cell = ((hi[0] - lo[0]).max(hi[1] - lo[1]) / GROUND_SIDE as f32).max(1e-3);
        let mut g = Ground { min: lo, cell, side: GROUND_SIDE, heights: vec![f32::NEG_INFINITY; GROUND_SIDE * GROUND_SIDE] };
        if tris.is_empty() || !cell.is_finite() {
            g.heights.clear();
            return g;
        }
        // Each triangle raises the cells its box covers to its highest corner.
        let last = GROUND_SIDE - 1;
        let cell_of = |v: f32, o: f32| (((v - o) / cell).floor().max(0.0) as usize).min(last);
        for t in &tris {
            let top = t[0].y.max(t[1].y).max(t[2].y);
            let (x0, x1) = (t[0].x.min(t[1].x).min(t[2].x), t[0].x.max(t[1].x).max(t[2].x));
            let (z0, z1) = (t[0].z.min(t[1].z).min(t[2].z), t[0].z.max(t[1].z).max(t[2].z));
            for j in cell_of(z0, lo[1])..=cell_of(z1, lo[1]) {
                for i in cell_of(x0, lo[0])..=cell_of(x1, lo[0]) {
                    let h = &mut g.heights[j * GROUND_SIDE + i];
                    *h = h.max(top);
                }
            }
        }
        g
    }
    fn index(&self, x: f32, z: f32) -> Option<usize> {
        let i = ((x - self.min[0]) / self.cell).floor();
        let j = ((z - self.min[1]) / self.cell).floor();
        let last = (self.side - 1) as f32;
        (i.is_finite() && j.is_finite() && (-1.0..=last + 1.0).contains(&i) && (-1.0..=last + 1.0).contains(&j))
            .then(|| (j.clamp(0.0, last) as usize) * self.side + i.clamp(0.0, last) as usize)
    }
    /// The ground's height near scene point (x, z) (the cell and its neighbours), or `None`
    /// off the landscape.
    fn at(&self, x: f32, z: f32) -> Option<f32> {
        let mut h = f32::NEG_INFINITY;
        for (dx, dz) in [(0.0, 0.0), (1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0)] {
            if let Some(i) = self.index(x + dx * self.cell, z + dz * self.cell) {
                h = h.max(self.heights.get(i).copied().unwrap_or(f32::NEG_INFINITY));
            }
        }
        h.is_finite().then_some(h)
    }
    /// A Parkan point lifted onto the ground (if the ground is above it), in scene space.
    fn lay(&self, p: [f32; 3], lift: f32) -> Vec3 {
        let v = Vec3::new(p[0], p[2], p[1]).map(|c| if c.is_finite() { c } else { 0.0 });
        let y = self.at(v.x, v.z).map_or(v.y, |g| g.max(v.y));
        Vec3::new(v.x, y + lift, v.z)
    }
    /// Raises every vertex of a flat marker to `lift` above the ground under it.
    fn drape(&self, p: &mut Primitive, lift: f32) {
        for v in &mut p.positions {
            if let Some(g) = self.at(v[0], v[2]) {
                v[1] = v[1].max(g + lift);
            }
        }
    }
}

/// What an object's target was built into, shared by every object naming it.
type Built = (usize, Arc<Assembly>);

/// Builds the mission's scene: `resolved` from [`crate::doc::resolve::world::resolve_mission`].
pub fn mission_scene(name: &str, resolved: &ResolvedMission, game: &GameFolder, readings: &Readings, opts: &MissionOptions) -> MissionScene {
    let mut scene = Scene { name: name.to_string(), ..Scene::default() };
    scene.diagnostics.extend(resolved.problems.iter().cloned());
    let mut merge = Merge::default();
    let map = append(&mut scene, &Scene::default(), usize::MAX, "map".to_string(), None, Transform::IDENTITY, &mut merge);
    if let Some(land) = &resolved.map.landscape {
        let view = FolderView { game, dir: resolved.map.folder.clone() };
        let file = land.origin.rsplit(['/', '\\']).next().unwrap_or("land.msh").to_string();
        let built = read_msh(land.bytes.clone()).and_then(|r| msh_scene(&file, r, &view, &SceneOptions { frame: None, variant: 0, ..opts.scene }, readings));
        match built {
            Ok((land_scene, _)) => {
                append(&mut scene, &land_scene, usize::MAX - 1, land.origin.clone(), Some(map), Transform::IDENTITY, &mut merge);
                scene.notes.extend(land_scene.notes.iter().cloned());
                scene.diagnostics.extend(land_scene.diagnostics.iter().map(|d| {
                    let m = d.text().prefixed(&format!("{}: ", land.origin));
                    Diagnostic { message: m.english, key: m.key, offset: None, ..d.clone() }
                }));
            }
            Err(e) => {
                let m = crate::msg!("scene-landscape-failed", "landscape {origin}: {why}; drawn without it", origin = &land.origin, why = e.to_string());
                scene.diagnostics.push(Diagnostic::warning(0u64, m));
            }
        }
    }
    let ground = Ground::new(&scene, &scene.world_transforms());

    let aopts = AssemblyOptions { scene: SceneOptions { frame: None, ..opts.scene }, internal_parts: opts.internal_parts, animate: false };
    let mut resolver = Resolver::new(game, readings).at_time(opts.scene.material_time_ms);
    let mut meshes = MeshScenes::default();
    let mut built: HashMap<usize, Built> = HashMap::new();
    let mut build = |key: usize, unit: &ResolvedUnit, resolver: &mut Resolver, meshes: &mut MeshScenes| -> Built {
        let next = built.len();
        built.entry(key).or_insert_with(|| (next, Arc::new(assemble_with(unit, resolver, meshes, readings, &aopts)))).clone()
    };
    let mission = &resolved.mission;
    let mut objects = Vec::with_capacity(mission.objects.len());
    // Per assembly id: the template's nodes and its group in `scene.instances`.
    let mut templates: HashMap<usize, (Range<usize>, Option<usize>)> = HashMap::new();
    // Per (assembly id, clan): the ring node built first and its group in `scene.instances`.
    let mut rings: HashMap<(usize, usize), (usize, Option<usize>)> = HashMap::new();
    // Each assembly's own box, for the size of its owners' rings.
    let mut boxes: HashMap<usize, (Vec3, Vec3)> = HashMap::new();
    for (i, (o, target)) in mission.objects.iter().zip(&resolved.targets).enumerate() {
        let path = cp1251::decode(o.path.bytes());
        let label = if o.name.is_empty() { path.clone() } else { o.name.decode() };
        let name = if o.logical_id >= 0 { format!("{label} [{}]", o.logical_id) } else { label };
        let assembly = match target {
            ObjectTarget::Unit(u) => Some(build(Arc::as_ptr(u) as usize, u, &mut resolver, &mut meshes)),
            ObjectTarget::Record(r) => {
                let unit = single(r);
                Some(build(Arc::as_ptr(r) as usize, &unit, &mut resolver, &mut meshes))
            }
            ObjectTarget::Missing(_) => None,
        };
        let drawn = assembly.filter(|(_, a)| a.scene.triangle_count() > 0);
        let scenery = !names_unit_file(o.kind);
        let at = placement_gltf(o.position, o.rotation);
        let node = match &drawn {
            Some((id, a)) if opts.instanced => {
                let node = match templates.get(id).cloned() {
                    Some((template, group)) => {
                        let copy = append_copy(&mut scene, name.clone(), at);
                        let g = add_copy(&mut scene, template.clone(), group, copy);
                        templates.insert(*id, (template, Some(g)));
                        copy
                    }
                    None => {
                        let node = append(&mut scene, &a.scene, *id, name.clone(), None, at, &mut merge);
                        templates.insert(*id, (node..scene.nodes.len(), None));
                        node
                    }
                };
                if scenery && o.scale != [1.0; 3] {
                    let s = Vec3::new(o.scale[0], o.scale[2], o.scale[1]).map(|c| if c.is_finite() && c != 0.0 { c } else { 1.0 });
                    scene.node_scales.push((node, s));
                }
                node
            }
            Some((id, a)) if scenery && o.scale != [1.0; 3] => {
                scene.nodes.push(SceneNode { name: name.clone(), parent: None, local: at, primitives: Vec::new() });
                let node = scene.nodes.len() - 1;
                let prims = scaled(&mut scene, &a.scene, *id, o.scale, &mut merge);
                scene.nodes[node].primitives = prims;
                node
            }
            Some((id, a)) => append(&mut scene, &a.scene, *id, name.clone(), None, at, &mut merge),
            None => {
                let m = flat_material(&mut scene, &mut merge, "missing object", MISSING_COLOR, 0.5);
                let mut box_ = Mesher::new(format!("MISSING {path}"), m);
                box_.cuboid(Vec3::new(-MISSING_BOX, 0.0, -MISSING_BOX), Vec3::new(MISSING_BOX, 2.0 * MISSING_BOX, MISSING_BOX));
                scene.nodes.push(SceneNode { name: format!("MISSING {name}"), parent: None, local: at, primitives: vec![box_.finish()] });
                scene.nodes.len() - 1
            }
        };
        let clan = usize::try_from(o.clan).ok().filter(|&c| !scenery && c < mission.clans.len());
        // Instanced, one ring per unit and clan is built; the others are copies of its node.
        let ring_key = (drawn.as_ref().map_or(usize::MAX, |(id, _)| *id), clan.unwrap_or(usize::MAX));
        if let Some(c) = clan
            && opts.instanced
            && let Some((template, group)) = rings.get(&ring_key).copied()
        {
            scene.nodes.push(SceneNode { name: format!("clan {c}"), parent: Some(node), local: Transform::IDENTITY, primitives: Vec::new() });
            let copy = scene.nodes.len() - 1;
            let g = add_copy(&mut scene, template..template + 1, group, copy);
            rings.insert(ring_key, (template, Some(g)));
        } else if let Some(c) = clan {
            let (lo, hi) = match &drawn {
                Some((id, a)) => *boxes.entry(*id).or_insert_with(|| scene_box(&a.scene)),
                None => (Vec3::splat(-MISSING_BOX), Vec3::splat(MISSING_BOX)),
            };
            let r = (hi.x - lo.x).max(hi.z - lo.z).max(2.0) * 0.6 + 1.0;
            let m = flat_material(&mut scene, &mut merge, &format!("clan {c} colour"), clan_color(c), 0.6);
            let mut ring = Mesher::new(format!("clan {c}"), m);
            ring.ring(Vec3::new(0.0, 0.15, 0.0), r, r * 1.25, 24);
            scene.nodes.push(SceneNode { name: format!("clan {c}"), parent: Some(node), local: Transform::IDENTITY, primitives: vec![ring.finish()] });
            if opts.instanced {
                rings.insert(ring_key, (scene.nodes.len() - 1, None));
            }
        }
        objects.push(PlacedObject { index: i, kind: o.kind, name, node, nodes: node..scene.nodes.len(), min: Vec3::ZERO, max: Vec3::ZERO, clan, missing: drawn.is_none() });
    }
    if !opts.skip_markers {
        markers(&mut scene, &mut merge, map, &ground, resolved);
    }
    let world = scene.world_transforms();
    // Each copy's root and the template it draws.
    let drawn_as: HashMap<usize, Range<usize>> = scene.instances.iter().flat_map(|g| g.copies.iter().map(move |&c| (c, g.template.clone()))).collect();
    let scales: HashMap<usize, Vec3> = scene.node_scales.iter().copied().collect();
    for o in &mut objects {
        (o.min, o.max) = placed_box(&scene, &world, o.nodes.clone(), &drawn_as, scales.get(&o.node).copied());
    }
    scene.notes.push(crate::msg!(
        "scene-mission-summary",
        "mission: {count} objects ({missing} drawn as missing boxes), {clans} clans, {lodes} lodes, {routes} routes; {built} distinct units and records assembled",
        count = objects.len(),
        missing = objects.iter().filter(|o| o.missing).count(),
        clans = mission.clans.len(),
        lodes = mission.lodes.len(),
        routes = mission.routes.len(),
        built = built.len()
    ));
    MissionScene { scene, objects, world }
}

/// A record alone as a one-component unit.
fn single(r: &Arc<crate::doc::resolve::world::ResolvedRecord>) -> ResolvedUnit {
    ResolvedUnit {
        name: format!("objects.rlb::{}", r.key),
        class_word: 0,
        components: vec![crate::doc::resolve::world::ResolvedComponent {
            record_key: r.key.clone(),
            display_name: r.key.clone(),
            class: crate::formats::unit_dat::PartClass::from_raw(0),
            attach: -1,
            parent: None,
            record: r.clone(),
        }],
        problems: Vec::new(),
    }
}

/// `src`'s primitives in its own space with `scale` (the game's x, y, z) applied after every
/// node's transform: scenery's scale, baked (scene nodes carry no scale).
fn scaled(dst: &mut Scene, src: &Scene, id: usize, scale: [f32; 3], merge: &mut Merge) -> Vec<Primitive> {
    let s = Vec3::new(scale[0], scale[2], scale[1]).map(|c| if c.is_finite() && c != 0.0 { c } else { 1.0 });
    let flip = s.x * s.y * s.z < 0.0;
    let world = src.world_transforms();
    let mut out = Vec::new();
    for (n, node) in src.nodes.iter().enumerate() {
        let w = world.get(n).copied().unwrap_or(Transform::IDENTITY);
        for p in &node.primitives {
            let mut q = remap(dst, src, id, p, merge);
            q.positions = p.positions.iter().map(|&v| (w.apply_point(Vec3::from(v)) * s).into()).collect();
            if let Some(ns) = q.normals.as_mut() {
                ns.iter_mut().for_each(|v| *v = (w.apply_vector(Vec3::from(*v)) / s).normalize_or(Vec3::Y).into());
            }
            if flip {
                super::types::reverse_winding(&mut q.indices);
            }
            out.push(q);
        }
    }
    out
}

/// Registers `copy` as drawing `template`, in `group` or, for its first copy, a new group;
/// returns the group.
fn add_copy(scene: &mut Scene, template: Range<usize>, group: Option<usize>, copy: usize) -> usize {
    let g = group.unwrap_or_else(|| {
        scene.instances.push(super::types::Instances { template, copies: Vec::new() });
        scene.instances.len() - 1
    });
    scene.instances[g].copies.push(copy);
    g
}

/// A copy's root: one node placed at `at` with no primitives; the renderer draws the
/// template's geometry where it places the template's root (`Instances`).
fn append_copy(scene: &mut Scene, name: String, at: Transform) -> usize {
    scene.nodes.push(SceneNode { name, parent: None, local: at, primitives: Vec::new() });
    scene.nodes.len() - 1
}

/// The scene-space box of what nodes `nodes` draw at their transforms (a copy's root: its
/// template's geometry placed by it, `drawn_as`), the first node's scale applied in its space.
fn placed_box(scene: &Scene, world: &[Transform], nodes: Range<usize>, drawn_as: &HashMap<usize, Range<usize>>, scale: Option<Vec3>) -> (Vec3, Vec3) {
    let (mut lo, mut hi) = (Vec3::splat(f32::INFINITY), Vec3::splat(f32::NEG_INFINITY));
    let at = |n: usize| world.get(n).copied().unwrap_or(Transform::IDENTITY);
    let root = at(nodes.start);
    let mut add = |w: &dyn Fn(Vec3) -> Vec3, n: usize| {
        for v in scene.nodes.get(n).into_iter().flat_map(|node| node.primitives.iter()).flat_map(|p| p.positions.iter()) {
            let q = w(Vec3::from(*v));
            let p = match scale {
                // Scale applies in the root's space: undo the root, scale, place again.
                Some(s) => root.apply_point((root.rotation.inverse() * (q - root.translation)) * s),
                None => q,
            };
            (lo, hi) = (lo.min(p), hi.max(p));
        }
    };
    for n in nodes {
        match drawn_as.get(&n) {
            Some(template) => {
                // The template's node t at copy root × template root⁻¹ × t.
                let (c, r) = (at(n), at(template.start));
                for t in template.clone() {
                    let w = at(t);
                    add(&|v| c.apply_point(r.rotation.inverse() * (w.apply_point(v) - r.translation)), t);
                }
            }
            None => {
                let w = at(n);
                add(&|v| w.apply_point(v), n);
            }
        }
    }
    if lo.is_finite() && hi.is_finite() { (lo, hi) } else { (Vec3::ZERO, Vec3::ZERO) }
}

/// The box of a whole scene's geometry in its own space (an assembly, before it is placed).
fn scene_box(scene: &Scene) -> (Vec3, Vec3) {
    world_box(scene, &scene.world_transforms(), 0..scene.nodes.len())
}

/// The scene-space box of the nodes' geometry.
fn world_box(scene: &Scene, world: &[Transform], nodes: Range<usize>) -> (Vec3, Vec3) {
    let (mut lo, mut hi) = (Vec3::splat(f32::INFINITY), Vec3::splat(f32::NEG_INFINITY));
    for n in nodes {
        let w = world.get(n).copied().unwrap_or(Transform::IDENTITY);
        for v in scene.nodes[n].primitives.iter().flat_map(|p| p.positions.iter()) {
            let p = w.apply_point(Vec3::from(*v));
            (lo, hi) = (lo.min(p), hi.max(p));
        }
    }
    if lo.is_finite() && hi.is_finite() { (lo, hi) } else { (Vec3::ZERO, Vec3::ZERO) }
}

/// Lodes, zones and routes under the `map` node, laid on the ground.
fn markers(scene: &mut Scene, merge: &mut Merge, map: usize, ground: &Ground, resolved: &ResolvedMission) {
    let m = &resolved.mission;
    let add = |scene: &mut Scene, name: String, p: Primitive| {
        if !p.indices.is_empty() {
            scene.nodes.push(SceneNode { name, parent: Some(map), local: Transform::IDENTITY, primitives: vec![p] });
        }
    };
    let lode = flat_material(scene, merge, "lode", LODE_COLOR, 0.6);
    let mut lodes = Mesher::new("lodes", lode);
    for l in &m.lodes {
        lodes.diamond(ground.lay(l.position, 2.0), 2.5);
    }
    add(scene, "lodes".to_string(), lodes.finish());
    for (c, clan) in m.clans.iter().enumerate() {
        let Zones::List(zones) = &clan.zones else { continue };
        let mat = flat_material(scene, merge, &format!("clan {c} colour"), clan_color(c), 0.6);
        let mut rings = Mesher::new(format!("clan {c} zones"), mat);
        for z in zones {
            let centre = ground.lay(z.centre, 0.3);
            for r in [z.inner, z.outer].into_iter().filter(|r| r.is_finite() && *r > 0.0) {
                let w = (r * 0.03).clamp(0.5, 4.0);
                rings.ring(centre, (r - w).max(0.0), r, 48);
            }
        }
        let mut p = rings.finish();
        ground.drape(&mut p, 0.3);
        add(scene, format!("zones of {}", clan.name.decode()), p);
    }
    let route = flat_material(scene, merge, "route", ROUTE_COLOR, 0.6);
    let mut routes = Mesher::new("routes", route);
    // Pieces of band in all: a crafted file's huge polygons stay bounded.
    let mut budget: usize = 200_000;
    for r in &m.routes {
        let pts: Vec<Vec3> = r.points.iter().map(|&p| ground.lay(p, 0.4)).collect();
        for k in 0..pts.len() {
            if pts.len() < 2 {
                break;
            }
            // In pieces of about 4 units, so that the band follows the ground.
            let (a, b) = (pts[k], pts[(k + 1) % pts.len()]);
            let pieces = (((b - a).length() / 4.0).ceil().clamp(1.0, 64.0) as usize).min(budget.max(1));
            budget = budget.saturating_sub(pieces);
            for s in 0..pieces {
                routes.ribbon(a.lerp(b, s as f32 / pieces as f32), a.lerp(b, (s + 1) as f32 / pieces as f32), 1.5);
            }
        }
    }
    let mut p = routes.finish();
    ground.drape(&mut p, 0.4);
    add(scene, "routes".to_string(), p);
}

impl MissionScene {
    /// The object a ray (scene space, `dir` of unit length) meets first, and how far along.
    /// Boxes first: only objects whose box the ray enters are tested triangle by triangle,
    /// nearest box first, stopping once a hit is nearer than the next box.
    pub fn pick(&self, origin: Vec3, dir: Vec3) -> Option<(usize, f32)> {
        let inv = dir.recip();
        let mut boxes: Vec<(f32, usize)> = self.objects.iter().enumerate().filter_map(|(i, o)| slab(origin, inv, o.min, o.max).map(|t| (t, i))).collect();
        boxes.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut best: Option<(usize, f32)> = None;
        for (enter, i) in boxes {
            if best.is_some_and(|(_, t)| t < enter) {
                break;
            }
            let o = &self.objects[i];
            for n in o.nodes.clone() {
                let w = self.world.get(n).copied().unwrap_or(Transform::IDENTITY);
                let (ro, rd) = (w.rotation.inverse() * (origin - w.translation), w.rotation.inverse() * dir);
                for p in self.scene.nodes[n].primitives.iter().filter(|p| !p.points) {
                    for t in p.indices.chunks_exact(3) {
                        let (Some(a), Some(b), Some(c)) = (p.positions.get(t[0] as usize), p.positions.get(t[1] as usize), p.positions.get(t[2] as usize)) else { continue };
                        if let Some(d) = triangle(ro, rd, Vec3::from(*a), Vec3::from(*b), Vec3::from(*c))
                            && best.is_none_or(|(_, bt)| d < bt)
                        {
                            best = Some((o.index, d));
                        }
                    }
                }
            }
        }
        best
    }
}

/// Where a ray enters a box (0 when it starts inside), if it meets it.
fn slab(origin: Vec3, inv: Vec3, min: Vec3, max: Vec3) -> Option<f32> {
    let (a, b) = ((min - origin) * inv, (max - origin) * inv);
    let (near, far) = (a.min(b).max_element(), a.max(b).min_element());
    (far >= near.max(0.0) && far.is_finite()).then_some(near.max(0.0))
}

/// Möller–Trumbore, both faces.
fn triangle(o: Vec3, d: Vec3, a: Vec3, b: Vec3, c: Vec3) -> Option<f32> {
    let (e1, e2) = (b - a, c - a);
    let p = d.cross(e2);
    let det = e1.dot(p);
    if det.abs() < 1e-12 {
        return None;
    }
    let s = o - a;
    let u = s.dot(p) / det;
    let q = s.cross(e1);
    let v = d.dot(q) / det;
    let t = e2.dot(q) / det;
    (u >= 0.0 && v >= 0.0 && u + v <= 1.0 && t >= 0.0).then_some(t)
}

/// The scene of a mission file: parsed, resolved against `game`, built.
pub fn mission_file_scene(name: &str, bytes: &[u8], game: &GameFolder, readings: &Readings, opts: &MissionOptions) -> Result<MissionScene, SceneError> {
    let o = crate::formats::tma::Options { clan_body: readings.clan_body, versions: crate::formats::tma::VersionCheck::Gated };
    let (mission, diags) = crate::formats::tma::Mission::parse_with(bytes, &o)?;
    let resolved = crate::doc::resolve::world::resolve_mission(game, mission, readings);
    let mut built = mission_scene(name, &resolved, game, readings, opts);
    built.scene.diagnostics.splice(0..0, diags);
    Ok(built)
}

#[cfg(test)]
#[path = "mission_tests.rs"]
mod tests;
