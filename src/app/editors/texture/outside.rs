//! Edit in External Program for a texture: level 0 as a PNG in the work folder, opened in the
//! external program and watched (`app::external`); every save the program makes is converted
//! back as the replace dialog converts an image (the tab's last confirmed choices and its
//! palette) and becomes one undo step.

use super::TextureView;
use super::import::convert;
use crate::app::external::Watch;
use crate::app::intent::{Intent, ItemEdit};
use crate::app::seam::Host;
use crate::doc::{ItemPath, items};
use crate::formats::texm::Texm;
use crate::formats::texm::png::{png_bytes, read_image};

/// Writes the texture's level 0 as a PNG, watches it and asks for it to be opened.
pub fn start(target: &ItemPath, view: &mut TextureView, host: &mut Host) {
    let palette = view.external.as_ref().and_then(|p| items::bytes_of(host.ws, p).ok());
    let pal = palette.as_deref().and_then(|b| crate::formats::texm::Palette::from_bytes(b).ok());
    let png = items::bytes_of(host.ws, target).and_then(|b| {
        let (t, _) = Texm::parse(&b).map_err(|e| e.to_string())?;
        let level0 = t.decode_mip(0, &host.ws.readings, pal.as_ref()).map_err(|e| e.to_string())?;
        png_bytes(&level0).map_err(|e| e.to_string())
    });
    let name = items::meta_of(host.ws, target).map(|m| m.name).filter(|n| !n.is_empty()).unwrap_or_else(|| "texture".into());
    match png.and_then(|png| Watch::start(&format!("{name}.png"), &png, host.ctx)) {
        Ok(w) => {
            let file = w.file().to_path_buf();
            host.log.info(crate::tr!("tex-ext-started", address = items::address(host.ws, target), file = file.display().to_string()));
            view.outside = Some(w);
            host.out.push(Intent::OpenExternal(file));
        }
        Err(e) => host.fail(&crate::tr!("tex-edit-external-title"), e),
    }
}

/// Takes the watched PNG's new bytes, if the program saved: a PNG that does not read yet is
/// left for the program's next write; one that reads becomes the texture's new bytes.
pub fn poll(target: &ItemPath, view: &mut TextureView, host: &mut Host) {
    let Some(w) = view.outside.as_mut() else { return };
    let Some(bytes) = w.poll(host.ctx) else { return };
    let file = w.file().display().to_string();
    let address = items::address(host.ws, target);
    let image = match read_image(&bytes) {
        Ok(i) => i,
        Err(e) => {
            let why = crate::tr!("tex-ext-not-image", file = file.as_str(), error = e.to_string());
            host.log.error(format!("{address}: {why}"));
            w.refused(bytes, why);
            return;
        }
    };
    let palette = view.external.as_ref().and_then(|p| items::bytes_of(host.ws, p).ok());
    let converted = items::bytes_of(host.ws, target).and_then(|old| convert(&old, &image, &view.import_choices, host.ws.readings, palette.as_deref()));
    let Some(w) = view.outside.as_mut() else { return };
    match converted {
        Ok(new) => {
            w.used(bytes);
            host.out.push(Intent::EditItem(ItemEdit::bytes(target, new, crate::tr!("tex-ext-undo", address = address.as_str()))));
            host.log.info(crate::tr!("tex-ext-took", address = address.as_str(), file = file.as_str()));
        }
        Err(e) => {
            let why = crate::tr!("tex-ext-not-taken", file = file.as_str(), error = e.to_string());
            host.log.error(format!("{address}: {why}"));
            w.refused(bytes, why);
        }
    }
}
