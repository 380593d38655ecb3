//! Materials: each glTF material becomes a row of the model's WEAR table (docs/formats/wear.md).
//! A row whose name `Material.lib` holds uses that material as it is; otherwise, when asked,
//! a MAT0 material is made from the glTF base colour (docs/formats/mat0.md) and its base-colour
//! image becomes a Texm in `Textures.lib` through the same mip chain and encoder as `import-png`
//! (docs/formats/texm.md), or an identical texture already there is reused.

use super::gltf_read::Gltf;
use crate::formats::mat0::{Mat0, Phase, SHIPPED_VERSION};
use crate::formats::nres::Archive;
use crate::formats::readings::Readings;
use crate::formats::texm::mips::build_chain;
use crate::formats::texm::{EncodeOptions, Format, MipFilter, encode_levels};
use crate::formats::message::Message;
use crate::formats::{Error, Result, TYPE_MAT0, TYPE_TEXM, cp1251};
use crate::msg;

/// A material number is one byte of the batch (docs/formats/msh.md, Batch20 +4).
pub const MAX_ROWS: usize = 256;
/// A MAT0 phase's texture name field: 16 bytes with the NUL.
pub const MAX_TEXTURE_NAME: usize = 15;
pub const DEFAULT_MATERIAL: &str = "DEFAULT";

/// One WEAR row.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// As the engine looks it up: CP1251, no whitespace, at most 31 bytes.
    pub name: String,
    /// The glTF material (`None`: the row for primitives without one).
    pub gltf: Option<usize>,
    pub base_color: [f32; 4],
    pub emissive: [f32; 3],
    /// The glTF image of the base-colour texture.
    pub image: Option<usize>,
    pub blend: bool,
}

/// A name the WEAR parser reads as one token and the NRes directory holds (docs/formats/wear.md:
/// `%s` stops at whitespace; NRes names are at most 31 bytes).
fn wear_name(name: &str, warn: &mut Vec<Message>) -> String {
    let mut out: String = name.chars().map(|c| if c.is_whitespace() || c.is_control() || cp1251::encode_char(c).is_none() { '_' } else { c }).collect();
    if out.is_empty() {
        out = DEFAULT_MATERIAL.to_string();
    }
    while cp1251::encode(&out).map_or(0, |b| b.len()) > super::MAX_NAME {
        out.pop();
    }
    if out != name {
        warn.push(msg!("import-material-renamed", "material {name:?} is named {out} in the WEAR table (no spaces, at most 31 bytes)", name = name, out = &out));
    }
    out
}

/// The rows: every glTF material in order, then `DEFAULT` when a primitive has none.
pub fn rows(g: &Gltf, warn: &mut Vec<Message>) -> Result<Vec<Row>> {
    let mut rows = Vec::new();
    for (i, m) in g.doc.materials.iter().enumerate() {
        let pbr = m.pbr_metallic_roughness.as_ref();
        let base_color = pbr.and_then(|p| p.base_color_factor).unwrap_or([1.0; 4]).map(|c| if c.is_finite() { c.clamp(0.0, 1.0) } else { 1.0 });
        let image = pbr.and_then(|p| p.base_color_texture.as_ref()).and_then(|t| g.doc.textures.get(t.index)).and_then(|t| t.source);
        let name = wear_name(m.name.as_deref().unwrap_or(&format!("MAT{i}")), warn);
        rows.push(Row {
            name,
            gltf: Some(i),
            base_color,
            emissive: m.emissive_factor.unwrap_or([0.0; 3]).map(|c| if c.is_finite() { c.clamp(0.0, 1.0) } else { 0.0 }),
            image,
            blend: m.alpha_mode.as_deref() == Some("BLEND"),
        });
    }
    let unmaterialled = g.doc.meshes.iter().flat_map(|m| &m.primitives).any(|p| p.material.is_none());
    if unmaterialled || rows.is_empty() {
        rows.push(Row { name: DEFAULT_MATERIAL.into(), gltf: None, base_color: [0.8, 0.8, 0.8, 1.0], emissive: [0.0; 3], image: None, blend: false });
    }
    if rows.len() > MAX_ROWS {
        return Err(Error::new(0, msg!("import-too-many-materials", "the model has {count} materials, past the engine's limit of {max} (a batch's material is one byte)", count = rows.len(), max = MAX_ROWS)));
    }
    Ok(rows)
}

/// The WEAR table's text, in the game's DOS line endings.
pub fn wear_text(rows: &[Row]) -> Vec<u8> {
    let mut s = format!("{}\r\n", rows.len());
    for (i, r) in rows.iter().enumerate() {
        s.push_str(&format!("{i} {}\r\n", r.name));
    }
    cp1251::encode(&s).unwrap_or_else(|| s.into_bytes())
}

/// What the libraries gain.
#[derive(Debug, Default)]
pub struct LibraryChanges {
    /// `Material.lib`'s new bytes, when a material was added.
    pub material_lib: Option<Vec<u8>>,
    pub textures_lib: Option<Vec<u8>>,
    pub added_materials: Vec<String>,
    pub added_textures: Vec<String>,
    pub reused_textures: Vec<String>,
    /// Rows whose material the library lacks and nothing adds (the game uses DEFAULT).
    pub missing: Vec<String>,
}

fn parse_lib(bytes: &[u8], what: &str) -> Result<Archive> {
    Archive::parse(bytes.to_vec().into()).map(|(a, _)| a).map_err(|e| e.within(what.to_string()))
}

fn names_of(a: &Archive) -> Vec<String> {
    (0..a.len()).map(|i| a.entry(i).name()).collect()
}

/// Looks every row up in `material_lib` (its bytes, when the project has one) and adds the
/// missing ones whose `add` is set there (and their textures to `textures_lib`).
pub fn plan(rows: &[Row], g: &Gltf, material_lib: Option<&[u8]>, add: &[bool], textures_lib: Option<&[u8]>, readings: &Readings, warn: &mut Vec<Message>) -> Result<LibraryChanges> {
    let mut out = LibraryChanges::default();
    let mut mats = match material_lib {
        Some(b) => Some(parse_lib(b, "Material.lib")?),
        None => None,
    };
    let mut texs = match textures_lib {
        Some(b) => Some(parse_lib(b, "Textures.lib")?),
        None => None,
    };
    for (k, row) in rows.iter().enumerate() {
        let known = mats.as_ref().is_some_and(|a| names_of(a).iter().any(|n| n.eq_ignore_ascii_case(&row.name)));
        if known {
            continue;
        }
        let Some(lib) = mats.as_mut().filter(|_| add.get(k).copied().unwrap_or(false)) else {
            out.missing.push(row.name.clone());
            continue;
        };
        let texture = match (row.image, texs.as_mut()) {
            (Some(image), Some(tlib)) => Some(add_texture(g, image, &row.name, tlib, readings, &mut out, warn)?),
            (Some(_), None) => {
                warn.push(msg!("import-image-not-converted", "material {name}: its base-colour image is not converted (no --textures Textures.lib given)", name = &row.name));
                None
            }
            _ => None,
        };
        let mat = material(row, texture.as_deref().unwrap_or(""))?;
        let bytes = mat.write().map_err(|e| e.within(row.name.clone()))?;
        let name = cp1251::encode(&row.name).unwrap_or_else(|| row.name.as_bytes().to_vec());
        // attr1 holds the material's flags (0: opaque; nibble mode 1 blends, docs/formats/mat0.md),
        // attr2 the payload version.
        let attr1 = if row.blend { 1 << 2 } else { 0 };
        lib.add(&name, TYPE_MAT0, [attr1, SHIPPED_VERSION, 0], bytes).map_err(|e| e.within("Material.lib"))?;
        out.added_materials.push(row.name.clone());
    }
    if !out.added_materials.is_empty() {
        out.material_lib = mats.map(|a| a.write());
    }
    if !out.added_textures.is_empty() {
        out.textures_lib = texs.map(|a| a.write());
    }
    Ok(out)
}

/// A one-phase static material: the base colour as diffuse (and, darker, ambient), a little
/// specular, the emissive colour, the texture.
fn material(row: &Row, texture: &str) -> Result<Mat0> {
    let byte = |c: f32| (c.clamp(0.0, 1.0) * 255.0).round() as u8;
    let [r, g, b, a] = row.base_color;
    let mut params = [0u8; 18];
    params[0..4].copy_from_slice(&[byte(r * 0.5), byte(g * 0.5), byte(b * 0.5), 100]);
    params[4..8].copy_from_slice(&[byte(r), byte(g), byte(b), byte(a)]);
    params[8..12].copy_from_slice(&[32, 32, 32, 255]);
    let [er, eg, eb] = row.emissive;
    params[12..16].copy_from_slice(&[byte(er), byte(eg), byte(eb), 255]);
    params[16] = 3;
    let phase = Phase::new(params, texture).map_err(|e| e.within(row.name.clone()))?;
    Ok(Mat0 { version: SHIPPED_VERSION, meta: crate::formats::mat0::Meta::RUNTIME_DEFAULT, phases: vec![phase], anim: Vec::new() })
}

fn image_bytes(g: &Gltf, image: usize) -> Result<Vec<u8>> {
    let img = g.doc.images.get(image).ok_or_else(|| Error::new(0, msg!("gltf-image-missing", "image {image} does not exist", image = image)))?;
    match (&img.uri, img.buffer_view) {
        (Some(uri), _) => g.read_uri(uri),
        (None, Some(v)) => Ok(g.view(v)?.1.to_vec()),
        (None, None) => Err(Error::new(0, msg!("gltf-image-no-data", "image {image} has neither a uri nor a bufferView", image = image))),
    }
}

/// Converts a glTF image to a Texm named after the material and adds it (or finds an
/// identical one); returns the texture's name.
fn add_texture(g: &Gltf, image: usize, material: &str, lib: &mut Archive, readings: &Readings, out: &mut LibraryChanges, warn: &mut Vec<Message>) -> Result<String> {
    let ctx = |e: Error| e.within(format!("material {material}, image {image}"));
    let pixmap = crate::formats::texm::png::read_image(&image_bytes(g, image).map_err(ctx)?).map_err(ctx)?;
    let (w, h) = (pixmap.width, pixmap.height);
    if !w.is_power_of_two() || !h.is_power_of_two() {
        warn.push(msg!("import-image-not-power-of-two", "material {material}: its image is {w}x{h}; shipped textures are powers of two", material = material, w = w, h = h));
    }
    let alpha = pixmap.rgba.chunks_exact(4).any(|p| p[3] < 255);
    // Shipped textures: 565 where opaque, 4444 where they have alpha (docs/formats/texm.md).
    let format = if alpha { Format::Argb4444 } else { Format::Rgb565 };
    let levels = (0..32).find(|&l| (w >> l) <= 1 && (h >> l) <= 1).map_or(1, |l| l + 1);
    let chain = build_chain(pixmap, levels, MipFilter::Box).map_err(ctx)?;
    let opts = EncodeOptions { format: Some(format), flags4: if levels > 1 { 32 } else { 0 }, ..EncodeOptions::default() };
    let (texm, _) = encode_levels(&chain, &opts, readings).map_err(ctx)?;
    let bytes = texm.write();
    let stem: String = material.chars().filter(|c| c.is_ascii_alphanumeric() || *c == '_').map(|c| c.to_ascii_uppercase()).take(MAX_TEXTURE_NAME - 2).collect();
    let stem = if stem.is_empty() { "TEX".to_string() } else { stem };
    let existing = names_of(lib);
    for k in 0..1000 {
        let name = if k == 0 { format!("{stem}.0") } else {
            let tag = k.to_string();
            format!("{}{tag}.0", &stem[..stem.len().min(MAX_TEXTURE_NAME - 2 - tag.len())])
        };
        match existing.iter().position(|n| n.eq_ignore_ascii_case(&name)) {
            Some(i) if lib.payload(i).as_slice() == bytes.as_slice() => {
                out.reused_textures.push(name.clone());
                return Ok(name);
            }
            Some(_) => continue,
            None => {
                lib.add(name.as_bytes(), TYPE_TEXM, [0; 3], bytes).map_err(|e| e.within("Textures.lib"))?;
                out.added_textures.push(name.clone());
                return Ok(name);
            }
        }
    }
    Err(Error::new(0, msg!("import-no-texture-name", "no free texture name for {stem} in Textures.lib", stem = &stem)))
}
