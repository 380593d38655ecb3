//! What a panel of the mission editor asks for in one frame: edits (each with the gesture it
//! belongs to), the end of a dragged value's gesture, a refusal to show, intents for the app.

use super::edits::MissionOp;

/// An edit a panel asks for, and the gesture it is part of (frames of one drag merge).
pub type Request = (MissionOp, Option<&'static str>);

/// What a panel asks for in one frame.
#[derive(Debug, Default)]
pub struct Asked {
    pub ops: Vec<Request>,
    /// A dragged value was let go: the gesture's undo step closes.
    pub end_drag: bool,
    /// Why something typed cannot be written (shown as the last refusal is).
    pub message: Option<String>,
    /// What else the panel asks of the app (a linked file opened).
    pub intents: Vec<crate::app::intent::Intent>,
}
