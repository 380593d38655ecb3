//! Large indexed levels decoded on several threads, each writing its own part of one buffer.
//!
//! Why: a palette lookup is one load a texel, and a core does two loads a cycle, so one thread
//! cannot decode format 0 or 2 faster than about 2x a memcpy of the output (measured: 0.42 ms
//! for a 1024x1024 chain against 0.19 ms). The lookups of different rows are independent, so
//! the second core halves it. Small levels stay on the calling thread, where starting a thread
//! (about 20 us) would cost more than it saves.
//!
//! But only with cores to spare. On the 2-core build machine shared with other work, split
//! levels decoded faster at best and slower in the median at every size from 256K to 4M
//! texels (`benches/texture.rs`, `indexed_threads`: median 1.35x-1.98x one thread's as the
//! machine was, 1.04x-1.58x beside a spinning thread; 90th percentile 3.4-3.9 ms against
//! under 1 ms): a started thread the scheduler puts off, or takes off its core in the middle
//! of a part, holds the whole decode until it runs again. So the split needs at least
//! [`MIN_HW_THREADS`] hardware threads and takes at most half of them.

use super::pixel::{Lut, PairTables, dec_index_vec};
use std::mem::MaybeUninit;
use std::sync::{Mutex, OnceLock};
use std::thread;

/// Blocks of eight texels each thread must have at least for a split: 128K texels, about
/// 40 us of work, twice what starting a thread costs.
const MIN_SHARE: usize = 1 << 14;
/// The work is cut into parts of at least this many blocks (16K texels), several a thread,
/// which the threads take in turn: a thread that starts late takes fewer.
const MIN_PART: usize = 1 << 11;
const PARTS_PER_THREAD: usize = 8;
/// More threads than this gain nothing: memory bandwidth is the next limit.
const MAX_THREADS: usize = 4;
/// Fewer hardware threads than this and a level is never split (see the module's note).
const MIN_HW_THREADS: usize = 4;

/// How many threads a large level may take on a machine of `hw` hardware threads: half of
/// them (the rest stay for the UI, thumbnails and whatever else runs), none below
/// [`MIN_HW_THREADS`].
fn threads_for(hw: usize) -> usize {
    if hw < MIN_HW_THREADS { 1 } else { (hw / 2).min(MAX_THREADS) }
}

fn threads() -> usize {
    // Asked once: on Linux the answer reads the cgroup's quota files.
    static N: OnceLock<usize> = OnceLock::new();
    *N.get_or_init(|| threads_for(thread::available_parallelism().map_or(1, |n| n.get())))
}

/// Decodes indices through `lut` as [`super::pixel`]'s indexed decoder does, split across
/// threads when the machine has cores to spare and `src` is large enough for them to pay.
pub(super) fn decode_indexed(src: &[u8], lut: &Lut) -> Vec<u8> {
    decode_indexed_on(src, lut, threads())
}

/// The indexed decode on up to `threads` threads (fewer when `src` is too small for them to
/// pay): what [`super::pixel`] runs with the machine's share, and what the benchmark measures
/// the split with on any machine.
pub fn decode_indexed_on(src: &[u8], lut: &Lut, threads: usize) -> Vec<u8> {
    let (blocks, rest) = src.as_chunks::<8>();
    let threads = threads.min(MAX_THREADS).min(blocks.len() / MIN_SHARE);
    if threads < 2 {
        return dec_index_vec(src, lut);
    }
    let parts = (blocks.len() / MIN_PART).clamp(threads, threads * PARTS_PER_THREAD);
    in_parts(blocks, rest, lut, threads, parts)
}

/// The decode in `parts` parts, taken in turn by this thread and `threads - 1` started ones.
fn in_parts(blocks: &[[u8; 8]], rest: &[u8], lut: &Lut, threads: usize, parts: usize) -> Vec<u8> {
    let t = PairTables::new(lut);
    let mut out: Vec<[u8; 32]> = Vec::with_capacity(blocks.len() + 1);
    let part = blocks.len().div_ceil(parts).max(1);
    let spare = &mut out.spare_capacity_mut()[..blocks.len()];
    // Each part sits in a slot that whoever comes first takes: this thread from the front, the
    // started ones from the back (so a thread that cannot be started, or starts late, costs
    // nothing but time).
    let slots: Vec<Mutex<Option<Job>>> = spare.chunks_mut(part).zip(blocks.chunks(part)).map(|(dst, src)| Mutex::new(Some((src, dst)))).collect();
    let run = |slot: &Mutex<Option<Job>>| {
        let job = slot.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some((src, dst)) = job {
            fill(&t, src, dst);
        }
    };
    thread::scope(|s| {
        for _ in 1..threads {
            let _ = thread::Builder::new().name("texm-decode".into()).spawn_scoped(s, || slots.iter().rev().for_each(run));
        }
        slots.iter().for_each(run);
    });
    // SAFETY: `spare` is the first `blocks.len()` elements of `out`'s spare capacity; its
    // chunks and `blocks`' chunks have the same lengths (both split by `part`); every slot was
    // taken once and `fill` wrote every element of its chunk; the scope has joined every
    // thread, and a panic in any of them would have unwound past this line.
    unsafe { out.set_len(blocks.len()) };
    let mut out = out.into_flattened();
    out.extend(rest.iter().flat_map(|&i| lut[usize::from(i)]));
    out
}

type Job<'a> = (&'a [[u8; 8]], &'a mut [MaybeUninit<[u8; 32]>]);

fn fill(t: &PairTables, src: &[[u8; 8]], dst: &mut [MaybeUninit<[u8; 32]>]) {
    assert_eq!(src.len(), dst.len(), "a part's indices and its room differ");
    for (b, d) in src.iter().zip(dst) {
        d.write(t.eight(b));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lut() -> Lut {
        std::array::from_fn(|i| [i as u8, (i * 7) as u8, (i * 13) as u8, (255 - i) as u8])
    }

    fn one_by_one(src: &[u8], lut: &Lut) -> Vec<u8> {
        src.iter().flat_map(|&i| lut[usize::from(i)]).collect()
    }

    #[test]
    fn parts_give_the_bytes_of_one_pass() {
        let mut x = 7u32;
        let src: Vec<u8> = (0..8 * 1000 + 5)
            .map(|_| {
                x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                (x >> 24) as u8
            })
            .collect();
        let (blocks, rest) = src.as_chunks::<8>();
        let want = one_by_one(&src, &lut());
        // 1000 blocks in 3 parts leaves a short last part; 7 parts of 143; more parts than blocks.
        for (threads, parts) in [(1, 1), (2, 2), (2, 3), (3, 7), (4, 1001), (2, 16)] {
            assert_eq!(in_parts(blocks, rest, &lut(), threads, parts), want, "{threads} threads, {parts} parts");
        }
        assert_eq!(in_parts(&[], &src[..3], &lut(), 2, 2), one_by_one(&src[..3], &lut()));
    }

    #[test]
    fn a_large_level_goes_through_the_parts_with_the_same_bytes() {
        // Two parts' worth and a tail, through the machine's choice and split in two.
        let src: Vec<u8> = (0..MIN_SHARE * 8 * 2 + 3).map(|i| (i * 31 + i / 1000) as u8).collect();
        assert_eq!(decode_indexed(&src, &lut()), one_by_one(&src, &lut()));
        assert_eq!(decode_indexed_on(&src, &lut(), 2), one_by_one(&src, &lut()));
    }

    #[test]
    fn threads_only_with_cores_to_spare() {
        assert_eq!([1, 2, 3].map(threads_for), [1, 1, 1], "two cores: one thread, whatever the level");
        assert_eq!([4, 6, 8, 16].map(threads_for), [2, 3, 4, 4]);
    }
}
