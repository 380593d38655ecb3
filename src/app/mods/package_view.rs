//! A `.parkanmod` opened on its own (File ▸ Open, a double-click, the command line, or a drop
//! with no project open): its manifest and its changes. With a game folder open, each change
//! shows, on request, what it changes against the game's item: `doc::diff`'s report of the
//! game's bytes against the package's, in the diff command's words.

use super::ModsState;
use crate::app::cx::PanelCx;
use crate::app::intent::Intent;
use crate::doc::diff::{Options, Report, diff_items};
use crate::doc::mods::change::{Change, Op};
use crate::doc::mods::package::FORMAT_VERSION;
use crate::doc::mods::preview::{game_side, new_side};
use crate::doc::mods::Package;
use crate::doc::mods::package::Source;
use crate::doc::mods::text::{shown, shown_multiline};
use egui::RichText;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// A package opened in its window: read and checked as an install reads it (every member
/// hashed, none held); a change's bytes are read again, for it alone, when its diff is asked
/// for.
pub struct PackageView {
    pub path: PathBuf,
    /// The manifest and the changes, without their bytes.
    pub package: Package,
    /// Per change, the sizes of its members (a merged change's base, then its data).
    pub sizes: Vec<Vec<u64>>,
    /// The diffs asked for, by change index: the lines to show.
    pub diffs: HashMap<usize, Vec<String>>,
}

impl PackageView {
    pub fn open(path: &Path) -> Result<PackageView, String> {
        let (package, mut lazy) = Package::open_lazy(&path.display().to_string(), Source::File(path.to_path_buf())).map_err(|e| e.to_string())?;
        let sizes = (0..package.changes.len()).map(|i| lazy.member_sizes(i)).collect();
        Ok(PackageView { path: path.to_path_buf(), package, sizes, diffs: HashMap::new() })
    }

    /// Change `n` with its bytes (see [`change_of`]).
    pub fn change(&self, n: usize) -> Result<Change, String> {
        change_of(&self.path, &self.package, n)
    }
}

/// Change `n` of `package` (opened from `path`) with its bytes, read from the file again (its
/// members' SHA-256 checked as they are read).
fn change_of(path: &Path, package: &Package, n: usize) -> Result<Change, String> {
    let (pkg, mut lazy) = Package::open_installed(path).map_err(|e| e.to_string())?;
    let same = pkg.changes.get(n).zip(package.changes.get(n)).is_some_and(|(a, b)| a.address() == b.address() && a.op.name() == b.op.name());
    if !same {
        return Err(crate::msg!("mods-package-changed", "{path}: the package changed since it was opened", path = path.display().to_string()).to_string());
    }
    let no_change = || crate::msg!("mods-no-change", "{label}: no change #{i}", label = path.display().to_string(), i = n).to_string();
    lazy.load(&pkg, &[n]).map_err(|e| e.to_string())?.pop().ok_or_else(no_change)
}

/// What a change does, in a few words (its bytes held).
pub fn describe(c: &Change) -> String {
    let sizes = match &c.op {
        Op::Merged { base, data } => vec![base.len() as u64, data.len() as u64],
        op => op.new_bytes().map(|d| vec![d.len() as u64]).unwrap_or_default(),
    };
    describe_sized(c, &sizes)
}

/// What a change does, in a few words, with the sizes of its members given (a merged
/// change's base, then its data): a change read without its bytes.
pub fn describe_sized(c: &Change, sizes: &[u64]) -> String {
    let size = |n: u64| crate::tr!("inspector-bytes", count = n.to_string(), n = n);
    let data = sizes.last().copied().unwrap_or(0);
    match &c.op {
        Op::ReplaceEntry { original, .. } | Op::ReplaceFile { original, .. } => format!("{} -> {}", size(original.size), size(data)),
        Op::AddEntry { .. } | Op::AddFile { .. } => crate::tr!("mods-change-new", size = size(data)),
        Op::RemoveEntry { original } | Op::RemoveFile { original } => crate::tr!("mods-change-removed", size = size(original.size)),
        Op::RenameEntry { to, .. } => crate::tr!("mods-change-renamed", to = to.as_str()),
        Op::Merged { .. } => crate::tr!("mods-change-rows", from = size(sizes.first().copied().unwrap_or(0)), to = size(data)),
    }
}

/// The change against what the game folder has now, as lines.
pub fn diff_lines(game: &Path, c: &Change, readings: crate::formats::readings::Readings) -> Vec<String> {
    let old = game_side(game, c);
    let Some(new) = new_side(c, old.as_ref()) else {
        return vec![match (&c.op, old) {
            (Op::RenameEntry { to, .. }, Some(_)) => crate::tr!("modv-would-rename", address = c.address(), to = to.as_str()),
            (_, Some(g)) => crate::tr!("modv-would-remove", address = c.address(), bytes = crate::tr!("log-bytes-count", n = g.bytes.len())),
            (_, None) => crate::tr!("modv-already-removed", address = c.address()),
        }];
    };
    let Some(old) = old else {
        return vec![crate::tr!("modv-would-add", address = c.address(), bytes = crate::tr!("log-bytes-count", n = new.bytes.len()))];
    };
    let mut report = Report::default();
    diff_items(&c.address(), &old, &new, &Options { stat_only: false, readings }, &mut report);
    if report.is_equal() {
        return vec![crate::tr!("modv-same-bytes")];
    }
    let mut lines = vec![report.summary_with(&crate::app::i18n::messages::message)];
    for ch in &report.changes {
        lines.push(format!("{} {} ({})", ch.kind.label(), ch.path, ch.item));
        lines.extend(ch.details.iter().map(|d| format!("    {}", d.line())));
        lines.extend(ch.context.iter().map(|l| format!("    {l}")));
        if let Some(d) = &ch.damaged {
            lines.push(format!("    {}", crate::tr!("modv-damaged", what = d.to_string())));

        }
    }
    lines
}

/// Each package opened on its own, in its window; what the user asks for goes into `out`.
pub fn show(mods: &mut ModsState, cx: &PanelCx, ctx: &egui::Context, out: &mut Vec<Intent>) {
    let game = cx.folder.map(|v| v.root().to_path_buf());
    // The mods installed in the open game folder, to say when this one is among them.
    let installed: Vec<String> = match &game {
        Some(g) => mods.installed_in(g).as_ref().map(|l| l.iter().map(|m| m.name.clone()).collect()).unwrap_or_default(),
        None => Vec::new(),
    };
    let readings = cx.ws.readings;
    for (i, v) in mods.packages.iter_mut().enumerate() {
        let mut open = true;
        let m = &v.package.meta;
        let title = crate::tr!("mod-view-title", name = shown(&m.name).into_owned(), version = shown(&m.version).into_owned());
        egui::Window::new(title).id(egui::Id::unique(("mod-package", &v.path))).open(&mut open).default_size([620.0, 440.0]).show(ctx, |ui| {
            egui::Grid::new(("mod-manifest", i)).num_columns(2).show(ui, |ui| {
                for (k, val) in [
                    // A package's words, shown with their control characters escaped.
                    (crate::tr!("mod-name"), shown(&m.name).into_owned()),
                    (crate::tr!("mod-version"), shown(&m.version).into_owned()),
                    (crate::tr!("mod-author"), shown(&m.author).into_owned()),
                    (crate::tr!("mod-description"), shown_multiline(&m.description).into_owned()),
                    (crate::tr!("mod-made-with"), shown(&m.tool).into_owned()),
                    (crate::tr!("mod-format-version"), FORMAT_VERSION.to_string()),
                    (crate::tr!("mod-file"), v.path.display().to_string()),
                ] {
                    ui.strong(k);
                    ui.label(val);
                    ui.end_row();
                }
            });
            ui.separator();
            match &game {
                Some(g) => {
                    ui.horizontal(|ui| {
                        ui.label(crate::tr!("mod-view-compared", n = v.package.changes.len(), game = g.display().to_string()));
                        match installed.iter().position(|n| *n == m.name) {
                            Some(at) => {
                                ui.weak(crate::tr!("mod-view-installed", at = at + 1, of = installed.len()));
                            }
                            None => {
                                if ui.button(crate::tr!("mod-view-install")).on_hover_text(crate::tr!("mod-view-install-tip")).clicked() {
                                    out.push(Intent::ModPreview { package: v.path.clone(), force: false, order: None });
                                }
                            }
                        }
                    });
                }
                None => {
                    ui.label(crate::tr!("mod-view-no-game", n = v.package.changes.len()));
                }
            }
            egui::ScrollArea::vertical().id_salt(("mod-changes", i)).auto_shrink([false, true]).show(ui, |ui| {
                for (n, c) in v.package.changes.iter().enumerate() {
                    ui.horizontal(|ui| {
                        ui.label(RichText::new(c.op.name()).monospace());
                        ui.label(c.address());
                        ui.weak(describe_sized(c, v.sizes.get(n).map_or(&[][..], Vec::as_slice)));
                        if let Some(g) = &game {
                            let shown = v.diffs.contains_key(&n);
                            if ui.small_button(if shown { crate::tr!("mod-view-hide-diff") } else { crate::tr!("mod-view-diff") }).on_hover_text(crate::tr!("mod-view-diff-tip")).clicked() {
                                if shown {
                                    v.diffs.remove(&n);
                                } else {
                                    let lines = match change_of(&v.path, &v.package, n) {
                                        Ok(c) => diff_lines(g, &c, readings),
                                        Err(e) => vec![e],
                                    };
                                    v.diffs.insert(n, lines);
                                }
                            }
                        }
                    });
                    if let Some(lines) = v.diffs.get(&n) {
                        for l in lines {
                            ui.label(RichText::new(l).monospace());
                        }
                    }
                }
            });
        });
        if !open {
            out.push(Intent::ModClosePackage(i));
        }
    }
}
