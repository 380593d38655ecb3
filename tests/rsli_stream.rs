//! Streaming RsLi pack and unpack in constant memory (issue 38; docs/formats/rsli.md §
//! Streaming): 8 MiB of unpacked bytes per method packed through `Packer` into a file and
//! unpacked back with `unpack_into` from that file while a counting allocator watches the heap;
//! the peak must stay under a fixed bound, a sixteenth of the payload. (The bound holds as well
//! at 64 MiB, measured when the packer was written; this suite runs unoptimised, where 64 MiB of
//! each method took 80 s.)

#[path = "support/heap.rs"]
mod heap;

#[global_allocator]
static A: heap::Counting = heap::Counting;

use parkan_studio::fixtures::rsli::sample;
use parkan_studio::formats::rsli::{Method, Packer, unpack_into};
use std::io::{Seek, Write};

const BLOCK: usize = 1 << 20;
/// 1 MiB blocks per method.
const BLOCKS: usize = 8;
const KEY: u16 = 0x7E57;
/// The heap the streaming pack or unpack may hold at its peak, whatever the payload's size.
const BOUND: usize = 512 * 1024;

/// A writer that checks what it is given against the input blocks (and keeps nothing).
struct Check<'a> {
    block: &'a [u8],
    at: usize,
}

impl Write for Check<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let mut rest = buf;
        while !rest.is_empty() {
            let i = self.at % BLOCK;
            let n = rest.len().min(BLOCK - i);
            assert!(rest[..n] == self.block[i..i + n], "unpacked bytes from {} differ", self.at);
            self.at += n;
            rest = &rest[n..];
        }
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn packing_and_unpacking_hold_a_constant_heap_far_below_the_payload() {
    // The input: one 1 MiB block of mixed bytes, written 8 times in pieces of odd sizes.
    let block = sample(9, BLOCK);
    for m in Method::ALL {
        let total = (BLOCK * BLOCKS) as u64;
        let start = std::time::Instant::now();
        let mut file = tempfile::tempfile().unwrap();
        let ((), pack_peak) = heap::peak(|| {
            let mut p = Packer::new(m, KEY, &mut file).unwrap();
            for _ in 0..BLOCKS {
                for piece in block.chunks(100_003) {
                    p.write_all(piece).unwrap();
                }
            }
            let (_, n) = p.finish().unwrap();
            assert!(n > 0, "{}", m.name());
        });
        file.rewind().unwrap();
        let (n, unpack_peak) = heap::peak(|| {
            let mut check = Check { block: &block, at: 0 };
            let n = unpack_into(m, KEY, &mut file, total, &mut check).unwrap();
            assert_eq!(check.at as u64, total);
            n
        });
        assert_eq!(n, total);
        println!("{}: {} MiB, heap peak {} KiB packing, {} KiB unpacking ({:.1} s)", m.name(), BLOCKS, pack_peak / 1024, unpack_peak / 1024, start.elapsed().as_secs_f64());
        assert!(pack_peak <= BOUND, "{}: packing held {pack_peak} bytes", m.name());
        assert!(unpack_peak <= BOUND, "{}: unpacking held {unpack_peak} bytes", m.name());
    }
}
