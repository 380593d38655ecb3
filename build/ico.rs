//! A Windows icon (.ico) holding PNG images, as Windows Vista and later read it: the 6-byte
//! ICONDIR, one 16-byte ICONDIRENTRY per image, then the PNG files as they are. The editor's
//! PNG icons go in unchanged, so there is no second copy of the artwork to keep in step.
//! Used by build/windows.rs and checked by tests/packaging.rs.

/// The .ico bytes for `pngs` (each a whole PNG file). An image's width and height come from
/// its IHDR; 256 is written as 0, as the format says. Fails on bytes that are not a PNG, an
/// image over 256 pixels a side, or more images than the count field holds.
pub fn ico_from_pngs(pngs: &[&[u8]]) -> Result<Vec<u8>, String> {
    let count = u16::try_from(pngs.len()).map_err(|_| format!("{} images; an .ico holds at most 65535", pngs.len()))?;
    let mut out = Vec::with_capacity(6 + 16 * pngs.len() + pngs.iter().map(|p| p.len()).sum::<usize>());
    out.extend_from_slice(&[0, 0, 1, 0]); // reserved, type 1 = icon
    out.extend_from_slice(&count.to_le_bytes());
    let mut offset = 6 + 16 * pngs.len();
    for (i, png) in pngs.iter().enumerate() {
        let (w, h) = png_size(png).map_err(|e| format!("icon image {i}: {e}"))?;
        if w > 256 || h > 256 || w == 0 || h == 0 {
            return Err(format!("icon image {i}: {w}x{h}; an .ico image is 1 to 256 pixels a side"));
        }
        let len = u32::try_from(png.len()).map_err(|_| format!("icon image {i}: {} bytes is too large", png.len()))?;
        let at = u32::try_from(offset).map_err(|_| format!("icon image {i}: offset {offset} is too large"))?;
        out.push((w % 256) as u8);
        out.push((h % 256) as u8);
        out.extend_from_slice(&[0, 0]); // no palette, reserved
        out.extend_from_slice(&1u16.to_le_bytes()); // colour planes
        out.extend_from_slice(&32u16.to_le_bytes()); // bits per pixel
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&at.to_le_bytes());
        offset += png.len();
    }
    for png in pngs {
        out.extend_from_slice(png);
    }
    Ok(out)
}

/// Width and height from a PNG's IHDR chunk, which the PNG specification puts first.
fn png_size(png: &[u8]) -> Result<(u32, u32), String> {
    const SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];
    if png.len() < 24 {
        return Err(format!("{} bytes; a PNG's signature and IHDR need 24", png.len()));
    }
    if png[..8] != SIGNATURE {
        return Err("offset 0: expected the PNG signature".to_string());
    }
    if &png[12..16] != b"IHDR" {
        return Err("offset 12: expected the IHDR chunk".to_string());
    }
    let be = |at: usize| u32::from_be_bytes([png[at], png[at + 1], png[at + 2], png[at + 3]]);
    Ok((be(16), be(20)))
}
