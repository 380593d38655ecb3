//! A [`Scene`] as glTF 2.0 through `gltf-json`'s typed document: the node hierarchy with
//! translation and rotation, one mesh per node with a primitive per batch (or per material
//! group, or per vertex buffer), materials with the base-colour factor and texture, and the
//! animation as linear translation and rotation samplers. Binary data goes into one buffer:
//! a `.bin` beside the `.gltf` with PNG files for the images, or the BIN chunk of a `.glb`
//! with the PNGs as buffer views.

use super::glb;
use crate::scene::{Primitive, Scene};
use crate::formats::texm::png::png_bytes;
use crate::formats::{Error, Result};
use gltf_json as json;
use json::validation::Checked::Valid;
use json::validation::USize64;
use json::{Index, Root, accessor, animation, buffer, material, mesh, texture};
use serde_json::{Value, json as j};
use std::collections::BTreeMap;

/// How images are stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Images {
    /// PNG files beside the document; `prefix` starts each file name.
    Files { prefix: String },
    /// Buffer views of the one buffer (`.glb`).
    Embedded,
}

/// A written glTF: the document, its binary buffer, and (for [`Images::Files`]) the PNG files.
#[derive(Debug, Clone)]
pub struct GltfOutput {
    pub document: Value,
    pub bin: Vec<u8>,
    pub images: Vec<(String, Vec<u8>)>,
}

/// Objects of `gltf-json` that hold a `name` field only under its `names` feature, which the
/// `gltf` dev-dependency switches on in test builds: a struct literal cannot compile both
/// ways, so these objects start from their minimal deserialised form (required fields only)
/// and get every value through their typed fields; names are added to the serialised
/// document by [`with_names`].
fn blank<T: serde::de::DeserializeOwned>(required: Value) -> T {
    serde_json::from_value(required).expect("a minimal glTF object with its required fields deserialises")
}

#[derive(Default)]
struct Names {
    nodes: Vec<(usize, String)>,
    meshes: Vec<(usize, String)>,
    materials: Vec<(usize, String)>,
    images: Vec<(usize, String)>,
    animations: Vec<(usize, String)>,
    scenes: Vec<(usize, String)>,
    /// `extras` of nodes, and of primitives by (mesh, primitive) (`Scene::extras`).
    node_extras: Vec<(usize, Value)>,
    primitive_extras: Vec<(usize, usize, Value)>,
}

struct Builder {
    root: Root,
    bin: Vec<u8>,
    names: Names,
}

fn index<T>(len: usize) -> Index<T> {
    Index::new(u32::try_from(len.saturating_sub(1)).unwrap_or(u32::MAX))
}

fn flat<const N: usize>(v: &[[f32; N]]) -> Vec<u8> {
    let mut out = Vec::with_capacity(v.len() * N * 4);
    for x in v.iter().flatten() {
        out.extend_from_slice(&x.to_le_bytes());
    }
    out
}

/// Per-component bounds of finite values (the builders replaced every non-finite one).
fn bounds<const N: usize>(v: &[[f32; N]]) -> (Value, Value) {
    let mut lo = [f32::MAX; N];
    let mut hi = [f32::MIN; N];
    for p in v {
        for k in 0..N {
            lo[k] = lo[k].min(p[k]);
            hi[k] = hi[k].max(p[k]);
        }
    }
    (j!(lo.to_vec()), j!(hi.to_vec()))
}

impl Builder {
    fn new() -> Builder {
        let mut root = Root::default();
        root.asset.generator = Some(format!("parkan-studio {}", env!("CARGO_PKG_VERSION")));
        Builder { root, bin: Vec::new(), names: Names::default() }
    }

    fn view(&mut self, data: &[u8], target: Option<buffer::Target>) -> Index<buffer::View> {
        while !self.bin.len().is_multiple_of(4) {
            self.bin.push(0);
        }
        let mut v: buffer::View = blank(j!({"buffer": 0, "byteLength": 0}));
        v.byte_offset = Some(USize64::from(self.bin.len()));
        v.byte_length = USize64::from(data.len());
        v.target = target.map(Valid);
        self.bin.extend_from_slice(data);
        self.root.buffer_views.push(v);
        index(self.root.buffer_views.len())
    }

    fn accessor(
        &mut self,
        data: &[u8],
        count: usize,
        component: accessor::ComponentType,
        ty: accessor::Type,
        target: Option<buffer::Target>,
        min_max: Option<(Value, Value)>,
    ) -> Index<json::Accessor> {
        let view = self.view(data, target);
        let mut a: json::Accessor = blank(j!({"componentType": accessor::FLOAT, "count": 1, "type": "SCALAR"}));
        a.buffer_view = Some(view);
        a.byte_offset = Some(USize64(0));
        a.count = USize64::from(count);
        a.component_type = Valid(accessor::GenericComponentType(component));
        a.type_ = Valid(ty);
        if let Some((lo, hi)) = min_max {
            a.min = Some(lo);
            a.max = Some(hi);
        }
        self.root.accessors.push(a);
        index(self.root.accessors.len())
    }

    fn vec_accessor<const N: usize>(&mut self, v: &[[f32; N]], ty: accessor::Type, with_bounds: bool) -> Index<json::Accessor> {
        let mm = with_bounds.then(|| bounds(v));
        self.accessor(&flat(v), v.len(), accessor::ComponentType::F32, ty, Some(buffer::Target::ArrayBuffer), mm)
    }

    fn index_accessor(&mut self, indices: &[u32]) -> Index<json::Accessor> {
        let max = indices.iter().copied().max().unwrap_or(0);
        if max <= u32::from(u16::MAX) {
            let data: Vec<u8> = indices.iter().flat_map(|&i| (i as u16).to_le_bytes()).collect();
            self.accessor(&data, indices.len(), accessor::ComponentType::U16, accessor::Type::Scalar, Some(buffer::Target::ElementArrayBuffer), None)
        } else {
            let data: Vec<u8> = indices.iter().flat_map(|&i| i.to_le_bytes()).collect();
            self.accessor(&data, indices.len(), accessor::ComponentType::U32, accessor::Type::Scalar, Some(buffer::Target::ElementArrayBuffer), None)
        }
    }

    fn primitive(&mut self, p: &Primitive) -> mesh::Primitive {
        let mut attributes = BTreeMap::new();
        attributes.insert(Valid(mesh::Semantic::Positions), self.vec_accessor(&p.positions, accessor::Type::Vec3, true));
        if let Some(n) = p.normals.as_ref().filter(|n| n.len() == p.positions.len()) {
            attributes.insert(Valid(mesh::Semantic::Normals), self.vec_accessor(n, accessor::Type::Vec3, false));
        }
        for (set, uv) in [(0u32, &p.uv0), (1, &p.uv1)] {
            if let Some(uv) = uv.as_ref().filter(|u| u.len() == p.positions.len()) {
                attributes.insert(Valid(mesh::Semantic::TexCoords(set)), self.vec_accessor(uv, accessor::Type::Vec2, false));
            }
        }
        if let Some(c) = p.colors.as_ref().filter(|c| c.len() == p.positions.len()) {
            attributes.insert(Valid(mesh::Semantic::Colors(0)), self.vec_accessor(c, accessor::Type::Vec4, false));
        }
        let indices = (!p.points).then(|| self.index_accessor(&p.indices));
        mesh::Primitive {
            attributes,
            extensions: None,
            extras: Default::default(),
            indices,
            material: p.material.map(|m| Index::new(m as u32)),
            mode: Valid(if p.points { mesh::Mode::Points } else { mesh::Mode::Triangles }),
            targets: None,
        }
    }

    fn materials(&mut self, scene: &Scene, images: &Images) -> Result<Vec<(String, Vec<u8>)>> {
        let mut files = Vec::new();
        if !scene.textures.is_empty() {
            self.root.samplers.push(texture::Sampler {
                mag_filter: Some(Valid(texture::MagFilter::Linear)),
                min_filter: Some(Valid(texture::MinFilter::LinearMipmapLinear)),
                ..Default::default()
            });
        }
        for (i, t) in scene.textures.iter().enumerate() {
            let png = png_bytes(&t.texture.image).map_err(|e| e.within(t.texture.origin.clone()))?;
            let mut img: json::Image = blank(j!({}));
            match images {
                Images::Files { prefix } => {
                    let file = format!("{prefix}{}.png", t.stem);
                    img.uri = Some(file.clone());
                    files.push((file, png));
                }
                Images::Embedded => {
                    img.buffer_view = Some(self.view(&png, None));
                    img.mime_type = Some(json::image::MimeType("image/png".to_string()));
                }
            }
            self.root.images.push(img);
            self.names.images.push((i, t.texture.name.clone()));
            let mut tex: json::Texture = blank(j!({"source": i}));
            tex.sampler = Some(Index::new(0));
            self.root.textures.push(tex);
        }
        for (i, m) in scene.materials.iter().enumerate() {
            let pbr = material::PbrMetallicRoughness {
                base_color_factor: material::PbrBaseColorFactor(m.base_color.map(|c| c.clamp(0.0, 1.0))),
                base_color_texture: m.texture.map(|t| texture::Info { index: Index::new(t as u32), tex_coord: 0, extensions: cell_transform(m.cell_uv), extras: Default::default() }),
                // Fixed-function diffuse lighting: no metal, fully rough.
                metallic_factor: material::StrengthFactor(0.0),
                roughness_factor: material::StrengthFactor(1.0),
                ..Default::default()
            };
            self.root.materials.push(json::Material {
                alpha_mode: Valid(if m.blend { material::AlphaMode::Blend } else { material::AlphaMode::Opaque }),
                pbr_metallic_roughness: pbr,
                emissive_factor: material::EmissiveFactor(m.emissive.map(|c| c.clamp(0.0, 1.0))),
                ..Default::default()
            });
            self.names.materials.push((i, m.name.clone()));
        }
        if scene.materials.iter().any(|m| m.texture.is_some() && m.cell_uv.is_some()) {
            self.root.extensions_used.push("KHR_texture_transform".into());
        }
        Ok(files)
    }

    fn nodes(&mut self, scene: &Scene) {
        let children = scene.children();
        for (i, n) in scene.nodes.iter().enumerate() {
            let drawable: Vec<(usize, &Primitive)> = n.primitives.iter().enumerate().filter(|(_, p)| p.is_drawable()).collect();
            let mesh = (!drawable.is_empty()).then(|| {
                let primitives = drawable.iter().map(|(_, p)| self.primitive(p)).collect();
                let mut m: json::Mesh = blank(j!({"primitives": []}));
                m.primitives = primitives;
                for (k, (j, _)) in drawable.iter().enumerate() {
                    if let Some(x) = scene.extras.primitives.get(&(i, *j)) {
                        self.names.primitive_extras.push((self.root.meshes.len(), k, x.clone()));
                    }
                }
                self.root.meshes.push(m);
                self.names.meshes.push((self.root.meshes.len() - 1, n.name.clone()));
                index(self.root.meshes.len())
            });
            let node = json::Node {
                mesh,
                children: (!children[i].is_empty()).then(|| children[i].iter().map(|&c| Index::new(c as u32)).collect()),
                translation: Some(n.local.translation.into()),
                rotation: Some(json::scene::UnitQuaternion(n.local.rotation.normalize().to_array())),
                ..Default::default()
            };
            self.root.nodes.push(node);
            self.names.nodes.push((i, n.name.clone()));
            if let Some(x) = scene.extras.nodes.get(&i) {
                self.names.node_extras.push((i, x.clone()));
            }
        }
        // `gltf-json` leaves an empty node list out and then requires it when reading: a
        // scene of nothing is written as no scene, which glTF allows.
        let roots = scene.roots();
        if !roots.is_empty() {
            let mut s: json::Scene = blank(j!({"nodes": []}));
            s.nodes = roots.into_iter().map(|r| Index::new(r as u32)).collect();
            self.root.scenes.push(s);
            self.names.scenes.push((0, scene.name.clone()));
            self.root.scene = Some(Index::new(0));
        }
    }

    fn animation(&mut self, scene: &Scene) {
        let Some(a) = scene.animation.as_ref().filter(|a| !a.times.is_empty() && !a.tracks.is_empty()) else { return };
        let times: Vec<[f32; 1]> = a.times.iter().map(|&t| [t]).collect();
        let input = self.vec_accessor(&times, accessor::Type::Scalar, true);
        let mut out: json::Animation = blank(j!({"channels": [], "samplers": []}));
        for track in a.tracks.iter().filter(|t| t.node < scene.nodes.len()) {
            let outputs = [
                (self.vec_accessor(&track.translations, accessor::Type::Vec3, false), animation::Property::Translation),
                (self.vec_accessor(&track.rotations, accessor::Type::Vec4, false), animation::Property::Rotation),
            ];
            for (output, path) in outputs {
                out.samplers.push(animation::Sampler {
                    extensions: None,
                    extras: Default::default(),
                    input,
                    interpolation: Valid(animation::Interpolation::Linear),
                    output,
                });
                out.channels.push(animation::Channel {
                    sampler: index(out.samplers.len()),
                    target: animation::Target {
                        extensions: None,
                        extras: Default::default(),
                        node: Index::new(track.node as u32),
                        path: Valid(path),
                    },
                    extensions: None,
                    extras: Default::default(),
                });
            }
        }
        if !out.channels.is_empty() {
            self.root.animations.push(out);
            self.names.animations.push((0, a.name.clone()));
        }
    }

    fn finish(mut self, bin_uri: Option<String>) -> Result<(Value, Vec<u8>)> {
        while !self.bin.len().is_multiple_of(4) {
            self.bin.push(0);
        }
        if !self.bin.is_empty() {
            let mut b: json::Buffer = blank(j!({}));
            b.byte_length = USize64::from(self.bin.len());
            b.uri = bin_uri;
            self.root.buffers.push(b);
        }
        let doc = self.root.to_value().map_err(|e| Error::new(0, crate::msg!("scene-export-gltf-document", "glTF document: {why}", why = e.to_string())))?;
        Ok((with_names(doc, &self.names), self.bin))
    }
}

/// Sets each object's `name` in the serialised document (see [`blank`]), and the `extras` of
/// nodes and primitives (`gltf-json` holds extras only under a cargo feature, as names).
fn with_names(mut doc: Value, names: &Names) -> Value {
    let lists = [
        ("nodes", &names.nodes),
        ("meshes", &names.meshes),
        ("materials", &names.materials),
        ("images", &names.images),
        ("animations", &names.animations),
        ("scenes", &names.scenes),
    ];
    for (key, list) in lists {
        if let Some(Value::Array(items)) = doc.get_mut(key) {
            for (i, name) in list {
                if let Some(Value::Object(o)) = items.get_mut(*i) {
                    o.insert("name".to_string(), Value::String(name.clone()));
                }
            }
        }
    }
    for (i, x) in &names.node_extras {
        if let Some(Value::Object(o)) = doc.get_mut("nodes").and_then(|n| n.get_mut(*i)) {
            o.insert("extras".to_string(), x.clone());
        }
    }
    for (m, k, x) in &names.primitive_extras {
        if let Some(Value::Object(o)) = doc.get_mut("meshes").and_then(|n| n.get_mut(*m)).and_then(|m| m.get_mut("primitives")).and_then(|p| p.get_mut(*k)) {
            o.insert("extras".to_string(), x.clone());
        }
    }
    doc
}

/// Builds the document. `bin_uri` names the `.bin` file (`None` for a `.glb`).
pub fn build(scene: &Scene, images: &Images, bin_uri: Option<String>) -> Result<GltfOutput> {
    let mut b = Builder::new();
    let files = b.materials(scene, images)?;
    b.nodes(scene);
    b.animation(scene);
    let (document, bin) = b.finish(bin_uri)?;
    Ok(GltfOutput { document, bin, images: files })
}

/// `(file name, bytes)` of a `.gltf` export named `stem`: the document, `stem.bin` when
/// there is binary data, and `stem_<texture>.png` per texture.
pub fn gltf_files(scene: &Scene, stem: &str) -> Result<Vec<(String, Vec<u8>)>> {
    let bin_name = format!("{stem}.bin");
    let out = build(scene, &Images::Files { prefix: format!("{stem}_") }, Some(bin_name.clone()))?;
    let doc = serde_json::to_vec_pretty(&out.document).map_err(|e| Error::new(0, crate::msg!("scene-export-gltf-document", "glTF document: {why}", why = e.to_string())))?;
    let mut files = vec![(format!("{stem}.gltf"), doc)];
    if !out.bin.is_empty() {
        files.push((bin_name, out.bin));
    }
    files.extend(out.images);
    Ok(files)
}

/// A `.glb`: the document and every byte of binary data (images included) in one file.
pub fn glb_bytes(scene: &Scene) -> Result<Vec<u8>> {
    let out = build(scene, &Images::Embedded, None)?;
    let doc = serde_json::to_vec(&out.document).map_err(|e| Error::new(0, crate::msg!("scene-export-gltf-document", "glTF document: {why}", why = e.to_string())))?;
    glb::container(doc, out.bin).ok_or_else(|| Error::new(0, crate::msg!("scene-export-glb-too-big", "the scene does not fit a .glb (4 GiB at most)")))
}

/// A material's cell (a Page rect of an atlas) as `KHR_texture_transform`: the rect's offset
/// and size, in the same texture coordinates the renderer maps into it.
fn cell_transform(cell_uv: Option<[f32; 4]>) -> Option<json::extensions::texture::Info> {
    use json::extensions::texture::{TextureTransform, TextureTransformOffset, TextureTransformRotation, TextureTransformScale};
    let [x, y, w, h] = cell_uv?;
    Some(json::extensions::texture::Info {
        texture_transform: Some(TextureTransform {
            offset: TextureTransformOffset([x, y]),
            rotation: TextureTransformRotation(0.0),
            scale: TextureTransformScale([w, h]),
            // Written out, as the crate would write `null`, which the schema does not allow.
            tex_coord: Some(0),
            extras: Default::default(),
        }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{NodeTrack, SceneAnimation, SceneNode};
    use crate::formats::msh::anim::Transform;

    fn tri() -> Primitive {
        Primitive {
            label: "t".into(),
            positions: vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 2.0, -1.0]],
            normals: Some(vec![[0.0, 0.0, 1.0]; 3]),
            uv0: Some(vec![[0.0, 0.0]; 3]),
            indices: vec![0, 1, 2],
            ..Primitive::default()
        }
    }

    fn scene() -> Scene {
        let node = |name: &str, parent| SceneNode { name: name.into(), parent, local: Transform::IDENTITY, primitives: vec![tri()] };
        let mut s = Scene { name: "s".into(), nodes: vec![node("A", None), node("B", Some(0))], ..Scene::default() };
        s.nodes[1].primitives.push(Primitive { points: true, indices: Vec::new(), ..tri() });
        s.nodes[1].primitives.push(Primitive { positions: Vec::new(), ..tri() });
        s.animation = Some(SceneAnimation {
            name: "a".into(),
            times: vec![0.0, 0.5],
            tracks: vec![NodeTrack { node: 1, translations: vec![[0.0; 3], [1.0; 3]], rotations: vec![[0.0, 0.0, 0.0, 1.0]; 2] }],
        });
        s
    }

    #[test]
    fn document_shape() {
        let out = build(&scene(), &Images::Embedded, None).unwrap();
        let d = &out.document;
        assert_eq!(d["asset"]["version"], "2.0");
        assert_eq!(d["nodes"][1]["name"], "B");
        assert_eq!(d["nodes"][0]["children"], j!([1]));
        assert_eq!(d["scenes"][0]["nodes"], j!([0]));
        // The empty primitive is left out; the point cloud has mode 0 and no indices.
        assert_eq!(d["meshes"][1]["primitives"].as_array().unwrap().len(), 2);
        assert_eq!(d["meshes"][1]["primitives"][1]["mode"], 0);
        assert!(d["meshes"][1]["primitives"][1].get("indices").is_none());
        let pos = d["meshes"][0]["primitives"][0]["attributes"]["POSITION"].as_u64().unwrap() as usize;
        assert_eq!(d["accessors"][pos]["min"], j!([0.0, 0.0, -1.0]));
        assert_eq!(d["accessors"][pos]["max"], j!([1.0, 2.0, 0.0]));
        assert_eq!(d["animations"][0]["channels"].as_array().unwrap().len(), 2);
        assert_eq!(d["buffers"][0]["byteLength"].as_u64().unwrap() as usize, out.bin.len());
        assert!(out.bin.len().is_multiple_of(4));
        // Every object type without Default starts from a valid minimal form.
        let _: json::Accessor = blank(j!({"componentType": accessor::FLOAT, "count": 1, "type": "SCALAR"}));
    }

    #[test]
    fn an_empty_scene_reads_back() {
        let track = NodeTrack { node: 3, translations: vec![[0.0; 3]], rotations: vec![[0.0, 0.0, 0.0, 1.0]] };
        let s = Scene { animation: Some(SceneAnimation { name: "a".into(), times: vec![0.0], tracks: vec![track] }), ..Scene::default() };
        assert_eq!(s.channel_count(), 0);
        let glb = glb_bytes(&s).unwrap();
        let len = u32::from_le_bytes(glb[12..16].try_into().unwrap()) as usize;
        let root = json::Root::from_slice(&glb[20..20 + len]).unwrap();
        assert!(root.scenes.is_empty() && root.animations.is_empty() && root.scene.is_none());
    }

    #[test]
    fn large_meshes_use_32_bit_indices() {
        let mut b = Builder::new();
        let small = b.index_accessor(&[0, 65535]);
        let large = b.index_accessor(&[0, 65536]);
        let ty = |i: Index<json::Accessor>| b.root.accessors[i.value()].component_type;
        assert!(matches!(ty(small), Valid(accessor::GenericComponentType(accessor::ComponentType::U16))));
        assert!(matches!(ty(large), Valid(accessor::GenericComponentType(accessor::ComponentType::U32))));
    }
}
