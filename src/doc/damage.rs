//! Files that do not parse, opened anyway (the editor's choice, `Workspace::open_damaged`):
//! a damaged NRes archive as its salvage reading (the intact rows, listed and readable), any
//! other as its bytes. Either is read-only: the document keeps the bytes as read and refuses
//! edits, so nothing is ever written from a guess.

use super::node::Node;
use crate::formats::bytes::SharedBytes;
use crate::formats::message::{Message, hex};
use crate::formats::{Diagnostic, Error, nres};
use crate::msg;

/// Why a file opened read-only, and what it was.
#[derive(Clone, Debug)]
pub struct Damage {
    /// The parse error: its offset is in the file's bytes.
    pub error: Error,
    /// The file's bytes as read.
    pub original: SharedBytes,
    /// Entries listed by a salvage reading (`None`: opened as bytes).
    pub salvaged: Option<usize>,
}

impl Damage {
    /// One line for the log and the tab: what failed where, and how the file opened.
    pub fn describe(&self) -> String {
        self.describe_with(self.error.message.clone()).english
    }

    /// [`Damage::describe`] as a message, the parse error's text given (the editor passes it
    /// in its own language).
    pub fn describe_with(&self, error: String) -> Message {
        let at = hex(self.error.offset);
        match self.salvaged {
            Some(n) => msg!(
                "doc-damaged-salvaged",
                "damaged at {at}: {error}; opened read-only as a salvage reading of {n} intact entries",
                at = at,
                error = error,
                n = n
            ),
            None => msg!("doc-damaged-bytes", "damaged at {at}: {error}; opened read-only as bytes", at = at, error = error),
        }
    }
}

/// The root node and diagnostics of a file `Node::parse` refused with `error`.
pub fn read(bytes: SharedBytes, error: Error) -> (Node, Vec<Diagnostic>, Damage) {
    let mut diags = vec![Diagnostic::error(error.offset, error.text())];
    let salvage = if bytes.starts_with(nres::MAGIC) { nres::Archive::salvage(bytes.clone()) } else { None };
    let (root, salvaged) = match salvage {
        Some((a, d)) => {
            diags.extend(d);
            let n = a.len();
            (Node::Nres(a), Some(n))
        }
        None => (Node::Blob(bytes.clone()), None),
    };
    (root, diags, Damage { error, original: bytes, salvaged })
}
