//! The headless command line (docs/cli.md). Every command goes through the document model, the
//! same code paths as the editor, so a CLI test also tests the editor's save path.

use crate::doc::check::{FileReport, check_bytes};
use crate::doc::registry::{Item, codec_for};
use crate::doc::node::output_name;
use crate::doc::listing::Listing;
use crate::doc::{Edit, EditOp, ItemPath, Workspace};
use crate::formats::bytes::SharedBytes;
use crate::formats::readings::{self, Readings};
use crate::formats::{Error, cp1251, nres};
use clap::{Args, Parser, Subcommand};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

mod desktop;
mod export;
mod mods;
pub mod render;
pub mod output;
mod suggest;
mod typed;

use output::outln;

#[derive(Parser, Debug)]
#[command(name = "parkan-studio", version, about = "Editor and batch tool for Parkan: Iron Strategy assets and X-Ray level.geom")]
#[command(after_help = readings_help())]
pub struct Cli {
    /// Choose a reading where public format descriptions disagree, NAME=VALUE (repeatable; see
    /// below and docs/readings.md).
    #[arg(long = "reading", global = true, value_name = "NAME=VALUE")]
    pub readings: Vec<String>,
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Files to open in the editor (no subcommand): with none, the bundled demo assets.
    pub files: Vec<PathBuf>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// The directory of an NRes or RsLi archive.
    List {
        archive: String,
        #[arg(long)]
        json: bool,
    },
    /// Write an entry's bytes (RsLi: unpacked), or every entry with --all.
    Extract {
        /// FILE::ENTRY, or ARCHIVE with --all.
        item: String,
        /// Output file (default: the entry's name in the current folder), or folder with --all.
        #[arg(short = 'o', long = "out")]
        out: Option<PathBuf>,
        #[arg(long)]
        all: bool,
    },
    /// Replace an entry's bytes with SRC's; saves in place atomically unless -o.
    Replace {
        item: String,
        src: PathBuf,
        #[command(flatten)]
        out: OutArg,
    },
    /// Append an entry; the lookup table is rebuilt.
    Add {
        archive: String,
        src: PathBuf,
        /// Entry name (default: SRC's file name), at most 31 bytes.
        #[arg(long)]
        name: Option<String>,
        /// Type: four ASCII characters (Texm, MAT0, ...) or a decimal id. Without it, the
        /// editor's guess: Texm for a texture's bytes, WEAR for .wea, MAT0 for .mat/.mat0, else
        /// the type every entry of the archive has, else 0.
        #[arg(long = "type")]
        type_id: Option<String>,
        #[arg(long, default_value_t = 0)]
        attr1: u32,
        #[arg(long, default_value_t = 0)]
        attr2: u32,
        #[arg(long, default_value_t = 0)]
        attr3: u32,
        #[command(flatten)]
        out: OutArg,
    },
    /// Remove an entry; the lookup table is rebuilt.
    Remove {
        item: String,
        #[command(flatten)]
        out: OutArg,
    },
    /// Rename an entry (at most 31 bytes); the lookup table is rebuilt.
    Rename {
        item: String,
        new_name: String,
        #[command(flatten)]
        out: OutArg,
    },
    /// Parse every file and entry, re-encode and compare, report every diagnostic.
    Check {
        #[arg(required = true)]
        paths: Vec<String>,
        #[arg(long)]
        json: bool,
    },
    /// The decoded summary of one item.
    Info {
        item: String,
        #[arg(long)]
        json: bool,
    },
    /// The material state at game time MS (start time 0).
    Material {
        item: String,
        #[arg(long)]
        time: u32,
        #[arg(long, default_value_t = 0)]
        block: usize,
        /// Initial state of the random mode's rand().
        #[arg(long)]
        seed: Option<u32>,
        #[arg(long)]
        json: bool,
    },
    /// A Texm level as an RGBA PNG (the stored level, not the runtime view).
    ExportPng {
        item: String,
        out: PathBuf,
        #[arg(long, default_value_t = 0)]
        mip: usize,
    },
    /// Replace a texture from an image: converted to the entry's format (or --format),
    /// mip chain rebuilt to the same count, flags and Page rects kept.
    ImportPng {
        item: String,
        image: PathBuf,
        /// Target format: 0, 565, 556, 4444, 88, 888, 8888.
        #[arg(long)]
        format: Option<u32>,
        /// Dither (Floyd-Steinberg) when quantising to format 0, 565, 556 or 4444.
        #[arg(long)]
        dither: bool,
        /// Use the smoother alpha-aware mip filter instead of the shipped box filter.
        #[arg(long)]
        smooth_mips: bool,
        /// Format 0: keep the texture's palette, mapping each colour to its nearest entry.
        #[arg(long)]
        keep_palette: bool,
        #[command(flatten)]
        out: OutArg,
    },
    /// Export a mesh: an MSH model with its materials and textures, an MSH landscape,
    /// level.geom geometry, or an X-Ray level drawn by its visuals (a `level`, or a level.geom
    /// with a `level` beside it), as OBJ (+MTL, PNG), glTF (.gltf + .bin + PNG) or .glb.
    Export {
        item: String,
        out: PathBuf,
        /// Level of detail, 0..3 (a landscape: 0 or 1).
        #[arg(long, default_value_t = 0)]
        lod: usize,
        /// Damage variant, 0..2.
        #[arg(long, default_value_t = 0)]
        variant: usize,
        /// Animation frame to pose the model at (type-8 key time, in frames).
        #[arg(long)]
        frame: Option<f32>,
    },
    /// Draw a mesh (MSH model or landscape, level.geom, X-Ray level) or a MAT0 material's preview shape
    /// with the editor's 3D renderer, offscreen, to a PNG.
    Render(render::RenderArgs),
    /// Mods: package changes as a .parkanmod, install, list, compare and uninstall them.
    #[command(subcommand)]
    Mod(mods::ModCommand),
    /// Register the editor with the desktop for this user (binary in ~/.local/bin, MIME types,
    /// icons, desktop entry, default application), so double-clicking an archive opens it.
    InstallDesktop {
        /// Remove what install-desktop put there instead.
        #[arg(long)]
        uninstall: bool,
    },
    // The two writers below are for working on the project, not on a game: hidden from --help
    // on purpose (a modder has no use for them) and documented in README's demo section.
    /// Write every fixture variant the project's writers produce into DIR (tests, fuzz corpora).
    #[command(hide = true)]
    WriteFixtures { dir: PathBuf },
    /// Regenerate the bundled demo game folder (assets/demo) from the project's writers.
    #[command(hide = true)]
    WriteDemo { dir: PathBuf },
    /// Write a game folder at the shipped install's counts and sizes (about 21 MB) into DIR,
    /// for benchmarks and trying folder-wide work; `--small` for a tiny one of the same shape,
    /// `--problems` to add one of each problem a project check reports.
    #[command(hide = true)]
    WriteGame {
        dir: PathBuf,
        #[arg(long)]
        small: bool,
        #[arg(long)]
        problems: bool,
    },
}

#[derive(Args, Debug)]
pub struct OutArg {
    /// Write the result to NEWFILE instead of saving in place.
    #[arg(short = 'o', long = "out", value_name = "NEWFILE")]
    pub out: Option<PathBuf>,
}

fn readings_help() -> String {
    let mut s = String::from("Readings (--reading NAME=VALUE; the first value is the default):\n");
    for (name, values, what) in readings::TABLE {
        s.push_str(&format!("  {name:<20} {:<28} {what}\n", values.join(" | ")));
    }
    s
}

/// A failure with its exit code: 1 for malformed input, 2 for usage and I/O.
#[derive(Debug)]
pub struct Failure {
    pub code: i32,
    pub message: String,
}

impl Failure {
    pub fn usage(m: impl Into<String>) -> Failure {
        Failure { code: 2, message: m.into() }
    }
    pub fn io(path: &Path, e: std::io::Error) -> Failure {
        Failure { code: 2, message: format!("{}: {e}", path.display()) }
    }
    /// A format error inside `address`.
    pub fn format(address: &str, e: Error) -> Failure {
        Failure { code: 1, message: format!("{address} {e}") }
    }
}

type Out = Result<i32, Failure>;

/// Runs a subcommand; prints to stdout, returns the exit code.
pub fn run(command: Command, readings: Readings) -> Out {
    match command {
        Command::List { archive, json } => list(&archive, json, &readings),
        Command::Extract { item, out, all } => extract(&item, out, all, &readings),
        Command::Replace { item, src, out } => {
            let bytes = std::fs::read(&src).map_err(|e| Failure::io(&src, e))?;
            let (mut ws, path) = open_item(&item, &readings)?;
            let (parent, index) = path.parent().ok_or_else(|| Failure::usage(format!("{item}: name an entry, FILE::ENTRY")))?;
            apply(&mut ws, Edit::new(parent.file, parent.entries, EditOp::ReplaceEntry { index, bytes: bytes.into() }), &item)?;
            save(&mut ws, path.file, out.out)
        }
        Command::Add { archive, src, name, type_id, attr1, attr2, attr3, out } => {
            let bytes = std::fs::read(&src).map_err(|e| Failure::io(&src, e))?;
            let name = name.unwrap_or_else(|| src.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default());
            let name_bytes = cp1251::encode(&name).ok_or_else(|| Failure::usage(format!("name {name:?} has characters outside CP1251")))?;
            let (mut ws, path) = open_item(&archive, &readings)?;
            // Without --type, the same guess as a file dropped on the archive in the editor.
            let type_id = match type_id {
                None => {
                    let node = crate::doc::items::node_at(&ws, &path).map_err(|m| Failure { code: 1, message: format!("{archive}: {m}") })?;
                    crate::doc::items::guess_type(&node, &name, &bytes)
                }
                Some(t) => parse_type(&t)?,
            };
            let op = EditOp::AddEntry { name: name_bytes, type_id, attrs: [attr1, attr2, attr3], bytes: bytes.into() };
            apply(&mut ws, Edit::new(path.file, path.entries.clone(), op), &archive)?;
            save(&mut ws, path.file, out.out)
        }
        Command::Remove { item, out } => {
            let (mut ws, path) = open_item(&item, &readings)?;
            let (parent, index) = path.parent().ok_or_else(|| Failure::usage(format!("{item}: name an entry, FILE::ENTRY")))?;
            apply(&mut ws, Edit::new(parent.file, parent.entries, EditOp::RemoveEntry { index }), &item)?;
            save(&mut ws, path.file, out.out)
        }
        Command::Rename { item, new_name, out } => {
            let name = cp1251::encode(&new_name)
                .ok_or_else(|| Failure::usage(format!("name {new_name:?} has characters outside CP1251")))?;
            nres::check_new_name(&name).map_err(|e| Failure::usage(format!("{item}: {}", e.message)))?;
            let (mut ws, path) = open_item(&item, &readings)?;
            let (parent, index) = path.parent().ok_or_else(|| Failure::usage(format!("{item}: name an entry, FILE::ENTRY")))?;
            apply(&mut ws, Edit::new(parent.file, parent.entries, EditOp::RenameEntry { index, name }), &item)?;
            save(&mut ws, path.file, out.out)
        }
        Command::Export { item, out, lod, variant, frame } => export::export(&item, &out, lod, variant, frame, &readings),
        Command::Render(args) => render::render(&args, &readings),
        Command::Mod(cmd) => mods::run(cmd),
        Command::InstallDesktop { uninstall } => desktop::install_desktop(uninstall),
        Command::WriteFixtures { dir } => {
            let n = crate::fixtures::files::write_all(&dir).map_err(|e| Failure::io(&dir, e))?;
            outln!("wrote {n} fixture files to {}", dir.display());
            Ok(0)
        }
        Command::WriteDemo { dir } => {
            let n = crate::fixtures::demo::write_demo(&dir).map_err(|e| Failure::io(&dir, e))?;
            outln!("wrote {n} demo files to {}", dir.display());
            Ok(0)
        }
        Command::WriteGame { dir, small, problems } => {
            use crate::fixtures::game::{GameSpec, write_game};
            let spec = if small { GameSpec::SMALL } else { GameSpec::SHIPPED };
            let spec = if problems { spec.with_problems() } else { spec };
            let w = write_game(&dir, &spec).map_err(|e| Failure::io(&dir, e))?;
            outln!("wrote {} files ({} bytes) to {}", w.files, w.bytes, dir.display());
            Ok(0)
        }
        Command::Check { paths, json } => check(&paths, json, &readings),
        Command::Info { item, json } => info(&item, json, &readings),
        Command::Material { item, time, block, seed, json } => typed::material(&item, time, block, seed, json, &readings),
        Command::ExportPng { item, out, mip } => typed::export_png(&item, &out, mip, &readings),
        Command::ImportPng { item, image, format, dither, smooth_mips, keep_palette, out } => {
            let opts = crate::formats::texm::ImportOptions {
                format,
                allow_resize: true,
                filter: if smooth_mips { crate::formats::texm::MipFilter::Smooth } else { crate::formats::texm::MipFilter::Box },
                dither,
                external_palette: None,
                keep_palette,
            };
            typed::import_png(&item, &image, opts, out.out, &readings)
        }
    }
}

fn parse_type(t: &str) -> Result<u32, Failure> {
    if let Ok(n) = t.parse::<u32>() {
        return Ok(n);
    }
    let b = t.as_bytes();
    if b.len() == 4 && b.iter().all(u8::is_ascii) {
        return Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]));
    }
    Err(Failure::usage(format!("--type {t:?}: expected four ASCII characters or a decimal id")))
}

pub use crate::doc::items::split_address;

/// Opens the file of an address and resolves its entries through nested archives.
pub fn open_item(address: &str, readings: &Readings) -> Result<(Workspace, ItemPath), Failure> {
    let (file, entries) = split_address(address);
    let mut ws = Workspace::new();
    ws.readings = *readings;
    let id = ws.open(Path::new(file)).map_err(|e| match e {
        crate::doc::OpenError::Io(p, e) => Failure::io(&p, e),
        crate::doc::OpenError::Format(_, e) => Failure::format(file, e),
    })?;
    note_stale_temps(file);
    let mut path = ItemPath::root(id);
    let mut shown = file.to_string();
    for name in entries {
        let node = ws.node(id, &path.entries).map_err(|e| Failure::format(&shown, e))?;
        if !node.0.is_archive() {
            return Err(Failure::usage(format!("{shown}: not an archive, so it has no entry {name}")));
        }
        // A name that matches nothing is a usage error, like a missing file.
        let index = node.0.resolve(name).ok_or_else(|| {
            let near = suggest::nearest_names(&node.0, name, 3);
            let hint = match name.strip_prefix('#') {
                Some(_) if node.0.is_empty() => "; the archive is empty".to_string(),
                Some(_) => format!("; the archive has entries #0 to #{}", node.0.len() - 1),
                None if near.is_empty() => "; the archive has no named entries".to_string(),
                None => format!("; did you mean {}?", suggest::one_of(&near)),
            };
            Failure::usage(format!("{shown}: no entry {name}{hint}"))
        })?;
        shown = format!("{shown}::{name}");
        path = path.child(index);
    }
    Ok((ws, path))
}

/// Temporary files that interrupted saves of `file` left: reported, never removed.
fn note_stale_temps(file: &str) {
    for stale in crate::doc::save::stale_temp_files(Path::new(file)) {
        eprintln!("note: {} (rm it if no save is running)", stale.notice(Path::new(file)));
    }
}

/// The header and directory of a whole NRes file, read without its payloads; None for an
/// address inside a file or a file that needs the full read. The caller that answers from it
/// notes stale temporary files, as `open_item` does.
fn listing(address: &str) -> Result<Option<Listing>, Failure> {
    let (file, entries) = split_address(address);
    if !entries.is_empty() {
        return Ok(None);
    }
    Listing::read(Path::new(file)).map_err(|e| Failure::io(Path::new(file), e))
}

fn apply(ws: &mut Workspace, edit: Edit, address: &str) -> Result<(), Failure> {
    ws.apply(edit).map(|_| ()).map_err(|e| Failure::format(address, e))
}

fn save(ws: &mut Workspace, file: crate::doc::FileId, out: Option<PathBuf>) -> Out {
    let r = match out {
        Some(p) => ws.save_as(file, &p),
        None => ws.save(file, false),
    };
    r.map_err(|e| Failure { code: 2, message: e.to_string() })?;
    Ok(0)
}

fn list(address: &str, json: bool, readings: &Readings) -> Out {
    let (format, metas) = match listing(address)? {
        Some(l) => {
            note_stale_temps(address);
            (l.format_name(), l.metas())
        }
        None => {
            let (ws, path) = open_item(address, readings)?;
            let node = ws.node(path.file, &path.entries).map_err(|e| Failure::format(address, e))?;
            if !node.0.is_archive() {
                return Err(Failure { code: 1, message: format!("{address}: not an NRes or RsLi archive") });
            }
            (node.0.format_name(), node.0.metas())
        }
    };
    if json {
        let entries: Vec<Value> = metas
            .iter()
            .map(|m| match format {
                "rsli" => json!({
                    "index": m.index, "name": m.name, "type": null, "type_id": null,
                    "method": m.method, "packed_size": m.packed_size, "size": m.size,
                    "offset": m.offset, "sort_index": m.sort_index,
                }),
                _ => json!({
                    "index": m.index, "name": m.name,
                    "type": nres::type_label(m.type_id.unwrap_or(0)), "type_id": m.type_id,
                    "attr1": m.attrs[0], "attr2": m.attrs[1], "attr3": m.attrs[2],
                    "size": m.size, "offset": m.offset, "sort_index": m.sort_index,
                }),
            })
            .collect();
        let v = json!({"path": address, "format": format, "entries": entries});
        outln!("{}", serde_json::to_string_pretty(&v).expect("JSON values serialise"));
    } else {
        outln!("{:>5}  {:<32} {:<10} {:>10} {:>10}  attrs / method", "#", "name", "type", "size", "offset");
        for m in &metas {
            let (kind, extra) = match m.method {
                Some(method) => ("-".to_string(), format!("{method}, packed {}", m.packed_size.unwrap_or(0))),
                None => (
                    nres::type_label(m.type_id.unwrap_or(0)),
                    format!("{} {} {}", m.attrs[0], m.attrs[1], m.attrs[2]),
                ),
            };
            outln!("{:>5}  {:<32} {:<10} {:>10} {:>10}  {extra}", m.index, m.name, kind, m.size, m.offset);
        }
        outln!("{} entries ({format})", metas.len());
    }
    Ok(0)
}

fn extract(address: &str, out: Option<PathBuf>, all: bool, readings: &Readings) -> Out {
    let (ws, path) = open_item(address, readings)?;
    if all {
        let dir = out.ok_or_else(|| Failure::usage("extract --all needs -o DIR"))?;
        let node = ws.node(path.file, &path.entries).map_err(|e| Failure::format(address, e))?;
        let node = &node.0;
        if !node.is_archive() {
            return Err(Failure { code: 1, message: format!("{address}: not an archive") });
        }
        std::fs::create_dir_all(&dir).map_err(|e| Failure::io(&dir, e))?;
        let metas = node.metas();
        let mut failed = 0;
        for i in 0..metas.len() {
            match node.entry_bytes(i) {
                Ok(b) => {
                    let p = dir.join(output_name(&metas, i));
                    std::fs::write(&p, &*b).map_err(|e| Failure::io(&p, e))?;
                }
                Err(e) => {
                    failed += 1;
                    eprintln!("error: {address}::{} {e}", metas[i].name);
                }
            }
        }
        outln!("extracted {} of {} entries to {}", metas.len() - failed, metas.len(), dir.display());
        return Ok(if failed > 0 { 1 } else { 0 });
    }
    let meta = ws.item_meta(&path).ok_or_else(|| Failure::usage(format!("{address}: name an entry, FILE::ENTRY (or use --all)")))?;
    let bytes = ws.item_bytes(&path).map_err(|e| Failure::format(address, e))?;
    let out = out.unwrap_or_else(|| PathBuf::from(output_name(std::slice::from_ref(&meta), 0)));
    std::fs::write(&out, &*bytes).map_err(|e| Failure::io(&out, e))?;
    Ok(0)
}

fn check(paths: &[String], json: bool, readings: &Readings) -> Out {
    let mut reports: Vec<FileReport> = Vec::new();
    let mut io_failed = false;
    for p in paths {
        match std::fs::read(p) {
            Ok(b) => {
                let bytes = SharedBytes::from(b);
                let mut report = check_bytes(p, bytes.clone(), readings);
                let name = Path::new(p).file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
                crate::export::level::check_draws(&name, &bytes, &crate::doc::resolve::FolderAssets::for_file(Path::new(p)), &mut report);
                reports.push(report);
            }
            Err(e) => {
                eprintln!("error: {p}: {e}");
                io_failed = true;
            }
        }
    }
    if json {
        outln!("{}", serde_json::to_string_pretty(&json!({"files": reports})).expect("JSON values serialise"));
    } else {
        for r in &reports {
            let status = if r.ok { "ok" } else { "FAILED" };
            outln!("{}: {status}, {} entries, roundtrip {}", r.path, r.entries, r.roundtrip);
            for d in &r.diagnostics {
                let sev = format!("{:?}", d.severity).to_lowercase();
                let at = match (d.line, d.column, d.offset) {
                    (Some(l), Some(c), _) => format!(" line {l}, column {c}"),
                    (_, _, Some(o)) => format!(" @0x{o:X}"),
                    _ => String::new(),
                };
                let entry = d.entry.as_ref().map(|e| format!("::{e}")).unwrap_or_default();
                outln!("  {sev}: {}{entry}{at}: {}", r.path, d.message);
            }
        }
    }
    if io_failed {
        return Ok(2);
    }
    Ok(if reports.iter().all(|r| r.ok) { 0 } else { 1 })
}

/// `info --json` for any item: archives report their kind and entry count unless a typed codec
/// (MSH) claims them; other items go to the codec of their type.
fn info(address: &str, json_out: bool, readings: &Readings) -> Out {
    let name = Path::new(split_address(address).0).file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    if let Some(l) = listing(address)?
        && !l.claimed_by_codec(&name, readings)
    {
        note_stale_temps(address);
        return print_info(address, &json!({"kind": l.format_name(), "entries": l.len()}), json_out);
    }
    let (ws, path) = open_item(address, readings)?;
    let meta = ws.item_meta(&path);
    let bytes = ws.item_bytes(&path).map_err(|e| Failure::format(address, e))?;
    let name = meta.as_ref().map(|m| m.name.clone()).unwrap_or_else(|| {
        Path::new(split_address(address).0).file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
    });
    let item = Item {
        bytes: &bytes,
        name: &name,
        type_id: meta.as_ref().and_then(|m| m.type_id),
        attrs: meta.as_ref().map(|m| m.attrs).unwrap_or([0; 3]),
        readings,
    };
    let v = match codec_for(&item) {
        Some(c) => c.info(&item).map_err(|e| Failure::format(address, e))?,
        None => {
            let node = ws.node(path.file, &path.entries).map_err(|e| Failure::format(address, e))?;
            if !node.0.is_archive() {
                return Err(Failure { code: 1, message: format!("{address}: no codec knows this item ({} bytes)", bytes.len()) });
            }
            json!({"kind": node.0.format_name(), "entries": node.0.len()})
        }
    };
    let v = if v["kind"] == "xray-level" { with_level_geom(v, address, &ws, &path, bytes)? } else { v };
    print_info(address, &v, json_out)
}

/// A level's info with what its visuals draw against the level.geom (and .geomx) beside it.
fn with_level_geom(mut v: Value, address: &str, ws: &Workspace, path: &ItemPath, bytes: SharedBytes) -> Result<Value, Failure> {
    let assets = export::assets_for(address, ws, path)?;
    let files = crate::export::level::LevelFiles::open(bytes, &assets).map_err(|e| Failure::format(address, e))?;
    let r = &files.resolved;
    let per_visual: Vec<Value> = r.draws.iter().map(|d| json!([d.visual, d.triangle_count()])).collect();
    v["drawn"] = json!({
        "level_geom": files.geom.is_some(),
        "level_geomx": files.geomx.is_some(),
        "visuals": r.draws.len(),
        "triangles": r.triangle_count(),
        "per_visual": per_visual,
        "fastpath_triangles": r.fastpath.iter().map(|d| d.triangle_count()).sum::<usize>(),
        "skipped": r.skipped,
        "notes": files.notes,
        "diagnostics": r.diagnostics.iter().map(|d| json!({"severity": d.severity, "offset": d.offset, "message": d.message})).collect::<Vec<_>>(),
    });
    Ok(v)
}

fn print_info(address: &str, v: &Value, json_out: bool) -> Out {
    if json_out {
        outln!("{}", serde_json::to_string_pretty(v).expect("JSON values serialise"));
    } else {
        print_plain(v, 0);
    }
    // An item the game cannot load is malformed input (exit 1), summary printed all the same.
    let errors: Vec<&Value> = v["diagnostics"].as_array().map(|a| a.iter().filter(|d| d["severity"] == "error").collect()).unwrap_or_default();
    for d in &errors {
        let at = d["offset"].as_u64().map(|o| format!(" @0x{o:X}")).unwrap_or_default();
        eprintln!("error: {address}{at}: {}", d["message"].as_str().unwrap_or_default());
    }
    Ok(if errors.is_empty() { 0 } else { 1 })
}

/// A readable rendering of a JSON summary for people.
pub(crate) fn print_plain(v: &Value, indent: usize) {
    let pad = " ".repeat(indent);
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                match x {
                    Value::Object(_) => {
                        outln!("{pad}{k}:");
                        print_plain(x, indent + 2);
                    }
                    Value::Array(a) if a.iter().any(|e| e.is_object()) => {
                        outln!("{pad}{k}: {} items", a.len());
                        for (i, e) in a.iter().enumerate() {
                            outln!("{pad}  [{i}]");
                            print_plain(e, indent + 4);
                        }
                    }
                    _ => outln!("{pad}{k}: {x}"),
                }
            }
        }
        other => outln!("{pad}{other}"),
    }
}

/// The binary's entry point for subcommands: parses readings, runs, prints errors.
pub fn main_with(cli_readings: &[String], command: Command) -> i32 {
    let mut readings = Readings::default();
    for r in cli_readings {
        if let Err(e) = readings.set(r) {
            eprintln!("error: --reading {r}: {e}");
            return 2;
        }
    }
    let code = match run(command, readings) {
        Ok(code) => code,
        Err(f) => {
            eprintln!("error: {}", f.message);
            f.code
        }
    };
    match output::finish() {
        Some(e) => {
            eprintln!("error: writing to stdout: {e}");
            2
        }
        None => code,
    }
}
