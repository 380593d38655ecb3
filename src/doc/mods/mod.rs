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
//! - [`stage`]: each new file staged as soon as it is built, before the commit point.
//! - [`manage`]: install, revert, status and conflicts on top of the above ([`install`]: the
//!   install itself, reading one file's members at a time).
//! - [`order`]: moving an installed mod to another place in the order.
//! - [`preview`]: the dry run change by change, with conflicts marked (the editor's list).

pub mod apply;
pub mod change;
pub mod conflicts;
pub mod create;
pub mod install;
pub mod journal;
pub mod keys;
pub mod manage;
pub mod order;
pub mod package;
pub mod paths;
pub mod preview;
pub mod stage;
pub mod text;

pub use change::{Change, Digest, Op};
pub use package::{Meta, Package, PackageError};

/// A `wear_rows` change's three-way merge, through the WEAR kind's merge capability
/// (`doc::kinds::wear::merge`).
pub(crate) fn merge_rows(base: &[u8], ours: &[u8], theirs: &[u8]) -> Result<Vec<u8>, String> {
    use crate::doc::kinds::FormatKind;
    match FormatKind::Wear.codec().merge() {
        Some(m) => m.merge3(base, ours, theirs),
        None => Err("WEAR tables do not merge".into()),
    }
}
