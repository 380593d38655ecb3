//! The mods' messages in the interface's language: a refused package, a refused command and a
//! report line read in Russian, and their English stays the command line's.

use super::manage::{self, ModError};
use super::package::{MANIFEST, Package};
use crate::app::i18n::messages::text_in;
use crate::app::i18n::{Language, set_thread_language};
use crate::formats::message::Message;
use std::io::Write;

fn russian(m: &Message) -> String {
    text_in(Language::Russian, &m.english, m.key.as_deref())
}

/// A package whose manifest says `manifest`.
fn package_with(manifest: &str) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    zip.start_file(MANIFEST, zip::write::SimpleFileOptions::default()).unwrap();
    zip.write_all(manifest.as_bytes()).unwrap();
    zip.finish().unwrap().into_inner()
}

#[test]
fn a_refused_package_reads_in_russian() {
    let bytes = package_with(r#"{"format":"parkanmod","format_version":2,"name":"Gold","changes":[]}"#);
    let Err(e) = Package::from_bytes("evil.parkanmod", &bytes) else { panic!("a newer format is refused") };
    assert_eq!(e.to_string(), "evil.parkanmod: mod.json: format version 2 is not one this tool reads (it reads 1); a newer Parkan Studio may");
    assert_eq!(e.0.key.as_ref().map(|k| k.id), Some("mods-pkg-version"));
    assert_eq!(russian(&e.0), "evil.parkanmod: mod.json: версию формата 2 эта программа не читает (она читает 1); возможно, прочтёт более новая Parkan Studio");

    let bytes = package_with(r#"{"format":"parkanmod","format_version":1,"name":"Gold","changes":[{"op":"add_file","file":"../x.txt"}]}"#);
    let Err(e) = Package::from_bytes("evil.parkanmod", &bytes) else { panic!("a path out of the game is refused") };
    assert_eq!(e.to_string(), "evil.parkanmod: mod.json change #0 (add_file): the game path \"../x.txt\" leaves or names the folder itself (. or ..)");
    // The reason is a message of its own, said in the language the editor shows.
    crate::app::i18n::messages::install();
    set_thread_language(Language::Russian);
    let Err(e) = Package::from_bytes("evil.parkanmod", &bytes) else { panic!("refused") };
    let ru = e.to_string();
    set_thread_language(Language::English);
    assert_eq!(ru, "evil.parkanmod: mod.json, изменение №0 (add_file): игровой путь \"../x.txt\" не годится: он выходит из папки или называет её саму (. или ..)");
}

#[test]
fn a_refused_command_and_the_report_lines_read_in_russian() {
    let t = tempfile::tempdir().unwrap();
    let game = t.path();
    let Err(ModError::Usage(m)) = manage::revert(game, "Gold", false, false, &mut |_| false) else { panic!("nothing to revert") };
    let folder = game.display().to_string();
    assert_eq!(m.english, format!("no mod is installed in {folder}"));
    assert_eq!(russian(&m), format!("в {folder} не установлено ни одного мода"));

    let lines = manage::status(game).unwrap();
    assert_eq!(russian(&lines[0]), format!("в {folder} моды не установлены"));

    // Plural forms follow the count; the table's heading keeps its columns lined up.
    let line = crate::msg!("mods-status-mod", "{n}. {name} {version}: {count} change(s)", n = 1, name = "Gold", version = "1.0", count = 3);
    assert_eq!((line.english.as_str(), russian(&line).as_str()), ("1. Gold 1.0: 3 change(s)", "1. Gold 1.0: 3 изменения"));
    let head = crate::msg!("mods-conflicts-head", "item{pad}{columns}", pad = " ".repeat(6), columns = "            [1]".to_string());
    assert_eq!(head.english.chars().count(), russian(&head).chars().count());
}

#[test]
fn a_path_refusal_keeps_its_kind_and_reads_in_russian() {
    let t = tempfile::tempdir().unwrap();
    std::fs::create_dir(t.path().join("sub")).unwrap();
    let e = super::paths::file_inside(t.path(), "sub").unwrap_err();
    assert_eq!(e.kind(), std::io::ErrorKind::IsADirectory);
    assert_eq!(e.to_string(), "sub is a folder, where the mod needs a file");
    assert_eq!(russian(&super::text::said(&e)), "sub — папка, а моду там нужен файл");
}
