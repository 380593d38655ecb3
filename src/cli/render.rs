//! `render`: an item drawn by the editor's own renderer, offscreen, to a PNG. Meshes (MSH
//! models and landscapes, level.geom) go through the exporters' scene builder, as `export`;
//! a MAT0 entry is drawn on a preview shape at a game time.

use super::{Failure, Out};
use crate::formats::readings::Readings;
use clap::Args;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct RenderArgs {
    /// FILE or FILE::ENTRY: an MSH model or landscape, a level.geom, an X-Ray `level`, a MAT0
    /// material, a unit file (`.dat`), an `objects.rlb` record or a mission (`data.tma`).
    pub item: String,
    /// The PNG to write (atomically).
    pub out: PathBuf,
    /// Image size in pixels, WxH.
    #[arg(long, default_value = "800x600")]
    pub size: String,
    /// Level of detail, 0..3 (a landscape: 0 or 1).
    #[arg(long, default_value_t = 0)]
    pub lod: usize,
    /// Damage variant, 0..2.
    #[arg(long, default_value_t = 0)]
    pub variant: usize,
    /// Animation frame to pose the model at (type-8 key time, in frames).
    #[arg(long)]
    pub frame: Option<f32>,
    /// Material game time in ms.
    #[arg(long, default_value_t = 0)]
    pub time: u32,
    /// Camera angle about the vertical axis, degrees: 0 looks at the item from the file's +y
    /// side (Parkan; X-Ray: its -z side), 90 from its +x side.
    #[arg(long, default_value_t = 30.0, allow_hyphen_values = true)]
    pub yaw: f32,
    /// Camera angle above the horizon, degrees.
    #[arg(long, default_value_t = 20.0, allow_hyphen_values = true)]
    pub pitch: f32,
    /// perspective (the orbit camera, --yaw and --pitch) or top (straight down, orthographic:
    /// a mission's minimap look, the map's x to the right and its y downwards).
    #[arg(long, default_value = "perspective")]
    pub view: String,
    /// Overlays, comma-separated: wireframe, normals, bounds, grid, axes.
    #[arg(long, value_delimiter = ',')]
    pub overlay: Vec<String>,
    /// textured, flat, normals or vertex-color.
    #[arg(long, default_value = "textured")]
    pub shading: String,
    /// The material preview's shape: sphere, cube or plane.
    #[arg(long, default_value = "sphere")]
    pub shape: String,
    /// Nearest texture filtering instead of linear.
    #[arg(long)]
    pub nearest: bool,
}

/// `WxH`, each side 1..=16384.
pub fn parse_size(s: &str) -> Result<(u32, u32), Failure> {
    let bad = || Failure::usage(format!("--size {s:?}: expected WxH, e.g. 800x600, each side 1..16384"));
    let (w, h) = s.split_once(['x', 'X']).ok_or_else(bad)?;
    let (w, h) = (w.trim().parse::<u32>().map_err(|_| bad())?, h.trim().parse::<u32>().map_err(|_| bad())?);
    if !(1..=16384).contains(&w) || !(1..=16384).contains(&h) {
        return Err(bad());
    }
    Ok((w, h))
}

#[cfg(not(feature = "gui"))]
pub fn render(_args: &RenderArgs, _r: &Readings) -> Out {
    Err(Failure::usage("this build has no renderer (built without the `gui` feature)"))
}

#[cfg(feature = "gui")]
pub use with_gpu::{render, render_failure};

#[cfg(feature = "gui")]
mod with_gpu {
    use super::*;
    use crate::cli::output::outln;
    use crate::doc::resolve::Resolver;
    use crate::scene::SceneOptions;
    use crate::formats::TYPE_MAT0;
    use crate::formats::mat0::flags::Mat0Flags;
    use crate::formats::mat0::rng::MsvcRand;
    use crate::formats::mat0::{Mat0, eval};
    use crate::render::scene::FULL_UV_RECT;
    use crate::render::shapes::{Shape, preview_scene};
    use crate::render::{BlendMode, FrameParams, Headless, MaterialColors, OrbitCamera, Overlays, RenderError, RenderScene, SamplerFilter, Shading};

    /// A renderer failure as the CLI reports it: the machine cannot render (no adapter, no
    /// device, a size over its limit) is exit 2, like I/O.
    pub fn render_failure(e: RenderError) -> Failure {
        Failure::usage(format!("render: {e}"))
    }

    fn overlays(names: &[String]) -> Result<Overlays, Failure> {
        let mut o = Overlays::default();
        for n in names.iter().map(|n| n.trim().to_ascii_lowercase()).filter(|n| !n.is_empty()) {
            match n.as_str() {
                "wireframe" => o.wireframe = true,
                "normals" => o.normals = true,
                "bounds" => o.bounds = true,
                "grid" => o.grid = true,
                "axes" => o.axes = true,
                _ => return Err(Failure::usage(format!("--overlay {n:?}: expected wireframe, normals, bounds, grid or axes"))),
            }
        }
        Ok(o)
    }

    pub fn render(a: &RenderArgs, r: &Readings) -> Out {
        let (width, height) = parse_size(&a.size)?;
        let overlays = overlays(&a.overlay)?;
        let shading = Shading::from_name(&a.shading)
            .ok_or_else(|| Failure::usage(format!("--shading {:?}: expected textured, flat, normals, vertex-color, hemi or texcoord", a.shading)))?;
        let shape = Shape::from_name(&a.shape).ok_or_else(|| Failure::usage(format!("--shape {:?}: expected sphere, cube or plane", a.shape)))?;
        if !matches!(a.view.to_ascii_lowercase().as_str(), "perspective" | "top") {
            return Err(Failure::usage(format!("--view {:?}: expected perspective or top", a.view)));
        }
        if !(a.yaw.is_finite() && a.pitch.is_finite()) {
            return Err(Failure::usage("--yaw and --pitch must be finite"));
        }

        let (ws, path) = super::super::open_item(&a.item, r)?;
        let is_mat0 = ws.item_meta(&path).is_some_and(|m| m.type_id == Some(TYPE_MAT0));
        let scene = if is_mat0 {
            material_preview(&a.item, shape, a.time, r)?
        } else {
            let opts = SceneOptions { lod: a.lod, variant: a.variant, frame: a.frame, material_time_ms: a.time, ..SceneOptions::default() };
            let scene = super::super::export::scene_of(&a.item, &opts, r)?;
            super::super::export::report(&a.item, &scene);
            RenderScene::from_scene(&scene)
        };
        drop(ws);

        let gpu = Headless::new().map_err(render_failure)?;
        let uploaded = gpu.upload(&scene).map_err(render_failure)?;
        let aspect = width as f32 / height as f32;
        let camera = match a.view.to_ascii_lowercase().as_str() {
            "perspective" => OrbitCamera::framing(scene.min, scene.max, a.yaw.to_radians(), a.pitch.to_radians(), aspect),
            _ => top_camera(scene.min, scene.max, aspect),
        };
        let mut params = FrameParams::new(camera);
        params.overlays = overlays;
        params.shading = shading;
        params.filter = if a.nearest { SamplerFilter::Nearest } else { SamplerFilter::Linear };
        let image = gpu.render(&uploaded, &params, width, height).map_err(render_failure)?;
        let png = encode_png(&image)?;
        crate::doc::save::atomic_write(&a.out, &png).map_err(|e| Failure::io(&a.out, e))?;
        outln!(
            "wrote {} ({width}x{height}, {} triangles, {} points, {} parts) on {}",
            a.out.display(),
            scene.triangle_count(),
            scene.point_count(),
            scene.parts.len(),
            gpu.adapter
        );
        // One line per label (a mission repeats its markers' and units' parts).
        let mut lines: Vec<(String, usize)> = Vec::new();
        for (part, status) in scene.untextured_parts() {
            if let Some(p) = scene.parts.get(part) {
                let line = format!("{} ({status:?})", p.label);
                match lines.iter_mut().find(|(l, _)| *l == line) {
                    Some((_, n)) => *n += 1,
                    None => lines.push((line, 1)),
                }
            }
        }
        for (line, n) in lines {
            if n > 1 { outln!("  untextured: {line} x{n}") } else { outln!("  untextured: {line}") }
        }
        Ok(0)
    }

    /// Straight down on the box's top, orthographic, the box's x and z spans filling the view
    /// (with a margin).
    pub fn top_camera(min: glam::Vec3, max: glam::Vec3, aspect: f32) -> OrbitCamera {
        let mut c = OrbitCamera::framing(min, max, 0.0, std::f32::consts::FRAC_PI_2, aspect);
        c.orthographic = true;
        let size = max - min;
        let half_h = (size.z * 0.5).max(size.x * 0.5 / aspect.max(1e-3)).max(1e-3) * 1.04;
        c.distance = (half_h / (c.fov_y * 0.5).tan()).max(size.y + 1.0);
        c.fov_y = 2.0 * (half_h / c.distance).atan();
        c
    }

    fn encode_png(image: &crate::render::Image) -> Result<Vec<u8>, Failure> {
        use image::ImageEncoder;
        let mut png = Vec::new();
        image::codecs::png::PngEncoder::new(&mut png)
            .write_image(&image.rgba, image.width, image.height, image::ExtendedColorType::Rgba8)
            .map_err(|e| Failure::usage(format!("PNG encoding failed: {e}")))?;
        Ok(png)
    }

    /// A MAT0 entry on `shape` at game time `ms` (block 0, start time 0), its texture resolved
    /// from the Textures.lib beside the archive.
    fn material_preview(item: &str, shape: Shape, ms: u32, r: &Readings) -> Result<RenderScene, Failure> {
        let (ws, path) = super::super::open_item(item, r)?;
        let meta = ws.item_meta(&path).ok_or_else(|| Failure::usage(format!("{item}: name a MAT0 entry, FILE::ENTRY")))?;
        let bytes = ws.item_bytes(&path).map_err(|e| Failure::format(item, e))?;
        let mat = Mat0::parse(&bytes, meta.attrs[1]).map_err(|e| Failure::format(item, e))?;
        let state = eval::state_at_time(&mat, 0, ms, 0, &mut MsvcRand::new(1), r).map_err(|e| Failure::format(item, e))?;
        let colors = MaterialColors::from_runtime(&state.values, state.u16);
        let assets = super::super::export::assets_for(item, &ws, &path)?;
        let mut resolver = Resolver::new(&assets, r);
        let texture = match mat.phases.get(state.phase).filter(|p| p.has_texture()) {
            Some(p) => {
                let (t, diags) = resolver.texture(p.texture_bytes());
                for d in diags {
                    eprintln!("warning: {item}: {}", d.message);
                }
                t
            }
            None => None,
        };
        let has_alpha = texture.as_ref().is_some_and(|t| t.has_alpha);
        let cell_uv = texture.as_ref().and_then(|t| t.cell_uv(state.cell));
        if let Some(t) = &texture
            && cell_uv.is_some()
        {
            eprintln!("note: {item}: cell {} draws stored Page rect {} of {} (which rect the engine means is unconfirmed)", state.cell, state.cell, t.name);
        }
        outln!(
            "  {item} at {ms} ms: phase {}, diffuse {:?}, texture {}",
            state.phase,
            colors.diffuse,
            texture.as_ref().map_or("none".to_string(), |t| t.origin.clone())
        );
        let blend = BlendMode::from_nibble(Mat0Flags(meta.attrs[0]).nibble_mode(), has_alpha);
        let mut scene = preview_scene(shape);
        scene.set_preview_material(colors, texture, cell_uv.unwrap_or(FULL_UV_RECT), blend);
        Ok(scene)
    }
}
