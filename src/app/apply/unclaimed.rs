//! A file the user opened that no editor claims still shows something: one that did not
//! parse opens its hex view at the failing byte with the error above it (or, for an archive
//! with intact rows, its salvage reading in the browser); one in no format the editor knows
//! opens its summary, which says so and shows the first bytes.

use crate::app::StudioApp;
use crate::app::intent::ViewKind;
use crate::doc::node::Node;
use crate::doc::registry::{Item, codec_for};
use crate::doc::{FileId, ItemPath};

impl StudioApp {
    pub(crate) fn show_unclaimed(&mut self, id: FileId) {
        let Some(f) = self.ws.file(id) else { return };
        let root = ItemPath::root(id);
        if let Some(d) = &f.damage {
            if d.salvaged.is_none() {
                let (at, message) = (usize::try_from(d.error.offset).unwrap_or(usize::MAX).min(d.original.len()), {
                    let m = crate::app::i18n::messages::error_message(&d.error);
                    crate::app::i18n::messages::message(&d.describe_with(m))
                });
                self.tabs.open(root, ViewKind::Hex);
                if let Some(i) = self.tabs.active {
                    self.tabs.tabs[i].hex.mark(at, message);
                }
            }
            return;
        }
        let Node::Blob(bytes) = f.root() else { return };
        let item = Item { bytes, name: &f.name(), type_id: None, attrs: [0; 3], readings: &self.ws.readings };
        if codec_for(&item).is_none() {
            self.tabs.open(root, ViewKind::Summary);
        }
    }
}
