//! What the egui_kittest suites share: waiting for background work, and dropping files.

use egui_kittest::Harness;
use parkan_studio::app::StudioApp;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The real app on a wgpu device (3D views draw) with `files` opened as from the command line,
/// settled, the browser hidden so that an editor has the room it has on a wide screen.
#[allow(dead_code, reason = "not every suite opens an editor this way")]
pub fn app_with(files: Vec<PathBuf>, size: [f32; 2]) -> Harness<'static, StudioApp> {
    let opts = parkan_studio::app::StartOptions { files, readings: Default::default(), open_demo: false, native_dialogs: false };
    let mut h = Harness::builder().with_size(size).wgpu().build_eframe(move |cc| StudioApp::new(cc, opts));
    settle(&mut h);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::B);
    settle(&mut h);
    h
}

/// Steps until background tasks and thumbnails are done (they wake the UI from other
/// threads), then until the UI stops repainting.
pub fn settle(h: &mut Harness<'static, StudioApp>) {
    let start = Instant::now();
    loop {
        h.step();
        let s = h.state();
        if !s.work.tasks.busy() && s.work.thumbs.pending() == 0 && !s.work.checks.pending() {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(60), "background work never finished");
        std::thread::sleep(Duration::from_millis(5));
    }
    // Results that arrived after the last check still repaint for a few frames.
    while h.try_run().is_err() {
        assert!(start.elapsed() < Duration::from_secs(60), "the UI never settled");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Hovers `at`, then drops `files` there as a file manager would, and runs until the frame
/// is still.
#[allow(dead_code, reason = "not every suite drops files")]
pub fn drop_files(h: &mut Harness<'static, StudioApp>, at: egui::Pos2, files: &[PathBuf]) {
    drop_files_one_frame(h, at, files);
    h.run();
}

/// [`drop_files`] with a single frame after the drop, for what the drop starts as a task (a
/// suite then waits with [`settle`] or looks at the dialog it opens).
#[allow(dead_code, reason = "not every suite drops files")]
pub fn drop_files_one_frame(h: &mut Harness<'static, StudioApp>, at: egui::Pos2, files: &[PathBuf]) {
    #[derive(Debug)]
    struct Dropped(PathBuf);
    impl egui::DroppedFile for Dropped {
        fn path(&self) -> &Path {
            &self.0
        }
        fn bytes(&self) -> Result<Vec<u8>, String> {
            std::fs::read(&self.0).map_err(|e| e.to_string())
        }
    }
    h.hover_at(at);
    h.run();
    for f in files {
        h.input_mut().dropped_files.push(std::sync::Arc::new(Dropped(f.clone())));
    }
    h.step();
}

/// A fresh temporary folder for a test with a snapshot, shown on screen under the fixed name
/// `shown` (`app::shown_path`): the pictures show the paths of its files, and must not depend
/// on where the folder was made; two runs at once never share it. Removed when dropped.
#[allow(dead_code, reason = "not every suite takes a snapshot of paths")]
pub struct SnapshotDir {
    // Dropped first: the folder is shown as it is again before it goes.
    _shown: parkan_studio::app::shown_path::ShownAs,
    dir: tempfile::TempDir,
}

#[allow(dead_code, reason = "not every suite takes a snapshot of paths")]
impl SnapshotDir {
    pub fn new(shown: &str) -> SnapshotDir {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let _shown = parkan_studio::app::shown_path::show_folder_as(dir.path(), Path::new(shown));
        SnapshotDir { _shown, dir }
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }
}
