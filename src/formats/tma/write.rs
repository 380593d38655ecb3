//! Writing a mission in its own section versions: a field a version lacks is not written.
//! Every length and count comes from the model, so nothing can disagree with what follows it.

use super::{Clan, Mission, Object, Text, Zones, gate};
use crate::formats::bytes::WriteLe;

/// Where each record starts in the written file (for diagnostics, reveals and tests).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Offsets {
    pub routes: Vec<usize>,
    /// Each clan's start: its name's length word.
    pub clans: Vec<usize>,
    pub objects: Vec<usize>,
    /// Each object's position (three floats, 12 bytes).
    pub positions: Vec<usize>,
    pub map_path: usize,
    /// The description's length word (object version 2 and later).
    pub description: Option<usize>,
    pub lodes: Vec<usize>,
    /// The file length.
    pub end: usize,
}

fn put_text(out: &mut Vec<u8>, t: &Text) {
    out.put_u32(t.0.len() as u32);
    out.extend_from_slice(&t.0);
}
fn put_vec3(out: &mut Vec<u8>, v: [f32; 3]) {
    v.iter().for_each(|&f| out.put_f32(f));
}

impl Mission {
    pub fn write(&self) -> Vec<u8> {
        self.write_with(None)
    }

    /// The offsets the written bytes would have, without keeping them.
    pub fn offsets(&self) -> Offsets {
        let mut o = Offsets::default();
        self.write_with(Some(&mut o));
        o
    }

    /// The bytes and where each record lies in them.
    pub fn write_with_offsets(&self) -> (Vec<u8>, Offsets) {
        let mut o = Offsets::default();
        let b = self.write_with(Some(&mut o));
        (b, o)
    }

    fn write_with(&self, mut offs: Option<&mut Offsets>) -> Vec<u8> {
        let mut out = Vec::with_capacity(64 + self.objects.len() * 160 + self.clans.len() * 128);
        out.put_u32(self.version);
        out.put_u32(self.routes.len() as u32);
        for r in &self.routes {
            if let Some(o) = offs.as_deref_mut() {
                o.routes.push(out.len());
            }
            out.put_u32(r.id);
            out.put_u32(r.points.len() as u32);
            r.points.iter().for_each(|&p| put_vec3(&mut out, p));
        }
        out.put_u32(self.clan_version);
        out.put_u32(self.clans.len() as u32);
        for c in &self.clans {
            if let Some(o) = offs.as_deref_mut() {
                o.clans.push(out.len());
            }
            write_clan(&mut out, c, self.clan_version);
        }
        out.put_u32(self.object_version);
        out.put_u32(self.objects.len() as u32);
        for obj in &self.objects {
            let start = out.len();
            let position = write_object(&mut out, obj, self.object_version);
            if let Some(o) = offs.as_deref_mut() {
                o.objects.push(start);
                o.positions.push(position);
            }
        }
        if let Some(o) = offs.as_deref_mut() {
            o.map_path = out.len();
        }
        put_text(&mut out, &self.map_path);
        if self.object_version >= gate::DESCRIPTION {
            out.put_u32(self.map_word);
            if let Some(o) = offs.as_deref_mut() {
                o.description = Some(out.len());
            }
            out.put_u32(self.description.0.len() as u32);
            out.extend_from_slice(&self.description.0);
        }
        if self.object_version >= gate::LODES {
            out.put_u32(self.lode_word);
            out.put_u32(self.lodes.len() as u32);
            for l in &self.lodes {
                if let Some(o) = offs.as_deref_mut() {
                    o.lodes.push(out.len());
                }
                put_vec3(&mut out, l.position);
                out.put_u32(l.found);
                out.put_u32(l.kind);
                out.put_f32(l.amount);
                out.put_u32(l.extra);
            }
        }
        if let Some(o) = offs {
            o.end = out.len();
        }
        out
    }
}

fn write_clan(out: &mut Vec<u8>, c: &Clan, v: u32) {
    put_text(out, &c.name);
    out.put_i32(c.id);
    out.put_f32(c.base[0]);
    out.put_f32(c.base[1]);
    out.put_u32(c.kind);
    if v >= gate::CLAN_SCRIPT {
        put_text(out, &c.script);
    }
    if v >= gate::CLAN_ZONES {
        match &c.zones {
            Zones::List(zones) => {
                out.put_u32(zones.len() as u32);
                for z in zones {
                    out.put_u32(z.kind);
                    put_vec3(out, z.centre);
                    out.put_f32(z.inner);
                    out.put_f32(z.outer);
                }
            }
            Zones::Groups(groups) => {
                out.put_u32(groups.len() as u32);
                for g in groups {
                    out.put_u32(g.len() as u32);
                    g.iter().flatten().for_each(|&f| out.put_f32(f));
                }
            }
            Zones::Word(w) => out.put_u32(*w),
        }
    }
    if v >= gate::CLAN_TREE {
        put_text(out, &c.tree);
    }
    if v >= gate::CLAN_MINDS {
        out.put_u32(c.minds);
    }
    if v >= gate::CLAN_RELATIONS {
        out.put_u32(c.relations.len() as u32);
        for r in &c.relations {
            put_text(out, &r.clan);
            out.put_u32(r.value);
        }
    }
}

/// Writes one object; returns where its position starts.
fn write_object(out: &mut Vec<u8>, o: &Object, v: u32) -> usize {
    out.put_u32(o.kind);
    out.put_u32(o.marker);
    put_text(out, &o.path);
    if v >= gate::OBJECT_CLAN {
        out.put_i32(o.clan);
    }
    if v >= gate::OBJECT_LOGICAL_ID {
        out.put_i32(o.logical_id);
    }
    let position = out.len();
    put_vec3(out, o.position);
    put_vec3(out, o.rotation);
    if v >= gate::OBJECT_SCALE {
        put_vec3(out, o.scale);
    }
    if v >= gate::OBJECT_NAME {
        put_text(out, &o.name);
    }
    if v >= gate::OBJECT_START {
        out.put_u32(o.start);
    }
    if v >= gate::OBJECT_HOST {
        out.put_i32(o.host);
        out.put_i32(o.vertex);
    }
    if v >= gate::OBJECT_PROPERTIES {
        out.put_u32(o.property_word);
        out.put_u32(o.properties.len() as u32);
        for p in &o.properties {
            out.put_u32(p.kind);
            out.put_u32(p.value);
            out.put_u32(p.min);
            out.put_u32(p.max);
            put_text(out, &p.name);
        }
    }
    position
}
