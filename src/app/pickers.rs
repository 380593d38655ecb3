//! File dialogs. The native one (rfd, via the XDG desktop portal or zenity) runs on its own
//! thread so the window keeps drawing while it is open; its answer comes back as an
//! [`Intent`] through the app's inbox. Where it cannot be shown (no portal and no zenity, as
//! under a bare X11 session or in tests) the app draws its own (`panels::file_dialog`): both
//! ask the same [`request`] and turn the chosen paths into the same [`answer`].

use super::seam::{EditorMsg, Picked};
use super::intent::{FileRequest, Intent, Pick};
use std::path::PathBuf;
use std::sync::mpsc::Sender;
use std::time::{Duration, Instant};

/// What `image` reads here (png, bmp, tga, jpeg features).
pub const IMAGES: &[&str] = &["png", "bmp", "tga", "jpg", "jpeg", "PNG", "BMP", "TGA", "JPG", "JPEG"];

const GAME_FILES: &[&str] = &["lib", "rlb", "msh", "wea", "geom", "parkanmod", "LIB", "RLB", "MSH", "WEA", "GEOM", "PARKANMOD"];

const MODS: &[&str] = &["parkanmod", "PARKANMOD"];

/// What a dialog chooses.
#[derive(Clone, Debug, PartialEq)]
pub enum Mode {
    /// One or more existing files.
    Files,
    File,
    Folder,
    /// A file to write, with the name offered.
    Save(String),
}

/// The dialog a pick asks for: what it chooses, its title and its filters (name, extensions).
pub fn request(pick: &Pick) -> (Mode, String, Vec<(String, &'static [&'static str])>) {
    let (mode, title, filters) = request_en(pick);
    (mode, title, filters.into_iter().map(|(name, exts)| (filter_name(name), exts)).collect())
}

/// A filter's name in the language (an editor's own filters are named in English).
fn filter_name(name: &str) -> String {
    match name {
        "Parkan and X-Ray files" => crate::tr!("filter-game"),
        "All files" => crate::tr!("filter-all"),
        "Parkan mods" => crate::tr!("filter-mods"),
        "Images" => crate::tr!("filter-images"),
        other => other.to_string(),
    }
}

fn request_en(pick: &Pick) -> (Mode, String, Vec<(&'static str, &'static [&'static str])>) {
    let game: Vec<(&'static str, &'static [&'static str])> = vec![("Parkan and X-Ray files", GAME_FILES), ("All files", &["*"])];
    match pick {
        Pick::OpenFiles => (Mode::Files, crate::tr!("pick-open"), game),
        Pick::OpenFolder => (Mode::Folder, crate::tr!("pick-open-folder"), Vec::new()),
        Pick::Unpack(None) => (Mode::Folder, crate::tr!("pick-unpack-which"), Vec::new()),
        Pick::Unpack(Some(_)) => (Mode::Folder, crate::tr!("pick-unpack-into"), Vec::new()),
        Pick::Pack(None) => (Mode::Folder, crate::tr!("pick-pack-which"), Vec::new()),
        Pick::Pack(Some(_)) => (Mode::Folder, crate::tr!("pick-pack-into"), Vec::new()),
        Pick::SaveAs(_, name) => (Mode::Save(name.clone()), crate::tr!("pick-save-as"), Vec::new()),
        Pick::Extract(items, Some(name)) if items.len() == 1 => (Mode::Save(name.clone()), crate::tr!("pick-extract-entry"), Vec::new()),
        Pick::Extract(..) => (Mode::Folder, crate::tr!("pick-extract-entries"), Vec::new()),
        Pick::ExtractAll(_) => (Mode::Folder, crate::tr!("pick-extract-all"), Vec::new()),
        Pick::Replace(_) => (Mode::File, crate::tr!("pick-replace"), Vec::new()),
        Pick::Add(_) => (Mode::Files, crate::tr!("pick-add"), Vec::new()),
        Pick::ModPackage => (Mode::File, crate::tr!("pick-install-mod"), vec![("Parkan mods", MODS), ("All files", &["*"])]),
        Pick::ModExportBase => (Mode::Folder, crate::tr!("pick-export-base"), Vec::new()),
        Pick::ModExportTo(name) => (Mode::Save(name.clone()), crate::tr!("pick-export-mod"), vec![("Parkan mods", MODS)]),
        Pick::CompareWith(false) => (Mode::File, crate::tr!("pick-compare-file"), game),
        Pick::CompareWith(true) => (Mode::Folder, crate::tr!("pick-compare-folder"), Vec::new()),
        Pick::ForEditor { request, .. } => match request {
            FileRequest::Open { title, filters } => (Mode::File, title.clone(), filters.to_vec()),
            FileRequest::Save { title, filters, name } => (Mode::Save(name.clone()), title.clone(), filters.to_vec()),
            FileRequest::Folder { title } => (Mode::Folder, title.clone(), Vec::new()),
        },
    }
}

/// The intent a pick's chosen `paths` make (`None` for none chosen).
pub fn answer(pick: Pick, mut paths: Vec<PathBuf>) -> Option<Intent> {
    let one = paths.first().cloned()?;
    Some(match pick {
        Pick::OpenFiles => Intent::Open(paths),
        Pick::OpenFolder => Intent::OpenFolder(one),
        // Two folders, asked one after the other: the first answer asks the second.
        Pick::Unpack(None) => Intent::Pick(Pick::Unpack(Some(one))),
        Pick::Unpack(Some(src)) => Intent::Unpack { src, dest: one },
        Pick::Pack(None) => Intent::Pick(Pick::Pack(Some(one))),
        Pick::Pack(Some(dir)) => Intent::Pack { dir, dest: one },
        Pick::SaveAs(file, _) => Intent::SaveAs { file, path: one },
        Pick::Extract(items, _) => Intent::Extract { items, to: one },
        Pick::ExtractAll(archive) => Intent::ExtractAll { archive, dir: one },
        Pick::Replace(path) => Intent::Replace { path, from: one },
        Pick::Add(archive) => Intent::Add { archive, files: std::mem::take(&mut paths) },
        Pick::ModPackage => Intent::ModPreview { package: one, force: false, order: None },
        Pick::ModExportBase => Intent::ModExportChanges { base: Some(one) },
        Pick::ModExportTo(_) => Intent::ModExportWrite(one),
        Pick::CompareWith(_) => Intent::CompareWith(one),
        Pick::ForEditor { editor, target, tag, .. } => Intent::Editor { editor, target, msg: EditorMsg::new(Picked { tag, path: one }) },
    })
}

/// Why the native dialog cannot be shown here, when that can be told before trying: on Linux
/// and the BSDs rfd needs the desktop portal on the session bus, or the `zenity` program.
pub fn native_unavailable() -> Option<String> {
    #[cfg(all(unix, not(target_os = "macos")))]
    {
        let zenity = std::env::var_os("PATH").is_some_and(|p| std::env::split_paths(&p).any(|d| d.join("zenity").is_file()));
        let bus = std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some()
            || std::env::var_os("XDG_RUNTIME_DIR").is_some_and(|d| std::path::Path::new(&d).join("bus").exists());
        if !zenity && !bus {
            return Some(crate::tr!("pick-why-no-dbus"));
        }
        None
    }
    #[cfg(not(all(unix, not(target_os = "macos"))))]
    {
        None
    }
}

/// Where a pick's dialog is drawn.
#[derive(Debug, PartialEq)]
pub enum Route {
    Native,
    /// In the window, for this reason (`warn`: said in the log each time, not just once).
    InWindow { why: String, warn: bool },
}

/// The native dialog when it can be shown and none is still waiting for an answer; else the
/// window's own. `unavailable` is [`native_unavailable`]'s answer.
pub fn route(native_dialogs: bool, unavailable: Option<String>, native_pending: bool) -> Route {
    match unavailable {
        _ if !native_dialogs => Route::InWindow { why: crate::tr!("pick-why-off"), warn: false },
        Some(why) => Route::InWindow { why, warn: false },
        // A portal that took the earlier call and never answers would swallow this one too.
        None if native_pending => Route::InWindow {
            why: crate::tr!("pick-why-pending"),

            warn: true,
        },
        None => Route::Native,
    }
}

/// A native dialog that answers "nothing" sooner than this was not shown (rfd says no portal
/// and no zenity the same way as a cancel): the app's own dialog is opened instead.
const TOO_QUICK: Duration = Duration::from_millis(400);

/// Asks the native dialog on its own thread. A chosen path comes back as the pick's intent;
/// a dialog that could not be shown sends `fallback` with the pick instead.
pub fn spawn(pick: Pick, start: Option<PathBuf>, tx: Sender<Intent>, ctx: egui::Context, fallback: fn(Pick) -> Intent) {
    let run = move || {
        let asked = Instant::now();
        let reply = match ask(pick.clone(), start) {
            Some(intent) => Some(intent),
            None if asked.elapsed() < TOO_QUICK => Some(fallback(pick)),
            None => None,
        };
        for intent in reply.into_iter().chain([Intent::NativeDialogClosed]) {
            let _ = tx.send(intent);
        }
        ctx.request_repaint();
    };
    if let Err(e) = std::thread::Builder::new().name("file dialog".into()).spawn(run) {
        eprintln!("error: could not open a file dialog: {e}");
    }
}

fn ask(pick: Pick, start: Option<PathBuf>) -> Option<Intent> {
    let (mode, title, filters) = request(&pick);
    let mut d = rfd::FileDialog::new().set_title(title);
    if let Some(dir) = start.filter(|d| d.is_dir()) {
        d = d.set_directory(dir);
    }
    for (name, ext) in filters {
        d = d.add_filter(name, ext);
    }
    let paths = match mode {
        Mode::Files => d.pick_files()?,
        Mode::File => vec![d.pick_file()?],
        Mode::Folder => vec![d.pick_folder()?],
        Mode::Save(name) => vec![d.set_file_name(name).save_file()?],
    };
    answer(pick, paths)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dialog_that_never_answered_sends_the_next_pick_into_the_window() {
        assert_eq!(route(true, None, false), Route::Native);
        match route(true, None, true) {
            Route::InWindow { why, warn } => assert!(warn && why.contains("has not answered"), "{why}"),
            r => panic!("{r:?}"),
        }
        assert!(matches!(route(true, Some("no portal".into()), false), Route::InWindow { warn: false, .. }));
        assert!(matches!(route(false, None, false), Route::InWindow { warn: false, .. }));
    }

    #[test]
    fn install_mod_asks_for_a_package_and_gives_its_dry_run() {
        let (mode, _, filters) = request(&Pick::ModPackage);
        assert_eq!(mode, Mode::File);
        assert!(filters[0].1.contains(&"parkanmod"));
        let pkg = PathBuf::from("/tmp/gold.parkanmod");
        let got = answer(Pick::ModPackage, vec![pkg.clone()]);
        assert!(matches!(&got, Some(Intent::ModPreview { package, force: false, order: None }) if *package == pkg), "{got:?}");
        assert!(matches!(request(&Pick::ModExportTo("mine.parkanmod".into())).0, Mode::Save(n) if n == "mine.parkanmod"));
    }

    #[test]
    fn compare_with_asks_a_file_or_a_folder_and_compares_with_it() {
        assert_eq!(request(&Pick::CompareWith(false)).0, Mode::File);
        assert_eq!(request(&Pick::CompareWith(true)).0, Mode::Folder);
        let p = PathBuf::from("/games/mod/Textures.lib");
        assert!(matches!(answer(Pick::CompareWith(false), vec![p.clone()]), Some(Intent::CompareWith(x)) if x == p));
        assert!(answer(Pick::CompareWith(true), Vec::new()).is_none(), "cancelled: nothing");
    }

    #[test]
    fn unpack_and_pack_ask_two_folders_in_turn() {
        let src = PathBuf::from("/games/parkan");
        let dest = PathBuf::from("/work/unpacked");
        let first = answer(Pick::Unpack(None), vec![src.clone()]).unwrap();
        let Intent::Pick(second) = first else { panic!("{first:?}") };
        assert_eq!(request(&second).0, Mode::Folder);
        assert!(matches!(answer(second, vec![dest.clone()]), Some(Intent::Unpack { src: s, dest: d }) if s == src && d == dest));
        let Some(Intent::Pick(second)) = answer(Pick::Pack(None), vec![dest.clone()]) else { panic!() };
        assert!(matches!(answer(second, vec![src.clone()]), Some(Intent::Pack { dir, dest: d }) if dir == dest && d == src));
    }
}
