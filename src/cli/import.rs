//! `import-model`: a glTF 2.0 model as an MSH model with its WEAR table, and the materials and
//! textures it adds to the libraries, written in one transaction (docs/cli.md#import-model,
//! docs/formats/msh.md#import). The conversion is `crate::import`; this file picks the files.

use super::output::outln;
use super::{Failure, Out, open_item};
use crate::doc::resolve::FolderAssets;
use crate::doc::{Edit, EditOp};
use crate::formats::msh::Msh;
use crate::formats::msh::nodes::GridCell;
use crate::formats::readings::Readings;
use crate::formats::{TYPE_WEAR, cp1251};
use crate::import::hierarchy::Up;
use crate::import::plan::{self, Converted, Libraries, Mapping};
use crate::import::{self, Options, gltf_read, materials, transaction};
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum UpArg {
    /// glTF's own convention (Blender's default "+Y Up").
    Y,
    /// The data is z up (exported without "+Y Up").
    Z,
}

#[derive(Debug, Clone, clap::Args)]
pub struct ImportModelArgs {
    /// The glTF: MODEL.glb, or MODEL.gltf (its buffers and images embedded or beside it).
    pub input: PathBuf,
    /// The model to replace: a loose .msh, or an entry of an archive (FILE::ENTRY).
    pub target: Option<String>,
    /// Parkan units per glTF unit (metres), for models made at another scale.
    #[arg(long, default_value_t = 1.0)]
    pub scale: f32,
    /// Which axis is up in the glTF's data.
    #[arg(long, value_enum, default_value = "y")]
    pub up: UpArg,
    /// Frames per second the animation is sampled at (the engine's keys are in frames).
    #[arg(long, default_value_t = crate::scene::model::DEFAULT_FRAMES_PER_SECOND)]
    pub fps: f32,
    /// The LOD (0..3) meshes go to when their node's name gives none (`NAME_LOD1`, ...).
    #[arg(long, default_value_t = 0)]
    pub lod: usize,
    /// The damage variant (0..2) likewise (`NAME_VAR1`, ...).
    #[arg(long, default_value_t = 0)]
    pub variant: usize,
    /// Add the materials Material.lib lacks to this Material.lib (made from the glTF base
    /// colour); without it they are only reported.
    #[arg(long, value_name = "MATERIAL_LIB")]
    pub materials: Option<PathBuf>,
    /// Convert base-colour images into this Textures.lib (or reuse identical ones there).
    #[arg(long, value_name = "TEXTURES_LIB")]
    pub textures: Option<PathBuf>,
    /// Write the model here (a new OUT.msh with OUT.wea beside it, or the archive holding it).
    #[arg(short = 'o', long = "out", value_name = "OUT")]
    pub out: Option<PathBuf>,
    /// Draw the glTF material GLTF with the library's material LIB instead (its WEAR row
    /// names LIB; nothing is added for it). May be given more than once.
    #[arg(long = "map", value_name = "GLTF=LIB")]
    pub map: Vec<String>,
}

/// The `--map` choices, one per WEAR row of `g` (by the row's name before mapping).
fn mappings(a: &ImportModelArgs, g: &gltf_read::Gltf) -> Result<Vec<Mapping>, Failure> {
    let rows = materials::rows(g, &mut Vec::new()).map_err(|e| Failure::format(&a.input.display().to_string(), e))?;
    let mut out = vec![Mapping::Auto; rows.len()];
    for m in &a.map {
        let (from, to) = m.split_once('=').ok_or_else(|| Failure::usage(format!("--map {m}: write GLTF_MATERIAL=LIBRARY_MATERIAL")))?;
        let k = rows.iter().position(|r| r.name.eq_ignore_ascii_case(from)).ok_or_else(|| {
            let names: Vec<&str> = rows.iter().map(|r| r.name.as_str()).collect();
            Failure::usage(format!("--map {m}: the glTF has no material {from} (it has {})", names.join(", ")))
        })?;
        out[k] = Mapping::Use(to.to_string());
    }
    Ok(out)
}

/// The entry name for components: the file's stem, upper-cased, at most 31 bytes.
fn entry_name(path: &Path) -> Vec<u8> {
    let stem = path.file_stem().map(|s| s.to_string_lossy().to_uppercase()).unwrap_or_else(|| "MODEL".into());
    let mut b = cp1251::encode(&stem).unwrap_or_else(|| b"MODEL".to_vec());
    b.truncate(import::MAX_NAME);
    if b.is_empty() { b"MODEL".to_vec() } else { b }
}

/// A file in `dir` named `name`, ASCII case-insensitively (the engine's file system is).
fn find_in(dir: &Path, name: &str) -> Option<PathBuf> {
    let dir = if dir.as_os_str().is_empty() { Path::new(".") } else { dir };
    std::fs::read_dir(dir).ok()?.filter_map(|e| e.ok()).find(|e| e.file_name().to_string_lossy().eq_ignore_ascii_case(name)).map(|e| e.path())
}

/// The `.wea` beside a loose `.msh`: an existing one of the same stem, else `STEM.wea`.
fn wea_beside(msh: &Path) -> PathBuf {
    let stem = msh.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let dir = msh.parent().unwrap_or(Path::new(""));
    find_in(dir, &format!("{stem}.wea")).unwrap_or_else(|| dir.join(format!("{stem}.wea")))
}

fn read(path: &Path) -> Result<Vec<u8>, Failure> {
    std::fs::read(path).map_err(|e| Failure::io(path, e))
}

pub fn import_model(a: &ImportModelArgs, r: &Readings) -> Out {
    let shown = a.input.display().to_string();
    let cell = GridCell::from_lod_variant(a.lod, a.variant).map_err(|e| Failure::usage(e.message))?;
    let up = match a.up {
        UpArg::Y => Up::Y,
        UpArg::Z => Up::Z,
    };
    let mut opts = Options { up, scale: a.scale, frames_per_second: a.fps, cell, readings: *r, ..Options::default() };
    let bytes = read(&a.input)?;
    let g = gltf_read::load(bytes, Some(a.input.parent().unwrap_or(Path::new("")))).map_err(|e| Failure::format(&shown, e))?;

    // Where the model goes, and what writes it there once the bytes are known.
    enum Dest {
        Loose { msh: PathBuf, wea: PathBuf },
        Entry { ws: Box<crate::doc::Workspace>, path: crate::doc::ItemPath, file: PathBuf },
    }
    let dest = match (&a.target, &a.out) {
        (None, None) => return Err(Failure::usage("name the model to replace (FILE.msh or FILE::ENTRY), or give -o OUT.msh")),
        (None, Some(out)) => {
            opts.entry_name = entry_name(out);
            Dest::Loose { msh: out.clone(), wea: out.with_extension("wea") }
        }
        (Some(target), out) => {
            let (ws, path) = open_item(target, r)?;
            let old = ws.item_bytes(&path).map_err(|e| Failure::format(target, e))?;
            let (_, old_msh, _) = Msh::parse(old).map_err(|_| Failure::usage(format!("{target} is not an MSH model; name a .msh file or an MSH entry")))?;
            opts.entry_name = old_msh.name.clone();
            let file = PathBuf::from(super::split_address(target).0);
            match path.parent() {
                None => {
                    let msh = out.clone().unwrap_or(file);
                    Dest::Loose { wea: wea_beside(&msh), msh }
                }
                Some(_) => Dest::Entry { ws: Box::new(ws), path, file: out.clone().unwrap_or(file) },
            }
        }
    };
    // The libraries: the one named, else Material.lib where the game looks (the model's folder,
    // then its parent), only to say which materials it lacks.
    let model_file = match &dest {
        Dest::Loose { msh, .. } => msh.clone(),
        Dest::Entry { file, .. } => file.clone(),
    };
    let found_lib = || FolderAssets::for_file(&model_file).library_dirs().iter().find_map(|d| find_in(d, "Material.lib"));
    let material_lib_path = a.materials.clone().or_else(found_lib);
    let material_lib = material_lib_path.as_deref().map(read).transpose()?;
    let textures_lib = a.textures.as_deref().map(read).transpose()?;
    if a.textures.is_some() && a.materials.is_none() {
        return Err(Failure::usage("--textures converts the images of the materials --materials adds: give --materials too"));
    }
    let lib_label = |p: &Option<PathBuf>| p.as_ref().map_or_else(|| "Material.lib".to_string(), |p| p.display().to_string());
    let mapping = mappings(a, &g)?;
    let libs = Libraries { material: material_lib.as_deref(), textures: textures_lib.as_deref(), add: a.materials.is_some() };
    // Only the written bytes stay: the model's memory is its file's size once (docs/formats/msh.md#import).
    let converted = plan::convert(g, &opts, libs, &mapping, r).map_err(|e| {
        let lib_error = e.context.iter().any(|c| c.contains(".lib"));
        if lib_error { Failure::format(&lib_label(&material_lib_path), e) } else { Failure::format(&shown, e) }
    })?;
    drop(textures_lib);
    let Converted { msh: msh_bytes, wea: wea_bytes, changes, summary, warnings: mut warn, .. } = converted;

    let mut files: Vec<(PathBuf, Vec<u8>)> = Vec::new();
    match dest {
        Dest::Loose { msh, wea } => {
            files.push((msh, msh_bytes));
            files.push((wea, wea_bytes));
        }
        Dest::Entry { mut ws, path, file } => {
            let (parent, index) = path.parent().expect("an entry has a parent archive");
            let node = ws.node(parent.file, &parent.entries).map_err(|e| Failure::format(&file.display().to_string(), e))?;
            let metas = node.0.metas();
            let wea_name = plan::wea_name_for(&metas.get(index).map(|m| m.name.clone()).unwrap_or_default());
            let wea_entry = metas.iter().position(|m| m.name.eq_ignore_ascii_case(&wea_name));
            let wea_op = match wea_entry {
                Some(i) => EditOp::ReplaceEntry { index: i, bytes: wea_bytes.into() },
                // The engine pairs the mesh with the table of the same base name (docs/formats/msh.md#materials).
                None => EditOp::AddEntry { name: cp1251::encode(&wea_name).unwrap_or_else(|| wea_name.clone().into_bytes()), type_id: TYPE_WEAR, attrs: plan::WEA_ATTRS, bytes: wea_bytes.into() },
            };
            let ops = vec![(parent.entries.clone(), EditOp::ReplaceEntry { index, bytes: msh_bytes.into() }), (parent.entries.clone(), wea_op)];
            ws.apply_group(vec![Edit::new(parent.file, Vec::new(), EditOp::Batch { ops })], "import model").map_err(|e| Failure::format(&file.display().to_string(), e))?;
            let root = ws.file(parent.file).map(|f| f.root().write()).unwrap_or_default();
            files.push((file, root));
        }
    }
    if let (Some(bytes), Some(p)) = (changes.material_lib, &material_lib_path) {
        files.push((p.clone(), bytes));
    }
    if let (Some(bytes), Some(p)) = (changes.textures_lib, &a.textures) {
        files.push((p.clone(), bytes));
    }
    transaction::commit(&files).map_err(|e| Failure { code: 2, message: e.to_string() })?;

    for (p, b) in &files {
        outln!("wrote {} ({} bytes)", p.display(), b.len());
    }
    let s = &summary;
    outln!(
        "{} nodes, {} slots, {} batches, {} vertices, {} triangles, {} keys over {} frames ({} animated nodes), {} materials",
        s.nodes, s.slots, s.batches, s.vertices, s.triangles, s.keys, s.frames, s.animated_nodes, s.materials
    );
    for m in &changes.added_materials {
        outln!("material {m}: added to {}", lib_label(&material_lib_path));
    }
    for t in &changes.added_textures {
        outln!("texture {t}: added");
    }
    for t in &changes.reused_textures {
        outln!("texture {t}: identical one reused");
    }
    for m in &changes.missing {
        let lib = if material_lib.is_some() { lib_label(&material_lib_path) } else { "Material.lib (none found beside the model or above it)".into() };
        warn.push(format!("material {m} is not in {lib}: the game draws it with DEFAULT (add it with --materials Material.lib)").into());
    }
    for w in &warn {
        eprintln!("warning: {shown}: {w}");
    }
    Ok(0)
}
