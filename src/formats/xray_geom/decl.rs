//! Direct3D 9 vertex declarations as level.geom stores them: 8-byte `D3DVERTEXELEMENT9`
//! records ended by `D3DDECL_END` (`{0xFF, 0, UNUSED, 0, 0, 0}`), parsed generically (the public
//! description's word-by-word reading misses that the first element is the position), and the value
//! of one element of any declared type.

use crate::formats::bytes::{Reader, le_u16};
use crate::formats::{Error, Result};

pub const ELEMENT_LEN: usize = 8;
/// D3D9's limit on a declaration's length (MAXD3DDECLLENGTH), end marker excluded.
pub const MAX_ELEMENTS: usize = 64;
pub const END_STREAM: u16 = 0xFF;

pub const TYPE_FLOAT1: u8 = 0;
pub const TYPE_FLOAT2: u8 = 1;
pub const TYPE_FLOAT3: u8 = 2;
pub const TYPE_FLOAT4: u8 = 3;
pub const TYPE_D3DCOLOR: u8 = 4;
pub const TYPE_UBYTE4: u8 = 5;
pub const TYPE_SHORT2: u8 = 6;
pub const TYPE_SHORT4: u8 = 7;
pub const TYPE_UBYTE4N: u8 = 8;
pub const TYPE_SHORT2N: u8 = 9;
pub const TYPE_SHORT4N: u8 = 10;
pub const TYPE_USHORT2N: u8 = 11;
pub const TYPE_USHORT4N: u8 = 12;
pub const TYPE_UDEC3: u8 = 13;
pub const TYPE_DEC3N: u8 = 14;
pub const TYPE_FLOAT16_2: u8 = 15;
pub const TYPE_FLOAT16_4: u8 = 16;
pub const TYPE_UNUSED: u8 = 17;

pub const USAGE_POSITION: u8 = 0;
pub const USAGE_NORMAL: u8 = 3;
pub const USAGE_TEXCOORD: u8 = 5;
pub const USAGE_TANGENT: u8 = 6;
pub const USAGE_BINORMAL: u8 = 7;
pub const USAGE_COLOR: u8 = 10;

/// Bytes of a declared type; `None` for codes past UNUSED.
pub fn type_size(t: u8) -> Option<usize> {
    Some(match t {
        TYPE_FLOAT1 | TYPE_D3DCOLOR | TYPE_UBYTE4 | TYPE_SHORT2 | TYPE_UBYTE4N | TYPE_SHORT2N | TYPE_USHORT2N | TYPE_UDEC3 | TYPE_DEC3N
        | TYPE_FLOAT16_2 => 4,
        TYPE_FLOAT2 | TYPE_SHORT4 | TYPE_SHORT4N | TYPE_USHORT4N | TYPE_FLOAT16_4 => 8,
        TYPE_FLOAT3 => 12,
        TYPE_FLOAT4 => 16,
        TYPE_UNUSED => 0,
        _ => return None,
    })
}

pub fn type_name(t: u8) -> &'static str {
    const NAMES: [&str; 18] = [
        "FLOAT1", "FLOAT2", "FLOAT3", "FLOAT4", "D3DCOLOR", "UBYTE4", "SHORT2", "SHORT4", "UBYTE4N", "SHORT2N", "SHORT4N", "USHORT2N",
        "USHORT4N", "UDEC3", "DEC3N", "FLOAT16_2", "FLOAT16_4", "UNUSED",
    ];
    NAMES.get(t as usize).copied().unwrap_or("unknown")
}

pub fn usage_name(u: u8) -> &'static str {
    match u {
        0 => "POSITION",
        1 => "BLENDWEIGHT",
        2 => "BLENDINDICES",
        3 => "NORMAL",
        4 => "PSIZE",
        5 => "TEXCOORD",
        6 => "TANGENT",
        7 => "BINORMAL",
        8 => "TESSFACTOR",
        9 => "POSITIONT",
        10 => "COLOR",
        11 => "FOG",
        12 => "DEPTH",
        13 => "SAMPLE",
        _ => "unknown",
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct VertexElement {
    pub stream: u16,
    pub offset: u16,
    pub ty: u8,
    pub method: u8,
    pub usage: u8,
    pub usage_index: u8,
}

impl VertexElement {
    pub const fn new(offset: u16, ty: u8, usage: u8, usage_index: u8) -> VertexElement {
        VertexElement { stream: 0, offset, ty, method: 0, usage, usage_index }
    }
    pub fn read(b: &[u8; ELEMENT_LEN]) -> VertexElement {
        VertexElement { stream: le_u16(b, 0), offset: le_u16(b, 2), ty: b[4], method: b[5], usage: b[6], usage_index: b[7] }
    }
    pub fn to_bytes(&self) -> [u8; ELEMENT_LEN] {
        let s = self.stream.to_le_bytes();
        let o = self.offset.to_le_bytes();
        [s[0], s[1], o[0], o[1], self.ty, self.method, self.usage, self.usage_index]
    }
    /// Byte just past the element within a vertex.
    pub fn end(&self) -> usize {
        self.offset as usize + type_size(self.ty).unwrap_or(0)
    }
}

/// `D3DDECL_END()`.
pub const END_MARKER: [u8; ELEMENT_LEN] = [0xFF, 0x00, 0x00, 0x00, TYPE_UNUSED, 0, 0, 0];

/// A parsed declaration: its elements and the end marker's bytes as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Declaration {
    pub elements: Vec<VertexElement>,
    pub end: [u8; ELEMENT_LEN],
}

impl Declaration {
    pub fn new(elements: Vec<VertexElement>) -> Declaration {
        Declaration { elements, end: END_MARKER }
    }
    /// Bytes per vertex: the largest `offset + size(type)`.
    pub fn stride(&self) -> usize {
        self.elements.iter().map(VertexElement::end).max().unwrap_or(0)
    }
    pub fn find(&self, usage: u8, usage_index: u8) -> Option<&VertexElement> {
        self.elements.iter().find(|e| e.usage == usage && e.usage_index == usage_index)
    }

    /// Reads elements up to and including the end marker (stream 0xFF). Every element must
    /// have a known type, lie in stream 0 and fit the declaration limit.
    pub fn read(r: &mut Reader) -> Result<Declaration> {
        let start = r.pos();
        let mut elements = Vec::new();
        loop {
            let at = r.pos();
            let raw = r.array::<ELEMENT_LEN>("vertex element")?;
            let e = VertexElement::read(&raw);
            if e.stream == END_STREAM {
                return Ok(Declaration { elements, end: raw });
            }
            if elements.len() == MAX_ELEMENTS {
                return Err(Error::new(start, crate::msg!("xray-decl-no-end", "vertex declaration has no end marker within {max} elements", max = MAX_ELEMENTS)));
            }
            if type_size(e.ty).is_none() || e.ty == TYPE_UNUSED {
                let m = crate::msg!("xray-decl-type", "vertex element {k}: type {ty} is not a D3DDECLTYPE (0..16)", k = elements.len(), ty = e.ty);
                return Err(Error::new(at + 4, m));
            }
            if e.stream != 0 {
                let m = crate::msg!("xray-decl-stream", "vertex element {k}: stream {stream} (level.geom buffers use stream 0 only)", k = elements.len(), stream = e.stream);
                return Err(Error::new(at, m));
            }
            elements.push(e);
        }
    }
    pub fn write(&self, out: &mut Vec<u8>) {
        for e in &self.elements {
            out.extend_from_slice(&e.to_bytes());
        }
        out.extend_from_slice(&self.end);
    }
}

/// Converts an IEEE half to f32 (subnormals, infinities and NaN included).
pub fn half_to_f32(h: u16) -> f32 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exp = (h >> 10) & 0x1F;
    let frac = (h & 0x3FF) as f32;
    sign * match exp {
        0 => frac * 2f32.powi(-24),
        31 if frac == 0.0 => f32::INFINITY,
        31 => f32::NAN,
        e => (1.0 + frac / 1024.0) * 2f32.powi(e as i32 - 15),
    }
}

/// The value of an element of type `ty` read from `b` (at least `type_size(ty)` bytes), the way
/// Direct3D expands it to four floats: missing components are 0, missing w is 1. D3DCOLOR
/// comes out as (r, g, b, a) from its stored `b, g, r, a`.
pub fn element_value(ty: u8, b: &[u8]) -> [f32; 4] {
    let f = |k: usize| f32::from_le_bytes([b[4 * k], b[4 * k + 1], b[4 * k + 2], b[4 * k + 3]]);
    let s = |k: usize| i16::from_le_bytes([b[2 * k], b[2 * k + 1]]) as f32;
    let u = |k: usize| u16::from_le_bytes([b[2 * k], b[2 * k + 1]]) as f32;
    let sn = |k: usize| (s(k) / 32767.0).max(-1.0);
    let w32 = || u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
    match ty {
        TYPE_FLOAT1 => [f(0), 0.0, 0.0, 1.0],
        TYPE_FLOAT2 => [f(0), f(1), 0.0, 1.0],
        TYPE_FLOAT3 => [f(0), f(1), f(2), 1.0],
        TYPE_FLOAT4 => [f(0), f(1), f(2), f(3)],
        TYPE_D3DCOLOR => [b[2], b[1], b[0], b[3]].map(|v| v as f32 / 255.0),
        TYPE_UBYTE4 => [b[0], b[1], b[2], b[3]].map(|v| v as f32),
        TYPE_UBYTE4N => [b[0], b[1], b[2], b[3]].map(|v| v as f32 / 255.0),
        TYPE_SHORT2 => [s(0), s(1), 0.0, 1.0],
        TYPE_SHORT4 => [s(0), s(1), s(2), s(3)],
        TYPE_SHORT2N => [sn(0), sn(1), 0.0, 1.0],
        TYPE_SHORT4N => [sn(0), sn(1), sn(2), sn(3)],
        TYPE_USHORT2N => [u(0) / 65535.0, u(1) / 65535.0, 0.0, 1.0],
        TYPE_USHORT4N => [u(0) / 65535.0, u(1) / 65535.0, u(2) / 65535.0, u(3) / 65535.0],
        TYPE_UDEC3 => {
            let w = w32();
            [(w & 0x3FF) as f32, ((w >> 10) & 0x3FF) as f32, ((w >> 20) & 0x3FF) as f32, 1.0]
        }
        TYPE_DEC3N => {
            let w = w32();
            let c = |sh: u32| ((((w >> sh) & 0x3FF) << 22) as i32 >> 22) as f32 / 511.0;
            [c(0).max(-1.0), c(10).max(-1.0), c(20).max(-1.0), 1.0]
        }
        TYPE_FLOAT16_2 => [half_to_f32(u(0) as u16), half_to_f32(u(1) as u16), 0.0, 1.0],
        TYPE_FLOAT16_4 => [0, 1, 2, 3].map(|k| half_to_f32(u(k) as u16)),
        _ => [0.0, 0.0, 0.0, 1.0],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_brush_declaration_parses_generically() {
        // The version-13 brush layout of the public description (docs/formats/xray-level-geom.md),
        // with the position element it omits.
        let elems = [
            VertexElement::new(0, TYPE_FLOAT3, USAGE_POSITION, 0),
            VertexElement::new(12, TYPE_D3DCOLOR, USAGE_NORMAL, 0),
            VertexElement::new(16, TYPE_D3DCOLOR, USAGE_TANGENT, 0),
            VertexElement::new(20, TYPE_D3DCOLOR, USAGE_BINORMAL, 0),
            VertexElement::new(24, TYPE_FLOAT2, USAGE_TEXCOORD, 0),
            VertexElement::new(32, TYPE_SHORT2, USAGE_TEXCOORD, 1),
        ];
        let mut b = Vec::new();
        Declaration::new(elems.to_vec()).write(&mut b);
        // The lightmap element as the seed shows it in words: 0, 32, 6, 261 (usage 5, index 1).
        assert_eq!(&b[40..48], &[0, 0, 32, 0, 6, 0, 5, 1]);
        let mut r = Reader::new(&b);
        let d = Declaration::read(&mut r).unwrap();
        assert_eq!(d.elements, elems);
        assert_eq!(d.stride(), 36);
        assert_eq!(r.pos(), b.len());
        assert_eq!(d.find(USAGE_TEXCOORD, 1).unwrap().offset, 32);
    }

    #[test]
    fn bad_declarations() {
        let mut b = VertexElement::new(0, 18, 0, 0).to_bytes().to_vec();
        let e = Declaration::read(&mut Reader::new(&b)).unwrap_err();
        assert_eq!(e.offset, 4);
        b = VertexElement::new(0, TYPE_FLOAT3, 0, 0).to_bytes().repeat(65);
        let e = Declaration::read(&mut Reader::new(&b)).unwrap_err();
        assert!(e.message.contains("no end marker"), "{e}");
        let e = Declaration::read(&mut Reader::new(&b[..12])).unwrap_err();
        assert_eq!(e.offset, 8);
        let mut s = VertexElement::new(0, TYPE_FLOAT3, 0, 0);
        s.stream = 1;
        assert!(Declaration::read(&mut Reader::new(&s.to_bytes())).is_err());
    }

    #[test]
    fn element_values() {
        assert_eq!(element_value(TYPE_D3DCOLOR, &[10, 20, 255, 0]), [1.0, 20.0 / 255.0, 10.0 / 255.0, 0.0]);
        assert_eq!(element_value(TYPE_SHORT2, &[0x00, 0x80, 0x01, 0x00]), [-32768.0, 1.0, 0.0, 1.0]);
        assert_eq!(element_value(TYPE_SHORT2N, &[0x00, 0x80, 0xFF, 0x7F])[..2], [-1.0, 1.0]);
        assert_eq!(element_value(TYPE_FLOAT16_2, &[0x00, 0x3C, 0x00, 0xC0])[..2], [1.0, -2.0]);
        assert_eq!(half_to_f32(0x0001), 2f32.powi(-24));
        assert!(half_to_f32(0x7C01).is_nan());
        // UDEC3 x = 1, y = 2, z = 3; DEC3N x = -511 (0x201), y = 511.
        assert_eq!(element_value(TYPE_UDEC3, &(1u32 | 2 << 10 | 3 << 20).to_le_bytes())[..3], [1.0, 2.0, 3.0]);
        assert_eq!(element_value(TYPE_DEC3N, &(0x201u32 | 0x1FF << 10).to_le_bytes())[..2], [-1.0, 1.0]);
        for t in 0..=TYPE_UNUSED {
            let n = type_size(t).unwrap();
            let v = element_value(t, &vec![0x5A; n.max(4)]);
            assert!(v.iter().all(|x| !x.is_nan() || t >= TYPE_FLOAT16_2), "type {t}");
        }
        assert_eq!(type_size(18), None);
        assert_eq!((type_name(7), usage_name(5)), ("SHORT4", "TEXCOORD"));
    }
}
