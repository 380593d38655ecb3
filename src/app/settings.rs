//! What the editor remembers between runs (eframe storage): language, theme, zoom, which panels show,
//! the browser's sort, recent files and folders, and the readings chosen. Panel sizes and
//! table column widths live in egui's own memory, which eframe persists too.

use super::browser::model::Sort;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

pub const STORAGE_KEY: &str = "parkan-studio.settings";
const RECENT_MAX: usize = 12;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Theme {
    #[default]
    System,
    Light,
    Dark,
}

impl Theme {
    pub fn preference(self) -> egui::ThemePreference {
        match self {
            Theme::System => egui::ThemePreference::System,
            Theme::Light => egui::ThemePreference::Light,
            Theme::Dark => egui::ThemePreference::Dark,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PanelId {
    Browser,
    Inspector,
    Log,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub theme: Theme,
    pub zoom: f32,
    pub show_browser: bool,
    pub show_inspector: bool,
    pub show_log: bool,
    pub sort: Sort,
    pub recent_files: Vec<PathBuf>,
    pub recent_folders: Vec<PathBuf>,
    /// `NAME=VALUE` switches of docs/readings.md that differ from the defaults.
    pub readings: Vec<String>,
    /// Where the last file dialog was.
    pub last_dir: Option<PathBuf>,
    /// The program Edit in External Program opens files with; blank for the desktop's
    /// default program for the file's type.
    pub external_program: String,
    /// The interface's language; `None` until the first start picks the system's.
    pub language: Option<crate::app::i18n::Language>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            theme: Theme::System,
            zoom: 1.0,
            show_browser: true,
            show_inspector: true,
            show_log: true,
            sort: Sort::default(),
            recent_files: Vec::new(),
            recent_folders: Vec::new(),
            readings: Vec::new(),
            last_dir: None,
            external_program: String::new(),
            language: None,
        }
    }
}

impl Settings {
    pub fn load(storage: Option<&dyn eframe::Storage>) -> Settings {
        storage.and_then(|s| eframe::get_value::<Settings>(s, STORAGE_KEY)).map(Settings::sanitized).unwrap_or_default()
    }

    pub fn save(&self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, STORAGE_KEY, self);
    }

    /// Values from an older or hand-edited store that would break the UI are reset.
    fn sanitized(mut self) -> Settings {
        if !self.zoom.is_finite() || !(0.25..=5.0).contains(&self.zoom) {
            self.zoom = 1.0;
        }
        self.recent_files.truncate(RECENT_MAX);
        self.recent_folders.truncate(RECENT_MAX);
        self
    }

    pub fn panel(&self, p: PanelId) -> bool {
        match p {
            PanelId::Browser => self.show_browser,
            PanelId::Inspector => self.show_inspector,
            PanelId::Log => self.show_log,
        }
    }

    pub fn toggle(&mut self, p: PanelId) {
        let v = match p {
            PanelId::Browser => &mut self.show_browser,
            PanelId::Inspector => &mut self.show_inspector,
            PanelId::Log => &mut self.show_log,
        };
        *v = !*v;
    }

    pub fn remember_file(&mut self, p: &Path) {
        push_recent(&mut self.recent_files, p);
        if let Some(d) = p.parent() {
            self.last_dir = Some(d.to_path_buf());
        }
    }

    pub fn remember_folder(&mut self, p: &Path) {
        push_recent(&mut self.recent_folders, p);
        self.last_dir = Some(p.to_path_buf());
    }
}

fn push_recent(list: &mut Vec<PathBuf>, p: &Path) {
    let p = std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    list.retain(|x| *x != p);
    list.insert(0, p);
    list.truncate(RECENT_MAX);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recent_lists_are_most_recent_first_without_duplicates() {
        let mut s = Settings::default();
        for p in ["/x/a.lib", "/x/b.lib", "/x/a.lib"] {
            s.remember_file(Path::new(p));
        }
        assert_eq!(s.recent_files, [PathBuf::from("/x/a.lib"), PathBuf::from("/x/b.lib")]);
        assert_eq!(s.last_dir, Some(PathBuf::from("/x")));
        for i in 0..40 {
            s.remember_folder(Path::new(&format!("/f{i}")));
        }
        assert_eq!(s.recent_folders.len(), RECENT_MAX);
        assert_eq!(s.recent_folders[0], PathBuf::from("/f39"));
    }

    #[test]
    fn settings_survive_a_round_trip_and_bad_values_reset() {
        let mut s = Settings { zoom: 1.5, show_log: false, theme: Theme::Dark, language: Some(crate::app::i18n::Language::Russian), ..Settings::default() };
        s.remember_file(Path::new("/x/Material.lib"));
        let text = serde_json::to_string(&s).unwrap();
        let back: Settings = serde_json::from_str(&text).unwrap();
        assert_eq!(back, s);
        let odd: Settings = serde_json::from_str(r#"{"zoom": 99.0, "unknown_field": 1}"#).unwrap();
        assert_eq!(odd.sanitized().zoom, 1.0);
        let partial: Settings = serde_json::from_str(r#"{"show_browser": false}"#).unwrap();
        assert!(!partial.show_browser && partial.show_inspector);
        assert_eq!(partial.language, None, "an older store has no language: the first start picks it");
    }
}
