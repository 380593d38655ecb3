//! Files built on disk, not in memory (docs/formats/parkanmod.md, "Limits"). A game file, a
//! snapshot or a file built by an earlier step is a [`Body`] on disk; entry changes of an
//! archive read only its directory (NRes:
//! [`parse_directory`](crate::formats::nres::Archive::parse_directory); RsLi: the table,
//! [`parse_table`](crate::formats::rsli::Archive::parse_table)) and the payloads the changes
//! name, and the rebuilt archive is written straight into a file of the command's staging
//! folder ([`Scratch`]): entries no change touches are copied from the source file by byte
//! range, new bytes written from the member, the directory after them. An NRes entry a change
//! names is hashed in the file for its checks, not loaded, and its new payload is copied from
//! its member ([`Feed`]) when the writer reaches it: memory is then a constant, not the file
//! nor the items. RsLi, whose table comes before the data and needs every packed size, packs
//! each new payload ahead ([`prepack`]) into a file of the stage as it streams from its member
//! ([`Packer`](crate::formats::rsli::Packer)), which the writer copies; an RsLi entry a change
//! names is unpacked as it is hashed ([`unpack_range`]). An xor payload whose key the new
//! lookup table changes is re-keyed as it is copied, not loaded. Memory is a constant there
//! too. A nested archive the changes edit is rebuilt the same way, to any depth, from its
//! holder's bytes (a [`Window`] on their range of the file, or an RsLi holder packed otherwise
//! unpacked into a file of the stage), into a file of the stage its holder's entry is then
//! copied from ([`nested`]). A merged table holds the items it changes, and so does a nested
//! archive that cannot be read so (named twice, or damaged). The bytes are those [`apply_file`]
//! gives for the whole file in memory.
//!
//! Whole-file adds, replaces and removes stream ([`super::whole`]). Entry changes of a file
//! that is no archive by its first bytes, or an archive whose directory does not read, are
//! blocked or skipped without reading it ([`read_directory`] gives the whole reading's error).
//! Merged tables take the in-memory way. What was changed by hand in an archive is found entry
//! by entry in the files (`hand`).

mod body;
mod directory;
mod nested;
mod prepack;
mod ranges;

pub(super) use body::{Body, OnDisk, Scratch, named};
pub(super) use directory::open_directory;
pub(super) use ranges::{Feed, Hashing, Held, Packed, copy_range, digest_of, read_range, unpack_range};

use super::apply::{Fed, Names, Outcome, apply_archive, apply_file};
use super::change::{Change, Digest, Op};
use crate::doc::node::Node;
use crate::formats::bytes::Span;
use directory::{hash_named, load_named, read_directory};
use nested::{Window, measure};
use prepack::prepack;
use std::collections::HashMap;
use std::fs::File;
use std::io::{self, Write};

/// `changes` with the bytes of those `fed` names read from `feed` (`None`: none is fed).
fn held(changes: &[&Change], fed: &[Option<Fed>], feed: &mut dyn Feed) -> io::Result<Option<Vec<Change>>> {
    if fed.iter().all(Option::is_none) {
        return Ok(None);
    }
    let mut out = Vec::with_capacity(changes.len());
    for (k, c) in changes.iter().enumerate() {
        let mut c = (*c).clone();
        if let Some(f) = fed.get(k).and_then(Option::as_ref) {
            let bytes = feed.load(f.id)?;
            match &mut c.op {
                Op::ReplaceEntry { data, .. } | Op::AddEntry { data, .. } | Op::AddFile { data } | Op::ReplaceFile { data, .. } | Op::Merged { data, .. } => *data = bytes,
                Op::RemoveEntry { .. } | Op::RenameEntry { .. } | Op::RemoveFile { .. } => {}
            }
        }
        out.push(c);
    }
    Ok(Some(out))
}

/// `changes` (all of one file) applied to `body`, as [`apply_file`] applies them: an archive
/// on disk changed entry by entry is rebuilt into `scratch` from its directory and the
/// payloads the changes name ([`rebuild`]); anything else in memory. A change whose `fed` (by
/// position) is given holds no new bytes: they are copied from `feed` as the archive is written
/// (RsLi: packed ahead as it streams, [`prepack`]; read whole for a file built in memory). The
/// new bytes, or `None` when they are `body`'s.
pub(super) fn apply_body(body: &Body, file: &str, changes: &[&Change], fed: &[Option<Fed>], force: bool, scratch: &mut Scratch, feed: &mut dyn Feed) -> io::Result<(Option<Body>, Vec<Outcome>)> {
    let first_fed = fed.first().and_then(Option::as_ref);
    if let [c] = changes
        && super::whole::streams(c, first_fed)
    {
        return super::whole::apply(body, c, first_fed, force, scratch, feed);
    }
    // An archive is rebuilt from its directory. A file that is no archive by its first bytes
    // (all `Node::parse` decides it by), or an archive whose header or directory does not read
    // (the error the whole file's reading gives), is left as it is, its changes blocked or
    // skipped, as in memory; neither it nor their members are read.
    if let Body::Disk(d) = body
        && !changes.is_empty()
        && changes.iter().all(|c| !c.entry.is_empty())
        && usize::try_from(d.len).is_ok()
    {
        let mut from = Window::open(&d.path, 0, d.len)?;
        let read = read_directory(&mut from, &d.path, d.len)?;
        match read {
            Some(Ok(node)) => {
                let keep = !scratch.discard;
                let (built, outcomes) = rebuild_node(node, &mut from, changes, fed, force, keep, scratch, feed)?;
                let body = built.map(|b| match b {
                    Built::File(f) => Body::Disk(f),
                    Built::Len(_) => Body::Built,
                });
                return Ok((body, outcomes));
            }
            Some(Err(e)) => return Ok((None, super::apply::unreadable_outcomes(file, &e, changes, force))),
            // (Not `NRes`, nor `NL` and 32 bytes or more.)
            None => return Ok((None, super::apply::not_archive_outcomes(file, changes, force))),
        }
    }
    let loaded = held(changes, fed, feed)?;
    let refs: Vec<&Change> = loaded.as_ref().map(|l| l.iter().collect()).unwrap_or_else(|| changes.to_vec());
    let r = apply_file(body.load()?, file, &refs, force);
    Ok((Some(r.bytes.map_or(Body::Absent, Body::Mem)), r.outcomes))
}

/// An archive [`rebuild`] changed: written into a file of the scratch, or (`keep` not asked:
/// a dry run's) only measured.
enum Built {
    File(OnDisk),
    Len(u64),
}

/// `changes` (their entry paths relative to it) applied to the archive in `from`, rebuilt from
/// its directory and the payloads the changes name: `None` when it does not read as an archive
/// by its directory; else the rebuilt archive (`None`: unchanged) and each change's outcome.
/// The nested archives the changes edit are rebuilt the same way first, each from its holder's
/// bytes, into a file the holder's new payload is copied from ([`nested::holders`]).
fn rebuild(from: &mut Window, changes: &[&Change], fed: &[Option<Fed>], force: bool, keep: bool, scratch: &mut Scratch, feed: &mut dyn Feed) -> io::Result<Option<(Option<Built>, Vec<Outcome>)>> {
    let path = from.path.clone();
    let Some(node) = open_directory(from, &path, from.len)? else { return Ok(None) };
    rebuild_node(node, from, changes, fed, force, keep, scratch, feed).map(Some)
}

/// [`rebuild`] of the archive `node`, the directory-only reading of `from`.
#[allow(clippy::too_many_arguments, reason = "rebuild's arguments and the reading it made")]
fn rebuild_node(mut node: Node, from: &mut Window, changes: &[&Change], fed: &[Option<Fed>], force: bool, keep: bool, scratch: &mut Scratch, feed: &mut dyn Feed) -> io::Result<(Option<Built>, Vec<Outcome>)> {
    let path = from.path.clone();
    let nest = nested::holders(&mut node, from, changes, fed, force, scratch, feed)?;
    // A nested archive rebuilt on its own has its changes' payloads copied there, not here.
    let fed: Vec<Option<Fed>> = fed.iter().enumerate().map(|(k, f)| f.clone().filter(|_| !nest.streamed.get(k).copied().unwrap_or(false))).collect();
    // RsLi packs each new payload before its table: the fed ones are packed ahead into
    // files of the stage, one at a time, or (a nested change) read.
    let mut packs = prepack(&mut node, changes, &fed, feed, scratch)?;
    // A change inside a nested archive rebuilt in memory with its holder has its bytes read.
    for (k, c) in changes.iter().enumerate() {
        if c.entry.len() > 1
            && let Some(f) = packs.fed.get_mut(k).and_then(Option::take)
        {
            packs.read[k] = Some(f);
        }
    }
    packs.files.extend(nest.files);
    let loaded = held(changes, &packs.read, feed)?;
    let refs: Vec<&Change> = loaded.as_ref().map(|l| l.iter().collect()).unwrap_or_else(|| changes.to_vec());
    let fed = &packs.fed[..];
    let names = Names::of(&node);
    let seen = hash_named(&node, &names, from, &path, &refs)?;
    // The holders rebuilt on their own are not loaded; those rebuilt in memory are, even where
    // a change of the holder itself had it hashed.
    let here: Vec<&Change> = refs.iter().enumerate().filter(|(k, _)| !nest.streamed.get(*k).copied().unwrap_or(false)).map(|(_, c)| *c).collect();
    let holders: std::collections::HashSet<usize> = here.iter().filter(|c| c.entry.len() > 1).filter_map(|c| names.find(&c.entry[0])).filter(|i| seen.contains_key(i)).collect();
    let unseen: HashMap<usize, Digest>;
    let for_load = if holders.is_empty() {
        &seen
    } else {
        unseen = seen.iter().filter(|(i, _)| !holders.contains(i)).map(|(i, d)| (*i, d.clone())).collect();
        &unseen
    };
    load_named(&mut node, &names, for_load, from, &path, &here)?;
    drop(names);
    let mut outcomes = Vec::new();
    if !apply_archive(&mut node, &refs, fed, &seen, nest.pre, force, &mut outcomes) {
        return Ok((None, outcomes));
    }
    if !keep {
        return Ok((Some(Built::Len(measure(&node)?)), outcomes));
    }
    let (p, f) = scratch.create()?;
    let mut w = Hashing::new(io::BufWriter::with_capacity(1 << 16, f));
    let src = path;
    let written = node
        .write_streamed(&mut w, &mut |span, w| match span {
            Span::File(r) => copy_range(from, &src, r, w),
            Span::Source { id, len } => match packs.files.get(&id) {
                Some(p) => copy_range(&mut File::open(&p.path).map_err(|e| named(&p.path, e))?, &p.path, 0..len, w),
                None => feed.copy(id, w),
            },
        })
        .and_then(|_| w.flush());
    let (_, Digest { size: n, sha256: sha }) = w.finish();
    let built = OnDisk { path: p, len: n, sha: Some(sha), scratch: true };
    written.map_err(|e| if e.kind() == io::ErrorKind::InvalidData { e } else { named(&built.path, e) })?;
    Ok((Some(Built::File(built)), outcomes))
}

#[cfg(test)]
mod tests;
