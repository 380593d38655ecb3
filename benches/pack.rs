//! Unpack and pack of the shipped-size game folder (`fixtures::game`, about 20 MB in 227 files):
//! unpack with 1 and 2 jobs (the issue asks 2 jobs >= 1.7x as fast as 1, <= 3 s), and pack of
//! the untouched tree with 2 jobs (<= 1.5 s). Peak memory is measured on the CLI (see README).

use criterion::{Criterion, criterion_group, criterion_main};
use parkan_studio::unpack::{Options, Quiet, pack, unpack};
use parkan_studio::fixtures::game::{GameSpec, write_game};
use std::time::Duration;

fn bench(c: &mut Criterion) {
    let t = tempfile::tempdir().unwrap();
    let game = t.path().join("game");
    write_game(&game, &GameSpec::SHIPPED).unwrap();
    let mut g = c.benchmark_group("pack");
    g.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(20));
    for jobs in [1, 2] {
        let opts = Options { jobs, ..Options::default() };
        // A new folder each time, removed only after the run: ext4 makes files slowly just after
        // a large removal (it scans the inodes it recently freed), which would be measured
        // instead of the unpack.
        let mut n = 0;
        g.bench_function(format!("unpack shipped folder, {jobs} jobs"), |b| {
            b.iter_with_setup(
                || {
                    n += 1;
                    t.path().join(format!("un{jobs}-{n}"))
                },
                |d| unpack(std::slice::from_ref(&game), &d, &opts, &Quiet).unwrap(),
            )
        });
        for k in 1..=n {
            let _ = std::fs::remove_dir_all(t.path().join(format!("un{jobs}-{k}")));
        }
    }
    let un = t.path().join("tree");
    unpack(std::slice::from_ref(&game), &un, &Options::default(), &Quiet).unwrap();
    for jobs in [1, 2] {
        let opts = Options { jobs, ..Options::default() };
        g.bench_function(format!("pack untouched tree, {jobs} jobs"), |b| {
            b.iter_with_setup(
                || {
                    let d = t.path().join("out");
                    let _ = std::fs::remove_dir_all(&d);
                    d
                },
                |d| pack(&un, &d, &opts, &Quiet).unwrap(),
            )
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
