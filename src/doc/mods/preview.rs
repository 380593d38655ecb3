//! What installing a package would do, change by change, before anything is written: the
//! editor's dry-run list. Each row carries the change's outcome (applied, already so, rows
//! merged, or blocked and why) and, when an installed mod changed the same item, which one and
//! whether that is a real conflict (the same rules as `mod conflicts`).
//!
//! Also what the game has now at a change's address, for showing a package's changes as
//! diffs against the game.

use super::apply::{Done, find};
use super::change::Change;
use super::keys::KeyIndex;
use super::journal::Journal;
use super::manage::{InstallOptions, ModError, Verdict, plan, verdict};
use super::package::{Lazy, Meta, Package, Source};
use super::paths::GameFolder;
use crate::doc::diff::Side;
use crate::doc::node::Node;
use crate::formats::bytes::SharedBytes;
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::path::Path;

/// One change of the package and what installing it would do.
#[derive(Debug, Clone)]
pub struct Row {
    pub op: &'static str,
    pub address: String,
    /// What becomes of it, or why it is blocked.
    pub done: Result<Done, crate::formats::message::Message>,
    /// The installed mod that changed the same item (or one holding it) before, or, with
    /// nothing before, after the place this one takes, and the verdict of the two on it.
    pub conflict: Option<(String, Verdict)>,
    /// The mod of `conflict` comes after this one in the order (it was installed with an
    /// earlier place than last).
    pub later: bool,
}

impl Row {
    /// A real conflict: the two mods give the item different bytes.
    pub fn is_conflict(&self) -> bool {
        matches!(self.conflict, Some((_, Verdict::Wins(_))))
    }
}

#[derive(Debug, Clone)]
pub struct Preview {
    pub meta: Meta,
    /// 0-based place in the installed order the mod would take.
    pub position: usize,
    /// The mods installed now, in order.
    pub installed: Vec<String>,
    pub rows: Vec<Row>,
}

impl Preview {
    pub fn blocked(&self) -> usize {
        self.rows.iter().filter(|r| r.done.is_err()).count()
    }

    pub fn conflicts(&self) -> usize {
        self.rows.iter().filter(|r| r.is_conflict()).count()
    }
}

/// The dry run of installing `pkg_bytes` (named `label` in errors) into `game` with `opts`
/// (see [`preview_file`]).
pub fn preview(game: &Path, label: &str, pkg_bytes: Vec<u8>, opts: &InstallOptions) -> Result<Preview, ModError> {
    preview_from(game, label, Source::Bytes(SharedBytes::from(pkg_bytes)), opts)
}

/// The dry run of installing the package file `path` into `game` with `opts`, reading the
/// package as an install does: checked whole with no member held, each file's members read
/// when it is built. A change that an installed mod changes too is read again, with that
/// mod's change (from its copy, holding no member), for the verdict on the two.
pub fn preview_file(game: &Path, path: &Path, opts: &InstallOptions) -> Result<Preview, ModError> {
    preview_from(game, &path.display().to_string(), Source::File(path.to_path_buf()), opts)
}

fn preview_from(game: &Path, label: &str, source: Source, opts: &InstallOptions) -> Result<Preview, ModError> {
    let mut p = plan(game, label, source, &InstallOptions { dry_run: true, ..opts.clone() })?;
    let mut opened: HashMap<u64, (Package, Lazy, KeyIndex)> = HashMap::new();
    let mut rows = Vec::new();
    let by_address: HashMap<String, usize> = p.pkg.changes.iter().enumerate().map(|(i, c)| (c.address(), i)).collect();
    for o in p.outcomes.clone() {
        let mut conflict = None;
        let mut later = false;
        if let Some(&ci) = by_address.get(&o.address) {
            let c = &p.pkg.changes[ci];
            let earlier = p.owner(c).cloned();
            later = earlier.is_none();
            if let Some(m) = earlier.or_else(|| p.later_owner(c).cloned()) {
                let (theirs, lazy, index) = match opened.entry(m.seq) {
                    Entry::Occupied(e) => e.into_mut(),
                    Entry::Vacant(v) => {
                        let (theirs, lazy) = Package::open_installed(&Journal::dir(game).join(&m.package))?;
                        // Its changes by item, the first of several overlapping kept.
                        let mut index = KeyIndex::default();
                        for (k, tc) in theirs.changes.iter().enumerate().rev() {
                            index.insert(&tc.key(), k);
                        }
                        v.insert((theirs, lazy, index))
                    }
                };
                if let Some(k) = index.overlapping(&c.key()).min() {
                    let tc = lazy.load(theirs, &[k])?.pop().ok_or_else(|| ModError::Usage(super::manage::no_change(&m.package, k)))?;
                    let c = p.load(ci)?;
                    // The verdict names the mods; their changes are the two given.
                    let (them, me) = (m.name.as_str(), p.pkg.meta.name.as_str());
                    let v = if later { verdict(&[(0, &c), (1, &tc)], &[me, them]) } else { verdict(&[(0, &tc), (1, &c)], &[them, me]) };
                    conflict = Some((m.name.clone(), v));
                }
            }
        }
        let later = later && conflict.is_some();
        rows.push(Row { op: o.op, address: o.address.clone(), done: o.done.clone(), conflict, later });
    }
    Ok(Preview { meta: p.pkg.meta.clone(), position: p.position, installed: p.installed().iter().map(|m| m.name.clone()).collect(), rows })
}

/// What the game folder has now at a change's item (the file, or the entry through nested
/// archives), as a side of a compare; `None` when it is not there.
pub fn game_side(game: &Path, change: &Change) -> Option<Side> {
    let mut folder = GameFolder::scan(game).ok()?;
    let bytes = SharedBytes::from(std::fs::read(folder.locate(&change.file).ok()?).ok()?);
    let name = change.file.rsplit('/').next().unwrap_or(&change.file).to_string();
    let mut side = Side::file(name, bytes);
    for segment in &change.entry {
        let (node, _) = Node::parse(&side.name, side.bytes.clone()).ok()?;
        let i = find(&node, segment)?;
        let meta = node.meta(i)?;
        side = Side { name: meta.name.clone(), bytes: node.entry_bytes(i).ok()?, type_id: meta.type_id, attrs: meta.attrs };
    }
    Some(side)
}

/// The side a change leaves (its new bytes), for the compare against [`game_side`].
pub fn new_side(change: &Change, game: Option<&Side>) -> Option<Side> {
    use super::change::Op;
    let data = change.op.new_bytes()?.clone();
    let name = change.entry.last().unwrap_or(&change.file).rsplit('/').next().unwrap_or_default().to_string();
    Some(match &change.op {
        Op::AddEntry { type_id, attrs, .. } => Side { name, bytes: data, type_id: Some(*type_id), attrs: *attrs },
        Op::ReplaceEntry { type_id, attrs, .. } => {
            let (t, a) = game.map_or((None, [0; 3]), |g| (g.type_id, g.attrs));
            Side { name, bytes: data, type_id: type_id.or(t), attrs: attrs.unwrap_or(a) }
        }
        _ => match game {
            Some(g) => Side { bytes: data, ..g.clone() },
            None => Side::file(name, data),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doc::mods::change::{Digest, Op};
    use crate::doc::mods::manage::install;

    fn pkg(name: &str, changes: Vec<Change>) -> Vec<u8> {
        Package { meta: Meta { name: name.into(), ..Default::default() }, changes }.to_bytes().unwrap()
    }

    fn replace(file: &str, old: &[u8], new: &[u8]) -> Change {
        Change { file: file.into(), entry: vec![], op: Op::ReplaceFile { data: SharedBytes::from(new.to_vec()), original: Digest::of(old) } }
    }

    #[test]
    fn the_dry_run_marks_what_an_installed_mod_changed() {
        let t = tempfile::tempdir().unwrap();
        let game = t.path();
        std::fs::write(game.join("a.txt"), b"base").unwrap();
        std::fs::write(game.join("b.txt"), b"bee").unwrap();
        let first = t.path().join("first.parkanmod");
        std::fs::write(&first, pkg("First", vec![replace("a.txt", b"base", b"one")])).unwrap();
        install(game, &first, &InstallOptions::default(), &mut |_| false).unwrap();

        let same = pkg("Same", vec![replace("a.txt", b"base", b"one")]);
        let p = preview(game, "same", same, &InstallOptions::default()).unwrap();
        assert_eq!(p.rows.len(), 1);
        assert!(matches!(&p.rows[0].conflict, Some((n, Verdict::Same)) if n == "First"));
        assert_eq!(p.rows[0].done, Ok(Done::AlreadyThere));

        let other = pkg("Other", vec![replace("a.txt", b"base", b"two"), replace("b.txt", b"bee", b"B")]);
        let p = preview(game, "other", other.clone(), &InstallOptions::default()).unwrap();
        assert_eq!((p.blocked(), p.conflicts()), (1, 1));
        assert!(p.rows[0].is_conflict() && p.rows[0].done.is_err());
        assert!(p.rows[1].conflict.is_none() && p.rows[1].done == Ok(Done::Applied));
        assert_eq!(p.installed, ["First"]);
        let forced = preview(game, "other", other, &InstallOptions { force: true, ..Default::default() }).unwrap();
        assert_eq!(forced.blocked(), 0);
        assert_eq!(std::fs::read(game.join("a.txt")).unwrap(), b"one", "a dry run writes nothing");
        // Placed before First, it applies to the clean bytes and First's change wins over it.
        let before = preview(game, "other", pkg("Other", vec![replace("a.txt", b"base", b"two")]), &InstallOptions { order: Some(1), ..Default::default() }).unwrap();
        assert_eq!((before.position, before.blocked(), before.conflicts()), (0, 0, 1));
        assert!(before.rows[0].later);
        assert!(matches!(&before.rows[0].conflict, Some((n, Verdict::Wins(w))) if n == "First" && w == "First"));
    }

    #[test]
    fn the_game_side_of_an_entry_and_of_a_missing_one() {
        let t = tempfile::tempdir().unwrap();
        crate::fixtures::game::write_game(t.path(), &crate::fixtures::game::GameSpec::SMALL).unwrap();
        let bytes = std::fs::read(t.path().join("Material.lib")).unwrap();
        let (node, _) = Node::parse("Material.lib", SharedBytes::from(bytes)).unwrap();
        let name = node.meta(0).unwrap().name;
        let c = Change { file: "MATERIAL.LIB".into(), entry: vec![name.clone()], op: Op::RemoveEntry { original: Digest::of(b"") } };
        let side = game_side(t.path(), &c).unwrap();
        assert_eq!(side.name, name);
        assert_eq!(side.bytes[..], node.entry_bytes(0).unwrap()[..]);
        let missing = Change { entry: vec!["NO SUCH".into()], ..c };
        assert!(game_side(t.path(), &missing).is_none());
    }
}
