//! Validation of a parsed MAT0 beyond what parsing refuses: what the game would trip over
//! (errors) and what is unusual but plays (warnings, infos). Every finding carries the byte
//! offset of the field within the payload.

use super::flags::{KNOWN_BITS, Mat0Flags};
use super::{AnimMode, Mat0, PARAMS_LEN, SHIPPED_VERSION};
use crate::formats::error::{Diagnostic, Severity};
use crate::formats::message::{Message, hex};
use crate::msg;

/// Entries of the engine's blend-mode table; nibbleMode indexes it unchecked.
pub const BLEND_TABLE_LEN: u8 = 5;

fn at(severity: Severity, offset: usize, message: impl Into<Message>) -> Diagnostic {
    Diagnostic::new(severity, Some(offset as u64), message)
}

/// Findings for a material parsed from an entry with these NRes attrs.
pub fn validate(mat: &Mat0, attrs: [u32; 3]) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let [attr1, _, attr3] = attrs;
    if mat.version > SHIPPED_VERSION {
        out.push(at(
            Severity::Info,
            0,
            msg!(
                "mat0-version-above-shipped",
                "version (attr2) {version} is above the shipped {shipped}; laid out as version 4 and up",
                version = mat.version,
                shipped = SHIPPED_VERSION
            ),
        ));
    }
    let flags = Mat0Flags(attr1);
    if flags.nibble_mode() >= BLEND_TABLE_LEN {
        out.push(at(
            Severity::Warning,
            0,
            msg!(
                "mat0-nibble-mode",
                "nibbleMode (attr1 bits 2..5) is {mode}: the engine's blend table has entries 0..{last} only",
                mode = flags.nibble_mode(),
                last = BLEND_TABLE_LEN - 1
            ),
        ));
    }
    if flags.unknown_bits() != 0 {
        out.push(at(
            Severity::Info,
            0,
            msg!(
                "mat0-unknown-bits",
                "attr1 bits {bits} are not read by the engine (kept); known bits {known}",
                bits = hex(flags.unknown_bits()),
                known = hex(KNOWN_BITS)
            ),
        ));
    }
    if attr3 != 0 {
        out.push(at(Severity::Info, 0, msg!("mat0-attr3", "attr3 is {attr3}; the engine does not read it (kept)", attr3 = attr3)));
    }
    if mat.phases.is_empty() {
        out.push(at(Severity::Warning, 0, msg!("mat0-no-phases", "the material has no phases; the engine has nothing to draw it with")));
    }
    check_phases(mat, &mut out);
    check_blocks(mat, &mut out);
    out
}

fn check_phases(mat: &Mat0, out: &mut Vec<Diagnostic>) {
    for (i, p) in mat.phases.iter().enumerate() {
        let base = mat.phase_offset(i);
        if !p.has_texture() {
            continue;
        }
        let name = crate::formats::cp1251::decode(p.texture_bytes());
        if !p.texture_terminated() {
            out.push(at(
                Severity::Warning,
                base + PARAMS_LEN,
                msg!(
                    "mat0-texture-unterminated",
                    "phase {i}: texture name {name:?} fills all 16 bytes with no NUL; the engine reads on into the next record",
                    i = i,
                    name = name.clone()
                ),
            ));
        }
        // The texture load applies the name rules of
        // docs/formats/texm.md#which-palette-a-texture-name-selects (a '.' among the first 17
        // characters, the palette suffix): the Texm module owns them.
        if let Some(d) = crate::formats::texm::palette_suffix(p.texture_bytes()).diagnostic() {
            out.push(at(d.severity, base + PARAMS_LEN, d.text().prefixed(&format!("phase {i}: texture {name:?}: "))));
        }
        if p.device_power().is_none() {
            out.push(at(
                Severity::Warning,
                base + super::phase::POWER,
                msg!("mat0-power-overflow", "phase {i}: power step {power} makes 1 << {power} overflow 32 bits", i = i, power = p.power()),
            ));
        }
    }
}

fn check_blocks(mat: &Mat0, out: &mut Vec<Diagnostic>) {
    let n = mat.phases.len();
    for (b, block) in mat.anim.iter().enumerate() {
        let base = mat.block_offset(b);
        if let AnimMode::Unknown(m) = block.mode() {
            out.push(at(Severity::Warning, base, msg!("mat0-check-mode-unknown", "animation block {b}: mode {m} has no engine branch; it plays as a loop", b = b, m = m)));
        }
        if block.interp_mask() & !0x1F != 0 {
            out.push(at(
                Severity::Info,
                base,
                msg!(
                    "mat0-interp-mask",
                    "animation block {b}: interp_mask {mask} has bits above 0x10 that drive nothing",
                    b = b,
                    mask = hex(block.interp_mask())
                ),
            ));
        }
        if block.keys.is_empty() {
            out.push(at(Severity::Info, base + 4, msg!("mat0-block-no-keys", "animation block {b} has no keys: it shows phase 0", b = b)));
            continue;
        }
        if block.cycle_len() == 0 {
            out.push(at(
                Severity::Warning,
                mat.key_offset(b, block.keys.len() - 1) + 2,
                msg!("mat0-empty-cycle", "animation block {b}: the last key's k1 is 0, so the cycle is empty and the block shows a fixed phase", b = b),
            ));
        }
        for (k, key) in block.keys.iter().enumerate() {
            let ko = mat.key_offset(b, k);
            if usize::from(key.k0) >= n {
                out.push(at(
                    Severity::Error,
                    ko,
                    msg!(
                        "mat0-key-phase",
                        "animation block {b} key {k}: phase {phase} is not a phase index (the material has {n}); it evaluates as the last phase",
                        b = b,
                        k = k,
                        phase = key.k0,
                        n = n
                    ),
                ));
            }
            if let Some((s, e)) = block.interval(k) {
                if e < s {
                    out.push(at(
                        Severity::Warning,
                        ko + 2,
                        msg!(
                            "mat0-key-backwards",
                            "animation block {b} key {k}: k1 {e} is before the previous key's {s}; the key is never selected",
                            b = b,
                            k = k,
                            e = e,
                            s = s
                        ),
                    ));
                } else if e == s && block.cycle_len() != 0 {
                    out.push(at(
                        Severity::Info,
                        ko + 2,
                        msg!("mat0-key-zero-length", "animation block {b} key {k}: zero-length interval at {s} ms; never selected", b = b, k = k, s = s),
                    ));
                }
            }
            if key.k2 != 0 {
                out.push(at(Severity::Info, ko + 4, msg!("mat0-key-k2", "animation block {b} key {k}: k2 is {k2} (never read; kept)", b = b, k = k, k2 = key.k2)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::mat0::{AnimBlock, Key, Phase};

    fn mat() -> Mat0 {
        let mut m = Mat0::new(6);
        m.phases.push(Phase::new([0; 18], "ROCK.0").unwrap());
        m.phases.push(Phase::new([0; 18], "").unwrap());
        m
    }

    fn messages(d: &[Diagnostic], sev: Severity) -> Vec<(u64, String)> {
        d.iter().filter(|d| d.severity == sev).map(|d| (d.offset.unwrap(), d.message.clone())).collect()
    }

    #[test]
    fn clean_material_has_no_findings() {
        let mut m = mat();
        m.anim.push(AnimBlock::new(AnimMode::Loop, 0x1F, vec![Key { k0: 0, k1: 100, k2: 0 }, Key { k0: 1, k1: 200, k2: 0 }]));
        assert!(validate(&m, [0, 6, 0]).is_empty(), "{:?}", validate(&m, [0, 6, 0]));
    }

    #[test]
    fn bad_phase_index_is_an_error_at_the_key() {
        let mut m = mat();
        m.anim.push(AnimBlock::new(AnimMode::Loop, 0, vec![Key { k0: 0, k1: 10, k2: 0 }, Key { k0: 2, k1: 20, k2: 0 }]));
        let d = validate(&m, [0, 6, 0]);
        let e = messages(&d, Severity::Error);
        // header 4 + prefix 10 + 2 phases * 34 = 82; block header 6; key 1 at 82 + 6 + 6 = 94.
        assert_eq!(e.len(), 1);
        assert_eq!(e[0].0, 94);
        assert!(e[0].1.contains("phase 2 is not a phase index"), "{}", e[0].1);
        let key = d.iter().find(|d| d.severity == Severity::Error).and_then(|d| d.key.as_deref());
        assert_eq!(
            crate::app::i18n::messages::text_in(crate::app::i18n::Language::Russian, &e[0].1, key),
            "блок анимации 0, ключ 1: фазы 2 нет (у материала 2 фазы); вычисляется как последняя фаза"
        );
    }

    #[test]
    fn unusual_values_warn() {
        let mut m = mat();
        m.phases[0].name = *b"NODOTNAMEXXXXXXX";
        m.phases[0].params[16] = 40;
        m.anim.push(AnimBlock::new(AnimMode::Unknown(5), 0x20, vec![Key { k0: 0, k1: 50, k2: 3 }, Key { k0: 0, k1: 20, k2: 0 }]));
        m.anim.push(AnimBlock::new(AnimMode::Loop, 0, vec![Key { k0: 0, k1: 0, k2: 0 }]));
        m.anim.push(AnimBlock::new(AnimMode::Loop, 0, vec![]));
        m.version = 9;
        let d = validate(&m, [0x80 | (7 << 2), 9, 1]);
        let w: Vec<String> = messages(&d, Severity::Warning).into_iter().map(|x| x.1).collect();
        let all = w.join("\n");
        for needle in ["no NUL", "Bad texture name.", "overflow", "mode 5", "before the previous", "cycle is empty", "nibbleMode"] {
            assert!(all.contains(needle), "missing {needle:?} in\n{all}");
        }
        // The Texm name rule inside a phase: the phase and texture in front, the Texm id kept.
        let named = d.iter().find(|d| d.message.contains("Bad texture name.")).and_then(|d| d.key.as_deref()).expect("keyed");
        assert_eq!((named.id, named.prefix.as_str()), ("texm-bad-name", "phase 0: texture \"NODOTNAMEXXXXXXX\": "));
        let i: Vec<String> = messages(&d, Severity::Info).into_iter().map(|x| x.1).collect();
        let all = i.join("\n");
        for needle in ["above the shipped", "attr1 bits 0x80", "attr3 is 1", "bits above 0x10", "k2 is 3", "has no keys"] {
            assert!(all.contains(needle), "missing {needle:?} in\n{all}");
        }
        assert!(messages(&d, Severity::Error).is_empty());
    }
}
