//! What panels ask for. Drawing never changes the document or the shell's state: panels push
//! [`Intent`]s, and after the frame's UI ran the app applies them in one place
//! (`StudioApp::apply`). A panel's own view state (a tab's zoom, a hovered swatch, a scroll
//! position) it keeps and changes itself while it draws. Every action that a native dialog
//! feeds has an intent that takes the path directly, so tests (and drag and drop) reach the
//! same code without the dialog.

use super::command::Command;
use super::seam::types::{EditorCommand, EditorId, EditorMsg};
use super::selection::ClickMods;
use super::settings::{PanelId, Theme};
use crate::doc::{FileId, ItemPath, MergeKey};
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
    /// The editor that claims the item (the registry `app::editors`, through `app::seam`).
    Editor,
}

/// A change an editor asks of one item: new bytes, new directory attributes, or both, as one
/// undo step named `label`. Edits with the same `merge` key merge while a drag goes on (until
/// [`Intent::EndDrag`]).
#[derive(Clone, Debug, PartialEq)]
pub struct ItemEdit {
    pub path: ItemPath,
    pub bytes: Option<SharedBytes>,
    /// `attr1`, `attr2`, `attr3` of the entry's directory row.
    pub attrs: Option<[u32; 3]>,
    pub label: String,
    pub merge: Option<MergeKey>,
}

impl ItemEdit {
    pub fn bytes(path: &ItemPath, bytes: impl Into<SharedBytes>, label: impl Into<String>) -> ItemEdit {
        ItemEdit { path: path.clone(), bytes: Some(bytes.into()), attrs: None, label: label.into(), merge: None }
    }

    /// Part of a drag of `field`: merged into one undo step until the drag ends.
    pub fn dragging(mut self, field: &'static str) -> ItemEdit {
        self.merge = Some(MergeKey::new(&self.path, field));
        self
    }
}

/// Where one part of an [`Intent::EditGroup`] goes.
#[derive(Clone, Debug, PartialEq)]
pub enum GroupTarget {
    /// An open item (an entry, or a file's root): its bytes are replaced.
    Item(ItemPath),
    /// A whole file, opened first when it is not open; one that does not exist yet is made
    /// (empty until the edit, written by the next save).
    File(PathBuf),
    /// A new entry of an open archive.
    NewEntry { archive: ItemPath, name: String, type_id: u32, attrs: [u32; 3] },
}

/// What a native file dialog asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum FileRequest {
    Open { title: String, filters: &'static [(&'static str, &'static [&'static str])] },
    Save { title: String, filters: &'static [(&'static str, &'static [&'static str])], name: String },
    Folder { title: String },
}

/// Native dialogs; their answer comes back as the intent named beside each.
#[derive(Clone, Debug, PartialEq)]
pub enum Pick {
    /// → [`Intent::Open`]
    OpenFiles,
    /// → [`Intent::OpenFolder`]
    OpenFolder,
    /// A game folder (asked first, `None`), then where to unpack it → [`Intent::Unpack`]
    Unpack(Option<PathBuf>),
    /// An unpacked folder (asked first, `None`), then where to pack it → [`Intent::Pack`]
    Pack(Option<PathBuf>),
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
    /// A `.parkanmod` to install into the open project → [`Intent::ModPreview`]
    ModPackage,
    /// A clean game folder to export the project's changes against → [`Intent::ModExportChanges`]
    ModExportBase,
    /// Where to write the exported mod (the name offered) → [`Intent::ModExportWrite`]
    ModExportTo(String),
    /// A file (`false`) or a folder (`true`) to compare the open file or project with →
    /// [`Intent::CompareWith`]
    CompareWith(bool),
    /// A file or folder for an editor → [`Intent::Editor`] with a
    /// `seam::Picked` of `tag` and the path.
    ForEditor { editor: EditorId, target: ItemPath, request: FileRequest, tag: EditorMsg },
}

#[derive(Clone, Debug, PartialEq)]
pub enum Dialog {
    /// Files with unsaved changes are about to close: Save / Discard / Cancel.
    Unsaved { files: Vec<FileId>, then: Then },
    /// The file changed on disk since it was read: Overwrite / Cancel. `all`: the save was
    /// part of Save All, which goes on after this file.
    ChangedOnDisk { file: FileId, then: Then, all: bool },
    Message { title: String, text: String },
    /// A rename of an entry that items of the open project name: the rewrites, to confirm.
    RenameReferences { path: ItemPath, plan: crate::doc::project::RenamePlan },
    /// Temporary files left by interrupted saves of `of`: Remove / Keep.
    StaleTemps { of: PathBuf, temps: Vec<(PathBuf, u64)> },
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
    /// Opens files as the user asked for them: each then shows in its editor's tab.
    Open(Vec<PathBuf>),
    /// Opens a file an open item refers to (the library a WEAR row names), without its tab.
    OpenReferenced(PathBuf),
    OpenFolder(PathBuf),
    CloseFolder,
    /// Opens an item of the open project by its project address (`models/ROBOT.wea`,
    /// `Material.lib::STEEL`) in its editor, at `offset` when the editor can show a place.
    OpenProjectItem { address: String, offset: Option<u64> },
    /// Opens a file on disk (read first if it is not open) and shows `entry` of it (an
    /// `items::resolve` path, `NAME::NAME`) in its editor's tab, or the file's own tab when
    /// `entry` is `None`: a link from one item to another it names (a record's slot).
    OpenLinked { file: PathBuf, entry: Option<String> },
    /// Shows the project's search field and gives it the keyboard.
    FocusProjectSearch,
    /// Unpack `src` into `dest` as a background task (`unpack`).
    Unpack { src: PathBuf, dest: PathBuf },
    /// Pack the unpacked tree `dir` into `dest` as a background task.
    Pack { dir: PathBuf, dest: PathBuf },
    Save { file: FileId, force: bool, then: Then },
    SaveAs { file: FileId, path: PathBuf },
    /// Saves every dirty file, then continues.
    SaveAll { then: Then },
    /// Closes a file; with unsaved changes and `confirmed` false, asks first.
    Close { file: FileId, confirmed: bool },
    /// Closes the window; with unsaved changes and `confirmed` false, asks first.
    Quit { confirmed: bool },

    // Document edits (all undoable).
    /// Renames an entry; when the open project has items naming it, asks first whether to
    /// rewrite them too ([`Dialog::RenameReferences`]).
    Rename { path: ItemPath, name: String },
    /// Renames an entry, and with `references` every row or phase of the project naming it,
    /// as one undo step.
    RenameConfirmed { path: ItemPath, name: String, references: bool },
    Delete(Vec<ItemPath>),
    Replace { path: ItemPath, from: PathBuf },
    ReplaceBytes { path: ItemPath, bytes: SharedBytes },
    /// Appends files as entries of the archive at `archive`.
    Add { archive: ItemPath, files: Vec<PathBuf> },
    /// `dragging`: part of a continuous drag, merged into one undo step until [`Intent::EndDrag`].
    SetAttrs { path: ItemPath, type_id: Option<u32>, attrs: [u32; 3], dragging: bool },
    EndDrag,
    /// Escape during a drag: the drag's open undo step is taken back and forgotten (no redo).
    CancelDrag,
    Compact(ItemPath),
    RebuildLookup(ItemPath),
    /// An editor's change to one item.
    EditItem(ItemEdit),
    /// New bytes for several items, of one or more files, as one undo step named `label`
    /// (a model import: the model, its table and the libraries it adds to). All or nothing.
    EditGroup { label: String, edits: Vec<(GroupTarget, SharedBytes)> },
    Undo,
    Redo,

    // Work on disk and in the background.
    /// One entry to the file `to`, several into the folder `to`.
    Extract { items: Vec<ItemPath>, to: PathBuf },
    ExtractAll { archive: ItemPath, dir: PathBuf },
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
    /// The interface's language, at once and remembered.
    SetLanguage(crate::app::i18n::Language),
    TogglePanel(PanelId),
    Zoom(Zoom),
    SetReading(String),
    ShowDialog(Dialog),
    CloseDialog,
    OpenPalette,
    ClosePalette,
    ShowReadings(bool),
    Run(Command),
    /// An editor's command on `target` (the active tab's item, or the selection).
    RunEditor { cmd: EditorCommand, target: ItemPath },
    /// A message an editor sent itself about `target`, handed back to it.
    Editor { editor: EditorId, target: ItemPath, msg: EditorMsg },
    /// Closes the editor's dialog.
    CloseEditorDialog,
    Log(crate::formats::Severity, String),
    Pick(Pick),
    /// The native dialog for this pick could not be shown: the app draws its own.
    PickInWindow(Pick),
    /// The native dialog's thread ended (chosen, cancelled or not shown).
    NativeDialogClosed,
    CopyText(String),
    // The compare view (`app::compare`).
    /// Compares the open file (a file picked) or the open project (a folder) with `PathBuf`.
    CompareWith(PathBuf),
    /// The workspace against the files on disk: every dirty file's changes.
    ShowUnsaved,
    /// One item's unsaved changes against its saved bytes.
    CompareWithSaved(ItemPath),
    /// Shows the selected change's diff (Enter in the compare view).
    CompareOpenSelected,
    CloseCompare,
    /// Removes these temporary files of interrupted saves (path and size as found; a file that
    /// changed since is kept).
    RemoveStaleTemps(Vec<(PathBuf, u64)>),

    // Mods (`app::mods`), on the open project's game folder.
    /// The dry run of installing a package, shown for confirmation; `force`: this mod wins
    /// where another changed the same item; `order`: the 1-based place in the installed
    /// order it takes (`None`: last).
    ModPreview { package: PathBuf, force: bool, order: Option<usize> },
    /// Installs a package (after its dry run was confirmed), as a background task.
    ModInstall { package: PathBuf, force: bool, order: Option<usize> },
    /// Drops the dry run shown without installing.
    ModDismissPreview,
    ModUninstall(String),
    /// Moves an installed mod to the 1-based place `to` (re-applied in the new order).
    ModMove { name: String, to: usize },
    /// Closes the window of a package opened on its own.
    ModClosePackage(usize),
    /// Opens the Export Changes as Mod form, with the changes against the files on disk or,
    /// with `base`, against that clean folder.
    ModExportChanges { base: Option<PathBuf> },
    /// Writes the export form's chosen changes as a package at this path.
    ModExportWrite(PathBuf),
    ModExportClose,
    /// Opens a file of the work folder in the external program (the settings' choice, else
    /// the desktop's default for its type): Edit in External Program.
    OpenExternal(PathBuf),
    /// The program Edit in External Program opens files with (blank: the desktop's default).
    SetExternalProgram(String),
}
