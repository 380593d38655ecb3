//! Edit in External Program for a material: its text (the TOML form `unpack` writes,
//! docs/unpack.md) in the work folder, opened in the external program and watched
//! (`app::external`); every save that reads becomes the material's new bytes (and attrs, when
//! the text changes the version or flags) as one undo step. A text with a mistake is refused
//! with its line and column, and the material stays as it was.

use super::Mat0View;
use crate::app::external::Watch;
use crate::app::intent::{Intent, ItemEdit};
use crate::app::seam::Host;
use crate::doc::{ItemPath, items};
use crate::formats::mat0::{Mat0, SHIPPED_VERSION};
use crate::unpack::material_text;

fn attrs(host: &Host, target: &ItemPath) -> [u32; 3] {
    items::meta_of(host.ws, target).map_or([0, SHIPPED_VERSION, 0], |m| m.attrs)
}

/// Writes the material's text, watches it and asks for it to be opened.
pub fn start(target: &ItemPath, view: &mut Mat0View, host: &mut Host) {
    let attrs = attrs(host, target);
    let address = items::address(host.ws, target);
    let text = items::bytes_of(host.ws, target).and_then(|b| Mat0::parse(&b, attrs[1]).map_err(|e| e.to_string())).map(|m| material_text::write(&m, attrs, &address));
    let name = items::meta_of(host.ws, target).map(|m| m.name).filter(|n| !n.is_empty()).unwrap_or_else(|| "material".into());
    match text.and_then(|t| Watch::start(&format!("{name}{}", material_text::EXTENSION), t.as_bytes(), host.ctx)) {
        Ok(w) => {
            let file = w.file().to_path_buf();
            host.log.info(crate::tr!("mat-ext-started", address = address.as_str(), file = file.display().to_string()));
            view.outside = Some(w);
            host.out.push(Intent::OpenExternal(file));
        }
        Err(e) => host.fail(&crate::tr!("tex-edit-external-title"), e),
    }
}

/// Takes the watched text's new bytes, if the program saved.
pub fn poll(target: &ItemPath, view: &mut Mat0View, host: &mut Host) {
    let Some(w) = view.outside.as_mut() else { return };
    let Some(bytes) = w.poll(host.ctx) else { return };
    let file = w.file().display().to_string();
    let address = items::address(host.ws, target);
    let read = std::str::from_utf8(&bytes)
        .map_err(|e| crate::tr!("mat-ext-not-utf8", at = e.valid_up_to().to_string()))
        .and_then(|t| material_text::read(t).map_err(|e| e.to_string()))
        .and_then(|m| m.mat.write().map(|b| (b, m.attrs)).map_err(|e| e.to_string()));
    match read {
        Ok((new, new_attrs)) => {
            w.used(bytes);
            let mut edit = ItemEdit::bytes(target, new, crate::tr!("mat-ext-undo", address = address.as_str()));
            if new_attrs != attrs(host, target) && target.parent().is_some() {
                edit.attrs = Some(new_attrs);
            }
            host.out.push(Intent::EditItem(edit));
            host.log.info(crate::tr!("mat-ext-took", address = address.as_str(), file = file.to_string()));
        }
        Err(e) => {
            let why = crate::tr!("mat-ext-not-taken", file = file.to_string(), error = e.to_string());
            host.log.error(format!("{address}: {why}"));
            w.refused(bytes, why);
        }
    }
}
