//! The renderer by its pixels: through `render` (the CLI binary) and through the library's
//! headless renderer, on whatever adapter the machine has (Mesa's software Vulkan or GL in
//! CI). Images are small so the suite stays fast.
#![cfg(feature = "gui")]

use glam::{Mat4, Vec3};
use parkan_studio::doc::resolve::{MemoryAssets, ResolvedTexture};
use parkan_studio::scene::{Primitive, Scene, SceneNode};
use parkan_studio::scene::{SceneOptions, build_scene};
use parkan_studio::fixtures::texm::nearest_cell_colour;
use parkan_studio::fixtures::{demo, msh as mfx, xray as xfx};
use parkan_studio::formats::msh::anim::Transform;
use parkan_studio::formats::readings::Readings;
use parkan_studio::formats::texm::{Format, Pixmap};
use parkan_studio::formats::xray_geom::LevelGeom;
use parkan_studio::render::shapes::{Shape, preview_scene};
use parkan_studio::render::{BlendMode, FrameParams, Headless, Image, Light, MaterialColors, OrbitCamera, RenderError, RenderScene, SamplerFilter, Shading};
use std::path::Path;
use std::process::{Command, Output};
use std::sync::{Arc, OnceLock};

const SIZE: u32 = 128;

fn run(args: &[&str], cwd: &Path) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_parkan-studio")).args(args).current_dir(cwd).output().unwrap();
    assert_ne!(out.status.code(), Some(101), "panic on {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    out
}

fn ok(args: &[&str], cwd: &Path) -> String {
    let out = run(args, cwd);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn png(path: &Path) -> image::RgbaImage {
    image::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display())).to_rgba8()
}

/// One device for the library tests (creating one costs a second on a software adapter).
fn gpu() -> &'static Headless {
    static GPU: OnceLock<Headless> = OnceLock::new();
    GPU.get_or_init(|| Headless::new().expect("a graphics adapter (Mesa's software Vulkan or GL in CI)"))
}

fn background() -> [u8; 4] {
    FrameParams::new(OrbitCamera::default()).background.map(|c| (c * 255.0).round() as u8)
}

fn is_background(p: [u8; 4]) -> bool {
    p.iter().zip(background()).all(|(a, b)| a.abs_diff(b) <= 2)
}

/// Lit straight from the camera with no ambient: a face towards the camera gets its diffuse
/// colour (plus emissive and specular) exactly.
fn headlight() -> Light {
    Light { direction: Vec3::Z, follow_camera: true, intensity: 1.0, ambient: [0.0; 3] }
}

fn render(scene: &RenderScene, params: &FrameParams) -> Image {
    let g = gpu();
    g.render(&g.upload(scene).unwrap(), params, SIZE, SIZE).unwrap()
}

fn front_camera(scene: &RenderScene) -> OrbitCamera {
    OrbitCamera::framing(scene.min, scene.max, 0.0, 0.0, 1.0)
}

#[test]
fn cube_silhouette_covers_the_expected_fraction() {
    let d = tempfile::tempdir().unwrap();
    std::fs::write(d.path().join("cube.msh"), mfx::cube()).unwrap();
    let out = ok(&["render", "cube.msh", "cube.png", "--size", "128x128", "--yaw", "0", "--pitch", "0"], d.path());
    assert!(out.contains("12 triangles"), "{out}");
    let img = png(&d.path().join("cube.png"));
    assert_eq!(img.dimensions(), (SIZE, SIZE));
    let covered = img.pixels().filter(|p| !is_background(p.0)).count() as f64 / f64::from(SIZE * SIZE);
    // The cube is -1..1; the default framing puts the sphere around it (radius sqrt 3) just
    // inside a 45 degree view, so the front face, 1 nearer than the centre, spans
    // 1 / ((d - 1) tan 22.5) of the half-height, d = sqrt 3 / sin 22.5.
    let half = 22.5f64.to_radians();
    let dist = 3f64.sqrt() / half.sin();
    let expected = (1.0 / ((dist - 1.0) * half.tan())).powi(2);
    assert!((covered - expected).abs() < 0.02, "covered {covered:.4}, expected {expected:.4}");
    // Seen from a corner it shows three faces and covers more than face-on.
    ok(&["render", "cube.msh", "corner.png", "--size", "128x128", "--yaw", "45", "--pitch", "35"], d.path());
    let corner = png(&d.path().join("corner.png")).pixels().filter(|p| !is_background(p.0)).count() as f64 / f64::from(SIZE * SIZE);
    assert!(corner > covered + 0.02, "{corner} vs {covered}");
}

fn texture(width: u32, height: u32, rgba: Vec<u8>) -> Arc<ResolvedTexture> {
    Arc::new(ResolvedTexture {
        name: "TEST.0".into(),
        origin: "test".into(),
        width,
        height,
        format: Format::Argb8888,
        palette: None,
        palette_used: false,
        image: Pixmap { width, height, rgba },
        has_alpha: false,
        page: Vec::new(),
    })
}

#[test]
fn textured_quad_centre_has_the_texel_colour() {
    // 3 x 3 texels: grey border, an orange centre.
    let mut rgba = [90u8, 90, 90, 255].repeat(9);
    rgba[16..20].copy_from_slice(&[230, 120, 40, 255]);
    let mut plane = preview_scene(Shape::Plane);
    let white = MaterialColors { specular: [0.0; 4], emissive: [0.0, 0.0, 0.0, 1.0], ..MaterialColors::flat([1.0; 4]) };
    plane.set_preview_material(white, Some(texture(3, 3, rgba)), [0.0, 0.0, 1.0, 1.0], BlendMode::Opaque);
    let mut p = FrameParams::new(front_camera(&plane));
    p.light = headlight();
    p.filter = SamplerFilter::Nearest;
    let img = render(&plane, &p);
    let c = img.pixel(SIZE / 2, SIZE / 2);
    for (got, want) in c.iter().zip([230u8, 120, 40]) {
        assert!(got.abs_diff(want) <= 2, "centre {c:?}");
    }
    // The border texel shows nearer the quad's edge.
    let q = img.pixel(SIZE / 2, SIZE / 2 - 20);
    assert!(q[0].abs_diff(90) <= 2, "{q:?}");
    // Untextured shading (normals) ignores the texture: the face's normal +z is (0.5, 0.5, 1).
    p.shading = Shading::Normals;
    let n = render(&plane, &p).pixel(SIZE / 2, SIZE / 2);
    assert!(n[0].abs_diff(128) <= 2 && n[2] >= 253, "{n:?}");
}

/// A quad at depth `z` of half-size `half`, coloured by its vertices.
fn quad(label: &str, z: f32, half: f32, rgba: [f32; 4]) -> Primitive {
    Primitive {
        label: label.into(),
        positions: vec![[-half, half, z], [-half, -half, z], [half, -half, z], [half, half, z]],
        normals: Some(vec![[0.0, 0.0, 1.0]; 4]),
        colors: Some(vec![rgba; 4]),
        indices: vec![0, 1, 2, 0, 2, 3],
        ..Primitive::default()
    }
}

#[test]
fn the_near_part_occludes_the_far_one_in_either_order() {
    let red = quad("near", 1.0, 0.5, [1.0, 0.0, 0.0, 1.0]);
    let green = quad("far", -1.0, 1.0, [0.0, 1.0, 0.0, 1.0]);
    for prims in [vec![red.clone(), green.clone()], vec![green, red]] {
        let scene = Scene { nodes: vec![SceneNode { name: "n".into(), parent: None, local: Transform::IDENTITY, primitives: prims }], ..Scene::default() };
        let rs = RenderScene::from_scene(&scene);
        let mut p = FrameParams::new(front_camera(&rs));
        p.shading = Shading::VertexColor;
        let img = render(&rs, &p);
        let c = img.pixel(SIZE / 2, SIZE / 2);
        assert!(c[0] > 200 && c[1] < 30, "the near red quad wins at the centre: {c:?}");
        // Beside the small near quad (22 pixels to its edge) the far one (28) shows.
        let side = img.pixel(SIZE / 2 + 25, SIZE / 2);
        assert!(side[1] > 200 && side[0] < 30, "{side:?}");
    }
}

fn demo_scene(name: &str, bytes: Vec<u8>, opts: &SceneOptions) -> RenderScene {
    let assets = MemoryAssets::from_files(demo::demo_files());
    RenderScene::from_scene(&build_scene(name, bytes.into(), &assets, opts, &Readings::default()).unwrap())
}

/// The centre of the pixels that are not background.
fn centroid(img: &Image) -> Option<(f32, f32)> {
    let (mut sx, mut sy, mut n) = (0.0, 0.0, 0.0);
    for y in 0..img.height {
        for x in 0..img.width {
            if !is_background(img.pixel(x, y)) {
                sx += x as f32;
                sy += y as f32;
                n += 1.0;
            }
        }
    }
    (n > 0.0).then(|| (sx / n, sy / n))
}

#[test]
fn an_animation_frame_moves_the_animated_part_only() {
    let walker = demo_scene("walker.msh", mfx::walker(), &SceneOptions::default());
    let arm = walker.nodes.iter().position(|n| n.name == "ARM_L").unwrap();
    let body = walker.nodes.iter().position(|n| n.name == "BODY").unwrap();
    let camera = OrbitCamera::framing(walker.min, walker.max, std::f32::consts::FRAC_PI_2, 0.0, 1.0);
    let only = |node: usize| (0..walker.nodes.len()).map(|i| i == node).collect::<Vec<bool>>();
    let shot = |node: usize, frame: f32| {
        let pose: Vec<Mat4> = walker.pose(frame);
        let visible = only(node);
        let mut p = FrameParams::new(camera);
        p.node_matrices = Some(&pose);
        p.node_visible = Some(&visible);
        centroid(&render(&walker, &p)).expect("the part is in view")
    };
    // ARM_L swings 20 degrees about x between frames 0 and 4: seen from the side, its
    // silhouette moves; BODY has no animation and stays.
    let (a0, a4) = (shot(arm, 0.0), shot(arm, 4.0));
    assert!((a0.0 - a4.0).abs() + (a0.1 - a4.1).abs() > 2.0, "{a0:?} {a4:?}");
    let (b0, b4) = (shot(body, 0.0), shot(body, 4.0));
    assert!((b0.0 - b4.0).abs() + (b0.1 - b4.1).abs() < 0.01, "{b0:?} {b4:?}");

    // Through the CLI, --frame poses the scene the exporter builds: the two-node fixture's
    // ARM turns 90 degrees about z by frame 4, so the image changes.
    let d = tempfile::tempdir().unwrap();
    std::fs::write(d.path().join("two.msh"), mfx::two_node_animated()).unwrap();
    ok(&["render", "two.msh", "f0.png", "--size", "96x96", "--frame", "0"], d.path());
    ok(&["render", "two.msh", "f4.png", "--size", "96x96", "--frame", "4"], d.path());
    assert_ne!(png(&d.path().join("f0.png")), png(&d.path().join("f4.png")));
}

fn triangles(stdout: &str) -> usize {
    let at = stdout.find(" triangles").unwrap_or_else(|| panic!("{stdout}"));
    stdout[..at].rsplit(|c: char| !c.is_ascii_digit()).next().unwrap().parse().unwrap()
}

#[test]
fn lod_1_draws_fewer_triangles_than_lod_0() {
    let d = tempfile::tempdir().unwrap();
    demo::write_demo(d.path()).unwrap();
    std::fs::write(d.path().join("boxhouse.msh"), mfx::boxhouse()).unwrap();
    let t0 = triangles(&ok(&["render", "boxhouse.msh", "l0.png", "--size", "96x96", "--lod", "0"], d.path()));
    let t1 = triangles(&ok(&["render", "boxhouse.msh", "l1.png", "--size", "96x96", "--lod", "1"], d.path()));
    assert!(t1 > 0 && t1 < t0, "LOD 1 {t1}, LOD 0 {t0}");
    let lod1 = demo_scene("boxhouse.msh", mfx::boxhouse(), &SceneOptions { lod: 1, ..SceneOptions::default() });
    assert_eq!(lod1.triangle_count(), t1);
    // A landscape too, and a LOD it does not have is a usage error.
    let l0 = triangles(&ok(&["render", "Land.msh", "g0.png", "--size", "96x96"], d.path()));
    let l1 = triangles(&ok(&["render", "Land.msh", "g1.png", "--size", "96x96", "--lod", "1"], d.path()));
    assert!(l1 < l0);
    assert_eq!(run(&["render", "Land.msh", "g2.png", "--lod", "2"], d.path()).status.code(), Some(2));
}

#[test]
fn level_geom_draws_one_point_per_vertex() {
    let bytes = xfx::level_v13();
    let (geom, _) = LevelGeom::parse(bytes.clone().into()).unwrap();
    let scene = demo_scene("level.geom", bytes.clone(), &SceneOptions::default());
    let vbs = geom.vertex_buffers();
    let point_buffers: usize = scene.parts.iter().filter(|p| p.points).map(|p| vbs[scene.nodes[p.node].name.trim_start_matches("vertex_buffer_").parse::<usize>().unwrap()].vertex_count as usize).sum();
    assert!(scene.point_count() > 0);
    assert_eq!(scene.point_count(), point_buffers);
    let d = tempfile::tempdir().unwrap();
    std::fs::write(d.path().join("level.geom"), &bytes).unwrap();
    let out = ok(&["render", "level.geom", "geom.png", "--size", "96x96", "--shading", "vertex-color"], d.path());
    assert!(out.contains(&format!("{} points", scene.point_count())), "{out}");
    assert!(centroid(&Image { width: 96, height: 96, rgba: png(&d.path().join("geom.png")).into_raw() }).is_some());
}

#[test]
fn material_preview_follows_the_evaluated_diffuse() {
    // MULTI's diffuse goes from white (0 ms) to (0, 0.5, 0.5) (500 ms).
    let files = demo::demo_files();
    let lib = files.iter().find(|(n, _)| n.eq_ignore_ascii_case("Material.lib")).unwrap();
    let (archive, _) = parkan_studio::formats::nres::Archive::parse(lib.1.clone().into()).unwrap();
    let i = archive.find("MULTI").unwrap();
    let payload = archive.payload(i).to_vec();
    let mut seen = Vec::new();
    for ms in [0, 500] {
        let state = parkan_studio::formats::mat0::material_state(&payload, 6, ms, 0, None, &Readings::default()).unwrap();
        let colors = MaterialColors::from_runtime(&state.values, state.u16);
        let mut sphere = preview_scene(Shape::Sphere);
        sphere.set_preview_material(colors, None, [0.0, 0.0, 1.0, 1.0], BlendMode::Opaque);
        let mut p = FrameParams::new(front_camera(&sphere));
        p.light = headlight();
        let c = render(&sphere, &p).pixel(SIZE / 2, SIZE / 2);
        // Facing the camera and the light: diffuse + emissive + specular (the highlight).
        for k in 0..3 {
            let want = ((colors.diffuse[k] + colors.emissive[k] + colors.specular[k]).clamp(0.0, 1.0) * 255.0).round() as u8;
            assert!(c[k].abs_diff(want) <= 3, "{ms} ms channel {k}: {c:?} vs {want}");
        }
        seen.push(c);
    }
    assert_ne!(seen[0], seen[1]);

    // The CLI draws a MAT0 entry on its preview shape.
    let d = tempfile::tempdir().unwrap();
    demo::write_demo(d.path()).unwrap();
    let out = ok(&["render", "Material.lib::MULTI", "m.png", "--size", "64x64", "--time", "500", "--shape", "cube"], d.path());
    assert!(out.contains("phase 2"), "{out}");
    assert_eq!(png(&d.path().join("m.png")).dimensions(), (64, 64));
}

#[test]
fn no_adapter_is_a_typed_error_and_exit_2() {
    let e = Headless::with_backends(parkan_studio::render::wgpu::Backends::empty()).err().expect("no backend, no adapter");
    assert!(matches!(e, RenderError::NoAdapter(_)), "{e:?}");
    let f = parkan_studio::cli::render::render_failure(e);
    assert_eq!(f.code, 2);
    assert!(f.message.contains("no graphics adapter"), "{}", f.message);
}

#[test]
fn bad_arguments_are_usage_errors() {
    let d = tempfile::tempdir().unwrap();
    std::fs::write(d.path().join("cube.msh"), mfx::cube()).unwrap();
    for args in [
        &["render", "cube.msh", "x.png", "--size", "0x10"][..],
        &["render", "cube.msh", "x.png", "--size", "big"],
        &["render", "cube.msh", "x.png", "--overlay", "sparkles"],
        &["render", "cube.msh", "x.png", "--shading", "toon"],
        &["render", "missing.msh", "x.png"],
    ] {
        assert_eq!(run(args, d.path()).status.code(), Some(2), "{args:?}");
    }
    std::fs::write(d.path().join("junk.msh"), b"NRes junk").unwrap();
    assert_eq!(run(&["render", "junk.msh", "x.png"], d.path()).status.code(), Some(1));
    assert!(!d.path().join("x.png").exists());
}

#[test]
fn overlays_draw_over_the_shading() {
    let cube = preview_scene(Shape::Cube);
    let mut p = FrameParams::new(OrbitCamera::framing(cube.min, cube.max, 0.6, 0.4, 1.0));
    let plain = render(&cube, &p);
    p.overlays.wireframe = true;
    let wired = render(&cube, &p);
    let differing = plain.rgba.chunks(4).zip(wired.rgba.chunks(4)).filter(|(a, b)| a != b).count();
    assert!(differing > 100, "{differing} pixels changed");
    // Wire colour pixels appear on the cube's visible edges only: the back edges stay hidden.
    let wire = wired.rgba.chunks(4).filter(|c| c[0] > 235 && c[1] > 235 && c[2] > 235).count();
    assert!(wire > 50 && wire < (SIZE * SIZE / 4) as usize, "{wire}");
}

#[test]
fn the_highlighted_part_is_outlined_in_the_highlight_colour() {
    let cube = preview_scene(Shape::Cube);
    let mut p = FrameParams::new(OrbitCamera::framing(cube.min, cube.max, 0.6, 0.4, 1.0));
    let hc = p.highlight_color.map(|c| (c * 255.0).round() as u8);
    let count = |img: &Image| img.rgba.chunks(4).filter(|c| c.iter().zip(hc).take(3).all(|(a, b)| a.abs_diff(b) <= 8)).count();
    assert_eq!(count(&render(&cube, &p)), 0, "no outline without a highlighted part");
    p.highlight = Some(0);
    let outlined = count(&render(&cube, &p));
    assert!(outlined > 50, "{outlined} outline pixels");
    // A part index past the scene's draws nothing more.
    p.highlight = Some(cube.parts.len());
    assert_eq!(count(&render(&cube, &p)), 0);
}

#[test]
fn a_secondary_material_blends_over_the_primary_by_the_vertex_weights() {
    use parkan_studio::scene::{Overlay, SceneMaterial};
    // One quad: the secondary's weight is 0 on its left edge and 1 on its right.
    let mut q = quad("ground", 0.0, 1.0, [1.0; 4]);
    q.colors = None;
    q.material = Some(0);
    q.overlay = Some(Overlay { material: 1, weights: vec![0.0, 0.0, 1.0, 1.0], indices: q.indices.clone() });
    let material = |name: &str| SceneMaterial { name: name.into(), base_color: [1.0; 4], emissive: [0.0; 3], texture: None, cell_uv: None, blend: false };
    let scene = Scene {
        nodes: vec![SceneNode { name: "n".into(), parent: None, local: Transform::IDENTITY, primitives: vec![q] }],
        materials: vec![material("PRIMARY"), material("SECONDARY")],
        ..Scene::default()
    };
    let mut rs = RenderScene::from_scene(&scene);
    assert_eq!(rs.triangle_count(), 2, "the overlay's triangles are not counted twice");
    assert_eq!(rs.parts.iter().filter(|p| p.over == Some(0)).count(), 1);
    // Red primary, blue secondary (the scene has no MAT0s to colour them).
    for m in &mut rs.materials {
        m.colors = MaterialColors::flat(if m.name.starts_with("SECONDARY") { [0.0, 0.0, 1.0, 1.0] } else { [1.0, 0.0, 0.0, 1.0] });
    }
    let mut p = FrameParams::new(front_camera(&rs));
    p.light = headlight();
    let img = render(&rs, &p);
    let (left, centre, right) = (img.pixel(SIZE / 2 - 30, SIZE / 2), img.pixel(SIZE / 2, SIZE / 2), img.pixel(SIZE / 2 + 30, SIZE / 2));
    assert!(left[0] > 170 && left[2] < 85, "mostly primary on the left: {left:?}");
    assert!(right[2] > 170 && right[0] < 85, "mostly secondary on the right: {right:?}");
    assert!(centre[0].abs_diff(128) <= 12 && centre[2].abs_diff(128) <= 12, "half and half in the middle: {centre:?}");
    // Flat shading shows the geometry only: no blend.
    p.shading = Shading::Flat;
    let flat = render(&rs, &p);
    assert_eq!(flat.pixel(SIZE / 2 - 30, SIZE / 2), flat.pixel(SIZE / 2 + 30, SIZE / 2));
}

#[test]
fn the_demo_landscape_draws_its_secondary_materials() {
    let files = demo::demo_files();
    let land = files.iter().find(|(n, _)| n.eq_ignore_ascii_case("Land.msh")).unwrap().1.clone();
    let rs = demo_scene("Land.msh", land.clone(), &SceneOptions::default());
    assert!(rs.parts.iter().any(|p| p.over.is_some()), "the demo landscape blends secondaries");
    let camera = OrbitCamera::framing(rs.min, rs.max, 0.0, 89.0f32.to_radians(), 1.0);
    let mut p = FrameParams::new(camera);
    p.light = headlight();
    let with = render(&rs, &p);
    let mut without = demo_scene("Land.msh", land, &SceneOptions::default());
    without.parts.retain(|p| p.over.is_none());
    let plain = render(&without, &p);
    let differing = with.rgba.chunks(4).zip(plain.rgba.chunks(4)).filter(|(a, b)| a != b).count();
    assert!(differing > 50, "{differing} pixels show a secondary");
}

#[test]
fn level_geom_shadings_show_normal_hemi_colour_and_texcoord() {
    let scene = demo_scene("level.geom", xfx::level_v13(), &SceneOptions::default());
    let node = |k: usize| scene.nodes.iter().position(|n| n.name == format!("vertex_buffer_{k}")).unwrap();
    let only = |k: usize| (0..scene.nodes.len()).map(|i| i == node(k)).collect::<Vec<bool>>();
    let part = |k: usize| scene.parts.iter().find(|p| p.node == node(k)).unwrap();
    let shot = |k: usize, shading: Shading| {
        let p0 = part(k);
        // From straight above, on a black background.
        let mut p = FrameParams::new(OrbitCamera::framing(p0.min, p0.max, 0.0, 89.9f32.to_radians(), 1.0));
        let visible = only(k);
        p.node_visible = Some(&visible);
        p.shading = shading;
        p.background = [0.0, 0.0, 0.0, 1.0];
        render(&scene, &p)
    };
    let near = |got: [u8; 4], want: [u8; 3], tol: u8| got.iter().zip(want).all(|(a, b)| a.abs_diff(b) <= tol);
    // The brush grid (buffer 1, triangles): normals up, hemi byte 200, no colours, texcoords
    // 0.5 per cell, so (0.75, 0.75) in the middle of its 3 x 3 cells.
    let mut centres = Vec::new();
    for (shading, want, tol) in [
        (Shading::Normals, [128, 255, 128], 3),
        (Shading::Hemi, [200, 200, 200], 2),
        (Shading::VertexColor, [255, 255, 255], 2),
        (Shading::TexCoord, [191, 191, 0], 8),
    ] {
        let c = shot(1, shading).pixel(SIZE / 2, SIZE / 2);
        assert!(near(c, want, tol), "{shading:?}: {c:?}, expected {want:?}");
        centres.push(c);
    }
    for i in 0..centres.len() {
        for j in i + 1..centres.len() {
            assert_ne!(centres[i], centres[j], "modes {i} and {j} look the same");
        }
    }
    // The crate (buffer 2) is drawn as points: each pixel they touch is a share of its
    // point's colour over black, so the ratios between channels are the point's.
    let lit = |img: &Image| img.rgba.chunks(4).map(|c| [c[0], c[1], c[2]]).filter(|c| c.iter().copied().max().unwrap_or(0) >= 80).collect::<Vec<_>>();
    let hemi = lit(&shot(2, Shading::Hemi));
    assert!(!hemi.is_empty(), "the points are drawn");
    assert!(hemi.iter().all(|c| c[0].abs_diff(c[1]) <= 3 && c[1].abs_diff(c[2]) <= 3), "hemi is grey: {hemi:?}");
    // The entity colour is stored b, g, r, a = 40, 120, 220.
    let colour = lit(&shot(2, Shading::VertexColor));
    assert!(!colour.is_empty());
    for c in &colour {
        let (r, g, b) = (f32::from(c[0]), f32::from(c[1]), f32::from(c[2]));
        assert!((g / r - 120.0 / 220.0).abs() < 0.06 && (b / r - 40.0 / 220.0).abs() < 0.06, "{c:?}");
    }
    // Texcoords 0 or 1 at the crate's corners: red and green only.
    let uv = lit(&shot(2, Shading::TexCoord));
    assert!(!uv.is_empty() && uv.iter().all(|c| c[2] <= 3), "{uv:?}");
    // Normals (+-1, +-1, +-1) / sqrt 3 per corner: each channel is 0.21 or 0.79 of full.
    let normals = lit(&shot(2, Shading::Normals));
    assert!(!normals.is_empty());
    for c in &normals {
        let max = f32::from(*c.iter().max().unwrap());
        assert!(c.iter().all(|&x| { let k = f32::from(x) / max; (k - 1.0).abs() < 0.06 || (k - 0.268).abs() < 0.06 }), "{c:?}");
    }
}

#[test]
fn a_phase_with_another_texture_changes_the_drawn_texture_with_time() {
    use parkan_studio::render::MaterialClock;
    use parkan_studio::fixtures::texm::{self as tfx, Material, Spec};
    // The demo's three water textures look alike: here the second and third are rock and grass.
    let mut files = demo::demo_files();
    let lib = files.iter_mut().find(|(n, _)| n.eq_ignore_ascii_case("Textures.lib")).unwrap();
    let (mut textures, _) = parkan_studio::formats::nres::Archive::parse(lib.1.clone().into()).unwrap();
    for (name, material) in [("WATER2.0", Material::Rock), ("WATER3.0", Material::Grass)] {
        let i = textures.find(name).unwrap();
        textures.replace(i, tfx::build(&Spec::new(Format::Rgb565, 32, 32, 1, material))).unwrap();
    }
    lib.1 = textures.write();
    let land = files.iter().find(|(n, _)| n.eq_ignore_ascii_case("Land.msh")).unwrap().1.clone();
    let assets = MemoryAssets::from_files(files);
    let r = Readings::default();
    let scene = build_scene("Land.msh", land.into(), &assets, &SceneOptions::default(), &r).unwrap();
    let mut rs = RenderScene::from_scene(&scene);
    let mut clock = MaterialClock::new(&scene, &rs, &r);
    clock.add_phase_textures(&mut rs, &assets);
    let water = rs.materials.iter().position(|m| m.name.contains("WATER")).unwrap();
    let mut p = FrameParams::new(OrbitCamera::framing(rs.min, rs.max, 0.0, 89.9f32.to_radians(), 1.0));
    p.light = headlight();
    p.filter = SamplerFilter::Nearest;
    // Only the textures move (the colours stay the scene's), so only water pixels may change.
    let g = gpu();
    let uploaded = g.upload(&rs).unwrap();
    let shot = |ms: u32| {
        let textures = clock.textures_at(ms);
        let mut q = p;
        q.material_textures = Some(&textures);
        g.render(&uploaded, &q, SIZE, SIZE).unwrap()
    };
    assert_eq!(shot(0), g.render(&uploaded, &p, SIZE, SIZE).unwrap(), "time 0 draws the textures the scene was built with");
    let (t0, t400) = (shot(0), shot(400));
    assert_ne!(clock.textures_at(0)[water], clock.textures_at(400)[water]);
    // Where the two differ, the pixel is water: in the flag view's water colour from above.
    let mut flags = RenderScene::from_scene(&scene);
    for (pi, part) in rs.parts.iter().enumerate() {
        if let Some(fp) = flags.parts.get_mut(pi) {
            let c = if part.material == water { [0.0, 0.0, 1.0, 1.0] } else { [1.0, 0.0, 0.0, 1.0] };
            let (a, b) = (fp.vertices.start as usize, fp.vertices.end as usize);
            for v in &mut flags.vertices[a..b] {
                v.color = parkan_studio::render::scene::pack_rgba(c);
            }
        }
    }
    flags.parts.retain(|p| p.over.is_none());
    let mut fp = p;
    fp.shading = Shading::VertexColor;
    fp.background = [0.0, 0.0, 0.0, 1.0];
    let mask = render(&flags, &fp);
    let (mut changed, mut changed_water) = (0, 0);
    for y in 0..SIZE {
        for x in 0..SIZE {
            if t0.pixel(x, y) != t400.pixel(x, y) {
                changed += 1;
                let m = mask.pixel(x, y);
                // Any blue: the pixel has water in it (its anti-aliased edge too).
                changed_water += usize::from(m[2] > 0);
            }
        }
    }
    assert!(changed > 100, "{changed} pixels changed between 0 and 400 ms");
    assert_eq!(changed_water, changed, "only water pixels change");
}

#[test]
fn the_material_render_draws_the_phase_cell_of_its_texture() {
    for cell in 0..4u8 {
        let d = tempfile::tempdir().unwrap();
        demo::write_demo(d.path()).unwrap();
        demo::add_cells(d.path(), cell).unwrap();
        let out = run(&["render", "Material.lib::CELLS", "c.png", "--size", "64x64", "--shape", "plane", "--yaw", "0", "--pitch", "0"], d.path());
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        assert!(String::from_utf8_lossy(&out.stderr).contains(&format!("stored Page rect {cell}")), "the reading is said");
        let centre = png(&d.path().join("c.png")).get_pixel(32, 32).0;
        assert_eq!(nearest_cell_colour(centre), usize::from(cell), "cell {cell}: centre {centre:?}");
    }
}

#[test]
fn level_shadings_show_hemi_and_vertex_colour_of_a_visual() {
    use parkan_studio::scene::level::{LevelFiles, LevelLayers, level_scene};
    use parkan_studio::fixtures::xray_level::level_set;
    let set = level_set();
    let files = LevelFiles::open(set.level.clone().into(), &MemoryAssets::from_files(set.files())).unwrap();
    let scene = RenderScene::from_scene(&level_scene("level", &files, &Readings::default(), LevelLayers::default()));
    let shot = |label: &str, shading: Shading| {
        let part = scene.parts.iter().find(|p| p.label == label).unwrap();
        let only: Vec<bool> = (0..scene.nodes.len()).map(|i| i == part.node).collect();
        let world = scene.rest_matrices()[part.node];
        let (a, b) = (world.transform_point3(part.min), world.transform_point3(part.max));
        // From straight above, on black: the box's and the tree's top faces fill the middle.
        let mut p = FrameParams::new(OrbitCamera::framing(a.min(b), a.max(b), 0.0, 89.9f32.to_radians(), 1.0));
        p.node_visible = Some(&only);
        p.shading = shading;
        p.background = [0.0, 0.0, 0.0, 1.0];
        render(&scene, &p).pixel(SIZE / 2, SIZE / 2)
    };
    let near = |got: [u8; 4], want: [u8; 3]| got.iter().zip(want).all(|(a, b)| a.abs_diff(b) <= 2);
    // Visual 1, the entity box: colour stored b, g, r = 40, 120, 220; hemi byte 200.
    for (label, shading, want) in [
        ("visual 1", Shading::VertexColor, [220, 120, 40]),
        ("visual 1", Shading::Hemi, [200, 200, 200]),
        // Tree 3: byte 200 through its TREEDEF2: rgb 200 * 1 + 0, hemi 200 * 0.6 + 0.1 * 255.
        ("visual 3", Shading::VertexColor, [200, 200, 200]),
        ("visual 3", Shading::Hemi, [146, 146, 146]),
        // Shading by normal: the top face, up.
        ("visual 1", Shading::Normals, [128, 255, 128]),
    ] {
        let got = shot(label, shading);
        assert!(near(got, want), "{label} {shading:?}: {got:?}, expected {want:?}");
    }
}

/// The demo folder with `CELLS` (whose phases pick `cell`) standing in for the walker's first
/// material, read as assets.
fn walker_with_cells(cell: u8) -> (MemoryAssets, Vec<u8>) {
    let d = tempfile::tempdir().unwrap();
    demo::write_demo(d.path()).unwrap();
    demo::add_cells(d.path(), cell).unwrap();
    let wea = std::fs::read_to_string(d.path().join("walker.wea")).unwrap();
    assert!(wea.contains("0 METAL01"));
    std::fs::write(d.path().join("walker.wea"), wea.replace("0 METAL01", "0 CELLS")).unwrap();
    let files: Vec<(String, Vec<u8>)> = std::fs::read_dir(d.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read(&p).unwrap()))
        .collect();
    let walker = files.iter().find(|(n, _)| n == "walker.msh").unwrap().1.clone();
    (MemoryAssets::from_files(files), walker)
}

#[test]
fn a_model_material_draws_the_page_rect_its_cell_names() {
    for cell in 0..4u8 {
        let (assets, walker) = walker_with_cells(cell);
        let mut scene = build_scene("walker.msh", walker.into(), &assets, &SceneOptions::default(), &Readings::default()).unwrap();
        let m = scene.materials.iter().position(|m| m.name.contains("CELLS")).unwrap();
        // The fixture's rects are the quadrants, left to right, top to bottom.
        let want = [0.5 * f32::from(cell % 2), 0.5 * f32::from(cell / 2), 0.5, 0.5];
        assert_eq!(scene.materials[m].cell_uv, Some(want), "cell {cell}");
        assert_eq!(RenderScene::from_scene(&scene).materials[m].uv_rect, want);
        // A quad over the whole texture, drawn with that material, shows the cell's colour.
        let mut q = quad("q", 0.0, 1.0, [1.0; 4]);
        (q.colors, q.material) = (None, Some(m));
        q.uv0 = Some(vec![[0.0, 0.0], [0.0, 1.0], [1.0, 1.0], [1.0, 0.0]]);
        scene.nodes = vec![SceneNode { name: "n".into(), parent: None, local: Transform::IDENTITY, primitives: vec![q] }];
        let rs = RenderScene::from_scene(&scene);
        let mut p = FrameParams::new(front_camera(&rs));
        p.light = headlight();
        let centre = render(&rs, &p).pixel(SIZE / 2, SIZE / 2);
        assert_eq!(nearest_cell_colour(centre), usize::from(cell), "cell {cell}: centre {centre:?}");
    }
}

/// A mission whose objects share units and records, drawn with each object's geometry copied
/// and with it held once and drawn as instances: the same picture, and a selected copy's
/// outline drawn at the copy.
#[test]
fn a_mission_drawn_as_instances_looks_as_drawn_with_copies() {
    use parkan_studio::doc::resolve::world::{GameFolder, resolve_mission};
    use parkan_studio::fixtures::world_scene as ws;
    use parkan_studio::scene::mission::{MissionOptions, mission_scene};
    let files = ws::game();
    let m = ws::mission(80, &files);
    let game = GameFolder::in_memory(files);
    let r = resolve_mission(&game, m, &Readings::default());
    let build = |instanced| mission_scene("data.tma", &r, &game, &Readings::default(), &MissionOptions { instanced, ..MissionOptions::default() });
    let (plain, placed) = (RenderScene::from_scene(&build(false).scene), build(true));
    let inst = RenderScene::from_scene(&placed.scene);
    assert!(!inst.instances.is_empty() && inst.vertices.len() < plain.vertices.len());
    let camera = OrbitCamera::framing(plain.min, plain.max, 0.6, 0.7, 1.0);
    let params = FrameParams { light: headlight(), ..FrameParams::new(camera) };
    let (a, b) = (render(&plain, &params), render(&inst, &params));
    let differ = a.rgba.chunks_exact(4).zip(b.rgba.chunks_exact(4)).filter(|(p, q)| p.iter().zip(q.iter()).any(|(x, y)| x.abs_diff(*y) > 8)).count();
    let drawn = a.rgba.chunks_exact(4).filter(|p| !is_background([p[0], p[1], p[2], p[3]])).count();
    assert!(drawn > 1000, "the mission covers the view: {drawn} pixels");
    assert!(differ * 200 < drawn, "{differ} of {drawn} pixels differ");

    // A copy selected: its outline is drawn where the copy stands, nowhere else.
    let copy = inst.instances[0].copies[0];
    let object = placed.objects.iter().find(|o| o.node == copy).expect("the copy is an object");
    let mut flags = vec![false; inst.nodes.len()];
    flags[object.nodes.clone()].iter_mut().for_each(|f| *f = true);
    let outlined = render(&inst, &FrameParams { highlight_nodes: Some(&flags), ..params });
    let vp = camera.view_projection(1.0, inst.radius());
    let corners: Vec<glam::Vec3> = (0..8).map(|k| glam::Vec3::new(if k & 1 == 0 { object.min.x } else { object.max.x }, if k & 2 == 0 { object.min.y } else { object.max.y }, if k & 4 == 0 { object.min.z } else { object.max.z })).collect();
    let screen: Vec<(f32, f32)> = corners.iter().map(|c| vp.project_point3(*c)).map(|p| ((p.x + 1.0) * 0.5 * SIZE as f32, (1.0 - p.y) * 0.5 * SIZE as f32)).collect();
    let (x0, x1) = screen.iter().fold((f32::MAX, f32::MIN), |(a, b), p| (a.min(p.0), b.max(p.0)));
    let (y0, y1) = screen.iter().fold((f32::MAX, f32::MIN), |(a, b), p| (a.min(p.1), b.max(p.1)));
    let mut inside = 0;
    for (i, (p, q)) in b.rgba.chunks_exact(4).zip(outlined.rgba.chunks_exact(4)).enumerate() {
        if p.iter().zip(q.iter()).any(|(x, y)| x.abs_diff(*y) > 8) {
            let (x, y) = ((i as u32 % SIZE) as f32 + 0.5, (i as u32 / SIZE) as f32 + 0.5);
            assert!(x >= x0 - 2.0 && x <= x1 + 2.0 && y >= y0 - 2.0 && y <= y1 + 2.0, "an outline pixel at {x},{y} outside the copy's box {x0}..{x1} × {y0}..{y1}");
            inside += 1;
        }
    }
    assert!(inside > 0, "the copy's outline is drawn");
}
