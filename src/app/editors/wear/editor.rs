//! The WEAR editor as an [`ItemEditor`]: it opens what the `wear` codec claims, and its
//! commands (quick fix, completion, go to material, whitespace, the table) enter the command
//! table. While the text has the keyboard the text view runs the same keys itself.

use super::textview::{COMPLETE, GO_TO, QUICK_FIX, open_fixes};
use super::{Layout, WearView};
use crate::app::seam::{Claim, CommandSpec, EditorCx, EditorId, EditorMsg, EditorState, Host, ItemEditor, RevealAt, command_lookup, command_table, downcast_mut};
use crate::app::intent::Intent;
use crate::app::seam::compare::{CompareBody, CompareInput};
use crate::doc::ItemPath;
use crate::formats::Severity;

/// The editor of one kind goes by that kind's name.
pub const ID: EditorId = crate::doc::kinds::FormatKind::Wear.name();

pub struct WearEditor;

/// The WEAR editor's commands, each with its name, label, tooltip and keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmd {
    QuickFix,
    Complete,
    GoTo,
    Whitespace,
    Table,
}

const fn cmd(name: &'static str, label: &'static str, tooltip: &'static str, shortcuts: &'static [egui::KeyboardShortcut]) -> CommandSpec {
    CommandSpec { name, label, tooltip, shortcuts, menu: None, on_selection: false }
}

impl Cmd {
    /// Every command, in the order the palette lists them.
    pub const ALL: [Cmd; 5] = [Cmd::QuickFix, Cmd::Complete, Cmd::GoTo, Cmd::Whitespace, Cmd::Table];

    pub const fn spec(self) -> CommandSpec {
        match self {
            Cmd::QuickFix => cmd("quick-fix", "cmd-wear-quick-fix", "cmd-wear-quick-fix-tip", &[QUICK_FIX]),
            Cmd::Complete => cmd("complete", "cmd-wear-complete", "cmd-wear-complete-tip", &[COMPLETE]),
            Cmd::GoTo => cmd("go-to", "cmd-wear-go-to", "cmd-wear-go-to-tip", &[GO_TO]),
            Cmd::Whitespace => cmd("whitespace", "cmd-wear-whitespace", "cmd-wear-whitespace-tip", &[]),
            Cmd::Table => cmd("table", "cmd-wear-table", "cmd-wear-table-tip", &[]),
        }
    }

}

command_lookup!(Cmd, ID);

impl ItemEditor for WearEditor {
    /// Two tables: their lines, kept, removed and added.
    fn compare(&self, input: &mut CompareInput) -> Option<Box<dyn CompareBody>> {
        (input.kind == crate::doc::kinds::FormatKind::Wear).then(|| Box::new(super::compare::TextDiff::new(input.a, input.b)) as Box<dyn CompareBody>)
    }

    fn id(&self) -> EditorId {
        ID
    }

    fn label(&self) -> &'static str {
        "view-wear"
    }

    fn claims(&self, item: &Claim) -> bool {
        item.kind == Some(crate::doc::kinds::FormatKind::Wear)
    }

    fn create(&self) -> Box<dyn EditorState> {
        Box::new(WearView::default())
    }

    fn commands(&self) -> &'static [CommandSpec] {
        command_table!(Cmd)
    }

    fn run(&self, cmd: &str, _target: &ItemPath, state: Option<&mut dyn EditorState>, host: &mut Host) {
        let Some(c) = Cmd::named(cmd) else { return };
        let Some(v) = state.and_then(downcast_mut::<WearView>) else { return };
        match c {
            Cmd::QuickFix => open_fixes(v),
            Cmd::Complete => v.open_completion(),
            Cmd::GoTo => match v.name_at_cursor() {
                Some(n) => v.go_to(&n, host.out),
                None => host.out.push(Intent::Log(Severity::Info, crate::tr!("wear-go-to-hint"))),
            },
            Cmd::Whitespace => v.whitespace = !v.whitespace,
            Cmd::Table => {
                v.layout = match v.layout {
                    Layout::Text => Layout::Split,
                    Layout::Split => Layout::Table,
                    Layout::Table => Layout::Text,
                }
            }
        }
    }


    /// A click on one of the tab's findings in the Diagnostics panel.
    fn handle(&self, _target: &ItemPath, msg: EditorMsg, state: Option<&mut dyn EditorState>, _host: &mut Host) {
        if let (Some(RevealAt(o)), Some(v)) = (msg.get::<RevealAt>(), state.and_then(downcast_mut::<WearView>)) {
            v.layout = if v.layout == Layout::Table { Layout::Split } else { v.layout };
            v.reveal = Some(usize::try_from(*o).unwrap_or(usize::MAX));
        }
    }
}

impl EditorState for WearView {
    fn show(&mut self, ui: &mut egui::Ui, cx: &EditorCx, out: &mut Vec<Intent>) {
        super::show(ui, cx, self, out);
    }

    /// Errors and warnings, counted in the tab's title.
    fn diagnostics(&self) -> &[crate::formats::Diagnostic] {
        &self.diagnostics
    }

    fn title_badge(&self) -> Option<String> {
        let errors = self.errors();
        let warnings = self.diagnostics.len() - errors;
        let (e, w) = (crate::tr!("wear-n-errors", n = errors), crate::tr!("wear-n-warnings", n = warnings));
        match (errors, warnings) {
            (0, 0) => None,
            (0, _) => Some(format!("({w})")),
            (_, 0) => Some(format!("({e})")),
            _ => Some(format!("({e}, {w})")),
        }
    }
}
