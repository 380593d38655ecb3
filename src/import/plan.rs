//! One import with its material mapping, as the command line's `import-model` and the editor's
//! import dialog both run it: the glTF converted, each WEAR row's material chosen (the
//! library's material of the same name, a new one made from the glTF material, or another
//! material of the library), the libraries' new bytes planned, and the model's bytes written.
//! Both callers get the same bytes from the same inputs (docs/formats/msh.md#import).

use super::gltf_read::Gltf;
use super::materials::{self, LibraryChanges};
use super::{Imported, NodeInfo, Options, Summary};
use crate::formats::nres::Archive;
use crate::formats::readings::Readings;
use crate::formats::message::Message;
use crate::formats::{Error, Result};
use crate::msg;

/// What one WEAR row names.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Mapping {
    /// The library's material of the row's own name if it has one; else a new material when
    /// the import adds materials ([`Libraries::add`]), else the name as it is (the game then
    /// draws it with DEFAULT).
    Auto,
    /// A new material made from the glTF material, added to Material.lib under the row's name.
    New,
    /// Another material of the library, by its name.
    Use(String),
}

/// The libraries the import looks materials up in and adds to: their bytes as they stand.
#[derive(Debug, Clone, Copy, Default)]
pub struct Libraries<'a> {
    pub material: Option<&'a [u8]>,
    pub textures: Option<&'a [u8]>,
    /// [`Mapping::Auto`] adds the materials the library lacks (`--materials`).
    pub add: bool,
}

/// The import's result, nothing written yet.
#[derive(Debug)]
pub struct Converted {
    /// The model's NRes bytes (its components under the entry name).
    pub msh: Vec<u8>,
    /// The WEAR table's text.
    pub wea: Vec<u8>,
    /// Each row's glTF material (`None`: the DEFAULT row), the name the table holds, and
    /// whether a new material of that name is added.
    pub rows: Vec<RowPlan>,
    pub changes: LibraryChanges,
    pub summary: Summary,
    pub nodes: Vec<NodeInfo>,
    pub warnings: Vec<Message>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct RowPlan {
    /// The glTF material's name as the table would hold it (before any mapping).
    pub gltf_name: String,
    pub gltf: Option<usize>,
    /// The material the row names.
    pub name: String,
    pub added: bool,
    /// Whether the library has the material the row names (after the import).
    pub resolved: bool,
}

/// The directory attributes of a model's table added as an archive entry.
pub const WEA_ATTRS: [u32; 3] = [0, 0, 1];

/// The name of the table the engine pairs with the mesh entry `mesh_entry`: the same base
/// name with `.wea` (docs/formats/msh.md#materials).
pub fn wea_name_for(mesh_entry: &str) -> String {
    let stem = mesh_entry.rsplit_once('.').map_or(mesh_entry, |(s, _)| s);
    format!("{stem}.wea")
}

/// The names of a library's entries, in directory order (the dialog's material choices).
pub fn library_names(bytes: &[u8]) -> Result<Vec<String>> {
    let (a, _) = Archive::parse(bytes.to_vec().into()).map_err(|e| e.within("Material.lib"))?;
    Ok((0..a.len()).map(|i| a.entry(i).name()).collect())
}

/// Converts `g` and plans the libraries: `mapping` has one choice per row of
/// `materials::rows` (missing ones are [`Mapping::Auto`]). The libraries are planned first
/// (a new texture is made from the glTF's image); then `g`, taken whole, goes into the
/// model, which lets its buffers go once the geometry is read, so the glTF's bytes, its
/// decoded arrays and the model are never all held together (docs/formats/msh.md#import).
pub fn convert(g: Gltf, opts: &Options, libs: Libraries, mapping: &[Mapping], readings: &Readings) -> Result<Converted> {
    super::check_options(opts)?;
    let mut row_warn = Vec::new();
    let mut rows = materials::rows(&g, &mut row_warn)?;
    let known: Vec<String> = match libs.material {
        Some(b) => library_names(b)?,
        None => Vec::new(),
    };
    let has = |n: &str| known.iter().any(|k| k.eq_ignore_ascii_case(n));
    let gltf_names: Vec<String> = rows.iter().map(|r| r.name.clone()).collect();
    let mut add = Vec::with_capacity(rows.len());
    for (k, row) in rows.iter_mut().enumerate() {
        match mapping.get(k).unwrap_or(&Mapping::Auto) {
            Mapping::Auto => add.push(libs.add),
            Mapping::New => {
                if libs.material.is_none() {
                    return Err(Error::new(0, msg!("import-new-material-no-library", "material {name}: a new material needs a Material.lib to go into", name = &row.name)));
                }
                add.push(true);
            }
            Mapping::Use(name) => {
                if !has(name) {
                    return Err(Error::new(0, msg!("import-mapped-material-missing", "material {row}: Material.lib has no material {name} to use instead", row = &row.name, name = name)));
                }
                row.name = name.clone();
                add.push(false);
            }
        }
    }
    // The plan's warnings follow the model's, as the dialog and `import-model` list them.
    let mut plan_warn = Vec::new();
    let changes = materials::plan(&rows, &g, libs.material, &add, libs.textures, readings, &mut plan_warn)?;
    let Imported { msh, rows, mut warnings, summary, nodes } = super::build(g, opts, rows, row_warn)?;
    warnings.extend(plan_warn);
    let wea = materials::wear_text(&rows);
    let plans = rows
        .iter()
        .zip(gltf_names)
        .map(|(r, gltf_name)| {
            let added = changes.added_materials.iter().any(|a| a == &r.name);
            RowPlan { gltf_name, gltf: r.gltf, name: r.name.clone(), added, resolved: added || has(&r.name) }
        })
        .collect();
    Ok(Converted { msh, wea, rows: plans, changes, summary, nodes, warnings })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::gltf as fx;
    use crate::import::gltf_read;

    #[test]
    fn a_mapping_renames_a_row_and_adds_only_what_is_new() {
        let g = || gltf_read::load(fx::walker().glb(), None).unwrap();
        let lib = crate::fixtures::mat0::material_lib();
        let libs = Libraries { material: Some(&lib), textures: None, add: true };
        let auto = convert(g(), &Options::default(), libs, &[], &Readings::default()).unwrap();
        assert_eq!(auto.rows.iter().map(|r| (r.name.as_str(), r.added)).collect::<Vec<_>>(), [("HULL", true), ("GLASS", false), ("METAL", true)]);
        // METAL drawn with the library's GLASS instead: only HULL is added.
        let mapped = convert(g(), &Options::default(), libs, &[Mapping::Auto, Mapping::Auto, Mapping::Use("GLASS".into())], &Readings::default()).unwrap();
        assert_eq!(String::from_utf8(mapped.wea.clone()).unwrap(), "3\r\n0 HULL\r\n1 GLASS\r\n2 GLASS\r\n");
        assert_eq!(mapped.changes.added_materials, ["HULL"]);
        assert_eq!(mapped.rows[2].gltf_name, "METAL");
        assert_eq!(mapped.msh, auto.msh, "the mapping changes only the table");
        // A name the library lacks, or a new material with no library, is refused.
        let e = convert(g(), &Options::default(), libs, &[Mapping::Use("NOPE".into())], &Readings::default()).unwrap_err();
        assert!(e.message.contains("no material NOPE"), "{e}");
        let none = Libraries::default();
        assert!(convert(g(), &Options::default(), none, &[Mapping::New], &Readings::default()).is_err());
        // Without adding, the missing ones stay unresolved.
        let plain = convert(g(), &Options::default(), Libraries { add: false, ..libs }, &[], &Readings::default()).unwrap();
        assert_eq!(plain.rows.iter().map(|r| r.resolved).collect::<Vec<_>>(), [false, true, false]);
        assert_eq!(plain.nodes.len(), 5);
        assert_eq!(plain.nodes[1].parent, Some(0));
        assert!(plain.nodes.iter().any(|n| n.animated));
    }
}
