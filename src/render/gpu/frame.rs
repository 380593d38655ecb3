//! What changes per frame: the shading, overlays, light and camera a view asks for, and the
//! uniforms they become.

use super::*;

/// The picked part's edges.
pub const HIGHLIGHT_COLOR: [f32; 4] = [1.0, 0.55, 0.0, 1.0];
/// Overlay lines drawn on top are pulled this far (in clip w) towards the camera.
pub(super) const LINE_BIAS: f32 = 4e-4;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Shading {
    /// Materials, textures and the light.
    #[default]
    Textured,
    /// Grey, lit, one normal per face (shows the geometry).
    Flat,
    /// The normal as a colour (`n * 0.5 + 0.5`).
    Normals,
    /// The vertex colours, unlit (level.geom).
    VertexColor,
    /// X-Ray's hemisphere lighting factor as grey, unlit (level.geom).
    Hemi,
    /// The texture coordinates as red (u) and green (v), each repeat from 0 to 1.
    TexCoord,
}

impl Shading {
    pub fn from_name(name: &str) -> Option<Shading> {
        match name.to_ascii_lowercase().as_str() {
            "textured" => Some(Shading::Textured),
            "flat" => Some(Shading::Flat),
            "normals" => Some(Shading::Normals),
            "vertex-color" | "vertexcolor" | "vertex-colour" => Some(Shading::VertexColor),
            "hemi" => Some(Shading::Hemi),
            "texcoord" | "uv" => Some(Shading::TexCoord),
            _ => None,
        }
    }
    pub(super) fn code(self) -> f32 {
        match self {
            Shading::Textured => 0.0,
            Shading::Flat => 1.0,
            Shading::Normals => 2.0,
            Shading::VertexColor => 3.0,
            Shading::Hemi => 4.0,
            Shading::TexCoord => 5.0,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Overlays {
    pub wireframe: bool,
    pub normals: bool,
    /// The file's node and batch boxes and spheres.
    pub bounds: bool,
    pub grid: bool,
    pub axes: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SamplerFilter {
    Nearest,
    #[default]
    Linear,
}

/// One directional light plus ambient.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Light {
    /// Towards the light: in view space (x right, y up, z towards the viewer) when
    /// `follow_camera`, else in scene space.
    pub direction: Vec3,
    pub follow_camera: bool,
    pub intensity: f32,
    pub ambient: [f32; 3],
}

impl Default for Light {
    fn default() -> Self {
        Light { direction: Vec3::new(-0.35, 0.55, 0.75), follow_camera: true, intensity: 0.85, ambient: [0.35; 3] }
    }
}

/// Everything a frame needs besides the uploaded scene.
#[derive(Debug, Clone, Copy)]
pub struct FrameParams<'a> {
    pub camera: OrbitCamera,
    pub light: Light,
    pub shading: Shading,
    pub overlays: Overlays,
    pub filter: SamplerFilter,
    /// The clear colour as stored in the target (linear for an sRGB target); alpha 0 leaves
    /// it transparent.
    pub background: [f32; 4],
    pub wire_color: [f32; 4],
    /// The part whose edges are drawn in `highlight_color` (the picked one).
    pub highlight: Option<usize>,
    pub highlight_color: [f32; 4],
    /// Scene-space node matrices (the animation frame): [`RenderScene::pose`]; `None` or a
    /// wrong length: the scene's own pose.
    pub node_matrices: Option<&'a [Mat4]>,
    /// Colours per material (MAT0 at the current game time); `None` or a wrong length: the
    /// colours the scene was built with.
    pub material_colors: Option<&'a [MaterialColors]>,
    /// The texture per material (an index into the scene's textures: the MAT0 phase's at the
    /// current game time, [`super::MaterialClock::textures_at`]) and the rect of it drawn (its
    /// cell's); `None` or a wrong length: what the scene was built with.
    pub material_textures: Option<&'a [Look]>,
    /// Per node: `false` hides its parts.
    pub node_visible: Option<&'a [bool]>,
    /// Per node: `true` outlines its parts in `highlight_color` (a selection of whole objects).
    pub highlight_nodes: Option<&'a [bool]>,
}

impl<'a> FrameParams<'a> {
    pub fn new(camera: OrbitCamera) -> FrameParams<'a> {
        FrameParams {
            camera,
            light: Light::default(),
            shading: Shading::Textured,
            overlays: Overlays::default(),
            filter: SamplerFilter::Linear,
            background: [0.16, 0.17, 0.19, 1.0],
            wire_color: [0.95, 0.95, 0.95, 1.0],
            highlight: None,
            highlight_color: HIGHLIGHT_COLOR,
            node_matrices: None,
            material_colors: None,
            material_textures: None,
            node_visible: None,
            highlight_nodes: None,
        }
    }
}

#[repr(C)]
#[derive(Clone, Copy, bytemuck::Pod, bytemuck::Zeroable)]
pub(super) struct FrameUniform {
    pub(super) view_proj: [[f32; 4]; 4],
    pub(super) eye: [f32; 4],
    pub(super) view_dir: [f32; 4],
    pub(super) light: [f32; 4],
    pub(super) ambient: [f32; 4],
    pub(super) options: [f32; 4],
    pub(super) wire_color: [f32; 4],
    pub(super) highlight_color: [f32; 4],
}

#[repr(C)]
#[derive(Clone, Copy, bytemuck::Pod, bytemuck::Zeroable)]
pub(super) struct MaterialUniform {
    pub(super) diffuse: [f32; 4],
    pub(super) ambient: [f32; 4],
    pub(super) specular: [f32; 4],
    pub(super) emissive: [f32; 4],
    pub(super) uv_rect: [f32; 4],
    pub(super) params: [f32; 4],
}

/// The alpha-test thresholds: an alpha-tested material keeps texels of half alpha and more; the
/// blended modes (whose alpha test docs/formats/mat0.md says is on) drop only clear texels.
pub(super) const ALPHA_TEST: f32 = 0.5;
pub(super) const BLEND_ALPHA_TEST: f32 = 1.0 / 255.0;
