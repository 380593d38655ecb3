//! Decoded vertex attributes of a level.geom vertex buffer, for display and export (the raw
//! vertex bytes stay the stored truth). Elements are found by usage, whatever their offsets;
//! the packings follow docs/formats/xray-level-geom.md:
//! - packed normal, tangent, binormal (D3DCOLOR): `2c/255 - 1` per axis, which byte is x being
//!   a reading; the normal's 4th byte is the hemisphere lighting factor, the tangent's and
//!   binormal's the texture-coordinate correctors;
//! - texcoord 0: FLOAT2 as is; SHORT2 (version-14 brush) `(s + corrector / 255) * 32 / 32768`;
//!   SHORT4 (vegetation) the first two shorts over a reading's scale, the other two wind data;
//! - texcoord 1 (lightmap): SHORT2 / 32768;
//! - colour (D3DCOLOR): stored `b, g, r, a`.

use super::buffers::VertexBuffer;
use super::decl::{
    TYPE_D3DCOLOR, TYPE_FLOAT2, TYPE_SHORT2, TYPE_SHORT4, USAGE_BINORMAL, USAGE_COLOR, USAGE_NORMAL, USAGE_POSITION, USAGE_TANGENT,
    USAGE_TEXCOORD, VertexElement, element_value,
};
use crate::formats::readings::{GeomNormalAxes, Readings, VegetationTexcoord};

/// How texcoord 0 was stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Uv0Source {
    Float2,
    /// Version-14 brush: SHORT2 with the tangent's and binormal's corrector bytes.
    BrushShort2,
    /// Vegetation: SHORT4, two shorts of wind data.
    VegetationShort4,
    /// Any other type, expanded the Direct3D way.
    Generic,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct VertexAttributes {
    pub positions: Vec<[f32; 3]>,
    pub normals: Option<Vec<[f32; 3]>>,
    /// The packed normal's 4th byte / 255.
    pub hemi: Option<Vec<f32>>,
    pub tangents: Option<Vec<[f32; 3]>>,
    pub binormals: Option<Vec<[f32; 3]>>,
    pub uv0: Option<Vec<[f32; 2]>>,
    pub uv0_source: Option<Uv0Source>,
    pub uv_lightmap: Option<Vec<[f32; 2]>>,
    /// RGBA, 0..1.
    pub colors: Option<Vec<[f32; 4]>>,
    /// The vegetation texcoord's 3rd and 4th shorts.
    pub wind: Option<Vec<[i16; 2]>>,
}

/// A packed direction from its stored bytes `b0, b1, b2`, the axis order a reading.
pub fn unpack_direction(b: &[u8], axes: GeomNormalAxes) -> [f32; 3] {
    let c = |v: u8| 2.0 * v as f32 / 255.0 - 1.0;
    match axes {
        GeomNormalAxes::XFromByte2 => [c(b[2]), c(b[1]), c(b[0])],
        GeomNormalAxes::XFromByte0 => [c(b[0]), c(b[1]), c(b[2])],
    }
}

/// The version-14 brush texcoord from its shorts and the two corrector bytes.
pub fn brush_uv(s: i16, t: i16, tangent_a: u8, binormal_a: u8) -> [f32; 2] {
    [(s as f32 + tangent_a as f32 / 255.0) * 32.0 / 32768.0, (t as f32 + binormal_a as f32 / 255.0) * 32.0 / 32768.0]
}

fn vegetation_scale(r: VegetationTexcoord) -> f32 {
    match r {
        VegetationTexcoord::Over2048 => 2048.0,
        VegetationTexcoord::Over1024 => 1024.0,
    }
}

/// Decodes every attribute the buffer's declaration has.
pub fn decode_attributes(vb: &VertexBuffer, readings: &Readings) -> VertexAttributes {
    decode(vb, readings, true)
}

/// What a viewer or exporter draws: every attribute but the tangent frames and the hemisphere
/// factor (each costs as much as the positions and none is drawn; the texcoord correctors are
/// still read).
pub fn decode_for_display(vb: &VertexBuffer, readings: &Readings) -> VertexAttributes {
    decode(vb, readings, false)
}

/// The hemisphere lighting factor of every vertex (the packed normal's 4th byte / 255), when
/// the normal is a D3DCOLOR; for viewers that shade by it without decoding the tangent frames.
pub fn decode_hemi(vb: &VertexBuffer) -> Option<Vec<f32>> {
    let e = vb.decl.find(USAGE_NORMAL, 0).filter(|e| e.ty == TYPE_D3DCOLOR)?;
    let stride = vb.stride();
    let n = vb.data.len().checked_div(stride).unwrap_or(0);
    let at = e.offset as usize + 3;
    Some(vb.data.chunks_exact(stride.max(1)).take(n).map(|v| v.get(at).map_or(1.0, |&h| h as f32 / 255.0)).collect())
}

/// The first `N` components of one element of every vertex, written straight into their
/// final shape (a level's buffers run to millions of vertices: no wider copy in between).
fn gather<const N: usize>(vb: &VertexBuffer, n: usize, e: &VertexElement, f: &dyn Fn(&VertexElement, &[u8]) -> [f32; 4]) -> Vec<[f32; N]> {
    let field = e.offset as usize..e.end();
    vb.data
        .chunks_exact(vb.stride().max(1))
        .take(n)
        .map(|v| {
            let x = f(e, &v[field.clone()]);
            std::array::from_fn(|i| x[i])
        })
        .collect()
}

fn decode(vb: &VertexBuffer, readings: &Readings, frames: bool) -> VertexAttributes {
    let stride = vb.stride();
    let n = vb.data.len().checked_div(stride).unwrap_or(0);
    let d = &vb.decl;
    let verts = || vb.data.chunks_exact(stride.max(1)).take(n);
    let generic = |e: &VertexElement, b: &[u8]| element_value(e.ty, b);
    let direction = |e: &VertexElement, b: &[u8]| {
        if e.ty == TYPE_D3DCOLOR {
            let [x, y, z] = unpack_direction(b, readings.geom_normal);
            [x, y, z, b[3] as f32 / 255.0]
        } else {
            element_value(e.ty, b)
        }
    };

    let mut out = VertexAttributes { positions: d.find(USAGE_POSITION, 0).map(|e| gather::<3>(vb, n, e, &generic)).unwrap_or_default(), ..Default::default() };
    if let Some(e) = d.find(USAGE_NORMAL, 0) {
        if frames {
            out.hemi = decode_hemi(vb);
        }
        out.normals = Some(gather::<3>(vb, n, e, &direction));
    }
    let tangent = d.find(USAGE_TANGENT, 0);
    let binormal = d.find(USAGE_BINORMAL, 0);
    if frames {
        out.tangents = tangent.map(|e| gather::<3>(vb, n, e, &direction));
        out.binormals = binormal.map(|e| gather::<3>(vb, n, e, &direction));
    }
    if let Some(e) = d.find(USAGE_TEXCOORD, 0) {
        let corrector = |c: Option<&VertexElement>, v: &[u8]| c.filter(|c| c.ty == TYPE_D3DCOLOR).map_or(0, |c| v[c.offset as usize + 3]);
        let short = |v: &[u8], k: usize| i16::from_le_bytes([v[e.offset as usize + 2 * k], v[e.offset as usize + 2 * k + 1]]);
        let (source, uv): (Uv0Source, Vec<[f32; 2]>) = match e.ty {
            TYPE_FLOAT2 => (Uv0Source::Float2, gather::<2>(vb, n, e, &generic)),
            TYPE_SHORT2 => {
                (Uv0Source::BrushShort2, verts().map(|v| brush_uv(short(v, 0), short(v, 1), corrector(tangent, v), corrector(binormal, v))).collect())
            }
            TYPE_SHORT4 => {
                let s = vegetation_scale(readings.vegetation_texcoord);
                out.wind = Some(verts().map(|v| [short(v, 2), short(v, 3)]).collect());
                (Uv0Source::VegetationShort4, verts().map(|v| [short(v, 0) as f32 / s, short(v, 1) as f32 / s]).collect())
            }
            _ => (Uv0Source::Generic, gather::<2>(vb, n, e, &generic)),
        };
        out.uv0 = Some(uv);
        out.uv0_source = Some(source);
    }
    if let Some(e) = d.find(USAGE_TEXCOORD, 1) {
        let lightmap = |e: &VertexElement, b: &[u8]| {
            if e.ty == TYPE_SHORT2 {
                let s = element_value(TYPE_SHORT2, b);
                [s[0] / 32768.0, s[1] / 32768.0, 0.0, 1.0]
            } else {
                element_value(e.ty, b)
            }
        };
        out.uv_lightmap = Some(gather::<2>(vb, n, e, &lightmap));
    }
    out.colors = d.find(USAGE_COLOR, 0).map(|e| gather::<4>(vb, n, e, &generic));
    out
}

#[cfg(test)]
mod tests {
    use super::super::decl::{Declaration, TYPE_FLOAT3};
    use super::*;
    use crate::formats::bytes::SharedBytes;

    fn brush13() -> Declaration {
        Declaration::new(vec![
            VertexElement::new(0, TYPE_FLOAT3, USAGE_POSITION, 0),
            VertexElement::new(12, TYPE_D3DCOLOR, USAGE_NORMAL, 0),
            VertexElement::new(16, TYPE_D3DCOLOR, USAGE_TANGENT, 0),
            VertexElement::new(20, TYPE_D3DCOLOR, USAGE_BINORMAL, 0),
            VertexElement::new(24, TYPE_FLOAT2, USAGE_TEXCOORD, 0),
            VertexElement::new(32, TYPE_SHORT2, USAGE_TEXCOORD, 1),
        ])
    }

    #[test]
    fn seed_worked_example() {
        let vb = VertexBuffer { decl: brush13(), vertex_count: 1, data: SharedBytes::from(crate::fixtures::xray::seed_brush_vertex()) };
        let a = decode_attributes(&vb, &Readings::default());
        assert_eq!(a.positions, vec![[30.76, 0.2, 51.4]]);
        let n = a.normals.as_ref().unwrap()[0];
        // 127 -> -1/255, 255 -> 1: the normal points up (y) under both axis readings.
        assert_eq!(n, [2.0 * 127.0 / 255.0 - 1.0, 1.0, 2.0 * 127.0 / 255.0 - 1.0]);
        assert_eq!(a.hemi.as_ref().unwrap()[0], 1.0 / 255.0);
        assert_eq!(a.uv0.as_ref().unwrap()[0], [3.1802, 2.2143]);
        assert_eq!(a.uv0_source, Some(Uv0Source::Float2));
        let lm = a.uv_lightmap.as_ref().unwrap()[0];
        assert!((lm[0] - 0.4023).abs() < 1e-4 && (lm[1] - 0.000097).abs() < 1e-5, "{lm:?}");
        // The tangent bytes (127, 255, 255): x from byte 2 by default, from byte 0 otherwise.
        assert_eq!(a.tangents.as_ref().unwrap()[0], [1.0, 1.0, 2.0 * 127.0 / 255.0 - 1.0]);
        let r = Readings { geom_normal: GeomNormalAxes::XFromByte0, ..Readings::default() };
        assert_eq!(decode_attributes(&vb, &r).tangents.unwrap()[0], [2.0 * 127.0 / 255.0 - 1.0, 1.0, 1.0]);
    }

    #[test]
    fn short_texcoords() {
        assert_eq!(brush_uv(1024, -1024, 0, 255), [1.0, (-1024.0 + 1.0) / 1024.0]);
        assert_eq!(brush_uv(0, 0, 51, 0)[0], 0.2 * 32.0 / 32768.0);
        // Vegetation: SHORT4 at 24 in a 32-byte vertex.
        let decl = Declaration::new(vec![VertexElement::new(0, TYPE_FLOAT3, USAGE_POSITION, 0), VertexElement::new(24, TYPE_SHORT4, USAGE_TEXCOORD, 0)]);
        let mut v = vec![0u8; 32];
        for (k, s) in [2048i16, -1024, 7, -9].iter().enumerate() {
            v[24 + 2 * k..26 + 2 * k].copy_from_slice(&s.to_le_bytes());
        }
        let vb = VertexBuffer { decl, vertex_count: 1, data: v.into() };
        let a = decode_attributes(&vb, &Readings::default());
        assert_eq!(a.uv0.unwrap()[0], [1.0, -0.5]);
        assert_eq!(a.wind.unwrap()[0], [7, -9]);
        let r = Readings { vegetation_texcoord: VegetationTexcoord::Over1024, ..Readings::default() };
        assert_eq!(decode_attributes(&vb, &r).uv0.unwrap()[0], [2.0, -1.0]);
        // The display decoding is the same without the tangent frames.
        let full = decode_attributes(&vb, &r);
        let shown = decode_for_display(&vb, &r);
        assert_eq!((shown.tangents.as_ref(), shown.hemi.as_ref(), shown.uv0.as_ref(), shown.wind.as_ref()), (None, None, full.uv0.as_ref(), full.wind.as_ref()));
    }
}
