//! Reading a whole input file on every job.
//!
//! Reading a large archive is mostly the kernel zeroing fresh pages and copying into them, on
//! the thread that reads. With one `read` that is one core while the others wait for the
//! archive (every model's preview needs the texture library); read in parts on one thread per
//! job, the shipped-size `Textures.lib` (19 MB) is in memory in about half the time on 2 cores
//! (docs/unpack.md).
//!
//! The parts are read on threads of their own, not on the rayon pool: the caller holds the
//! file's slot while it reads, and a pool thread waiting for its parts would take other work
//! meanwhile, which may be a second reader of the same file waiting for that slot.

use std::fs::File;
use std::io::Read;
use std::path::Path;

/// Below this a file is read with one call: the split costs more than it saves.
const SPLIT_FROM: u64 = 4 << 20;

/// The whole file at `path`, read in `jobs` parts at once when it is large. A file that grows
/// while it is read is read again whole, so the result is never short.
pub fn read_whole(path: &Path, jobs: usize) -> std::io::Result<Vec<u8>> {
    let mut file = File::open(path)?;
    let len = file.metadata()?.len();
    if !cfg!(any(unix, windows)) || len < SPLIT_FROM || jobs < 2 || usize::try_from(len).is_err() {
        let mut buf = Vec::with_capacity(usize::try_from(len).unwrap_or(0));
        file.read_to_end(&mut buf)?;
        return Ok(buf);
    }
    // Zeroed by the allocator as fresh pages, which the kernel zeroes on first touch: in the
    // job that reads into them, not here.
    let mut buf = vec![0u8; len as usize];
    let part = buf.len().div_ceil(jobs);
    std::thread::scope(|s| {
        let file = &file;
        let parts: Vec<_> = buf.chunks_mut(part).enumerate().map(|(i, p)| s.spawn(move || read_exact_at(file, p, (i * part) as u64))).collect();
        parts.into_iter().try_for_each(|p| p.join().unwrap_or_else(|_| Err(std::io::Error::other("a reading thread stopped"))))
    })?;
    // A file changed under us (grew, or shrank so that a slice came back short) is read the
    // plain way; a short slice is an error from `read_exact_at`.
    let mut probe = [0u8; 1];
    if read_at(&file, &mut probe, len)? != 0 {
        return std::fs::read(path);
    }
    Ok(buf)
}

fn read_exact_at(file: &File, mut buf: &mut [u8], mut at: u64) -> std::io::Result<()> {
    while !buf.is_empty() {
        match read_at(file, buf, at) {
            Ok(0) => return Err(std::io::Error::new(std::io::ErrorKind::UnexpectedEof, format!("the file ended at byte {at} while it was read"))),
            Ok(n) => {
                buf = &mut buf[n..];
                at += n as u64;
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

#[cfg(unix)]
fn read_at(file: &File, buf: &mut [u8], at: u64) -> std::io::Result<usize> {
    std::os::unix::fs::FileExt::read_at(file, buf, at)
}

/// Windows: `seek_read` moves the handle's position, which no one else here uses.
#[cfg(windows)]
fn read_at(file: &File, buf: &mut [u8], at: u64) -> std::io::Result<usize> {
    std::os::windows::fs::FileExt::seek_read(file, buf, at)
}

/// Elsewhere there is no positioned read in std: files are read with one call.
#[cfg(not(any(unix, windows)))]
fn read_at(_: &File, _: &mut [u8], _: u64) -> std::io::Result<usize> {
    Err(std::io::ErrorKind::Unsupported.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_large_file_read_in_slices_is_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big.lib");
        // Not a multiple of the parts, so the last part is short.
        let bytes: Vec<u8> = (0..(SPLIT_FROM as usize + 12_345)).map(|i| (i * 31 + i / 977) as u8).collect();
        std::fs::write(&path, &bytes).unwrap();
        for jobs in [1, 2, 3, 7] {
            assert!(read_whole(&path, jobs).unwrap() == bytes, "{jobs} jobs");
        }
        let small = dir.path().join("small.lib");
        std::fs::write(&small, &bytes[..1000]).unwrap();
        assert_eq!(read_whole(&small, 2).unwrap(), &bytes[..1000]);
        assert_eq!(read_whole(&dir.path().join("missing"), 2).unwrap_err().kind(), std::io::ErrorKind::NotFound);
    }
}
