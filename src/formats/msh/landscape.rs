//! Landscape components: 21 (28-byte terrain triangles with their two materials), 14 (the
//! per-vertex alpha of the second material) and 11 (4 bytes per triangle, read two ways).

use super::component::{Record, record_component};
use crate::formats::bytes::{le_i16, le_u16, le_u32};
use crate::formats::readings::{LandComponent11, LandFlag20000, NormalScale};

/// Water by the default reading, collision by the oldest public description (docs/formats/msh.md).
pub const FLAG_20000: u32 = 0x20000;
pub const FLAG_SECOND_MATERIAL: u32 = 0x004;
pub const FLAG_LIQUID_BED: u32 = 0x2000;
/// "No material" in the PP and SS bytes.
pub const NO_MATERIAL: u8 = 0xFF;
pub const NO_NEIGHBOUR: u16 = 0xFFFF;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LandTri28 {
    pub flags: u32,
    /// `0xFFFF_SSPP`: PP the primary material, SS the secondary (0xFF none); the high word is
    /// kept as stored.
    pub material: u32,
    pub vertices: [u16; 3],
    pub neighbours: [u16; 3],
    pub normal: [i16; 3],
    pub selectors: u16,
}

impl LandTri28 {
    pub fn primary(&self) -> Option<u8> {
        Some((self.material & 0xFF) as u8).filter(|&m| m != NO_MATERIAL)
    }
    pub fn secondary(&self) -> Option<u8> {
        Some(((self.material >> 8) & 0xFF) as u8).filter(|&m| m != NO_MATERIAL)
    }
    /// The stored word for a primary and secondary material (high word 0xFFFF, as shipped).
    pub fn material_word(primary: Option<u8>, secondary: Option<u8>) -> u32 {
        0xFFFF_0000 | (secondary.unwrap_or(NO_MATERIAL) as u32) << 8 | primary.unwrap_or(NO_MATERIAL) as u32
    }
    pub fn is_water(&self, reading: LandFlag20000) -> bool {
        reading == LandFlag20000::Water && self.flags & FLAG_20000 != 0
    }
    pub fn is_collision(&self, reading: LandFlag20000) -> bool {
        reading == LandFlag20000::Collision && self.flags & FLAG_20000 != 0
    }
    pub fn has_second_material(&self) -> bool {
        self.flags & FLAG_SECOND_MATERIAL != 0
    }
    pub fn is_liquid_bed(&self) -> bool {
        self.flags & FLAG_LIQUID_BED != 0
    }
    pub fn normal_f32(&self, scale: NormalScale) -> [f32; 3] {
        super::triangles::decode_face_normal(self.normal, scale)
    }
}

impl Record for LandTri28 {
    const SIZE: usize = 28;
    fn read(b: &[u8]) -> Self {
        let w = |at: usize| le_u16(b, at);
        LandTri28 {
            flags: le_u32(b, 0),
            material: le_u32(b, 4),
            vertices: [w(8), w(10), w(12)],
            neighbours: [w(14), w(16), w(18)],
            normal: [le_i16(b, 20), le_i16(b, 22), le_i16(b, 24)],
            selectors: w(26),
        }
    }
    fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.flags.to_le_bytes());
        out.extend_from_slice(&self.material.to_le_bytes());
        for v in self.vertices.iter().chain(&self.neighbours) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for v in self.normal {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&self.selectors.to_le_bytes());
    }
}

record_component!(
    /// Component 21: the terrain triangles; slots index ranges of them.
    LandTriangles, 21, "landscape triangles", LandTri28
);
record_component!(
    /// Component 14: per-vertex alpha of the second material.
    LandAlpha, 14, "second-material alpha", f32
);
record_component!(
    /// Component 11: one 4-byte record per landscape triangle, read two ways.
    LandFaceOrder, 11, "landscape face order", [u8; 4]
);

/// A component-11 record under a reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LandFace {
    /// Default: the face drawn at this position of the cell's order; flag 0x10 starts a batch.
    FaceOrder { face: u16, flags: u8, zero: u8 },
    /// The oldest public description (docs/formats/msh.md): a material and a (sequential) triangle
    /// index.
    MaterialTriangle { material: u16, triangle: u16 },
}

pub const FACE_STARTS_BATCH: u8 = 0x10;

pub fn land_face(raw: [u8; 4], reading: LandComponent11) -> LandFace {
    match reading {
        LandComponent11::FaceOrder => LandFace::FaceOrder { face: le_u16(&raw, 0), flags: raw[2], zero: raw[3] },
        LandComponent11::MaterialTriangle => LandFace::MaterialTriangle { material: le_u16(&raw, 0), triangle: le_u16(&raw, 2) },
    }
}

#[cfg(test)]
mod tests {
    use super::super::component::Component;
    use super::*;

    const TRI: [u8; 28] = [
        0x04, 0x00, 0x02, 0x00, // flags: second material | 0x20000
        0x03, 0x02, 0xFF, 0xFF, // material 0xFFFF_0203: primary 3, secondary 2
        0x00, 0x00, 0x01, 0x00, 0x02, 0x00, // vertices 0, 1, 2
        0xFF, 0xFF, 0x05, 0x00, 0xFF, 0xFF, // neighbours: none, 5, none
        0x00, 0x00, 0x00, 0x00, 0xFF, 0x7F, // normal (0, 0, 32767)
        0x3F, 0x00, // selectors
    ];

    #[test]
    fn triangle_fields_and_readings() {
        let t = LandTriangles::decode(&TRI, [1, 0, 28]).unwrap();
        let x = t.0[0];
        assert_eq!((x.primary(), x.secondary()), (Some(3), Some(2)));
        assert_eq!(x.vertices, [0, 1, 2]);
        assert_eq!(x.neighbours, [NO_NEIGHBOUR, 5, NO_NEIGHBOUR]);
        assert!(x.has_second_material() && !x.is_liquid_bed());
        assert!(x.is_water(LandFlag20000::Water) && !x.is_collision(LandFlag20000::Water));
        assert!(x.is_collision(LandFlag20000::Collision) && !x.is_water(LandFlag20000::Collision));
        assert_eq!(x.normal_f32(NormalScale::I16Over32767), [0.0, 0.0, 1.0]);
        assert_eq!(t.encode(), TRI);
        assert_eq!(LandTri28::material_word(Some(1), None), 0xFFFF_FF01);
        let solid = LandTri28 { material: 0xFFFF_FF01, ..x };
        assert_eq!((solid.primary(), solid.secondary()), (Some(1), None));
    }

    #[test]
    fn component_11_readings() {
        let raw = [0x07, 0x00, 0x10, 0x00];
        assert_eq!(land_face(raw, LandComponent11::FaceOrder), LandFace::FaceOrder { face: 7, flags: FACE_STARTS_BATCH, zero: 0 });
        assert_eq!(land_face(raw, LandComponent11::MaterialTriangle), LandFace::MaterialTriangle { material: 7, triangle: 16 });
        let a = LandAlpha::decode(&0.5f32.to_le_bytes(), [0; 3]).unwrap();
        assert_eq!(a.0, vec![0.5]);
    }
}
