//! The texture inspector as an [`ItemEditor`]: which items it opens, its commands and keys,
//! and the messages its pickers and drops send back (replace from an image, export levels).

use super::import::{Choices, ImportDialog};
use super::{TextureView, edits};
use crate::app::seam::MenuGroup;
use crate::app::seam::compare::{CompareBody, CompareInput};
use crate::app::seam::{Claim, CommandSpec, EditorCx, EditorId, EditorMsg, EditorState, Host, ItemEditor, Picked, command_lookup, command_table, downcast_mut};
use crate::app::intent::{FileRequest, Intent, ItemEdit, Pick};
use crate::app::pickers::IMAGES;
use crate::doc::{ItemPath, items};
use crate::formats::bytes::SharedBytes;
use egui::{Key, KeyboardShortcut, Modifiers};
use std::path::{Path, PathBuf};

pub const ID: EditorId = "texture";

pub struct TextureEditor;

/// What the texture editor sends itself.
#[derive(Debug)]
pub enum TextureMsg {
    /// Tag of the picker for an image to convert into the texture.
    PickImage,
    /// Tag of the picker for one stored level's PNG.
    ExportLevel(u32),
    /// Tag of the picker for a folder for every level.
    ExportAll,
    /// An image file dropped on the texture (or given to Replace), already read.
    Dropped { from: PathBuf, bytes: Vec<u8> },
    /// The replace dialog's choices, confirmed: the tab keeps them for external saves.
    Chosen(Choices),
}

const fn key(k: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::NONE, k)
}

/// The texture editor's commands, each with its name, label, tooltip, keys and menu.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cmd {
    ReplaceImage,
    ExportLevels,
    ZoomIn,
    ZoomOut,
    Fit,
    ActualSize,
    Grid,
    Details,
    LargerLevel,
    SmallerLevel,
    RemoveRect,
    EditExternally,
}

const fn canvas_cmd(name: &'static str, label: &'static str, tooltip: &'static str, shortcuts: &'static [KeyboardShortcut]) -> CommandSpec {
    CommandSpec { name, label, tooltip, shortcuts, menu: None, on_selection: false }
}

impl Cmd {
    /// Every command, in the order menus and the palette list them.
    pub const ALL: [Cmd; 12] =
        [Cmd::ReplaceImage, Cmd::ExportLevels, Cmd::ZoomIn, Cmd::ZoomOut, Cmd::Fit, Cmd::ActualSize, Cmd::Grid, Cmd::Details, Cmd::LargerLevel, Cmd::SmallerLevel, Cmd::RemoveRect, Cmd::EditExternally];

    pub const fn spec(self) -> CommandSpec {
        match self {
            Cmd::ReplaceImage => CommandSpec {
                name: "replace-image",
                label: "cmd-texture-replace-image",
                tooltip: "cmd-texture-replace-image-tip",
                shortcuts: &[],
                menu: Some(MenuGroup::Entry),
                on_selection: true,
            },
            Cmd::ExportLevels => CommandSpec {
                name: "export-levels",
                label: "cmd-texture-export-levels",
                tooltip: "cmd-texture-export-levels-tip",
                shortcuts: &[],
                menu: Some(MenuGroup::Entry),
                on_selection: true,
            },
            Cmd::ZoomIn => canvas_cmd("zoom-in", "cmd-texture-zoom-in", "cmd-texture-zoom-in-tip", const { &[key(Key::Plus), key(Key::Equals)] }),
            Cmd::ZoomOut => canvas_cmd("zoom-out", "cmd-texture-zoom-out", "cmd-texture-zoom-out-tip", const { &[key(Key::Minus)] }),
            Cmd::Fit => canvas_cmd("fit", "cmd-texture-fit", "cmd-texture-fit-tip", const { &[key(Key::Num0)] }),
            Cmd::ActualSize => canvas_cmd("actual-size", "cmd-texture-actual-size", "cmd-texture-actual-size-tip", const { &[key(Key::Num1)] }),
            Cmd::Grid => canvas_cmd("grid", "cmd-texture-grid", "cmd-texture-grid-tip", const { &[key(Key::G)] }),
            Cmd::Details => canvas_cmd("details", "cmd-texture-details", "cmd-texture-details-tip", const { &[key(Key::D)] }),
            Cmd::LargerLevel => canvas_cmd("larger-level", "cmd-texture-larger-level", "cmd-texture-larger-level-tip", const { &[key(Key::PageUp)] }),
            Cmd::SmallerLevel => canvas_cmd("smaller-level", "cmd-texture-smaller-level", "cmd-texture-smaller-level-tip", const { &[key(Key::PageDown)] }),
            Cmd::RemoveRect => canvas_cmd("remove-rect", "cmd-texture-remove-rect", "cmd-texture-remove-rect-tip", const { &[key(Key::Delete), key(Key::Backspace)] }),
            Cmd::EditExternally => CommandSpec {
                name: "edit-externally",
                label: "cmd-texture-edit-externally",
                tooltip: "cmd-texture-edit-externally-tip",
                shortcuts: &[],
                menu: Some(MenuGroup::Entry),
                on_selection: false,
            },
        }
    }

}

command_lookup!(Cmd, ID);

/// The picker for an image to replace `target` with.
pub fn pick_image(target: &ItemPath) -> Intent {
    let request = FileRequest::Open { title: crate::tr!("tex-pick-image"), filters: &[("Images", IMAGES)] };
    Intent::Pick(Pick::ForEditor { editor: ID, target: target.clone(), request, tag: EditorMsg::new(TextureMsg::PickImage) })
}

/// The picker for one level's PNG (`level: Some`) or for a folder for every level.
pub fn pick_export(target: &ItemPath, level: Option<u32>, name: String) -> Intent {
    let (request, tag) = match level {
        Some(l) => (FileRequest::Save { title: crate::tr!("tex-pick-export-level"), filters: &[("PNG", &["png"])], name }, TextureMsg::ExportLevel(l)),
        None => (FileRequest::Folder { title: crate::tr!("tex-pick-export-all") }, TextureMsg::ExportAll),
    };
    Intent::Pick(Pick::ForEditor { editor: ID, target: target.clone(), request, tag: EditorMsg::new(tag) })
}

/// What the export picker answers with `to` (tests and scripts skip the dialog with it).
pub fn export_to(target: &ItemPath, level: Option<u32>, to: PathBuf) -> Intent {
    let tag = EditorMsg::new(level.map_or(TextureMsg::ExportAll, TextureMsg::ExportLevel));
    Intent::Editor { editor: ID, target: target.clone(), msg: EditorMsg::new(Picked { tag, path: to }) }
}

impl ItemEditor for TextureEditor {
    fn id(&self) -> EditorId {
        ID
    }

    fn label(&self) -> &'static str {
        "view-texture"
    }

    fn claims(&self, item: &Claim) -> bool {
        item.kind == Some(crate::doc::kinds::FormatKind::Texm) && item.bytes.starts_with(b"Texm")
    }

    fn create(&self) -> Box<dyn EditorState> {
        Box::new(TextureView::default())
    }

    fn commands(&self) -> &'static [CommandSpec] {
        command_table!(Cmd)
    }

    fn run(&self, cmd: &str, target: &ItemPath, state: Option<&mut dyn EditorState>, host: &mut Host) {
        let Some(cmd) = Cmd::named(cmd) else { return };
        match cmd {
            Cmd::ReplaceImage => host.out.push(pick_image(target)),
            Cmd::ExportLevels => host.out.push(pick_export(target, None, String::new())),
            Cmd::EditExternally => match state.and_then(downcast_mut::<TextureView>) {
                Some(view) => super::outside::start(target, view, host),
                None => host.fail(&crate::tr!("tex-edit-external-title"), crate::tr!("tex-open-tab-first", address = items::address(host.ws, target))),
            },
            _ => {
                let Some(view) = state.and_then(downcast_mut::<TextureView>) else { return };
                view_command(cmd, target, view, host);
            }
        }
    }

    fn handle(&self, target: &ItemPath, msg: EditorMsg, state: Option<&mut dyn EditorState>, host: &mut Host) {
        let view = state.and_then(downcast_mut::<TextureView>);
        if let Some(Picked { tag, path }) = msg.get::<Picked>() {
            match tag.get::<TextureMsg>() {
                Some(TextureMsg::PickImage) => match std::fs::read(path) {
                    Ok(b) => begin_import(target, path, &b, view, host),
                    Err(e) => host.fail(&crate::tr!("tex-replace-title"), format!("{}: {e}", path.display())),
                },
                Some(TextureMsg::ExportLevel(l)) => export(target, Some(*l), path, view, host),
                Some(TextureMsg::ExportAll) => export(target, None, path, view, host),
                _ => {}
            }
        } else {
            match msg.get::<TextureMsg>() {
                Some(TextureMsg::Dropped { from, bytes }) => begin_import(target, from, bytes, view, host),
                Some(TextureMsg::Chosen(c)) => {
                    if let Some(v) = view {
                        v.import_choices = c.clone();
                    }
                }
                _ => {}
            }
        }
    }

    /// Two textures: both images, their difference, swipe and blink.
    fn compare(&self, input: &mut CompareInput) -> Option<Box<dyn CompareBody>> {
        (input.kind == crate::doc::kinds::FormatKind::Texm).then(|| Box::new(super::compare::TextureDiff::new(input.ctx, input.a, input.b, input.readings)) as Box<dyn CompareBody>)
    }

    /// Anything but a Texm goes through the replace dialog (an image to convert, or a file
    /// the dialog refuses with its reason); a Texm replaces the bytes as they are.
    fn take_file(&self, _target: &ItemPath, file: &Path, bytes: &[u8]) -> Option<EditorMsg> {
        (!bytes.starts_with(b"Texm")).then(|| EditorMsg::new(TextureMsg::Dropped { from: file.to_path_buf(), bytes: bytes.to_vec() }))
    }
}

fn view_command(cmd: Cmd, target: &ItemPath, view: &mut TextureView, host: &mut Host) {
    let levels = view.model().map_or(0, |m| m.levels.len());
    match cmd {
        Cmd::ZoomIn => view.zoom_step(true),
        Cmd::ZoomOut => view.zoom_step(false),
        Cmd::Fit => view.fit = true,
        Cmd::ActualSize => view.actual_size(),
        Cmd::Grid => view.grid = !view.grid,
        Cmd::Details => view.show_side = !view.show_side,
        Cmd::LargerLevel => view.level = view.level.saturating_sub(1),
        Cmd::SmallerLevel if view.level + 1 < levels => view.level += 1,
        Cmd::RemoveRect => {
            let Some((sel, m)) = view.rect_selected.zip(view.model()) else { return };
            if sel >= m.rects.len() {
                return;
            }
            let mut rects = m.stored_rects();
            rects.remove(sel);
            view.rect_selected = None;
            match items::bytes_of(host.ws, target).and_then(|b| edits::with_page_rects(&b, rects)) {
                Ok(b) => host.out.push(Intent::EditItem(ItemEdit::bytes(target, b, edits::rects_label(host.ws, target)))),
                Err(m) => host.log.error(format!("{}: {m}", crate::tr!("tex-page-rects"))),
            }
        }
        _ => {}
    }
}

impl EditorState for TextureView {
    fn show(&mut self, ui: &mut egui::Ui, cx: &EditorCx, out: &mut Vec<Intent>) {
        super::show(ui, cx, self, out);
    }

    /// The canvas keys while the pointer is over the image; Remove Page Rect only with a
    /// stored rect selected (else Delete falls through to the browser's).
    fn wants_keys(&self, cmd: &str, ctx: &egui::Context) -> bool {
        let over = ctx.pointer_latest_pos().zip(self.canvas_rect).is_some_and(|(p, r)| r.contains(p));
        match Cmd::named(cmd) {
            Some(Cmd::ReplaceImage | Cmd::EditExternally | Cmd::ExportLevels) => true,
            Some(Cmd::RemoveRect) => {
                over && self.rect_selected.zip(self.model()).is_some_and(|(s, m)| m.mode == super::model::ViewMode::Stored && s < m.rects.len())
            }
            Some(_) => over,
            None => false,
        }
    }

    fn drop_rect(&self) -> Option<egui::Rect> {
        self.canvas_rect
    }

    fn poll(&mut self, path: &ItemPath, host: &mut Host) {
        super::outside::poll(path, self, host);
    }
}

/// What the replace dialog sends when confirmed: the choices, for the tab to keep.
fn chosen(target: &ItemPath, c: Choices) -> Intent {
    Intent::Editor { editor: ID, target: target.clone(), msg: EditorMsg::new(TextureMsg::Chosen(c)) }
}

/// Opens the replace dialog for `target` with an image (the tab's external palette, when it
/// decodes through one, is the one a format-2 conversion maps to).
fn begin_import(target: &ItemPath, from: &Path, image: &[u8], view: Option<&mut TextureView>, host: &mut Host) {
    let bytes = match items::bytes_of(host.ws, target) {
        Ok(b) => b,
        Err(e) => return host.fail(&crate::tr!("tex-replace-title"), e),
    };
    let name = items::address(host.ws, target);
    let source = from.file_name().map_or_else(|| from.display().to_string(), |n| n.to_string_lossy().into_owned());
    let palette = tab_palette(host, view.as_deref()).map(|b| b.to_vec());
    match ImportDialog::new(target.clone(), name, source, &bytes, image, host.ws.readings) {
        Ok(d) => *host.dialog = Some(Box::new(d.with_external_palette(palette).answering(chosen))),
        Err(m) => host.fail(&crate::tr!("tex-replace-title"), m),
    }
}

/// The external palette the tab decodes the texture with (format 2), if one is chosen.
fn tab_palette(host: &Host, view: Option<&TextureView>) -> Option<SharedBytes> {
    let chosen = view?.external.clone()?;
    items::bytes_of(host.ws, &chosen).ok()
}

/// Stored levels as PNG files, decoded with the palette the texture's tab shows.
fn export(target: &ItemPath, level: Option<u32>, to: &Path, view: Option<&mut TextureView>, host: &mut Host) {
    let palette = tab_palette(host, view.as_deref());
    let name = items::meta_of(host.ws, target).map(|m| m.name).filter(|n| !n.is_empty()).unwrap_or_else(|| "texture".into());
    match edits::export_levels(host.ws, target, level, to, &name, palette.as_deref()) {
        Ok(n) => {
            let line = crate::tr!("tex-exported", n = n, address = items::address(host.ws, target), to = to.display().to_string());
            host.log.info(line);
        }
        Err(m) => host.fail(&crate::tr!("tex-export-title"), m),
    }
}
