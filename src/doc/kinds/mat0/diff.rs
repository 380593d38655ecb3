//! Materials field by field: the version-gated header fields, each phase's colours, power,
//! cell and texture, each animation block's mode, interpolation mask and keys. Phases are
//! matched by position, except that a phase found unchanged at another place is a move; keys
//! are compared through that matching, so keys re-pointed by a move are not changes.

use crate::doc::diff::matching::moved;
use crate::doc::diff::{Change, Detail, Side, damage};
use crate::formats::mat0::phase::ColorGroup;
use crate::formats::mat0::{Mat0, Phase};

fn texture(p: &Phase) -> String {
    p.texture_name().unwrap_or_else(|| "(none)".into())
}

fn colour(b: [u8; 4]) -> String {
    format!("{} {} {} {}", b[0], b[1], b[2], b[3])
}

fn phase_fields(field: &str, a: &Phase, b: &Phase, out: &mut Vec<Detail>) {
    for g in ColorGroup::ALL {
        if a.color_bytes(g) != b.color_bytes(g) {
            out.push(Detail::values(format!("{field} {}", g.label()), colour(a.color_bytes(g)), colour(b.color_bytes(g))));
        }
    }
    if a.power() != b.power() {
        out.push(Detail::values(format!("{field} power"), a.power(), b.power()));
    }
    if a.cell() != b.cell() {
        out.push(Detail::values(format!("{field} cell"), a.cell(), b.cell()));
    }
    if a.name != b.name {
        if a.texture_bytes() != b.texture_bytes() {
            out.push(Detail::values(format!("{field} texture"), texture(a), texture(b)));
        } else {
            out.push(Detail::note(format!("{field} texture field"), crate::msg!("diff-mat0-after-nul", "bytes after the name's NUL differ")));
        }
    }
}

fn phase_summary(p: &Phase) -> String {
    format!("texture {}, diffuse {}", texture(p), colour(p.color_bytes(ColorGroup::Diffuse)))
}

pub fn diff(a: &Side, b: &Side, change: &mut Change) {
    let (ma, mb) = match (Mat0::parse(&a.bytes, a.attrs[1]), Mat0::parse(&b.bytes, b.attrs[1])) {
        (Ok(x), Ok(y)) => (x, y),
        (ra, rb) => {
            change.damaged = damage(ra.err().map(|e| e.to_string()), rb.err().map(|e| e.to_string()));
            return;
        }
    };
    let out = &mut change.details;
    let meta = [
        ("surface class", u32::from(ma.meta.a), u32::from(mb.meta.a)),
        ("metaB", u32::from(ma.meta.b), u32::from(mb.meta.b)),
    ];
    for (f, x, y) in meta {
        if x != y {
            out.push(Detail::values(f, x, y));
        }
    }
    if ma.meta.c != mb.meta.c {
        out.push(Detail::values("speed factor", ma.meta.speed_factor(), mb.meta.speed_factor()));
    }
    if ma.meta.d != mb.meta.d {
        out.push(Detail::values("damage per second", ma.meta.damage_per_second(), mb.meta.damage_per_second()));
    }

    // Phases: unchanged in place, then unchanged elsewhere (moves), then by position.
    let (pa, pb) = (&ma.phases, &mb.phases);
    let mut map: Vec<Option<usize>> = vec![None; pa.len()];
    let mut used = vec![false; pb.len()];
    for i in 0..pa.len().min(pb.len()) {
        if pa[i] == pb[i] {
            map[i] = Some(i);
            used[i] = true;
        }
    }
    for i in 0..pa.len() {
        if map[i].is_none()
            && let Some(j) = (0..pb.len()).find(|&j| !used[j] && pb[j] == pa[i])
        {
            map[i] = Some(j);
            used[j] = true;
        }
    }
    let exact: Vec<(usize, usize)> = map.iter().enumerate().filter_map(|(i, j)| j.map(|j| (i, j))).collect();
    for p in moved(&exact) {
        let (i, j) = exact[p];
        out.push(Detail::note(format!("phase {i}"), crate::msg!("diff-moved-to", "moved to {j}", j = j)));
    }
    let rest_a: Vec<usize> = (0..pa.len()).filter(|&i| map[i].is_none()).collect();
    let rest_b: Vec<usize> = (0..pb.len()).filter(|&j| !used[j]).collect();
    for (k, &i) in rest_a.iter().enumerate() {
        match rest_b.get(k) {
            Some(&j) => {
                map[i] = Some(j);
                let field = if i == j { format!("phase {j}") } else { format!("phase {i}->{j}") };
                phase_fields(&field, &pa[i], &pb[j], out);
            }
            None => out.push(Detail::removed(format!("phase {i}"), phase_summary(&pa[i]))),
        }
    }
    for &j in rest_b.iter().skip(rest_a.len()) {
        out.push(Detail::added(format!("phase {j}"), phase_summary(&pb[j])));
    }

    // Blocks by position; a key's phase read through the phase matching.
    for k in 0..ma.anim.len().max(mb.anim.len()) {
        let field = format!("block {k}");
        let (ba, bb) = match (ma.anim.get(k), mb.anim.get(k)) {
            (Some(x), Some(y)) => (x, y),
            (Some(x), None) => {
                out.push(Detail::removed(field, format!("{}, {} keys", x.mode().label(), x.keys.len())));
                continue;
            }
            (None, Some(y)) => {
                out.push(Detail::added(field, format!("{}, {} keys", y.mode().label(), y.keys.len())));
                continue;
            }
            (None, None) => continue,
        };
        if ba.mode_bits() != bb.mode_bits() {
            out.push(Detail::values(format!("{field} mode"), ba.mode().label(), bb.mode().label()));
        }
        if ba.interp_mask() != bb.interp_mask() {
            out.push(Detail::values(format!("{field} interpolation"), format!("0x{:X}", ba.interp_mask()), format!("0x{:X}", bb.interp_mask())));
        }
        for n in 0..ba.keys.len().max(bb.keys.len()) {
            let kf = format!("{field} key {n}");
            match (ba.keys.get(n), bb.keys.get(n)) {
                (Some(x), Some(y)) => {
                    let phase_a = map.get(usize::from(x.k0)).copied().flatten().unwrap_or(usize::from(x.k0));
                    if phase_a != usize::from(y.k0) {
                        out.push(Detail::values(format!("{kf} phase"), x.k0, y.k0));
                    }
                    if x.k1 != y.k1 {
                        out.push(Detail::values(format!("{kf} time"), x.k1, y.k1));
                    }
                    if x.k2 != y.k2 {
                        out.push(Detail::values(format!("{kf} k2"), x.k2, y.k2));
                    }
                }
                (Some(x), None) => out.push(Detail::removed(kf, format!("phase {} until {} ms", x.k0, x.k1))),
                (None, Some(y)) => out.push(Detail::added(kf, format!("phase {} until {} ms", y.k0, y.k1))),
                (None, None) => {}
            }
        }
    }
}

impl crate::doc::kinds::Diff for super::Mat0Codec {
    fn diff(&self, a: &Side, b: &Side, _opts: &crate::doc::diff::Options, change: &mut Change) {
        diff(a, b, change);
    }
}
