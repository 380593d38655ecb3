//! Component 2: a 0x8C-byte header of 35 floats (the model's bounds) and Slot68 records, the
//! unit a node's grid cell points at (a triangle range and a batch range, with local bounds).

use super::component::{Component, Record, count32, decode_records};
use crate::formats::bytes::{le_f32, le_u16, le_u32};
use crate::formats::{Error, Result};
use glam::Vec3;

pub const HEADER_LEN: usize = 0x8C;
pub const SLOT_LEN: usize = 68;

/// The model's bounds: 8 box corners, a sphere and a vertical cylinder (the public description's
/// "Center", "CenterW", "Bottom", "Top", "XYRadius"). Landscapes store the corners and zeros.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct BoundsHeader {
    pub corners: [[f32; 3]; 8],
    pub sphere_centre: [f32; 3],
    pub sphere_radius: f32,
    pub cylinder_bottom: [f32; 3],
    pub cylinder_top: [f32; 3],
    pub cylinder_radius: f32,
}

impl BoundsHeader {
    fn read(b: &[u8]) -> Self {
        let v3 = |at: usize| [le_f32(b, at), le_f32(b, at + 4), le_f32(b, at + 8)];
        let mut corners = [[0.0; 3]; 8];
        for (k, c) in corners.iter_mut().enumerate() {
            *c = v3(12 * k);
        }
        BoundsHeader {
            corners,
            sphere_centre: v3(0x60),
            sphere_radius: le_f32(b, 0x6C),
            cylinder_bottom: v3(0x70),
            cylinder_top: v3(0x7C),
            cylinder_radius: le_f32(b, 0x88),
        }
    }
    fn write(&self, out: &mut Vec<u8>) {
        let floats = self
            .corners
            .iter()
            .flatten()
            .chain(&self.sphere_centre)
            .chain(std::iter::once(&self.sphere_radius))
            .chain(&self.cylinder_bottom)
            .chain(&self.cylinder_top)
            .chain(std::iter::once(&self.cylinder_radius));
        for v in floats {
            out.extend_from_slice(&v.to_bits().to_le_bytes());
        }
    }

    /// Bounds of a point set the way the stored ones are laid out: the axis-aligned box's
    /// corners (bit 0 of the corner index picks max x, bit 1 max y, bit 2 max z), a sphere
    /// around the box centre and a cylinder along z (Parkan's up axis).
    pub fn from_points(points: &[[f32; 3]]) -> BoundsHeader {
        let Some((min, max)) = aabb(points) else { return BoundsHeader::default() };
        let centre = (min + max) * 0.5;
        let mut corners = [[0.0; 3]; 8];
        for (k, c) in corners.iter_mut().enumerate() {
            let pick = |bit: usize, lo: f32, hi: f32| if k & bit != 0 { hi } else { lo };
            *c = [pick(1, min.x, max.x), pick(2, min.y, max.y), pick(4, min.z, max.z)];
        }
        let radius = points.iter().map(|p| Vec3::from(*p).distance(centre)).fold(0.0, f32::max);
        let xy = points.iter().map(|p| (Vec3::from(*p) - centre).truncate().length()).fold(0.0, f32::max);
        BoundsHeader {
            corners,
            sphere_centre: centre.into(),
            sphere_radius: radius,
            cylinder_bottom: [centre.x, centre.y, min.z],
            cylinder_top: [centre.x, centre.y, max.z],
            cylinder_radius: xy,
        }
    }
}

/// The axis-aligned box of a point set (`None` when empty).
pub fn aabb(points: &[[f32; 3]]) -> Option<(Vec3, Vec3)> {
    let first = Vec3::from(*points.first()?);
    Some(points.iter().fold((first, first), |(lo, hi), p| (lo.min(Vec3::from(*p)), hi.max(Vec3::from(*p)))))
}

#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Slot68 {
    /// Range of triangle descriptors (component 7; component 21 in a landscape).
    pub tri_start: u16,
    pub tri_count: u16,
    /// Range of batches (component 13).
    pub batch_start: u16,
    pub batch_count: u16,
    pub aabb_min: [f32; 3],
    pub aabb_max: [f32; 3],
    pub centre: [f32; 3],
    pub radius: f32,
    pub area: f32,
    pub volume: f32,
    /// Not understood; written back as read.
    pub opaque: [u32; 3],
}

impl Slot68 {
    pub fn tri_range(&self) -> std::ops::Range<usize> {
        self.tri_start as usize..self.tri_start as usize + self.tri_count as usize
    }
    pub fn batch_range(&self) -> std::ops::Range<usize> {
        self.batch_start as usize..self.batch_start as usize + self.batch_count as usize
    }
    /// A slot over the given ranges with bounds computed from the points it draws.
    pub fn with_bounds(tris: (u16, u16), batches: (u16, u16), points: &[[f32; 3]]) -> Slot68 {
        let (min, max) = aabb(points).unwrap_or((Vec3::ZERO, Vec3::ZERO));
        let centre = (min + max) * 0.5;
        let radius = points.iter().map(|p| Vec3::from(*p).distance(centre)).fold(0.0, f32::max);
        let size = max - min;
        Slot68 {
            tri_start: tris.0,
            tri_count: tris.1,
            batch_start: batches.0,
            batch_count: batches.1,
            aabb_min: min.into(),
            aabb_max: max.into(),
            centre: centre.into(),
            radius,
            area: 2.0 * (size.x * size.y + size.y * size.z + size.z * size.x),
            volume: size.x * size.y * size.z,
            opaque: [0; 3],
        }
    }
}

impl Record for Slot68 {
    const SIZE: usize = SLOT_LEN;
    fn read(b: &[u8]) -> Self {
        let v3 = |at: usize| [le_f32(b, at), le_f32(b, at + 4), le_f32(b, at + 8)];
        Slot68 {
            tri_start: le_u16(b, 0),
            tri_count: le_u16(b, 2),
            batch_start: le_u16(b, 4),
            batch_count: le_u16(b, 6),
            aabb_min: v3(8),
            aabb_max: v3(20),
            centre: v3(32),
            radius: le_f32(b, 44),
            area: le_f32(b, 48),
            volume: le_f32(b, 52),
            opaque: [le_u32(b, 56), le_u32(b, 60), le_u32(b, 64)],
        }
    }
    fn write(&self, out: &mut Vec<u8>) {
        for v in [self.tri_start, self.tri_count, self.batch_start, self.batch_count] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        let tail = [self.radius, self.area, self.volume];
        for v in self.aabb_min.iter().chain(&self.aabb_max).chain(&self.centre).chain(&tail) {
            out.extend_from_slice(&v.to_bits().to_le_bytes());
        }
        for v in self.opaque {
            out.extend_from_slice(&v.to_le_bytes());
        }
    }
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct SlotTable {
    pub header: BoundsHeader,
    pub slots: Vec<Slot68>,
}

impl Component for SlotTable {
    const TYPE_ID: u32 = 2;
    const LABEL: &'static str = "bounds and slots";
    fn decode(bytes: &[u8], _attrs: [u32; 3]) -> Result<Self> {
        if bytes.len() < HEADER_LEN {
            return Err(Error::new(
                0,
                crate::msg!("msh-bounds-header-short", "bounds header runs past the end (need {need} bytes, {left} left)", need = HEADER_LEN, left = bytes.len()),
            ));
        }
        let (head, rest) = bytes.split_at(HEADER_LEN);
        let slots = decode_records(rest, "slot table").map_err(|mut e| {
            e.offset = e.offset.saturating_add(HEADER_LEN as u64);
            e
        })?;
        Ok(SlotTable { header: BoundsHeader::read(head), slots })
    }
    fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER_LEN + self.slots.len() * SLOT_LEN);
        self.header.write(&mut out);
        for s in &self.slots {
            s.write(&mut out);
        }
        out
    }
    fn derived_attrs(&self) -> [Option<u32>; 3] {
        [Some(count32(self.slots.len())), None, None]
    }
}

/// Offset of slot `i` within the component's payload, for diagnostics.
pub fn slot_offset(i: usize) -> usize {
    HEADER_LEN.saturating_add(i.saturating_mul(SLOT_LEN))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::bytes::WriteLe;

    fn slot_bytes() -> Vec<u8> {
        let mut b = Vec::new();
        b.put_u16(3); // tri_start
        b.put_u16(12); // tri_count
        b.put_u16(1); // batch_start
        b.put_u16(2); // batch_count
        for v in [-1.0f32, -2.0, -3.0, 1.0, 2.0, 3.0, 0.0, 0.0, 0.0, 3.75, 88.0, 48.0] {
            b.put_f32(v); // aabb_min, aabb_max, centre, radius, area, volume
        }
        b.put_u32(0xDEAD_BEEF); // opaque[0..3]
        b.put_u32(1);
        b.put_u32(0);
        b
    }

    #[test]
    fn header_and_slot_fields() {
        let mut b = vec![0u8; HEADER_LEN];
        b[0x6C..0x70].copy_from_slice(&5.5f32.to_le_bytes()); // sphere radius
        b[0x88..0x8C].copy_from_slice(&2.25f32.to_le_bytes()); // cylinder radius
        b.extend(slot_bytes());
        let t = SlotTable::decode(&b, [1, 0, 68]).unwrap();
        assert_eq!(t.header.sphere_radius, 5.5);
        assert_eq!(t.header.cylinder_radius, 2.25);
        let s = t.slots[0];
        assert_eq!((s.tri_range(), s.batch_range()), (3..15, 1..3));
        assert_eq!((s.aabb_min, s.aabb_max, s.radius, s.area, s.volume), ([-1.0, -2.0, -3.0], [1.0, 2.0, 3.0], 3.75, 88.0, 48.0));
        assert_eq!(s.opaque, [0xDEAD_BEEF, 1, 0]);
        assert_eq!(t.encode(), b);
        assert_eq!(t.derived_attrs(), [Some(1), None, None]);
    }

    #[test]
    fn malformed_sizes() {
        let e = SlotTable::decode(&[0; 100], [0; 3]).unwrap_err();
        assert_eq!(e.offset, 0);
        assert!(e.message.contains("need 140 bytes, 100 left"), "{e}");
        let e = SlotTable::decode(&[0; HEADER_LEN + 70], [0; 3]).unwrap_err();
        assert_eq!(e.offset, (HEADER_LEN + 68) as u64);
    }

    #[test]
    fn bounds_from_points() {
        let h = BoundsHeader::from_points(&[[0.0, 0.0, 0.0], [2.0, 4.0, 6.0]]);
        assert_eq!(h.corners[0], [0.0, 0.0, 0.0]);
        assert_eq!(h.corners[7], [2.0, 4.0, 6.0]);
        assert_eq!(h.corners[5], [2.0, 0.0, 6.0]);
        assert_eq!(h.sphere_centre, [1.0, 2.0, 3.0]);
        assert!((h.sphere_radius - 14f32.sqrt()).abs() < 1e-6);
        assert_eq!((h.cylinder_bottom, h.cylinder_top), ([1.0, 2.0, 0.0], [1.0, 2.0, 6.0]));
        assert!((h.cylinder_radius - 5f32.sqrt()).abs() < 1e-6);
        let s = Slot68::with_bounds((0, 12), (0, 1), &[[0.0, 0.0, 0.0], [1.0, 2.0, 3.0]]);
        assert_eq!((s.area, s.volume), (22.0, 6.0));
    }
}
