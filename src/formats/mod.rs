//! Byte-level codecs. Each format has a raw layer (records exactly as stored, unknown fields
//! kept) and an interpreted layer, with `parse` and `write`. No files, no UI, no global state.

pub mod bytes;
pub mod cp1251;
pub mod error;
pub mod landmap;
pub mod magic;
pub mod message;
pub mod mat0;
pub mod msh;
pub mod nres;
pub mod objrec;
pub mod pal;
pub mod readings;
pub mod rsli;
pub mod texm;
pub mod tfnt;
pub mod tma;
pub mod unit_dat;
pub mod wav;
pub mod wear;
pub mod xray_geom;
pub mod xray_level;

pub use error::{Diagnostic, Error, Result, Severity};
pub use message::Message;

/// Four ASCII bytes read as a little-endian `u32`, the way resource type ids are stored.
pub const fn fourcc(s: &[u8; 4]) -> u32 {
    u32::from_le_bytes(*s)
}

pub const TYPE_MAT0: u32 = fourcc(b"MAT0");
pub const TYPE_WEAR: u32 = fourcc(b"WEAR");
pub const TYPE_TEXM: u32 = fourcc(b"Texm");
pub const TYPE_PAGE: u32 = fourcc(b"Page");
