use super::*;
use crate::fixtures::mat0 as fx;
use crate::formats::mat0::{Key, Phase};
use crate::formats::readings::InterpMask;

fn block(mode: AnimMode) -> AnimBlock {
    // Intervals [0,100) phase 0, [100,300) phase 1, [300,600) phase 2: cycle 600.
    AnimBlock::new(mode, 0x1F, vec![Key { k0: 0, k1: 100, k2: 0 }, Key { k0: 1, k1: 300, k2: 0 }, Key { k0: 2, k1: 600, k2: 0 }])
}

/// (key, next key, alpha) at a time with start 0.
fn at(mode: AnimMode, time: u32) -> (Option<usize>, Option<usize>, f32) {
    at_from(mode, time, 0)
}

fn at_from(mode: AnimMode, time: u32, start: u32) -> (Option<usize>, Option<usize>, f32) {
    let s = select_by_time(&block(mode), time, start, &mut MsvcRand::default());
    (s.key, s.next_key, s.alpha)
}

#[test]
fn loop_selects_by_interval_end() {
    assert_eq!(at(AnimMode::Loop, 0), (Some(0), Some(1), 0.0));
    assert_eq!(at(AnimMode::Loop, 50), (Some(0), Some(1), 0.5));
    assert_eq!(at(AnimMode::Loop, 100), (Some(1), Some(2), 0.0));
    assert_eq!(at(AnimMode::Loop, 450), (Some(2), Some(0), 0.5));
    assert_eq!(at(AnimMode::Loop, 599), (Some(2), Some(0), 299.0 / 300.0));
    assert_eq!(at(AnimMode::Loop, 600), (Some(0), Some(1), 0.0));
    assert_eq!(at(AnimMode::Loop, 650), (Some(0), Some(1), 0.5));
}

#[test]
fn ping_pong_runs_backwards_on_odd_cycles() {
    assert_eq!(at(AnimMode::PingPong, 450), (Some(2), Some(0), 0.5));
    // q = 1, r = 50 -> 550.
    assert_eq!(at(AnimMode::PingPong, 650), (Some(2), Some(0), 250.0 / 300.0));
    // Exactly at the end of a forward pass: r = 0 on an odd cycle -> the cycle end.
    assert_eq!(at(AnimMode::PingPong, 600), (Some(2), Some(0), 1.0));
    assert_eq!(at(AnimMode::PingPong, 1199), (Some(0), Some(1), 0.01));
    assert_eq!(at(AnimMode::PingPong, 1200), (Some(0), Some(1), 0.0));
}

#[test]
fn one_shot_holds_the_last_key() {
    assert_eq!(at(AnimMode::OneShot, 450), (Some(2), Some(0), 0.5));
    for t in [600, 601, 100_000, u32::MAX] {
        let s = select_by_time(&block(AnimMode::OneShot), t, 0, &mut MsvcRand::default());
        assert_eq!((s.key, s.next_key, s.phase, s.next_phase, s.alpha), (Some(2), Some(2), 2, 2, 0.0), "t={t}");
    }
}

#[test]
fn random_draws_rand_and_returns_the_start_time_write() {
    let b = block(AnimMode::Random);
    let mut rng = MsvcRand::default();
    // rand() = 41, 41 % 600 = 41.
    let s = select_by_time(&b, 123_456, 0, &mut rng);
    assert_eq!((s.key, s.alpha, s.start_time), (Some(0), 0.41, Some(41)));
    // rand() = 18467, % 600 = 467 -> key 2.
    let s = select_by_time(&b, 0, 0, &mut rng);
    assert_eq!((s.key, s.start_time), (Some(2), Some(467)));
    assert_eq!(s.alpha, 167.0 / 300.0);
    // Other modes never draw.
    let mut untouched = MsvcRand::new(5);
    select_by_time(&block(AnimMode::Loop), 10, 0, &mut untouched);
    assert_eq!(untouched, MsvcRand::new(5));
}

#[test]
fn unknown_modes_loop_with_a_warning() {
    for m in 4..8u8 {
        let s = select_by_time(&block(AnimMode::Unknown(m)), 650, 0, &mut MsvcRand::default());
        assert_eq!((s.key, s.alpha), (Some(0), 0.5));
        assert_eq!(s.diagnostics.len(), 1);
        assert_eq!(s.diagnostics[0].severity, Severity::Warning);
    }
}

#[test]
fn time_difference_wraps_like_u32() {
    // Started 100 ms "before" time 0: delta 150.
    assert_eq!(at_from(AnimMode::Loop, 50, 0u32.wrapping_sub(100)), (Some(1), Some(2), 0.25));
    // Game time before the start time: delta = 2^32 - 1000; 2^32 mod 600 = 496, so r = 96,
    // and q = 7158277 is odd.
    assert_eq!(at_from(AnimMode::Loop, 0, 1000), (Some(0), Some(1), 0.96));
    assert_eq!(at_from(AnimMode::PingPong, 0, 1000), (Some(2), Some(0), 204.0 / 300.0));
    assert_eq!(at_from(AnimMode::OneShot, 0, 1000).0, Some(2));
}

#[test]
fn normalised_t_scales_the_cycle() {
    let sel = |mode, t| {
        let s = select_by_t(&block(mode), t, &mut MsvcRand::default());
        (s.key, s.alpha)
    };
    assert_eq!(sel(AnimMode::Loop, 0.25), (Some(1), 0.25));
    assert_eq!(sel(AnimMode::Loop, 0.5), (Some(2), 0.0));
    assert_eq!(sel(AnimMode::Loop, 0.75), (Some(2), 0.5));
    // Outside 0..=1 (and NaN) reads as 0.5: time 300.
    assert_eq!(sel(AnimMode::Loop, -0.1), (Some(2), 0.0));
    assert_eq!(sel(AnimMode::Loop, 1.5), (Some(2), 0.0));
    assert_eq!(sel(AnimMode::Loop, f32::NAN), (Some(2), 0.0));
    // t = 1 is one whole cycle: the start again, the turning point, the end.
    assert_eq!(sel(AnimMode::Loop, 1.0), (Some(0), 0.0));
    assert_eq!(sel(AnimMode::PingPong, 1.0), (Some(2), 1.0));
    assert_eq!(sel(AnimMode::OneShot, 1.0), (Some(2), 0.0));
}

#[test]
fn empty_blocks_and_empty_cycles() {
    let none = AnimBlock::new(AnimMode::Loop, 0, vec![]);
    let s = select_by_time(&none, 500, 0, &mut MsvcRand::default());
    assert_eq!((s.key, s.phase, s.next_phase, s.alpha), (None, 0, 0, 0.0));
    let none = AnimBlock::new(AnimMode::OneShot, 0, vec![]);
    assert_eq!(select_by_time(&none, 500, 0, &mut MsvcRand::default()).key, None);

    let zero = |mode| AnimBlock::new(mode, 0, vec![Key { k0: 3, k1: 0, k2: 0 }, Key { k0: 1, k1: 0, k2: 0 }]);
    let s = select_by_time(&zero(AnimMode::Loop), 500, 0, &mut MsvcRand::default());
    assert_eq!((s.key, s.phase, s.alpha), (None, 0, 0.0));
    let mut rng = MsvcRand::default();
    let s = select_by_time(&zero(AnimMode::Random), 500, 0, &mut rng);
    assert_eq!((s.key, s.phase, s.start_time), (None, 0, None));
    assert_eq!(rng, MsvcRand::default(), "no rand() without a cycle");
    let s = select_by_time(&zero(AnimMode::OneShot), 500, 0, &mut MsvcRand::default());
    assert_eq!((s.key, s.phase, s.next_phase), (Some(1), 1, 1));
}

#[test]
fn zero_length_intervals_are_never_selected() {
    let b = AnimBlock::new(
        AnimMode::PingPong,
        0,
        vec![Key { k0: 0, k1: 100, k2: 0 }, Key { k0: 1, k1: 100, k2: 0 }, Key { k0: 2, k1: 200, k2: 0 }, Key { k0: 0, k1: 200, k2: 0 }],
    );
    for t in 0..=400u32 {
        let s = select_by_time(&b, t, 0, &mut MsvcRand::default());
        assert!(matches!(s.key, Some(0) | Some(2)), "t={t}: {:?}", s.key);
    }
    // The backward pass ends exactly on the cycle end: key 2, the last non-empty one.
    let s = select_by_time(&b, 200, 0, &mut MsvcRand::default());
    assert_eq!((s.key, s.alpha), (Some(2), 1.0));
}

fn two_phase_mat(mask: u32) -> Mat0 {
    Mat0::parse(&fx::interp(mask), 6).unwrap()
}

#[test]
fn interpolation_under_both_readings() {
    let m = two_phase_mat(0x02);
    let r = Readings::default();
    let s = state_at_time(&m, 0, 500, 0, &mut MsvcRand::default(), &r).unwrap();
    assert_eq!((s.phase, s.next_phase, s.alpha), (0, 1, 0.5));
    assert_eq!(s.values[0], 0.0);
    assert_eq!(&s.values[1..4], &[0.5, 0.5, 0.5]);
    assert_eq!(s.values[4], 0.0);
    // Not interpolated: the current phase's power, cell and texture.
    assert_eq!((s.u16, s.cell, s.texture.as_deref()), (0, 0, Some("ROCK.0")));

    let earlier = Readings { interp_mask: InterpMask::OneFloatEarlier, ..Readings::default() };
    let s = state_at_time(&m, 0, 500, 0, &mut MsvcRand::default(), &earlier).unwrap();
    assert_eq!(&s.values[0..4], &[0.5, 0.5, 0.5, 0.0]);

    // All bits: the public description's reading leaves +0, +16 and +48 at the current phase.
    let m = two_phase_mat(0x1F);
    let s = state_at_time(&m, 0, 250, 0, &mut MsvcRand::default(), &r).unwrap();
    for i in 0..16 {
        let want = if [0, 4, 12].contains(&i) { 0.0 } else if i == 7 { 2.55 * 0.25 } else { 0.25 };
        assert!((s.values[i] - want).abs() < 1e-6, "value {i}: {} vs {want}", s.values[i]);
    }
}

#[test]
fn bad_phase_index_evaluates_as_the_last_phase() {
    let mut m = Mat0::new(6);
    m.phases = vec![Phase::new([0; 18], "A.0").unwrap(), Phase::new([255; 18], "B.0").unwrap()];
    m.anim.push(AnimBlock::new(AnimMode::Loop, 0, vec![Key { k0: 9, k1: 100, k2: 0 }, Key { k0: 0, k1: 200, k2: 0 }]));
    let s = state_at_time(&m, 0, 10, 0, &mut MsvcRand::default(), &Readings::default()).unwrap();
    assert_eq!((s.phase, s.next_phase), (1, 0));
    assert_eq!(s.texture.as_deref(), Some("B.0"));
    assert_eq!(s.diagnostics.iter().filter(|d| d.severity == Severity::Error).count(), 1);
}

#[test]
fn static_materials_and_missing_blocks() {
    let b = fx::static_material([1, 2, 3], "ROCK.0");
    let s = material_state(&b, 6, 12345, 0, None, &Readings::default()).unwrap();
    assert_eq!((s.phase, s.next_phase, s.alpha), (0, 0, 0.0));
    assert_eq!(s.values[0], 1.0 / 255.0);
    let e = material_state(&b, 6, 0, 1, None, &Readings::default()).unwrap_err();
    assert!(e.message.contains("block 1 does not exist"), "{e}");
    let e = material_state(&fx::mode(AnimMode::Loop), 6, 0, 3, None, &Readings::default()).unwrap_err();
    assert_eq!(e.offset, 2);
    let empty = Mat0::new(6).write().unwrap();
    assert!(material_state(&empty, 6, 0, 0, None, &Readings::default()).is_err());
    // A malformed payload is the parser's error.
    assert!(material_state(&[1], 6, 0, 0, None, &Readings::default()).is_err());
}

#[test]
fn material_state_json_has_the_cli_fields() {
    let s = material_state(&fx::mode(AnimMode::Loop), 6, 450, 0, None, &Readings::default()).unwrap();
    let v = serde_json::to_value(&s).unwrap();
    let o = v.as_object().unwrap();
    let mut keys: Vec<&str> = o.keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(keys, ["alpha", "block", "cell", "next_phase", "phase", "texture", "u16", "values"]);
    assert_eq!(v["phase"], 2);
    assert_eq!(v["next_phase"], 0);
    assert_eq!(v["alpha"], 0.5);
    assert_eq!(v["values"].as_array().unwrap().len(), 16);
    assert_eq!(v["texture"], "GLASS.0");
    assert_eq!(v["u16"], 3);

    // Random mode adds the start-time write; the seed picks the sequence (srand(0): 38).
    let s = material_state(&fx::mode(AnimMode::Random), 6, 0, 0, Some(0), &Readings::default()).unwrap();
    assert_eq!((s.start_time, s.phase, s.alpha), (Some(38), 0, 0.38));
    let v = serde_json::to_value(&s).unwrap();
    assert_eq!(v["start_time"], 38);
    // No texture: null, and cell -1.
    let s = material_state(&fx::static_material([0, 0, 0], ""), 6, 0, 0, None, &Readings::default()).unwrap();
    let v = serde_json::to_value(&s).unwrap();
    assert!(v["texture"].is_null());
    assert_eq!(v["cell"], -1);
}

#[test]
fn state_at_t_uses_the_block_cycle() {
    let m = Mat0::parse(&fx::mode(AnimMode::Loop), 6).unwrap();
    let s = state_at_t(&m, 0, 0.75, &mut MsvcRand::default(), &Readings::default()).unwrap();
    assert_eq!((s.phase, s.next_phase, s.alpha), (2, 0, 0.5));
}
