//! What panels ask for. Drawing never changes the document: panels push [`Intent`]s, and after
//! the frame's UI ran the app applies them in one place (`StudioApp::apply`). A panel's own view
//! state (a tab's zoom, a hovered swatch, a scroll position) it keeps and changes itself. Every action that a native dialog feeds has an intent that takes the
//! path directly, so tests (and drag and drop) reach the same code without the dialog.

use super::command::Command;
use super::selection::ClickMods;
use super::settings::{PanelId, Theme};
use crate::doc::{FileId, ItemPath};
use crate::formats::bytes::SharedBytes;
use std::path::PathBuf;

/// What to do once a save (or the decision not to save) is through.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Then {
    Nothing,
    Close(FileId),
    Quit,
}

/// The views an editor tab offers for any item.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ViewKind {
    /// The codec's decoded summary for known types (`info`), else what the item is.
    #[default]
    Summary,
    Hex,
    /// The raw directory row (or file header) field by field.
    Fields,
    /// The Texm inspector (textures only).
    Texture,
}

/// Native dialogs; their answer comes back as the intent named beside each.
#[derive(Clone, Debug, PartialEq)]
pub enum Pick {
    /// → [`Intent::Open`]
    OpenFiles,
    /// → [`Intent::OpenFolder`]
    OpenFolder,
    /// → [`Intent::SaveAs`]
    SaveAs(FileId, String),
    /// → [`Intent::Extract`] (a file for one entry, a folder for several)
    Extract(Vec<ItemPath>, Option<String>),
    /// → [`Intent::ExtractAll`]
    ExtractAll(ItemPath),
    /// → [`Intent::Replace`]
    Replace(ItemPath),
    /// → [`Intent::Add`]
    Add(ItemPath),
    /// An image for a texture → [`Intent::BeginImport`]
    ImportImage(ItemPath),
    /// A PNG file for one stored level → [`Intent::ExportMips`]; the suggested file name.
    ExportMip(ItemPath, u32, String),
    /// A folder for every stored level → [`Intent::ExportMips`]
    ExportMips(ItemPath),
}

#[derive(Clone, Debug, PartialEq)]
pub enum Dialog {
    /// Files with unsaved changes are about to close: Save / Discard / Cancel.
    Unsaved { files: Vec<FileId>, then: Then },
    /// The file changed on disk since it was read: Overwrite / Cancel. `all`: the save was
    /// part of Save All, which goes on after this file.
    ChangedOnDisk { file: FileId, then: Then, all: bool },
    Message { title: String, text: String },
    About,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Zoom {
    In,
    Out,
    Reset,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Intent {
    // Files.
    Open(Vec<PathBuf>),
    OpenFolder(PathBuf),
    CloseFolder,
    Save { file: FileId, force: bool, then: Then },
    SaveAs { file: FileId, path: PathBuf },
    /// Saves every dirty file, then continues.
    SaveAll { then: Then },
    /// Closes a file; with unsaved changes and `confirmed` false, asks first.
    Close { file: FileId, confirmed: bool },
    /// Closes the window; with unsaved changes and `confirmed` false, asks first.
    Quit { confirmed: bool },

    // Document edits (all undoable).
    Rename { path: ItemPath, name: String },
    Delete(Vec<ItemPath>),
    Replace { path: ItemPath, from: PathBuf },
    ReplaceBytes { path: ItemPath, bytes: SharedBytes },
    /// Appends files as entries of the archive at `archive`.
    Add { archive: ItemPath, files: Vec<PathBuf> },
    /// `dragging`: part of a continuous drag, merged into one undo step until [`Intent::EndDrag`].
    SetAttrs { path: ItemPath, type_id: Option<u32>, attrs: [u32; 3], dragging: bool },
    EndDrag,
    Compact(ItemPath),
    RebuildLookup(ItemPath),
    /// A texture's Page rects; `dragging` merges into one undo step until [`Intent::EndDrag`].
    SetPageRects { path: ItemPath, rects: Vec<crate::formats::texm::Rect>, dragging: bool },
    /// A texture's `flags4`, `flags5` and `unk6` (only those 12 header bytes change).
    SetTextureFlags { path: ItemPath, flags: [u32; 3] },
    /// Opens the replace dialog for a texture with an image file.
    BeginImport { path: ItemPath, from: PathBuf },
    /// Replaces the texture with the dialog's conversion (one undo step).
    ConfirmImport,
    CancelImport,
    Undo,
    Redo,

    // Work on disk and in the background.
    /// One entry to the file `to`, several into the folder `to`.
    Extract { items: Vec<ItemPath>, to: PathBuf },
    ExtractAll { archive: ItemPath, dir: PathBuf },
    /// Stored levels of a texture as PNG: `level` to the file `to`, or every level into the
    /// folder `to` (`NAME_mipN.png`).
    ExportMips { path: ItemPath, level: Option<u32>, to: PathBuf },
    Check(FileId),
    CancelTasks,

    // Files dropped on the window: where they landed decides.
    DropOnRow { target: ItemPath, files: Vec<PathBuf> },
    DropOnBrowser(Vec<PathBuf>),

    // The view.
    Select { path: ItemPath, mods: ClickMods },
    SelectStep { delta: isize, extend: bool },
    SelectAll,
    SetExpanded { path: ItemPath, open: bool },
    SetSort(super::browser::model::Sort),
    OpenTab(ItemPath),
    ActivateTab(usize),
    CloseTab(usize),
    MoveTab { from: usize, to: usize },
    SetView { tab: usize, view: ViewKind },
    StartRename(ItemPath),
    CancelRename,
    FocusFilter,
    /// Jump to an item named by a check finding.
    Reveal { file: FileId, entry: Option<String> },
    SetTheme(Theme),
    TogglePanel(PanelId),
    Zoom(Zoom),
    SetReading(String),
    ShowDialog(Dialog),
    CloseDialog,
    OpenPalette,
    ClosePalette,
    ShowReadings(bool),
    Run(Command),
    Pick(Pick),
    CopyText(String),
}
