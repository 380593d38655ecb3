use super::*;
use crate::doc::resolve::world::resolve_mission;
use crate::fixtures::world_scene as ws;

fn built(objects: usize) -> (MissionScene, crate::formats::tma::Mission) {
    let files = ws::game();
    let m = ws::mission(objects, &files);
    let game = GameFolder::in_memory(files);
    let r = resolve_mission(&game, m.clone(), &Readings::default());
    (mission_scene("data.tma", &r, &game, &Readings::default(), &MissionOptions::default()), m)
}

#[test]
fn every_object_is_a_root_after_the_map_and_missing_ones_are_boxes() {
    let (ms, m) = built(50);
    let roots = ms.scene.roots();
    assert_eq!(roots.len(), 1 + m.objects.len());
    assert_eq!(ms.scene.nodes[roots[0]].name, "map");
    assert_eq!(roots[1..], ms.objects.iter().map(|o| o.node).collect::<Vec<_>>()[..]);
    // The landscape sits under the map node, with the markers.
    assert!(ms.scene.nodes.iter().any(|n| n.parent == Some(0) && n.name.to_ascii_lowercase().contains("land.msh")));
    for name in ["lodes", "routes", "zones of Nature"] {
        assert!(ms.scene.nodes.iter().any(|n| n.parent == Some(0) && n.name == name), "{name}");
    }
    let missing: Vec<&PlacedObject> = ms.objects.iter().filter(|o| o.missing).collect();
    assert_eq!(missing.len(), 2, "objects 24 and 49 name nothing");
    assert!(ms.scene.nodes[missing[0].node].name.starts_with("MISSING"));
    assert!(ms.scene.nodes[missing[0].node].primitives[0].triangle_count() == 12);
    assert!(ms.scene.diagnostics.iter().any(|d| d.message.contains("nothing.dat")));
    // Names: instance name and logical id for units, the record key for scenery.
    assert!(ms.objects.iter().any(|o| o.name == "Unit 1 [2]" || o.name == "Base 1 [2]"), "{:?}", ms.objects.iter().map(|o| &o.name).collect::<Vec<_>>());
    assert!(ms.objects.iter().any(|o| o.name == "s_obj_000" || o.name == "S_OBJ_001"));
    // Owned objects stand on their clan's ring, in their clan's colour.
    let owned = ms.objects.iter().find(|o| o.clan == Some(2) && !o.missing).unwrap();
    let ring = ms.scene.nodes.iter().position(|n| n.parent == Some(owned.node) && n.name == "clan 2").unwrap();
    let mat = ms.scene.nodes[ring].primitives[0].material.unwrap();
    assert_eq!(ms.scene.materials[mat].base_color, clan_color(2));
    assert_eq!(ms.scene.materials.len(), ms.scene.resolved.len());
}

#[test]
fn objects_stand_at_their_place_and_only_scenery_is_scaled() {
    let (ms, m) = built(30);
    for o in ms.objects.iter().filter(|o| !o.missing) {
        let src = &m.objects[o.index];
        let at = ms.world[o.node].translation;
        assert!((at - Vec3::new(src.position[0], src.position[2], src.position[1])).length() < 1e-3);
        let scenery = src.kind >= 2;
        let size = o.max - o.min;
        if scenery {
            // The cube fixture is 2 units wide: scaled by the object's scale.
            assert!((size.y - 2.0 * src.scale[2]).abs() < 1e-3, "{} {size} {:?}", o.name, src.scale);
        }
    }
    // The same unit file placed twice builds one assembly: materials are shared.
    let (big, _) = built(120);
    assert!(big.scene.materials.len() < 60, "{} materials", big.scene.materials.len());
}

#[test]
fn picking_finds_the_object_under_a_ray_and_misses_empty_ground() {
    let (ms, _) = built(100);
    for o in ms.objects.iter().step_by(7) {
        let top = Vec3::new((o.min.x + o.max.x) * 0.5, o.max.y + 50.0, (o.min.z + o.max.z) * 0.5);
        let hit = ms.pick(top, -Vec3::Y).map(|(i, _)| i);
        // Straight down through its box's centre meets this object (or one standing on it).
        assert_eq!(hit, Some(o.index), "{}", o.name);
    }
    assert_eq!(ms.pick(Vec3::new(-500.0, 50.0, -500.0), -Vec3::Y), None);
}


#[test]
fn the_scale_applies_to_scenery_only() {
    let files = ws::game();
    let unit = files.iter().find(|(n, _)| n.starts_with("UNITS/UNITS/")).unwrap().0.replace('/', "\\");
    let game = GameFolder::in_memory(files);
    let mut m = crate::formats::tma::Mission { map_path: crate::formats::tma::Text::from("DATA\\MAPS\\TEST\\land"), ..Default::default() };
    for scale in [1.0, 3.0] {
        for (kind, path) in [(1, unit.as_str()), (3, "s_obj_000")] {
            let mut o = crate::formats::tma::Object::new(kind, crate::formats::tma::Text::from(path), [50.0 * m.objects.len() as f32, 20.0, 0.0]);
            o.scale = [scale; 3];
            o.clan = -1;
            m.objects.push(o);
        }
    }
    let r = resolve_mission(&game, m, &Readings::default());
    let ms = mission_scene("data.tma", &r, &game, &Readings::default(), &MissionOptions::default());
    let size = |i: usize| ms.objects[i].max - ms.objects[i].min;
    assert!((size(2) - size(0)).length() < 1e-3, "a unit ignores its scale: {} vs {}", size(2), size(0));
    assert!((size(3) - size(1) * 3.0).length() < 1e-3, "scenery is scaled: {} vs {}", size(3), size(1));
}

#[test]
fn an_instanced_scene_places_every_object_as_the_copied_one_does_with_its_geometry_once() {
    let files = ws::game();
    let m = ws::mission(120, &files);
    let game = GameFolder::in_memory(files);
    let r = resolve_mission(&game, m, &Readings::default());
    let plain = mission_scene("data.tma", &r, &game, &Readings::default(), &MissionOptions::default());
    let opts = MissionOptions { instanced: true, ..MissionOptions::default() };
    let inst = mission_scene("data.tma", &r, &game, &Readings::default(), &opts);
    assert!(!inst.scene.instances.is_empty(), "objects share units and records");
    assert_eq!(plain.objects.len(), inst.objects.len());
    for (a, b) in plain.objects.iter().zip(&inst.objects) {
        assert!((a.min - b.min).length() < 1e-2 && (a.max - b.max).length() < 1e-2, "{}: {}..{} vs {}..{}", a.name, a.min, a.max, b.min, b.max);
        assert_eq!(a.missing, b.missing);
    }
    let (rp, ri) = (crate::render::RenderScene::from_scene(&plain.scene), crate::render::RenderScene::from_scene(&inst.scene));
    assert!(ri.vertices.len() * 3 < rp.vertices.len(), "geometry once per unit: {} vertices against {}", ri.vertices.len(), rp.vertices.len());
    assert!((ri.min - rp.min).length() < 1e-2 && (ri.max - rp.max).length() < 1e-2, "the same extent");
    // Straight down through each object's box picks the same object both ways.
    let object_of = |ms: &MissionScene, rs: &crate::render::RenderScene, node: usize| {
        let _ = rs;
        ms.objects.iter().find(|o| o.nodes.contains(&node)).map(|o| o.index)
    };
    for o in inst.objects.iter().filter(|o| !o.missing).step_by(5) {
        let ray = crate::render::Ray { origin: Vec3::new((o.min.x + o.max.x) * 0.5, o.max.y + 50.0, (o.min.z + o.max.z) * 0.5), dir: -Vec3::Y };
        let a = crate::render::pick(&rp, ray, &[]).and_then(|h| object_of(&plain, &rp, h.node));
        let b = crate::render::pick(&ri, ray, &[]).and_then(|h| object_of(&inst, &ri, h.node));
        assert_eq!(a, b, "{}", o.name);
        assert!(b.is_some());
    }
}
