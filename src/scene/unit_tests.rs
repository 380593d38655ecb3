use super::*;
use crate::doc::resolve::world::{GameFolder, RecordCache, resolve_unit};
use crate::fixtures::game::{GameSpec, game_files};
use crate::fixtures::unit_dat::{Part, write};
use glam::Mat3;

fn game() -> GameFolder {
    GameFolder::in_memory(game_files(&GameSpec::SMALL))
}

fn assembled(root: &Part, opts: &AssemblyOptions) -> Assembly {
    let g = game();
    let unit = resolve_unit(&g, "test.dat", &write(0x0100_8000, root), &Readings::default(), &mut RecordCache::default()).unwrap();
    assemble(&unit, &g, &Readings::default(), opts)
}

fn close(a: Transform, b: Transform) -> bool {
    (a.translation - b.translation).length() < 1e-4 && a.rotation.normalize().dot(b.rotation.normalize()).abs() > 1.0 - 1e-5
}

#[test]
fn a_turret_sits_on_its_parents_socket_and_a_gun_on_the_turrets() {
    // The chassis is the walker (BODY, HEAD, ARM_L, ARM_R, GUN, CP_VIEW); the turret the
    // two-node model; attachment 1 is the walker's HEAD, then the turret's second node.
    let root = Part::leaf("r_ch_000", "Chassis", 0, -1)
        .with(Part::leaf("e_tur_000", "Turret", 1, 1).with(Part::leaf("e_gun_001", "Gun", 4, 1)))
        .with(Part::leaf("i_part_000", "Engine", 3, 0))
        .with(Part::leaf("e_tur_000", "Stray", 1, 99));
    let a = assembled(&root, &AssemblyOptions::default());
    assert_eq!(a.parts.len(), 5);
    assert!(a.parts.iter().all(|p| p.drawn && p.mesh.is_some()), "{:?}", a.scene.diagnostics);
    let world = a.scene.world_transforms();
    let (chassis, turret, gun) = (&a.parts[0], &a.parts[1], &a.parts[2]);
    assert_eq!(chassis.placement, Placement::Root);
    assert_eq!(turret.placement, Placement::Socket { node: 1 });
    assert_eq!(a.scene.nodes[chassis.node + 2].name, "HEAD");
    // socket ∘ root⁻¹: the turret's root node lands exactly on the walker's HEAD.
    assert!(close(world[turret.node + 1], world[chassis.node + 2]), "{:?} vs {:?}", world[turret.node + 1], world[chassis.node + 2]);
    assert!(world[chassis.node + 2].translation.y > 1.0, "HEAD is above the body (glTF y up)");
    assert!(close(world[gun.node + 1], world[turret.node + 2]));
    // The engine's attachment is a controller slot: it sits at the chassis's origin.
    assert_eq!(a.parts[3].placement, Placement::ParentOrigin);
    assert!(close(world[a.parts[3].node], world[chassis.node]));
    // An attachment naming no node is reported and placed at the parent's origin.
    assert_eq!(a.parts[4].placement, Placement::ParentOrigin);
    assert!(a.scene.diagnostics.iter().any(|d| d.message.contains("attachment 99")));
    // Picking: every node maps back to its component; parts know their material chains.
    for p in &a.parts {
        assert!(p.nodes.clone().all(|n| a.part_of_node(n).map(|q| q.component) == Some(p.component)));
        assert!(!p.materials.is_empty() && p.materials[0].contains(".wea"), "{:?}", p.materials);
    }
    assert_eq!(a.scene.materials.len(), a.scene.resolved.len());
    assert!(a.scene.animation.is_some(), "the walker's and turret's animations are gathered");
}

#[test]
fn internal_parts_can_be_left_out_and_missing_records_are_reported() {
    let root = Part::leaf("r_ch_000", "Chassis", 0, -1).with(Part::leaf("i_part_000", "Engine", 3, 0)).with(Part::leaf("gone", "Gone", 1, 1));
    let a = assembled(&root, &AssemblyOptions { internal_parts: false, ..AssemblyOptions::default() });
    assert!(!a.parts[1].drawn && a.parts[1].mesh.is_some());
    assert!(!a.parts[2].drawn && a.parts[2].mesh.is_none());
    assert!(a.scene.diagnostics.iter().any(|d| d.message.contains("gone")));
    let full = assembled(&root, &AssemblyOptions::default());
    assert!(full.scene.triangle_count() > a.scene.triangle_count());
}

#[test]
fn placement_is_t_rz_ry_rx() {
    let (pos, rot) = ([10.0, -4.0, 2.5], [0.3, -0.7, 1.2]);
    let t = placement(pos, rot);
    let p = Vec3::new(1.0, 2.0, 3.0);
    let by_matrices = Vec3::from(pos) + Mat3::from_rotation_z(rot[2]) * (Mat3::from_rotation_y(rot[1]) * (Mat3::from_rotation_x(rot[0]) * p));
    assert!((t.apply_point(p) - by_matrices).length() < 1e-4);
    // Another order gives another point: the order matters here.
    let xyz = Vec3::from(pos) + Mat3::from_rotation_x(rot[0]) * (Mat3::from_rotation_y(rot[1]) * (Mat3::from_rotation_z(rot[2]) * p));
    assert!((t.apply_point(p) - xyz).length() > 0.1);
    // A quarter turn about z turns +x towards +y; glTF's frame keeps the point.
    let q = placement([0.0; 3], [0.0, 0.0, std::f32::consts::FRAC_PI_2]);
    assert!((q.apply_point(Vec3::X) - Vec3::Y).length() < 1e-5);
    let g = placement_gltf(pos, rot);
    let in_gltf = |v: Vec3| Vec3::new(v.x, v.z, v.y);
    assert!((g.apply_point(in_gltf(p)) - in_gltf(by_matrices)).length() < 1e-4);
    // Non-finite input is placed at the origin, unrotated, not propagated.
    assert_eq!(placement([f32::NAN; 3], [f32::INFINITY; 3]), Transform::IDENTITY);
}
