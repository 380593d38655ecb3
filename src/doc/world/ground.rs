//! The ground of a landscape: its LOD 0 triangles bucketed on a grid, so the height under a
//! point is a look at the few triangles of one bucket.

use crate::formats::Result;
use crate::formats::bytes::SharedBytes;
use crate::formats::landmap::Extent;
use crate::formats::msh::Msh;
use crate::formats::msh::terrain::extract_landscape;
use crate::formats::readings::Readings;

/// Buckets a side at most (a shipped landscape has a few tens of thousands of triangles).
const MAX_SIDE: usize = 256;

#[derive(Debug, Clone)]
pub struct Ground {
    extent: Extent,
    side: usize,
    cell: [f32; 2],
    triangles: Vec<[[f32; 3]; 3]>,
    /// `side × side` lists of triangle indices, row by row (y outer).
    buckets: Vec<Vec<u32>>,
}

impl Ground {
    /// The ground of a landscape mesh (`land.msh`), at LOD 0.
    pub fn of_landscape(bytes: &SharedBytes, readings: &Readings) -> Result<Ground> {
        let (_, msh, _) = Msh::parse(bytes.clone())?;
        let (parts, _) = msh.parts();
        let (mesh, _) = extract_landscape(&parts, readings, 0)?;
        let triangles: Vec<[[f32; 3]; 3]> = mesh
            .indices
            .chunks_exact(3)
            .filter_map(|t| Some([*mesh.positions.get(t[0] as usize)?, *mesh.positions.get(t[1] as usize)?, *mesh.positions.get(t[2] as usize)?]))
            .collect();
        Ground::of_triangles(triangles).ok_or_else(|| crate::formats::Error::new(0, crate::msg!("world-no-ground", "the landscape has no finite triangles")))
    }

    /// The ground made of `triangles` (non-finite ones dropped); `None` when none is left.
    pub fn of_triangles(mut triangles: Vec<[[f32; 3]; 3]>) -> Option<Ground> {
        triangles.retain(|t| t.iter().flatten().all(|v| v.is_finite()));
        let first = triangles.first()?[0];
        let mut extent = Extent { min: [first[0], first[1]], max: [first[0], first[1]] };
        for v in triangles.iter().flatten() {
            extent.min = [extent.min[0].min(v[0]), extent.min[1].min(v[1])];
            extent.max = [extent.max[0].max(v[0]), extent.max[1].max(v[1])];
        }
        let side = ((triangles.len() as f64 / 2.0).sqrt().ceil() as usize).clamp(1, MAX_SIDE);
        let span = [(extent.max[0] - extent.min[0]).max(f32::EPSILON), (extent.max[1] - extent.min[1]).max(f32::EPSILON)];
        let cell = [span[0] / side as f32, span[1] / side as f32];
        let mut g = Ground { extent, side, cell, triangles, buckets: vec![Vec::new(); side * side] };
        for (i, t) in g.triangles.iter().enumerate() {
            let (lo, hi) = (g.bucket_of(t.iter().map(|v| v[0]).fold(f32::MAX, f32::min), t.iter().map(|v| v[1]).fold(f32::MAX, f32::min)),
                g.bucket_of(t.iter().map(|v| v[0]).fold(f32::MIN, f32::max), t.iter().map(|v| v[1]).fold(f32::MIN, f32::max)));
            for y in lo.1..=hi.1 {
                for x in lo.0..=hi.0 {
                    g.buckets[y * side + x].push(i as u32);
                }
            }
        }
        Some(g)
    }

    fn bucket_of(&self, x: f32, y: f32) -> (usize, usize) {
        let f = |v: f32, min: f32, cell: f32| (((v - min) / cell).floor().max(0.0) as usize).min(self.side - 1);
        (f(x, self.extent.min[0], self.cell[0]), f(y, self.extent.min[1], self.cell[1]))
    }

    /// The landscape's extent in x, y.
    pub fn extent(&self) -> Extent {
        self.extent
    }

    /// Whether (x, y) lies over the landscape's extent.
    pub fn covers(&self, x: f32, y: f32) -> bool {
        x >= self.extent.min[0] && x <= self.extent.max[0] && y >= self.extent.min[1] && y <= self.extent.max[1]
    }

    /// The ground's height under (x, y): the highest triangle there; `None` off the landscape
    /// or over a hole.
    pub fn height(&self, x: f32, y: f32) -> Option<f32> {
        if !self.covers(x, y) {
            return None;
        }
        let (bx, by) = self.bucket_of(x, y);
        self.buckets[by * self.side + bx].iter().filter_map(|&i| on_triangle(&self.triangles[i as usize], x, y)).reduce(f32::max)
    }
}

/// The height of the triangle's plane at (x, y) when the point lies in it (edges included).
fn on_triangle(t: &[[f32; 3]; 3], x: f32, y: f32) -> Option<f32> {
    let [a, b, c] = t;
    let d = (b[1] - c[1]) * (a[0] - c[0]) + (c[0] - b[0]) * (a[1] - c[1]);
    if d.abs() < 1e-12 {
        return None;
    }
    let l1 = ((b[1] - c[1]) * (x - c[0]) + (c[0] - b[0]) * (y - c[1])) / d;
    let l2 = ((c[1] - a[1]) * (x - c[0]) + (a[0] - c[0]) * (y - c[1])) / d;
    let l3 = 1.0 - l1 - l2;
    const E: f32 = -1e-4;
    (l1 >= E && l2 >= E && l3 >= E).then(|| l1 * a[2] + l2 * b[2] + l3 * c[2])
}
