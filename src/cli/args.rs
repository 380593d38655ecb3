//! The command line's arguments: the subcommands and their flags (clap).

use crate::formats::readings;
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

use super::render;

#[derive(Parser, Debug)]
#[command(name = "parkan-studio", version = crate::build_info::VERSION_LINE, about = "Editor and batch tool for Parkan: Iron Strategy assets and X-Ray level.geom")]
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
        /// With --all: worker threads (default: every core).
        #[arg(long, short = 'j', value_name = "N")]
        jobs: Option<usize>,
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
    /// Rename an entry (at most 31 bytes); the lookup table is rebuilt. With --references DIR,
    /// every WEAR row (for a material) or MAT0 phase and LIGHTMAPS row (for a texture) naming
    /// it in the game folder DIR is rewritten too, and each changed file saved.
    Rename {
        item: String,
        new_name: String,
        #[command(flatten)]
        out: OutArg,
        /// The game folder whose references to the entry are rewritten with it.
        #[arg(long, value_name = "DIR", conflicts_with = "out")]
        references: Option<PathBuf>,
        /// With --references: list what would change and write nothing.
        #[arg(long, requires = "references")]
        dry_run: bool,
    },
    /// Parse every file and entry, re-encode and compare, report every diagnostic. A folder is
    /// walked as a game project: every file it would open, and the project's findings (names
    /// that reach nothing, models without a table, shadowed names).
    Check {
        #[arg(required = true)]
        paths: Vec<String>,
        #[arg(long)]
        json: bool,
        /// Worker threads (default: every core).
        #[arg(long, short = 'j', value_name = "N")]
        jobs: Option<usize>,
    },
    /// What an item uses and what uses it across a game folder (texture <- MAT0 phases <-
    /// WEAR rows <- meshes).
    Refs {
        /// FILE::ENTRY (or FILE).
        item: String,
        /// The game folder (default: the working folder when the file is in it, else the
        /// file's folder).
        #[arg(long, value_name = "DIR")]
        project: Option<PathBuf>,
        /// Also everything that uses the item's users, up to the unit trees (a texture ←
        /// materials ← WEAR rows ← meshes ← object records ← units).
        #[arg(long)]
        up: bool,
        #[arg(long)]
        json: bool,
    },
    /// Search a game folder: entry names and the names entries hold. Filters: t:texm, t:mat0,
    /// t:wear, t:msh, t:level, t:archive, is:unused, is:dangling.
    Search {
        dir: PathBuf,
        query: String,
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
    /// A sound entry (RIFF/WAVE) as a .wav file: as stored, or decoded to 16-bit PCM.
    ExportWav {
        item: String,
        out: PathBuf,
        /// Decode to 16-bit PCM (any codec the game uses) instead of the stored bytes.
        #[arg(long)]
        pcm: bool,
    },
    /// Replace a sound entry from a WAV, FLAC, Ogg Vorbis or MP3 file, converted to the entry's
    /// own kind: its codec (MS-ADPCM with the entry's block size), rate and channels.
    ImportSound {
        item: String,
        input: PathBuf,
        /// Store the input WAV as it is (no conversion).
        #[arg(long)]
        keep_format: bool,
        /// 16-bit PCM at the entry's rate and channels instead of the entry's codec.
        #[arg(long)]
        pcm: bool,
        #[command(flatten)]
        out: OutArg,
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
    /// Import a model made in Blender (any glTF 2.0: .glb, or .gltf with embedded or separate
    /// buffers) as an MSH model with its WEAR table: `-o OUT.msh` writes OUT.msh and OUT.wea;
    /// naming a model (a loose .msh, or FILE::ENTRY in an archive) replaces it, keeping its name.
    ImportModel(super::import::ImportModelArgs),
    /// Unpack archives (or whole game folders) into a tree of files to edit: textures as PNG,
    /// materials as TOML text, everything else as its bytes, each model with a glTF to look at;
    /// a manifest per archive lets `pack` rebuild it byte-identically.
    Unpack {
        #[arg(required = true)]
        sources: Vec<PathBuf>,
        #[arg(short = 'o', long = "out", required = true)]
        out: PathBuf,
        /// PNG compression: fast (default) or best (smaller, slower).
        #[arg(long, value_enum, default_value = "fast")]
        compression: super::batch::CompressionArg,
        /// Leave out the glTF beside each model.
        #[arg(long)]
        no_models: bool,
        #[command(flatten)]
        batch: super::batch::BatchArgs,
    },
    /// Rebuild every archive and file of an unpacked tree into OUT_DIR: untouched files come
    /// back byte-identical, edited ones through the editor's conversions; files added or
    /// deleted become entries added or removed. A mistake anywhere writes nothing.
    Pack {
        dir: PathBuf,
        #[arg(short = 'o', long = "out", required = true, value_name = "OUT_DIR")]
        out: PathBuf,
        #[command(flatten)]
        batch: super::batch::BatchArgs,
    },
    /// Draw a mesh (MSH model or landscape, level.geom, X-Ray level) or a MAT0 material's preview shape
    /// with the editor's 3D renderer, offscreen, to a PNG.
    Render(render::RenderArgs),
    /// Mods: package changes as a .parkanmod, install, list, compare and uninstall them.
    #[command(subcommand)]
    Mod(super::mods::ModCommand),
    /// What changed between two files, two items (FILE::ENTRY) or two folders, in the formats'
    /// terms. Exit 0 when equal, 1 when different, 2 on a usage or I/O error.
    Diff(super::diff::DiffArgs),
    /// Register the editor with the desktop for this user (binary in ~/.local/bin, MIME types,
    /// icons, desktop entry, default application), so double-clicking an archive opens it.
    InstallDesktop {
        /// Remove what install-desktop put there instead.
        #[arg(long)]
        uninstall: bool,
    },
    // The writers below are for working on the project, not on a game: hidden from --help
    // on purpose (a modder has no use for them), only in a build with the `test-support`
    // feature (the writers are not part of the library), and documented in README's demo
    // section.
    /// Write every fixture variant the project's writers produce into DIR (tests, fuzz corpora).
    #[cfg(feature = "test-support")]
    #[command(hide = true)]
    WriteFixtures { dir: PathBuf },
    /// Regenerate the bundled demo game folder (assets/demo) from the project's writers.
    #[cfg(feature = "test-support")]
    #[command(hide = true)]
    WriteDemo { dir: PathBuf },
    /// Write a game folder at the shipped install's counts and sizes (about 21 MB) into DIR,
    /// for benchmarks and trying folder-wide work; `--small` for a tiny one of the same shape,
    /// `--problems` to add one of each problem a project check reports.
    #[cfg(feature = "test-support")]
    #[command(hide = true)]
    WriteGame {
        dir: PathBuf,
        #[arg(long)]
        small: bool,
        #[arg(long)]
        problems: bool,
    },
    /// Write the shell completions (bash, zsh, fish, PowerShell) into DIR/completions and one
    /// man page per command into DIR/man, from these definitions (packaging/build.sh).
    #[command(hide = true)]
    WriteShellFiles { dir: PathBuf },
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
