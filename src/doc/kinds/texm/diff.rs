//! Textures: header fields with `flags4`/`flags5` bit by bit under their names, size and
//! format, each level whose stored bytes differ (changed pixels, PSNR, the box around the
//! change), palette entries, and Page rects added, removed, moved or resized.

use crate::doc::diff::{Change, Detail, Options, Side, damage};
use crate::formats::texm::header::{FLAG5_ALPHA, FLAG5_FADE};
use crate::formats::texm::{Header, Page, Pixmap, Texm};
use crate::formats::Message;
use crate::msg;

/// How one level's pixels differ.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LevelDiff {
    pub changed: u64,
    pub total: u64,
    /// Over the RGBA channels; infinite when equal.
    pub psnr: f64,
    /// `(x0, y0, x1, y1)`, inclusive, around every changed pixel.
    pub bbox: Option<(u32, u32, u32, u32)>,
}

impl LevelDiff {
    /// The figures in one line (the compare view's and the diff's note), with an id.
    pub fn note(&self) -> Message {
        let psnr = format!("{:.2}", self.psnr);
        match self.bbox {
            Some((x0, y0, x1, y1)) => msg!(
                "texm-level-diff-box",
                "{changed} of {total} pixels changed, PSNR {psnr} dB, box x {x0}..{x1}, y {y0}..{y1}",
                changed = self.changed,
                total = self.total,
                psnr = psnr,
                x0 = x0,
                x1 = x1,
                y0 = y0,
                y1 = y1
            ),
            None => msg!("texm-level-diff", "{changed} of {total} pixels changed, PSNR {psnr} dB", changed = self.changed, total = self.total, psnr = psnr),
        }
    }
}

/// Compares two images of the same size pixel by pixel (the compare view's difference image
/// reads the same loop's result); `None` when the sizes differ.
pub fn level_diff(a: &Pixmap, b: &Pixmap) -> Option<LevelDiff> {
    if (a.width, a.height) != (b.width, b.height) || a.rgba.len() != b.rgba.len() {
        return None;
    }
    let w = a.width as usize;
    let mut changed = 0u64;
    let mut sq = 0u64;
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0u32, 0u32);
    for (y, (ra, rb)) in a.rgba.chunks_exact(w * 4).zip(b.rgba.chunks_exact(w * 4)).enumerate() {
        if ra == rb {
            continue;
        }
        let mut row_changed = 0u64;
        let (mut first, mut last) = (usize::MAX, 0usize);
        for (x, (pa, pb)) in ra.chunks_exact(4).zip(rb.chunks_exact(4)).enumerate() {
            if pa != pb {
                row_changed += 1;
                first = first.min(x);
                last = x;
                for c in 0..4 {
                    let d = i64::from(pa[c]) - i64::from(pb[c]);
                    sq += (d * d) as u64;
                }
            }
        }
        changed += row_changed;
        let y = y as u32;
        (x0, y0, x1, y1) = (x0.min(first as u32), y0.min(y), x1.max(last as u32), y1.max(y));
    }
    let total = u64::from(a.width) * u64::from(a.height);
    let psnr = if sq == 0 {
        f64::INFINITY
    } else {
        let mse = sq as f64 / (total as f64 * 4.0);
        10.0 * (255.0f64 * 255.0 / mse).log10()
    };
    Some(LevelDiff { changed, total, psnr, bbox: (changed > 0).then_some((x0, y0, x1, y1)) })
}

/// The compare view's difference image: each channel's absolute difference times `gain`
/// (saturating), opaque, so a change of one step in 255 shows at a gain of 32. `None` when the
/// sizes differ.
pub fn difference_image(a: &Pixmap, b: &Pixmap, gain: u8) -> Option<Pixmap> {
    if (a.width, a.height) != (b.width, b.height) || a.rgba.len() != b.rgba.len() {
        return None;
    }
    let g = u16::from(gain);
    let mut out = vec![0u8; a.rgba.len()];
    for ((o, pa), pb) in out.chunks_exact_mut(4).zip(a.rgba.chunks_exact(4)).zip(b.rgba.chunks_exact(4)) {
        // Alpha differences show in all three colour channels: otherwise invisible on black.
        let da = u16::from(pa[3].abs_diff(pb[3]));
        for c in 0..3 {
            let d = u16::from(pa[c].abs_diff(pb[c])).max(da);
            o[c] = (d * g).min(255) as u8;
        }
        o[3] = 255;
    }
    Pixmap::from_rgba(a.width, a.height, out).ok()
}

fn flag5_name(bit: u32) -> String {
    match 1u32 << bit {
        FLAG5_ALPHA => "alpha surface".into(),
        FLAG5_FADE => "fade palette, skip 1-2 levels".into(),
        0x1000_0000 => "skip 1 level".into(),
        0x2000_0000 => "skip 1 level from 256".into(),
        0x4000_0000 => "skip by size".into(),
        _ => "unnamed".into(),
    }
}

fn flag4_name(bit: u32) -> String {
    if bit == 5 { "mip-mapped".into() } else { "unnamed".into() }
}

fn bits(field: &str, a: u32, b: u32, name: fn(u32) -> String, out: &mut Vec<Detail>) {
    let x = a ^ b;
    for bit in (0..32).filter(|bit| x >> bit & 1 == 1) {
        let on = |v: u32| if v >> bit & 1 == 1 { "on" } else { "off" };
        out.push(Detail::values(format!("{field} bit {bit} ({})", name(bit)), on(a), on(b)));
    }
}

fn format_name(raw: u32) -> String {
    crate::formats::texm::Format::from_raw(raw).map_or_else(|| format!("unknown {raw}"), |f| f.name().to_string())
}

fn header_details(a: &Header, b: &Header, out: &mut Vec<Detail>) {
    if (a.width, a.height) != (b.width, b.height) {
        out.push(Detail::values("size", format!("{}x{}", a.width, a.height), format!("{}x{}", b.width, b.height)));
    }
    if a.mip_count != b.mip_count {
        out.push(Detail::values("mip_count", a.mip_count, b.mip_count));
    }
    if a.format != b.format {
        out.push(Detail::values("format", format_name(a.format), format_name(b.format)));
    }
    bits("flags4", a.flags4, b.flags4, flag4_name, out);
    bits("flags5", a.flags5, b.flags5, flag5_name, out);
    if a.unk6 != b.unk6 {
        out.push(Detail::values("unk6", format!("0x{:08X}", a.unk6), format!("0x{:08X}", b.unk6)));
    }
}

pub fn diff(a: &Side, b: &Side, opts: &Options, change: &mut Change) {
    let (ta, tb) = match (Texm::parse(&a.bytes), Texm::parse(&b.bytes)) {
        (Ok((x, _)), Ok((y, _))) => (x, y),
        (ra, rb) => {
            // As far as it reads: the two headers.
            if let (Ok(ha), Ok(hb)) = (Header::parse(&a.bytes), Header::parse(&b.bytes)) {
                header_details(&ha, &hb, &mut change.details);
            }
            change.damaged = damage(ra.err().map(|e| e.to_string()), rb.err().map(|e| e.to_string()));
            return;
        }
    };
    let (ha, hb) = (ta.header(), tb.header());
    header_details(ha, hb, &mut change.details);
    let same_shape = (ha.width, ha.height, ha.mip_count) == (hb.width, hb.height, hb.mip_count);
    if same_shape && ta.format().is_some() && tb.format().is_some() {
        for level in 0..ha.mip_count {
            if ha.format == hb.format && ta.mip_bytes(level).ok() == tb.mip_bytes(level).ok() {
                continue;
            }
            let (Ok(pa), Ok(pb)) = (ta.decode_mip(level, &opts.readings, None), tb.decode_mip(level, &opts.readings, None)) else {
                continue;
            };
            if let Some(d) = level_diff(&pa, &pb).filter(|d| d.changed > 0) {
                let (w, h) = ta.mip_dims(level);
                change.details.push(Detail::note(format!("level {level} ({w}x{h})"), d.note()));
            }
        }
    }
    if let (Some(pa), Some(pb)) = (ta.palette(), tb.palette()) {
        let changed: Vec<usize> = pa.raw.chunks_exact(4).zip(pb.raw.chunks_exact(4)).enumerate().filter(|(_, (x, y))| x != y).map(|(i, _)| i).collect();
        if !changed.is_empty() {
            let list: Vec<String> = changed.iter().take(16).map(usize::to_string).collect();
            let more = if changed.len() > 16 { ", ..." } else { "" };
            change.details.push(Detail::note("palette", crate::msg!("diff-palette-entries", "{n} entries changed: {list}{more}", n = changed.len(), list = list.join(", "), more = more)));
        }
    }
    page_details(ta.page(), tb.page(), &mut change.details);
}

fn page_details(a: Option<&Page>, b: Option<&Page>, out: &mut Vec<Detail>) {
    let none = Vec::new();
    let ra = a.map_or(&none, |p| &p.rects);
    let rb = b.map_or(&none, |p| &p.rects);
    let show = |r: &crate::formats::texm::Rect| format!("{},{} {}x{}", r.x, r.y, r.w, r.h);
    for i in 0..ra.len().max(rb.len()) {
        let field = format!("page rect {i}");
        match (ra.get(i), rb.get(i)) {
            (Some(x), Some(y)) if x == y => {}
            (Some(x), Some(y)) => {
                let kind = if (x.w, x.h) == (y.w, y.h) { "moved" } else if (x.x, x.y) == (y.x, y.y) { "resized" } else { "moved and resized" };
                out.push(Detail { field, old: Some(show(x)), new: Some(show(y)), note: Some(kind.into()), note_key: None });
            }
            (Some(x), None) => out.push(Detail::removed(field, show(x))),
            (None, Some(y)) => out.push(Detail::added(field, show(y))),
            (None, None) => {}
        }
    }
}

impl crate::doc::kinds::Diff for super::TexmCodec {
    fn diff(&self, a: &Side, b: &Side, opts: &Options, change: &mut Change) {
        diff(a, b, opts, change);
    }
}
