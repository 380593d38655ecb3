//! The mission editor's scene: the landscape and every placed object (`scene::mission`, the
//! scene `render` draws, without the lodes, zones and routes, which the editor paints over it
//! so that editing one redraws at once), built on a worker thread. A built scene is drawn for
//! every later state of the mission whose objects only moved or turned: each object's root
//! node takes its place from the mission being drawn, so a drag never waits for a build. What
//! changes the geometry (an object added, removed, given another path, clan or scale, another
//! map) asks for a new build; the last one stays drawn until it comes.

use crate::app::worker::Worker;
use crate::doc::resolve::world::{GameFolder, resolve_mission};
use crate::doc::world::Ground;
use crate::formats::bytes::SharedBytes;
use crate::formats::readings::Readings;
use crate::formats::tma::{self, Mission};
use crate::render::{Ray, RenderScene};
use crate::scene::mission::{MissionOptions, MissionScene, mission_scene};
use crate::scene::unit::placement_gltf;
use glam::{Mat4, Vec3};
use std::hash::{Hash, Hasher};
use std::path::PathBuf;
use std::time::Instant;

/// A built scene and what the editor needs of it.
pub struct Built {
    pub mission: MissionScene,
    pub render: RenderScene,
    /// Its id for the GPU upload.
    pub id: u64,
    /// The landscape's ground (Parkan x, y → z), when the map has a landscape.
    pub ground: Option<Ground>,
    /// The navigation map's areals (`Land.map` beside the landscape), or why they do not read.
    pub areals: Result<Vec<super::areals::ArealShape>, String>,
    /// Per render node, the object it belongs to.
    pub node_object: Vec<Option<usize>>,
    /// Per object, the scale of its root node (scenery drawn at another size).
    pub object_scale: Vec<Option<Vec3>>,
    /// The structural key it was built for ([`structure_key`]).
    pub key: u64,
    /// How long the build took, ms.
    pub millis: f64,
    /// What the build learned of each object from the game folder (for the problems).
    pub facts: Facts,
}

/// What a build reads: the mission's bytes, where the game folder is, the readings.
#[derive(Clone)]
pub struct BuildInput {
    pub name: String,
    pub bytes: SharedBytes,
    pub root: Option<PathBuf>,
    pub readings: Readings,
}

/// Everything of a mission that changes its built geometry: the map, each object's kind,
/// path, owner and scale (places and turns are not in it: they move nodes).
pub fn structure_key(m: &Mission) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    m.map_path.0.hash(&mut h);
    m.clans.len().hash(&mut h);
    m.objects.len().hash(&mut h);
    for o in &m.objects {
        (o.kind, &o.path.0, o.clan, o.scale.map(f32::to_bits)).hash(&mut h);
    }
    h.finish()
}

impl BuildInput {
    /// Parses, resolves against the game folder on disk, builds.
    pub fn run(self) -> Result<Built, String> {
        let started = Instant::now();
        let options = tma::Options { clan_body: self.readings.clan_body, versions: tma::VersionCheck::Gated };
        let (mission, _) = Mission::parse_with(&self.bytes, &options).map_err(|e| e.to_string())?;
        let key = structure_key(&mission);
        let game = match &self.root {
            Some(root) => GameFolder::on_disk(root.clone()),
            None => GameFolder::in_memory(Vec::<(String, Vec<u8>)>::new()),
        };
        let resolved = resolve_mission(&game, mission, &self.readings);
        let ground = resolved.map.landscape.as_ref().and_then(|l| Ground::of_landscape(&l.bytes, &self.readings).ok());
        let areals = super::areals::read(&game, &resolved.map, &self.readings);
        let opts = MissionOptions { skip_markers: true, instanced: true, ..MissionOptions::default() };
        let mut built = mission_scene(&self.name, &resolved, &game, &self.readings, &opts);
        let facts = facts(&resolved);
        let render = RenderScene::from_scene(&built.scene);
        // The render scene holds the geometry now; the scene keeps its nodes, notes and
        // problems (a mission's geometry is one copy per placed object: not twice).
        for n in &mut built.scene.nodes {
            n.primitives = Vec::new();
        }
        built.scene.textures = Vec::new();
        let mut node_object = vec![None; render.nodes.len()];
        for o in &built.objects {
            for n in o.nodes.clone() {
                if let Some(slot) = node_object.get_mut(n) {
                    *slot = Some(o.index);
                }
            }
        }
        let scales: std::collections::HashMap<usize, Vec3> = built.scene.node_scales.iter().copied().collect();
        let object_scale = built.objects.iter().map(|o| scales.get(&o.node).copied()).collect();
        let millis = started.elapsed().as_secs_f64() * 1000.0;
        Ok(Built { mission: built, render, id: crate::app::gpu_view::next_id(), ground, areals, node_object, object_scale, key, millis, facts })
    }
}

/// What a build learned from the game folder about each object: why its path names nothing,
/// and, for a building, how many hall-way vertices its mesh has.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Facts {
    /// (object, why) for every object drawn as the missing box.
    pub missing: Vec<(usize, crate::formats::Message)>,
    /// Per object: the hall-way node count of its unit's root mesh, where that reads.
    pub hallways: Vec<Option<u32>>,
}

/// The facts of a resolved mission (on the build worker).
pub fn facts(resolved: &crate::doc::resolve::world::ResolvedMission) -> Facts {
    let mut missing = Vec::new();
    let mut hallways = Vec::with_capacity(resolved.targets.len());
    for (i, t) in resolved.targets.iter().enumerate() {
        let n = match t {
            crate::doc::resolve::world::ObjectTarget::Missing(why) => {
                missing.push((i, why.clone()));
                None
            }
            crate::doc::resolve::world::ObjectTarget::Unit(u) => u.components.first().and_then(|c| c.record.mesh.as_ref()).and_then(|m| {
                let (_, msh, _) = crate::formats::msh::Msh::parse(m.bytes.clone()).ok()?;
                Some(msh.parts().0.paths.map_or(0, |p| p.node_count))
            }),
            crate::doc::resolve::world::ObjectTarget::Record(_) => None,
        };
        hallways.push(n);
    }
    Facts { missing, hallways }
}

/// Parkan's point (x, y, z up) in scene space (glTF: y up).
pub fn to_scene(p: [f32; 3]) -> Vec3 {
    Vec3::new(p[0], p[2], p[1])
}

/// A scene point in Parkan's axes.
pub fn to_parkan(v: Vec3) -> [f32; 3] {
    [v.x, v.z, v.y]
}

impl Built {
    /// Every node's scene matrix with each object's root at its place in `m` (when `m` has the
    /// objects this scene was built with; the built places otherwise).
    pub fn matrices(&self, m: &Mission) -> Vec<Mat4> {
        let roots: Vec<Option<Mat4>> = if m.objects.len() == self.mission.objects.len() {
            let mut r = vec![None; self.render.nodes.len()];
            for ((o, placed), scale) in m.objects.iter().zip(&self.mission.objects).zip(&self.object_scale) {
                let t = placement_gltf(o.position, o.rotation);
                let mut local = Mat4::from_rotation_translation(t.rotation, t.translation);
                // Scenery's scale is its root's (the structure key rebuilds on a new one).
                if let Some(s) = scale {
                    local *= Mat4::from_scale(*s);
                }
                if let Some(slot) = r.get_mut(placed.node) {
                    *slot = Some(local);
                }
            }
            r
        } else {
            Vec::new()
        };
        self.render.world_from_locals(|i| roots.get(i).copied().flatten().unwrap_or(self.render.nodes[i].local))
    }

    /// The object a ray meets first (`matrices` from [`Built::matrices`]), and how far along.
    pub fn pick(&self, ray: Ray, matrices: &[Mat4]) -> Option<(usize, f32)> {
        let hit = crate::render::pick::pick(&self.render, ray, matrices)?;
        Some((self.node_object.get(hit.node).copied().flatten()?, hit.t))
    }

    /// Where a ray meets the ground (Parkan axes): marched in steps of a hundredth of the
    /// landscape's size, then halved down; the plane z = 0 without a landscape.
    pub fn ground_hit(&self, ray: Ray) -> Option<[f32; 3]> {
        let plane = || {
            (ray.dir.y.abs() > 1e-6).then(|| -ray.origin.y / ray.dir.y).filter(|t| *t >= 0.0).map(|t| to_parkan(ray.origin + ray.dir * t))
        };
        let Some(g) = &self.ground else { return plane() };
        let e = g.extent();
        let size = (e.max[0] - e.min[0]).max(e.max[1] - e.min[1]).max(1.0);
        let above = |t: f32| {
            let p = to_parkan(ray.origin + ray.dir * t);
            g.height(p[0], p[1]).map(|h| p[2] > h)
        };
        let step = size / 100.0;
        let (mut t, mut last) = (0.0f32, None);
        for _ in 0..2000 {
            match (above(t), last) {
                (Some(false), Some(prev)) => {
                    let (mut lo, mut hi) = (prev, t);
                    for _ in 0..24 {
                        let mid = (lo + hi) * 0.5;
                        if above(mid) == Some(false) { hi = mid } else { lo = mid }
                    }
                    let p = to_parkan(ray.origin + ray.dir * hi);
                    return Some([p[0], p[1], g.height(p[0], p[1]).unwrap_or(p[2])]);
                }
                (Some(true), _) => last = Some(t),
                _ => {}
            }
            t += step;
        }
        plane().map(|p| [p[0], p[1], g.height(p[0], p[1]).unwrap_or(p[2])])
    }

    /// The ground's height under (x, y), or `None` off the landscape.
    pub fn height(&self, x: f32, y: f32) -> Option<f32> {
        self.ground.as_ref().and_then(|g| g.height(x, y))
    }
}

/// How long the first build of a tab may hold the frame before the view says it is building.
const FIRST_WAIT: std::time::Duration = std::time::Duration::from_secs(3);

/// The tab's scene: the last build and the worker making the next.
#[derive(Default)]
pub struct SceneState {
    worker: Option<Worker<Result<Built, String>>>,
    pub built: Option<Result<Built, String>>,
    /// The structural key last asked for.
    asked: Option<u64>,
    /// The matrices for the mission state last drawn: (bytes identity, matrices).
    matrices: Option<((usize, usize), Vec<Mat4>)>,
}

impl SceneState {
    pub fn built(&self) -> Option<&Built> {
        self.built.as_ref().and_then(|b| b.as_ref().ok())
    }

    pub fn error(&self) -> Option<&str> {
        self.built.as_ref().and_then(|b| b.as_ref().err()).map(String::as_str)
    }

    /// Whether a newer build is on its way.
    pub fn updating(&self) -> bool {
        self.worker.as_ref().is_some_and(Worker::pending)
    }

    /// Asks for a build when the mission's structure changed; takes a finished one.
    pub fn refresh(&mut self, ctx: &egui::Context, m: &Mission, input: impl FnOnce() -> BuildInput) {
        let key = structure_key(m);
        let worker = self.worker.get_or_insert_with(|| {
            let ctx = ctx.clone();
            Worker::new("mission-scene-build", move || ctx.request_repaint())
        });
        if self.asked != Some(key) {
            let input = input();
            worker.request(move || input.run());
            self.asked = Some(key);
        }
        // The first build is waited for (a shipped mission builds in tens of ms): the tab opens
        // with its picture; later ones come when they are done, the last one drawn meanwhile.
        let done = if self.built.is_none() { worker.wait(FIRST_WAIT) } else { worker.poll() };
        if let Some(b) = done {
            self.built = Some(b);
            self.matrices = None;
        }
    }

    /// Waits up to `limit` for the build asked for (tests; the first picture of a small file).
    pub fn wait(&mut self, limit: std::time::Duration) {
        if let Some(b) = self.worker.as_mut().and_then(|w| w.wait(limit)) {
            self.built = Some(b);
            self.matrices = None;
        }
    }

    /// The node matrices for `m` (whose bytes are `bytes`), computed once per state.
    pub fn matrices(&mut self, m: &Mission, bytes: &[u8]) -> Option<&[Mat4]> {
        let id = (bytes.as_ptr() as usize, bytes.len());
        let b = self.built.as_ref()?.as_ref().ok()?;
        if self.matrices.as_ref().is_none_or(|(k, _)| *k != id) {
            self.matrices = Some((id, b.matrices(m)));
        }
        self.matrices.as_ref().map(|(_, v)| v.as_slice())
    }
}

/// A scene colour (RGBA 0..1) for the painter.
pub fn color(rgba: [f32; 4]) -> egui::Color32 {
    egui::Color32::from_rgb((rgba[0] * 255.0) as u8, (rgba[1] * 255.0) as u8, (rgba[2] * 255.0) as u8)
}
