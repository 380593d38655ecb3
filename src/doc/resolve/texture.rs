//! The last link of the chain: a phase's texture name to the decoded texture, the way the
//! engine's loader finds it (docs/formats/texm.md): the entry of that name in
//! `Textures.lib`, the palette its name's suffix selects from `palettes.lib`, level 0 decoded
//! to RGBA with the runtime's alpha rule for palettised alpha surfaces.

use super::assets::{AssetSource, Found};
use crate::formats::readings::Readings;
use crate::formats::texm::{Format, PalEntry, Pixmap, Rect, Texm, palette_suffix, slot_name};
use super::warn;
use super::prefixed;
use crate::formats::{Diagnostic, Message, cp1251};
use crate::msg;

pub const TEXTURES_LIB: &str = "Textures.lib";
pub const PALETTES_LIB: &str = "palettes.lib";

/// A texture as a material uses it.
#[derive(Debug, Clone, PartialEq)]
pub struct ResolvedTexture {
    /// The name as the phase gives it (CP1251 decoded).
    pub name: String,
    /// Library and entry it was read from.
    pub origin: String,
    /// Stored width and height (level 0).
    pub width: u32,
    pub height: u32,
    pub format: Format,
    /// The `palettes.lib` entry the name's suffix selects (`A.PAL`), when there is one.
    pub palette: Option<String>,
    /// Whether that palette is what the pixels were decoded through: formats with an embedded
    /// palette decode through their own (the engine's loader copies it into the surface).
    pub palette_used: bool,
    /// Level 0 as RGBA.
    pub image: Pixmap,
    /// Some texel is not fully opaque.
    pub has_alpha: bool,
    /// Rects of the Page tail as stored (the runtime's rect 0, the whole texture, not among them).
    pub page: Vec<Rect>,
}

impl ResolvedTexture {
    /// The part of the texture a phase's cell byte selects, as `[u0, v0, du, dv]`: stored Page
    /// rect `cell` over the stored size (the UV formula of docs/formats/texm.md#rects-at-run-time).
    /// `None` (the whole texture) for -1 (0xFF read signed), a cell past the stored rects or an
    /// empty rect. docs/formats/texm.md#rects-at-run-time: which stored rect a cell names is
    /// unconfirmed (the runtime puts the whole texture first); this is the reading the editor
    /// shows, with the byte kept as it is.
    pub fn cell_uv(&self, cell: i32) -> Option<[f32; 4]> {
        let r = self.page.get(usize::try_from(cell).ok()?)?;
        if r.w <= 0 || r.h <= 0 || self.width == 0 || self.height == 0 {
            return None;
        }
        let (w, h) = (f64::from(self.width), f64::from(self.height));
        Some([f64::from(r.x) / w, f64::from(r.y) / h, f64::from(r.w) / w, f64::from(r.h) / h].map(|v| v as f32))
    }
}

/// Finds, decodes and describes one texture; `None` (with the reason among the
/// diagnostics) when the game would have no texture either.
pub fn resolve_texture(assets: &dyn AssetSource, name: &[u8], readings: &Readings, diags: &mut Vec<Diagnostic>) -> Option<ResolvedTexture> {
    let shown = cp1251::decode(name);
    let suffix = palette_suffix(name);
    if let Some(d) = suffix.diagnostic() {
        diags.push(prefixed(&format!("texture {shown}"), &d));
    }
    let lib = match assets.library(TEXTURES_LIB) {
        Found::Yes(l) => l,
        other => {
            let why = other.why(TEXTURES_LIB).unwrap_or_default();
            diags.push(warn(msg!("resolve-texture-lib-missing", "texture {shown}: {why}; drawn untextured", shown = &shown, why = &why)));
            return None;
        }
    };
    let Some(index) = lib.find(name) else {
        diags.push(warn(msg!("resolve-texture-not-found", "texture {shown} not found in {lib}; drawn untextured", shown = &shown, lib = &lib.origin)));
        return None;
    };
    let origin = format!("{}::{shown}", lib.origin);
    let payload = lib.archive.payload(index);
    let (texm, parse_diags) = match Texm::parse(&payload) {
        Ok(x) => x,
        Err(e) => {
            diags.push(Diagnostic::warning(e.offset, msg!("resolve-texture-unreadable", "texture {origin}: {error}; drawn untextured", origin = &origin, error = &e.message)));
            return None;
        }
    };
    let Some(format) = texm.format() else {
        for d in parse_diags {
            diags.push(prefixed(&format!("texture {origin}"), &d));
        }
        diags.push(warn(msg!("resolve-texture-format", "texture {origin}: the game cannot load its format; drawn untextured", origin = &origin)));
        return None;
    };
    let (palette, palette_name) = suffix_palette(assets, name, &shown, format, diags);
    let palette_used = palette.is_some() && texm.palette().is_none() && format.is_indexed();
    if format == Format::External && !palette_used {
        diags.push(warn(msg!(
            "resolve-texture-no-palette",
            "texture {origin}: format 2 indexes an external palette and its name selects none; decoded as greyscale",
            origin = &origin
        )));
    }
    let mut image = match texm.decode_mip(0, readings, palette.as_ref().map(|p| &p.palette)) {
        Ok(i) => i,
        Err(e) => {
            diags.push(Diagnostic::warning(e.offset, msg!("resolve-texture-unreadable", "texture {origin}: {error}; drawn untextured", origin = &origin, error = &e.message)));
            return None;
        }
    };
    // The runtime's view of a palettised texture on an alpha surface: index 0 is transparent.
    if texm.header().index0_transparent()
        && let Ok(indices) = texm.mip_bytes(0)
    {
        for (px, &i) in image.rgba.chunks_exact_mut(4).zip(indices) {
            if i == 0 {
                px[3] = 0;
            }
        }
    }
    let has_alpha = image.has_transparency();
    Some(ResolvedTexture {
        name: shown,
        origin,
        width: texm.width(),
        height: texm.height(),
        format,
        palette: palette_name,
        palette_used,
        has_alpha,
        page: texm.page().map(|p| p.rects.clone()).unwrap_or_default(),
        image,
    })
}

/// The palette the name's suffix selects, read from `palettes.lib` (a missing one is
/// reported only when the texture needs it: the loader binds nothing and moves on).
fn suffix_palette(
    assets: &dyn AssetSource,
    name: &[u8],
    shown: &str,
    format: Format,
    diags: &mut Vec<Diagnostic>,
) -> (Option<PalEntry>, Option<String>) {
    let Some(slot) = palette_suffix(name).slot() else { return (None, None) };
    let Some(entry_name) = slot_name(slot) else { return (None, None) };
    let needed = format == Format::External;
    let lib = match assets.library(PALETTES_LIB) {
        Found::Yes(l) => l,
        other => {
            if needed {
                let why = other.why(PALETTES_LIB).unwrap_or_else(|| Message::from(""));
                diags.push(warn(why.prefixed(&format!("texture {shown}: its palette {entry_name}: "))));
            }
            return (None, Some(entry_name));
        }
    };
    let Some(i) = lib.find(entry_name.as_bytes()) else {
        if needed {
            diags.push(warn(msg!("resolve-palette-not-found", "texture {shown}: palette {entry_name} not found in {lib}", shown = shown, entry_name = &entry_name, lib = &lib.origin)));
        }
        return (None, Some(entry_name));
    };
    match PalEntry::parse(&lib.archive.payload(i)) {
        Ok(p) => (Some(p), Some(entry_name)),
        Err(e) => {
            diags.push(Diagnostic::warning(e.offset, e.text().prefixed(&format!("texture {shown}: palette {}::{entry_name}: ", lib.origin))));
            (None, Some(entry_name))
        }
    }
}
