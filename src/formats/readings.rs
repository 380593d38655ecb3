//! The interpretation switches of docs/readings.md: where public readers disagree, each
//! choice is one value here, defaulting to the bold reading, selectable from the CLI
//! (`--reading NAME=VALUE`) and the editor's settings.

use crate::formats::message::Message;
use crate::msg;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Order8888 {
    #[default]
    Bgra,
    Argb,
    BgrNoAlpha,
}
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Order888 {
    #[default]
    Bgrx,
    Rgbx,
}
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Order88 {
    #[default]
    LumLowAlphaHigh,
    AlphaLowLumHigh,
}
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum PaletteOrder {
    #[default]
    Bgrx,
    Rgba,
}
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum QuatOrder {
    #[default]
    WxyzConjugated,
    XyzwAsIs,
}
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum SlotGrid {
    #[default]
    VariantTimes5PlusLod,
    LodTimes5PlusGroup,
}
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum BatchMaterial {
    #[default]
    ByteAt4,
    U16At2,
}
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum UvSign {
    #[default]
    Unsigned,
    Signed,
}
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum InterpMask {
    #[default]
    Seed71,
    OneFloatEarlier,
}
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum LandFlag20000 {
    #[default]
    Water,
    Collision,
}
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum LandComponent11 {
    #[default]
    FaceOrder,
    MaterialTriangle,
}
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum LandWear {
    #[default]
    Land1BothLods,
    Land1Lod0Land2Lod1,
}
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum WearLookup {
    #[default]
    ByRow,
    ByLegacyId,
}
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum NresNameField {
    #[default]
    Whole36,
    First32,
}
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum NormalScale {
    #[default]
    I16Over32767,
    Raw,
}
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum GeomNormalAxes {
    #[default]
    XFromByte2,
    XFromByte0,
}
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum VegetationTexcoord {
    #[default]
    Over2048,
    Over1024,
}
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum TfntAdvance {
    #[default]
    RecordAdvance,
    WidthPlusSpacing,
}

/// Every section-8 switch. `Readings::default()` is the bold column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(default)]
pub struct Readings {
    pub texm_8888: Order8888,
    pub texm_888: Order888,
    pub texm_88: Order88,
    pub palette: PaletteOrder,
    pub quat: QuatOrder,
    pub slot_grid: SlotGrid,
    pub batch_material: BatchMaterial,
    pub uv: UvSign,
    pub interp_mask: InterpMask,
    pub land_flag_20000: LandFlag20000,
    pub land_component_11: LandComponent11,
    pub land_wear: LandWear,
    pub wear_lookup: WearLookup,
    pub nres_name: NresNameField,
    pub face_normal: NormalScale,
    pub geom_normal: GeomNormalAxes,
    pub vegetation_texcoord: VegetationTexcoord,
    pub tfnt_advance: TfntAdvance,
    pub unit_dat: crate::formats::unit_dat::Reading,
    pub clan_body: crate::formats::tma::ClanBodyReading,
    pub land_map_sub_block: crate::formats::landmap::SubBlockReading,
}

/// Name, the values it takes (first = default), and a one-line description, for `--help` and
/// the settings panel.
pub const TABLE: &[(&str, &[&str], &str)] = &[
    ("texm-8888", &["bgra", "argb", "bgr"], "Texm 8888 byte order"),
    ("texm-888", &["bgrx", "rgbx"], "Texm 888 byte order"),
    ("texm-88", &["lum-alpha", "alpha-lum"], "Texm 88: low byte luminance (A8L8) or the reverse"),
    ("palette", &["bgrx", "rgba"], "palette entry byte order"),
    ("quat", &["wxyz-conj", "xyzw"], "MSH type-8 quaternion order"),
    ("slot-grid", &["variant-lod", "lod-group"], "Node38 slot grid: slot[variant*5+lod] or slot[lod*5+group]"),
    ("batch-material", &["byte4", "u16at2"], "Batch20 material field"),
    ("uv", &["unsigned", "signed"], "UV0 and component 18: u16/1024 or i16/1024"),
    ("interp-mask", &["seed", "earlier"], "MAT0 interp_mask bit reading"),
    ("land-flag-20000", &["water", "collision"], "landscape triangle flag 0x20000"),
    ("land-11", &["face-order", "material-triangle"], "landscape component 11"),
    ("land-wear", &["land1", "land1-land2"], "Land1.wea / Land2.wea use"),
    ("wear-lookup", &["row", "legacy-id"], "WEAR row lookup"),
    ("nres-name", &["36", "32"], "NRes name field width"),
    ("face-normal", &["i16", "raw"], "MSH component 7 / 21 normal scale"),
    ("geom-normal", &["x-byte2", "x-byte0"], "level.geom packed normal axes"),
    ("vegetation-texcoord", &["2048", "1024"], "level.geom vegetation SHORT4 texcoord scale"),
    ("tfnt-advance", &["advance", "width"], "Tfnt pen step: the glyph's advance field or width + spacing"),
    ("unit-dat", &["strict", "lenient"], "unit .dat: whole magic and one tree, or low 16 bits and trailing components ignored"),
    ("clan-body", &["single", "by-type"], "data.tma clan body: one zone layout for every type, or branching on the type"),
    ("land-map-sub-block", &["records12", "words3n1"], "Land.map areal sub-block: n 12-byte records, or 3n+1 words"),
];

impl Readings {
    /// Applies one `NAME=VALUE` switch; the error names the valid names or values.
    pub fn set(&mut self, spec: &str) -> Result<(), Message> {
        let (name, value) = spec.split_once('=').ok_or_else(|| msg!("reading-spec-syntax", "expected NAME=VALUE, got {spec:?}", spec = spec))?;
        let (_, values, _) = TABLE
            .iter()
            .find(|(n, _, _)| *n == name)
            .ok_or_else(|| msg!("reading-unknown", "unknown reading {name:?}; known: {known}", name = name, known = names()))?;
        let i = values
            .iter()
            .position(|v| *v == value)
            .ok_or_else(|| msg!("reading-values", "reading {name} takes one of {values}", name = name, values = values.join(", ")))?;
        let first = i == 0;
        match name {
            "texm-8888" => self.texm_8888 = [Order8888::Bgra, Order8888::Argb, Order8888::BgrNoAlpha][i],
            "texm-888" => self.texm_888 = if first { Order888::Bgrx } else { Order888::Rgbx },
            "texm-88" => self.texm_88 = if first { Order88::LumLowAlphaHigh } else { Order88::AlphaLowLumHigh },
            "palette" => self.palette = if first { PaletteOrder::Bgrx } else { PaletteOrder::Rgba },
            "quat" => self.quat = if first { QuatOrder::WxyzConjugated } else { QuatOrder::XyzwAsIs },
            "slot-grid" => {
                self.slot_grid = if first { SlotGrid::VariantTimes5PlusLod } else { SlotGrid::LodTimes5PlusGroup }
            }
            "batch-material" => {
                self.batch_material = if first { BatchMaterial::ByteAt4 } else { BatchMaterial::U16At2 }
            }
            "uv" => self.uv = if first { UvSign::Unsigned } else { UvSign::Signed },
            "interp-mask" => self.interp_mask = if first { InterpMask::Seed71 } else { InterpMask::OneFloatEarlier },
            "land-flag-20000" => {
                self.land_flag_20000 = if first { LandFlag20000::Water } else { LandFlag20000::Collision }
            }
            "land-11" => {
                self.land_component_11 =
                    if first { LandComponent11::FaceOrder } else { LandComponent11::MaterialTriangle }
            }
            "land-wear" => self.land_wear = if first { LandWear::Land1BothLods } else { LandWear::Land1Lod0Land2Lod1 },
            "wear-lookup" => self.wear_lookup = if first { WearLookup::ByRow } else { WearLookup::ByLegacyId },
            "nres-name" => self.nres_name = if first { NresNameField::Whole36 } else { NresNameField::First32 },
            "face-normal" => self.face_normal = if first { NormalScale::I16Over32767 } else { NormalScale::Raw },
            "geom-normal" => self.geom_normal = if first { GeomNormalAxes::XFromByte2 } else { GeomNormalAxes::XFromByte0 },
            "vegetation-texcoord" => {
                self.vegetation_texcoord = if first { VegetationTexcoord::Over2048 } else { VegetationTexcoord::Over1024 }
            }
            "tfnt-advance" => {
                self.tfnt_advance = if first { TfntAdvance::RecordAdvance } else { TfntAdvance::WidthPlusSpacing }
            }
            "unit-dat" => {
                self.unit_dat = if first { crate::formats::unit_dat::Reading::Strict } else { crate::formats::unit_dat::Reading::Lenient }
            }
            "clan-body" => {
                self.clan_body = if first { crate::formats::tma::ClanBodyReading::Single } else { crate::formats::tma::ClanBodyReading::ByType }
            }
            "land-map-sub-block" => {
                self.land_map_sub_block = if first {
                    crate::formats::landmap::SubBlockReading::Records12
                } else {
                    crate::formats::landmap::SubBlockReading::Words3nPlus1
                }
            }
            _ => unreachable!("every TABLE name is matched"),
        }
        Ok(())
    }
}

/// A reading's description (the third column of [`TABLE`]) as a message, for the editor to
/// show in its language; `None` for a name not in the table.
pub fn about(name: &str) -> Option<Message> {
    Some(match name {
        "texm-8888" => msg!("reading-about-texm-8888", "Texm 8888 byte order"),
        "texm-888" => msg!("reading-about-texm-888", "Texm 888 byte order"),
        "texm-88" => msg!("reading-about-texm-88", "Texm 88: low byte luminance (A8L8) or the reverse"),
        "palette" => msg!("reading-about-palette", "palette entry byte order"),
        "quat" => msg!("reading-about-quat", "MSH type-8 quaternion order"),
        "slot-grid" => msg!("reading-about-slot-grid", "Node38 slot grid: slot[variant*5+lod] or slot[lod*5+group]"),
        "batch-material" => msg!("reading-about-batch-material", "Batch20 material field"),
        "uv" => msg!("reading-about-uv", "UV0 and component 18: u16/1024 or i16/1024"),
        "interp-mask" => msg!("reading-about-interp-mask", "MAT0 interp_mask bit reading"),
        "land-flag-20000" => msg!("reading-about-land-flag-20000", "landscape triangle flag 0x20000"),
        "land-11" => msg!("reading-about-land-11", "landscape component 11"),
        "land-wear" => msg!("reading-about-land-wear", "Land1.wea / Land2.wea use"),
        "wear-lookup" => msg!("reading-about-wear-lookup", "WEAR row lookup"),
        "nres-name" => msg!("reading-about-nres-name", "NRes name field width"),
        "face-normal" => msg!("reading-about-face-normal", "MSH component 7 / 21 normal scale"),
        "geom-normal" => msg!("reading-about-geom-normal", "level.geom packed normal axes"),
        "vegetation-texcoord" => msg!("reading-about-vegetation-texcoord", "level.geom vegetation SHORT4 texcoord scale"),
        "tfnt-advance" => msg!("reading-about-tfnt-advance", "Tfnt pen step: the glyph's advance field or width + spacing"),
        "unit-dat" => msg!("reading-about-unit-dat", "unit .dat: whole magic and one tree, or low 16 bits and trailing components ignored"),
        "clan-body" => msg!("reading-about-clan-body", "data.tma clan body: one zone layout for every type, or branching on the type"),
        "land-map-sub-block" => msg!("reading-about-land-map-sub-block", "Land.map areal sub-block: n 12-byte records, or 3n+1 words"),
        _ => return None,
    })
}

fn names() -> String {
    TABLE.iter().map(|(n, _, _)| *n).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_table_entry_sets() {
        for (name, values, _) in TABLE {
            for v in *values {
                let mut r = Readings::default();
                r.set(&format!("{name}={v}")).unwrap();
            }
            let mut r = Readings::default();
            r.set(&format!("{name}={}", values[0])).unwrap();
            assert_eq!(r, Readings::default(), "first value of {name} is the default");
        }
        assert!(Readings::default().set("nope=1").is_err());
        assert_eq!(Readings::default().set("quat=zzz").unwrap_err().as_str(), "reading quat takes one of wxyz-conj, xyzw");
        for (name, _, about_en) in TABLE {
            let m = about(name).unwrap_or_else(|| panic!("{name} has no description message"));
            assert_eq!(m.english, *about_en, "{name}");
        }
        assert!(Readings::default().set("quat=zzz").is_err());
    }

    /// The readings window's descriptions and a refused value, in Russian.
    #[cfg(feature = "gui")]
    #[test]
    fn descriptions_and_refusals_read_in_russian() {
        use crate::app::i18n::{Language, messages::text_in};
        let ru = |m: &Message| text_in(Language::Russian, &m.english, m.key.as_deref());
        assert_eq!(ru(&about("nres-name").unwrap()), "ширина поля имени NRes");
        let e = Readings::default().set("nope=1").unwrap_err();
        assert!(ru(&e).starts_with("неизвестное чтение «nope»; известны: texm-8888, "), "{}", ru(&e));
        assert_eq!(ru(&Readings::default().set("quat").unwrap_err()), "ожидалось ИМЯ=ЗНАЧЕНИЕ, получено «quat»");
    }
}
