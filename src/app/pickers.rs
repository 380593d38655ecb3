//! Native file dialogs (rfd, via the XDG desktop portal) run on their own thread so the window
//! keeps drawing while one is open; the answer comes back as an [`Intent`] through the app's
//! inbox. A cancelled dialog (or none available, as in tests) sends nothing.

use super::editors::{EditorMsg, Picked};
use super::intent::{FileRequest, Intent, Pick};
use std::path::PathBuf;
use std::sync::mpsc::Sender;

/// What `image` reads here (png, bmp, tga, jpeg features).
pub const IMAGES: &[&str] = &["png", "bmp", "tga", "jpg", "jpeg", "PNG", "BMP", "TGA", "JPG", "JPEG"];

const GAME_FILES: &[&str] = &["lib", "rlb", "msh", "wea", "geom", "LIB", "RLB", "MSH", "WEA", "GEOM"];

pub fn spawn(pick: Pick, start: Option<PathBuf>, tx: Sender<Intent>, ctx: egui::Context) {
    let run = move || {
        if let Some(intent) = ask(pick, start) {
            let _ = tx.send(intent);
            ctx.request_repaint();
        }
    };
    if let Err(e) = std::thread::Builder::new().name("file dialog".into()).spawn(run) {
        eprintln!("error: could not open a file dialog: {e}");
    }
}

fn dialog(start: &Option<PathBuf>) -> rfd::FileDialog {
    let d = rfd::FileDialog::new();
    match start {
        Some(dir) if dir.is_dir() => d.set_directory(dir),
        _ => d,
    }
}

fn ask(pick: Pick, start: Option<PathBuf>) -> Option<Intent> {
    match pick {
        Pick::OpenFiles => {
            let files = dialog(&start)
                .set_title("Open")
                .add_filter("Parkan and X-Ray files", GAME_FILES)
                .add_filter("All files", &["*"])
                .pick_files()?;
            Some(Intent::Open(files))
        }
        Pick::OpenFolder => dialog(&start).set_title("Open Game Folder").pick_folder().map(Intent::OpenFolder),
        Pick::Unpack => {
            let src = dialog(&start).set_title("Unpack Which Game Folder").pick_folder()?;
            let dest = dialog(&Some(src.clone())).set_title("Unpack Into (an empty folder)").pick_folder()?;
            Some(Intent::Unpack { src, dest })
        }
        Pick::Pack => {
            let dir = dialog(&start).set_title("Pack Which Unpacked Folder").pick_folder()?;
            let dest = dialog(&Some(dir.clone())).set_title("Pack Into (outside the unpacked folder)").pick_folder()?;
            Some(Intent::Pack { dir, dest })
        }
        Pick::SaveAs(file, name) => {
            let path = dialog(&start).set_title("Save As").set_file_name(name).save_file()?;
            Some(Intent::SaveAs { file, path })
        }
        Pick::Extract(items, Some(name)) if items.len() == 1 => {
            let to = dialog(&start).set_title("Extract Entry").set_file_name(name).save_file()?;
            Some(Intent::Extract { items, to })
        }
        Pick::Extract(items, _) => {
            let to = dialog(&start).set_title("Extract Entries Into").pick_folder()?;
            Some(Intent::Extract { items, to })
        }
        Pick::ExtractAll(archive) => {
            let dir = dialog(&start).set_title("Extract All Into").pick_folder()?;
            Some(Intent::ExtractAll { archive, dir })
        }
        Pick::Replace(path) => {
            let from = dialog(&start).set_title("Replace With").pick_file()?;
            Some(Intent::Replace { path, from })
        }
        Pick::Add(archive) => {
            let files = dialog(&start).set_title("Add Files").pick_files()?;
            Some(Intent::Add { archive, files })
        }
        Pick::ForEditor { editor, target, request, tag } => {
            let with = |mut d: rfd::FileDialog, filters: &[(&str, &[&str])]| {
                for (name, ext) in filters {
                    d = d.add_filter(*name, ext);
                }
                d
            };
            let path = match request {
                FileRequest::Open { title, filters } => with(dialog(&start).set_title(title), filters).pick_file()?,
                FileRequest::Save { title, filters, name } => with(dialog(&start).set_title(title), filters).set_file_name(name).save_file()?,
                FileRequest::Folder { title } => dialog(&start).set_title(title).pick_folder()?,
            };
            Some(Intent::Editor { editor, target, msg: EditorMsg::new(Picked { tag, path }) })
        }
    }
}
