//! A model imported with nothing to replace (File ▸ Import Model… with no model open or
//! selected): the dialog asks its name and where it goes, a loose `NAME.msh` with its table
//! `NAME.wea` in a folder (the one of an open file), or the entries `NAME.msh` and `NAME.wea`
//! of an open archive. The libraries are the ones the game would find from there; the import
//! is one undo step as over an open model.

use super::*;
use crate::doc::node::Node;
use egui::{RichText, Ui};

/// Where a new model goes.
#[derive(Clone, Debug, PartialEq)]
pub enum Place {
    /// A loose `NAME.msh` and `NAME.wea` in this folder.
    Folder(PathBuf),
    /// The entries `NAME.msh` and `NAME.wea` of this open archive.
    Archive(ItemPath),
}

/// A new model's name and place, as the dialog edits them.
pub struct NewModel {
    /// The model's name: its files' or entries' base name and its components' entry name.
    pub name: String,
    /// Every place offered, with its label.
    pub places: Vec<(Place, String)>,
    pub chosen: usize,
    /// Why Import cannot write there (a name taken or not storable).
    pub problem: Option<String>,
}

/// The NRes type id and attrs of a model nested in an archive: the type the fixtures' and the
/// project's nested meshes carry (an MSH is known by its components, not by this id).
const MSH_ENTRY_TYPE: u32 = 0;

/// The longest name: `NAME.msh` is an entry name of at most 31 bytes.
const MAX_NAME: usize = crate::import::MAX_NAME - 4;

/// A model's name from a file name: the stem in capitals (as `import-model -o` names the
/// components), at most [`MAX_NAME`] bytes.
fn name_from(from: &Path) -> String {
    let stem = from.file_stem().map(|s| s.to_string_lossy().to_uppercase()).unwrap_or_default();
    let mut name = String::new();
    for c in stem.chars() {
        if name.len() + c.len_utf8() > MAX_NAME {
            break;
        }
        name.push(c);
    }
    if name.is_empty() { "MODEL".into() } else { name }
}

/// Whether the open file's root is an archive of models (an NRes, not itself a model, that
/// holds a `.msh` or a WEAR table already: not a library of materials or textures).
fn takes_models(ws: &Workspace, root: &ItemPath) -> bool {
    let Ok(node) = ws.node(root.file, &root.entries) else { return false };
    match &node.0 {
        Node::Nres(a) => {
            let rows = a.rows();
            !crate::formats::msh::is_msh(rows.iter().map(|r| r.type_id())) && rows.iter().any(|r| r.type_id() == TYPE_WEAR || r.name().to_ascii_lowercase().ends_with(".msh"))
        }
        _ => false,
    }
}

impl NewModel {
    /// The places the open files offer, the one of `near` chosen; the name from `from`.
    pub fn near(ws: &Workspace, near: &ItemPath, from: &Path) -> NewModel {
        let mut places: Vec<(Place, String)> = Vec::new();
        for f in ws.files() {
            let root = ItemPath::root(f.id);
            if takes_models(ws, &root) {
                places.push((Place::Archive(root), crate::tr!("import-place-entries", path = crate::app::shown_path::path(&f.path))));
            }
        }
        for f in ws.files() {
            let dir = folder_of(&f.path).to_path_buf();
            if !places.iter().any(|(p, _)| matches!(p, Place::Folder(d) if same_folder(d, &dir))) {
                let label = crate::tr!("import-place-files", path = crate::app::shown_path::path(&dir));
                places.push((Place::Folder(dir), label));
            }
        }
        let near_root = ItemPath::root(near.file);
        let near_dir = ws.file(near.file).map(|f| folder_of(&f.path).to_path_buf());
        let chosen = places
            .iter()
            .position(|(p, _)| *p == Place::Archive(near_root.clone()))
            .or_else(|| places.iter().position(|(p, _)| matches!((p, &near_dir), (Place::Folder(d), Some(n)) if same_folder(d, n))))
            .unwrap_or(0);
        let mut n = NewModel { name: name_from(from), places, chosen, problem: None };
        n.check(ws);
        n
    }

    fn place(&self) -> Option<&Place> {
        self.places.get(self.chosen).map(|(p, _)| p)
    }

    /// Looks for what stops Import: an empty or unstorable name, a file or an entry of that
    /// name already there.
    pub fn check(&mut self, ws: &Workspace) {
        self.problem = self.find_problem(ws).err();
    }

    fn find_problem(&self, ws: &Workspace) -> Result<(), String> {
        let name = self.name.trim();
        if name.is_empty() || name.chars().any(|c| c.is_control() || matches!(c, '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|')) {
            return Err(crate::tr!("import-name-chars"));
        }
        items::encode_name(&format!("{name}.msh")).map_err(|e| crate::tr!("import-name-bad", error = e.to_string(), max = MAX_NAME))?;
        match self.place().ok_or_else(|| crate::tr!("import-no-place"))? {
            Place::Folder(dir) => {
                for ext in ["msh", "wea"] {
                    let file = format!("{name}.{ext}");
                    let open = ws.files().iter().any(|f| f.name().eq_ignore_ascii_case(&file) && same_folder(folder_of(&f.path), dir));
                    if open || find_in(dir, &file).is_some() {
                        return Err(crate::tr!("import-already-there", what = dir.join(file).display().to_string()));
                    }
                }
            }
            Place::Archive(a) => {
                let node = ws.node(a.file, &a.entries).map_err(|e| e.to_string())?;
                for ext in ["msh", "wea"] {
                    let entry = format!("{name}.{ext}");
                    if node.0.metas().iter().any(|m| m.name.eq_ignore_ascii_case(&entry)) {
                        return Err(crate::tr!("import-already-there", what = format!("{}::{entry}", items::address(ws, a))));
                    }
                }
            }
        }
        Ok(())
    }

    /// Where the import writes for this name and place.
    pub fn destination(&self, ws: &Workspace) -> Result<Destination, String> {
        let name = self.name.trim().to_string();
        let entry_name = crate::formats::cp1251::encode(&name).filter(|b| !b.is_empty() && b.len() <= crate::import::MAX_NAME).unwrap_or_else(|| b"MODEL".to_vec());
        let (msh_name, wea_name) = (format!("{name}.msh"), format!("{name}.wea"));
        let (model, wea, assets_at, label, wea_label, file) = match self.place().ok_or_else(|| crate::tr!("import-no-place"))? {
            Place::Folder(dir) => {
                let (msh, wea) = (dir.join(&msh_name), dir.join(&wea_name));
                let at = AssetsAt::Path { file: msh.clone(), archive: None };
                (GroupTarget::File(msh.clone()), GroupTarget::File(wea.clone()), at, msh.display().to_string(), wea.display().to_string(), msh)
            }
            Place::Archive(a) => {
                let file = ws.file(a.file).map(|f| f.path.clone()).ok_or_else(|| crate::tr!("import-archive-closed"))?;
                let address = items::address(ws, a);
                let model = GroupTarget::NewEntry { archive: a.clone(), name: msh_name.clone(), type_id: MSH_ENTRY_TYPE, attrs: [0; 3] };
                let wea = GroupTarget::NewEntry { archive: a.clone(), name: wea_name.clone(), type_id: TYPE_WEAR, attrs: plan::WEA_ATTRS };
                let at = AssetsAt::Path { file: file.clone(), archive: Some(a.clone()) };
                (model, wea, at, format!("{address}::{msh_name}"), format!("{address}::{wea_name}"), file)
            }
        };
        let material_lib = find_library(ws, &file, "Material.lib")?;
        let textures_lib = find_library(ws, &file, "Textures.lib")?;
        Ok(Destination { model, assets_at, label, item_name: msh_name, entry_name, wea, wea_label, material_lib, textures_lib })
    }
}

/// The name field and the places, above the rest of the dialog; a change converts again.
pub(super) fn section(ui: &mut Ui, d: &mut ImportDialog, ws: &Workspace) {
    let Some(n) = d.new_model.as_mut() else { return };
    let mut changed = false;
    ui.horizontal(|ui| {
        let label = ui.label(crate::tr!("import-name"));
        changed |= ui.add(egui::TextEdit::singleline(&mut n.name).desired_width(220.0)).labelled_by(label.id).on_hover_text(crate::tr!("import-name-tip")).changed();
    });
    ui.label(RichText::new(crate::tr!("import-goes-into")).strong());

    for (k, (_, label)) in n.places.iter().enumerate() {
        changed |= ui.radio_value(&mut n.chosen, k, label).changed();
    }
    if let Some(p) = &n.problem {
        ui.colored_label(ui.visuals().error_fg_color, p);
    }
    if changed {
        d.new_place(ws);
    }
}
