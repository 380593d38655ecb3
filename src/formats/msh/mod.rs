//! MSH meshes (docs/formats/msh.md): an NRes archive whose entries are components by type id.
//!
//! [`Msh`] is the raw layer: every component entry's type id, attrs and payload exactly as
//! stored. Typed views come from [`Msh::get`] (one component) or [`Msh::parts`] (all known
//! ones, decoded once, with diagnostics). An edit goes through [`Msh::set`], which re-encodes
//! that one component and updates the attrs its value determines (the counts); [`Msh::apply`]
//! writes edited components back into the archive, so untouched ones stay byte-identical.
//! Unknown components (15, 20, ...) are only ever carried as bytes.
//!
//! Geometry for rendering and export: [`geometry`] (models, per grid cell, posed by
//! [`anim`]) and [`terrain`] (landscapes, per LOD); both produce flat vertex arrays.

pub mod anim;
pub mod axes;
pub mod batches;
pub mod check;
pub mod component;
pub mod geometry;
pub mod indices;
pub mod landscape;
pub mod nodes;
pub mod parts;
pub mod paths;
pub mod range_max;
pub mod slots;
pub mod strings;
pub mod terrain;
pub mod triangles;
pub mod vertex;

pub use component::{Component, type_label};
pub use parts::Parts;

use crate::formats::bytes::SharedBytes;
use crate::formats::nres::Archive;
use crate::formats::{Diagnostic, Error, Result};

/// What kind of mesh the component set describes (docs/formats/msh.md#recognising-a-mesh).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Variant {
    /// Components 6 and 13 present: robots, buildings, objects.
    Model,
    /// Component 11 present and 6 absent: `Land.msh`.
    Landscape,
    #[default]
    Unknown,
}

impl Variant {
    pub fn as_str(self) -> &'static str {
        match self {
            Variant::Model => "model",
            Variant::Landscape => "landscape",
            Variant::Unknown => "unknown",
        }
    }
    pub fn detect(type_ids: impl Iterator<Item = u32> + Clone) -> Variant {
        let has = |t: u32| type_ids.clone().any(|x| x == t);
        if has(6) && has(13) {
            Variant::Model
        } else if has(11) && !has(6) {
            Variant::Landscape
        } else {
            Variant::Unknown
        }
    }
}

/// Whether a set of NRes type ids is an MSH: components 1, 2 and 3 present and every type id
/// below 32.
pub fn is_msh(type_ids: impl Iterator<Item = u32> + Clone) -> bool {
    let mut t = type_ids.clone();
    t.all(|x| x < 32) && [1, 2, 3].iter().all(|want| type_ids.clone().any(|x| x == *want))
}

/// One component entry as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct ComponentEntry {
    /// Directory row in the archive the mesh was read from; `None` for a component added since.
    pub entry: Option<usize>,
    /// A view of the directory's name bytes for a component read from a file.
    pub name: SharedBytes,
    pub type_id: u32,
    pub attrs: [u32; 3],
    pub bytes: SharedBytes,
    /// Where the payload starts in the `.msh` file: diagnostics carry file offsets.
    pub offset: u64,
    /// Re-encoded since it was read; [`Msh::apply`] writes it back.
    pub edited: bool,
}

impl ComponentEntry {
    pub fn label(&self) -> String {
        format!("component {} ({})", self.type_id, type_label(self.type_id))
    }
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Msh {
    /// In directory order.
    pub components: Vec<ComponentEntry>,
    /// The entry name given to components added by [`Msh::set`].
    pub name: Vec<u8>,
}

impl Msh {
    /// An empty mesh whose components will be named `name` (at most 31 bytes).
    pub fn new(name: &[u8]) -> Msh {
        Msh { components: Vec::new(), name: name.to_vec() }
    }

    /// The component list of an archive (no payload and no name is copied).
    pub fn from_archive(archive: &Archive) -> Msh {
        let components: Vec<ComponentEntry> = (0..archive.len())
            .map(|i| {
                let row = archive.entry(i);
                ComponentEntry {
                    entry: Some(i),
                    name: archive.name_shared(i),
                    type_id: row.type_id(),
                    attrs: row.attrs(),
                    bytes: archive.payload(i),
                    offset: row.offset() as u64,
                    edited: false,
                }
            })
            .collect();
        let name = components.first().map_or_else(|| b"MESH".to_vec(), |c| c.name.to_vec());
        Msh { components, name }
    }

    /// Parses `.msh` bytes: the NRes archive (its diagnostics included) and the component list.
    /// Fails when the bytes are no NRes archive or its entries are not MSH components.
    pub fn parse(bytes: SharedBytes) -> Result<(Archive, Msh, Vec<Diagnostic>)> {
        let (archive, diags) = Archive::parse(bytes)?;
        let types = archive.rows().iter().map(|r| r.type_id());
        if !is_msh(types.clone()) {
            let listed: Vec<String> = types.map(|t| t.to_string()).collect();
            return Err(Error::new(
                0,
                crate::msg!("msh-not-msh", "not an MSH: needs components 1, 2 and 3 and type ids below 32, has [{types}]", types = listed.join(", ")),
            ));
        }
        let msh = Msh::from_archive(&archive);
        Ok((archive, msh, diags))
    }

    pub fn type_ids(&self) -> impl Iterator<Item = u32> + Clone + '_ {
        self.components.iter().map(|c| c.type_id)
    }
    pub fn variant(&self) -> Variant {
        Variant::detect(self.type_ids())
    }
    /// Index (in `components`) of the first component of a type: the one the engine reads.
    pub fn index_of(&self, type_id: u32) -> Option<usize> {
        self.components.iter().position(|c| c.type_id == type_id)
    }
    pub fn component(&self, type_id: u32) -> Option<&ComponentEntry> {
        self.index_of(type_id).map(|i| &self.components[i])
    }

    /// The typed value of a component, `None` when absent. Errors carry file offsets and the
    /// component's name.
    pub fn get<C: Component>(&self) -> Option<Result<C>> {
        let c = self.component(C::TYPE_ID)?;
        Some(C::decode(&c.bytes, c.attrs).map_err(|e| e.at_base(c.offset, c.label())))
    }

    /// Replaces a component with a typed value (adding the entry when absent): only this
    /// component is re-encoded; its derived attrs (counts) follow the value, the rest are kept.
    pub fn set<C: Component>(&mut self, value: &C) {
        let bytes = SharedBytes::from(value.encode());
        let derived = value.derived_attrs();
        match self.index_of(C::TYPE_ID) {
            Some(i) => {
                let c = &mut self.components[i];
                c.attrs = component::merge_attrs(c.attrs, derived);
                c.bytes = bytes;
                c.edited = true;
            }
            None => self.components.push(ComponentEntry {
                entry: None,
                name: SharedBytes::from(&self.name),
                type_id: C::TYPE_ID,
                attrs: component::merge_attrs([0, 0, default_attr3(C::TYPE_ID)], derived),
                bytes,
                offset: 0,
                edited: true,
            }),
        }
    }

    /// Adds a component that has no typed codec (or raw bytes for one that has).
    pub fn push_raw(&mut self, type_id: u32, attrs: [u32; 3], bytes: impl Into<SharedBytes>) {
        let name = SharedBytes::from(&self.name);
        self.components.push(ComponentEntry { entry: None, name, type_id, attrs, bytes: bytes.into(), offset: 0, edited: true });
    }

    /// Decodes every known component once.
    pub fn parts(&self) -> (Parts, Vec<Diagnostic>) {
        Parts::decode(self)
    }

    /// Every finding: decode failures, counts disagreeing with attrs, and the cross-references
    /// (ranges, parents, base vertices) of [`check`].
    pub fn check(&self) -> Vec<Diagnostic> {
        let (parts, mut diags) = self.parts();
        check::cross_check(&parts, &mut diags);
        diags
    }

    /// Writes edited components into `archive` (the one the mesh was read from): replaced in
    /// place with their new attrs, or added. Untouched entries keep their bytes.
    pub fn apply(&mut self, archive: &mut Archive) -> Result<()> {
        for c in self.components.iter_mut().filter(|c| c.edited) {
            match c.entry {
                Some(i) if i < archive.len() => {
                    archive.replace(i, c.bytes.clone())?;
                    archive.set_attrs(i, c.attrs)?;
                }
                Some(i) => {
                    let m = crate::msg!("msh-entry-past-archive", "{label} names entry {i}, past the archive's {n}", label = c.label(), i = i, n = archive.len());
                    return Err(Error::new(0, m));
                }
                None => c.entry = Some(archive.add(&c.name[..], c.type_id, c.attrs, c.bytes.clone())?),
            }
            c.edited = false;
        }
        for c in &mut self.components {
            if let Some(i) = c.entry {
                c.offset = archive.entry(i).offset() as u64;
            }
        }
        Ok(())
    }

    /// A new archive holding every component in order (how the fixture builders write meshes).
    pub fn to_archive(&self) -> Result<Archive> {
        let mut a = Archive::new();
        a.add_batch(self.components.iter().map(|c| (c.name.as_slice(), c.type_id, c.attrs, c.bytes.clone())))?;
        Ok(a)
    }

    /// The components whose typed codec does not give back their exact bytes, or that fail
    /// to decode (empty for every well-formed mesh).
    pub fn reencode_mismatches(&self) -> Vec<usize> {
        (0..self.components.len())
            .filter(|&i| matches!(reencode(&self.components[i]), Reencode::Different | Reencode::DecodeFailed))
            .collect()
    }
}

/// What re-encoding a component through its typed codec gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reencode {
    /// No typed codec for this type id (15, 20, ...): carried as bytes.
    NoCodec,
    DecodeFailed,
    /// The exact stored bytes.
    Same,
    /// Different bytes: a codec bug (never expected).
    Different,
}

/// The `attr3` a new component gets: the values shipped meshes carry (one measuring reader:
/// 38 for nodes, 68 for slots, 4 for keys, 2 for the frame map; the record size elsewhere).
pub fn default_attr3(type_id: u32) -> u32 {
    match type_id {
        1 => nodes::NODE38 as u32,
        2 => slots::SLOT_LEN as u32,
        8 => 4,
        t => component::record_size(t).map_or(0, |s| s as u32),
    }
}

fn roundtrip<C: Component>(c: &ComponentEntry) -> Reencode {
    match C::decode(&c.bytes, c.attrs) {
        Err(_) => Reencode::DecodeFailed,
        Ok(v) if v.encode() == c.bytes.as_slice() => Reencode::Same,
        Ok(_) => Reencode::Different,
    }
}

/// Decodes a component with its typed codec and compares the re-encoding with its bytes.
pub fn reencode(c: &ComponentEntry) -> Reencode {
    use self::{anim::*, batches::*, indices::*, landscape::*, nodes::*, paths::*, slots::*, strings::*, triangles::*, vertex::*};
    match c.type_id {
        1 => roundtrip::<NodeTable>(c),
        2 => roundtrip::<SlotTable>(c),
        3 => roundtrip::<Positions>(c),
        4 => roundtrip::<Normals>(c),
        5 => roundtrip::<Uv0>(c),
        6 => roundtrip::<Indices>(c),
        7 => roundtrip::<TriDescs>(c),
        8 => roundtrip::<AnimKeys>(c),
        9 => roundtrip::<NodeNames>(c),
        10 => roundtrip::<NodeStrings>(c),
        11 => roundtrip::<LandFaceOrder>(c),
        13 => roundtrip::<Batches>(c),
        14 => roundtrip::<LandAlpha>(c),
        17 => roundtrip::<PathGraph>(c),
        18 => roundtrip::<LightmapUv>(c),
        19 => roundtrip::<AnimMap>(c),
        21 => roundtrip::<LandTriangles>(c),
        _ => Reencode::NoCodec,
    }
}

#[cfg(test)]
mod tests;
