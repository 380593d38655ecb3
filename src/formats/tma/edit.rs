//! Edits of a mission. Each changes only the fields it names: moving an object rewrites its
//! 12 position bytes, renaming a clan its name and length word. Structural edits keep the
//! references consistent where the file has them: objects name their clan by index, clans
//! name each other by name in their relations.

use super::{Clan, Lode, Mission, Object, Relation, Route, Text};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    #[error("no {what} {index} (the mission has {count})")]
    NoSuch { what: &'static str, index: usize, count: usize },
    #[error("a clan named {0:?} exists already (names match ignoring case)")]
    DuplicateClan(String),
    #[error("clan {clan} ({name}) owns {objects} objects; give them another owner first")]
    ClanInUse { clan: usize, name: String, objects: usize },
}

/// What an object is, from its kind word.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ObjectKind {
    Building,
    Unit,
    Vegetation,
    Rock,
    Other(u32),
}

impl ObjectKind {
    pub fn of(word: u32) -> ObjectKind {
        match word {
            0 => ObjectKind::Building,
            1 => ObjectKind::Unit,
            2 => ObjectKind::Vegetation,
            3 => ObjectKind::Rock,
            w => ObjectKind::Other(w),
        }
    }
    pub fn word(self) -> u32 {
        match self {
            ObjectKind::Building => 0,
            ObjectKind::Unit => 1,
            ObjectKind::Vegetation => 2,
            ObjectKind::Rock => 3,
            ObjectKind::Other(w) => w,
        }
    }
    /// Scenery (kinds 2, 3) is an `objects.rlb` record and the only kind the scale applies to.
    pub fn is_scenery(self) -> bool {
        matches!(self, ObjectKind::Vegetation | ObjectKind::Rock)
    }
}

fn check(what: &'static str, index: usize, count: usize) -> Result<(), EditError> {
    if index < count { Ok(()) } else { Err(EditError::NoSuch { what, index, count }) }
}

impl Mission {
    pub fn set_object_position(&mut self, i: usize, position: [f32; 3]) -> Result<(), EditError> {
        check("object", i, self.objects.len())?;
        self.objects[i].position = position;
        Ok(())
    }

    /// Appends an object; returns its index.
    pub fn add_object(&mut self, object: Object) -> usize {
        self.objects.push(object);
        self.objects.len() - 1
    }

    /// Removes an object. Nothing names an object by index (hosts are named by logical id).
    pub fn remove_object(&mut self, i: usize) -> Result<Object, EditError> {
        check("object", i, self.objects.len())?;
        Ok(self.objects.remove(i))
    }

    /// Changes a clan's name and nothing else: relations naming the old name keep it (see
    /// [`Mission::rename_clan`]).
    pub fn set_clan_name(&mut self, i: usize, name: Text) -> Result<(), EditError> {
        check("clan", i, self.clans.len())?;
        self.clans[i].name = name;
        Ok(())
    }

    /// Renames a clan and every relation (of any clan, its own included) that named it.
    pub fn rename_clan(&mut self, i: usize, name: Text) -> Result<(), EditError> {
        check("clan", i, self.clans.len())?;
        if self.clans.iter().enumerate().any(|(k, c)| k != i && c.name.eq_ignore_case(name.bytes())) {
            return Err(EditError::DuplicateClan(name.decode()));
        }
        let old = std::mem::replace(&mut self.clans[i].name, name.clone());
        for c in &mut self.clans {
            for r in &mut c.relations {
                if r.clan.eq_ignore_case(old.bytes()) {
                    r.clan = name.clone();
                }
            }
        }
        Ok(())
    }

    /// Appends a clan (its relations as given; a clan no relation names stays hostile).
    pub fn add_clan(&mut self, clan: Clan) -> Result<usize, EditError> {
        if self.clan_by_name(clan.name.bytes()).is_some() {
            return Err(EditError::DuplicateClan(clan.name.decode()));
        }
        self.clans.push(clan);
        Ok(self.clans.len() - 1)
    }

    /// Removes a clan that owns no object: every relation naming it goes, and objects owning a
    /// later clan are renumbered. Leftover indices past the table (scenery) are left alone.
    pub fn remove_clan(&mut self, i: usize) -> Result<Clan, EditError> {
        check("clan", i, self.clans.len())?;
        let owned = self.objects.iter().filter(|o| o.clan == i as i32).count();
        if owned > 0 {
            return Err(EditError::ClanInUse { clan: i, name: self.clans[i].name.decode(), objects: owned });
        }
        let n = self.clans.len() as i32;
        for o in &mut self.objects {
            if o.clan > i as i32 && o.clan < n {
                o.clan -= 1;
            }
        }
        let gone = self.clans.remove(i);
        for c in &mut self.clans {
            c.relations.retain(|r| !r.clan.eq_ignore_case(gone.name.bytes()));
        }
        Ok(gone)
    }

    /// Sets clan `i`'s relation towards the clan named `other`, adding the relation if it has none.
    pub fn set_relation(&mut self, i: usize, other: &[u8], value: u32) -> Result<(), EditError> {
        check("clan", i, self.clans.len())?;
        let rels = &mut self.clans[i].relations;
        match rels.iter_mut().find(|r| r.clan.eq_ignore_case(other)) {
            Some(r) => r.value = value,
            None => rels.push(Relation { clan: Text(other.to_vec()), value }),
        }
        Ok(())
    }

    pub fn add_lode(&mut self, lode: Lode) -> usize {
        self.lodes.push(lode);
        self.lodes.len() - 1
    }

    pub fn remove_lode(&mut self, i: usize) -> Result<Lode, EditError> {
        check("lode", i, self.lodes.len())?;
        Ok(self.lodes.remove(i))
    }

    pub fn add_route(&mut self, route: Route) -> usize {
        self.routes.push(route);
        self.routes.len() - 1
    }

    pub fn remove_route(&mut self, i: usize) -> Result<Route, EditError> {
        check("route", i, self.routes.len())?;
        Ok(self.routes.remove(i))
    }

    pub fn set_route_points(&mut self, i: usize, points: Vec<[f32; 3]>) -> Result<(), EditError> {
        check("route", i, self.routes.len())?;
        self.routes[i].points = points;
        Ok(())
    }

    /// Moves one corner of a route's polygon.
    pub fn set_route_point(&mut self, i: usize, point: usize, p: [f32; 3]) -> Result<(), EditError> {
        check("route", i, self.routes.len())?;
        check("route point", point, self.routes[i].points.len())?;
        self.routes[i].points[point] = p;
        Ok(())
    }
}
