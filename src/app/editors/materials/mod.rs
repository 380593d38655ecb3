//! A material library as a list: for an archive whose entries are all MAT0 materials (a
//! `Material.lib`), each material with a swatch of its first phase's diffuse colour, its
//! texture's thumbnail, its phase and block counts, a name filter and the count. Enter or a
//! double-click opens the material in its own tab (the material editor).

use crate::app::widgets::named_texture::TextureCache;
use crate::app::seam::{Claim, CommandSpec, EditorCx, EditorId, EditorState, Host, ItemEditor, command_lookup, command_table, downcast_mut};
use crate::app::intent::Intent;
use crate::doc::{ItemPath, items};
use crate::formats::mat0::phase::ColorGroup;
use crate::formats::mat0::{Mat0, SHIPPED_VERSION};
use egui::{Color32, Key, KeyboardShortcut, Modifiers, Sense, Stroke, StrokeKind, vec2};

pub const ID: EditorId = "materials";

pub struct MaterialListEditor;

const fn key(k: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::NONE, k)
}

/// The list's commands, each with its name, label, tooltip and keys.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cmd {
    Open,
    Previous,
    Next,
}

impl Cmd {
    /// Every command, in the order the palette lists them.
    pub const ALL: [Cmd; 3] = [Cmd::Open, Cmd::Previous, Cmd::Next];

    pub const fn spec(self) -> CommandSpec {
        const fn list(name: &'static str, label: &'static str, tooltip: &'static str, shortcuts: &'static [KeyboardShortcut]) -> CommandSpec {
            CommandSpec { name, label, tooltip, shortcuts, menu: None, on_selection: false }
        }
        match self {
            Cmd::Open => list("open", "cmd-materials-open", "cmd-materials-open-tip", const { &[key(Key::Enter)] }),
            Cmd::Previous => list("previous", "cmd-materials-previous", "cmd-materials-previous-tip", const { &[key(Key::ArrowUp)] }),
            Cmd::Next => list("next", "cmd-materials-next", "cmd-materials-next-tip", const { &[key(Key::ArrowDown)] }),
        }
    }

}

command_lookup!(Cmd, ID);

impl ItemEditor for MaterialListEditor {
    fn id(&self) -> EditorId {
        ID
    }

    fn label(&self) -> &'static str {
        "view-materials"
    }

    fn claims(&self, item: &Claim) -> bool {
        !item.entry_kinds.is_empty() && item.entry_kinds.iter().all(|k| *k == Some(crate::doc::kinds::FormatKind::Mat0))
    }

    fn create(&self) -> Box<dyn EditorState> {
        Box::new(MaterialList::default())
    }

    fn commands(&self) -> &'static [CommandSpec] {
        command_table!(Cmd)
    }

    fn run(&self, cmd: &str, target: &ItemPath, state: Option<&mut dyn EditorState>, host: &mut Host) {
        let (Some(cmd), Some(list)) = (Cmd::named(cmd), state.and_then(downcast_mut::<MaterialList>)) else { return };
        let at = list.selected.and_then(|s| list.shown_last.iter().position(|&i| i == s));
        let step = |a: Option<usize>, down: bool| match a {
            Some(a) if down => (a + 1).min(list.shown_last.len().saturating_sub(1)),
            Some(a) => a.saturating_sub(1),
            None => 0,
        };
        match cmd {
            Cmd::Open => {
                if let Some(s) = list.selected {
                    host.out.push(Intent::OpenTab(target.child(s)));
                }
            }
            Cmd::Previous | Cmd::Next => list.selected = list.shown_last.get(step(at, cmd == Cmd::Next)).copied(),
        }
    }
}

/// One material as the list shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub index: usize,
    pub name: String,
    /// The first phase's diffuse colour, `None` when the material does not parse or has none.
    pub diffuse: Option<[u8; 4]>,
    pub texture: Option<Vec<u8>>,
    /// "3 phases, 1 block", or why the material does not parse.
    pub detail: String,
}

#[derive(Default)]
pub struct MaterialList {
    pub filter: String,
    pub selected: Option<usize>,
    /// The rows, made for a generation of the document in a language (their details are words).
    rows: Option<((u64, crate::app::i18n::Language), Vec<Row>)>,
    /// Entry indices of the rows shown last frame, in order (what the arrow keys walk).
    shown_last: Vec<usize>,
    textures: TextureCache,
}

impl MaterialList {
    /// The rows of the last frame (every material, unfiltered).
    pub fn rows(&self) -> &[Row] {
        self.rows.as_ref().map_or(&[], |(_, r)| r)
    }

    /// The rows whose name holds the filter (ASCII case-insensitively).
    pub fn shown(&self) -> Vec<&Row> {
        let f = self.filter.to_ascii_uppercase();
        self.rows().iter().filter(|r| r.name.to_ascii_uppercase().contains(&f)).collect()
    }
}

fn rows(cx: &EditorCx) -> Vec<Row> {
    let Ok(node) = items::node_at(cx.ws, cx.path) else { return Vec::new() };
    node.metas()
        .into_iter()
        .map(|m| {
            let bytes = node.entry_bytes(m.index).map_err(|e| e.to_string());
            let version = if m.type_id.is_some() { m.attrs[1] } else { SHIPPED_VERSION };
            let mat = bytes.and_then(|b| Mat0::parse(&b, version).map_err(|e| e.to_string()));
            let (diffuse, texture, detail) = match &mat {
                Ok(mat) => {
                    let first = mat.phases.first();
                    (
                        first.map(|p| p.color_bytes(ColorGroup::Diffuse)),
                        first.filter(|p| p.has_texture()).map(|p| p.texture_bytes().to_vec()),
                        crate::tr!("mats-detail", phases = mat.phases.len(), blocks = mat.anim.len()),
                    )
                }
                Err(e) => (None, None, crate::tr!("mats-no-parse", error = e.as_str())),
            };
            Row { index: m.index, name: m.name, diffuse, texture, detail }
        })
        .collect()
}

impl EditorState for MaterialList {
    fn show(&mut self, ui: &mut egui::Ui, cx: &EditorCx, out: &mut Vec<Intent>) {
        let made_for = (cx.generation, crate::app::i18n::language());
        if self.rows.as_ref().is_none_or(|(g, _)| *g != made_for) {
            self.rows = Some((made_for, rows(cx)));
        }
        ui.horizontal(|ui| {
            let l = ui.label(crate::tr!("mats-filter"));
            ui.add(egui::TextEdit::singleline(&mut self.filter).desired_width(200.0)).labelled_by(l.id);
            let shown = self.shown().len();
            ui.weak(crate::tr!("mats-shown", shown = shown.to_string(), n = self.rows().len()));
        });
        ui.separator();
        let shown: Vec<Row> = self.shown().into_iter().cloned().collect();
        self.shown_last = shown.iter().map(|r| r.index).collect();
        egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
            for r in &shown {
                let resp = ui.horizontal(|ui| {
                    let (rect, _) = ui.allocate_exact_size(vec2(28.0, 28.0), Sense::hover());
                    crate::app::widgets::image::paint_checker(&ui.painter_at(rect), rect);
                    if let Some([cr, cg, cb, ca]) = r.diffuse {
                        ui.painter().rect_filled(rect, 2.0, Color32::from_rgba_unmultiplied(cr, cg, cb, ca));
                    }
                    ui.painter().rect_stroke(rect, 2.0, Stroke::new(1.0, Color32::from_black_alpha(120)), StrokeKind::Inside);
                    let (trect, _) = ui.allocate_exact_size(vec2(28.0, 28.0), Sense::hover());
                    if let Some(name) = &r.texture {
                        let look = self.textures.get(ui.ctx(), cx.ws, &cx.path.child(r.index), name);
                        match &look.handle {
                            Some(t) => {
                                ui.painter().image(t.id(), trect, egui::Rect::from_min_max(egui::Pos2::ZERO, egui::pos2(1.0, 1.0)), Color32::WHITE);
                            }
                            None => {
                                ui.painter().text(trect.center(), egui::Align2::CENTER_CENTER, "?", egui::FontId::proportional(16.0), ui.visuals().error_fg_color);
                            }
                        }
                    }
                    let sel = ui.selectable_label(self.selected == Some(r.index), &r.name);
                    let tex = r.texture.as_deref().map_or_else(|| crate::tr!("mat-no-texture"), crate::formats::cp1251::decode);
                    ui.weak(format!("{}  {tex}", r.detail));
                    sel
                });
                let sel = resp.inner;
                if sel.clicked() {
                    self.selected = Some(r.index);
                }
                if sel.double_clicked() {
                    out.push(Intent::OpenTab(cx.path.child(r.index)));
                }
            }
        });
    }

    /// Not while the filter has the keyboard (Enter and the arrows are the text field's).
    fn wants_keys(&self, _cmd: &str, ctx: &egui::Context) -> bool {
        !ctx.egui_wants_keyboard_input()
    }
}
