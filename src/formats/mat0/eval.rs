//! Material evaluation as pure functions: which key of an animation block holds a time (by game
//! time or by normalised t: docs/formats/mat0.md#choosing-the-key-at-a-time), and the runtime phase
//! that results (docs/formats/mat0.md#interpolation). The engine's side effects are returned
//! instead of performed: the random mode's write to the start time is [`Selection::start_time`],
//! and its `rand()` is an [`MsvcRand`] the caller owns.

use super::rng::MsvcRand;
use super::runtime::{RuntimePhase, interpolate};
use super::{AnimBlock, AnimMode, Mat0};
use crate::formats::error::{Diagnostic, Error, Result, Severity};
use crate::formats::readings::Readings;
use crate::msg;
use serde::Serialize;

/// Where a time falls in an animation block.
#[derive(Debug, Clone, PartialEq)]
pub struct Selection {
    /// The key whose interval holds the time; `None` when the block has no keys or its cycle is
    /// 0 (the material's phase 0 is used).
    pub key: Option<usize>,
    /// The key interpolated towards: the next one, key 0 after the last.
    pub next_key: Option<usize>,
    /// The current and next keys' `k0` (phase indices as stored, not yet checked).
    pub phase: u16,
    pub next_phase: u16,
    /// Position within the key's interval, 0..=1.
    pub alpha: f32,
    /// The random mode's write: the engine stores `rand() % cycle` as the record's new start
    /// time. `None` in the other modes.
    pub start_time: Option<u32>,
    pub diagnostics: Vec<Diagnostic>,
}

/// docs/formats/mat0.md#choosing-the-key-at-a-time: the key at `game_time` for a record started at
/// `start_time`. The difference is taken modulo 2^32 as the engine's unsigned arithmetic does, so a
/// game time before the start time lands far into the animation, exactly as in the game.
pub fn select_by_time(block: &AnimBlock, game_time: u32, start_time: u32, rng: &mut MsvcRand) -> Selection {
    select(block, game_time.wrapping_sub(start_time), rng)
}

/// The guard of docs/formats/mat0.md#choosing-the-key-at-a-time: a t outside 0..=1 (or NaN) is read
/// as 0.5.
pub fn normalised_t(t: f32) -> f32 {
    if (0.0..=1.0).contains(&t) { t } else { 0.5 }
}

/// docs/formats/mat0.md#choosing-the-key-at-a-time: as [`select_by_time`] with the time `t * cycle`
/// (truncated, as the engine's float-to-int conversion does) and no start time.
pub fn select_by_t(block: &AnimBlock, t: f32, rng: &mut MsvcRand) -> Selection {
    let time = (normalised_t(t) * block.cycle_len() as f32) as u32;
    select(block, time, rng)
}

fn fixed(key: Option<usize>, phase: u16, alpha: f32, diagnostics: Vec<Diagnostic>) -> Selection {
    Selection { key, next_key: key, phase, next_phase: phase, alpha, start_time: None, diagnostics }
}

fn select(block: &AnimBlock, delta: u32, rng: &mut MsvcRand) -> Selection {
    let mut diagnostics = Vec::new();
    let mode = block.mode();
    if let AnimMode::Unknown(m) = mode {
        diagnostics.push(Diagnostic::new(
            Severity::Warning,
            None,
            msg!("mat0-mode-unknown", "animation mode {m} has no engine branch; it plays as a loop", m = m),
        ));
    }
    let keys = &block.keys;
    let cycle = block.cycle_len();
    let Some(last) = keys.len().checked_sub(1) else {
        return fixed(None, 0, 0.0, diagnostics);
    };
    if cycle == 0 {
        return match mode {
            AnimMode::OneShot => fixed(Some(last), keys[last].k0, 0.0, diagnostics),
            _ => fixed(None, 0, 0.0, diagnostics),
        };
    }

    let q = delta / cycle;
    let mut r = delta % cycle;
    let mut start_time = None;
    match mode {
        AnimMode::PingPong if q & 1 == 1 => r = cycle - r,
        AnimMode::OneShot if q > 0 => return fixed(Some(last), keys[last].k0, 0.0, diagnostics),
        AnimMode::Random => {
            r = rng.next_value() % cycle;
            start_time = Some(r);
        }
        _ => {}
    }

    let (k, alpha) = if r == cycle {
        // Only a ping-pong reaches the cycle's end exactly (r = 0 on a backward pass): the key
        // that ends there, fully advanced.
        match (0..keys.len()).rev().find(|&i| block.interval(i).is_some_and(|(s, e)| s < e && e == cycle)) {
            Some(i) => (i, 1.0),
            None => segment(block, r).unwrap_or((last, 1.0)),
        }
    } else {
        // Below the cycle some key always holds r (the first whose end exceeds it); the
        // fallback only guards the arithmetic.
        segment(block, r).unwrap_or((last, 0.0))
    };
    let next = if k == last { 0 } else { k + 1 };
    Selection {
        key: Some(k),
        next_key: Some(next),
        phase: keys[k].k0,
        next_phase: keys[next].k0,
        alpha,
        start_time,
        diagnostics,
    }
}

/// The first key whose interval `[start, end)` holds `r`, and how far into it `r` is. Empty
/// intervals (zero length, or `k1` going backwards) hold nothing and are never selected.
fn segment(block: &AnimBlock, r: u32) -> Option<(usize, f32)> {
    (0..block.keys.len()).find_map(|i| {
        let (s, e) = block.interval(i)?;
        (s <= r && r < e).then(|| (i, (r - s) as f32 / (e - s) as f32))
    })
}

/// The state the CLI's `material --json` prints and the viewport draws with.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MaterialState {
    pub block: usize,
    /// The phase indices evaluated (a `k0` that is not a phase index is evaluated as the
    /// last phase, and this says so).
    pub phase: usize,
    pub next_phase: usize,
    pub alpha: f32,
    /// The 16 runtime floats in offset order.
    pub values: [f32; 16],
    /// +64: raw `p[16]`.
    pub u16: u32,
    /// +72: `p[17]` widened unsigned, -1 without a texture.
    pub cell: i32,
    pub texture: Option<String>,
    /// The random mode's new start time for the record.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start_time: Option<u32>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub diagnostics: Vec<Diagnostic>,
    /// The whole runtime phase (texture slot 0 stands for "has a texture").
    #[serde(skip)]
    pub runtime: RuntimePhase,
}

/// A `k0` as a phase index: out of range, the last phase, with an error diagnostic.
fn resolve_phase(mat: &Mat0, k0: u16, which: &str, diags: &mut Vec<Diagnostic>) -> usize {
    let n = mat.phases.len();
    let k = usize::from(k0);
    if k < n {
        return k;
    }
    let message = if which == "next" {
        msg!(
            "mat0-next-phase-missing",
            "the next key's phase {k0} is not a phase index (the material has {n}); evaluated as the last phase",
            k0 = k0,
            n = n
        )
    } else {
        msg!(
            "mat0-current-phase-missing",
            "the current key's phase {k0} is not a phase index (the material has {n}); evaluated as the last phase",
            k0 = k0,
            n = n
        )
    };
    debug_assert!(which == "next" || which == "current");
    diags.push(Diagnostic::new(Severity::Error, None, message));
    n.saturating_sub(1)
}

fn block_of(mat: &Mat0, block: usize) -> Result<Option<&AnimBlock>> {
    if mat.phases.is_empty() {
        return Err(Error::new(0, msg!("mat0-eval-no-phases", "the material has no phases to evaluate")));
    }
    match mat.anim.get(block) {
        Some(b) => Ok(Some(b)),
        None if mat.anim.is_empty() && block == 0 => Ok(None),
        None => Err(Error::new(
            2,
            msg!("mat0-no-such-block", "animation block {block} does not exist (the material has {count})", block = block, count = mat.anim.len()),
        )),
    }
}

/// The runtime phase for a selection in `block`: the current phase, its interpolated floats
/// moved towards the next phase by `alpha` under the interp_mask reading of `readings`.
pub fn state_from_selection(mat: &Mat0, block: usize, sel: Selection, readings: &Readings) -> Result<MaterialState> {
    let anim = block_of(mat, block)?;
    let mut diagnostics = sel.diagnostics;
    let cur = resolve_phase(mat, sel.phase, "current", &mut diagnostics);
    let next = resolve_phase(mat, sel.next_phase, "next", &mut diagnostics);
    let cur_phase = &mat.phases[cur];
    let a = RuntimePhase::from_phase(cur_phase, 0);
    let b = RuntimePhase::from_phase(&mat.phases[next], 0);
    let mask = anim.map_or(0, AnimBlock::interp_mask);
    let runtime = interpolate(&a, &b, mask, sel.alpha, readings.interp_mask);
    Ok(MaterialState {
        block,
        phase: cur,
        next_phase: next,
        alpha: sel.alpha,
        values: runtime.values,
        u16: runtime.u16,
        cell: runtime.cell,
        texture: cur_phase.texture_name(),
        start_time: sel.start_time,
        diagnostics,
        runtime,
    })
}

fn static_selection() -> Selection {
    fixed(
        None,
        0,
        0.0,
        vec![Diagnostic::new(Severity::Info, None, msg!("mat0-static", "the material has no animation blocks: phase 0 throughout"))],
    )
}

/// The state of `block` at `game_time` for a record started at `start_time`.
pub fn state_at_time(
    mat: &Mat0,
    block: usize,
    game_time: u32,
    start_time: u32,
    rng: &mut MsvcRand,
    readings: &Readings,
) -> Result<MaterialState> {
    let sel = match block_of(mat, block)? {
        Some(b) => select_by_time(b, game_time, start_time, rng),
        None => static_selection(),
    };
    state_from_selection(mat, block, sel, readings)
}

/// The state of `block` at normalised position `t` of its cycle.
pub fn state_at_t(mat: &Mat0, block: usize, t: f32, rng: &mut MsvcRand, readings: &Readings) -> Result<MaterialState> {
    let sel = match block_of(mat, block)? {
        Some(b) => select_by_t(b, t, rng),
        None => static_selection(),
    };
    state_from_selection(mat, block, sel, readings)
}

/// The CLI's `material` command: parse a payload of version `attr2` and evaluate `block` at
/// game time `time_ms` with start time 0. `seed` is the `rand()` state (the C runtime's 1 when
/// `None`).
pub fn material_state(
    payload: &[u8],
    attr2: u32,
    time_ms: u32,
    block: usize,
    seed: Option<u32>,
    readings: &Readings,
) -> Result<MaterialState> {
    let mat = Mat0::parse(payload, attr2)?;
    let mut rng = MsvcRand::new(seed.unwrap_or(1));
    state_at_time(&mat, block, time_ms, 0, &mut rng, readings)
}

#[cfg(test)]
#[path = "eval_tests.rs"]
mod tests;
