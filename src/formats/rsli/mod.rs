//! RsLi archives (`"NL"` magic; docs/formats/rsli.md): a 32-byte header, a table of 32-byte
//! rows encrypted as one XOR stream, packed payloads in seven storage methods, and an optional
//! `"AO"` overlay trailer.
//!
//! Layers: [`Row`] is a row exactly as stored (decrypted), the header is kept whole, and the
//! data region is kept as byte chunks, so an untouched archive writes back byte-identically.
//! [`Archive::unpack`] is the interpreted view of a payload.
//!
//! Decisions where the spec leaves room:
//! - Mismatched duplicate counts (+4, +6): a warning; the first count is used, as the loaders
//!   read only it. A save writes both.
//! - The xor key is the row's lookup value ([`Archive::xor_key`], the one place), which for a
//!   table not flagged presorted is the value the loader rebuilds.
//! - `add`, `remove`, `rename` rebuild the lookup table into every row's `sort_to_original`
//!   whether or not the table is flagged presorted, and keep the flag as it is: a loader that
//!   sorts by itself gets the same table, so the xor keys agree either way. Rows keep their
//!   positions (new rows are appended); only the lookup values change.
//! - Payload ranges must lie between the end of the table and the AO trailer; an empty entry
//!   may point into the header or table (its offset is then kept verbatim).

mod archive;
mod batch;
pub mod cipher;
mod edit;
pub mod lzhuf;
pub mod lzss;
mod matcher;
mod method;
mod parse;
mod row;
pub mod stream;
mod validate;
mod write;

pub use archive::{Archive, MAX_ENTRIES, PRESORTED, PackedEntry, Prepacked, rebuilt_order};
pub use batch::Batch;
pub use method::{METHOD_MASK, Method, pack, unpack};
pub use row::{NAME_LEN, ROW_SIZE, Row};
pub use stream::{Packer, unpack_into};

#[cfg(test)]
mod batch_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod stream_tests;
