//! The names a mesh uses: per material byte, the batches (or a landscape's triangles) that use
//! it, as references to the WEAR table beside it.

use super::MshCodec;
use crate::doc::kinds::{ReadRefs, Refs, RefsInput};
use crate::doc::project::{At, Problem, Ref, RefKind};
use crate::doc::resolve::wear_name_for_mesh;
use crate::formats::bytes::SharedBytes;
use crate::formats::msh::batches::Batches;
use crate::formats::msh::landscape::LandTriangles;
use crate::formats::msh::terrain::wear_tables;
use crate::formats::msh::{Msh, Variant};
use crate::formats::readings::Readings;
use std::collections::BTreeMap;

impl Refs for MshCodec {
    fn refs(&self, item: &RefsInput, problems: &mut Vec<Problem>) -> ReadRefs {
        ReadRefs { refs: mesh(item.address, item.name, item.bytes, item.readings, problems), wear: None, words: Vec::new() }
    }
}

/// Per material byte: the batches (or landscape triangles) that use it, as refs to the table.
fn mesh(address: &str, name: &str, bytes: &SharedBytes, readings: &Readings, problems: &mut Vec<Problem>) -> Vec<Ref> {
    let msh = match Msh::parse(bytes.clone()) {
        Ok((_, m, _)) => m,
        Err(e) => {
            problems.push(Problem::error(address, Some(e.offset), crate::msg!("msh-refs-no-parse", "mesh does not parse: {why}", why = e.message)));
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
                    problems.push(Problem::error(address, Some(e.offset), crate::msg!("msh-refs-batches", "batches do not read: {why}", why = e.message)));
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

