//! The key tests: both languages hold the same keys with the same arguments, every key the
//! code uses is in them, and none is left unused.

use super::*;
use crate::app::command::Command;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// A file's messages: key → the `$arguments` its text names (a rough reading of FTL that is
/// enough for what this project writes: a message starts at column 0, its text and variants
/// continue indented).
fn messages(text: &str) -> BTreeMap<String, BTreeSet<String>> {
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        if !line.starts_with([' ', '\t']) {
            let Some((key, _)) = line.split_once('=') else { continue };
            let key = key.trim().to_string();
            assert!(out.insert(key.clone(), BTreeSet::new()).is_none(), "{key} twice in one file");
            current = Some(key);
        }
        let Some(k) = &current else { continue };
        let set = out.get_mut(k).expect("inserted above");
        let mut rest = line;
        while let Some(at) = rest.find('$') {
            rest = &rest[at + 1..];
            let name: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-').collect();
            set.insert(name);
        }
    }
    out
}

fn all_messages(l: Language) -> BTreeMap<String, BTreeSet<String>> {
    let mut all = BTreeMap::new();
    for (name, en, ru) in FILES {
        for (k, v) in messages(if l == Language::English { en } else { ru }) {
            assert!(all.insert(k.clone(), v).is_none(), "{k} is in two files ({name})");
        }
    }
    all
}

#[test]
fn every_file_parses_in_both_languages() {
    for (name, en, ru) in FILES {
        for (lang, text) in [("en", en), ("ru", ru)] {
            if let Err((_, errors)) = FluentResource::try_new(text.to_string()) {
                panic!("i18n/{lang}/{name}.ftl: {errors:?}");
            }
        }
    }
}

#[test]
fn both_languages_have_the_same_keys_and_arguments() {
    let en = all_messages(Language::English);
    let ru = all_messages(Language::Russian);
    let only_en: Vec<_> = en.keys().filter(|k| !ru.contains_key(*k)).collect();
    let only_ru: Vec<_> = ru.keys().filter(|k| !en.contains_key(*k)).collect();
    assert!(only_en.is_empty() && only_ru.is_empty(), "only in English: {only_en:?}; only in Russian: {only_ru:?}");
    for (k, args) in &en {
        assert_eq!(args, &ru[k], "{k}: the two languages name different arguments");
    }
    for k in en.keys() {
        for l in Language::ALL {
            assert!(bundles()[l.index()].get_message(k).and_then(|m| m.value()).is_some(), "{k} has no text in {l:?}");
        }
    }
}

/// Every `tr!("…")` / `tr("…")` key written in the sources under `dir`.
fn keys_in_sources(dir: &Path, out: &mut BTreeMap<String, String>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            keys_in_sources(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") && !p.ends_with("i18n/tests.rs") {
            // Comments name keys as examples: only code counts.
            let text: String = std::fs::read_to_string(&p).unwrap_or_default().lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n");
            // An editor's view name is a `"view-…"` key its `label` returns (read with
            // `tr_or_text`); the editors are not imported here (src/app has no import cycles).
            let mut rest = text.as_str();
            while let Some(at) = rest.find("\"view-") {
                rest = &rest[at + 1..];
                let key: String = rest.chars().take_while(|c| *c != '"').collect();
                out.entry(key).or_insert_with(|| p.display().to_string());
            }
            for marker in ["tr!(\"", "tr(\"", "tr_args(\"", "tr_or_text(\""] {
                let mut rest = text.as_str();
                while let Some(at) = rest.find(marker) {
                    let before = rest[..at].chars().next_back();
                    rest = &rest[at + marker.len()..];
                    if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
                        continue;
                    }
                    let key: String = rest.chars().take_while(|c| *c != '"').collect();
                    out.entry(key).or_insert_with(|| p.display().to_string());
                }
            }
        }
    }
}

/// The keys the command table reads (a key, or an editor's command still in English).
fn command_keys() -> Vec<String> {
    let mut v = Vec::new();
    for c in Command::every() {
        for k in [c.label_key(), c.tooltip_key()] {
            if k.starts_with("cmd-") {
                v.push(k.to_string());
            }
        }
    }
    v
}

#[test]
fn every_key_the_code_uses_exists_and_every_key_is_used() {
    let en = all_messages(Language::English);
    let mut used = BTreeMap::new();
    keys_in_sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut used);
    for k in command_keys() {
        used.entry(k).or_insert_with(|| "the command table".to_string());
    }
    let missing: Vec<_> = used.iter().filter(|(k, _)| !en.contains_key(*k)).collect();
    assert!(missing.is_empty(), "keys used in the code but in no .ftl file: {missing:?}");
    let unused: Vec<_> = en.keys().filter(|k| !used.contains_key(*k)).collect();
    assert!(unused.is_empty(), "keys in the .ftl files that no code uses: {unused:?}");
}

#[test]
fn russian_plurals_have_three_forms() {
    let files = |n: u64| lookup(Language::Russian, "files-count", &[("n", Arg::from(n))]);
    assert_eq!(files(1), "1 файл");
    assert_eq!(files(2), "2 файла");
    assert_eq!(files(4), "4 файла");
    assert_eq!(files(5), "5 файлов");
    assert_eq!(files(11), "11 файлов");
    assert_eq!(files(21), "21 файл");
    assert_eq!(files(22), "22 файла");
    assert_eq!(files(1000), "1\u{202F}000 файлов");
    let en = |n: u64| lookup(Language::English, "files-count", &[("n", Arg::from(n))]);
    assert_eq!(en(1), "1 file");
    assert_eq!(en(2), "2 files");
    assert_eq!(en(1000), "1,000 files");
}

#[test]
fn the_language_switches_at_once_and_per_thread() {
    set_thread_language(Language::Russian);
    assert_eq!(tr("menu-file"), "Файл");
    set_thread_language(Language::English);
    assert_eq!(tr("menu-file"), "File");
    // Another thread that chose its own keeps it.
    std::thread::spawn(|| {
        set_thread_language(Language::Russian);
        assert_eq!(tr("menu-file"), "Файл");
    })
    .join()
    .unwrap();
    assert_eq!(language(), Language::English);
    assert_eq!(crate::tr!("menu-file"), "File");
    assert_eq!(tr("no-such-key"), "no-such-key", "a missing key shows as itself");
}

#[test]
fn counts_in_the_3d_view_the_log_and_the_timeline_agree_with_their_number() {
    let ru = |key: &str, n: u64| lookup(Language::Russian, key, &[("n", Arg::from(n))]);
    assert_eq!(ru("mesh-triangles-count", 1), "1 треугольник");
    assert_eq!(ru("mesh-triangles-count", 3), "3 треугольника");
    assert_eq!(ru("mesh-triangles-count", 12), "12 треугольников");
    assert_eq!(ru("mesh-triangles-count", 2048), "2\u{202F}048 треугольников");
    assert_eq!(ru("log-entries-count", 21), "21 запись");
    assert_eq!(ru("log-removed-entries", 2), "удалены 2 записи");
    assert_eq!(ru("log-removed-entries", 5), "удалено 5 записей");
    // "из" takes the genitive: "из 1 кадра", "из 9 кадров".
    let span = |l: Language, n: u64| lookup(l, "timeline-span-frames", &[("n", Arg::from(n)), ("last", Arg::from((n - 1).to_string()))]);
    assert_eq!(span(Language::Russian, 1), "из 1 кадра (0–0)");
    assert_eq!(span(Language::Russian, 9), "из 9 кадров (0–8)");
    assert_eq!(span(Language::English, 1), "of 1 frame (0–0)");
    assert_eq!(span(Language::English, 9), "of 9 frames (0–8)");
    // The English log lines read as they did before they were keys.
    let opened = lookup(Language::English, "log-opened", &[("path", Arg::from("/g/a.lib")), ("what", Arg::from(lookup(Language::English, "log-entries-count", &[("n", Arg::from(12u64))])))]);
    assert_eq!(opened, "opened /g/a.lib (12 entries)");
    assert_eq!(lookup(Language::English, "log-bytes-count", &[("n", Arg::from(1u64))]), "1 byte");
}
