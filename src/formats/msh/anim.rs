//! Animation: component 8 (24-byte keys: translation, time in frames, a 16-bit quaternion),
//! component 19 (the frame map, its frame count in `attr2`), and sampling a node's transform
//! and the whole hierarchy's pose at a time (docs/formats/msh.md).

use super::component::{Component, Record, count32, decode_records, encode_records, record_component};
use super::nodes::Node38;
use crate::formats::Result;
use crate::formats::bytes::{le_f32, le_i16};
use crate::formats::readings::QuatOrder;
use glam::{Mat4, Quat, Vec3};

#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct AnimKey24 {
    pub translation: [f32; 3],
    /// In frames.
    pub time: f32,
    /// As stored; the component order and handedness are a reading (see [`decode_quat`]).
    pub quat: [i16; 4],
}

impl Record for AnimKey24 {
    const SIZE: usize = 24;
    fn read(b: &[u8]) -> Self {
        AnimKey24 {
            translation: [le_f32(b, 0), le_f32(b, 4), le_f32(b, 8)],
            time: le_f32(b, 12),
            quat: [le_i16(b, 16), le_i16(b, 18), le_i16(b, 20), le_i16(b, 22)],
        }
    }
    fn write(&self, out: &mut Vec<u8>) {
        for v in self.translation.iter().chain(std::iter::once(&self.time)) {
            out.extend_from_slice(&v.to_bits().to_le_bytes());
        }
        for v in self.quat {
            out.extend_from_slice(&v.to_le_bytes());
        }
    }
}

impl AnimKey24 {
    pub fn transform(&self, order: QuatOrder) -> Transform {
        Transform { rotation: decode_quat(self.quat, order), translation: Vec3::from(self.translation) }
    }
}

record_component!(
    /// Component 8: the key pool; each node's keys form a run ending at its `fallback_key`.
    AnimKeys, 8, "animation keys", AnimKey24
);

/// Component 19: for node `n` and frame `f`, `map[n.anim_map_start + f]` is the key to start
/// interpolating from. The frame count is stored in the entry's `attr2`, not in the payload.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct AnimMap {
    pub frame_count: u32,
    pub map: Vec<u16>,
}

impl Component for AnimMap {
    const TYPE_ID: u32 = 19;
    const LABEL: &'static str = "animation frame map";
    fn decode(bytes: &[u8], attrs: [u32; 3]) -> Result<Self> {
        Ok(AnimMap { frame_count: attrs[1], map: decode_records(bytes, Self::LABEL)? })
    }
    fn encode(&self) -> Vec<u8> {
        encode_records(&self.map)
    }
    fn derived_attrs(&self) -> [Option<u32>; 3] {
        [Some(count32(self.map.len())), Some(self.frame_count), None]
    }
}

const Q: f32 = 32767.0;

/// A stored quaternion under a reading. The default stores `w, x, y, z` of the conjugate (the
/// engine is left-handed); the other reads `x, y, z, w` as is. A zero or non-finite result is
/// the identity; anything else is normalised.
pub fn decode_quat(q: [i16; 4], order: QuatOrder) -> Quat {
    let f = |v: i16| v as f32 / Q;
    let raw = match order {
        QuatOrder::WxyzConjugated => Quat::from_xyzw(-f(q[1]), -f(q[2]), -f(q[3]), f(q[0])),
        QuatOrder::XyzwAsIs => Quat::from_xyzw(f(q[0]), f(q[1]), f(q[2]), f(q[3])),
    };
    let len = raw.length();
    if len > 0.0 && len.is_finite() { raw / len } else { Quat::IDENTITY }
}

/// The inverse of [`decode_quat`] for a unit quaternion.
pub fn encode_quat(q: Quat, order: QuatOrder) -> [i16; 4] {
    let q = q.normalize();
    let s = |v: f32| (v * Q).round().clamp(-Q, Q) as i16;
    match order {
        QuatOrder::WxyzConjugated => [s(q.w), s(-q.x), s(-q.y), s(-q.z)],
        QuatOrder::XyzwAsIs => [s(q.x), s(q.y), s(q.z), s(q.w)],
    }
}

/// A rigid transform (Parkan meshes are rigidly skinned: every batch moves with one node).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Transform {
    pub rotation: Quat,
    pub translation: Vec3,
}

impl Default for Transform {
    fn default() -> Self {
        Transform::IDENTITY
    }
}

impl Transform {
    pub const IDENTITY: Transform = Transform { rotation: Quat::IDENTITY, translation: Vec3::ZERO };

    /// A child's transform placed under this one: this rotation turns the child's
    /// translation, translations add, rotations multiply.
    pub fn then(&self, child: &Transform) -> Transform {
        Transform {
            rotation: (self.rotation * child.rotation).normalize(),
            translation: self.translation + self.rotation * child.translation,
        }
    }
    pub fn apply_point(&self, p: Vec3) -> Vec3 {
        self.rotation * p + self.translation
    }
    pub fn apply_vector(&self, v: Vec3) -> Vec3 {
        self.rotation * v
    }
    pub fn to_mat4(&self) -> Mat4 {
        Mat4::from_rotation_translation(self.rotation, self.translation)
    }
    /// Column-major 4x4, as glTF and GPU uniforms take it.
    pub fn to_cols_array(&self) -> [f32; 16] {
        self.to_mat4().to_cols_array()
    }
}

/// Which keys produced a node's transform.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum KeyUse {
    /// The mesh has no keys: identity.
    NoKeys,
    /// The node's `fallback_key`, unchanged.
    Fallback(usize),
    /// From key `from` towards `from + 1` by `alpha`.
    Interpolated { from: usize, alpha: f32 },
    /// The key the node needs does not exist (a `check` error): identity.
    Missing(usize),
}

/// The frame a time falls in: its floor, with negative and non-finite times at frame 0.
pub fn frame_of(t: f32) -> u64 {
    if t.is_finite() && t > 0.0 { t.floor() as u64 } else { 0 }
}

/// A node's local transform at time `t` (frames). When the node has no map, the frame is past
/// the frame count, the map has no entry there, or the mapped key is at or beyond
/// `fallback_key`, the node uses `fallback_key` unchanged; otherwise it interpolates from the
/// mapped key to the next by their times.
pub fn sample_node(node: &Node38, keys: &[AnimKey24], map: Option<&AnimMap>, t: f32, order: QuatOrder) -> (Transform, KeyUse) {
    if keys.is_empty() {
        return (Transform::IDENTITY, KeyUse::NoKeys);
    }
    let fallback = node.fallback_key as usize;
    let mapped = map.zip(node.anim_map_start()).and_then(|(m, start)| {
        let f = frame_of(t);
        if f >= u64::from(m.frame_count) {
            return None;
        }
        let at = usize::try_from(f).ok()?.checked_add(start)?;
        let k = *m.map.get(at)? as usize;
        (k < fallback).then_some(k)
    });
    let Some(k) = mapped else {
        return match keys.get(fallback) {
            Some(key) => (key.transform(order), KeyUse::Fallback(fallback)),
            None => (Transform::IDENTITY, KeyUse::Missing(fallback)),
        };
    };
    // k < fallback, so k + 1 <= fallback; it exists whenever the fallback key does.
    let (Some(k0), Some(k1)) = (keys.get(k), keys.get(k + 1)) else {
        return (Transform::IDENTITY, KeyUse::Missing(k + 1));
    };
    let alpha = if t == k0.time {
        0.0
    } else if t == k1.time {
        1.0
    } else {
        let a = (t - k0.time) / (k1.time - k0.time);
        if a.is_finite() { a.clamp(0.0, 1.0) } else { 0.0 }
    };
    let (a, b) = (k0.transform(order), k1.transform(order));
    let tr = Transform { rotation: a.rotation.slerp(b.rotation, alpha).normalize(), translation: a.translation.lerp(b.translation, alpha) };
    (tr, KeyUse::Interpolated { from: k, alpha })
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NodePose {
    pub local: Transform,
    /// The node's transform in model space (its ancestors' applied).
    pub world: Transform,
    pub key: KeyUse,
}

/// Every node's transform at one time.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Pose {
    pub time: f32,
    pub nodes: Vec<NodePose>,
}

/// Samples the hierarchy at time `t` (frames; frame 0 is the rest pose). `playback` zeroes the
/// root nodes' translation, as the engine does while a unit plays an animation. A parent that
/// is not before its child (a `check` error) is ignored: the node is placed as a root.
pub fn pose(nodes: &[Node38], keys: &[AnimKey24], map: Option<&AnimMap>, t: f32, order: QuatOrder, playback: bool) -> Pose {
    let mut out: Vec<NodePose> = Vec::with_capacity(nodes.len());
    for (i, node) in nodes.iter().enumerate() {
        let (mut local, key) = sample_node(node, keys, map, t, order);
        let parent = node.parent_index().filter(|&p| p < i);
        if playback && node.parent_index().is_none() {
            local.translation = Vec3::ZERO;
        }
        let world = match parent {
            Some(p) => out[p].world.then(&local),
            None => local,
        };
        out.push(NodePose { local, world, key });
    }
    Pose { time: t, nodes: out }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(t: [f32; 3], time: f32, q: [i16; 4]) -> AnimKey24 {
        AnimKey24 { translation: t, time, quat: q }
    }

    #[test]
    fn key_layout() {
        let mut b = Vec::new();
        for v in [1.0f32, 2.0, 3.0, 4.0] {
            b.extend_from_slice(&v.to_le_bytes()); // translation xyz, time
        }
        for v in [32767i16, 0, 0, -32767] {
            b.extend_from_slice(&v.to_le_bytes()); // quat as stored
        }
        let k = AnimKeys::decode(&b, [0; 3]).unwrap();
        assert_eq!(k.0[0], key([1.0, 2.0, 3.0], 4.0, [32767, 0, 0, -32767]));
        assert_eq!(k.encode(), b);
    }

    #[test]
    fn quaternion_readings() {
        // Stored (w, x, y, z) = (0.7071, 0, 0, 0.7071): under the default reading the
        // conjugate is taken, so this is -90 degrees about z.
        let s = [23170i16, 0, 0, 23170];
        let q = decode_quat(s, QuatOrder::WxyzConjugated);
        let v = q * Vec3::X;
        assert!((v - Vec3::new(0.0, -1.0, 0.0)).length() < 1e-4, "{v}");
        // As (x, y, z, w) as is: 90 degrees about... x = 0.7071, w = 0.7071 -> +90 about x.
        let q = decode_quat(s, QuatOrder::XyzwAsIs);
        assert!((q * Vec3::Y - Vec3::Z).length() < 1e-4);
        assert_eq!(decode_quat([0; 4], QuatOrder::WxyzConjugated), Quat::IDENTITY);
        // Unnormalised input is normalised.
        assert!((decode_quat([100, 0, 0, 0], QuatOrder::WxyzConjugated).length() - 1.0).abs() < 1e-6);
        for order in [QuatOrder::WxyzConjugated, QuatOrder::XyzwAsIs] {
            let q = Quat::from_rotation_y(0.3);
            assert!(decode_quat(encode_quat(q, order), order).angle_between(q) < 1e-3);
        }
    }

    fn node(start: u16, fallback: u16, parent: u16) -> Node38 {
        Node38 { flags: 0, parent, anim_map_start: start, fallback_key: fallback, slots: [0xFFFF; 15] }
    }

    #[test]
    fn sampling_follows_map_and_fallback() {
        // Keys 0..2 at times 0, 2, 4 translating along x; the node's run ends at key 2.
        let keys = [key([0.0; 3], 0.0, [32767, 0, 0, 0]), key([2.0, 0.0, 0.0], 2.0, [32767, 0, 0, 0]), key([4.0, 0.0, 0.0], 4.0, [32767, 0, 0, 0])];
        let map = AnimMap { frame_count: 5, map: vec![0, 0, 1, 1, 2] };
        let n = node(0, 2, 0xFFFF);
        let at = |t: f32| sample_node(&n, &keys, Some(&map), t, QuatOrder::default());
        assert_eq!(at(0.0).0.translation, Vec3::ZERO);
        assert_eq!(at(1.0).0.translation, Vec3::new(1.0, 0.0, 0.0));
        assert_eq!(at(1.0).1, KeyUse::Interpolated { from: 0, alpha: 0.5 });
        assert_eq!(at(3.5).0.translation, Vec3::new(3.5, 0.0, 0.0));
        // Frame 4 maps to key 2, which is the fallback: used unchanged.
        assert_eq!(at(4.0).1, KeyUse::Fallback(2));
        // Past the frame count, and with no map at all: the fallback.
        assert_eq!(at(9.0).1, KeyUse::Fallback(2));
        let still = node(0xFFFF, 1, 0xFFFF);
        assert_eq!(sample_node(&still, &keys, Some(&map), 1.0, QuatOrder::default()).0.translation, Vec3::new(2.0, 0.0, 0.0));
        // A fallback key past the pool.
        let bad = node(0xFFFF, 7, 0xFFFF);
        assert_eq!(sample_node(&bad, &keys, None, 0.0, QuatOrder::default()).1, KeyUse::Missing(7));
        assert_eq!(sample_node(&n, &[], Some(&map), 0.0, QuatOrder::default()).1, KeyUse::NoKeys);
        // Times outside the key interval clamp, non-finite times are frame 0.
        assert_eq!(frame_of(f32::NAN), 0);
        assert_eq!(frame_of(-3.0), 0);
        assert_eq!(frame_of(2.9), 2);
    }

    #[test]
    fn hierarchy_composes_and_playback_zeroes_root() {
        // Root: translated (10, 0, 0), rotated +90 about z (stored conjugated: w, -z).
        let keys = [key([10.0, 0.0, 0.0], 0.0, [23170, 0, 0, -23170]), key([1.0, 0.0, 0.0], 0.0, [32767, 0, 0, 0])];
        let nodes = [node(0xFFFF, 0, 0xFFFF), node(0xFFFF, 1, 0)];
        let p = pose(&nodes, &keys, None, 0.0, QuatOrder::default(), false);
        let w = p.nodes[1].world;
        assert!((w.translation - Vec3::new(10.0, 1.0, 0.0)).length() < 1e-4, "{}", w.translation);
        assert!((w.apply_vector(Vec3::X) - Vec3::Y).length() < 1e-4);
        let p = pose(&nodes, &keys, None, 0.0, QuatOrder::default(), true);
        assert_eq!(p.nodes[0].world.translation, Vec3::ZERO);
        assert!((p.nodes[1].world.translation - Vec3::new(0.0, 1.0, 0.0)).length() < 1e-4);
        // A parent after its child is ignored.
        let nodes = [node(0xFFFF, 1, 1), node(0xFFFF, 0, 0xFFFF)];
        let p = pose(&nodes, &keys, None, 0.0, QuatOrder::default(), false);
        assert_eq!(p.nodes[0].world, p.nodes[0].local);
    }

    #[test]
    fn frame_map_keeps_frame_count_in_attr2() {
        let m = AnimMap::decode(&[1, 0, 2, 0], [2, 30, 2]).unwrap();
        assert_eq!((m.frame_count, m.map.clone()), (30, vec![1, 2]));
        assert_eq!(m.derived_attrs(), [Some(2), Some(30), None]);
        assert_eq!(m.encode(), [1, 0, 2, 0]);
    }
}
