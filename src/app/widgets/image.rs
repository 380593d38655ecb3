//! Images on the GPU for any view: an RGBA buffer as an egui texture (subsampled when it is
//! longer than the GPU allows) and the checkerboard drawn behind alpha.

use egui::Rect;

pub fn color_image(w: u32, h: u32, rgba: &[u8]) -> egui::ColorImage {
    egui::ColorImage::from_rgba_unmultiplied([w as usize, h as usize], rgba)
}

/// Paints a checkerboard of 8-point squares over `rect`, for what lies behind alpha: one 2x2
/// repeating texture, made once per context.
pub fn paint_checker(painter: &egui::Painter, rect: Rect) {
    let id = egui::Id::unique("parkan-checkerboard");
    let ctx = painter.ctx();
    let tex = ctx.data_mut(|d| d.get_temp::<egui::TextureHandle>(id)).unwrap_or_else(|| {
        let (a, b) = ([200u8, 200, 200, 255], [150u8, 150, 150, 255]);
        let opts = egui::TextureOptions { wrap_mode: egui::TextureWrapMode::Repeat, ..egui::TextureOptions::NEAREST };
        let t = ctx.load_texture("checkerboard", color_image(2, 2, &[a, b, b, a].concat()), opts);
        ctx.data_mut(|d| d.insert_temp(id, t.clone()));
        t
    });
    let uv = Rect::from_min_max(egui::Pos2::ZERO, (rect.size() / 16.0).to_pos2());
    painter.image(tex.id(), rect, uv, egui::Color32::WHITE);
}

/// A GPU texture of an RGBA image, nearest-sampled. An image longer than the GPU allows on a
/// side (a hostile or odd header can declare 65535x1) is subsampled to fit; callers draw it
/// over the image's true size, so geometry and readouts stay in real texels.
pub fn load_texture(ctx: &egui::Context, name: impl Into<String>, w: u32, h: u32, rgba: &[u8], opts: egui::TextureOptions) -> egui::TextureHandle {
    let max = ctx.input(|i| i.max_texture_side).max(1) as u32;
    let k = w.max(h).div_ceil(max).max(1);
    if k == 1 {
        return ctx.load_texture(name, color_image(w, h, rgba), opts);
    }
    let (sw, sh) = (w.div_ceil(k), h.div_ceil(k));
    let mut out = Vec::with_capacity(sw as usize * sh as usize * 4);
    for y in 0..sh {
        for x in 0..sw {
            let i = ((y * k).min(h - 1) as usize * w as usize + (x * k).min(w - 1) as usize) * 4;
            out.extend_from_slice(rgba.get(i..i + 4).unwrap_or(&[0; 4]));
        }
    }
    ctx.load_texture(name, color_image(sw, sh, &out), opts)
}

