//! X-Ray `level.geom` and `level`: the parse targets read the chunks and list the buffers (geom)
//! or the chunks, shaders and visuals (level).

use crate::formats::bytes::SharedBytes;
use crate::formats::xray_geom::LevelGeom;
use crate::formats::xray_level::Level;

pub fn geom_parse(data: &[u8]) {
    match LevelGeom::parse(SharedBytes::from(data)) {
        Ok((g, _)) => {
            let _ = (g.header(), g.vertex_buffers().len(), g.index_buffers().len(), g.swis().len());
            for c in g.compressed_chunks() {
                let _ = c.payload();
            }
        }
        Err(e) => super::error_within(data, &e),
    }
}

pub fn level_parse(data: &[u8]) {
    let _ = Level::sniff(data);
    if let Err(e) = Level::parse(SharedBytes::from(data)) {
        super::error_within(data, &e);
    }
}

pub fn geom_seeds() -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = crate::fixtures::xray::all().into_iter().map(|(_, b)| b).collect();
    out.push(crate::fixtures::xray_level::level_set().geom);
    super::within_cap(out)
}

/// The level fixture and its `level.geom` (a level's chunk reader starts the same way).
pub fn level_seeds() -> Vec<Vec<u8>> {
    let set = crate::fixtures::xray_level::level_set();
    let mut out = vec![set.level.clone(), set.geom, set.geomx];
    // The level cut after each of its first chunks: shorter inputs the fuzzer grows from.
    out.extend([64, 256, 1024].into_iter().filter(|&n| n < set.level.len()).map(|n| set.level[..n].to_vec()));
    super::within_cap(out)
}

/// As `exercise_resolve` reads them: a first byte, even for a `level`, odd for a `level.geom`.
pub fn resolve_seeds() -> Vec<Vec<u8>> {
    let set = crate::fixtures::xray_level::level_set();
    vec![[&[0u8][..], &set.level].concat(), [&[1u8][..], &set.geom].concat(), vec![0], vec![1]]
}

pub fn export_seeds() -> Vec<Vec<u8>> {
    crate::fixtures::export::seeds().into_iter().map(|(_, b)| b).collect()
}
