//! The replace-from-image dialog: before and after side by side, the target format, the
//! palette and dither choices of format 0, the mip filter, what to do when the sizes differ,
//! and a plain list of what will happen to the mips, the Page rects and the header. The
//! conversion is the CLI's `import-png` (`texm::png::import_pixmap`); confirming replaces the
//! entry's bytes in one undo step.

use crate::app::seam::EditorDialog;
use crate::app::widgets::image::{load_texture, paint_checker};
use crate::app::intent::{Dialog, Intent, ItemEdit};
use crate::doc::{ItemPath, Workspace, items};
use crate::formats::readings::Readings;
use crate::formats::texm::png::{import_pixmap, read_image};
use crate::formats::texm::{ALL_FORMATS, Format, ImportOptions, MipFilter, Pixmap, Texm, quality};
use crate::formats::{Diagnostic, Severity};
use egui::{Context, RichText, Ui, vec2};
use std::collections::HashMap;
use std::sync::mpsc::{Receiver, TryRecvError, channel};

mod dialog;

/// When the image and the texture differ in size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SizeChoice {
    /// Scale the image to the texture's size (the texture keeps its size, rects and mip-skip).
    ScaleImage,
    /// The texture takes the image's size; the Page rects are scaled with it.
    ResizeTexture,
}

/// The dialog's choices. The tab keeps the last confirmed ones: Edit in External Program
/// converts every save with them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Choices {
    pub format: Option<u32>,
    pub keep_palette: bool,
    pub dither: bool,
    pub smooth: bool,
    pub size: SizeChoice,
}

impl Default for Choices {
    /// The dialog as it opens: the texture's format, a new palette, no dither, the box filter,
    /// the image scaled to the texture.
    fn default() -> Self {
        Choices { format: None, keep_palette: false, dither: false, smooth: false, size: SizeChoice::ScaleImage }
    }
}

impl Choices {
    fn options(&self, external_palette: Option<Vec<u8>>) -> ImportOptions {
        ImportOptions {
            format: self.format,
            allow_resize: self.size == SizeChoice::ResizeTexture,
            filter: if self.smooth { MipFilter::Smooth } else { MipFilter::Box },
            dither: self.dither,
            external_palette,
            keep_palette: self.keep_palette,
        }
    }
}

/// The image converted into the texture `old` (its payload) as the dialog converts it with
/// `choices`; `palette` is the `.PAL` payload a format-2 texture maps through.
pub fn convert(old: &[u8], image: &Pixmap, choices: &Choices, readings: Readings, palette: Option<&[u8]>) -> Result<Vec<u8>, String> {
    let (old, _) = Texm::parse(old).map_err(|e| e.to_string())?;
    let external = palette.and_then(|b| crate::formats::texm::Palette::from_bytes(b).ok()).map(|p| p.raw.to_vec());
    Conversion::new(&old, image, choices, readings, external).run().map(|p| p.bytes)
}

pub struct Preview {
    pub bytes: Vec<u8>,
    pub diagnostics: Vec<Diagnostic>,
    pub texm: Texm,
    level0: Pixmap,
    /// Level 0 against the image it was made from (scaled to the texture when it was): PSNR,
    /// and PSNR after a 1-pixel blur of both (what the eye averages; where dithering shows).
    pub psnr: Option<f64>,
    pub blurred_psnr: Option<f64>,
}

/// A GPU texture with the size of the image it shows.
type Sized = (egui::TextureHandle, [u32; 2]);

/// Images larger than this convert on a worker thread (about a frame's work on these machines).
const BACKGROUND_PIXELS: u64 = 256 * 256;

/// One conversion with everything it needs.
struct Conversion {
    old: Texm,
    image: Pixmap,
    /// The texture's size, when the image is scaled to it first.
    scale_to: Option<(u32, u32)>,
    options: ImportOptions,
    readings: Readings,
    external: Option<Vec<u8>>,
}

impl Conversion {
    fn new(old: &Texm, image: &Pixmap, c: &Choices, readings: Readings, external: Option<Vec<u8>>) -> Conversion {
        let differ = (image.width, image.height) != (old.width(), old.height());
        let scale_to = (differ && c.size == SizeChoice::ScaleImage).then(|| (old.width(), old.height()));
        Conversion { old: old.clone(), image: image.clone(), scale_to, options: c.options(external.clone()), readings, external }
    }

    fn run(&self) -> Result<Preview, String> {
        let img = match self.scale_to {
            Some((w, h)) => scaled(&self.image, w, h)?,
            None => self.image.clone(),
        };
        let (texm, diagnostics) = import_pixmap(&self.old, img.clone(), &self.options, &self.readings).map_err(|e| e.to_string())?;
        let pal = self.external.as_deref().and_then(|b| crate::formats::texm::Palette::from_bytes(b).ok());
        let level0 = texm.decode_mip(0, &self.readings, pal.as_ref()).map_err(|e| e.to_string())?;
        let (psnr, blurred_psnr) = (quality::psnr(&img, &level0), quality::blurred_psnr(&img, &level0));
        Ok(Preview { bytes: texm.write(), diagnostics, texm, level0, psnr, blurred_psnr })
    }
}

pub struct ImportDialog {
    pub target: ItemPath,
    pub target_name: String,
    pub source_name: String,
    old: Texm,
    /// The texture's payload size now (for the plan's "N bytes become M").
    old_len: usize,
    old_level0: Option<Pixmap>,
    image: Pixmap,
    pub format: Option<u32>,
    pub keep_palette: bool,
    pub dither: bool,
    pub smooth: bool,
    pub size: SizeChoice,
    readings: Readings,
    /// The `.PAL` payload a format-2 texture indexes into (the tab's choice), else greyscale.
    external: Option<Vec<u8>>,
    /// Conversions by the choices they were made with (the current one, and the other dither
    /// setting shown beside it).
    done: HashMap<Choices, Result<Preview, String>>,
    /// Conversions running on a worker thread (large images: a conversion takes longer than a
    /// frame), with their answers to come.
    running: HashMap<Choices, Receiver<Result<Preview, String>>>,
    /// Before, after, and after with the other dither setting (none when a conversion fails).
    textures: Option<(Sized, Option<Sized>, Option<Sized>)>,
    textures_for: Option<Choices>,
    /// What confirming sends besides the edit (the editor's message keeping the choices in
    /// its tab); the editor gives it, so this dialog names no editor.
    reply: Option<fn(&ItemPath, Choices) -> Intent>,
}

impl ImportDialog {
    pub fn new(target: ItemPath, target_name: String, source_name: String, texm_bytes: &[u8], image_bytes: &[u8], readings: Readings) -> Result<ImportDialog, String> {
        let (old, _) = Texm::parse(texm_bytes).map_err(|e| format!("{target_name}: {e}"))?;
        let image = read_image(image_bytes).map_err(|e| format!("{source_name}: {e}"))?;
        let old_level0 = old.decode_mip(0, &readings, None).ok();
        Ok(ImportDialog {
            target,
            target_name,
            source_name,
            old_len: texm_bytes.len(),
            old,
            old_level0,
            image,
            format: None,
            keep_palette: false,
            dither: false,
            smooth: false,
            size: SizeChoice::ScaleImage,
            readings,
            external: None,
            done: HashMap::new(),
            running: HashMap::new(),
            textures: None,
            textures_for: None,
            reply: None,
        })
    }

    /// Confirming also pushes `reply(target, choices)`.
    pub fn answering(mut self, reply: fn(&ItemPath, Choices) -> Intent) -> ImportDialog {
        self.reply = Some(reply);
        self
    }

    /// Format 2: decode and encode through this palette (a `.PAL` payload) instead of grey.
    pub fn with_external_palette(mut self, pal: Option<Vec<u8>>) -> ImportDialog {
        let lut = pal.as_deref().and_then(|b| crate::formats::texm::Palette::from_bytes(b).ok());
        if let Some(p) = &lut {
            self.old_level0 = self.old.decode_mip(0, &self.readings, Some(p)).ok();
        }
        self.external = lut.map(|p| p.raw.to_vec());
        self.done.clear();
        self.running.clear();
        self
    }

    pub fn choices(&self) -> Choices {
        Choices { format: self.format, keep_palette: self.keep_palette, dither: self.dither, smooth: self.smooth, size: self.size }
    }

    pub fn sizes_differ(&self) -> bool {
        (self.image.width, self.image.height) != (self.old.width(), self.old.height())
    }

    /// The target format: the chosen one, else the texture's.
    pub fn target_format(&self) -> Option<Format> {
        self.format.and_then(Format::from_raw).or(self.old.format())
    }

    pub fn options(&self) -> ImportOptions {
        self.options_for(&self.choices())
    }

    fn options_for(&self, c: &Choices) -> ImportOptions {
        c.options(self.external.clone())
    }

    /// The conversion under the current choices, waiting for it if it is running.
    pub fn preview(&mut self) -> &Result<Preview, String> {
        let c = self.choices();
        self.wait_for(c)
    }

    /// The conversion with the other dither setting, waiting for it if it is running.
    pub fn other_preview(&mut self) -> &Result<Preview, String> {
        let c = Choices { dither: !self.dither, ..self.choices() };
        self.wait_for(c)
    }

    fn wait_for(&mut self, c: Choices) -> &Result<Preview, String> {
        if !self.done.contains_key(&c) {
            let r = match self.running.remove(&c) {
                Some(rx) => rx.recv().unwrap_or_else(|_| Err(crate::tr!("tex-conversion-stopped"))),
                None => self.conversion(&c).run(),
            };
            self.keep(c.clone(), r);
        }
        &self.done[&c]
    }

    /// The conversion for `c` if it is ready. A small image converts at once; a large one on a
    /// worker thread, and the window repaints when it is done, so no frame waits for it.
    fn ready(&mut self, c: &Choices, ctx: &Context) -> Option<&Result<Preview, String>> {
        if !self.done.contains_key(c) {
            if let Some(rx) = self.running.get(c) {
                match rx.try_recv() {
                    Ok(r) => {
                        self.running.remove(c);
                        self.keep(c.clone(), r);
                    }
                    Err(TryRecvError::Empty) => return None,
                    Err(TryRecvError::Disconnected) => {
                        self.running.remove(c);
                        self.keep(c.clone(), Err(crate::tr!("tex-conversion-stopped")));
                    }
                }
            } else if u64::from(self.image.width) * u64::from(self.image.height) <= BACKGROUND_PIXELS {
                let r = self.conversion(c).run();
                self.keep(c.clone(), r);
            } else {
                let job = self.conversion(c);
                let (tx, rx) = channel();
                let ctx = ctx.clone();
                let spawned = std::thread::Builder::new().name("texture import preview".into()).spawn(move || {
                    let _ = tx.send(job.run());
                    ctx.request_repaint();
                });
                match spawned {
                    Ok(_) => {
                        self.running.insert(c.clone(), rx);
                        return None;
                    }
                    Err(e) => self.keep(c.clone(), Err(crate::tr!("tex-conversion-no-thread", error = e.to_string()))),
                }
            }
        }
        self.done.get(c)
    }

    /// Keeps a finished conversion; old choices go once there are many.
    fn keep(&mut self, c: Choices, r: Result<Preview, String>) {
        if self.done.len() >= 8 {
            self.done.clear();
        }
        self.done.insert(c, r);
    }

    /// Everything a conversion needs, owned, so it can run on another thread.
    fn conversion(&self, c: &Choices) -> Conversion {
        Conversion::new(&self.old, &self.image, c, self.readings, self.external.clone())
    }

    /// Whether the target format has a dither option (the palettes and the 16-bit colour
    /// formats; 88 and the 24/32-bit ones are exact).
    pub fn dither_applies(&self) -> bool {
        matches!(self.target_format(), Some(Format::Indexed | Format::External | Format::Rgb565 | Format::Rgb556 | Format::Argb4444))
    }

    /// What the replace will do, in plain lines (the conversion's own findings come after).
    pub fn plan(&mut self) -> Vec<String> {
        let c = self.choices();
        self.wait_for(c.clone());
        self.plan_for(self.done[&c].as_ref().ok())
    }

    /// The plan's lines, those about the result only once the conversion `p` is there.
    fn plan_for(&self, p: Option<&Preview>) -> Vec<String> {
        let (ow, oh, om) = (self.old.width(), self.old.height(), self.old.mip_count());
        let old_len = self.old_len;
        let (iw, ih) = (self.image.width, self.image.height);
        let differ = self.sizes_differ();
        let size = self.size;
        let smooth = self.smooth;
        let old_format = self.old.format();
        let rects = self.old.page().map_or(0, |p| p.rects.len());
        let mut lines = Vec::new();
        if differ {
            lines.push(match size {
                SizeChoice::ScaleImage => crate::tr!("imp-plan-scaled", image = format!("{iw}×{ih}"), texture = format!("{ow}×{oh}")),
                SizeChoice::ResizeTexture => crate::tr!("imp-plan-resized", image = format!("{iw}×{ih}"), texture = format!("{ow}×{oh}")),
            });
        }
        if let Some(p) = p {
            let f = p.texm.format().map_or("?".into(), |f| f.name().to_string());
            lines.push(match old_format {
                Some(o) if o.raw() != p.texm.header().format => crate::tr!("imp-plan-format", old = o.name(), new = f.as_str()),
                _ => crate::tr!("imp-plan-format-kept", format = f.as_str()),
            });
            let filter = if smooth { crate::tr!("imp-plan-smooth") } else { crate::tr!("imp-plan-box") };
            lines.push(crate::tr!("imp-plan-mips", n = p.texm.mip_count(), filter = filter, had = om.to_string()));
            lines.push(match (rects, differ && size == SizeChoice::ResizeTexture) {
                (0, _) => crate::tr!("imp-plan-no-rects"),
                (n, false) => crate::tr!("imp-plan-rects-kept", n = n),
                (n, true) => crate::tr!("imp-plan-rects-scaled", n = n),
            });
            lines.push(crate::tr!("imp-plan-flags"));
            lines.push(crate::tr!("imp-plan-bytes", old = old_len.to_string(), new = p.bytes.len().to_string()));
        }
        lines
    }
}

/// The image resampled to `w`×`h` (Catmull-Rom; the box filter of the mips comes after).
fn scaled(img: &Pixmap, w: u32, h: u32) -> Result<Pixmap, String> {
    let buf = image::RgbaImage::from_raw(img.width, img.height, img.rgba.clone()).ok_or_else(|| crate::tr!("tex-image-inconsistent"))?;

    let out = image::imageops::resize(&buf, w, h, image::imageops::FilterType::CatmullRom);
    Pixmap::from_rgba(w, h, out.into_raw()).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::texm as fx;
    use crate::formats::texm::png::png_bytes;

    fn image(w: u32, h: u32) -> Vec<u8> {
        let mut rgba = Vec::new();
        for y in 0..h {
            for x in 0..w {
                rgba.extend_from_slice(&[(x * 255 / w) as u8, (y * 255 / h) as u8, 77, 255]);
            }
        }
        png_bytes(&Pixmap::from_rgba(w, h, rgba).unwrap()).unwrap()
    }

    #[test]
    fn dithered_and_plain_conversions_come_side_by_side_with_their_figures() {
        let old = fx::build(&fx::Spec::new(Format::Indexed, 32, 32, 1, fx::Material::Rock));
        let mut d = dialog(&old, &image(32, 32));
        assert!(d.dither_applies());
        let plain = d.preview().as_ref().unwrap().bytes.clone();
        let (p, b) = {
            let o = d.other_preview().as_ref().unwrap();
            (o.psnr.unwrap(), o.blurred_psnr.unwrap())
        };
        assert!(p.is_finite() && p > 20.0 && b > p, "PSNR {p} dB, blurred {b} dB");
        assert_ne!(d.other_preview().as_ref().unwrap().bytes, plain, "the other one is dithered");
        // Choosing dither swaps them: the preview is what the other was.
        let dithered = d.other_preview().as_ref().unwrap().bytes.clone();
        d.dither = true;
        assert_eq!(d.preview().as_ref().unwrap().bytes, dithered);
        assert_eq!(d.other_preview().as_ref().unwrap().bytes, plain);
        // 8888 has nothing to dither: no comparison.
        d.format = Some(Format::Argb8888.raw());
        assert!(!d.dither_applies());
    }

    #[test]
    fn a_large_image_converts_on_a_worker_and_no_frame_waits_for_it() {
        let old = fx::build(&fx::Spec::new(Format::Indexed, 512, 512, 1, fx::Material::Rock));
        let mut d = dialog(&old, &image(512, 512));
        let ctx = egui::Context::default();
        let c = d.choices();
        assert!(d.ready(&c, &ctx).is_none(), "the frame goes on while it converts");
        assert!(d.running.contains_key(&c));
        // Confirming (or the plan's last lines) waits for the same job, not a second one.
        let bytes = d.preview().as_ref().unwrap().bytes.clone();
        assert!(d.running.is_empty());
        assert_eq!(d.ready(&c, &ctx).unwrap().as_ref().unwrap().bytes, bytes);
        // A small image converts at once.
        let mut small = dialog(&fx::build(&fx::Spec::new(Format::Indexed, 32, 32, 1, fx::Material::Rock)), &image(32, 32));
        let sc = small.choices();
        assert!(small.ready(&sc, &ctx).is_some());
    }

    fn dialog(old: &[u8], png: &[u8]) -> ImportDialog {
        ImportDialog::new(ItemPath::root(1).child(0), "A.0".into(), "new.png".into(), old, png, Readings::default()).unwrap()
    }

    #[test]
    fn same_size_keeps_format_count_and_rects() {
        let spec = fx::Spec::new(Format::Rgb565, 16, 16, 3, fx::Material::Rock).quadrants();
        let old = fx::build(&spec);
        let mut d = dialog(&old, &image(16, 16));
        assert!(!d.sizes_differ());
        let plan = d.plan().join("\n");
        assert!(plan.contains("format kept: RGB 565"), "{plan}");
        assert!(plan.contains("3 mip levels rebuilt"), "{plan}");
        assert!(plan.contains("4 Page rects kept"), "{plan}");
        let p = d.preview().as_ref().unwrap();
        let (t, _) = Texm::parse(&p.bytes).unwrap();
        assert_eq!((t.width(), t.mip_count(), t.page().unwrap().rects.len()), (16, 3, 4));
    }

    #[test]
    fn a_larger_image_is_scaled_or_resizes_the_texture() {
        let spec = fx::Spec::new(Format::Argb8888, 8, 8, 2, fx::Material::Rock).quadrants();
        let old = fx::build(&spec);
        let mut d = dialog(&old, &image(32, 16));
        assert!(d.sizes_differ());
        let t = Texm::parse(&d.preview().as_ref().unwrap().bytes).unwrap().0;
        assert_eq!((t.width(), t.height()), (8, 8));
        d.size = SizeChoice::ResizeTexture;
        assert!(d.plan().iter().any(|l| l.contains("scaled to the new size")));
        let t = Texm::parse(&d.preview().as_ref().unwrap().bytes).unwrap().0;
        assert_eq!((t.width(), t.height()), (32, 16));
        assert_eq!(t.page().unwrap().rects[1].x, 16);
    }

    #[test]
    fn format_0_offers_the_palette_choices() {
        let old = fx::loose(Format::Indexed, 8, 8, 1);
        let mut d = dialog(&old, &image(8, 8));
        assert!(d.target_format().is_some_and(Format::is_indexed));
        d.keep_palette = true;
        let p = d.preview().as_ref().unwrap();
        let t = &p.texm;
        let (old_t, _) = Texm::parse(&old).unwrap();
        assert_eq!(t.palette(), old_t.palette(), "the palette is kept byte for byte");
        d.format = Some(8888);
        let p = d.preview().as_ref().unwrap();
        assert_eq!(p.texm.format(), Some(Format::Argb8888));
        assert!(d.plan().iter().any(|l| l.contains("becomes ARGB 8888")));
    }

    #[test]
    fn format_2_maps_through_the_chosen_palette() {
        let old = fx::build(&fx::Spec::new(Format::External, 8, 8, 1, fx::Material::Light));
        let pal = fx::pal_pal();
        let mut d = dialog(&old, &image(8, 8)).with_external_palette(Some(pal.raw.to_vec()));
        let p = d.preview().as_ref().unwrap();
        let lut = pal.lut(Readings::default().palette);
        let idx = p.texm.mip_bytes(0).unwrap().to_vec();
        let shown = p.level0.rgba.clone();
        for (i, px) in idx.iter().zip(shown.chunks_exact(4)) {
            assert_eq!(lut[usize::from(*i)], px, "the after image decodes through the palette");
        }
        let mut grey = dialog(&old, &image(8, 8));
        assert_ne!(grey.preview().as_ref().unwrap().bytes, p.bytes, "grey maps differently");
    }

    #[test]
    fn unreadable_images_are_refused_with_the_file_name() {
        let old = fx::loose(Format::Rgb565, 4, 4, 1);
        let e = ImportDialog::new(ItemPath::root(1).child(0), "A.0".into(), "bad.png".into(), &old, b"not an image", Readings::default()).err().unwrap();
        assert!(e.starts_with("bad.png: "), "{e}");
    }
}
