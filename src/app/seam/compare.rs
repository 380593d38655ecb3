//! An editor's optional compare capability: the compare view (`app::compare`) asks the editor
//! registry for the body of a compared item's kind (`ItemEditor::compare`) instead of switching
//! on the format, so how two textures, two tables or two meshes are drawn side by side lives in
//! the editor's folder beside the editor that draws one. See docs/architecture.md, "The compare
//! view".

use crate::doc::diff::{Change, Side};
use crate::doc::resolve::AssetSource;
use crate::formats::readings::Readings;
use eframe::egui_wgpu::RenderState;
use egui::Ui;
use std::any::Any;

/// What a compared item names (a material's textures, a mesh's materials), read from beside
/// one side.
pub type Assets = Box<dyn AssetSource + Send + Sync>;

/// Where the compare view puts an editor's body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    /// The body is the whole diff (with the engine's figures where it puts them).
    Alone,
    /// Above the two field tables (a mesh's two 3D views).
    AboveFields,
    /// Inside the field tables' section, under "Both sides playing" (a material's previews).
    InFields,
}

/// What an editor is told about one compared change.
pub struct CompareInput<'a> {
    pub ctx: &'a egui::Context,
    /// The kind of the codec that claims the sides (B's, or A's when B is gone).
    pub kind: crate::doc::kinds::ItemKind,
    pub change: &'a Change,
    pub a: Option<&'a Side>,
    pub b: Option<&'a Side>,
    pub readings: Readings,
    /// A's and B's assets, read from beside each side; asked at most once.
    pub assets: &'a mut dyn FnMut() -> [Assets; 2],
}

/// An editor's drawing of one change's two sides.
pub trait CompareBody: Any {
    /// What the body is ("texture", "text", "mesh", "material"): for tests and messages.
    fn name(&self) -> &'static str;
    fn placement(&self) -> Placement;
    /// Draws the body; `figures` draws the engine's figures, which a body drawn
    /// [`Placement::Alone`] places itself (the others leave them to the field tables).
    fn show(&mut self, ui: &mut Ui, readings: &Readings, gpu: Option<&RenderState>, figures: &mut dyn FnMut(&mut Ui));
}

impl dyn CompareBody {
    /// The body as its concrete type (tests, and the view's own state).
    pub fn downcast_ref<T: CompareBody>(&self) -> Option<&T> {
        (self as &dyn Any).downcast_ref()
    }

    pub fn downcast_mut<T: CompareBody>(&mut self) -> Option<&mut T> {
        (self as &mut dyn Any).downcast_mut()
    }
}
