use super::*;
use crate::formats::bytes::SharedBytes;
use crate::fixtures::mat0 as fx;
use proptest::prelude::*;

/// A version-6 payload laid out by hand.
fn hand_built() -> Vec<u8> {
    let mut b = Vec::new();
    b.extend_from_slice(&[0x02, 0x00]); // phase_count = 2
    b.extend_from_slice(&[0x01, 0x00]); // anim_block_count = 1
    b.push(0x05); // metaA: ground class 5
    b.push(0xFF); // metaB: unused
    b.extend_from_slice(&1.5f32.to_le_bytes()); // metaC: speed factor 1.5
    b.extend_from_slice(&0.25f32.to_le_bytes()); // metaD: damage per second 0.25
    // phase 0: p[0..18], then the 16-byte name with junk after the NUL
    b.extend_from_slice(&[10, 20, 30, 100, 255, 128, 0, 255, 1, 2, 3, 4, 5, 6, 7, 8, 4, 0xFF]);
    b.extend_from_slice(b"ROCK.0\0\xAA\xBB\0\0\0\0\0\0\0");
    // phase 1: all zero parameters, no texture
    b.extend_from_slice(&[0; 18]);
    b.extend_from_slice(&[0; 16]);
    // block 0: header = mode 1 (ping-pong) | interp_mask 0x1F << 3
    b.extend_from_slice(&(1u32 | 0x1F << 3).to_le_bytes());
    b.extend_from_slice(&[0x02, 0x00]); // key_count = 2
    b.extend_from_slice(&[0x00, 0x00, 0xE8, 0x03, 0x00, 0x00]); // k0 0, k1 1000, k2 0
    b.extend_from_slice(&[0x01, 0x00, 0xD0, 0x07, 0x34, 0x12]); // k0 1, k1 2000, k2 0x1234
    b
}

#[test]
fn hand_built_payload_parses_field_by_field() {
    let b = hand_built();
    let m = Mat0::parse(&b, 6).unwrap();
    assert_eq!(m.meta, Meta { a: 5, b: 0xFF, c: 1.5f32.to_bits(), d: 0.25f32.to_bits() });
    assert_eq!(m.meta.speed_factor(), 1.5);
    assert_eq!(m.phases.len(), 2);
    assert_eq!(m.phases[0].params[17], 0xFF);
    assert_eq!(&m.phases[0].name[..9], b"ROCK.0\0\xAA\xBB");
    assert_eq!(m.anim.len(), 1);
    assert_eq!(m.anim[0].mode(), AnimMode::PingPong);
    assert_eq!(m.anim[0].interp_mask(), 0x1F);
    assert_eq!(m.anim[0].keys, vec![Key { k0: 0, k1: 1000, k2: 0 }, Key { k0: 1, k1: 2000, k2: 0x1234 }]);
    assert_eq!(m.anim[0].cycle_len(), 2000);
    assert_eq!(m.write().unwrap(), b);
    assert_eq!(m.encoded_len(), b.len());
    assert_eq!(m.phase_offset(1), 4 + 10 + 34);
    assert_eq!(m.key_offset(0, 1), 4 + 10 + 68 + 6 + 6);
}

#[test]
fn prefix_by_version_and_runtime_defaults() {
    // The same phases and blocks after a 0, 0, 2, 6 and 10-byte prefix.
    for v in 0..=8u32 {
        let b = fx::version(v);
        let m = Mat0::parse(&b, v).unwrap();
        assert_eq!(b.len(), 4 + prefix_len(v) + 2 * PHASE_LEN + BLOCK_HEAD_LEN + 2 * KEY_LEN, "v{v}");
        let d = Meta::RUNTIME_DEFAULT;
        assert_eq!(m.meta.a, if v >= 2 { 3 } else { d.a });
        assert_eq!(m.meta.b, if v >= 2 { 0x7E } else { d.b });
        assert_eq!(m.meta.speed_factor(), if v >= 3 { 1.5 } else { 1.0 });
        assert_eq!(m.meta.damage_per_second(), if v >= 4 { 2.0 } else { 0.0 });
        assert_eq!(m.write().unwrap(), b, "v{v} round trip");
    }
}

#[test]
fn reading_with_the_wrong_version_fails_with_an_offset() {
    // A version-6 payload read as version 0 has 10 bytes too many at the end... or misreads
    // the phases: either way an error, not a panic.
    let b = fx::version(6);
    let e = Mat0::parse(&b, 0).unwrap_err();
    assert!(e.offset as usize <= b.len(), "{e}");
}

#[test]
fn twenty_animation_blocks_are_refused_at_offset_2() {
    let b = [0, 0, 20, 0];
    let e = Mat0::parse(&b, 6).unwrap_err();
    assert_eq!(e.offset, 2);
    assert!(e.message.contains("Too many animations"), "{e}");
    // 19 is the most the engine takes: the error is then the missing bytes, further on.
    let e = Mat0::parse(&[0, 0, 19, 0], 0).unwrap_err();
    assert_eq!(e.offset, 4);
    assert!(e.message.contains("animation block 0"), "{e}");
}

#[test]
fn tail_bytes_are_an_error_where_they_start() {
    let mut b = hand_built();
    let end = b.len();
    b.extend_from_slice(&[1, 2, 3]);
    let e = Mat0::parse(&b, 6).unwrap_err();
    assert_eq!(e.offset as usize, end);
    assert!(e.message.contains("3 bytes after the last animation block"), "{e}");
}

#[test]
fn truncated_phase_names_the_phase() {
    let b = hand_built();
    let cut = &b[..4 + 10 + 34 + 20];
    let e = Mat0::parse(cut, 6).unwrap_err();
    assert_eq!(e.offset as usize, 4 + 10 + 34);
    assert_eq!(e.context, vec!["phases[1]".to_string()]);
    assert!(e.message.contains("phase 1 of 2 runs past the end of the payload (need 34 bytes, 20 left)"), "{e}");
}

#[test]
fn truncated_key_names_block_and_key() {
    let b = hand_built();
    let cut = &b[..b.len() - 4];
    let e = Mat0::parse(cut, 6).unwrap_err();
    assert_eq!(e.offset as usize, b.len() - 6);
    assert_eq!(e.context, vec!["anim[0]".to_string(), "keys[1]".to_string()]);
    assert!(e.message.contains("animation block 0 key 1 of 2 runs past the end of the payload (need 6 bytes, 2 left)"), "{e}");
}

#[test]
fn truncation_at_every_offset_is_an_error_with_an_offset() {
    for (name, b) in fx::all().into_iter().filter(|(n, _)| *n != "Material.lib") {
        let v = fx::entries().iter().find(|e| e.name == name).unwrap().attrs[1];
        for cut in 0..b.len() {
            let e = Mat0::parse(&b[..cut], v).expect_err(name);
            assert!(e.offset as usize <= cut, "{name} cut at {cut}: {e}");
        }
    }
}

#[test]
fn huge_counts_fail_before_allocating() {
    // phase_count 0xFFFF with four bytes of phases.
    let e = Mat0::parse(&[0xFF, 0xFF, 0, 0, 1, 2, 3, 4], 0).unwrap_err();
    assert_eq!(e.offset, 4);
    // key_count 0xFFFF in a block with nothing after it.
    let mut b = vec![0, 0, 1, 0];
    b.extend_from_slice(&[0, 0, 0, 0, 0xFF, 0xFF]);
    let e = Mat0::parse(&b, 0).unwrap_err();
    assert_eq!(e.offset, 10);
    assert!(e.message.contains("key 0 of 65535"), "{e}");
}

#[test]
fn opaque_bytes_survive() {
    let b = fx::opaque_bytes();
    let m = Mat0::parse(&b, 6).unwrap();
    assert_eq!(m.anim[0].keys[0].k2, 0xBEEF);
    assert_eq!(m.anim[0].header >> 28, 0xF);
    assert_eq!(&m.phases[0].name[7..10], b"\x01\x02\xFF");
    assert_eq!(m.write().unwrap(), b);
}

#[test]
fn writer_refuses_what_it_cannot_store() {
    let mut m = Mat0::parse(&fx::version(1), 1).unwrap();
    m.meta.set_speed_factor(2.0);
    let e = m.write().unwrap_err();
    assert!(e.message.contains("metaC"), "{e}");
    // Raising the version makes the field storable: the value set is kept and written.
    m.set_version(3);
    let b = m.write().unwrap();
    assert_eq!(Mat0::parse(&b, 3).unwrap().meta.speed_factor(), 2.0);
    m.set_version(0);
    assert_eq!(m.meta, Meta::RUNTIME_DEFAULT);
    m.anim = vec![AnimBlock::default(); 20];
    assert_eq!(m.write().unwrap_err().offset, 2);
}

#[test]
fn header_setters_keep_the_other_part() {
    let mut b = AnimBlock { header: 0xFFFF_FFF8 | 2, keys: vec![] };
    b.set_mode(AnimMode::Random);
    assert_eq!(b.header, 0xFFFF_FFFB);
    b.set_interp_mask(0x05);
    assert_eq!(b.header, 0x05 << 3 | 3);
    assert_eq!(AnimMode::from_bits(6), AnimMode::Unknown(6));
    assert_eq!(AnimMode::Unknown(6).bits(), 6);
}

fn arb_phase() -> impl Strategy<Value = Phase> {
    (prop::array::uniform18(any::<u8>()), prop::array::uniform16(any::<u8>())).prop_map(|(params, name)| Phase { params, name })
}

fn arb_block() -> impl Strategy<Value = AnimBlock> {
    (any::<u32>(), prop::collection::vec((any::<u16>(), any::<u16>(), any::<u16>()), 0..12))
        .prop_map(|(header, ks)| AnimBlock { header, keys: ks.into_iter().map(|(k0, k1, k2)| Key { k0, k1, k2 }).collect() })
}

fn arb_mat0() -> impl Strategy<Value = Mat0> {
    (0u32..9, any::<(u8, u8, u32, u32)>(), prop::collection::vec(arb_phase(), 0..6), prop::collection::vec(arb_block(), 0..20))
        .prop_map(|(version, (a, b, c, d), phases, anim)| {
            let mut m = Mat0 { version, meta: Meta { a, b, c, d }, phases, anim };
            // Fields the version does not store are the runtime defaults by construction.
            m.set_version(version);
            m
        })
}

proptest! {
    #[test]
    fn write_then_parse_is_identity(m in arb_mat0()) {
        let b = m.write().unwrap();
        prop_assert_eq!(b.len(), m.encoded_len());
        let back = Mat0::parse(&b, m.version).unwrap();
        prop_assert_eq!(&back, &m);
        prop_assert_eq!(back.write().unwrap(), b);
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..300), v in 0u32..8) {
        if let Ok(m) = Mat0::parse(&bytes, v) {
            prop_assert_eq!(m.write().unwrap(), bytes.clone());
        }
        // The in-place reading accepts and refuses exactly what the parse does, with the same
        // error.
        match (Mat0::parse(&bytes, v), Mat0Ref::parse(&bytes[..], v)) {
            (Ok(m), Ok(view)) => prop_assert_eq!(view.to_mat0(), m),
            (Err(a), Err(b)) => prop_assert_eq!((a.offset, a.to_string()), (b.offset, b.to_string())),
            (a, b) => prop_assert!(false, "parse {:?}, view {:?}", a.map(|_| ()), b.map(|_| ())),
        }
    }

    /// Read in place from shared bytes (a payload inside a larger buffer, as an archive's
    /// entry is), a material is a view of them: phases where they lie, keys read from them,
    /// the bytes kept; the owned copy equals the parse and writes the input back.
    #[test]
    fn a_shared_reading_keeps_the_bytes(m in arb_mat0(), before in prop::collection::vec(any::<u8>(), 0..9)) {
        let b = m.write().unwrap();
        let file = SharedBytes::from([&before[..], &b[..], b"tail"].concat());
        let payload = file.slice(before.len()..before.len() + b.len());
        let view = Mat0Ref::parse(&payload, m.version).unwrap();
        prop_assert!(view.bytes().same_buffer(&file));
        prop_assert_eq!(view.phases(), &m.phases[..]);
        if let Some(p) = view.phases().first() {
            prop_assert!(std::ptr::eq(p.params.as_ptr(), &payload[m.phase_offset(0)]), "the phases are the payload's");
        }
        prop_assert_eq!((view.version(), view.meta(), view.block_count()), (m.version, m.meta, m.anim.len()));
        for (k, block) in m.anim.iter().enumerate() {
            prop_assert_eq!(view.block_header(k), block.header);
            prop_assert_eq!(view.keys(k).collect::<Vec<_>>(), block.keys.clone());
        }
        let owned = view.to_mat0();
        prop_assert_eq!(&owned, &m);
        prop_assert_eq!(owned.write().unwrap(), b);
    }
}
