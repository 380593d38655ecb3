//! Per-vertex components: 3 positions (f32 x 3), 4 packed normals (i8 x 4), 5 UV0 and 18
//! lightmap / microtexture UVs (two 16-bit values / 1024). The 16-bit UV words are kept as
//! stored; whether they are signed is a reading (docs/readings.md) applied on decode.

use super::component::record_component;
use crate::formats::readings::UvSign;

record_component!(
    /// Component 3: vertex positions, in the owning node's space (Parkan: left-handed, z up).
    Positions, 3, "positions", [f32; 3]
);
record_component!(
    /// Component 4: normals as `i8 x 4`; the 4th byte is kept but not read.
    Normals, 4, "normals", [i8; 4]
);
record_component!(
    /// Component 5: UV0 as two 16-bit words / 1024.
    Uv0, 5, "UV0", [u16; 2]
);
record_component!(
    /// Component 18: lightmap UVs (models) or microtexture UVs (landscapes), two 16-bit words / 1024.
    LightmapUv, 18, "lightmap UVs", [u16; 2]
);

pub const UV_SCALE: f32 = 1024.0;

/// A packed normal: each of the first three bytes / 127, clamped to -1..1 (-128 would
/// otherwise overshoot).
pub fn decode_normal(n: [i8; 4]) -> [f32; 3] {
    [n[0], n[1], n[2]].map(|v| (v as f32 / 127.0).clamp(-1.0, 1.0))
}

/// Packs a normal (normalised first; a zero vector packs to zeros) with the given 4th byte.
pub fn encode_normal(n: [f32; 3], w: i8) -> [i8; 4] {
    let v = glam::Vec3::from(n).normalize_or_zero();
    let q = |c: f32| (c * 127.0).round().clamp(-127.0, 127.0) as i8;
    [q(v.x), q(v.y), q(v.z), w]
}

/// A stored UV pair under a signedness reading.
pub fn decode_uv(uv: [u16; 2], sign: UvSign) -> [f32; 2] {
    uv.map(|w| match sign {
        UvSign::Unsigned => w as f32 / UV_SCALE,
        UvSign::Signed => w as i16 as f32 / UV_SCALE,
    })
}

/// Packs a UV pair under a signedness reading, rounding to the nearest 1/1024 and clamping to
/// the range the reading can store (0..64 unsigned, -32..32 signed).
pub fn encode_uv(uv: [f32; 2], sign: UvSign) -> [u16; 2] {
    uv.map(|c| {
        let v = (c * UV_SCALE).round();
        match sign {
            UvSign::Unsigned => v.clamp(0.0, u16::MAX as f32) as u16,
            UvSign::Signed => v.clamp(i16::MIN as f32, i16::MAX as f32) as i16 as u16,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::super::component::Component;
    use super::*;

    #[test]
    fn normals_decode_and_clamp() {
        assert_eq!(decode_normal([127, 0, -127, 5]), [1.0, 0.0, -1.0]);
        assert_eq!(decode_normal([-128, 0, 0, 0])[0], -1.0);
        assert_eq!(encode_normal([0.0, 0.0, 2.0], 7), [0, 0, 127, 7]);
        assert_eq!(encode_normal([0.0, 0.0, 0.0], 0), [0, 0, 0, 0]);
    }

    #[test]
    fn uv_readings_differ_above_0x7fff() {
        assert_eq!(decode_uv([1024, 0x8000], UvSign::Unsigned), [1.0, 32.0]);
        assert_eq!(decode_uv([1024, 0x8000], UvSign::Signed), [1.0, -32.0]);
        assert_eq!(encode_uv([1.0, -0.5], UvSign::Signed), [1024, (-512i16) as u16]);
        assert_eq!(encode_uv([1.0, -0.5], UvSign::Unsigned), [1024, 0]);
        assert_eq!(encode_uv([0.25, 63.0], UvSign::Unsigned), [256, 64512]);
    }

    #[test]
    fn components_round_trip_and_count() {
        // Two normals: (0, 0, 127, w = 0x11) and (-128, 1, 2, 3).
        let b = [0x00, 0x00, 0x7F, 0x11, 0x80, 0x01, 0x02, 0x03];
        let n = Normals::decode(&b, [0; 3]).unwrap();
        assert_eq!(n.0, vec![[0, 0, 127, 0x11], [-128, 1, 2, 3]]);
        assert_eq!(n.encode(), b);
        assert_eq!(n.derived_attrs()[0], Some(2));
        // One UV pair (0x0400, 0xFC00) then a stray 2 bytes.
        let e = Uv0::decode(&[0x00, 0x04, 0x00, 0xFC, 0x01, 0x02], [0; 3]).unwrap_err();
        assert_eq!(e.offset, 4);
        let p = Positions::decode(&1.5f32.to_le_bytes().repeat(3), [0; 3]).unwrap();
        assert_eq!(p.0, vec![[1.5; 3]]);
    }
}
