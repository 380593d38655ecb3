//! The palette's thumbnails: each item's assembly (a unit file's components, as
//! `scene::mission` builds a placed unit, or a scenery record's mesh) drawn by the renderer
//! (`render::Headless`, one device shared by every palette) on one worker thread, never the UI's. The palette
//! asks only for the rows it shows; requests go on a stack the worker takes newest first (the
//! rows on screen now before the ones scrolled past), at most [`MAX_QUEUED`] waiting (the
//! oldest forgotten, asked again if shown again). Results are cached per item for the tab's
//! life; an item that draws nothing or fails keeps its reason, shown instead of a picture.

use crate::doc::resolve::world::{GameFolder, RecordCache, resolve_record, resolve_unit};
use crate::formats::readings::Readings;
use crate::render::{FrameParams, Headless, OrbitCamera, RenderScene};
use crate::scene::SceneOptions;
use crate::scene::unit::{AssemblyOptions, assemble, record_assembly};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::Arc;

/// A thumbnail's side, in pixels.
pub const THUMB_PX: u32 = 96;
/// Requests waiting at most; older ones are dropped.
pub const MAX_QUEUED: usize = 48;

/// What a thumbnail draws: a unit file (a path under the game folder) or an `objects.rlb`
/// record (its key).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Subject {
    pub unit_file: bool,
    pub path: String,
}

/// What the palette shows for an item: the browser's thumbnail states.
use crate::app::thumbs::JobStack;
pub use crate::app::thumbs::Thumb;

enum State {
    Pending,
    Ready(egui::TextureHandle),
    Failed(String),
}

struct Job {
    item: Subject,
    root: PathBuf,
    readings: Readings,
}

type Done = (Subject, Result<crate::render::Image, String>);

/// The thumbnails of one palette, and the worker drawing them.
pub struct Thumbs {
    cache: HashMap<Subject, State>,
    shared: Arc<JobStack<Job>>,
    results: Receiver<Done>,
    sender: Sender<Done>,
    started: bool,
    /// Why no worker could start: every item fails with it.
    broken: Option<String>,
}

impl Default for Thumbs {
    fn default() -> Self {
        let (sender, results) = channel();
        Thumbs { cache: HashMap::new(), shared: Arc::new(JobStack::new()), results, sender, started: false, broken: None }
    }
}

impl Drop for Thumbs {
    fn drop(&mut self) {
        self.shared.stop();
    }
}

impl Thumbs {
    /// Takes finished thumbnails (textures are made here, on the UI thread).
    pub fn poll(&mut self, ctx: &egui::Context) {
        while let Ok((item, got)) = self.results.try_recv() {
            let state = match got {
                Ok(img) => {
                    let image = egui::ColorImage::from_rgba_unmultiplied([img.width as usize, img.height as usize], &img.rgba);
                    State::Ready(ctx.load_texture(format!("mission-palette-thumb {}", item.path), image, egui::TextureOptions::LINEAR))
                }
                Err(e) => State::Failed(e),
            };
            self.cache.insert(item, state);
        }
    }

    /// The thumbnail of `item` of the game folder at `root`, asked for when not yet.
    pub fn get(&mut self, ctx: &egui::Context, item: &Subject, root: &std::path::Path, readings: Readings) -> Thumb<'_> {
        if !self.cache.contains_key(item) {
            self.ask(ctx, Job { item: item.clone(), root: root.to_path_buf(), readings });
        }
        match self.cache.get(item) {
            Some(State::Ready(t)) => Thumb::Ready(t),
            Some(State::Failed(e)) => Thumb::Failed(e),
            Some(State::Pending) | None => Thumb::Pending,
        }
    }

    fn ask(&mut self, ctx: &egui::Context, job: Job) {
        if let Some(why) = &self.broken {
            self.cache.insert(job.item, State::Failed(why.clone()));
            return;
        }
        self.cache.insert(job.item.clone(), State::Pending);
        // Past the limit the oldest waiting job goes (the newest is drawn first).
        let Some(dropped) = self.shared.with(|jobs| {
            jobs.push(job);
            (jobs.len() > MAX_QUEUED).then(|| jobs.remove(0))
        }) else {
            return;
        };
        if let Some(old) = dropped {
            self.cache.remove(&old.item);
        }
        if !self.started {
            self.started = true;
            let (shared, out, ctx) = (self.shared.clone(), self.sender.clone(), ctx.clone());
            let spawned = std::thread::Builder::new().name("mission-palette-thumbs".into()).spawn(move || run(&shared, &out, &ctx));
            if let Err(e) = spawned {
                let why = e.to_string();
                for state in self.cache.values_mut().filter(|s| matches!(s, State::Pending)) {
                    *state = State::Failed(why.clone());
                }
                self.broken = Some(why);
            }
        }
    }

    /// Thumbnails asked for and not come yet.
    pub fn pending(&self) -> usize {
        self.cache.values().filter(|s| matches!(s, State::Pending)).count()
    }

    /// Thumbnails drawn.
    pub fn ready(&self) -> usize {
        self.cache.values().filter(|s| matches!(s, State::Ready(_))).count()
    }

    /// Why each failed item has no picture.
    pub fn failures(&self) -> Vec<(&Subject, &str)> {
        self.cache.iter().filter_map(|(i, s)| if let State::Failed(e) = s { Some((i, e.as_str())) } else { None }).collect()
    }
}

/// The one device every palette draws its thumbnails with (made on first use: a software
/// adapter takes about a second and holds its own memory, so not one per tab).
fn device() -> &'static Result<Headless, String> {
    static GPU: std::sync::OnceLock<Result<Headless, String>> = std::sync::OnceLock::new();
    GPU.get_or_init(|| Headless::new().map_err(|e| e.to_string()))
}

/// The worker's loop: the newest job first, until the palette goes away.
fn run(shared: &JobStack<Job>, out: &Sender<Done>, ctx: &egui::Context) {
    let mut folder: Option<(PathBuf, GameFolder, RecordCache)> = None;
    while let Some(job) = shared.next() {
        if folder.as_ref().is_none_or(|(r, _, _)| *r != job.root) {
            folder = Some((job.root.clone(), GameFolder::on_disk(job.root.clone()), RecordCache::default()));
        }
        let Some((_, game, records)) = folder.as_mut() else { return };
        let got = match device() {
            Ok(g) => draw(g, game, records, &job),
            Err(e) => Err(e.clone()),
        };
        if out.send((job.item, got)).is_err() {
            return;
        }
        ctx.request_repaint();
    }
}

/// The item's scene: a unit file assembled (internal parts left out, as the mission draws
/// them), a record's mesh alone.
pub fn scene_of(game: &GameFolder, records: &mut RecordCache, item: &Subject, readings: &Readings) -> Result<RenderScene, String> {
    let opts = AssemblyOptions { scene: SceneOptions { frame: None, ..SceneOptions::default() }, internal_parts: false, animate: false };
    let assembly = if item.unit_file {
        let file = game.read(&item.path);
        let bytes = match file {
            crate::doc::resolve::assets::Found::Yes(b) => b.bytes,
            other => return Err(other.why(&item.path).map(|m| m.to_string()).unwrap_or_default()),
        };
        let unit = resolve_unit(game, &item.path, &bytes, readings, records).map_err(|e| format!("{}: {e}", item.path))?;
        assemble(&unit, game, readings, &opts)
    } else {
        let record = resolve_record(game, &item.path);
        if record.mesh.is_none() {
            return Err(record.problems.first().map_or_else(|| format!("{}: nothing to draw", item.path), |d| d.message.clone()));
        }
        record_assembly(&record, game, readings, &opts)
    };
    let scene = RenderScene::from_scene(&assembly.scene);
    if scene.triangle_count() == 0 {
        return Err(format!("{}: nothing to draw", item.path));
    }
    Ok(scene)
}

fn draw(gpu: &Headless, game: &GameFolder, records: &mut RecordCache, job: &Job) -> Result<crate::render::Image, String> {
    let scene = scene_of(game, records, &job.item, &job.readings)?;
    let uploaded = gpu.upload(&scene).map_err(|e| e.to_string())?;
    let camera = OrbitCamera::framing(scene.min, scene.max, 0.7, 0.45, 1.0);
    let mut params = FrameParams::new(camera);
    // Transparent around the object, so the row's own background shows.
    params.background = [0.0; 4];
    gpu.render(&uploaded, &params, THUMB_PX, THUMB_PX).map_err(|e| e.to_string())
}
