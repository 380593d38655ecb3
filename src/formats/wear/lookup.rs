//! Finding a row from a mesh's material byte (by position, the engine's way, or by legacy id:
//! `Readings::wear_lookup`), and the checks that need the workspace: names that the open
//! Material.lib / LightMap.lib do not hold, and the MatManager's 70 tables.

use super::{Section, Wear};
use crate::formats::error::{Diagnostic, Severity};
use crate::msg;
use crate::formats::readings::WearLookup;

/// Tables a MatManager holds (docs/formats/wear.md#engine-limits); the engine does not check the
/// limit.
pub const MAX_TABLES: usize = 70;

/// The outcome of looking a row up.
#[derive(Debug, Clone, PartialEq)]
pub struct RowLookup {
    pub row: Option<usize>,
    pub diagnostics: Vec<Diagnostic>,
}

impl Wear {
    /// Whether the section's ids are 0..n-1 in order, so both readings agree.
    pub fn ids_are_positions(&self, section: Section) -> bool {
        self.rows(section).iter().enumerate().all(|(i, r)| i64::from(r.legacy_id) == i as i64)
    }

    /// The row that material index `index` names under a reading. When the ids are not
    /// 0..n-1 the two readings may differ, and a warning says so.
    pub fn lookup(&self, section: Section, index: usize, mode: WearLookup) -> RowLookup {
        let rows = self.rows(section);
        let mut diagnostics = Vec::new();
        if !self.ids_are_positions(section) {
            diagnostics.push(Diagnostic::new(
                Severity::Warning,
                None,
                match mode {
                    WearLookup::ByRow => msg!(
                        "wear-lookup-by-row",
                        "the {section} ids are not 0..{last} in order: looking up by row position (the other reading may pick another row)",
                        section = section.label(),
                        last = rows.len().saturating_sub(1)
                    ),
                    WearLookup::ByLegacyId => msg!(
                        "wear-lookup-by-id",
                        "the {section} ids are not 0..{last} in order: looking up by legacy id (the other reading may pick another row)",
                        section = section.label(),
                        last = rows.len().saturating_sub(1)
                    ),
                },
            ));
        }
        let row = match mode {
            WearLookup::ByRow => (index < rows.len()).then_some(index),
            WearLookup::ByLegacyId => rows.iter().position(|r| i64::from(r.legacy_id) == index as i64),
        };
        if row.is_none() {
            diagnostics.push(Diagnostic::new(
                Severity::Error,
                None,
                msg!("wear-index-no-row", "{section} index {index} names no row (the table has {count})", section = section.label(), index = index, count = rows.len()),
            ));
        }
        RowLookup { row, diagnostics }
    }
}

/// Names that do not resolve: each material row whose name `materials` rejects ("Material %s
/// not found.": the game falls back to DEFAULT) and each lightmap row whose name `lightmaps`
/// rejects ("LightMap %s not found.": the game uses no lightmap), at the name's line and column.
pub fn check_names(wear: &Wear, materials: &dyn Fn(&str) -> bool, lightmaps: &dyn Fn(&str) -> bool) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for r in wear.materials() {
        let name = wear.name(r);
        if !materials(&name) {
            out.push(wear.at(
                Severity::Warning,
                r.name_span.start,
                msg!("wear-material-not-found", "Material {name} not found. (the game falls back to DEFAULT)", name = name),
            ));
        }
    }
    for r in wear.lightmaps().unwrap_or(&[]) {
        let name = wear.name(r);
        if !lightmaps(&name) {
            out.push(wear.at(
                Severity::Warning,
                r.name_span.start,
                msg!("wear-lightmap-not-found", "LightMap {name} not found. (the game draws without a lightmap)", name = name),
            ));
        }
    }
    out
}

/// The MatManager layout has room for 70 tables and the loaders write past it unchecked.
pub fn check_table_count(tables: usize) -> Option<Diagnostic> {
    (tables > MAX_TABLES).then(|| {
        Diagnostic::new(
            Severity::Error,
            None,
            msg!(
                "wear-too-many-tables",
                "{tables} WEAR tables for one MatManager; it holds {max} and the engine does not check",
                tables = tables,
                max = MAX_TABLES
            ),
        )
    })
}
