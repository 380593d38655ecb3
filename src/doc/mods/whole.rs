//! Whole-file changes streamed (docs/formats/parkanmod.md, "Limits"): the new bytes of an added
//! or replaced file are copied from their member into a file of the stage, checked as they go
//! ([`Feed::copy`]), and the file on disk (also one being removed) is checked by its digest,
//! hashed as it is read; so a 1 GiB file costs a copy buffer, not a gigabyte. The outcome is the one
//! [`apply_file`](super::apply::apply_file) gives in memory ([`whole_outcome`]).

use super::apply::{Fed, Leaves, Outcome, Seen, whole_outcome};
use super::change::{Change, Digest, Op};
use super::stream::{Body, Feed, Scratch};
use std::io::{self, Write};

/// Whether `c`, whose new bytes come from `fed`, is streamed here: an add or replace of a
/// whole file whose bytes are a source, or a removal.
pub(super) fn streams(c: &Change, fed: Option<&Fed>) -> bool {
    c.entry.is_empty() && matches!((&c.op, fed), (Op::AddFile { .. } | Op::ReplaceFile { .. }, Some(_)) | (Op::RemoveFile { .. }, _))
}

/// `c` applied to `body`: the new body (`None`: `body` stays) and its outcome.
pub(super) fn apply(body: &Body, c: &Change, fed: Option<&Fed>, force: bool, scratch: &mut Scratch, feed: &mut dyn Feed) -> io::Result<(Option<Body>, Vec<Outcome>)> {
    let cur = body.digest()?.map(Seen::Digest);
    let new = fed.map(|f| Seen::Digest(f.digest.clone()));
    let (leaves, done) = whole_outcome(&c.op, &c.file, cur.as_ref(), new.as_ref(), force);
    let outcome = Outcome { address: c.address(), op: c.op_name(), done };
    let next = match (leaves, fed) {
        (Leaves::Current, _) => None,
        (Leaves::Absent, _) => Some(Body::Absent),
        (Leaves::New, Some(f)) => Some(copy_in(f, scratch, feed)?),
        // Only an add or a replace leaves new bytes, and those `streams` takes fed.
        (Leaves::New, None) => return Err(io::Error::other(format!("{}: no source of the new bytes", c.file))),
    };
    Ok((next, vec![outcome]))
}

/// The source's bytes written into a new file of `scratch` (a dry run's last step: read and
/// checked, not kept).
fn copy_in(fed: &Fed, scratch: &mut Scratch, feed: &mut dyn Feed) -> io::Result<Body> {
    if scratch.discards() {
        feed.copy(fed.id, &mut io::sink())?;
        return Ok(Body::Built);
    }
    scratch.build(&mut |w: &mut dyn Write| feed.copy(fed.id, w)).map(Body::Disk)
}

impl Body {
    /// The size and SHA-256 of the bytes, the file's hashed as it is read (`None`: absent).
    pub(super) fn digest(&self) -> io::Result<Option<Digest>> {
        match self {
            Body::Absent => Ok(None),
            Body::Mem(b) => Ok(Some(Digest::of(b))),
            Body::Disk(_) | Body::Built => {
                let Some(path) = self.path() else { return self.load().map(|b| b.map(|b| Digest::of(&b))) };
                let mut h = super::stream::Hashing::new(io::sink());
                let mut f = std::fs::File::open(path).map_err(|e| super::text::at_path(path, e))?;
                io::copy(&mut f, &mut h).map_err(|e| super::text::at_path(path, e))?;
                Ok(Some(h.digest()))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::apply::apply_file;
    use super::*;
    use crate::formats::bytes::SharedBytes;

    struct One(Vec<u8>);

    impl Feed for One {
        fn copy(&mut self, _: u32, w: &mut dyn Write) -> io::Result<()> {
            w.write_all(&self.0)
        }
        fn load(&mut self, _: u32) -> io::Result<SharedBytes> {
            Ok(SharedBytes::from(&self.0[..]))
        }
    }

    #[test]
    fn a_streamed_whole_file_change_does_what_the_change_in_memory_does() {
        let t = tempfile::tempdir().unwrap();
        let (old, new) = (b"the old file".to_vec(), b"the new file, longer".to_vec());
        let digest = |b: &[u8]| Digest::of(b);
        let ops = [
            Op::AddFile { data: SharedBytes::from(&new[..]) },
            Op::ReplaceFile { data: SharedBytes::from(&new[..]), original: digest(&old) },
            Op::ReplaceFile { data: SharedBytes::from(&new[..]), original: digest(b"something else") },
            Op::RemoveFile { original: digest(&old) },
            Op::RemoveFile { original: digest(b"something else") },
        ];
        let mut taken = 0;
        for (k, op) in ops.iter().enumerate() {
            for current in [None, Some(&old), Some(&new)] {
                for force in [false, true] {
                    let c = Change { file: "dir/f.bin".into(), entry: Vec::new(), op: op.clone() };
                    let what = format!("op #{k}, current {:?}, force {force}", current.map(|b| String::from_utf8_lossy(b).into_owned()));
                    let want = apply_file(current.map(|b| SharedBytes::from(&b[..])), &c.file, &[&c], force);
                    let path = t.path().join("current");
                    let _ = std::fs::remove_file(&path);
                    if let Some(b) = current {
                        std::fs::write(&path, b).unwrap();
                    }
                    let fed = matches!(op, Op::AddFile { .. } | Op::ReplaceFile { .. }).then(|| Fed { id: 0, digest: digest(&new) });
                    assert!(streams(&c, fed.as_ref()));
                    let body = Body::of_file(&path).unwrap();
                    let mut scratch = Scratch::in_dir(t.path());
                    let (got, outcomes) = apply(&body, &c, fed.as_ref(), force, &mut scratch, &mut One(new.clone())).unwrap();
                    assert_eq!(outcomes, want.outcomes, "{what}");
                    let got = match got {
                        None => current.map(|b| b.to_vec()),
                        Some(b) => b.load().unwrap().map(|b| b.to_vec()),
                    };
                    assert_eq!(got, want.bytes.map(|b| b.to_vec()), "{what}");
                    taken += 1;
                }
            }
        }
        assert_eq!(taken, 30);
        // A merge is not streamed here; nor an add whose bytes are held.
        let merge = Change { file: "f.wea".into(), entry: Vec::new(), op: Op::Merged { base: SharedBytes::from(&old[..]), data: SharedBytes::from(&new[..]) } };
        assert!(!streams(&merge, None));
        let add = Change { file: "f".into(), entry: Vec::new(), op: ops[0].clone() };
        assert!(!streams(&add, None));
    }
}
