//! The mod intents (`app::mods`): dry runs, installs, uninstalls and moves as background
//! tasks on the open project's game folder, then the folder's refresh; packages opened on their
//! own; the export form's changes and its package.

use super::*;
use crate::app::mods::{Pending, export::ExportForm, package_view::PackageView, work};
use crate::doc::mods::preview::Preview;
use crate::doc::mods::text::shown;
use crate::tr;

impl StudioApp {
    /// The open project's folder, or a message saying one is needed.
    fn mod_game(&mut self, what: &str) -> Option<PathBuf> {
        match &self.views.folder {
            Some(v) => Some(v.root().to_path_buf()),
            None => {
                self.fail(what, tr!("log-mod-no-game"));
                None
            }
        }
    }

    pub(super) fn apply_mods(&mut self, intent: Intent) {
        match intent {
            Intent::ModPreview { package, force, order } => {
                let Some(game) = self.mod_game(&tr!("pick-install-mod")) else { return };
                let label = tr!("task-mod-dry-run", name = package.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default());
                self.work.tasks.spawn(label, move |_| work::dry_run(game, package, force, order));
            }
            Intent::ModInstall { package, force, order } => {
                self.views.mods.pending = None;
                let Some(game) = self.mod_game(&tr!("pick-install-mod")) else { return };
                let label = tr!("task-mod-installing", name = package.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default());
                self.work.tasks.spawn(label, move |p| work::install(game, package, force, order, p));
            }
            Intent::ModDismissPreview => self.views.mods.pending = None,
            Intent::ModUninstall(name) => {
                let Some(game) = self.mod_game(&tr!("title-uninstall-mod")) else { return };
                self.work.tasks.spawn(tr!("task-mod-uninstalling", name = shown(&name)), move |p| work::uninstall(game, name, p));
            }
            Intent::ModMove { name, to } => {
                let Some(game) = self.mod_game(&tr!("title-move-mod")) else { return };
                self.work.tasks.spawn(tr!("task-mod-moving", name = shown(&name), to = to.to_string()), move |p| work::reorder(game, name, to, p));
            }
            Intent::ModClosePackage(i) => {
                if i < self.views.mods.packages.len() {
                    self.views.mods.packages.remove(i);
                }
            }
            Intent::ModExportChanges { base } => self.start_export(base),
            Intent::ModExportWrite(path) => self.write_export(&path),
            Intent::ModExportClose => self.views.mods.export = None,
            other => self.misrouted(other),
        }
    }

    /// A `.parkanmod` opened on its own: its window.
    pub(super) fn open_package(&mut self, path: &Path) {
        match PackageView::open(path) {
            Ok(v) => {
                self.log.info(tr!("log-mod-opened", name = shown(&v.package.meta.name), version = shown(&v.package.meta.version), n = v.package.changes.len(), path = path.display().to_string()));
                self.settings.remember_file(path);
                self.views.mods.packages.retain(|p| p.path != path);
                self.views.mods.packages.push(v);
            }
            Err(e) => self.fail(&tr!("title-open-mod"), e),
        }
    }

    /// A dry run came back: shown for the user's answer (`how`: its force and order).
    pub(super) fn mod_previewed(&mut self, game: PathBuf, package: PathBuf, how: (bool, Option<usize>), result: Result<Box<Preview>, String>) {
        let (force, order) = how;
        match result {
            Ok(preview) => {
                self.log.info(tr!("log-mod-dry-run", name = shown(&preview.meta.name), n = preview.rows.len(), blocked = preview.blocked(), conflicts = preview.conflicts()));
                self.views.mods.pending = Some(Pending { game, package, force, order, preview: *preview });
            }
            Err(e) => self.fail(&tr!("pick-install-mod"), e),
        }
    }

    /// After a mod command: its lines to the log, the journal read again, the project walked
    /// again, and the open files of the folder that it rewrote read again (or, with unsaved
    /// edits, left as they are with a warning: saving then asks before it overwrites).
    pub(super) fn mods_changed(&mut self, game: PathBuf, result: Result<Vec<String>, String>) {
        match &result {
            Ok(lines) => {
                for l in lines {
                    self.log.info(tr!("log-mod-line", line = l));
                }
            }
            Err(e) => self.fail(&tr!("mods-title"), e.clone()),
        }
        self.views.mods.reload(&game);
        let canon = std::fs::canonicalize(&game).unwrap_or_else(|_| game.clone());
        let changed: Vec<(FileId, PathBuf, bool)> = self
            .ws
            .files()
            .iter()
            .filter(|f| std::fs::canonicalize(&f.path).unwrap_or_else(|_| f.path.clone()).starts_with(&canon) || f.path.starts_with(&game))
            .filter(|f| self.ws.changed_on_disk(f.id))
            .map(|f| (f.id, f.path.clone(), f.is_dirty()))
            .collect();
        for (id, path, dirty) in changed {
            if dirty {
                self.log.warn(tr!("log-mod-changed-dirty", path = path.display().to_string()));
            } else {
                self.close_file(id);
                if path.exists() {
                    self.open_path(path.clone());
                    self.log.info(tr!("log-mod-reread", path = path.display().to_string()));
                }
            }
        }
        if self.views.folder.as_ref().is_some_and(|v| v.root() == game) {
            self.open_folder(game.clone());
        }
    }

    /// The export form: the changes to offer, found in the background.
    fn start_export(&mut self, base: Option<PathBuf>) {
        let root = self.views.folder.as_ref().map(|v| v.root().to_path_buf());
        // The unsaved bytes of open files, by their game path (the project's, else the name).
        let mut edited = Vec::new();
        for f in self.ws.files().iter().filter(|f| f.is_dirty()) {
            let rel = self.views.folder.as_ref().and_then(|v| v.rel_of(&f.path)).unwrap_or_else(|| f.name());
            if let Ok(bytes) = self.ws.item_bytes(&ItemPath::root(f.id)) {
                edited.push((rel, f.path.clone(), bytes));
            }
        }
        if base.is_some() && root.is_none() {
            self.fail(&tr!("pick-export-mod"), tr!("log-export-needs-project"));
            return;
        }
        if base.is_none() && edited.is_empty() && root.is_none() {
            self.fail(&tr!("pick-export-mod"), tr!("log-export-nothing"));
            return;
        }
        let form = self.views.mods.export.take().unwrap_or_else(|| ExportForm::new(root.as_deref()));
        self.views.mods.export = Some(ExportForm { base: base.clone(), loading: true, ..form });
        let label = match &base {
            Some(b) => tr!("task-export-comparing", path = b.display().to_string()),
            None => tr!("task-export-finding"),
        };
        self.work.tasks.spawn(label, move |_| crate::app::mods::export::find_changes(base, root, edited));
    }

    pub(super) fn mod_export_changes(&mut self, base: Option<PathBuf>, result: Result<Vec<crate::doc::mods::Change>, String>) {
        let Some(form) = self.views.mods.export.as_mut().filter(|f| f.base == base) else { return };
        form.loading = false;
        match result {
            Ok(changes) => form.set_changes(changes),
            Err(e) => {
                self.views.mods.export = None;
                self.fail(&tr!("pick-export-mod"), e);
            }
        }
    }

    fn write_export(&mut self, path: &Path) {
        let Some(form) = self.views.mods.export.as_ref() else { return };
        match form.write(path) {
            Ok(n) => {
                self.log.info(tr!("log-mod-exported", n = n, name = shown(&form.meta.name), path = path.display().to_string()));
                self.views.mods.export = None;
            }
            Err(e) => self.fail(&tr!("pick-export-mod"), e),

        }
    }
}
