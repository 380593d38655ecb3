//! PNG export -> import -> export for every format, within each format's quantisation
//! tolerance, and import of fresh images against their source.

use parkan_studio::fixtures::texm::{Material, Spec, build, material_image};
use parkan_studio::formats::readings::Readings;
use parkan_studio::formats::texm::png::{png_bytes, read_image};
use parkan_studio::formats::texm::{ALL_FORMATS, Format, ImportOptions, MipFilter, Texm, export_png, import_image, pixel::luma};

/// Largest per-channel error a store in `format` may add to an 8-bit colour.
fn tolerance(format: Format) -> u8 {
    match format {
        Format::Rgb565 | Format::Rgb556 => 5,
        Format::Argb4444 => 9,
        Format::Rgb888 | Format::Argb8888 => 0,
        Format::LumAlpha88 | Format::External => 1,
        Format::Indexed => 0,
    }
}

/// One quantisation step (a box-filtered mip of the stored level 0 against one of the source).
fn mip_tolerance(format: Format) -> u8 {
    match format {
        Format::Rgb565 | Format::Rgb556 => 9,
        Format::Argb4444 => 17,
        Format::Rgb888 | Format::Argb8888 => 0,
        Format::LumAlpha88 => 2,
        Format::External => 6,
        Format::Indexed => 32,
    }
}

fn max_diff(a: &[u8], b: &[u8]) -> u8 {
    assert_eq!(a.len(), b.len());
    a.iter().zip(b).map(|(x, y)| x.abs_diff(*y)).max().unwrap_or(0)
}

#[test]
fn export_import_export_is_stable_for_every_format() {
    let r = Readings::default();
    for f in ALL_FORMATS {
        for (w, h, mips) in [(16, 16, 5), (5, 3, 4)] {
            let old = build(&Spec::new(f, w, h, mips, Material::Grass).quadrants());
            let png = export_png(&old, 0, &r, None).unwrap();
            let (new, diags) = import_image(&old, &png, &ImportOptions::default(), &r).unwrap();
            if f == Format::Indexed {
                assert!(diags.iter().any(|d| d.message.contains("palette kept")), "{f:?}: {diags:?}");
            }
            let again = export_png(&new, 0, &r, None).unwrap();
            let (a, b) = (read_image(&png).unwrap(), read_image(&again).unwrap());
            assert!(max_diff(&a.rgba, &b.rgba) <= tolerance(f), "{f:?} {w}x{h}: level 0 drifted");
            let (t_old, _) = Texm::parse(&old).unwrap();
            let (t_new, _) = Texm::parse(&new).unwrap();
            assert_eq!(t_new.header(), t_old.header(), "{f:?}: header words kept");
            assert_eq!(t_new.page(), t_old.page(), "{f:?}: Page kept");
            for level in 1..mips {
                let x = t_old.decode_mip(level, &r, None).unwrap();
                let y = t_new.decode_mip(level, &r, None).unwrap();
                // mips are rebuilt from the stored level 0, the originals from the source image:
                // they may differ by one quantisation step of the format
                let tol = mip_tolerance(f);
                assert!(max_diff(&x.rgba, &y.rgba) <= tol, "{f:?} level {level}");
            }
        }
    }
}

#[test]
fn fresh_images_import_within_tolerance() {
    let r = Readings::default();
    let src = material_image(Material::Rock, 32, 32);
    let png = png_bytes(&src).unwrap();
    for f in ALL_FORMATS {
        let old = build(&Spec::new(f, 32, 32, 6, Material::Metal));
        let (new, _) = import_image(&old, &png, &ImportOptions::default(), &r).unwrap();
        let out = read_image(&export_png(&new, 0, &r, None).unwrap()).unwrap();
        match f {
            Format::LumAlpha88 => {
                for (s, o) in src.rgba.chunks(4).zip(out.rgba.chunks(4)) {
                    assert_eq!(o[0], luma([s[0], s[1], s[2], s[3]]), "88 stores luma");
                }
            }
            Format::External => {
                for (s, o) in src.rgba.chunks(4).zip(out.rgba.chunks(4)) {
                    let mean = (u32::from(s[0]) + u32::from(s[1]) + u32::from(s[2])) as f32 / 3.0;
                    assert!((f32::from(o[0]) - mean).abs() <= 1.0, "nearest grey");
                }
            }
            Format::Indexed => {
                let err: u64 = src.rgba.iter().zip(&out.rgba).map(|(a, b)| u64::from(a.abs_diff(*b))).sum();
                let mean = err as f64 / src.rgba.len() as f64;
                assert!(mean < 6.0, "k-means mean error {mean}");
            }
            _ => assert!(max_diff(&src.rgba, &out.rgba) <= tolerance(f), "{f:?}"),
        }
    }
}

#[test]
fn smooth_filter_and_dither_options_work_through_import() {
    let r = Readings::default();
    let old = build(&Spec::new(Format::Indexed, 32, 32, 6, Material::Metal));
    let png = png_bytes(&material_image(Material::Glass, 32, 32)).unwrap();
    let plain = import_image(&old, &png, &ImportOptions::default(), &r).unwrap().0;
    let opts = ImportOptions { filter: MipFilter::Smooth, dither: true, ..Default::default() };
    let fancy = import_image(&old, &png, &opts, &r).unwrap().0;
    assert_ne!(plain, fancy);
    assert_eq!(plain.len(), fancy.len());
    let opts = ImportOptions { format: Some(2), external_palette: Some(parkan_studio::fixtures::texm::pal_pal().raw.to_vec()), ..Default::default() };
    let (f2, _) = import_image(&old, &png, &opts, &r).unwrap();
    assert_eq!(Texm::parse(&f2).unwrap().0.format(), Some(Format::External));
}
