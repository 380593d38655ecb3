//! Every open file checked without being asked, as Check File (F5) checks it, so the
//! Diagnostics panel, the Inspector and the browser's file rows show problems. A file is
//! checked again whenever its document state or the readings change (after each edit, once a
//! drag has ended): a small file at once, a large one in the background on its own worker
//! (`app::worker`), where a newer request replaces one that has not started and an older
//! result is dropped.

use crate::app::worker::Worker;
use crate::doc::check::{FileReport, check_bytes_with};
use crate::doc::node::Node;
use crate::doc::resolve::WorkspaceAssets;
use crate::doc::{FileId, ItemPath, Workspace};
use crate::formats::bytes::SharedBytes;
use crate::formats::readings::Readings;
use std::collections::HashMap;

struct Slot {
    worker: Worker<FileReport>,
    /// The document state and readings the latest request checks.
    asked: (u64, Readings),
}

#[derive(Default)]
pub struct LiveChecks {
    slots: HashMap<FileId, Slot>,
}

impl LiveChecks {
    /// Asks for a check of each open file whose state or readings changed since it was last
    /// asked (not while a drag is merging edits: its end asks once), forgets closed files,
    /// and hands back the reports that arrived.
    pub fn update(&mut self, ws: &Workspace, ctx: &egui::Context) -> Vec<(FileId, FileReport)> {
        self.slots.retain(|id, _| ws.file(*id).is_some());
        let mut inline = Vec::new();
        if !ws.history.is_merging() {
            for f in ws.files() {
                let key = (f.state(), ws.readings);
                if self.slots.get(&f.id).is_some_and(|s| s.asked == key) {
                    continue;
                }
                let slot = self.slots.entry(f.id).or_insert_with(|| {
                    let ctx = ctx.clone();
                    Slot { worker: Worker::new("live-check", move || ctx.request_repaint()), asked: key }
                });
                slot.asked = key;
                // A damaged file is checked as read, not as its salvage reading.
                let root = f.damage.as_ref().map_or_else(|| f.root().clone(), |d| Node::Blob(d.original.clone()));
                let (name, readings) = (f.name(), ws.readings);
                // A level's draw ranges are checked against the level.geom beside it.
                let assets = WorkspaceAssets::for_item(ws, &ItemPath::root(f.id));
                if size(&root) < INLINE_BELOW {
                    // Small files are checked at once: their result shows in the frame after
                    // the edit, with no late repaint.
                    slot.worker.cancel();
                    inline.push((f.id, check(&name, &root, &readings, &assets)));
                } else {
                    slot.worker.request(move || check(&name, &root, &readings, &assets));
                }
            }
        }
        let mut out = inline;
        for (id, slot) in &mut self.slots {
            if let Some(r) = slot.worker.poll() {
                out.push((*id, r));
            }
        }
        out
    }

    /// Whether some check has not reported yet.
    pub fn pending(&self) -> bool {
        self.slots.values().any(|s| s.worker.pending())
    }
}

/// Files smaller than this are checked on the UI thread (well under a millisecond a file for
/// the demo's), larger ones on the file's worker.
const INLINE_BELOW: usize = 1 << 20;

fn size(root: &Node) -> usize {
    match root {
        Node::Blob(b) => b.len(),
        Node::Nres(a) => a.total_size(),
        Node::Rsli(_) => usize::MAX,
    }
}

/// What F5 runs, on the worker: the file written out once (an archive's edits included), then
/// checked.
fn check(name: &str, root: &Node, readings: &Readings, assets: &WorkspaceAssets) -> FileReport {
    let bytes = match root {
        Node::Blob(b) => b.clone(),
        other => SharedBytes::from(other.write()),
    };
    let mut report = check_bytes_with(name, bytes.clone(), readings, &mut ());
    crate::doc::check::check_draws(name, &bytes, assets, &mut report);
    report
}
