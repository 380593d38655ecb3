//! The structural edits of a material, on the interpreted [`Mat0`]: phases added, duplicated,
//! removed and moved with every key that names them re-pointed, animation blocks and keys
//! added and removed, a key's end moved. Each returns what it did to keys so the editor can say
//! so; the caller writes the result back as one undo step.

use crate::formats::mat0::{ANIM_BLOCK_LIMIT, AnimBlock, AnimMode, Key, Mat0, NAME_LEN, Phase};

/// A key whose phase index changed because its phase was removed (not just renumbered).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Repointed {
    pub block: usize,
    pub key: usize,
    pub from: u16,
    pub to: u16,
}

/// Applies `f` to every key's `k0` that is a phase index (keys already past the last phase stay
/// as they are: they are flagged, and renumbering would only move the error).
fn map_keys(m: &mut Mat0, phases_before: usize, mut f: impl FnMut(usize, usize, u16) -> u16) {
    for (b, block) in m.anim.iter_mut().enumerate() {
        for (k, key) in block.keys.iter_mut().enumerate() {
            if usize::from(key.k0) < phases_before {
                key.k0 = f(b, k, key.k0);
            }
        }
    }
}

/// A new phase: mid-grey ambient, light grey diffuse, a little specular, no emission, power
/// step 3, no texture.
pub fn default_phase() -> Phase {
    Phase { params: [64, 64, 64, 100, 160, 160, 160, 255, 32, 32, 32, 255, 0, 0, 0, 255, 3, 0], name: [0; NAME_LEN] }
}

/// Appends `phase` (a copy of one, or a new one) at the end; no key changes.
pub fn add_phase(m: &mut Mat0, phase: Phase) -> Result<usize, String> {
    if m.phases.len() >= usize::from(u16::MAX) {
        return Err(crate::tr!("mat-err-phases-full"));
    }
    m.phases.push(phase);
    Ok(m.phases.len() - 1)
}

/// Inserts a copy of phase `i` after it; keys naming later phases follow them.
pub fn duplicate_phase(m: &mut Mat0, i: usize) -> Result<usize, String> {
    let Some(&p) = m.phases.get(i) else { return Err(crate::tr!("mat-err-no-phase", i = i.to_string())) };
    if m.phases.len() >= usize::from(u16::MAX) {
        return Err(crate::tr!("mat-err-phases-full"));
    }
    let n = m.phases.len();
    m.phases.insert(i + 1, p);
    map_keys(m, n, |_, _, k0| if usize::from(k0) > i { k0 + 1 } else { k0 });
    Ok(i + 1)
}

/// Removes phase `i`. Keys naming later phases follow them; keys naming `i` itself are
/// re-pointed to the phase that takes its place (the previous one when it was the last) and
/// listed. The last phase cannot go while keys remain (they would name nothing).
pub fn remove_phase(m: &mut Mat0, i: usize) -> Result<Vec<Repointed>, String> {
    let n = m.phases.len();
    if i >= n {
        return Err(crate::tr!("mat-err-no-phase", i = i.to_string()));
    }
    if n == 1 && m.anim.iter().any(|b| !b.keys.is_empty()) {
        return Err(crate::tr!("mat-err-only-phase"));
    }
    m.phases.remove(i);
    let to = if i + 1 < n { i } else { i.saturating_sub(1) } as u16;
    let mut moved = Vec::new();
    map_keys(m, n, |b, k, k0| match usize::from(k0) {
        x if x == i => {
            moved.push(Repointed { block: b, key: k, from: k0, to });
            to
        }
        x if x > i => k0 - 1,
        _ => k0,
    });
    Ok(moved)
}

/// Swaps phases `i` and `j` and the keys naming them.
pub fn swap_phases(m: &mut Mat0, i: usize, j: usize) -> Result<(), String> {
    let n = m.phases.len();
    if i >= n || j >= n {
        return Err(crate::tr!("mat-err-phase-pair", i = i.to_string(), j = j.to_string(), n = n));
    }
    m.phases.swap(i, j);
    let (a, b) = (i as u16, j as u16);
    map_keys(m, n, |_, _, k0| if k0 == a { b } else if k0 == b { a } else { k0 });
    Ok(())
}

/// The engine's limit on blocks is checked here so the message is the editor's own.
pub fn add_block(m: &mut Mat0) -> Result<usize, String> {
    if m.anim.len() + 1 >= ANIM_BLOCK_LIMIT {
        return Err(crate::tr!("mat-err-blocks-full", n = ANIM_BLOCK_LIMIT - 1));
    }
    m.anim.push(AnimBlock::new(AnimMode::Loop, 0, vec![Key { k0: 0, k1: 1000, k2: 0 }]));
    Ok(m.anim.len() - 1)
}

pub fn remove_block(m: &mut Mat0, b: usize) -> Result<(), String> {
    if b >= m.anim.len() {
        return Err(crate::tr!("mat-err-no-block", b = b.to_string()));
    }
    m.anim.remove(b);
    Ok(())
}

/// Appends a key after the last: the last key's phase moved on by one (wrapping), 100 ms long.
pub fn append_key(m: &mut Mat0, b: usize) -> Result<usize, String> {
    let phases = m.phases.len().max(1);
    let block = m.anim.get_mut(b).ok_or_else(|| crate::tr!("mat-err-no-block", b = b.to_string()))?;
    check_key_room(block)?;
    let key = match block.keys.last() {
        Some(l) => Key { k0: ((usize::from(l.k0) + 1) % phases) as u16, k1: l.k1.saturating_add(100), k2: 0 },
        None => Key { k0: 0, k1: 100, k2: 0 },
    };
    block.keys.push(key);
    Ok(block.keys.len() - 1)
}

/// Inserts a key before key `k` that takes the first half of its interval (same phase), so no
/// other key's time moves.
pub fn insert_key(m: &mut Mat0, b: usize, k: usize) -> Result<usize, String> {
    let block = m.anim.get_mut(b).ok_or_else(|| crate::tr!("mat-err-no-block", b = b.to_string()))?;
    check_key_room(block)?;
    let (start, end) = block.interval(k).ok_or_else(|| crate::tr!("mat-err-no-key", k = k.to_string(), b = b.to_string()))?;
    let mid = if end > start { start + (end - start) / 2 } else { end };
    let key = Key { k0: block.keys[k].k0, k1: mid as u16, k2: 0 };
    block.keys.insert(k, key);
    Ok(k)
}

pub fn remove_key(m: &mut Mat0, b: usize, k: usize) -> Result<(), String> {
    let block = m.anim.get_mut(b).ok_or_else(|| crate::tr!("mat-err-no-block", b = b.to_string()))?;
    if k >= block.keys.len() {
        return Err(crate::tr!("mat-err-no-key", k = k.to_string(), b = b.to_string()));
    }
    block.keys.remove(k);
    Ok(())
}

fn check_key_room(block: &AnimBlock) -> Result<(), String> {
    if block.keys.len() >= usize::from(u16::MAX) {
        return Err(crate::tr!("mat-err-keys-full"));

    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::mat0::plain;

    fn material() -> Mat0 {
        let mut m = Mat0::new(6);
        m.phases = vec![plain([255, 0, 0], "A"), plain([0, 255, 0], "B"), plain([0, 0, 255], "C")];
        let keys = |l: &[(u16, u16)]| l.iter().map(|&(k0, k1)| Key { k0, k1, k2: 7 }).collect();
        m.anim = vec![AnimBlock::new(AnimMode::Loop, 0, keys(&[(0, 100), (1, 200), (2, 300), (9, 400)])), AnimBlock::new(AnimMode::PingPong, 0, keys(&[(2, 50)]))];
        m
    }

    fn k0s(m: &Mat0, b: usize) -> Vec<u16> {
        m.anim[b].keys.iter().map(|k| k.k0).collect()
    }

    #[test]
    fn removing_a_phase_repoints_its_keys_and_renumbers_later_ones() {
        let mut m = material();
        let moved = remove_phase(&mut m, 1).unwrap();
        assert_eq!(m.phases.len(), 2);
        assert_eq!(k0s(&m, 0), vec![0, 1, 1, 9]);
        assert_eq!(k0s(&m, 1), vec![1]);
        assert_eq!(moved, vec![Repointed { block: 0, key: 1, from: 1, to: 1 }]);
        // The last phase removed: its keys go to the one before.
        let moved = remove_phase(&mut m, 1).unwrap();
        assert_eq!(k0s(&m, 0), vec![0, 0, 0, 9]);
        assert_eq!(moved.len(), 3);
        assert!(remove_phase(&mut m, 0).is_err(), "keys still name the only phase");
        assert!(remove_phase(&mut m, 5).is_err());
    }

    #[test]
    fn duplicating_and_swapping_keep_keys_on_their_phases() {
        let mut m = material();
        assert_eq!(duplicate_phase(&mut m, 0).unwrap(), 1);
        assert_eq!(m.phases[0], m.phases[1]);
        assert_eq!(k0s(&m, 0), vec![0, 2, 3, 9]);
        let before = m.phases.clone();
        swap_phases(&mut m, 2, 3).unwrap();
        assert_eq!((m.phases[2], m.phases[3]), (before[3], before[2]));
        assert_eq!(k0s(&m, 0), vec![0, 3, 2, 9]);
        assert_eq!(k0s(&m, 1), vec![2]);
        assert!(swap_phases(&mut m, 0, 4).is_err());
        // The unused word is untouched by every re-pointing.
        assert!(m.anim.iter().flat_map(|b| &b.keys).all(|k| k.k2 == 7));
    }

    #[test]
    fn blocks_stop_at_the_engine_limit() {
        let mut m = material();
        while m.anim.len() < ANIM_BLOCK_LIMIT - 1 {
            add_block(&mut m).unwrap();
        }
        let e = add_block(&mut m).unwrap_err();
        assert!(e.contains("at most 19"), "{e}");
        assert!(m.write().is_ok());
        remove_block(&mut m, 0).unwrap();
        assert_eq!(m.anim.len(), 18);
        assert!(remove_block(&mut m, 40).is_err());
    }

    #[test]
    fn keys_are_added_inserted_and_removed_without_moving_other_ends() {
        let mut m = material();
        assert_eq!(append_key(&mut m, 1).unwrap(), 1);
        assert_eq!(m.anim[1].keys[1], Key { k0: 0, k1: 150, k2: 0 });
        assert_eq!(insert_key(&mut m, 0, 1).unwrap(), 1);
        let ends: Vec<u16> = m.anim[0].keys.iter().map(|k| k.k1).collect();
        assert_eq!(ends, vec![100, 150, 200, 300, 400]);
        assert_eq!(m.anim[0].keys[1].k0, 1);
        remove_key(&mut m, 0, 1).unwrap();
        assert_eq!(m.anim[0].keys.iter().map(|k| k.k1).collect::<Vec<_>>(), vec![100, 200, 300, 400]);
        assert!(remove_key(&mut m, 0, 9).is_err());
        assert!(insert_key(&mut m, 0, 9).is_err());
        let mut full = Mat0::new(6);
        full.phases = vec![plain([0; 3], "")];
        full.anim = vec![AnimBlock::new(AnimMode::Loop, 0, vec![Key { k0: 0, k1: u16::MAX, k2: 0 }])];
        append_key(&mut full, 0).unwrap();
        assert_eq!(full.anim[0].keys[1].k1, u16::MAX, "ends saturate");
    }
}
