//! The compare view's intents: File ▸ Compare With… (a file against the current file, a folder
//! against the open project), Unsaved Changes (also from the close prompt), a tab's Compare
//! with Saved, Enter on a change, and closing the view. Folders are compared as a background
//! task; items at once (their bytes are in memory already).

use crate::app::StudioApp;
use crate::app::compare::CompareView;
use crate::app::intent::Intent;
use crate::app::tasks::Outcome;
use crate::doc::diff::sides::{Origin, Pair, Source, file_side, saved_pairs};
use crate::doc::diff::{Options, Report, Side};
use crate::doc::{ItemPath, items};
use crate::formats::bytes::SharedBytes;
use std::path::PathBuf;

/// A path by its last two parts (`edited/Textures.lib`): the header has little room.
fn short(p: &std::path::Path) -> String {
    let parts: Vec<String> = p.components().rev().take(2).map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
    parts.into_iter().rev().collect::<Vec<_>>().join("/")
}

impl StudioApp {
    pub(super) fn apply_compare(&mut self, intent: Intent) {
        let before = self.views.compare.as_ref().map(|c| c.serial);
        match intent {
            Intent::CompareWith(path) => {
                self.compare_with(path.clone());
                self.asked_again(before, Intent::CompareWith(path));
            }
            Intent::ShowUnsaved => {
                let view = CompareView::new(crate::tr!("cmpv-unsaved-title"), Source::Pairs(saved_pairs(&self.ws, None)));
                self.start_compare(view);
                self.asked_again(before, Intent::ShowUnsaved);
            }
            Intent::CompareWithSaved(path) => {
                self.compare_with_saved(&path);
                self.asked_again(before, Intent::CompareWithSaved(path));
            }
            Intent::CompareOpenSelected => {
                if let Some(c) = self.views.compare.as_mut() {
                    c.open_selected(&self.frame.ctx, &self.ws);
                }
            }
            Intent::CloseCompare => self.views.compare = None,
            other => self.misrouted(other),
        }
    }

    /// Remembers what made the open view (if this intent made one), for its Refresh.
    fn asked_again(&mut self, before: Option<u64>, intent: Intent) {
        if let Some(c) = self.views.compare.as_mut().filter(|c| Some(c.serial) != before) {
            c.again = Some(intent);
        }
    }

    /// A folder: the open project's (or the current file's folder) against it; a file: the
    /// current file as the editor has it (unsaved edits included) against it.
    fn compare_with(&mut self, other: PathBuf) {
        if other.is_dir() {
            let mine = self.views.folder.as_ref().map(|f| f.root().to_path_buf()).or_else(|| {
                let f = self.current_file()?;
                self.ws.file(f).and_then(|o| o.path.parent().map(|p| p.to_path_buf()))
            });
            let Some(mine) = mine else {
                self.fail(&crate::tr!("compare-heading"), crate::tr!("cmpv-open-folder-first"));
                return;
            };
            // The folder as the editor has it: each edited open file under it by its unsaved
            // bytes, marked so in the tree.
            let unsaved: Vec<(String, SharedBytes)> = self
                .ws
                .files()
                .iter()
                .filter(|f| f.is_dirty())
                .filter_map(|f| {
                    let rel = f.path.strip_prefix(&mine).ok()?;
                    let rel = rel.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect::<Vec<_>>().join("/");
                    Some((rel, self.ws.item_bytes(&ItemPath::root(f.id)).ok()?))
                })
                .collect();
            let title = format!("{} -> {}{}", short(&mine), short(&other), if unsaved.is_empty() { String::new() } else { format!(" {}", crate::tr!("cmpv-with-unsaved")) });
            let mut view = CompareView::new(title, Source::Folders { a: mine, b: other, unsaved: unsaved.clone() });
            view.unsaved = unsaved.into_iter().map(|(r, _)| r.to_ascii_lowercase()).collect();
            self.start_compare(view);
            return;
        }
        let Some(file) = self.current_file() else {
            self.fail(&crate::tr!("compare-heading"), crate::tr!("cmpv-open-file-first"));
            return;
        };
        let name = self.ws.file(file).map(|f| f.name()).unwrap_or_default();
        let mine = match self.ws.item_bytes(&ItemPath::root(file)) {
            Ok(b) => Side::file(name.clone(), b),
            Err(e) => return self.fail(&crate::tr!("compare-heading"), format!("{name}: {e}")),
        };
        let theirs = match file_side(&other) {
            Ok(s) => Side { name: name.clone(), ..s },
            Err(e) => return self.fail(&crate::tr!("compare-heading"), e.to_string()),
        };
        let title = format!("{name} -> {}", short(&other));
        let at = [self.ws.file(file).map(|f| Origin::open(&f.path)), Some(Origin::disk(&other))];
        self.start_compare(CompareView::new(title, Source::Pairs(vec![Pair { label: name, a: Some(mine), b: Some(theirs), at }])));
    }

    /// One item's unsaved changes; the only change (or the first) is shown at once.
    fn compare_with_saved(&mut self, path: &ItemPath) {
        let pairs = saved_pairs(&self.ws, Some(path.file));
        let at = items::address(&self.ws, path);
        // The file as the pairs label it (with its folder when another dirty file shares its name).
        let at = match (pairs.first(), at.split_once("::")) {
            (Some(p), Some((_, entries))) => format!("{}::{entries}", p.label),
            (Some(p), None) => p.label.clone(),
            (None, _) => at,
        };
        let mut view = CompareView::new(crate::tr!("cmpv-saved-unsaved", at = at.as_str()), Source::Pairs(pairs));
        if !path.entries.is_empty() {
            view.only = Some(at);
        }
        self.start_compare(view);
        if let Some(c) = self.views.compare.as_mut()
            && c.report.as_ref().is_some_and(|r| r.as_ref().is_ok_and(|r| !r.changes.is_empty()))
        {
            c.selected = Some(0);
            c.open_selected(&self.frame.ctx, &self.ws);
        }
    }

    /// Runs the view's compare (folders as a task) and shows the view.
    fn start_compare(&mut self, mut view: CompareView) {
        let opts = Options { stat_only: false, readings: self.ws.readings };
        match &view.source {
            Source::Folders { .. } => {
                let (source, serial) = (view.source.clone(), view.serial);
                self.work.tasks.spawn(view.task_label(), move |_| Outcome::Compared { view: serial, report: source.compare(&opts).map_err(|e| e.to_string()) });
            }
            Source::Pairs(_) => {
                let report = view.source.compare(&opts).map_err(|e| e.to_string());
                view.set_report(report);
            }
        }
        self.views.compare = Some(view);
    }

    /// A compare task stopped by Cancel: its view says so instead of waiting.
    pub(in crate::app) fn compare_cancelled(&mut self, label: &str) {
        if let Some(c) = self.views.compare.as_mut().filter(|c| c.report.is_none() && label == c.task_label()) {
            c.set_report(Err(crate::tr!("log-cancelled-short")));
        }
    }

    /// A background compare's result, for the view that asked (a newer one drops it).
    pub(in crate::app) fn compared(&mut self, serial: u64, report: Result<Report, String>) {
        match &report {
            Ok(r) => self.log.info(crate::tr!("log-compare", text = r.summary_with(&crate::app::i18n::messages::message))),
            Err(e) => self.log.error(crate::tr!("log-compare", text = e.to_string())),

        }
        if let Some(c) = self.views.compare.as_mut().filter(|c| c.serial == serial) {
            c.set_report(report);
        }
    }
}
