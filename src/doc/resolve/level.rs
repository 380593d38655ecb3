//! A `level` with the files it draws from: level.geom and level.geomx read beside it through
//! an [`AssetSource`] (the folder for the CLI, the workspace first for the editor), and its
//! visuals' draw ranges resolved against them. The scene layer draws it; `check` and `info`
//! report what it found.

use super::{AssetSource, Found, prefixed};
use crate::formats::bytes::SharedBytes;
use crate::formats::xray_geom::LevelGeom;
use crate::formats::xray_level::Level;
use crate::formats::xray_level::draw::{Resolved, resolve};
use crate::formats::{Diagnostic, Result};

/// A level with the files beside it, resolved.
pub struct LevelFiles {
    pub level: Level,
    pub geom: Option<LevelGeom>,
    pub geomx: Option<LevelGeom>,
    pub resolved: Resolved,
    /// Where level.geom and level.geomx came from, or why not.
    pub notes: Vec<crate::formats::Message>,
    pub diagnostics: Vec<Diagnostic>,
}

fn sibling(assets: &dyn AssetSource, name: &str, notes: &mut Vec<crate::formats::Message>, diags: &mut Vec<Diagnostic>) -> Option<LevelGeom> {
    match assets.beside(name) {
        Found::Yes(b) => match LevelGeom::parse(b.bytes) {
            Ok((g, d)) => {
                notes.push(format!("{name}: {}", b.origin).into());
                diags.extend(d.iter().map(|d| Diagnostic { offset: None, ..prefixed(name, d) }));
                Some(g)
            }
            Err(e) => {
                diags.push(Diagnostic::warning(0u64, crate::msg!("resolve-sibling-unreadable", "{name} at {origin} cannot be read: {error}", name = name, origin = &b.origin, error = &e)));
                None
            }
        },
        other => {
            if let Some(m) = other.why(name) {
                notes.push(m);
            }
            None
        }
    }
}

impl LevelFiles {
    /// Parses the level and reads level.geom and level.geomx beside it.
    pub fn open(bytes: SharedBytes, assets: &dyn AssetSource) -> Result<LevelFiles> {
        let (level, mut diagnostics) = Level::parse(bytes)?;
        let mut notes = Vec::new();
        let geom = sibling(assets, "level.geom", &mut notes, &mut diagnostics);
        let fastpath = level.visuals.iter().any(|v| v.fastpath.is_some());
        let geomx = if fastpath { sibling(assets, "level.geomx", &mut notes, &mut diagnostics) } else { None };
        let resolved = resolve(&level, geom.as_ref(), geomx.as_ref());
        diagnostics.extend(resolved.diagnostics.iter().cloned());
        Ok(LevelFiles { level, geom, geomx, resolved, notes, diagnostics })
    }
}

/// Whether an item is a `level` (by name or by its chunks).
pub fn is_level(name: &str, bytes: &[u8]) -> bool {
    name.eq_ignore_ascii_case("level") || Level::sniff(bytes)
}

