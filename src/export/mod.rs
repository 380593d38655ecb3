//! Mesh export: a [`Scene`] from the scene layer (an MSH model with its node hierarchy,
//! batches, materials, textures and animation, an MSH landscape, level.geom geometry, an X-Ray
//! level) written as glTF 2.0 (`.gltf` + `.bin` + PNGs, or one `.glb`) or OBJ (+ MTL + PNGs).
//!
//! [`encode`] turns a scene into named files in memory; [`export_to`] writes them beside the
//! output path. The CLI's `export` and the editor call the same two on a scene from
//! [`crate::scene::build_scene`].

pub mod glb;
pub mod gltf;
pub mod obj;

use crate::formats::Error;
use crate::formats::message::Message;
use crate::msg;
use crate::scene::{Scene, SceneError};
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportFormat {
    Obj,
    Gltf,
    Glb,
}

impl ExportFormat {
    /// By the output's extension (ASCII case-insensitive).
    pub fn from_path(path: &Path) -> Option<ExportFormat> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "obj" => Some(ExportFormat::Obj),
            "gltf" => Some(ExportFormat::Gltf),
            "glb" => Some(ExportFormat::Glb),
            _ => None,
        }
    }
}

#[derive(Debug)]
pub enum ExportError {
    /// The request does not fit the item (a LOD it has not, an unknown output type).
    Usage(Message),
    /// The item cannot be read.
    Format(Error),
    Io(PathBuf, std::io::Error),
}

impl std::fmt::Display for ExportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ExportError::Usage(m) => f.write_str(m.as_str()),
            ExportError::Format(e) => write!(f, "{e}"),
            ExportError::Io(p, e) => write!(f, "{}: {e}", p.display()),
        }
    }
}

impl std::error::Error for ExportError {}

impl From<Error> for ExportError {
    fn from(e: Error) -> Self {
        ExportError::Format(e)
    }
}

impl From<SceneError> for ExportError {
    fn from(e: SceneError) -> Self {
        match e {
            SceneError::Usage(m) => ExportError::Usage(m),
            SceneError::Format(e) => ExportError::Format(e),
        }
    }
}

/// The files of an export named `stem` (the output's file name without extension).
pub fn encode(scene: &Scene, format: ExportFormat, stem: &str) -> Result<Vec<(String, Vec<u8>)>, ExportError> {
    Ok(match format {
        ExportFormat::Obj => obj::obj_files(scene, stem)?,
        ExportFormat::Gltf => gltf::gltf_files(scene, stem)?,
        ExportFormat::Glb => vec![(format!("{stem}.glb"), gltf::glb_bytes(scene)?)],
    })
}

/// What an export wrote.
#[derive(Debug, Clone, PartialEq)]
pub struct ExportSummary {
    /// Every file written, with its size.
    pub files: Vec<(PathBuf, usize)>,
    pub nodes: usize,
    pub primitives: usize,
    pub vertices: usize,
    pub triangles: usize,
    pub points: usize,
    pub materials: usize,
    pub textures: usize,
    pub animation_channels: usize,
}

impl ExportSummary {
    pub fn of(scene: &Scene) -> ExportSummary {
        ExportSummary {
            files: Vec::new(),
            nodes: scene.nodes.len(),
            primitives: scene.primitive_count(),
            vertices: scene.vertex_count(),
            triangles: scene.triangle_count(),
            points: scene.point_count(),
            materials: scene.materials.len(),
            textures: scene.textures.len(),
            animation_channels: scene.channel_count(),
        }
    }
}

/// Encodes the scene in the format `out`'s extension names and writes `out` and its
/// companions (the `.bin`, `.mtl` and PNGs) into `out`'s folder. `out`'s own name is kept
/// as given; the companions are named after its stem.
pub fn export_to(scene: &Scene, out: &Path) -> Result<ExportSummary, ExportError> {
    let format = ExportFormat::from_path(out)
        .ok_or_else(|| ExportError::Usage(msg!("scene-export-output-type", "the output must end in .obj, .gltf or .glb").prefixed(&format!("{}: ", out.display()))))?;
    let stem = out.file_stem().and_then(|s| s.to_str()).filter(|s| !s.is_empty()).unwrap_or("export").to_string();
    let dir = out.parent().filter(|p| !p.as_os_str().is_empty()).map(Path::to_path_buf);
    let mut summary = ExportSummary::of(scene);
    for (i, (name, bytes)) in encode(scene, format, &stem)?.into_iter().enumerate() {
        // The first file is the document itself, under the name the caller asked for.
        let path = match (&dir, i) {
            (_, 0) => out.to_path_buf(),
            (Some(d), _) => d.join(&name),
            (None, _) => PathBuf::from(&name),
        };
        std::fs::write(&path, &bytes).map_err(|e| ExportError::Io(path.clone(), e))?;
        summary.files.push((path, bytes.len()));
    }
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_by_extension() {
        assert_eq!(ExportFormat::from_path(Path::new("a/B.GLB")), Some(ExportFormat::Glb));
        assert_eq!(ExportFormat::from_path(Path::new("x.gltf")), Some(ExportFormat::Gltf));
        assert_eq!(ExportFormat::from_path(Path::new("x.obj")), Some(ExportFormat::Obj));
        assert_eq!(ExportFormat::from_path(Path::new("x.fbx")), None);
        assert_eq!(ExportFormat::from_path(Path::new("x")), None);
    }
}
