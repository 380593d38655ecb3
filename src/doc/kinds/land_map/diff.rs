//! Two navigation maps compared: the areal count, the grid's size and how many cells list
//! other areals, and which areals changed (their shape, links, class or sub-blocks).

use crate::doc::diff::{Change, Detail, Side, damage};
use crate::formats::bytes::SharedBytes;
use crate::formats::landmap::{ArealMap, LandMap};

/// Changed areals named one by one, the rest counted.
const SHOWN: usize = 20;

pub fn map_details(a: &ArealMap, b: &ArealMap, out: &mut Vec<Detail>) {
    if a.areals.len() != b.areals.len() {
        out.push(Detail::values("areals", a.areals.len(), b.areals.len()));
    }
    if (a.across, a.down) != (b.across, b.down) {
        out.push(Detail::values("grid", format!("{} x {}", a.across, a.down), format!("{} x {}", b.across, b.down)));
    }
    let entries = |m: &ArealMap| m.cells.iter().map(Vec::len).sum::<usize>();
    if entries(a) != entries(b) {
        out.push(Detail::values("cell entries", entries(a), entries(b)));
    }
    let cells = a.cells.iter().zip(&b.cells).filter(|(x, y)| x != y).count();
    if cells > 0 {
        out.push(Detail::note("cells", crate::msg!("diff-landmap-cells", "{cells} cells list other areals", cells = cells)));
    }
    let changed: Vec<usize> = a.areals.iter().zip(&b.areals).enumerate().filter(|(_, (x, y))| x != y).map(|(i, _)| i).collect();
    for &i in changed.iter().take(SHOWN) {
        let (x, y) = (&a.areals[i], &b.areals[i]);
        let mut what = Vec::new();
        if x.vertices != y.vertices {
            what.push(format!("vertices {} -> {}", x.vertices.len(), y.vertices.len()));
        }
        if x.links != y.links {
            what.push("links".to_string());
        }
        if x.words != y.words {
            what.push(format!("class {} -> {}", x.class(), y.class()));
        }
        if (x.centre, x.area, x.normal, x.reserved) != (y.centre, y.area, y.normal, y.reserved) {
            what.push("centre, area or normal".to_string());
        }
        if x.sub_blocks != y.sub_blocks {
            what.push("sub-blocks".to_string());
        }
        out.push(Detail::note(format!("areal {i}"), what.join(", ")));
    }
    if changed.len() > SHOWN {
        out.push(Detail::note("areals", crate::msg!("diff-more-changed", "{n} more changed", n = changed.len() - SHOWN)));
    }
}

impl crate::doc::kinds::Diff for super::LandMapCodec {
    fn diff(&self, a: &Side, b: &Side, opts: &crate::doc::diff::Options, change: &mut Change) {
        let r = opts.readings.land_map_sub_block;
        let parse = |s: &Side| LandMap::parse_with(SharedBytes::from(s.bytes.to_vec()), r).map(|(m, _)| m);
        match (parse(a), parse(b)) {
            (Ok(x), Ok(y)) => map_details(&x.map, &y.map, &mut change.details),
            (ra, rb) => change.damaged = damage(ra.err().map(|e| e.to_string()), rb.err().map(|e| e.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::land_map::areal_map;

    #[test]
    fn counts_and_changed_areals() {
        let a = areal_map(4, 8);
        let mut b = a.clone();
        b.areals[5].words[2] = 240;
        b.areals[6].vertices.pop();
        b.cells[0].clear();
        let mut out = Vec::new();
        map_details(&a, &b, &mut out);
        let lines: Vec<String> = out.iter().map(Detail::line).collect();
        assert!(lines.iter().any(|l| l.starts_with("cell entries: ")), "{lines:?}");
        assert!(lines.contains(&"cells: 1 cells list other areals".to_string()), "{lines:?}");
        assert!(lines.contains(&"areal 5: class 0 -> 240".to_string()), "{lines:?}");
        assert!(lines.contains(&"areal 6: vertices 4 -> 3".to_string()), "{lines:?}");
        let mut none = Vec::new();
        map_details(&a, &a, &mut none);
        assert!(none.is_empty());
    }
}
