//! The model import dialog: a glTF dropped on a model (its tab or its browser row) or picked
//! with File ▸ Import Model… converted on a worker thread by the command line's own
//! `import::plan::convert`, and shown before anything changes: the converted model drawn in 3D
//! with its materials, the node tree, the material mapping (each glTF material → the library's
//! material of its name, a new one, or another the library has), the counts against the
//! engine's limits and the warnings. Confirming is one undo step over every file it touches
//! (the model, its table, Material.lib and Textures.lib when it adds to them); Cancel changes
//! nothing (docs/formats/msh.md#import).

mod dialog;
mod new_model;

pub use new_model::{NewModel, Place};

use super::build::item_name;
use crate::app::gpu_view::{self, ViewSlot};
use crate::app::i18n::messages;
use crate::app::intent::GroupTarget;
use crate::app::tasks::Progress;
use crate::app::worker::Worker;
use crate::doc::resolve::{FolderAssets, WorkspaceAssets};
use crate::doc::{ItemPath, Workspace, items};
use crate::formats::TYPE_WEAR;
use crate::formats::bytes::SharedBytes;
use crate::formats::msh::Msh;
use crate::formats::readings::Readings;
use crate::import::plan::{self, Converted, Libraries, Mapping};
use crate::import::preview::Overlay;
use crate::import::{Options, gltf_read};
use crate::render::RenderScene;
use crate::scene::SceneOptions;
use crate::scene::level::LevelLayers;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// What the mesh editor sends itself about an import.
#[derive(Debug)]
pub enum ImportMsg {
    /// Tag of the picker for a glTF to import over the model.
    PickGltf,
    /// Tag of the picker for a glTF to import as a new model, which goes near the target.
    PickGltfNew,
    /// A glTF dropped on the model (or picked), already read.
    Gltf { from: PathBuf, bytes: Vec<u8> },
}

/// Whether a dropped file is one the dialog takes.
pub fn is_gltf(path: &Path) -> bool {
    path.extension().and_then(|e| e.to_str()).is_some_and(|e| e.eq_ignore_ascii_case("glb") || e.eq_ignore_ascii_case("gltf"))
}

/// A library the import reads and may add to: where it is and its bytes as they stand (an open
/// file's with its unsaved edits).
#[derive(Clone)]
pub struct Lib {
    pub target: GroupTarget,
    pub label: String,
    pub bytes: SharedBytes,
}

/// Where the import writes.
pub struct Destination {
    /// The model: an open item replaced, or a new file or entry.
    pub model: GroupTarget,
    /// Where the preview and the libraries are looked up from.
    pub assets_at: AssetsAt,
    /// The model's address, for labels.
    pub label: String,
    /// The item's name (the entry's, or the loose file's): what the scene builder is given.
    pub item_name: String,
    pub entry_name: Vec<u8>,
    pub wea: GroupTarget,
    pub wea_label: String,
    pub material_lib: Option<Lib>,
    pub textures_lib: Option<Lib>,
}

fn folder_of(p: &Path) -> &Path {
    match p.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

fn same_folder(a: &Path, b: &Path) -> bool {
    a == b || std::fs::canonicalize(a).ok().is_some_and(|c| std::fs::canonicalize(b).ok() == Some(c))
}

/// A file named `name` in `dir`, ASCII case-insensitively (the engine's file system is).
fn find_in(dir: &Path, name: &str) -> Option<PathBuf> {
    std::fs::read_dir(dir).ok()?.filter_map(|e| e.ok()).find(|e| e.file_name().to_string_lossy().eq_ignore_ascii_case(name)).map(|e| e.path())
}

/// The library `name` where the game looks for it from `model_file` (its folder, then the one
/// above): an open file there first, then the disk.
fn find_library(ws: &Workspace, model_file: &Path, name: &str) -> Result<Option<Lib>, String> {
    for dir in FolderAssets::for_file(model_file).library_dirs() {
        let open = ws.files().iter().find(|f| f.name().eq_ignore_ascii_case(name) && same_folder(folder_of(&f.path), dir));
        if let Some(f) = open {
            let root = ItemPath::root(f.id);
            let bytes = ws.item_bytes(&root).map_err(|e| format!("{name}: {e}"))?;
            return Ok(Some(Lib { target: GroupTarget::Item(root), label: f.path.display().to_string(), bytes }));
        }
        if let Some(p) = find_in(dir, name) {
            let bytes = std::fs::read(&p).map_err(|e| format!("{}: {e}", p.display()))?;
            return Ok(Some(Lib { target: GroupTarget::File(p.clone()), label: p.display().to_string(), bytes: bytes.into() }));
        }
    }
    Ok(None)
}

impl Destination {
    /// The model at `model` and everything beside it the import writes or reads.
    pub fn of(ws: &Workspace, model: &ItemPath) -> Result<Destination, String> {
        let label = items::address(ws, model);
        let old = ws.item_bytes(model).map_err(|e| format!("{label}: {e}"))?;
        let (_, msh, _) = Msh::parse(old).map_err(|e| crate::tr!("import-not-msh", label = &label, error = e.to_string()))?;
        let file = ws.file(model.file).map(|f| f.path.clone()).ok_or_else(|| crate::tr!("import-model-file-closed"))?;

        let name = item_name(ws, model);
        let (wea, wea_label) = match model.parent() {
            Some((archive, _)) => {
                let node = ws.node(archive.file, &archive.entries).map_err(|e| e.to_string())?;
                let wea_name = plan::wea_name_for(&name);
                let found = node.0.metas().iter().position(|m| m.name.eq_ignore_ascii_case(&wea_name));
                let label = format!("{}::{wea_name}", items::address(ws, &archive));
                match found {
                    Some(i) => (GroupTarget::Item(archive.child(i)), label),
                    None => (GroupTarget::NewEntry { archive, name: wea_name, type_id: TYPE_WEAR, attrs: plan::WEA_ATTRS }, label),
                }
            }
            None => {
                let stem = file.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
                let dir = folder_of(&file);
                let path = find_in(dir, &format!("{stem}.wea")).unwrap_or_else(|| dir.join(format!("{stem}.wea")));
                (GroupTarget::File(path.clone()), path.display().to_string())
            }
        };
        let material_lib = find_library(ws, &file, "Material.lib")?;
        let textures_lib = find_library(ws, &file, "Textures.lib")?;
        Ok(Destination { model: GroupTarget::Item(model.clone()), assets_at: AssetsAt::Item(model.clone()), label, item_name: name, entry_name: msh.name.clone(), wea, wea_label, material_lib, textures_lib })
    }
}

/// The place the preview reads tables and libraries from.
#[derive(Clone, Debug)]
pub enum AssetsAt {
    /// An open model.
    Item(ItemPath),
    /// A file that is not open yet (a new loose model), or a new entry of the archive.
    Path { file: PathBuf, archive: Option<ItemPath> },
}

impl AssetsAt {
    fn assets(&self, ws: &Workspace) -> WorkspaceAssets {
        match self {
            AssetsAt::Item(p) => WorkspaceAssets::for_item(ws, p),
            AssetsAt::Path { file, archive } => {
                let container = archive.as_ref().and_then(|a| Some((items::address(ws, a), ws.node(a.file, &a.entries).ok()?.0.clone())));
                WorkspaceAssets::for_path(ws, file, container)
            }
        }
    }
}

/// One conversion's result: the model and its plan, and the preview's scene (or why there is
/// none).
pub struct Outcome {
    pub converted: Converted,
    pub scene: Result<(Arc<RenderScene>, u64), String>,
}

/// Everything a conversion needs, owned, so that it runs on the worker.
struct Job {
    source: SharedBytes,
    base: Option<PathBuf>,
    opts: Options,
    material: Option<SharedBytes>,
    textures: Option<SharedBytes>,
    mapping: Vec<Mapping>,
    readings: Readings,
    assets: WorkspaceAssets,
    item_name: String,
    progress: Arc<Progress>,
}

/// The conversion's steps, for the progress bar.
const STEPS: u64 = 3;

impl Job {
    fn run(self) -> Result<Outcome, String> {
        let p = &self.progress;
        p.set(0, STEPS);
        let g = gltf_read::load(self.source.clone(), self.base.as_deref()).map_err(|e| messages::error(&e))?;
        p.set(1, STEPS);
        let libs = Libraries { material: self.material.as_deref(), textures: self.textures.as_deref(), add: self.material.is_some() };
        let converted = plan::convert(g, &self.opts, libs, &self.mapping, &self.readings).map_err(|e| messages::error(&e))?;
        p.set(2, STEPS);
        let mut assets = Overlay::new(self.assets).with(&plan::wea_name_for(&self.item_name), converted.wea.clone());
        if let Some(b) = &converted.changes.material_lib {
            assets = assets.with("Material.lib", b.clone());
        }
        if let Some(b) = &converted.changes.textures_lib {
            assets = assets.with("Textures.lib", b.clone());
        }
        let msh = SharedBytes::from(converted.msh.clone());
        let scene = crate::scene::build_item(&self.item_name, &msh, &assets, &SceneOptions::default(), &self.readings, LevelLayers::default())
            .map(|item| (Arc::new(RenderScene::from_scene(&item.scene)), gpu_view::next_id()))
            .map_err(|e| e.to_string());
        p.set(STEPS, STEPS);
        Ok(Outcome { converted, scene })
    }
}

/// The dialog's state.
pub struct ImportDialog {
    pub dest: Destination,
    pub source_name: String,
    source: SharedBytes,
    base: Option<PathBuf>,
    readings: Readings,
    /// One choice per WEAR row, as the table shows them.
    pub mapping: Vec<Mapping>,
    /// The names Material.lib has (the choices of "another material").
    pub library: Vec<String>,
    worker: Worker<Result<Outcome, String>>,
    pub progress: Arc<Progress>,
    /// The latest finished conversion (kept shown while a newer one runs).
    pub result: Option<Result<Outcome, String>>,
    /// The mapping the shown result was made with.
    shown_for: Vec<Mapping>,
    requested_for: Option<Vec<Mapping>>,
    /// The destination changed since the shown result (a new model's name or place).
    stale: bool,
    /// A new model's name and place (`None`: the import replaces an open model).
    pub new_model: Option<NewModel>,
    preview: Preview,
}

/// The preview's camera and GPU slot.
struct Preview {
    yaw: f32,
    pitch: f32,
    zoom: f32,
    view: u64,
    slot: Option<ViewSlot>,
}

impl ImportDialog {
    /// The dialog for `bytes` (a glTF read from `from`) over the model at `model`; the first
    /// conversion starts at once on the worker.
    pub fn new(ws: &Workspace, model: &ItemPath, from: &Path, bytes: Vec<u8>, ctx: &egui::Context) -> Result<ImportDialog, String> {
        Self::with(ws, Destination::of(ws, model)?, None, from, bytes, ctx)
    }

    /// The dialog for `bytes` as a new model, first placed where `near` is (an open archive
    /// takes it as an entry, else the folder of `near`'s file as a loose file); the dialog
    /// offers the other places and the name.
    pub fn new_model(ws: &Workspace, near: &ItemPath, from: &Path, bytes: Vec<u8>, ctx: &egui::Context) -> Result<ImportDialog, String> {
        let n = NewModel::near(ws, near, from);
        let dest = n.destination(ws)?;
        Self::with(ws, dest, Some(n), from, bytes, ctx)
    }

    fn with(ws: &Workspace, dest: Destination, new_model: Option<NewModel>, from: &Path, bytes: Vec<u8>, ctx: &egui::Context) -> Result<ImportDialog, String> {
        let library = match &dest.material_lib {
            Some(l) => plan::library_names(&l.bytes).map_err(|e| format!("{}: {}", l.label, messages::error(&e)))?,
            None => Vec::new(),
        };
        let source = SharedBytes::from(bytes);
        // The rows, to size the mapping (a glTF that does not read shows its error after the run).
        let rows = gltf_read::load(source.clone(), None).ok().and_then(|g| crate::import::materials::rows(&g, &mut Vec::new()).ok()).map_or(0, |r| r.len());
        let ctx = ctx.clone();
        let mut d = ImportDialog {
            dest,
            source_name: from.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(),
            source,
            base: Some(folder_of(from).to_path_buf()),
            readings: ws.readings,
            mapping: vec![Mapping::Auto; rows],
            library,
            worker: Worker::new("model import", move || ctx.request_repaint()),
            progress: Arc::new(Progress::default()),
            result: None,
            shown_for: Vec::new(),
            requested_for: None,
            stale: false,
            new_model,
            preview: Preview { yaw: 0.6, pitch: 0.35, zoom: 1.0, view: gpu_view::next_id(), slot: None },
        };
        d.request(ws);
        Ok(d)
    }

    /// Starts a conversion with the current mapping (a newer one replaces a running one).
    fn request(&mut self, ws: &Workspace) {
        let job = Job {
            source: self.source.clone(),
            base: self.base.clone(),
            opts: Options { entry_name: self.dest.entry_name.clone(), readings: self.readings, ..Options::default() },
            material: self.dest.material_lib.as_ref().map(|l| l.bytes.clone()),
            textures: self.dest.textures_lib.as_ref().map(|l| l.bytes.clone()),
            mapping: self.mapping.clone(),
            readings: self.readings,
            assets: self.dest.assets_at.assets(ws),
            item_name: self.dest.item_name.clone(),
            progress: self.progress.clone(),
        };
        self.requested_for = Some(self.mapping.clone());
        self.worker.request(move || job.run());
    }

    /// Takes a finished conversion; starts another when the mapping changed since.
    fn poll(&mut self, ws: &Workspace) {
        if let Some(r) = self.worker.poll() {
            self.result = Some(r);
            self.shown_for = self.requested_for.take().unwrap_or_default();
        }
        if !self.worker.pending() && (self.shown_for != self.mapping || self.stale) {
            self.stale = false;
            self.request(ws);
        }
    }

    /// A new model's name or place changed: the destination, its libraries and the mapping
    /// follow, and the model is converted again (its entry name is in its bytes).
    pub fn new_place(&mut self, ws: &Workspace) {
        let Some(n) = self.new_model.as_mut() else { return };
        n.check(ws);
        let dest = match n.destination(ws) {
            Ok(d) => d,
            Err(e) => {
                n.problem = Some(e);
                return;
            }
        };
        let library = dest.material_lib.as_ref().and_then(|l| plan::library_names(&l.bytes).ok()).unwrap_or_default();
        if library != self.library {
            self.mapping.iter_mut().for_each(|m| *m = Mapping::Auto);
            self.library = library;
        }
        self.dest = dest;
        self.stale = true;
        self.poll(ws);
    }

    /// Waits for the conversion of the current mapping (tests; confirming never waits: its
    /// button is enabled only once the shown result is the current one).
    pub fn wait(&mut self, ws: &Workspace) {
        loop {
            self.poll(ws);
            if !self.worker.pending() && self.shown_for == self.mapping && !self.stale {
                return;
            }
            if let Some(r) = self.worker.wait(std::time::Duration::from_secs(60)) {
                self.result = Some(r);
                self.shown_for = self.requested_for.take().unwrap_or_default();
            }
        }
    }

    /// Whether the shown result is the current mapping's (what Import would write).
    pub fn current(&self) -> bool {
        !self.worker.pending() && self.shown_for == self.mapping && !self.stale
    }

    pub fn converted(&self) -> Option<&Converted> {
        self.result.as_ref().and_then(|r| r.as_ref().ok()).map(|o| &o.converted)
    }

    /// The edits confirming makes: the model, its table, and the libraries it adds to.
    pub fn edits(&self) -> Option<Vec<(GroupTarget, SharedBytes)>> {
        let c = self.converted().filter(|_| self.current())?;
        if self.new_model.as_ref().is_some_and(|n| n.problem.is_some()) {
            return None;
        }
        let mut out = vec![(self.dest.model.clone(), SharedBytes::from(c.msh.clone())), (self.dest.wea.clone(), SharedBytes::from(c.wea.clone()))];
        if let (Some(b), Some(l)) = (&c.changes.material_lib, &self.dest.material_lib) {
            out.push((l.target.clone(), SharedBytes::from(b.clone())));
        }
        if let (Some(b), Some(l)) = (&c.changes.textures_lib, &self.dest.textures_lib) {
            out.push((l.target.clone(), SharedBytes::from(b.clone())));
        }
        Some(out)
    }
}
