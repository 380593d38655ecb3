//! The workspace against the files on disk: what Save would write that the disk does not have
//! yet ("Unsaved changes"), for every dirty file or for one item ("Compare with saved").

use super::{Change, Kind, Options, Report, Side, diff_items};
use crate::doc::{ItemPath, Workspace, items};
use crate::formats::bytes::SharedBytes;

/// Every dirty open file as Save would write it (B) against its file on disk (A), paths
/// starting with the file's name. A file that is not on disk (or cannot be read) is added.
pub fn unsaved(ws: &Workspace, opts: &Options) -> Report {
    let mut report = Report::default();
    let dirty: Vec<_> = ws.files().iter().filter(|f| f.is_dirty()).collect();
    let labels = super::sides::distinct_labels(&dirty.iter().map(|f| f.path.as_path()).collect::<Vec<_>>());
    for (f, label) in dirty.iter().zip(labels) {
        file_against_disk(ws, ItemPath::root(f.id), &label, opts, &mut report);
    }
    report
}

/// One item's unsaved changes: the changes of its file that lie at or inside it.
pub fn against_saved(ws: &Workspace, path: &ItemPath, opts: &Options) -> Report {
    let mut report = Report::default();
    let name = ws.file(path.file).map(|f| f.name()).unwrap_or_default();
    file_against_disk(ws, ItemPath::root(path.file), &name, opts, &mut report);
    if path.entries.is_empty() {
        return report;
    }
    let at = items::address(ws, path);
    let inside = format!("{at}::");
    report.changes.retain(|c| c.path == at || c.path.starts_with(&inside));
    report
}

/// `root`'s file against its file on disk, every change's path starting with `label`.
fn file_against_disk(ws: &Workspace, root: ItemPath, label: &str, opts: &Options, report: &mut Report) {
    let Some(f) = ws.file(root.file) else { return };
    let name = f.name();
    let now = match ws.item_bytes(&root) {
        Ok(b) => b,
        Err(e) => {
            let mut c = Change::new(label, Kind::Changed, crate::doc::kinds::ItemKind::File);
            c.damaged = Some(format!("b: {e}"));
            report.changes.push(c);
            return;
        }
    };
    match std::fs::read(&f.path) {
        Ok(disk) => diff_items(label, &Side::file(name.clone(), SharedBytes::from(disk)), &Side::file(name.clone(), now), opts, report),
        Err(_) => {
            let mut c = Change::new(label, Kind::Added, super::item_kind(&Side::file(name, now.clone()), &opts.readings));
            c.new_size = Some(now.len() as u64);
            report.changes.push(c);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::nres as fx;

    #[test]
    fn dirty_files_against_disk_and_one_item_against_saved() {
        let d = tempfile::tempdir().unwrap();
        let (pa, pb) = (d.path().join("a.lib"), d.path().join("b.lib"));
        std::fs::write(&pa, fx::simple()).unwrap();
        std::fs::write(&pb, fx::simple()).unwrap();
        let mut ws = Workspace::new();
        let a = ws.open(&pa).unwrap();
        let b = ws.open(&pb).unwrap();
        let opts = Options::default();
        assert!(unsaved(&ws, &opts).is_equal(), "nothing dirty, nothing read");
        ws.apply(items::rename(&ItemPath::root(a).child(0), "IRON").unwrap()).unwrap();
        ws.apply(items::replace(&ItemPath::root(a).child(1), SharedBytes::from(vec![1, 2, 3]))).unwrap();
        ws.apply(items::delete(&[ItemPath::root(b).child(4)]).remove(0)).unwrap();
        let r = unsaved(&ws, &opts);
        let got: Vec<(Kind, &str)> = r.changes.iter().map(|c| (c.kind, c.path.as_str())).collect();
        assert_eq!(got, [(Kind::Renamed, "a.lib::IRON"), (Kind::Changed, "a.lib::brick.0"), (Kind::Removed, "b.lib::alpha")]);
        // One entry: only its own change.
        let one = against_saved(&ws, &ItemPath::root(a).child(1), &opts);
        assert_eq!(one.changes.len(), 1);
        assert_eq!(one.changes[0].path, "a.lib::brick.0");
        // Saved: nothing left.
        ws.save(a, false).unwrap();
        ws.save(b, false).unwrap();
        assert!(unsaved(&ws, &opts).is_equal());
    }
}
