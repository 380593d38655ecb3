//! The names an item uses, read from its bytes by its kind: a MAT0's phase textures, a WEAR
//! table's material and lightmap rows, a mesh's material bytes (grouped, with their batches
//! and triangles) against the table beside it, an X-Ray level's shader and texture names.
//! An item that fails to parse is one problem and uses nothing.

use super::Problem;
use super::index::{At, Ref, RefKind};
use crate::doc::resolve::wear_name_for_mesh;
use crate::formats::bytes::SharedBytes;
use crate::formats::mat0::{Mat0Ref, PARAMS_LEN, PHASE_LEN, prefix_len};
use crate::formats::msh::batches::Batches;
use crate::formats::msh::landscape::LandTriangles;
use crate::formats::msh::terrain::wear_tables;
use crate::formats::msh::{Msh, Variant};
use crate::formats::readings::Readings;
use crate::formats::wear::{Section, Wear};
use crate::formats::xray_level::Level;
use std::collections::BTreeMap;
use std::sync::Arc;

pub(super) fn read(
    kind: &str,
    address: &str,
    name: &str,
    bytes: &SharedBytes,
    attrs: [u32; 3],
    readings: &Readings,
    problems: &mut Vec<Problem>,
) -> (Vec<Ref>, Option<Arc<Wear>>) {
    match kind {
        "mat0" => (mat0(address, bytes, attrs[1], problems), None),
        "wear" => {
            let w = Wear::parse(bytes);
            (wear(&w), Some(Arc::new(w)))
        }
        "msh" => (mesh(address, name, bytes, readings, problems), None),
        "xray-level" => (level(address, bytes, problems), None),
        _ => (Vec::new(), None),
    }
}

/// Read in place: the index reads every material of a folder and changes none.
fn mat0(address: &str, bytes: &SharedBytes, version: u32, problems: &mut Vec<Problem>) -> Vec<Ref> {
    let m = match Mat0Ref::parse(bytes, version) {
        Ok(m) => m,
        Err(e) => {
            problems.push(Problem::error(address, Some(e.offset), format!("MAT0 does not parse: {}", e.message)));
            return Vec::new();
        }
    };
    let first = 4 + prefix_len(version);
    m.phases()
        .iter()
        .enumerate()
        .filter(|(_, p)| p.has_texture())
        .map(|(k, p)| {
            let offset = (first + k * PHASE_LEN + PARAMS_LEN) as u64;
            Ref::new(RefKind::Texture, p.texture_bytes(), At::Phase { phase: k, cell: p.cell(), offset })
        })
        .collect()
}

fn wear(w: &Wear) -> Vec<Ref> {
    let mut out = Vec::new();
    for (section, lightmaps) in [(Section::Materials, false), (Section::Lightmaps, true)] {
        let kind = if lightmaps { RefKind::Lightmap } else { RefKind::Material };
        for (row, r) in w.rows(section).iter().enumerate() {
            out.push(Ref::new(kind, w.name_bytes(r), At::Row { lightmaps, row, line: r.line, offset: r.name_span.start as u64 }));
        }
    }
    out
}

/// Per material byte: the batches (or landscape triangles) that use it, as refs to the table.
fn mesh(address: &str, name: &str, bytes: &SharedBytes, readings: &Readings, problems: &mut Vec<Problem>) -> Vec<Ref> {
    let msh = match Msh::parse(bytes.clone()) {
        Ok((_, m, _)) => m,
        Err(e) => {
            problems.push(Problem::error(address, Some(e.offset), format!("mesh does not parse: {}", e.message)));
            return Vec::new();
        }
    };
    // Material byte → (batches, triangles).
    let mut uses: BTreeMap<u16, (usize, usize)> = BTreeMap::new();
    let tables: Vec<String> = match msh.variant() {
        Variant::Landscape => {
            let Some(Ok(tris)) = msh.get::<LandTriangles>() else { return Vec::new() };
            for t in &tris.0 {
                if let Some(p) = t.primary() {
                    uses.entry(u16::from(p)).or_default().1 += 1;
                }
                if let Some(s) = t.secondary().filter(|_| t.has_second_material()) {
                    uses.entry(u16::from(s)).or_default().1 += 1;
                }
            }
            let mut files: Vec<String> = Vec::new();
            for lod in 0..2 {
                let (a, b) = wear_tables(lod, readings.land_wear);
                for f in std::iter::once(a).chain(b) {
                    let n = f.file_name().to_string();
                    if !files.contains(&n) {
                        files.push(n);
                    }
                }
            }
            files
        }
        _ => {
            let batches = match msh.get::<Batches>() {
                Some(Ok(b)) => b,
                Some(Err(e)) => {
                    problems.push(Problem::error(address, Some(e.offset), format!("batches do not read: {}", e.message)));
                    return Vec::new();
                }
                None => return Vec::new(),
            };
            for b in &batches.0 {
                let u = uses.entry(b.material_index(readings.batch_material)).or_default();
                u.0 += 1;
                u.1 += usize::from(b.index_count) / 3;
            }
            vec![wear_name_for_mesh(name)]
        }
    };
    let mut out = Vec::new();
    for table in &tables {
        for (&index, &(batches, triangles)) in &uses {
            out.push(Ref::new(RefKind::Table, table.as_bytes(), At::Mesh { index, batches, triangles }));
        }
    }
    out
}

fn level(address: &str, bytes: &SharedBytes, problems: &mut Vec<Problem>) -> Vec<Ref> {
    let level = match Level::parse(bytes.clone()) {
        Ok((l, _)) => l,
        Err(e) => {
            problems.push(Problem::error(address, Some(e.offset), format!("level does not parse: {}", e.message)));
            return Vec::new();
        }
    };
    let mut out = Vec::new();
    for (index, s) in level.shaders.iter().enumerate() {
        if !s.engine.is_empty() {
            out.push(Ref::new(RefKind::XrayShader, s.engine.as_bytes(), At::Shader { index }));
        }
        for t in &s.textures {
            out.push(Ref::new(RefKind::XrayTexture, t.as_bytes(), At::Shader { index }));
        }
    }
    out
}
