//! The `Page` tail of a Texm (atlas rectangles) and the runtime's conversion of its rects to
//! pixel rectangles and UVs under mip-skip (docs/formats/texm.md#rects-at-run-time).

use crate::formats::bytes::{Reader, WriteLe};
use crate::formats::{Error, Result, TYPE_PAGE};
use crate::msg;

/// One stored rectangle, fields in stored order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize)]
pub struct Rect {
    pub x: i16,
    pub w: i16,
    pub y: i16,
    pub h: i16,
}

/// `{"Page", u32 n, n * Rect}`. The count is derived from `rects` on write; a chunk whose
/// count disagrees with its size never parses, so writing is lossless.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Page {
    pub rects: Vec<Rect>,
}

pub const RECT_LEN: usize = 8;
pub const PAGE_HEADER_LEN: usize = 8;

impl Page {
    /// Parses a tail that must be exactly one Page chunk. Offsets in errors are relative to
    /// `tail`; the caller moves them to payload coordinates.
    pub fn parse(tail: &[u8]) -> Result<Page> {
        let mut r = Reader::new(tail);
        if tail.len() < PAGE_HEADER_LEN || r.u32("Page magic")? != TYPE_PAGE {
            return Err(Error::new(
                0,
                msg!(
                    "texm-page-not-page",
                    "{size} bytes after the mip chain are not a Page chunk (expected \"Page\" and a u32 count, found {found})",
                    size = tail.len(),
                    found = format!("{:02X?}", &tail[..tail.len().min(8)])
                ),
            ));
        }
        let count = r.u32("Page rect count")?;
        let body = tail.len() - PAGE_HEADER_LEN;
        let declared = u64::from(count) * RECT_LEN as u64;
        if declared != body as u64 {
            return Err(Error::new(
                4,
                msg!(
                    "texm-page-size",
                    "Page chunk declares {count} rects ({declared} bytes) but {body} bytes follow its header; it must end the payload exactly",
                    count = count,
                    declared = declared,
                    body = body
                ),
            ));
        }
        let mut rects = Vec::with_capacity(count as usize);
        for _ in 0..count {
            rects.push(Rect { x: r.i16("rect x")?, w: r.i16("rect w")?, y: r.i16("rect y")?, h: r.i16("rect h")? });
        }
        Ok(Page { rects })
    }

    pub fn byte_len(&self) -> usize {
        PAGE_HEADER_LEN + self.rects.len() * RECT_LEN
    }

    pub fn write_to(&self, out: &mut Vec<u8>) {
        out.put_u32(TYPE_PAGE);
        out.put_u32(u32::try_from(self.rects.len()).unwrap_or(u32::MAX));
        for r in &self.rects {
            out.put_i16(r.x);
            out.put_i16(r.w);
            out.put_i16(r.y);
            out.put_i16(r.h);
        }
    }

    /// The rects of a texture resized from `from` to `to` pixels: each coordinate scaled by the
    /// same factor and rounded to the nearest integer (clamped to i16).
    pub fn scaled(&self, from: (u32, u32), to: (u32, u32)) -> Page {
        let s = |v: i16, num: u32, den: u32| -> i16 {
            if den == 0 {
                return v;
            }
            let f = (f64::from(v) * f64::from(num) / f64::from(den)).round();
            f.clamp(f64::from(i16::MIN), f64::from(i16::MAX)) as i16
        };
        Page {
            rects: self
                .rects
                .iter()
                .map(|r| Rect { x: s(r.x, to.0, from.0), w: s(r.w, to.0, from.0), y: s(r.y, to.1, from.1), h: s(r.h, to.1, from.1) })
                .collect(),
        }
    }
}

/// A rect as the runtime holds it: pixel bounds and UV origin and extent.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct RuntimeRect {
    pub x0: i32,
    pub y0: i32,
    pub x1: i32,
    pub y1: i32,
    pub u0: f32,
    pub v0: f32,
    pub du: f32,
    pub dv: f32,
}

/// docs/formats/texm.md#rects-at-run-time, with `s` the mip-skip and `width`/`height` the texture's
/// size after the skip: `x0 = x << s`, `x1 = (x + w) << s`, `y0 = y << s`, `y1 = (y + h) << s`,
/// `u0 = x / (width << s)`, `du = w / (width << s)`, `v0 = y / (height << s)`,
/// `dv = h / (height << s)`. The runtime always puts the whole texture first as rect 0:
/// pixels `(0, 0, width, height)`, UV `(0, 0, 1, 1)`. A zero size (a texture skipped below
/// one pixel) is taken as one so no division is by zero.
pub fn runtime_rects(rects: &[Rect], width: u32, height: u32, skip: u32) -> Vec<RuntimeRect> {
    let s = skip.min(15);
    let (width, height) = (width.max(1), height.max(1));
    let shl = |v: i32| v.wrapping_shl(s);
    let uw = f64::from(width) * f64::from(1u32 << s);
    let vh = f64::from(height) * f64::from(1u32 << s);
    let mut out = Vec::with_capacity(rects.len() + 1);
    out.push(RuntimeRect {
        x0: 0,
        y0: 0,
        x1: i32::try_from(width).unwrap_or(i32::MAX),
        y1: i32::try_from(height).unwrap_or(i32::MAX),
        u0: 0.0,
        v0: 0.0,
        du: 1.0,
        dv: 1.0,
    });
    for r in rects {
        let (x, w, y, h) = (i32::from(r.x), i32::from(r.w), i32::from(r.y), i32::from(r.h));
        out.push(RuntimeRect {
            x0: shl(x),
            x1: shl(x + w),
            y0: shl(y),
            y1: shl(y + h),
            u0: (f64::from(x) / uw) as f32,
            du: (f64::from(w) / uw) as f32,
            v0: (f64::from(y) / vh) as f32,
            dv: (f64::from(h) / vh) as f32,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunk(count: u32, rects: &[[i16; 4]]) -> Vec<u8> {
        let mut b = b"Page".to_vec(); // magic
        b.extend_from_slice(&count.to_le_bytes()); // rect count
        for r in rects {
            for v in r {
                b.extend_from_slice(&v.to_le_bytes()); // x, w, y, h
            }
        }
        b
    }

    #[test]
    fn parses_and_writes_back() {
        let b = chunk(2, &[[0, 16, 0, 8], [16, 16, -2, 8]]);
        let p = Page::parse(&b).unwrap();
        assert_eq!(p.rects[1], Rect { x: 16, w: 16, y: -2, h: 8 });
        let mut out = Vec::new();
        p.write_to(&mut out);
        assert_eq!(out, b);
        assert_eq!(p.byte_len(), b.len());
        assert_eq!(Page::parse(&chunk(0, &[])).unwrap().rects.len(), 0, "zero rects is valid");
    }

    #[test]
    fn size_mismatch_and_junk_are_errors() {
        let e = Page::parse(&chunk(3, &[[0, 1, 0, 1]])).unwrap_err();
        assert_eq!(e.offset, 4);
        assert!(e.message.contains("declares 3 rects"), "{e}");
        let mut extra = chunk(1, &[[0, 1, 0, 1]]);
        extra.push(0);
        assert_eq!(Page::parse(&extra).unwrap_err().offset, 4);
        let e = Page::parse(b"Pag").unwrap_err();
        assert_eq!(e.offset, 0);
        let e = Page::parse(b"Gape\0\0\0\0").unwrap_err();
        assert!(e.message.contains("not a Page chunk"), "{e}");
        assert_eq!(Page::parse(&chunk(u32::MAX, &[])).unwrap_err().offset, 4, "huge count, no allocation");
    }

    #[test]
    fn seed_uv_formulas() {
        // a 256x128 texture with one mip skipped: runtime size 128x64
        let r = Rect { x: 64, w: 32, y: 16, h: 48 };
        let out = runtime_rects(&[r], 128, 64, 1);
        assert_eq!(out.len(), 2);
        let base = out[0];
        assert_eq!((base.x0, base.y0, base.x1, base.y1), (0, 0, 128, 64));
        assert_eq!((base.u0, base.v0, base.du, base.dv), (0.0, 0.0, 1.0, 1.0));
        let q = out[1];
        assert_eq!((q.x0, q.x1, q.y0, q.y1), (128, 192, 32, 128), "x << s, (x + w) << s");
        assert_eq!(q.u0, 64.0 / 256.0);
        assert_eq!(q.du, 32.0 / 256.0);
        assert_eq!(q.v0, 16.0 / 128.0);
        assert_eq!(q.dv, 48.0 / 128.0);
        // no skip: pixels as stored, UV over the stored size
        let q = runtime_rects(&[r], 256, 128, 0)[1];
        assert_eq!((q.x0, q.x1, q.y0, q.y1), (64, 96, 16, 64));
        assert_eq!((q.u0, q.du), (0.25, 0.125));
        // skip 2
        let q = runtime_rects(&[r], 64, 32, 2)[1];
        assert_eq!((q.x0, q.x1), (256, 384));
        assert_eq!(q.u0, 0.25);
        assert_eq!(runtime_rects(&[], 0, 0, 2)[0].x1, 1);
    }

    #[test]
    fn scaling_rounds() {
        let p = Page { rects: vec![Rect { x: 3, w: 5, y: 1, h: 7 }] };
        let s = p.scaled((16, 16), (8, 32));
        assert_eq!(s.rects[0], Rect { x: 2, w: 3, y: 2, h: 14 }, "1.5 and 2.5 round away from zero");
        assert_eq!(p.scaled((16, 16), (16, 16)), p);
    }
}
