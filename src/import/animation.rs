//! glTF node animation as MSH keys (component 8) and the frame map (component 19): the
//! channels are sampled once per engine frame (docs/formats/msh.md#animation; the export's
//! 15 frames per second, `scene::model::DEFAULT_FRAMES_PER_SECOND`, unless told otherwise),
//! each animated node getting a run of one key per frame and a map run pointing frame f at
//! its key f. A static node gets one key, its rest transform, as its `fallback_key`.

use super::gltf_read::{AnimationJ, Gltf};
use super::hierarchy::{Axes, Trs, Tree, place};
use crate::formats::msh::anim::{AnimKey24, AnimMap, Transform, encode_quat};
use crate::formats::msh::nodes::NONE;
use crate::formats::readings::QuatOrder;
use crate::formats::message::Message;
use crate::formats::{Error, Result};
use crate::msg;
use glam::{Quat, Vec3};

/// Keys and map entries are u16 indices (`fallback_key`, the map's entries; 0xFFFF is "none"
/// in `anim_map_start`).
pub const MAX_KEYS: usize = 65535;
/// Frames the importer samples at most (an animation longer than this is refused).
pub const MAX_FRAMES: usize = 65535;
/// Node placements the sampling makes at most (frames x nodes).
pub const MAX_SAMPLES: usize = 1 << 24;

#[derive(Debug, Clone, Copy, PartialEq)]
enum Path {
    Translation,
    Rotation,
    Scale,
}

struct Channel {
    node: usize,
    path: Path,
    times: Vec<f32>,
    /// 3 or 4 floats per key (CUBICSPLINE: in-tangent, value, out-tangent per key).
    values: Vec<[f32; 4]>,
    interpolation: Interp,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Interp {
    Linear,
    Step,
    Cubic,
}

/// The keys, the map and each node's `anim_map_start` / `fallback_key`.
#[derive(Debug, Default)]
pub struct Keys {
    pub keys: Vec<AnimKey24>,
    pub map: AnimMap,
    pub map_start: Vec<u16>,
    pub fallback: Vec<u16>,
    pub animated_nodes: usize,
}

fn read_channels(g: &Gltf, a: &AnimationJ, warn: &mut Vec<Message>) -> Result<Vec<Channel>> {
    let mut out = Vec::new();
    for (ci, c) in a.channels.iter().enumerate() {
        let path = match c.target.path.as_str() {
            "translation" => Path::Translation,
            "rotation" => Path::Rotation,
            "scale" => Path::Scale,
            other => {
                warn.push(msg!("import-channel-path-left-out", "animation channel {ci}: {path} animation left out (the engine animates nodes only)", ci = ci, path = other));
                continue;
            }
        };
        let Some(node) = c.target.node.filter(|&n| n < g.doc.nodes.len()) else {
            return Err(Error::new(0, msg!("gltf-channel-no-node", "animation channel {ci}: its target names no node of the file", ci = ci)));
        };
        let s = a.samplers.get(c.sampler).ok_or_else(|| Error::new(0, msg!("gltf-channel-sampler-missing", "animation channel {ci}: sampler {sampler} does not exist", ci = ci, sampler = c.sampler)))?;
        let interpolation = match s.interpolation.as_deref().unwrap_or("LINEAR") {
            "LINEAR" => Interp::Linear,
            "STEP" => Interp::Step,
            "CUBICSPLINE" => Interp::Cubic,
            other => return Err(Error::new(0, msg!("gltf-channel-interpolation", "animation channel {ci}: interpolation {other} (LINEAR, STEP or CUBICSPLINE expected)", ci = ci, other = other))),
        };
        let times: Vec<f32> = g.read_floats::<1>(s.input, false).map_err(|e| e.within(format!("animation channel {ci}")))?.into_iter().map(|t| t[0]).collect();
        if let Some(bad) = times.windows(2).position(|w| w[1].partial_cmp(&w[0]) != Some(std::cmp::Ordering::Greater)).or(times.iter().position(|t| !t.is_finite() || *t < 0.0)) {
            return Err(Error::new(0, msg!("gltf-channel-key-time", "animation channel {ci}: key time {bad} is not finite, negative, or not after the one before", ci = ci, bad = bad)));
        }
        let values: Vec<[f32; 4]> = match path {
            Path::Rotation => g.read_floats::<4>(s.output, false),
            _ => g.read_floats::<3>(s.output, false).map(|v| v.into_iter().map(|[x, y, z]| [x, y, z, 0.0]).collect()),
        }
        .map_err(|e| e.within(format!("animation channel {ci}")))?;
        let per_key = if interpolation == Interp::Cubic { 3 } else { 1 };
        if values.len() != times.len() * per_key {
            return Err(Error::new(0, msg!(
                "gltf-channel-output-count",
                "animation channel {ci}: {count} output values for {keys} key times",
                ci = ci,
                count = values.len(),
                keys = times.len()
            )));
        }
        if values.iter().flatten().any(|v| !v.is_finite()) {
            return Err(Error::new(0, msg!("gltf-channel-output-not-finite", "animation channel {ci}: an output value is not a finite number", ci = ci)));
        }
        out.push(Channel { node, path, times, values, interpolation });
    }
    Ok(out)
}

impl Channel {
    fn duration(&self) -> f32 {
        self.times.last().copied().unwrap_or(0.0)
    }
    fn value(&self, k: usize) -> [f32; 4] {
        match self.interpolation {
            Interp::Cubic => self.values[3 * k + 1],
            _ => self.values[k],
        }
    }
    /// The value at time `t` (glTF 2.0, appendix C).
    fn sample(&self, t: f32) -> [f32; 4] {
        let n = self.times.len();
        if n == 0 {
            return [0.0, 0.0, 0.0, 1.0];
        }
        let k = self.times.partition_point(|&x| x <= t);
        if k == 0 {
            return self.value(0);
        }
        if k >= n {
            return self.value(n - 1);
        }
        let (t0, t1) = (self.times[k - 1], self.times[k]);
        let dt = t1 - t0;
        let u = ((t - t0) / dt).clamp(0.0, 1.0);
        let (a, b) = (self.value(k - 1), self.value(k));
        match self.interpolation {
            Interp::Step => a,
            Interp::Linear if self.path == Path::Rotation => Quat::from_array(a).normalize().slerp(Quat::from_array(b).normalize(), u).to_array(),
            Interp::Linear => std::array::from_fn(|i| a[i] + (b[i] - a[i]) * u),
            Interp::Cubic => {
                let (out_a, in_b) = (self.values[3 * (k - 1) + 2], self.values[3 * k]);
                let (u2, u3) = (u * u, u * u * u);
                let v: [f32; 4] = std::array::from_fn(|i| {
                    (2.0 * u3 - 3.0 * u2 + 1.0) * a[i] + (u3 - 2.0 * u2 + u) * dt * out_a[i] + (-2.0 * u3 + 3.0 * u2) * b[i] + (u3 - u2) * dt * in_b[i]
                });
                if self.path == Path::Rotation { Quat::from_array(v).normalize().to_array() } else { v }
            }
        }
    }
}

/// Samples the first animation (the engine has one per model: the others are reported) and
/// builds the keys. `rest` is every glTF node's rest transform; `extra_nodes` are the nodes the
/// importer adds after the tree's (slots split off a large mesh), static at identity.
#[allow(clippy::too_many_arguments, reason = "the importer's state at this step, each used once")]
pub fn keys(g: &Gltf, tree: &Tree, rest: &[Trs], rest_locals: &[Transform], axes: &Axes, fps: f32, extra_nodes: usize, quat: QuatOrder, warn: &mut Vec<Message>) -> Result<Keys> {
    let node_count = tree.gltf.len() + extra_nodes;
    let mut animated_gltf = vec![false; g.doc.nodes.len()];
    let channels = match g.doc.animations.first() {
        Some(a) => {
            if g.doc.animations.len() > 1 {
                let names: Vec<String> = g.doc.animations.iter().skip(1).enumerate().map(|(i, a)| a.name.clone().unwrap_or_else(|| format!("#{}", i + 1))).collect();
                warn.push(msg!(
                    "import-one-animation",
                    "the model takes one animation: {first} imported, {others} left out",
                    first = a.name.as_deref().unwrap_or("#0"),
                    others = names.join(", ")
                ));
            }
            read_channels(g, a, warn)?
        }
        None => Vec::new(),
    };
    for c in &channels {
        if tree.msh_of[c.node].is_none() {
            warn.push(msg!("import-channel-node-left-out", "an animation channel targets node {node}, which is a LOD, a variant or outside the scene: left out", node = c.node));
            continue;
        }
        animated_gltf[c.node] = true;
        if c.path == Path::Scale {
            warn.push(msg!("import-scale-animation-left-out", "node {node}: scale animation left out (the engine's keys carry rotation and translation)", node = c.node));
        }
    }
    let channels: Vec<Channel> = channels.into_iter().filter(|c| tree.msh_of[c.node].is_some() && c.path != Path::Scale).collect();
    let duration = channels.iter().map(Channel::duration).fold(0.0f32, f32::max);
    let frames = if channels.is_empty() { 0 } else { (duration * fps).round() as usize + 1 };
    if frames > MAX_FRAMES {
        return Err(Error::new(
            0,
            msg!(
                "import-animation-too-long",
                "the animation lasts {duration} s: {frames} frames at {fps} per second, past the {max} the importer samples",
                duration = duration.to_string(),
                frames = frames,
                fps = fps.to_string(),
                max = MAX_FRAMES
            ),
        ));
    }
    let animated: Vec<bool> = (0..node_count).map(|m| tree.gltf.get(m).is_some_and(|&i| animated_gltf[i])).collect();
    let animated_count = animated.iter().filter(|a| **a).count();
    let total = (node_count - animated_count) + animated_count * frames;
    if total > MAX_KEYS {
        return Err(Error::new(
            0,
            msg!(
                "import-too-many-keys",
                "the animation needs {total} keys ({animated} animated nodes x {frames} frames, and one per static node), past the engine's limit of {max} (16-bit key indices); sample at a lower --fps or shorten it",
                total = total,
                animated = animated_count,
                frames = frames,
                max = MAX_KEYS
            ),
        ));
    }
    // Each frame places every node (a child's rigid local can depend on its parents' scale):
    // bounded so that hostile input cannot ask for billions of placements.
    let samples = frames.saturating_mul(node_count.max(1));
    if samples > MAX_SAMPLES {
        return Err(Error::new(
            0,
            msg!(
                "import-too-many-samples",
                "sampling {frames} frames of {nodes} nodes is {samples} node placements, past the importer's {max}; sample at a lower --fps",
                frames = frames,
                nodes = node_count,
                samples = samples,
                max = MAX_SAMPLES
            ),
        ));
    }
    // The animated nodes' locals at each frame.
    let animated_list: Vec<usize> = (0..node_count).filter(|&m| animated[m]).collect();
    let mut per_frame: Vec<Vec<Transform>> = Vec::with_capacity(frames);
    for f in 0..frames {
        let t = f as f32 / fps;
        let mut trs = rest.to_vec();
        for c in &channels {
            let v = c.sample(t);
            let x = &mut trs[c.node];
            match c.path {
                Path::Translation => x.t = Vec3::new(v[0], v[1], v[2]),
                Path::Rotation => x.r = if Quat::from_array(v).length() > 1e-6 { Quat::from_array(v).normalize() } else { Quat::IDENTITY },
                Path::Scale => {}
            }
        }
        let locals = place(tree, g, &trs, axes).locals;
        per_frame.push(animated_list.iter().map(|&m| locals.get(m).copied().unwrap_or_default()).collect());
    }
    let key = |t: &Transform, time: f32| AnimKey24 { translation: t.translation.into(), time, quat: encode_quat(t.rotation, quat) };
    let mut out = Keys { map: AnimMap { frame_count: frames as u32, map: Vec::new() }, animated_nodes: animated_count, ..Keys::default() };
    for m in 0..node_count {
        if let Ok(slot) = animated_list.binary_search(&m) {
            let first = out.keys.len();
            if out.map.map.len() >= NONE as usize {
                return Err(Error::new(0, msg!("import-frame-map-full", "the frame map's run for node {m} starts at {start}, past the engine's limit of 65534", m = m, start = out.map.map.len())));
            }
            out.map_start.push(out.map.map.len() as u16);
            for (f, pose) in per_frame.iter().enumerate() {
                out.keys.push(key(&pose[slot], f as f32));
                out.map.map.push((first + f) as u16);
            }
        } else {
            out.map_start.push(NONE);
            let rest = rest_locals.get(m).copied().unwrap_or(Transform::IDENTITY);
            out.keys.push(key(&rest, 0.0));
        }
        out.fallback.push((out.keys.len() - 1) as u16);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn channel(interpolation: Interp, values: Vec<[f32; 4]>) -> Channel {
        Channel { node: 0, path: Path::Translation, times: vec![0.0, 1.0], values, interpolation }
    }

    #[test]
    fn sampling_follows_the_interpolation() {
        let lin = channel(Interp::Linear, vec![[0.0; 4], [2.0, 0.0, 0.0, 0.0]]);
        assert_eq!(lin.sample(0.5)[0], 1.0);
        assert_eq!(lin.sample(-1.0)[0], 0.0);
        assert_eq!(lin.sample(5.0)[0], 2.0);
        let step = channel(Interp::Step, vec![[0.0; 4], [2.0, 0.0, 0.0, 0.0]]);
        assert_eq!(step.sample(0.9)[0], 0.0);
        // Cubic with zero tangents is smoothstep between the values.
        let z = [0.0; 4];
        let cubic = channel(Interp::Cubic, vec![z, [0.0; 4], z, z, [2.0, 0.0, 0.0, 0.0], z]);
        assert!((cubic.sample(0.5)[0] - 1.0).abs() < 1e-6);
        assert!((cubic.sample(0.25)[0] - 2.0 * 0.15625).abs() < 1e-6);
    }
}
