//! Textures on the GPU: the mip chain made on the CPU and the upload.

use super::*;

/// Textures are sampled as stored: the lighting works on gamma-encoded values, as the game's
/// fixed-function pipeline did.
pub(super) const TEXTURE_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba8Unorm;

/// A half-size level (a 2x2 box filter; an odd edge's last texel repeats).
pub(super) fn halve(w: u32, h: u32, src: &[u8]) -> (u32, u32, Vec<u8>) {
    let (nw, nh) = ((w / 2).max(1), (h / 2).max(1));
    let mut dst = vec![0u8; (nw * nh * 4) as usize];
    let at = |x: u32, y: u32, c: u32| u32::from(src[((y.min(h - 1) * w + x.min(w - 1)) * 4 + c) as usize]);
    for y in 0..nh {
        for x in 0..nw {
            for c in 0..4 {
                let sum = at(2 * x, 2 * y, c) + at(2 * x + 1, 2 * y, c) + at(2 * x, 2 * y + 1, c) + at(2 * x + 1, 2 * y + 1, c);
                dst[((y * nw + x) * 4 + c) as usize] = ((sum + 2) / 4) as u8;
            }
        }
    }
    (nw, nh, dst)
}

/// The mip chain of an RGBA image down to 1x1, starting from the first level no larger than
/// `max_dim` (the device's limit); returns level 0's size and the levels.
pub fn mip_chain(width: u32, height: u32, rgba: &[u8], max_dim: u32) -> (u32, u32, Vec<Vec<u8>>) {
    let (mut w, mut h) = (width.max(1), height.max(1));
    let mut level = rgba.to_vec();
    level.resize((w as usize) * (h as usize) * 4, 255);
    while w > max_dim.max(1) || h > max_dim.max(1) {
        (w, h, level) = halve(w, h, &level);
    }
    let size = (w, h);
    let mut levels = vec![level];
    while w > 1 || h > 1 {
        let next;
        (w, h, next) = halve(w, h, levels.last().map(Vec::as_slice).unwrap_or(&[]));
        levels.push(next);
    }
    (size.0, size.1, levels)
}


pub(super) fn upload_texture(device: &wgpu::Device, queue: &wgpu::Queue, t: &ResolvedTexture, max_dim: u32) -> wgpu::TextureView {
    let (w, h, levels) = mip_chain(t.image.width, t.image.height, &t.image.rgba, max_dim);
    texture_view(device, queue, &t.name, (w, h), levels.len() as u32, &levels.concat())
}

/// A sampled RGBA texture of `levels` mip levels (their texels one after another, largest first).
pub(super) fn texture_view(device: &wgpu::Device, queue: &wgpu::Queue, label: &str, (width, height): (u32, u32), levels: u32, data: &[u8]) -> wgpu::TextureView {
    device
        .create_texture_with_data(
            queue,
            &wgpu::TextureDescriptor {
                label: Some(label),
                size: wgpu::Extent3d { width, height, depth_or_array_layers: 1 },
                mip_level_count: levels,
                sample_count: 1,
                dimension: wgpu::TextureDimension::D2,
                format: TEXTURE_FORMAT,
                usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
                view_formats: &[],
            },
            wgpu::util::TextureDataOrder::LayerMajor,
            data,
        )
        .create_view(&Default::default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mip_chain_halves_to_one_and_respects_the_limit() {
        let rgba: Vec<u8> = (0..6 * 3).flat_map(|i| [i as u8 * 10, 0, 0, 255]).collect();
        let (w, h, levels) = mip_chain(6, 3, &rgba, 8192);
        assert_eq!((w, h), (6, 3));
        assert_eq!(levels.iter().map(Vec::len).collect::<Vec<_>>(), [6 * 3 * 4, 3 * 4, 4]);
        // Texels 0, 1, 6 and 7 average to 35.
        assert_eq!(levels[1][0], 35);
        let (w, h, levels) = mip_chain(6, 3, &rgba, 2);
        assert_eq!((w, h, levels.len()), (1, 1, 1));
        // A short pixel buffer is padded, not read past.
        let (_, _, l) = mip_chain(4, 4, &[1, 2, 3], 64);
        assert_eq!(l[0].len(), 64);
    }
}
