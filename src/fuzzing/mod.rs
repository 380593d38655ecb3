//! The fuzz targets' bodies and seeds, in the library so that the replay test
//! (`tests/fuzz_replay.rs`) runs exactly what `fuzz/` runs. Each target is a row of [`TARGETS`]:
//! a name (the `fuzz/fuzz_targets/NAME.rs` binary and its corpus folder), its kind, its body and
//! the seeds the fixture writers make for it.
//!
//! Two kinds per parser: a *parse* target that only parses (and, for containers, lists), fast
//! enough for millions of runs, and a *round-trip* target that also writes back, edits and
//! re-parses. Adding a target: its body and seeds (in a file here), one row below, and the
//! binary (a copy of any other: it finds its row by its name) and its `[[bin]]` in
//! `fuzz/Cargo.toml`; `every_target_has_a_fuzz_binary`
//! fails until both sides agree.

mod font;
mod mat0;
mod material_text;
mod missions;
mod modpkg;
mod msh;
mod nres;
mod rsli;
mod texm;
mod wav;
mod wear;
mod world;
mod xray;

use std::path::Path;

/// The length past which a parse target returns at once. Every parser here reads a header and a
/// run of rows or chunks whose cost is linear in their count; a longer input only repeats rows
/// the fuzzer can reach with fewer bytes, and costs libFuzzer time in mutation and copying.
/// Every seed the fixture writers make is shorter.
pub const PARSE_MAX_LEN: usize = 64 * 1024;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Parses (and lists) only.
    Parse,
    /// Parses, writes back, edits and re-parses; slower per input.
    RoundTrip,
}

pub struct Target {
    pub name: &'static str,
    pub kind: Kind,
    body: fn(&[u8]),
    seeds: fn() -> Vec<Vec<u8>>,
}

impl Target {
    /// The longest input the target reads; longer ones return at once (see [`PARSE_MAX_LEN`]).
    pub fn max_len(&self) -> Option<usize> {
        (self.kind == Kind::Parse).then_some(PARSE_MAX_LEN)
    }

    /// One fuzz input. Panics only on a bug: a parser panicking or a broken promise (a round
    /// trip that differs, a decoder returning the wrong length).
    pub fn run(&self, data: &[u8]) {
        if self.max_len().is_some_and(|m| data.len() > m) {
            return;
        }
        (self.body)(data)
    }

    /// The seed inputs the project's fixture writers make for this target.
    pub fn seeds(&self) -> Vec<Vec<u8>> {
        (self.seeds)()
    }

    /// Writes the seeds into `dir` (created), one file each named by index; returns how many.
    pub fn write_seeds(&self, dir: &Path) -> std::io::Result<usize> {
        std::fs::create_dir_all(dir)?;
        let seeds = self.seeds();
        for (i, s) in seeds.iter().enumerate() {
            std::fs::write(dir.join(format!("seed-{i:04}")), s)?;
        }
        Ok(seeds.len())
    }
}

const fn parse(name: &'static str, body: fn(&[u8]), seeds: fn() -> Vec<Vec<u8>>) -> Target {
    Target { name, kind: Kind::Parse, body, seeds }
}
const fn round_trip(name: &'static str, body: fn(&[u8]), seeds: fn() -> Vec<Vec<u8>>) -> Target {
    Target { name, kind: Kind::RoundTrip, body, seeds }
}

pub const TARGETS: &[Target] = &[
    parse("nres_parse", nres::parse, nres::seeds),
    round_trip("nres", nres::round_trip, nres::seeds),
    parse("rsli_parse", rsli::parse, rsli::seeds),
    parse("rsli_lzss", rsli::lzss, rsli::lzss_seeds),
    parse("rsli_lzhuf", rsli::lzhuf, rsli::lzhuf_seeds),
    parse("rsli_deflate", rsli::deflate, rsli::deflate_seeds),
    round_trip("rsli", rsli::round_trip, rsli::seeds),
    parse("texm_parse", texm::parse, texm::seeds),
    round_trip("texm", texm::round_trip, texm::seeds),
    parse("mat0_parse", mat0::parse, mat0::seeds),
    round_trip("mat0", crate::fixtures::mat0::exercise, mat0::seeds),
    parse("material_text", material_text::parse, material_text::seeds),
    parse("wear_parse", wear::parse, wear::seeds),
    round_trip("wear", crate::fixtures::wear::exercise, wear::seeds),
    parse("wav_parse", wav::parse, wav::seeds),
    round_trip("wav", wav::round_trip, wav::seeds),
    parse("pal_parse", font::pal_parse, font::pal_parse_seeds),
    round_trip("pal", font::pal_round_trip, font::pal_seeds),
    parse("tfnt_parse", font::tfnt_parse, font::tfnt_seeds),
    round_trip("tfnt", font::tfnt_round_trip, font::tfnt_seeds),
    parse("msh_parse", msh::parse, msh::seeds),
    round_trip("msh", crate::fixtures::msh::exercise, msh::seeds),
    parse("xray_geom_parse", xray::geom_parse, xray::geom_seeds),
    round_trip("xray_geom", crate::fixtures::xray::exercise, xray::geom_seeds),
    parse("xray_level_parse", xray::level_parse, xray::level_seeds),
    round_trip("xray_level", crate::fixtures::xray_level::exercise, xray::level_seeds),
    round_trip("xray_level_resolve", crate::fixtures::xray_level::exercise_resolve, xray::resolve_seeds),
    round_trip("export", crate::fixtures::export::exercise, xray::export_seeds),
    parse("tma_parse", missions::tma_parse, missions::tma_seeds),
    round_trip("tma", missions::tma_round_trip, missions::tma_seeds),
    parse("land_map_parse", missions::land_map_parse, missions::land_map_seeds),
    round_trip("land_map", missions::land_map_round_trip, missions::land_map_seeds),
    parse("modpkg_parse", modpkg::parse, modpkg::seeds),
    round_trip("modpkg", modpkg::package, modpkg::seeds),
    parse("objects_parse", world::objects_parse, world::objects_seeds),
    round_trip("objects", world::objects_round_trip, world::objects_seeds),
    parse("unit_dat_parse", world::unit_dat_parse, world::unit_dat_seeds),
    round_trip("unit_dat", world::unit_dat_round_trip, world::unit_dat_seeds),
];

/// An error names a byte offset within the bytes that were read: never past their end.
fn error_within(data: &[u8], e: &crate::formats::Error) {
    assert!(e.offset <= data.len() as u64, "error offset past the input ({} bytes): {e}", data.len());
}

/// Seeds a parse target reads (see [`PARSE_MAX_LEN`]); the fixtures are all far shorter.
fn within_cap(mut seeds: Vec<Vec<u8>>) -> Vec<Vec<u8>> {
    seeds.retain(|s| s.len() <= PARSE_MAX_LEN);
    seeds
}

/// The target of this name.
pub fn target(name: &str) -> Option<&'static Target> {
    TARGETS.iter().find(|t| t.name == name)
}

/// What a fuzz binary calls once before its first input: when `PARKAN_FUZZ_SEEDS` names a
/// folder, writes the target's seeds there, prints `NAME KIND SEEDS` and exits, so `fuzz/campaign.sh` seeds every corpus
/// with the binaries it has just built and no second build of the library.
pub fn init(name: &str) -> &'static Target {
    let t = target(name).unwrap_or_else(|| panic!("no fuzz target {name:?} in parkan_studio::fuzzing::TARGETS"));
    if let Some(dir) = std::env::var_os("PARKAN_FUZZ_SEEDS") {
        match t.write_seeds(Path::new(&dir)) {
            Ok(n) => {
                // The campaign reads the kind from this line.
                let kind = if t.kind == Kind::Parse { "parse" } else { "round-trip" };
                println!("{name} {kind} {n}");
                std::process::exit(0);
            }
            Err(e) => {
                eprintln!("{name}: cannot write seeds to {}: {e}", Path::new(&dir).display());
                std::process::exit(1);
            }
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_every_target_has_seeds_within_its_cap() {
        for (i, t) in TARGETS.iter().enumerate() {
            assert!(TARGETS[..i].iter().all(|u| u.name != t.name), "{} twice", t.name);
            let seeds = t.seeds();
            assert!(seeds.len() >= 3, "{}: {} seeds", t.name, seeds.len());
            if let Some(m) = t.max_len() {
                assert!(seeds.iter().all(|s| s.len() <= m), "{}: a seed over the cap", t.name);
            }
        }
    }

    #[test]
    fn every_parser_has_a_parse_and_a_round_trip_target() {
        for family in ["nres", "rsli", "texm", "mat0", "wear", "wav", "pal", "tfnt", "msh", "xray_geom", "xray_level", "modpkg", "objects", "unit_dat", "tma", "land_map"] {
            assert_eq!(target(family).map(|t| t.kind), Some(Kind::RoundTrip), "{family}");
            assert_eq!(target(&format!("{family}_parse")).map(|t| t.kind), Some(Kind::Parse), "{family}");
        }
    }

    #[test]
    fn every_target_has_a_fuzz_binary() {
        let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
        let manifest = std::fs::read_to_string(fuzz.join("Cargo.toml")).unwrap();
        let bins: Vec<&str> = manifest
            .lines()
            .filter_map(|l| l.strip_prefix("name = \""))
            .filter_map(|l| l.split('"').next())
            .filter(|n| *n != "parkan-studio-fuzz")
            .collect();
        for t in TARGETS {
            assert!(bins.contains(&t.name), "{}: no bin line in fuzz/Cargo.toml", t.name);
            let src = std::fs::read_to_string(fuzz.join(format!("fuzz_targets/{}.rs", t.name))).unwrap();
            assert!(src.contains("init(env!(\"CARGO_BIN_NAME\"))"), "{}: the binary runs its row", t.name);
        }
        for b in bins {
            assert!(target(b).is_some(), "fuzz/Cargo.toml builds {b}, which TARGETS does not list");
        }
    }
}
