//! The one place where state changes: every [`Intent`] the panels, the command queue, the
//! dialogs and the background tasks produce is applied here, after the frame's UI ran.
//! Document changes go through `Workspace::apply` (undoable) and then move the editor's own
//! references to entries (selection, tabs, expanded rows) by the edit's index shift.
//!
//! [`StudioApp::apply`] only routes: each intent belongs to one area ([`Area::of`], one
//! exhaustive match, so a new intent must be given one), and each area's module applies its
//! own: `disk`, `document`, `view` are the shell's; `editor_intents` hands an editor's intents to
//! the editor through the seam.

mod compare;
pub(super) mod dispatch;
mod document;
mod editor_intents;
mod disk;
mod mods;
mod project;
mod unclaimed;
mod view;

use crate::app::StudioApp;
use crate::doc::items;
use crate::app::files;
use crate::app::editors::{self, EditorId, EditorState, Host, ItemEditor};
use crate::app::intent::{Dialog, GroupTarget, Intent, ItemEdit, Then, ViewKind, Zoom};
use crate::app::tasks::{CheckSink, Outcome};
use crate::doc::{Change, Edit, EditOp, FileId, ItemPath, MergeKey, SaveError};
use crate::formats::bytes::SharedBytes;
use crate::formats::readings::TABLE;
use std::path::{Path, PathBuf};


/// Who applies an intent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Area {
    /// Files and work on disk (the shell).
    Files,
    /// Changes to the document (the shell, through the workspace).
    Document,
    /// The shell's view state.
    View,
    /// An editor's own intents, applied by the editor.
    Editor,
    /// The compare view (`apply/compare.rs`).
    Compare,
}

impl Area {
    fn of(intent: &Intent) -> Area {
        use Intent::*;
        match intent {
            Open(_) | OpenReferenced(_) | OpenFolder(_) | CloseFolder | Unpack { .. } | Pack { .. } | OpenProjectItem { .. } | OpenLinked { .. } | FocusProjectSearch | Save { .. } | SaveAs { .. } | SaveAll { .. } | Close { .. } | Quit { .. } | Extract { .. }
            | ExtractAll { .. } | Check(_) | CancelTasks | RemoveStaleTemps(_) | OpenExternal(_) => Area::Files,
            ModPreview { .. } | ModInstall { .. } | ModDismissPreview | ModUninstall(_) | ModMove { .. } | ModClosePackage(_) | ModExportChanges { .. }
            | ModExportWrite(_) | ModExportClose => Area::Files,
            Rename { .. } | RenameConfirmed { .. } | Delete(_) | Replace { .. } | ReplaceBytes { .. } | Add { .. } | SetAttrs { .. } | EndDrag | CancelDrag | Compact(_)
            | RebuildLookup(_) | Undo | Redo | DropOnRow { .. } | DropOnBrowser(_) => Area::Document,
            Select { .. } | SelectStep { .. } | SelectAll | SetExpanded { .. } | SetSort(_) | OpenTab(_) | ActivateTab(_) | CloseTab(_)
            | MoveTab { .. } | SetView { .. } | StartRename(_) | CancelRename | FocusFilter | Reveal { .. } | SetTheme(_) | SetLanguage(_) | TogglePanel(_)
            | Zoom(_) | SetReading(_) | ShowDialog(_) | CloseDialog | OpenPalette | ClosePalette | ShowReadings(_) | Run(_) | Log(..)
            | Pick(_) | PickInWindow(_) | NativeDialogClosed | CopyText(_) | SetExternalProgram(_) => Area::View,
            RunEditor { .. } | Editor { .. } | CloseEditorDialog | EditItem(_) | EditGroup { .. } => Area::Editor,
            CompareWith(_) | ShowUnsaved | CompareWithSaved(_) | CompareOpenSelected | CloseCompare => Area::Compare,
        }
    }
}

impl StudioApp {
    pub(super) fn apply(&mut self, intent: Intent) {
        match Area::of(&intent) {
            Area::Files => self.apply_file(intent),
            Area::Document => self.apply_document(intent),
            Area::View => self.apply_view(intent),
            Area::Editor => self.apply_editor(intent),
            Area::Compare => self.apply_compare(intent),
        }
    }

    /// An intent an area's module does not apply: [`Area::of`] sent it to the wrong one.
    fn misrouted(&mut self, intent: Intent) {
        self.log.error(format!("internal: {:?} went to the wrong handler", Area::of(&intent)));
    }
}
