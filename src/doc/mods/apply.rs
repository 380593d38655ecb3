//! Carrying out changes on one file's bytes. Every change that presupposes an original checks
//! it (size and SHA-256) first; one that finds something else is *blocked*, and with `force`
//! it writes anyway (the later mod wins) and says so. Nothing here touches the disk.

use super::change::{Change, Digest, Op};
use super::merge_rows as merge3;
use crate::doc::node::Node;
use crate::formats::bytes::{NewBytes, SharedBytes};
use crate::formats::message::Message;
use crate::formats::{cp1251, nres};
use crate::msg;
use std::collections::HashMap;

/// What became of one change.
#[derive(Debug, Clone, PartialEq)]
pub enum Done {
    Applied,
    /// The item already is as the change leaves it.
    AlreadyThere,
    /// WEAR rows merged with other edits of the table.
    Merged,
    /// The precondition failed and `force` wrote anyway: why it failed.
    Overrode(Message),
    /// Could not be carried out even with `force` (its entry is gone): why.
    Skipped(Message),
}

/// One change's address and what became of it, or why it is blocked.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    pub address: String,
    pub op: &'static str,
    pub done: Result<Done, Message>,
}

/// A file after its changes: its new bytes (`None`: removed) and each change's outcome.
#[derive(Debug, Clone)]
pub struct FileResult {
    pub bytes: Option<SharedBytes>,
    pub outcomes: Vec<Outcome>,
}

impl FileResult {
    pub fn blocked(&self) -> impl Iterator<Item = (&str, &str)> {
        self.outcomes.iter().filter_map(|o| o.done.as_ref().err().map(|w| (o.address.as_str(), w.as_str())))
    }
}

/// Precondition failures: blocked, or overridden with `force`.
fn refuse(force: bool, why: Message) -> Result<Done, Message> {
    if force { Ok(Done::Overrode(why)) } else { Err(why) }
}

fn short(sha: &str) -> &str {
    &sha[..sha.len().min(12)]
}

fn mismatch(what: &str, expected: &Digest, found: &Seen) -> Message {
    msg!(
        "mods-apply-mismatch",
        "{what} is not the original this change was made against (expected {size} bytes, SHA-256 {sha}…; found {found_size} bytes, {found_sha}…)",
        what = what,
        size = expected.size,
        sha = short(&expected.sha256),
        found_size = found.size(),
        found_sha = short(&found.sha()).to_string()
    )
}

fn no_file(file: &str) -> Message {
    msg!("mods-apply-no-file", "{file} does not exist", file = file)
}

/// A change's new bytes not held: source `id` of the [`Feed`](super::stream::Feed) it is
/// applied with, of this size and SHA-256 (the manifest's, checked as the bytes are copied).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Fed {
    pub id: u32,
    pub digest: Digest,
}

/// Bytes as a check sees them: held, or their size and SHA-256 alone (an entry a streamed
/// rebuild hashed in its file, a new payload not held).
pub(super) enum Seen {
    Bytes(SharedBytes),
    Digest(Digest),
}

impl Seen {
    fn size(&self) -> u64 {
        match self {
            Seen::Bytes(b) => b.len() as u64,
            Seen::Digest(d) => d.size,
        }
    }
    fn sha(&self) -> String {
        match self {
            Seen::Bytes(b) => super::change::sha256_hex(b),
            Seen::Digest(d) => d.sha256.clone(),
        }
    }
    /// Whether these are the bytes `d` describes.
    fn matches(&self, d: &Digest) -> bool {
        match self {
            Seen::Bytes(b) => d.matches(b),
            Seen::Digest(x) => x.size == d.size && x.sha256.eq_ignore_ascii_case(&d.sha256),
        }
    }
    /// Whether both are the same bytes (digests compared where either is not held).
    fn same(&self, other: &Seen) -> bool {
        match (self, other) {
            (Seen::Bytes(a), Seen::Bytes(b)) => a[..] == b[..],
            (a, Seen::Digest(d)) | (Seen::Digest(d), a) => a.matches(d),
        }
    }
}

/// Applies `changes` (all of one file) to its current bytes (`None`: the file does not
/// exist). The changes' `entry` paths are relative to the file.
pub fn apply_file(current: Option<SharedBytes>, file: &str, changes: &[&Change], force: bool) -> FileResult {
    let mut outcomes = Vec::new();
    let whole: Vec<&&Change> = changes.iter().filter(|c| c.entry.is_empty()).collect();
    if let Some(c) = whole.first() {
        // A package never has a whole-file change and other changes of that file (see
        // package::check_overlaps), so this is the only change.
        let (bytes, done) = whole_file(current, c, force);
        outcomes.push(Outcome { address: c.address(), op: c.op_name(), done });
        return FileResult { bytes, outcomes };
    }
    let Some(cur) = current else {
        for c in changes {
            let why = no_file(file);
            outcomes.push(Outcome { address: c.address(), op: c.op_name(), done: if force { Ok(Done::Skipped(why)) } else { Err(why) } });
        }
        return FileResult { bytes: None, outcomes };
    };
    let mut node = match Node::parse(file, cur.clone()) {
        Ok((n, _)) if n.is_archive() => n,
        Ok(_) => return all_blocked(changes, not_archive(file), force, Some(cur)),
        Err(e) => return all_blocked(changes, unreadable(file, &e), force, Some(cur)),
    };
    let changed = apply_archive(&mut node, changes, &[], &HashMap::new(), HashMap::new(), force, &mut outcomes);
    let bytes = if changed { SharedBytes::from(node.write()) } else { cur };
    FileResult { bytes: Some(bytes), outcomes }
}

/// Applies entry changes (all of one file) to the archive `node`; true when it changed. A
/// directory-only reading (`stream`) has the payloads the changes name loaded first, or their
/// digests in `seen` (by index: the entries a change of `node` itself names); a change whose
/// `fed` is given (by position in `changes`) holds no new bytes, and its entry is written from
/// that source. The nested archives in `pre` (by the group key of their changes, the first
/// entry-path element in ASCII lower case) were rebuilt already (`stream::nested`): their
/// outcomes and new bytes go into the batch where the group's in-memory rebuild would put them.
pub(super) fn apply_archive(node: &mut Node, changes: &[&Change], fed: &[Option<Fed>], seen: &HashMap<usize, Digest>, mut pre: HashMap<String, Prebuilt>, force: bool, outcomes: &mut Vec<Outcome>) -> bool {
    let list: Vec<Located> = changes.iter().enumerate().map(|(k, c)| (&c.entry[..], *c, fed.get(k).and_then(Option::as_ref))).collect();
    apply_in(node, &list, seen, &mut pre, force, outcomes)
}

/// A nested archive rebuilt apart from its holder (a streamed rebuild writes it into a file of
/// its own): the holder's index, the outcomes of the changes inside it, and its new bytes when
/// they changed (`None`: it stays as it is).
#[derive(Debug)]
pub(super) struct Prebuilt {
    pub index: usize,
    pub outcomes: Vec<Outcome>,
    pub bytes: Option<NewBytes>,
}

/// The outcomes of entry `changes` of `file` when it is no archive (`apply_file`'s), found
/// without reading it.
pub(super) fn not_archive_outcomes(file: &str, changes: &[&Change], force: bool) -> Vec<Outcome> {
    all_blocked(changes, not_archive(file), force, None).outcomes
}

/// The outcomes of entry `changes` of `file` when it is an archive that does not read (`e`):
/// `apply_file`'s, found from its directory alone.
pub(super) fn unreadable_outcomes(file: &str, e: &crate::formats::Error, changes: &[&Change], force: bool) -> Vec<Outcome> {
    all_blocked(changes, unreadable(file, e), force, None).outcomes
}

fn unreadable(file: &str, e: &crate::formats::Error) -> Message {
    msg!("mods-apply-unreadable", "{file} does not read as an archive: {error}", file = file, error = e)
}

fn not_archive(file: &str) -> Message {
    msg!("mods-apply-not-archive", "{file} is not an archive", file = file)
}

fn all_blocked(changes: &[&Change], why: Message, force: bool, keep: Option<SharedBytes>) -> FileResult {
    let outcomes = changes
        .iter()
        .map(|c| Outcome { address: c.address(), op: c.op_name(), done: if force { Ok(Done::Skipped(why.clone())) } else { Err(why.clone()) } })
        .collect();
    FileResult { bytes: keep, outcomes }
}

/// What a whole-file add, replace or remove leaves in place.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Leaves {
    Current,
    New,
    Absent,
}

/// The outcome of a whole-file add, replace or remove (not a merge) of `name`, whose current
/// bytes are `cur` (`None`: absent) and new bytes `new`, each held or as a digest: the one
/// decision both the in-memory way and the streamed one ([`super::whole`]) take.
pub(super) fn whole_outcome(op: &Op, name: &str, cur: Option<&Seen>, new: Option<&Seen>, force: bool) -> (Leaves, Result<Done, Message>) {
    let same = |cur: &Seen| new.is_some_and(|n| cur.same(n));
    let or_keep = |d: Result<Done, Message>, keep: Leaves| (if d.is_ok() { Leaves::New } else { keep }, d);
    match (op, cur) {
        (Op::AddFile { .. }, None) => (Leaves::New, Ok(Done::Applied)),
        (Op::AddFile { .. } | Op::ReplaceFile { .. }, Some(cur)) if same(cur) => (Leaves::Current, Ok(Done::AlreadyThere)),
        (Op::AddFile { .. }, Some(_)) => or_keep(refuse(force, msg!("mods-apply-file-exists", "{name} already exists (the mod adds it)", name = name)), Leaves::Current),
        (Op::ReplaceFile { original, .. }, Some(cur)) => {
            let d = if cur.matches(original) { Ok(Done::Applied) } else { refuse(force, mismatch(name, original, cur)) };
            or_keep(d, Leaves::Current)
        }
        (Op::ReplaceFile { .. }, None) => or_keep(refuse(force, no_file(name)), Leaves::Absent),
        (Op::RemoveFile { .. }, None) => (Leaves::Absent, Ok(Done::AlreadyThere)),
        (Op::RemoveFile { original }, Some(cur)) => {
            let d = if cur.matches(original) { Ok(Done::Applied) } else { refuse(force, mismatch(name, original, cur)) };
            (if d.is_ok() { Leaves::Absent } else { Leaves::Current }, d)
        }
        (op, _) => (Leaves::Current, Err(msg!("mods-apply-not-whole-file", "{op} is not a whole-file change", op = op.name()))),
    }
}

fn whole_file(current: Option<SharedBytes>, c: &Change, force: bool) -> (Option<SharedBytes>, Result<Done, Message>) {
    let name = &c.file;
    match (&c.op, current) {
        (Op::Merged { base, data }, Some(cur)) => {
            let (bytes, d) = wear(&cur, base, data, name, force);
            (Some(bytes.map(SharedBytes::from).unwrap_or(cur)), d)
        }
        (Op::Merged { .. }, None) => {
            let why = no_file(name);
            (None, if force { Ok(Done::Skipped(why)) } else { Err(why) })
        }
        (op, cur) => {
            let data = match op {
                Op::AddFile { data } | Op::ReplaceFile { data, .. } => Some(data.clone()),
                _ => None,
            };
            let seen = cur.clone().map(Seen::Bytes);
            let (leaves, d) = whole_outcome(op, name, seen.as_ref(), data.clone().map(Seen::Bytes).as_ref(), force);
            let bytes = match leaves {
                Leaves::Current => cur,
                Leaves::New => data,
                Leaves::Absent => None,
            };
            (bytes, d)
        }
    }
}

/// The new text of a WEAR table (`None`: unchanged).
fn wear(cur: &[u8], base: &[u8], data: &[u8], what: &str, force: bool) -> (Option<Vec<u8>>, Result<Done, Message>) {
    if cur == data {
        return (None, Ok(Done::AlreadyThere));
    }
    if cur == base {
        return (Some(data.to_vec()), Ok(Done::Applied));
    }
    match merge3(what, base, cur, data) {
        Ok(m) => (Some(m), Ok(Done::Merged)),
        Err(conflict) => {
            let why = if super::merge_kind(what) == crate::doc::kinds::FormatKind::Mission {
                msg!("mods-apply-objects-changed", "{what}: its objects were changed since the base: {conflict}", what = what, conflict = conflict)
            } else {
                msg!("mods-apply-rows-changed", "{what}: its rows were changed since the base: {conflict}", what = what, conflict = conflict)
            };
            let d = refuse(force, why);
            (d.is_ok().then(|| data.to_vec()), d)
        }
    }
}

/// The index of the entry a path segment names: `#N`, or the first name equal to it ASCII
/// case-insensitively (stored names are CP1251).
pub fn find(node: &Node, segment: &str) -> Option<usize> {
    if let Some(n) = segment.strip_prefix('#') {
        return n.parse::<usize>().ok().filter(|&i| i < node.len());
    }
    let want = cp1251::encode(segment)?;
    (0..node.len()).find(|&i| node.meta(i).is_some_and(|m| m.name_bytes.eq_ignore_ascii_case(&want)))
}

/// The key of the changes inside one nested archive: the first element of their entry path
/// (relative to the archive that holds it) in ASCII lower case.
pub(super) fn group_key(segment: &str) -> String {
    segment.to_ascii_lowercase()
}

/// A change, its entry path relative to the node it is being applied in, and the source of its
/// new bytes when they are not held.
type Located<'a> = (&'a [String], &'a Change, Option<&'a Fed>);

/// An archive's entries by ASCII-lower-cased name, each name's indices in order, kept current
/// through renames: [`find`] in constant time, so a mod's thousands of changes of one archive
/// cost linear time, not changes × entries.
pub(super) struct Names {
    len: usize,
    by: HashMap<Vec<u8>, Vec<usize>>,
    name: Vec<Vec<u8>>,
}

impl Names {
    pub(super) fn of(node: &Node) -> Names {
        let name: Vec<Vec<u8>> = (0..node.len()).map(|i| node.meta(i).map(|m| m.name_bytes.to_ascii_lowercase()).unwrap_or_default()).collect();
        let mut by: HashMap<Vec<u8>, Vec<usize>> = HashMap::with_capacity(name.len());
        for (i, n) in name.iter().enumerate() {
            by.entry(n.clone()).or_default().push(i);
        }
        Names { len: name.len(), by, name }
    }

    /// As [`find`].
    pub(super) fn find(&self, segment: &str) -> Option<usize> {
        if let Some(n) = segment.strip_prefix('#') {
            return n.parse::<usize>().ok().filter(|&i| i < self.len);
        }
        let want = cp1251::encode(segment)?.to_ascii_lowercase();
        self.by.get(&want).and_then(|v| v.first().copied())
    }

    fn rename(&mut self, i: usize, to: &[u8]) {
        let old = std::mem::replace(&mut self.name[i], to.to_ascii_lowercase());
        if let Some(v) = self.by.get_mut(&old) {
            v.retain(|&j| j != i);
        }
        let v = self.by.entry(self.name[i].clone()).or_default();
        let at = v.partition_point(|&j| j < i);
        v.insert(at, i);
    }
}

/// Applies changes whose paths are relative to `node`; true when the node changed. Every edit
/// is gathered into one batch ([`Node::edit_batch`]), indices resolved before any of them.
fn apply_in(node: &mut Node, list: &[Located], seen: &HashMap<usize, Digest>, pre: &mut HashMap<String, Prebuilt>, force: bool, out: &mut Vec<Outcome>) -> bool {
    let mut names = Names::of(node);
    // An entry's bytes as its checks see them: its digest when a streamed rebuild hashed it.
    let current = |i: usize| match seen.get(&i) {
        Some(d) => Seen::Digest(d.clone()),
        None => Seen::Bytes(node.entry_bytes(i).unwrap_or_else(|_| SharedBytes::empty())),
    };
    // A change's new bytes: held, or (fed) a source the streamed write copies.
    let new = |data: &SharedBytes, fed: Option<&Fed>| match fed {
        Some(f) => (Seen::Digest(f.digest.clone()), NewBytes::Source { id: f.id, len: f.digest.size }),
        None => (Seen::Bytes(data.clone()), NewBytes::Held(data.clone())),
    };
    // Nested archives first, each child's changes together; indices are resolved before any
    // removal or addition moves them.
    let mut groups: Vec<(String, Vec<Located>)> = Vec::new();
    let mut group_of: HashMap<String, usize> = HashMap::new();
    let mut here: Vec<(Option<usize>, &Change, Option<&Fed>)> = Vec::new();
    for &(path, c, fed) in list {
        if path.len() == 1 {
            here.push((names.find(&path[0]), c, fed));
        } else {
            let k = group_key(&path[0]);
            let g = *group_of.entry(k.clone()).or_insert_with(|| {
                groups.push((k, Vec::new()));
                groups.len() - 1
            });
            groups[g].1.push((&path[1..], c, fed));
        }
    }
    let mut batch = nres::Batch::default();
    // The outcomes (indices in `out`) whose edits are in the batch: a batch that fails fails them.
    let mut edits: Vec<usize> = Vec::new();
    for (seg, inner) in &groups {
        if let Some(p) = pre.remove(seg) {
            let start = out.len();
            out.extend(p.outcomes);
            if let Some(b) = p.bytes {
                batch.replace.push((p.index, b));
                edits.extend(start..out.len());
            }
            continue;
        }
        let skip_all = |why: Message, out: &mut Vec<Outcome>| {
            for (_, c, _) in inner {
                out.push(Outcome { address: c.address(), op: c.op_name(), done: if force { Ok(Done::Skipped(why.clone())) } else { Err(why.clone()) } });
            }
        };
        let Some(i) = names.find(seg) else {
            skip_all(msg!("mods-apply-no-holder", "no entry {seg} holds it", seg = seg), out);
            continue;
        };
        let bytes = match node.entry_bytes(i) {
            Ok(b) => b,
            Err(e) => {
                skip_all(super::text::on_path(seg, e), out);
                continue;
            }
        };
        let mut child = match Node::parse(seg, bytes) {
            Ok((n, _)) if n.is_archive() => n,
            _ => {
                skip_all(not_archive(seg), out);
                continue;
            }
        };
        let start = out.len();
        if apply_in(&mut child, inner, &HashMap::new(), &mut HashMap::new(), force, out) {
            batch.replace.push((i, SharedBytes::from(child.write()).into()));
            edits.extend(start..out.len());
        }
    }
    let mut adds = Vec::new();
    for (idx, c, fed) in here {
        let name = c.entry.last().map(String::as_str).unwrap_or_default();
        let at = out.len();
        let mut push = |done: Result<Done, Message>| out.push(Outcome { address: c.address(), op: c.op_name(), done });
        let gone = |force: bool| {
            let why = msg!("mods-apply-no-entry", "no entry {name}", name = name);
            if force { Ok(Done::Skipped(why)) } else { Err(why) }
        };
        match (&c.op, idx) {
            (Op::AddEntry { data, .. }, Some(i)) => {
                let (seen_new, bytes) = new(data, fed);
                if current(i).same(&seen_new) {
                    push(Ok(Done::AlreadyThere));
                } else {
                    let d = refuse(force, msg!("mods-apply-entry-exists", "an entry {name} already exists (the mod adds it)", name = name));
                    if d.is_ok() {
                        batch.replace.push((i, bytes));
                        edits.push(at);
                    }
                    push(d);
                }
            }
            (Op::AddEntry { .. }, None) => adds.push((c, fed)),
            (Op::RemoveEntry { .. }, None) => push(Ok(Done::AlreadyThere)),
            (Op::RemoveEntry { original }, Some(i)) => {
                let cur = current(i);
                let d = if cur.matches(original) { Ok(Done::Applied) } else { refuse(force, mismatch(name, original, &cur)) };
                if d.is_ok() {
                    batch.remove.push(i);
                    edits.push(at);
                }
                push(d);
            }
            (_, None) => push(gone(force)),
            (Op::ReplaceEntry { data, type_id, attrs, original }, Some(i)) => {
                let cur = current(i);
                let (seen_new, bytes) = new(data, fed);
                let meta = node.meta(i);
                let row_same = meta.as_ref().is_some_and(|m| type_id.is_none_or(|t| m.type_id == Some(t)) && attrs.is_none_or(|a| m.attrs == a));
                let d = if row_same && cur.same(&seen_new) {
                    Ok(Done::AlreadyThere)
                } else if cur.matches(original) {
                    Ok(Done::Applied)
                } else {
                    refuse(force, mismatch(name, original, &cur))
                };
                if matches!(d, Ok(Done::Applied | Done::Overrode(_))) {
                    batch.replace.push((i, bytes));
                    if type_id.is_some() || attrs.is_some() {
                        let a = attrs.or(meta.map(|m| m.attrs)).unwrap_or([0; 3]);
                        batch.rows.push((i, *type_id, a));
                    }
                    edits.push(at);
                }
                push(d);
            }
            (Op::RenameEntry { to, original }, Some(i)) => {
                let cur = current(i);
                let d = if names.find(to).is_some_and(|j| j != i) {
                    Err(msg!("mods-apply-rename-taken", "an entry {to} already exists", to = to))
                } else if cur.matches(original) {
                    Ok(Done::Applied)
                } else {
                    refuse(force, mismatch(name, original, &cur))
                };
                if d.is_ok() {
                    match crate::doc::items::encode_name(to) {
                        Ok(n) => {
                            names.rename(i, &n);
                            batch.rename.push((i, n));
                            edits.push(at);
                        }
                        Err(e) => {
                            push(Err(msg!("mods-apply-rename-bad", "{name} -> {to}: {error}", name = name, to = to, error = &e)));
                            continue;
                        }
                    }
                }
                push(d);
            }
            (Op::Merged { base, data }, Some(i)) => {
                let cur = node.entry_bytes(i).unwrap_or_else(|_| SharedBytes::empty());
                let (bytes, d) = wear(&cur, base, data, name, force);
                if let Some(b) = bytes {
                    batch.replace.push((i, SharedBytes::from(b).into()));
                    edits.push(at);
                }
                push(d);
            }
            (Op::AddFile { .. } | Op::ReplaceFile { .. } | Op::RemoveFile { .. }, Some(_)) => {
                push(Err(msg!("mods-apply-names-entry", "{op} names an entry", op = c.op_name())));
            }
        }
    }
    batch.remove.sort_unstable();
    batch.remove.dedup();
    for (c, fed) in adds {
        let Op::AddEntry { data, type_id, attrs } = &c.op else { continue };
        let name = c.entry.last().map(String::as_str).unwrap_or_default();
        let done = match crate::doc::items::encode_name(name) {
            Ok(n) => {
                batch.add.push((n, *type_id, *attrs, new(data, fed).1));
                edits.push(out.len());
                Ok(Done::Applied)
            }
            Err(e) => Err(super::text::on_path(name, e)),
        };
        out.push(Outcome { address: c.address(), op: c.op_name(), done });
    }
    if edits.is_empty() {
        return false;
    }
    match node.edit_batch(batch) {
        Ok(()) => true,
        Err(e) => {
            for k in edits {
                out[k].done = Err(msg!("mods-apply-batch", "the archive cannot take the mod's edits: {error}", error = e.to_string()));
            }
            false
        }
    }
}
