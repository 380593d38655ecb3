//! The one shared in-memory document model: a workspace of open files, each a tree (archive →
//! entries → nested archive or typed item), every change an [`edit::Edit`], one history, atomic
//! lossless saves.

pub mod codecs;
pub mod registry;
