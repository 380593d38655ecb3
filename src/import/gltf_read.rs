//! Reading a glTF 2.0 file: the `.glb` container or a `.gltf` document, its buffers (the GLB's
//! BIN chunk, `data:` URIs, or files beside the document), and accessors as flat arrays.
//!
//! The document is deserialised into this module's own types, which name only what the importer
//! reads. `gltf-json` (already a dependency, for export) keeps node names and `extras` behind
//! cargo features that change its struct shapes for every user in the crate (see
//! `export::gltf::blank`), and the `gltf` crate's reader is written for trusted files; the
//! importer takes hostile input (it is fuzzed: `fuzz_targets/import_gltf.rs`), so every index,
//! count and byte range is checked here before anything is allocated or sliced.

use crate::formats::bytes::SharedBytes;
use crate::formats::{Error, Result};
use crate::msg;
use serde::Deserialize;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Extensions whose absence changes nothing the importer reads: it may ignore them.
const HARMLESS_EXTENSIONS: [&str; 6] = [
    "KHR_materials_emissive_strength",
    "KHR_materials_specular",
    "KHR_materials_ior",
    "KHR_texture_transform",
    "KHR_materials_unlit",
    "KHR_lights_punctual",
];

#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Doc {
    pub extensions_used: Vec<String>,
    pub extensions_required: Vec<String>,
    pub scene: Option<usize>,
    pub scenes: Vec<SceneJ>,
    pub nodes: Vec<NodeJ>,
    pub meshes: Vec<MeshJ>,
    pub accessors: Vec<AccessorJ>,
    pub buffer_views: Vec<ViewJ>,
    pub buffers: Vec<BufferJ>,
    pub materials: Vec<MaterialJ>,
    pub textures: Vec<TextureJ>,
    pub images: Vec<ImageJ>,
    pub animations: Vec<AnimationJ>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct SceneJ {
    pub nodes: Vec<usize>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct NodeJ {
    pub name: Option<String>,
    pub children: Vec<usize>,
    pub mesh: Option<usize>,
    pub skin: Option<usize>,
    pub translation: Option<[f32; 3]>,
    pub rotation: Option<[f32; 4]>,
    pub scale: Option<[f32; 3]>,
    pub matrix: Option<[f32; 16]>,
    pub extras: Option<Value>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct MeshJ {
    pub name: Option<String>,
    pub primitives: Vec<PrimitiveJ>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct PrimitiveJ {
    pub attributes: BTreeMap<String, usize>,
    pub indices: Option<usize>,
    pub material: Option<usize>,
    pub mode: Option<u32>,
    pub targets: Option<Vec<Value>>,
    pub extensions: Option<serde_json::Map<String, Value>>,
    pub extras: Option<Value>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct AccessorJ {
    pub buffer_view: Option<usize>,
    pub byte_offset: u64,
    pub component_type: u32,
    pub normalized: bool,
    pub count: u64,
    #[serde(rename = "type")]
    pub type_: String,
    pub sparse: Option<Value>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct ViewJ {
    pub buffer: usize,
    pub byte_offset: u64,
    pub byte_length: u64,
    pub byte_stride: Option<u64>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct BufferJ {
    pub uri: Option<String>,
    pub byte_length: u64,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct MaterialJ {
    pub name: Option<String>,
    pub pbr_metallic_roughness: Option<PbrJ>,
    pub emissive_factor: Option<[f32; 3]>,
    pub alpha_mode: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct PbrJ {
    pub base_color_factor: Option<[f32; 4]>,
    pub base_color_texture: Option<TexInfoJ>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct TexInfoJ {
    pub index: usize,
    pub tex_coord: u32,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct TextureJ {
    pub source: Option<usize>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct ImageJ {
    pub name: Option<String>,
    pub uri: Option<String>,
    pub buffer_view: Option<usize>,
    pub mime_type: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct AnimationJ {
    pub name: Option<String>,
    pub channels: Vec<ChannelJ>,
    pub samplers: Vec<SamplerJ>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct ChannelJ {
    pub sampler: usize,
    pub target: TargetJ,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct TargetJ {
    pub node: Option<usize>,
    pub path: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct SamplerJ {
    pub input: usize,
    pub output: usize,
    pub interpolation: Option<String>,
}

/// A glTF with its buffers loaded.
#[derive(Debug, Default)]
pub struct Gltf {
    pub doc: Doc,
    /// Views into the file's bytes for a GLB's BIN chunk (no copy), else the loaded data.
    pub buffers: Vec<SharedBytes>,
    /// The folder external files are read from (`None`: external URIs are refused).
    pub base: Option<PathBuf>,
    /// Extensions the file uses that the importer ignores.
    pub ignored_extensions: Vec<String>,
}

const GLB_MAGIC: &[u8; 4] = b"glTF";
const CHUNK_JSON: u32 = 0x4E4F_534A;
const CHUNK_BIN: u32 = 0x004E_4942;

fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(at..at.checked_add(4)?)?.try_into().ok()?))
}

/// Splits a `.glb` into its JSON and BIN chunks (their byte ranges).
fn glb_chunks(bytes: &[u8]) -> Result<(std::ops::Range<usize>, Option<std::ops::Range<usize>>)> {
    let version = u32_at(bytes, 4).ok_or_else(|| Error::new(4, msg!("gltf-glb-header-short", "the GLB header is cut short (12 bytes expected)")))?;
    if version != 2 {
        return Err(Error::new(4, msg!("gltf-glb-version", "GLB version {version}; only glTF 2.0 is read", version = version)));
    }
    let declared = u32_at(bytes, 8).unwrap_or(0) as usize;
    if declared > bytes.len() || declared < 12 {
        return Err(Error::new(8, msg!("gltf-glb-length", "the GLB header declares {declared} bytes; the file has {length}", declared = declared, length = bytes.len())));
    }
    let bytes = &bytes[..declared];
    let mut at = 12usize;
    let (mut json, mut bin) = (None, None);
    while at < bytes.len() {
        let len = u32_at(bytes, at).ok_or_else(|| Error::new(at, msg!("gltf-glb-chunk-short", "a GLB chunk header is cut short (8 bytes expected)")))? as usize;
        let kind = u32_at(bytes, at + 4).ok_or_else(|| Error::new(at + 4, msg!("gltf-glb-chunk-short", "a GLB chunk header is cut short (8 bytes expected)")))?;
        let start = at + 8;
        let data = start.checked_add(len).filter(|&end| end <= bytes.len()).map(|end| start..end).ok_or_else(|| {
            Error::new(at, msg!("gltf-glb-chunk-length", "a GLB chunk declares {len} bytes; {left} remain", len = len, left = bytes.len().saturating_sub(start)))
        })?;
        match kind {
            CHUNK_JSON if json.is_none() => json = Some(data),
            CHUNK_BIN if bin.is_none() && json.is_some() => bin = Some(data),
            _ => {} // Other chunk types are to be ignored (glTF 2.0, 4.4.3).
        }
        at = start + len;
    }
    let json = json.ok_or_else(|| Error::new(12, msg!("gltf-glb-no-json", "the GLB has no JSON chunk (it must be the first chunk)")))?;
    Ok((json, bin))
}

/// Parses `.glb` or `.gltf` bytes and loads every buffer. `base` is the document's folder;
/// without it a buffer or image in another file is an error.
pub fn load(bytes: impl Into<SharedBytes>, base: Option<&Path>) -> Result<Gltf> {
    let bytes: SharedBytes = bytes.into();
    let (json, bin) = if bytes.starts_with(GLB_MAGIC) { glb_chunks(&bytes)? } else { (0..bytes.len(), None) };
    let doc: Doc = serde_json::from_slice(&bytes[json]).map_err(|e| {
        Error::new(
            0,
            msg!("gltf-json-bad", "the glTF JSON does not read at line {line}, column {column}: {error}", line = e.line(), column = e.column(), error = e.to_string()),
        )
    })?;
    let mut ignored = Vec::new();
    for ext in &doc.extensions_required {
        if !HARMLESS_EXTENSIONS.contains(&ext.as_str()) {
            return Err(Error::new(
                0,
                if compressed(ext) {
                    msg!(
                        "gltf-requires-compression",
                        "the file requires the extension {ext}, which the importer does not read; export again without mesh compression (Blender: uncheck Compression in the glTF export)",
                        ext = ext
                    )
                } else {
                    msg!("gltf-requires-extension", "the file requires the extension {ext}, which the importer does not read", ext = ext)
                },
            ));
        }
    }
    for ext in &doc.extensions_used {
        if compressed(ext) {
            return Err(Error::new(
                0,
                msg!(
                    "gltf-uses-compression",
                    "the file uses {ext}, which the importer does not read; export again without mesh compression (Blender: uncheck Compression in the glTF export)",
                    ext = ext
                ),
            ));
        }
        ignored.push(ext.clone());
    }
    let mut gltf = Gltf { doc, buffers: Vec::new(), base: base.map(Path::to_path_buf), ignored_extensions: ignored };
    let mut buffers = Vec::with_capacity(gltf.doc.buffers.len().min(1024));
    for (i, b) in gltf.doc.buffers.iter().enumerate() {
        let data = match (&b.uri, i, &bin) {
            (None, 0, Some(bin)) => bytes.slice(bin.clone()),
            (None, _, _) => return Err(Error::new(0, msg!("gltf-buffer-no-uri", "buffer {i} has no uri and is not the GLB's BIN chunk", i = i))),
            (Some(uri), _, _) => SharedBytes::from(gltf.read_uri(uri).map_err(|e| e.within(format!("buffer {i}")))?),
        };
        if (data.len() as u64) < b.byte_length {
            return Err(Error::new(0, msg!("gltf-buffer-short", "buffer {i} declares {declared} bytes; its data has {length}", i = i, declared = b.byte_length, length = data.len())));
        }
        buffers.push(data);
    }
    gltf.buffers = buffers;
    Ok(gltf)
}

/// Whether `ext` compresses the meshes (the importer reads neither; the message says how to
/// export without).
fn compressed(ext: &str) -> bool {
    ext == "KHR_draco_mesh_compression" || ext == "EXT_meshopt_compression"
}

impl Gltf {
    /// The bytes a URI names: a `data:` URI's payload, or a file relative to the document.
    pub fn read_uri(&self, uri: &str) -> Result<Vec<u8>> {
        if let Some(rest) = uri.strip_prefix("data:") {
            let (_, data) = rest.split_once(";base64,").ok_or_else(|| Error::new(0, msg!("gltf-uri-not-base64", "a data: URI that is not base64")))?;
            return base64_decode(data);
        }
        let rel = percent_decode(uri);
        let path = Path::new(&rel);
        let unsafe_path = path.is_absolute() || path.components().any(|c| !matches!(c, std::path::Component::Normal(_) | std::path::Component::CurDir));
        if unsafe_path || uri.contains("://") {
            return Err(Error::new(0, msg!("gltf-uri-outside", "the URI {uri} is not a file beside the document (only relative paths inside its folder are read)", uri = uri)));
        }
        let base = self.base.as_ref().ok_or_else(|| Error::new(0, msg!("gltf-uri-no-folder", "{uri} is a separate file, and this glTF was given without its folder", uri = uri)))?;
        let full = base.join(path);
        std::fs::read(&full).map_err(|e| Error::new(0, msg!("gltf-uri-read-failed", "{path}: {error}", path = full.display().to_string(), error = e.to_string())))
    }

    /// The bytes of a buffer view, checked against its buffer.
    pub fn view(&self, index: usize) -> Result<(&ViewJ, &[u8])> {
        let v = self.doc.buffer_views.get(index).ok_or_else(|| Error::new(0, msg!("gltf-view-missing", "bufferView {index} does not exist", index = index)))?;
        let buf = self.buffers.get(v.buffer).ok_or_else(|| Error::new(0, msg!("gltf-view-buffer-missing", "bufferView {index} names buffer {buffer}, which does not exist", index = index, buffer = v.buffer)))?;
        let end = v.byte_offset.checked_add(v.byte_length).filter(|&e| e <= buf.len() as u64).ok_or_else(|| {
            Error::new(
                v.byte_offset,
                msg!(
                    "gltf-view-outside",
                    "bufferView {index} covers {offset}+{length} bytes of buffer {buffer}, which has {size}",
                    index = index,
                    offset = v.byte_offset,
                    length = v.byte_length,
                    buffer = v.buffer,
                    size = buf.len()
                ),
            )
        })?;
        Ok((v, &buf[v.byte_offset as usize..end as usize]))
    }

    /// An accessor's elements as `N` floats each. Floats are read as they are; integer
    /// components only when `normalized` (as glTF allows for UVs, colours and normals), or
    /// `integers` for plain integers.
    pub fn read_floats<const N: usize>(&self, index: usize, integers: bool) -> Result<Vec<[f32; N]>> {
        let (a, raw, stride, comp) = self.accessor_bytes(index, N)?;
        let count = a.count as usize;
        let mut out = Vec::with_capacity(count);
        let elem = |i: usize, k: usize| i * stride + k * comp;
        let normalized = a.normalized;
        let conv: fn(&[u8]) -> f32 = match (a.component_type, normalized || integers) {
            (5126, _) => |b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]),
            (5121, true) => |b| b[0] as f32,
            (5120, true) => |b| b[0] as i8 as f32,
            (5123, true) => |b| u16::from_le_bytes([b[0], b[1]]) as f32,
            (5122, true) => |b| i16::from_le_bytes([b[0], b[1]]) as f32,
            (t, _) => return Err(Error::new(0, msg!("gltf-accessor-not-floats", "accessor {index}: component type {t} where floats (or normalized integers) are expected", index = index, t = t))),
        };
        // glTF 2.0, 3.11: the normalized integer to float mappings.
        let scale = match (a.component_type, normalized) {
            (5121, true) => 1.0 / 255.0,
            (5120, true) => 1.0 / 127.0,
            (5123, true) => 1.0 / 65535.0,
            (5122, true) => 1.0 / 32767.0,
            _ => 1.0,
        };
        for i in 0..count {
            let mut v = [0f32; N];
            for (k, x) in v.iter_mut().enumerate() {
                let at = elem(i, k);
                let f = conv(&raw[at..at + comp]) * scale;
                *x = if normalized && a.component_type != 5126 { f.max(-1.0) } else { f };
            }
            out.push(v);
        }
        Ok(out)
    }

    /// An index accessor (unsigned byte, short or int scalars).
    pub fn read_indices(&self, index: usize) -> Result<Vec<u32>> {
        let (a, raw, stride, comp) = self.accessor_bytes(index, 1)?;
        let read: fn(&[u8]) -> u32 = match a.component_type {
            5121 => |b| b[0] as u32,
            5123 => |b| u16::from_le_bytes([b[0], b[1]]) as u32,
            5125 => |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]),
            t => return Err(Error::new(0, msg!("gltf-accessor-index-type", "accessor {index}: component type {t} for indices (5121, 5123 or 5125 expected)", index = index, t = t))),
        };
        Ok((0..a.count as usize).map(|i| read(&raw[i * stride..i * stride + comp])).collect())
    }

    /// Checks an accessor of `n` components per element against its view and returns the
    /// bytes from its first element, the stride and the component size. Every element lies
    /// inside the returned slice.
    fn accessor_bytes(&self, index: usize, n: usize) -> Result<(&AccessorJ, &[u8], usize, usize)> {
        let a = self.doc.accessors.get(index).ok_or_else(|| Error::new(0, msg!("gltf-accessor-missing", "accessor {index} does not exist", index = index)))?;
        if a.sparse.is_some() {
            return Err(Error::new(
                0,
                msg!(
                    "gltf-accessor-sparse",
                    "accessor {index}: sparse storage, which the importer does not read; export without sparse accessors (Blender: uncheck Use Sparse Accessors)",
                    index = index
                ),
            ));
        }
        let want = match n {
            1 => "SCALAR",
            2 => "VEC2",
            3 => "VEC3",
            4 => "VEC4",
            _ => "?",
        };
        if a.type_ != want {
            return Err(Error::new(0, msg!("gltf-accessor-type", "accessor {index}: type {found} where {want} is expected", index = index, found = &a.type_, want = want)));
        }
        let comp = match a.component_type {
            5120 | 5121 => 1,
            5122 | 5123 => 2,
            5125 | 5126 => 4,
            t => return Err(Error::new(0, msg!("gltf-accessor-component-unknown", "accessor {index}: unknown component type {t}", index = index, t = t))),
        };
        let view_index = a
            .buffer_view
            .ok_or_else(|| Error::new(0, msg!("gltf-accessor-no-view", "accessor {index}: no bufferView (an all-zero accessor), which the importer does not read", index = index)))?;
        let (v, bytes) = self.view(view_index).map_err(|e| e.within(format!("accessor {index}")))?;
        let elem = (comp * n) as u64;
        let stride = v.byte_stride.unwrap_or(elem);
        if stride < elem || stride > 252 {
            return Err(Error::new(0, msg!("gltf-accessor-stride", "accessor {index}: byteStride {stride} for {elem}-byte elements (glTF allows {elem}..252)", index = index, stride = stride, elem = elem)));
        }
        let need = match a.count {
            0 => 0,
            c => (c - 1).checked_mul(stride).and_then(|x| x.checked_add(elem)).and_then(|x| x.checked_add(a.byte_offset)).unwrap_or(u64::MAX),
        };
        if need > bytes.len() as u64 {
            return Err(Error::new(
                v.byte_offset.saturating_add(a.byte_offset),
                msg!(
                    "gltf-accessor-outside",
                    "accessor {index}: {count} elements of {elem} bytes every {stride} from offset {offset} need {need} bytes; bufferView {view} has {size}",
                    index = index,
                    count = a.count,
                    elem = elem,
                    stride = stride,
                    offset = a.byte_offset,
                    need = need,
                    view = view_index,
                    size = bytes.len()
                ),
            ));
        }
        Ok((a, &bytes[a.byte_offset.min(bytes.len() as u64) as usize..], stride as usize, comp))
    }
}

fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |c: u8| (c as char).to_digit(16);
        if b[i] == b'%'
            && let (Some(h), Some(l)) = (b.get(i + 1).and_then(|&c| hex(c)), b.get(i + 2).and_then(|&c| hex(c)))
        {
            out.push((h * 16 + l) as u8);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Standard base64 (with or without padding; whitespace is not allowed in a URI).
pub fn base64_decode(s: &str) -> Result<Vec<u8>> {
    let val = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' | b'-' => 62,
            b'/' | b'_' => 63,
            _ => return None,
        } as u32)
    };
    let data = s.trim_end_matches('=').as_bytes();
    let mut out = Vec::with_capacity(data.len() / 4 * 3 + 3);
    for (ci, chunk) in data.chunks(4).enumerate() {
        let mut acc = 0u32;
        for (k, &c) in chunk.iter().enumerate() {
            let v = val(c).ok_or_else(|| Error::new(ci * 4 + k, msg!("gltf-base64-byte", "byte {c} is not base64", c = format!("{c:#04x}"))))?;
            acc |= v << (18 - 6 * k);
        }
        let bytes = acc.to_be_bytes();
        match chunk.len() {
            4 => out.extend_from_slice(&bytes[1..4]),
            3 => out.extend_from_slice(&bytes[1..3]),
            2 => out.push(bytes[1]),
            _ => return Err(Error::new(ci * 4, msg!("gltf-base64-length", "a base64 text whose length leaves one character over"))),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_round_trips() {
        assert_eq!(base64_decode("aGVsbG8=").unwrap(), b"hello");
        assert_eq!(base64_decode("aGVsbG8").unwrap(), b"hello");
        assert_eq!(base64_decode("AAEC").unwrap(), [0, 1, 2]);
        assert!(base64_decode("a").is_err());
        assert!(base64_decode("a*==").is_err());
    }

    #[test]
    fn percent_decoding_and_unsafe_uris() {
        assert_eq!(percent_decode("a%20b.bin"), "a b.bin");
        assert_eq!(percent_decode("100%"), "100%");
        let g = Gltf { base: Some(PathBuf::from("/nonexistent")), ..Gltf::default() };
        for uri in ["../x.bin", "/etc/passwd", "http://x/y.bin"] {
            assert!(g.read_uri(uri).unwrap_err().message.contains("not a file beside"), "{uri}");
        }
    }

    #[test]
    fn glb_chunks_are_checked() {
        assert!(load(b"glTF\x02\0\0\0\x0c\0\0\0", None).unwrap_err().message.contains("no JSON chunk"));
        let mut glb = b"glTF\x02\0\0\0\x20\0\0\0".to_vec();
        glb.extend_from_slice(&100u32.to_le_bytes());
        glb.extend_from_slice(&CHUNK_JSON.to_le_bytes());
        glb.extend_from_slice(b"{}      \0\0\0\0");
        assert!(load(&glb, None).unwrap_err().message.contains("declares 100 bytes"));
        assert!(load(b"glTF\x01\0\0\0", None).unwrap_err().message.contains("version 1"));
    }

    #[test]
    fn refused_extensions_and_sparse() {
        let e = load(br#"{"extensionsUsed":["KHR_draco_mesh_compression"]}"#, None).unwrap_err();
        assert!(e.message.contains("KHR_draco_mesh_compression"), "{e}");
        let e = load(br#"{"extensionsRequired":["EXT_foo"],"extensionsUsed":["EXT_foo"]}"#, None).unwrap_err();
        assert!(e.message.contains("EXT_foo"));
        let g = load(br#"{"buffers":[{"uri":"data:application/octet-stream;base64,AAAAAAAAAAAAAAAA","byteLength":12}],
            "bufferViews":[{"buffer":0,"byteLength":12}],
            "accessors":[{"bufferView":0,"componentType":5126,"count":1,"type":"VEC3","sparse":{"count":1}},
                         {"bufferView":0,"componentType":5126,"count":2,"type":"VEC3"},
                         {"bufferView":0,"componentType":5126,"count":1,"type":"VEC3"}]}"#, None).unwrap();
        assert!(g.read_floats::<3>(0, false).unwrap_err().message.contains("sparse"));
        assert!(g.read_floats::<3>(1, false).unwrap_err().message.contains("need 24 bytes"));
        assert_eq!(g.read_floats::<3>(2, false).unwrap(), vec![[0.0; 3]]);
        assert!(g.read_floats::<2>(2, false).unwrap_err().message.contains("VEC2"));
        assert!(g.read_floats::<3>(9, false).is_err());
    }
}
