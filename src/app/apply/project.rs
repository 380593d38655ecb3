//! The open game folder as a project: its tree arrives, its reference index is built in the
//! background, a rename carries its references, and a search result opens at its place.

use super::*;

impl StudioApp {
    /// The tree is there: show it and build the reference index in the background.
    pub(super) fn project_walked(&mut self, project: crate::doc::project::Project) {
        let n = project.files().len();
        self.log.info(crate::tr!("log-project-walked", path = project.root.display().to_string(), n = n, skipped = project.walked.unrelated, problems = project.walked.problems.len()));
        let view = crate::app::project::ProjectView::new(project);
        let project = view.project.clone();
        let readings = self.ws.readings;
        self.views.folder = Some(view);
        let root = project.root.clone();
        // Its installed mods as its journal says now (a `mod` command may have run since).
        self.views.mods.reload(&root);
        self.work.tasks.spawn(crate::tr!("task-indexing", path = root.display().to_string()), move |_| Outcome::ProjectIndexed {
            root: root.clone(),
            index: Box::new(project.index(&readings)),
        });
    }

    /// What renaming an entry of the open project would rewrite.
    pub(super) fn rename_plan(&self, path: &ItemPath, name: &str) -> Option<crate::doc::project::RenamePlan> {
        let view = self.views.folder.as_ref()?;
        let index = view.index.as_ref()?;
        let address = view.address_of(&self.ws, path)?;
        crate::doc::project::rename::plan(index, &address, name).ok()
    }

    /// The rename and every exact reference to the entry, as one undo step; files that name
    /// it and are not open are opened (to be saved with the rest).
    pub(super) fn rename_with_references(&mut self, path: &ItemPath, name: &str) {
        let Some(plan) = self.rename_plan(path, name) else { return };
        let Some(view) = self.views.folder.as_ref() else { return };
        let Some(index) = view.index.as_ref() else { return };
        let mut open = |ws: &mut crate::doc::Workspace, rel: &str| -> Result<FileId, String> {
            if let Some(f) = ws.files().iter().find(|f| view.rel_of(&f.path).is_some_and(|r| r.eq_ignore_ascii_case(rel))) {
                return Ok(f.id);
            }
            ws.open(&view.path_of(rel)).map_err(|e| e.to_string())
        };
        let result = crate::doc::project::rename::apply(&mut self.ws, index, &plan, &mut open);
        match result {
            Ok(changes) => {
                self.after_changes(&changes);
                self.changed();
                self.log.info(crate::tr!("log-files-to-save", label = crate::app::i18n::messages::message(&plan.label_text()), n = changes.len()));
            }
            Err(m) => self.fail(&crate::tr!("cmd-rename"), crate::app::i18n::messages::message(&m)),
        }
    }

    /// Opens a project item by its address: the file (read now, or when its background read
    /// ends), the entry selected and its tab open, the editor shown the place.
    pub(super) fn open_project_item(&mut self, address: &str, offset: Option<u64>) {
        let Some(view) = &self.views.folder else { return };
        let (rel, entry) = crate::app::project::split(address);
        let path = view.path_of(rel);
        let open = self.ws.files().iter().find(|f| view.rel_of(&f.path).is_some_and(|r| r.eq_ignore_ascii_case(rel))).map(|f| f.id);
        let Some(file) = open else {
            self.frame.open_after_load.push((path.clone(), entry.map(str::to_string)));
            // A place inside the item is shown once the file is read and its tab open: the same
            // intent again, then on an open file.
            if let Some(o) = offset {
                self.frame.reveal_after_load.push((path.clone(), address.to_string(), o));
            }
            self.queue.intents.push(Intent::Open(vec![path]));
            return;
        };
        let item = match entry {
            None => Some(ItemPath::root(file)),
            Some(e) => items::resolve(&self.ws, file, e),
        };
        let Some(item) = item else {
            self.log.warn(crate::tr!("log-not-in-file", address = address));

            return;
        };
        self.reveal(file, entry);
        if let Some(ed) = editors::editor_of(&self.ws, &item) {
            self.queue.intents.push(Intent::OpenTab(item.clone()));
            if let Some(o) = offset {
                let msg = crate::app::seam::EditorMsg::new(crate::app::seam::RevealAt(o));
                self.queue.intents.push(Intent::Editor { editor: ed.id(), target: item, msg });
            }
        }
    }
}
