//! Mods: a modder's changes to a game folder as one `.parkanmod` package
//! (docs/formats/parkanmod.md), installed over a game folder all-or-nothing with a journal that
//! can take any installed mod out again byte for byte (`docs/cli.md`, "mod").
//!
//! - [`change`]: the change list a package carries (what `create` finds, what `apply` does).
//! - [`package`]: the zip and its manifest, and the trust checks a package passes before any
//!   of it is used.
//! - [`create`]: the change list between a clean folder and a modded one.
//! - [`apply`]: changes applied to one file's bytes, each precondition checked.
//! - [`journal`]: what is installed in a game folder, and the transaction that writes it.
//! - [`lazy`]: a package's members read when a file needs them, each inflated once per command.
//! - `shelf`: the other installed mods' packages a rebuild reads, one file's changes at a time.
//! - [`stage`]: each new file staged as soon as it is built, before the commit point.
//! - `stream`: archives rebuilt on disk from their directory, not read whole; `whole`: whole
//!   files added or replaced, copied from their member, not held.
//! - [`manage`]: install, revert, status and conflicts on top of the above ([`install`]: the
//!   install itself, reading one file's members at a time).
//! - [`order`]: moving an installed mod to another place in the order.
//! - [`preview`]: the dry run change by change, with conflicts marked (the editor's list).

pub mod apply;
pub mod change;
pub mod conflicts;
pub mod create;
mod hand;
pub mod install;
pub mod journal;
pub mod keys;
pub mod lazy;
pub mod manage;
pub mod order;
pub mod package;
pub mod paths;
pub mod preview;
mod shelf;
pub mod stage;
mod stream;
mod whole;
pub mod text;
#[cfg(test)]
mod messages_tests;

pub use change::{Change, Digest, Op};
pub use package::{Meta, Package, PackageError};

/// The kind a merged change (`Op::Merged`: the one op of an edit carried with its base) is
/// merged as, by its item's name: a mission (`.tma`, object by object) or a WEAR table (row by
/// row). The manifest names the op after it: `mission_objects` or `wear_rows`.
pub(crate) fn merge_kind(name: &str) -> crate::doc::kinds::FormatKind {
    use crate::doc::kinds::FormatKind;
    if name.to_ascii_lowercase().ends_with(".tma") { FormatKind::Mission } else { FormatKind::Wear }
}

/// The manifest's name of a merged change of `name` (see [`merge_kind`]).
pub(crate) fn merged_op_name(name: &str) -> &'static str {
    match merge_kind(name) {
        crate::doc::kinds::FormatKind::Mission => "mission_objects",
        _ => "wear_rows",
    }
}

/// A merged change's three-way merge, through its kind's merge capability
/// (`doc::kinds::wear::merge`, `doc::kinds::mission::merge`).
pub(crate) fn merge_rows(name: &str, base: &[u8], ours: &[u8], theirs: &[u8]) -> Result<Vec<u8>, crate::formats::Message> {
    let kind = merge_kind(name);
    match kind.codec().merge() {
        Some(m) => m.merge3(base, ours, theirs),
        None => Err(crate::msg!("mods-kind-no-merge", "items of kind {kind} do not merge", kind = kind.to_string())),
    }
}
