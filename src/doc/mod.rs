//! The one shared in-memory document model: a workspace of open files, each a tree (archive →
//! entries → nested archive or typed item), every change an [`edit::Edit`], one history, atomic
//! lossless saves.

pub mod check;
pub mod damage;
pub mod diff;
pub mod mods;
pub mod items;
pub mod kinds;
pub mod listing;
pub mod edit;
pub mod history;
pub mod node;
pub mod project;
pub mod registry;
pub mod resolve;
pub mod save;
pub mod shift;
pub mod workspace;
pub mod world;

pub use edit::{Edit, EditOp, MergeKey};
pub use shift::{Change, Shift};
pub use node::{EntryMeta, Node};
pub use workspace::{FileId, ItemPath, OpenError, SaveError, Workspace};
