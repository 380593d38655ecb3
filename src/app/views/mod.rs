//! The views an editor tab shows of any item: the codec's summary, a hex dump, and the raw
//! directory fields.

pub mod fields;
pub mod hex;
pub mod summary;
