//! Edit in External Program: an item's editable form (a texture's PNG, a material's text) is
//! written to this session's work folder, handed to the desktop's program for it (or the one
//! chosen in the settings, `Intent::OpenExternal`), and watched. A [`Watch`] belongs to the
//! editor tab that started it, so closing the tab (or its file) drops it and the watching stops.
//!
//! The watcher's events only wake the window; the tab's state reads the file when the app
//! polls it (`EditorState::poll`, every frame for every tab). The event cannot name its item
//! itself: the tab's item path moves with edits to the archive, the tab does not lose it.
//! Programs write a file in several steps (truncate, write, rename over it), so a change is
//! taken once no event came for [`SETTLE`], and only when the bytes differ from the last ones
//! taken or written.

use notify::{RecursiveMode, Watcher};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

/// How long the file must stay quiet before it is read.
pub const SETTLE: Duration = Duration::from_millis(150);

/// A watched file of the work folder.
pub struct Watch {
    file: PathBuf,
    /// Dropping it ends the watching.
    _watcher: notify::RecommendedWatcher,
    events: Receiver<()>,
    /// The last event not yet followed by a read.
    pending: Option<Instant>,
    /// The bytes last written or taken: the same bytes again are no change.
    last: Vec<u8>,
    /// Saves taken so far.
    pub saves: usize,
    /// Why the last save was not taken (shown in the tab until the next save is).
    pub note: Option<String>,
}

/// This session's work folder (created on first use): one per process, so two editors open
/// at once never share files.
static DIR: OnceLock<Result<PathBuf, String>> = OnceLock::new();

pub fn work_dir() -> Result<PathBuf, String> {
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("parkan-studio-edits-{}", std::process::id()));
        std::fs::create_dir_all(&dir).map(|()| dir.clone()).map_err(|e| format!("{}: {e}", dir.display()))
    })
    .clone()
}

/// Removes this session's work folder, if one was made (the window is closing: nothing is
/// watched any more).
pub fn remove_work_dir() {
    if let Some(Ok(dir)) = DIR.get() {
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// `name` made safe as a file name on every system (path separators, reserved characters,
/// control bytes replaced), never empty.
pub fn file_name(name: &str) -> String {
    let s: String = name.chars().map(|c| if c.is_control() || "/\\:*?\"<>|".contains(c) { '_' } else { c }).collect();
    let s = s.trim_matches(|c: char| c == '.' || c == ' ').to_string();
    if s.is_empty() { "item".to_string() } else { s }
}

impl Watch {
    /// Writes `bytes` to `name` in the work folder (a name taken by another watch of this
    /// session gets a number) and starts watching it; `ctx` is woken on every change.
    pub fn start(name: &str, bytes: &[u8], ctx: &egui::Context) -> Result<Watch, String> {
        let dir = work_dir()?;
        let name = file_name(name);
        let mut file = dir.join(&name);
        for n in 2.. {
            if !file.exists() {
                break;
            }
            file = dir.join(format!("{n}-{name}"));
        }
        Watch::start_at(file, bytes, ctx)
    }

    /// As [`Watch::start`], at `file` (overwritten).
    pub fn start_at(file: PathBuf, bytes: &[u8], ctx: &egui::Context) -> Result<Watch, String> {
        crate::doc::save::atomic_write_fast(&file, bytes).map_err(|e| format!("{}: {e}", file.display()))?;
        let (tx, events) = channel();
        let wake = ctx.clone();
        let watched = file.clone();
        let mut watcher = notify::recommended_watcher(move |r: notify::Result<notify::Event>| {
            // The folder is watched (a program that saves by renaming a new file over the old
            // one replaces the file watched), so other files' events are dropped here.
            let ours = r.as_ref().map_or(true, |e| e.paths.is_empty() || e.paths.iter().any(|p| same_file(p, &watched)));
            let touches = r.as_ref().map_or(true, |e| !matches!(e.kind, notify::EventKind::Access(_)));
            if ours && touches && tx.send(()).is_ok() {
                wake.request_repaint();
            }
        })
        .map_err(|e| crate::tr!("log-cannot-watch", path = file.display().to_string(), error = e.to_string()))?;
        let dir = file.parent().unwrap_or(Path::new("."));
        watcher.watch(dir, RecursiveMode::NonRecursive).map_err(|e| crate::tr!("log-cannot-watch", path = dir.display().to_string(), error = e.to_string()))?;
        Ok(Watch { file, _watcher: watcher, events, pending: None, last: bytes.to_vec(), saves: 0, note: None })
    }

    pub fn file(&self) -> &Path {
        &self.file
    }

    /// The file's new bytes once the program is done writing, else `None` (asking the window
    /// to come back when the quiet time is over). The caller calls [`Watch::taken`] with bytes
    /// it used or refused for good; bytes that did not read yet (a partial file) it leaves,
    /// and the program's next write brings them again.
    pub fn poll(&mut self, ctx: &egui::Context) -> Option<Vec<u8>> {
        let mut woke = false;
        while self.events.try_recv().is_ok() {
            woke = true;
        }
        if woke {
            self.pending = Some(Instant::now());
        }
        let since = self.pending?;
        let quiet = since.elapsed();
        if quiet < SETTLE {
            ctx.request_repaint_after(SETTLE - quiet);
            return None;
        }
        self.pending = None;
        let bytes = std::fs::read(&self.file).ok()?;
        (bytes != self.last).then_some(bytes)
    }

    /// These bytes were used (or refused for good, with a message): the same again is no change.
    pub fn taken(&mut self, bytes: Vec<u8>) {
        self.last = bytes;
    }

    /// The save `bytes` became an edit.
    pub fn used(&mut self, bytes: Vec<u8>) {
        self.taken(bytes);
        self.saves += 1;
        self.note = None;
    }

    /// The save `bytes` was refused for `why`; the next different save is tried again.
    pub fn refused(&mut self, bytes: Vec<u8>, why: String) {
        self.taken(bytes);
        self.note = Some(why);
    }
}

/// The line an editor shows while its item is edited in an external program: the file, the
/// saves taken, why the last one was refused; true when Stop Watching was clicked. `what` is
/// what a save replaces, already in the language (the accusative in Russian).
pub fn status(ui: &mut egui::Ui, w: &Watch, what: &str) -> bool {
    let mut stop = false;
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new(crate::tr!("external-editing")).strong());
        let name = w.file().file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        ui.label(&name).on_hover_text(w.file().display().to_string());
        let saves = match w.saves {
            0 => crate::tr!("external-waiting", what = what),
            n => crate::tr!("external-saves", n = n),
        };
        ui.weak(saves);
        if ui.small_button(crate::tr!("external-stop")).on_hover_text(crate::tr!("external-stop-tip")).clicked() {
            stop = true;
        }
    });
    if let Some(n) = &w.note {
        ui.colored_label(ui.visuals().error_fg_color, n);
    }
    stop
}

fn same_file(a: &Path, b: &Path) -> bool {
    a == b || (a.file_name() == b.file_name() && a.parent().and_then(|p| p.canonicalize().ok()) == b.parent().and_then(|p| p.canonicalize().ok()))
}

/// Opens `file` with `program` (a command name or path), or with the desktop's default
/// program for its type when `program` is blank. The program runs on its own; its end is not
/// waited for.
pub fn launch(file: &Path, program: &str) -> Result<(), String> {
    let program = program.trim();
    let r = if program.is_empty() { open::that_detached(file) } else { open::with_detached(file, program) };
    r.map_err(|e| crate::tr!("log-cannot-launch", path = file.display().to_string(), program = if program.is_empty() { crate::tr!("log-default-program") } else { program.to_string() }, error = e.to_string()))

}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_are_safe_everywhere() {
        assert_eq!(file_name("BRICK.0.png"), "BRICK.0.png");
        assert_eq!(file_name("a/b\\c:d*?.png"), "a_b_c_d__.png");
        assert_eq!(file_name(".."), "item");
        assert_eq!(file_name("x\u{1}y"), "x_y");
    }

    #[test]
    fn a_write_is_taken_once_quiet_and_the_same_bytes_are_no_change() {
        let ctx = egui::Context::default();
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("t.txt");
        let mut w = Watch::start_at(file.clone(), b"one", &ctx).unwrap();
        std::fs::write(&file, b"two").unwrap();
        let deadline = Instant::now() + Duration::from_secs(10);
        let got = loop {
            if let Some(b) = w.poll(&ctx) {
                break b;
            }
            assert!(Instant::now() < deadline, "no change seen");
            std::thread::sleep(Duration::from_millis(20));
        };
        assert_eq!(got, b"two");
        w.taken(got);
        // Writing the same bytes again wakes the watch but is no change.
        std::fs::write(&file, b"two").unwrap();
        std::thread::sleep(SETTLE * 3);
        for _ in 0..5 {
            assert_eq!(w.poll(&ctx), None);
            std::thread::sleep(SETTLE);
        }
    }
}
