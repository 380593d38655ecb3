//! Missions (docs/formats/tma.md) and Land.map (docs/formats/land-map.md): parsing all 30
//! generated missions (`fixtures::missions`, 2,000+ objects in all; the budget is every
//! mission of the game parsed and resolved in 100 ms, resolving comes with the world model),
//! the largest mission (300 objects) parsed and written, and one generated Land.map (32 × 32
//! areals, the shipped 128 × 128 grid) parsed and checked.
//!
//! Measured on the shared 2-core build machine (load average about 15), release, `--quick`:
//! all 30 missions (2,062 objects, 341,254 bytes) parsed in 1.79 ms (budget with resolving:
//! 100 ms); the 300-object mission parsed in 214 µs and written in 23 µs; the 1,024-areal
//! Land.map (204,888 bytes) parsed in 1.99 ms and checked against its extent in 425 µs.

use criterion::{Criterion, criterion_group, criterion_main};
use parkan_studio::fixtures::{land_map, missions};
use parkan_studio::formats::landmap::LandMap;
use parkan_studio::formats::tma::Mission;
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let files: Vec<Vec<u8>> = missions::files().into_iter().map(|(_, b)| b).collect();
    let total: usize = files.iter().map(|b| b.len()).sum();
    let objects: usize = files.iter().map(|b| Mission::parse(b).unwrap().0.objects.len()).sum();
    println!("{} missions, {objects} objects, {total} bytes", files.len());
    let big = files[1].clone();
    let mut g = c.benchmark_group("missions");
    g.sample_size(30);
    g.bench_function("parse_all_30_missions", |b| {
        b.iter(|| black_box(files.iter().map(|f| Mission::parse(f).unwrap().0.objects.len()).sum::<usize>()))
    });
    g.bench_function("parse_one_mission_300_objects", |b| b.iter(|| black_box(Mission::parse(&big).unwrap().0.objects.len())));
    let m = Mission::parse(&big).unwrap().0;
    g.bench_function("write_one_mission_300_objects", |b| b.iter(|| black_box(m.write().len())));
    g.finish();

    let map = land_map::land_map(32);
    println!("Land.map: 1,024 areals, 128 × 128 cells, {} bytes", map.len());
    let mut g = c.benchmark_group("land_map");
    g.sample_size(20);
    g.bench_function("parse_land_map_1024_areals", |b| b.iter(|| black_box(LandMap::parse(&map[..]).unwrap().0.map.areals.len())));
    let lm = LandMap::parse(&map[..]).unwrap().0;
    g.bench_function("check_land_map_1024_areals", |b| b.iter(|| black_box(lm.check(Some(land_map::extent(32))).len())));
    g.finish();
}

/// The world model over the shipped-size game folder (`fixtures::game`, 30 missions on their
/// landscapes): every mission parsed and resolved (map folder, each object's unit file or
/// record), the project check's mission findings (grounds, hosts' hall-ways), and one
/// 300-object mission's diff, check and info.
fn world(c: &mut Criterion) {
    use parkan_studio::doc::kinds::FormatKind;
    use parkan_studio::doc::project::Index;
    use parkan_studio::doc::registry::Item;
    use parkan_studio::doc::world;
    use parkan_studio::fixtures::game::{GameSpec, game_files};
    use parkan_studio::formats::bytes::SharedBytes;
    use parkan_studio::formats::readings::Readings;
    let r = Readings::default();
    let ix = Index::from_bytes(game_files(&GameSpec::SHIPPED).into_iter().map(|(n, b)| (n, SharedBytes::from(b))), &r);
    let ids: Vec<_> = ix.items().filter(|(_, it)| it.kind == FormatKind::Mission).map(|(id, _)| id).collect();
    let resolved: usize = ids.iter().map(|&id| world::resolve_mission(&ix, id).unwrap().objects.iter().filter(|o| o.target.is_some()).count()).sum();
    println!("{} missions, {resolved} objects resolved, {} findings", ids.len(), world::check(&ix).len());
    let mut g = c.benchmark_group("world");
    g.sample_size(10);
    g.bench_function("parse_and_resolve_all_missions", |b| {
        b.iter(|| black_box(ids.iter().map(|&id| world::resolve_mission(&ix, id).map_or(0, |m| m.objects.len())).sum::<usize>()))
    });
    g.bench_function("check_all_missions_and_maps", |b| b.iter(|| black_box(world::check(&ix).len())));
    let big = missions::files().swap_remove(1).1;
    let mut m = Mission::parse(&big).unwrap().0;
    for o in m.objects.iter_mut().step_by(7) {
        o.position[0] += 1.0;
    }
    let moved = m.write();
    let mission = FormatKind::Mission.codec();
    let item = Item { bytes: &big, name: "data.tma", type_id: None, attrs: [0; 3], readings: &r };
    g.bench_function("diff_one_mission_300_objects", |b| {
        b.iter(|| {
            // Both sides parsed, as `diff` does.
            let (x, y) = (Mission::parse(&big).unwrap().0, Mission::parse(&moved).unwrap().0);
            let mut out = Vec::new();
            parkan_studio::doc::kinds::mission::diff::mission_details(&x, &y, &mut out);
            black_box(out.len())
        })
    });
    g.bench_function("check_one_mission_300_objects", |b| b.iter(|| black_box(mission.check(&item).roundtrip)));
    g.bench_function("info_one_mission_300_objects", |b| b.iter(|| black_box(mission.info(&item).is_ok())));
    g.finish();
}

criterion_group!(benches, bench, world);
criterion_main!(benches);
