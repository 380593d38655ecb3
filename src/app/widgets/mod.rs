//! Widgets more than one view uses.

pub mod timeline;
pub mod toolbar;
