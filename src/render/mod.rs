//! The 3D renderer: MSH models and landscapes, level.geom and the material preview shapes,
//! drawn with wgpu (the version eframe brings) into an offscreen target, in the editor's
//! viewport and headless (`render`). No egui types cross this interface.
//!
//! - [`RenderScene`] is the CPU side, built from the scene layer's [`crate::scene::Scene`] (one
//!   builder for drawing and exporting): vertices in node space with their node, one
//!   [`Part`] per primitive, materials with their colours and blend mode, the file's bounds.
//! - [`Renderer`] holds the pipelines for one device and target format; [`GpuScene`] the
//!   buffers and textures of one scene, uploaded once; [`Offscreen`] the colour, depth and
//!   MSAA targets of one view. [`Renderer::render_into`] records a frame from small
//!   [`FrameParams`] (camera, light, shading, overlays, node matrices, material colours);
//!   [`Renderer::blit`] draws the result into another pass (egui's).
//! - [`MaterialClock`] evaluates the scene's MAT0 colours at a game time for each frame.
//! - [`pick`] casts a ray on the CPU; [`shapes`] builds the material preview's sphere, cube
//!   and plane; [`headless`] renders to an RGBA image with its own wgpu device.

pub mod camera;
pub mod clock;
pub mod error;
pub mod gpu;
pub mod headless;
pub mod lines;
pub mod pick;
pub mod scene;
pub mod shapes;

pub use camera::{OrbitCamera, Ray};
pub use clock::MaterialClock;
pub use gpu::{FrameParams, GpuScene, Light, Offscreen, Overlays, Renderer, SamplerFilter, Shading, supported_samples};
pub use error::RenderError;
pub use headless::{Headless, Image};
pub use pick::{Hit, pick};
pub use scene::{BlendMode, MaterialColors, MaterialStatus, Part, RenderMaterial, RenderNode, RenderScene, Vertex};

/// wgpu as eframe brings it.
pub use eframe::egui_wgpu::wgpu;
