//! A hand-written mission, one field a line, and what the model makes of it: round trip,
//! version gates, readings, the description buffer and edits.

use super::*;

/// Bytes built field by field; `mark` names an offset for the assertions.
#[derive(Default)]
pub(super) struct B {
    pub b: Vec<u8>,
    pub marks: Vec<(&'static str, usize)>,
}

impl B {
    pub fn u32(mut self, v: u32) -> Self {
        self.b.extend_from_slice(&v.to_le_bytes());
        self
    }
    pub fn i32(self, v: i32) -> Self {
        self.u32(v as u32)
    }
    pub fn f32(self, v: f32) -> Self {
        self.u32(v.to_bits())
    }
    pub fn f3(self, v: [f32; 3]) -> Self {
        self.f32(v[0]).f32(v[1]).f32(v[2])
    }
    pub fn s(mut self, t: &[u8]) -> Self {
        self = self.u32(t.len() as u32);
        self.b.extend_from_slice(t);
        self
    }
    pub fn mark(mut self, name: &'static str) -> Self {
        self.marks.push((name, self.b.len()));
        self
    }
    pub fn at(&self, name: &str) -> usize {
        self.marks.iter().find(|(n, _)| *n == name).unwrap_or_else(|| panic!("no mark {name}")).1
    }
}

/// A shipped-version mission: every section once, a type-0 clan with one zone, an object with
/// two `NOT USED` properties, a description with a 0xCD tail, one lode.
pub(super) fn sample() -> B {
    B::default()
        .mark("version").u32(1) //                      file version
        .mark("routes").u32(1) //                       route count
        .u32(7) //                                      route id (tactical areal 7)
        .mark("points").u32(1) //                       point count
        .f3([1.0, 2.0, 3.0]) //                         the one corner
        .mark("clan_version").u32(6) //                 clan table version
        .mark("clans").u32(1) //                        clan count
        .mark("clan0").s(b"\xCD\xE0\xF2") //            name "Нат" (CP1251)
        .i32(-1) //                                     clan id
        .f32(10.0).f32(20.0) //                         base x, y
        .mark("clan_type").u32(0) //                    type 0: nature
        .s(b"") //                                      AI script
        .mark("zones").u32(1) //                        zone count
        .mark("zone_kind").u32(1) //                    zone kind
        .f3([5.0, 6.0, 0.0]).f32(1.0).f32(2.0) //       centre, inner, outer
        .s(b"") //                                      tree
        .u32(2) //                                      minds
        .mark("relations").u32(1) //                    relation count
        .s(b"\xCD\xE0\xF2").u32(1) //                   itself: neutral
        .mark("object_version").u32(10) //              object version
        .mark("objects").u32(1) //                      object count
        .mark("object0").u32(2) //                      kind 2: vegetation
        .mark("marker").u32(MARKER) //                  marker
        .mark("path").s(b"tree") //                     objects.rlb key
        .i32(-1) //                                     clan index: a scenery leftover
        .i32(5) //                                      logical id
        .mark("position").f3([100.0, 200.0, 3.0]) //    position
        .f3([0.0, 0.0, 1.5]) //                         rotation
        .f3([2.0, 2.0, 2.0]) //                         scale
        .s(b"") //                                      instance name
        .u32(0) //                                      start flag
        .i32(-1).i32(-1) //                             host, hall-way vertex
        .mark("property_word").u32(1) //               property word
        .mark("properties").u32(2) //                   property count
        .u32(1).u32(5).u32(0).u32(u32::MAX).s(b"NOT USED") // int 5, min 0, max −1 (none)
        .u32(0).f32(1.5).f32(0.0).f32(9.0).s(b"NOT USED") // float 1.5 in 0..9
        .mark("map").s(b"DATA\\MAPS\\SC_3\\land") //    map path
        .u32(0) //                                      map word
        .mark("description").s(b"Hi\0\xCD\xCD\xCD") // text "Hi", NUL, 0xCD fill
        .mark("lode_word").u32(1) //                    lode word
        .mark("lodes").u32(1) //                        lode count
        .f3([50.0, 60.0, 0.0]).u32(0).u32(LODE_TYPE).f32(300.0).u32(100f32.to_bits()) // lode
        .mark("end")
}

#[test]
fn the_sample_reads_field_by_field_and_writes_back() {
    let s = sample();
    assert_eq!((s.at("clan_version"), s.at("object_version"), s.at("position"), s.at("end")), (28, 114, 146, 335));
    let (m, d) = Mission::parse(&s.b).unwrap();
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(m.write(), s.b);
    assert_eq!(m.routes, vec![Route { id: 7, points: vec![[1.0, 2.0, 3.0]] }]);
    let c = &m.clans[0];
    assert_eq!((c.name.decode().as_str(), c.id, c.base, c.kind, c.minds), ("Нат", -1, [10.0, 20.0], 0, 2));
    assert_eq!(c.zones, Zones::List(vec![Zone { kind: 1, centre: [5.0, 6.0, 0.0], inner: 1.0, outer: 2.0 }]));
    assert_eq!(c.relation("нат".as_bytes()), None, "names fold ASCII case only");
    assert_eq!(c.relation(b"\xCD\xE0\xF2"), Some(1));
    let o = &m.objects[0];
    assert_eq!((o.kind, o.clan, o.logical_id, o.scale, o.host, o.vertex), (2, -1, 5, [2.0; 3], -1, -1));
    assert_eq!(o.properties.len(), 2, "duplicate names are both kept");
    assert_eq!(o.properties[0].max(), Value::I32(-1));
    assert_eq!(o.properties[1].value(), Value::F32(1.5));
    assert_eq!(m.map_folder(), b"DATA\\MAPS\\SC_3");
    assert_eq!((m.description.text(), m.description.tail()), (&b"Hi"[..], &b"\0\xCD\xCD\xCD"[..]));
    assert_eq!(m.lodes[0].kind, LODE_TYPE);
    let offs = m.offsets();
    assert_eq!((offs.positions[0], offs.objects[0], offs.clans[0], offs.description), (146, 122, 36, Some(289)));
}

#[test]
fn a_cd_byte_inside_a_string_is_text() {
    // The description "Н" (0xCD) then NUL: the text is the letter, not an empty string.
    let mut m = Mission::parse(&sample().b).unwrap().0;
    m.description = Description(b"\xCD\0\xCD".to_vec());
    let again = Mission::parse(&m.write()).unwrap().0;
    assert_eq!(again.description.decode(), "Н");
    assert_eq!(again.description.tail(), b"\0\xCD");
}

#[test]
fn description_text_keeps_the_capacity_and_the_tail() {
    let mut d = Description(b"Hello\0\xCD\xCD\xCD\xCD".to_vec());
    d.set_text(b"Hey");
    assert_eq!(d.0, b"Hey\0o\0\xCD\xCD\xCD\xCD", "bytes past the new NUL stay");
    d.set_text(b"A much longer text");
    assert_eq!(d.0, b"A much longer text\0");
    let mut full = Description(b"abc".to_vec());
    full.set_text(b"x");
    assert_eq!(full.0, b"x\0c");
}

/// One mission with every gated field set away from its default, so that writing it at a
/// version and reading it back shows which fields that version holds.
fn rich() -> Mission {
    let mut m = Mission::parse(&sample().b).unwrap().0;
    m.clans[0].script = Text::from("MISSIONS\\SCRIPTS\\default");
    m.clans[0].tree = Text::from("MISSIONS\\SCRIPTS\\auto.trf");
    m.clans[0].minds = 9;
    let o = &mut m.objects[0];
    o.clan = 2;
    o.name = Text::from("Gate");
    o.start = 1;
    o.host = 3;
    o.vertex = 4;
    m.map_word = 1;
    m
}

#[test]
fn every_clan_version_reads_its_own_fields() {
    for v in 1..=6 {
        let mut m = rich();
        m.clan_version = v;
        let bytes = m.write();
        let (back, d) = Mission::parse(&bytes).unwrap();
        assert_eq!(back.write(), bytes, "clan version {v} writes back in its own version");
        assert_eq!(d.iter().map(|d| d.offset).collect::<Vec<_>>(), if v == 6 { vec![] } else { vec![Some(28)] }, "a warning for the version word");
        let c = &back.clans[0];
        assert_eq!(!c.script.is_empty(), v >= 2, "script at v{v}");
        assert_eq!(c.zones != Zones::default(), v >= 3, "zones at v{v}");
        assert_eq!(!c.tree.is_empty(), v >= 4, "tree at v{v}");
        assert_eq!(c.minds == 9, v >= 5, "minds at v{v}");
        assert_eq!(!c.relations.is_empty(), v >= 6, "relations at v{v}");
    }
}

#[test]
fn every_object_version_reads_its_own_fields() {
    for v in 1..=10 {
        let mut m = rich();
        m.object_version = v;
        let bytes = m.write();
        let (back, d) = Mission::parse(&bytes).unwrap();
        assert_eq!(back.write(), bytes, "object version {v} writes back in its own version");
        assert_eq!(d.len(), usize::from(v != 10), "{d:?}");
        let o = &back.objects[0];
        assert_eq!(o.clan == 2, v >= 3, "clan at v{v}");
        assert_eq!(o.logical_id == 5, v >= 4, "logical id at v{v}");
        assert_eq!(!o.properties.is_empty(), v >= 6, "properties at v{v}");
        assert_eq!(!o.name.is_empty(), v >= 7, "name at v{v}");
        assert_eq!(o.start == 1, v >= 8, "start flag at v{v}");
        assert_eq!((o.host, o.vertex) == (3, 4), v >= 9, "host at v{v}");
        assert_eq!(o.scale, if v >= 10 { [2.0; 3] } else { [1.0; 3] }, "scale at v{v}: else 1,1,1");
        assert_eq!(back.map_word == 1 && !back.description.0.is_empty(), v >= 2, "description at v{v}");
        assert_eq!(!back.lodes.is_empty(), v >= 5, "lodes at v{v}");
    }
}

#[test]
fn an_old_mission_by_hand_reads_as_the_engine_reads_it() {
    // Clan table v1 (name, id, base, type only), object v3 (clan, no logical id, no scale),
    // no description, no lodes.
    let b = B::default()
        .u32(1).u32(0) //                   version, no routes
        .u32(1).u32(1) //                   clan table v1, one clan
        .s(b"Plr").i32(-1).f32(1.0).f32(2.0).u32(1) // name, id, base, type 1
        .u32(3).u32(1) //                   object v3, one object
        .u32(1).u32(MARKER).s(b"UNITS\\a.dat").i32(0) // unit, marker, path, clan 0
        .f3([1.0, 2.0, 3.0]).f3([0.0; 3]) // position, rotation
        .s(b"DATA\\MAPS\\M\\land") //       map path
        .u32(0).s(b"Old"); //               objects v2+: map word, description; no lodes before v5
    let (m, _) = Mission::parse(&b.b).unwrap();
    assert_eq!(m.write(), b.b);
    assert_eq!((m.clans[0].kind, m.objects[0].clan, m.objects[0].logical_id, m.objects[0].scale), (1, 0, -1, [1.0; 3]));
    assert_eq!((m.description.text(), m.lodes.len()), (&b"Old"[..], 0));
}

/// A type-1 clan with one zone: the two readings part ways.
fn player_with_zone() -> B {
    B::default()
        .u32(1).u32(0).u32(6).u32(1) //     version, no routes, clan v6, one clan
        .s(b"P").i32(-1).f32(0.0).f32(0.0).mark("type").u32(1) // type 1
        .s(b"") //                          script
        .mark("zones").u32(1).u32(1).f3([0.0; 3]).f32(1.0).f32(2.0) // one zone
        .s(b"").u32(2).u32(0) //            tree, minds, no relations
        .u32(10).u32(0).s(b"m").u32(0).s(b"").u32(1).u32(0)
}

#[test]
fn the_single_layout_flags_what_the_by_type_reading_reads_differently() {
    let b = player_with_zone();
    let (m, d) = Mission::parse(&b.b).unwrap();
    assert_eq!(m.write(), b.b);
    assert!(d.iter().any(|d| d.offset == Some(b.at("zones") as u64) && d.message.contains("by-type")), "{d:?}");
    let by_type = Options { clan_body: ClanBodyReading::ByType, ..Options::default() };
    // The by-type reading takes the zone count as a word, then the zone's kind as a string
    // length: 1 byte, and everything after shifts; this file does not read at all.
    assert!(Mission::parse_with(&b.b, &by_type).is_err());
}

#[test]
fn both_readings_agree_on_kind_1_zones_of_a_type_0_clan() {
    let s = sample();
    let by_type = Options { clan_body: ClanBodyReading::ByType, ..Options::default() };
    let (m, d) = Mission::parse_with(&s.b, &by_type).unwrap();
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(m.clans[0].zones, Zones::Groups(vec![vec![[5.0, 6.0, 0.0, 1.0, 2.0]]]));
    assert_eq!(m.write(), s.b);
    // A zone kind of 2: the single layout warns at the kind word; the by-type reading reads
    // two records and runs into the tree.
    let mut b = s.b.clone();
    let k = s.at("zone_kind");
    b[k..k + 4].copy_from_slice(&2u32.to_le_bytes());
    let (_, d) = Mission::parse(&b).unwrap();
    assert_eq!(d.iter().map(|d| d.offset).collect::<Vec<_>>(), vec![Some(k as u64)]);
    let (m2, d2) = Mission::parse_with(&b, &by_type).map_or((None, vec![]), |(m, d)| (Some(m), d));
    assert!(m2.is_none() || !d2.is_empty());
}

#[test]
fn a_clan_type_past_3_is_a_warning_or_refused_by_reading() {
    let s = sample();
    let mut b = s.b.clone();
    let t = s.at("clan_type");
    b[t..t + 4].copy_from_slice(&5u32.to_le_bytes());
    let (_, d) = Mission::parse(&b).unwrap();
    assert!(d.iter().any(|d| d.offset == Some(t as u64)), "{d:?}");
    let by_type = Options { clan_body: ClanBodyReading::ByType, ..Options::default() };
    assert_eq!(Mission::parse_with(&b, &by_type).unwrap_err().offset, t as u64);
}

#[test]
fn by_type_words_on_type_1_to_3_clans_round_trip() {
    let b = B::default()
        .u32(1).u32(0).u32(6).u32(1)
        .s(b"E").i32(-1).f32(0.0).f32(0.0).u32(2).s(b"MISSIONS\\SCRIPTS\\default")
        .mark("word").u32(0) //             zone count 0 = the by-type reading's word
        .s(b"x.trf").u32(4).u32(0)
        .u32(10).u32(0).s(b"m").u32(0).s(b"").u32(1).u32(0);
    let by_type = Options { clan_body: ClanBodyReading::ByType, ..Options::default() };
    let (m, d) = Mission::parse_with(&b.b, &by_type).unwrap();
    assert!(d.is_empty());
    assert_eq!(m.clans[0].zones, Zones::Word(0));
    assert_eq!(m.write(), b.b);
    assert_eq!(Mission::parse(&b.b).unwrap().0.clans[0].zones, Zones::List(vec![]));
}

#[test]
fn moving_an_object_changes_its_position_bytes_only() {
    let s = sample();
    let mut m = Mission::parse(&s.b).unwrap().0;
    m.set_object_position(0, [1.0, 2.0, 4.0]).unwrap();
    let w = m.write();
    let changed: Vec<usize> = (0..w.len()).filter(|&i| w[i] != s.b[i]).collect();
    assert!(changed.iter().all(|&i| (146..158).contains(&i)) && !changed.is_empty(), "{changed:?}");
    assert!(m.set_object_position(1, [0.0; 3]).is_err());
}

#[test]
fn renaming_a_clan_changes_its_string_or_also_its_relations() {
    let s = sample();
    let mut m = Mission::parse(&s.b).unwrap().0;
    m.set_clan_name(0, Text::from("Природа")).unwrap();
    let w = m.write();
    assert_eq!(w.len(), s.b.len() + 4);
    assert_eq!(&w[..36], &s.b[..36]);
    assert_eq!(&w[36..47], b"\x07\0\0\0\xCF\xF0\xE8\xF0\xEE\xE4\xE0");
    assert_eq!(&w[47..], &s.b[43..]);
    assert_eq!(m.clans[0].relation(b"\xCD\xE0\xF2"), Some(1), "its relation still names the old name");
    let mut m = Mission::parse(&s.b).unwrap().0;
    m.rename_clan(0, Text::from("Nature")).unwrap();
    assert_eq!(m.clans[0].relation(b"NATURE"), Some(1), "its relation to itself follows the name");
}

#[test]
fn clans_add_and_remove_by_name_and_index() {
    let mut m = rich();
    assert!(m.add_clan(Clan::new(Text::from("\u{41d}\u{430}\u{442}"), 1)).is_err(), "the same name is refused");
    let p = m.add_clan(Clan::new(Text::from("Plr"), CLAN_PLAYER)).unwrap();
    m.set_relation(0, b"plr", RELATION_ALLIED).unwrap();
    m.set_relation(0, b"PLR", RELATION_HOSTILE).unwrap();
    assert_eq!(m.clans[0].relations.len(), 2, "set_relation matches ignoring case");
    m.objects[0].clan = p as i32;
    assert!(matches!(m.remove_clan(p), Err(EditError::ClanInUse { objects: 1, .. })));
    m.objects[0].clan = -1;
    m.remove_clan(0).unwrap();
    assert_eq!(m.clans.len(), 1);
    assert!(m.clans[0].relations.iter().all(|r| r.clan.bytes() == b"Plr"));
    let again = Mission::parse(&m.write()).unwrap().0;
    assert_eq!(again, m);
}

#[test]
fn objects_lodes_and_routes_add_and_remove() {
    let mut m = rich();
    let mut o = Object::new(ObjectKind::Unit.word(), Text::from("UNITS\\UNITS\\HERO\\hero_t.dat"), [1.0, 2.0, 3.0]);
    o.properties = vec![Property::i32("LogicalID", 7, 7, 7), Property::f32("Life state", 1.0, 0.0, 1.0)];
    assert!(o.properties[0].locked());
    let i = m.add_object(o.clone());
    m.add_lode(Lode { position: [0.0; 3], found: 1, kind: 0, amount: 10.0, extra: 0 });
    m.add_route(Route { id: 2, points: vec![[0.0; 3]; 3] });
    m.set_route_point(1, 2, [9.0, 9.0, 0.0]).unwrap();
    let back = Mission::parse(&m.write()).unwrap().0;
    assert_eq!(back, m);
    assert_eq!(back.objects[i], o);
    m.remove_object(i).unwrap();
    m.remove_lode(1).unwrap();
    m.remove_route(1).unwrap();
    assert_eq!(m.write(), rich().write());
    assert!(m.remove_lode(5).is_err() && m.set_route_points(3, vec![]).is_err());
    assert!(ObjectKind::of(3).is_scenery() && !ObjectKind::of(0).is_scenery());
}

#[test]
fn a_building_or_unit_outside_the_clan_table_is_a_warning_at_the_object() {
    let s = sample();
    let mut b = s.b.clone();
    let o = s.at("object0");
    b[o..o + 4].copy_from_slice(&1u32.to_le_bytes()); // a unit now, still owned by clan −1
    let (_, d) = Mission::parse(&b).unwrap();
    assert_eq!(d.iter().map(|d| d.offset).collect::<Vec<_>>(), vec![Some(o as u64)], "{d:?}");
    assert!(d[0].message.contains("clan -1 of 1"), "{d:?}");
}

#[test]
fn a_finding_keeps_its_id_and_reads_in_russian() {
    use crate::app::i18n::{Language, messages::text_in};
    let s = sample();
    let mut b = s.b.clone();
    let o = s.at("object0");
    b[o..o + 4].copy_from_slice(&1u32.to_le_bytes());
    let (_, d) = Mission::parse(&b).unwrap();
    let k = d[0].key.as_deref().expect("keyed");
    assert_eq!(k.id, "tma-object-clan");
    let ru = text_in(Language::Russian, &d[0].message, Some(k));
    assert!(ru.starts_with("объект 0 (") && ru.ends_with(") называет клан −1 из 1"), "{ru}");
    // The English text is the CLI's, unchanged.
    assert!(d[0].message.ends_with("names clan -1 of 1"), "{}", d[0].message);
}
