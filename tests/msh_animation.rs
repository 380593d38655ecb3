//! Animation sampling of the two-node fixture at its first, middle and last frame, against
//! hand-computed poses: ROOT moves (0,0,0) -> (0,0,2) over frames 0..4; ARM sits at (1,0,0)
//! under it and turns 0 -> 90 degrees about z. The arm's +x face corner (1, -0.25, -0.25) is
//! followed into model space.

use glam::{Quat, Vec3};
use parkan_studio::fixtures::msh as fx;
use parkan_studio::formats::bytes::SharedBytes;
use parkan_studio::formats::msh::anim::KeyUse;
use parkan_studio::formats::msh::geometry::{extract_model, frame_count, model_pose};
use parkan_studio::formats::msh::nodes::GridCell;
use parkan_studio::formats::msh::{Msh, Parts};
use parkan_studio::formats::readings::{QuatOrder, Readings};

fn parts() -> Parts {
    let (_, m, _) = Msh::parse(SharedBytes::from(fx::two_node_animated())).unwrap();
    let (p, d) = m.parts();
    assert!(d.is_empty(), "{d:?}");
    p
}

fn close(a: Vec3, b: Vec3) -> bool {
    (a - b).length() < 1e-3
}

const CORNER: Vec3 = Vec3::new(1.0, -0.25, -0.25);

#[test]
fn first_middle_and_last_frame() {
    let p = parts();
    let r = Readings::default();
    assert_eq!(frame_count(&p), 5);

    let first = model_pose(&p, &r, 0.0, false);
    assert!(close(first.nodes[0].world.translation, Vec3::ZERO));
    assert!(close(first.nodes[1].world.translation, Vec3::new(1.0, 0.0, 0.0)));
    assert!(close(first.nodes[1].world.apply_point(CORNER), Vec3::new(2.0, -0.25, -0.25)));
    assert_eq!(first.nodes[0].key, KeyUse::Interpolated { from: 0, alpha: 0.0 });

    // Frame 2: half way. The arm has turned 45 degrees: (1, -0.25) -> (0.8839, 0.5303).
    let mid = model_pose(&p, &r, 2.0, false);
    assert!(close(mid.nodes[0].world.translation, Vec3::new(0.0, 0.0, 1.0)));
    assert!(close(mid.nodes[1].world.translation, Vec3::new(1.0, 0.0, 1.0)));
    let c = mid.nodes[1].world.apply_point(CORNER);
    assert!(close(c, Vec3::new(1.0 + 0.883_883_5, 0.530_330_1, 0.75)), "{c}");
    assert_eq!(mid.nodes[1].key, KeyUse::Interpolated { from: 2, alpha: 0.5 });

    // Frame 4, the last: both nodes' maps give their fallback keys, used unchanged.
    let last = model_pose(&p, &r, 4.0, false);
    assert_eq!((last.nodes[0].key, last.nodes[1].key), (KeyUse::Fallback(1), KeyUse::Fallback(3)));
    assert!(close(last.nodes[1].world.translation, Vec3::new(1.0, 0.0, 2.0)));
    assert!(close(last.nodes[1].world.apply_point(CORNER), Vec3::new(1.25, 1.0, 1.75)));
    assert!(last.nodes[1].world.rotation.angle_between(Quat::from_rotation_z(90f32.to_radians())) < 1e-3);
}

#[test]
fn fractional_times_playback_and_the_other_quaternion_reading() {
    let p = parts();
    let r = Readings::default();
    let t = model_pose(&p, &r, 1.0, false);
    assert!(close(t.nodes[0].world.translation, Vec3::new(0.0, 0.0, 0.5)));
    let t = model_pose(&p, &r, 3.5, false);
    assert!(close(t.nodes[0].world.translation, Vec3::new(0.0, 0.0, 1.75)));
    // Playback zeroes the root's translation; the child still hangs 1 unit along x.
    let play = model_pose(&p, &r, 2.0, true);
    assert!(close(play.nodes[0].world.translation, Vec3::ZERO));
    assert!(close(play.nodes[1].world.translation, Vec3::new(1.0, 0.0, 0.0)));
    // Read as (x, y, z, w) as is, the stored 90-degree key is a different rotation.
    let other = Readings { quat: QuatOrder::XyzwAsIs, ..r };
    let o = model_pose(&p, &other, 4.0, false);
    assert!(o.nodes[1].world.rotation.angle_between(Quat::from_rotation_z(90f32.to_radians())) > 0.1);
    // Past the frame count: the fallback keys.
    assert_eq!(model_pose(&p, &r, 40.0, false).nodes[0].key, KeyUse::Fallback(1));
}

#[test]
fn posed_mesh_follows_the_pose() {
    let p = parts();
    let r = Readings::default();
    let (m, _) = extract_model(&p, &r, GridCell::default()).unwrap();
    let pose = model_pose(&p, &r, 4.0, false);
    let flat = m.posed(Some(&pose));
    let arm = &flat.groups[1];
    let arm_points: Vec<Vec3> = flat.indices[arm.indices.start as usize..arm.indices.end as usize]
        .iter()
        .map(|&i| Vec3::from(flat.positions[i as usize]))
        .collect();
    assert!(arm_points.iter().any(|&q| close(q, Vec3::new(1.25, 1.0, 1.75))));
    // The root's cube moved up by 2.
    let root = &flat.groups[0];
    let zmin = flat.indices[root.indices.start as usize..root.indices.end as usize]
        .iter()
        .map(|&i| flat.positions[i as usize][2])
        .fold(f32::MAX, f32::min);
    assert!((zmin - 1.5).abs() < 1e-4);
}
