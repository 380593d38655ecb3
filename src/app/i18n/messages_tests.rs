//! The message tests: every `msg!` in the sources shows only the values it names and names only
//! what it shows, an id means one English text wherever it is written, the Russian files hold
//! every id with the same values and nothing else, and every Russian text formats.

use super::*;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// One `msg!` as written: its id, English format string and value names.
#[derive(Debug)]
struct Site {
    file: PathBuf,
    id: String,
    english: String,
    names: BTreeSet<String>,
}

/// The arguments of a macro call starting just after its `(`, split at top-level commas; string
/// literals and nested brackets are skipped whole.
fn arguments(text: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut depth = 0usize;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                let cur = out.last_mut().expect("one argument at least");
                cur.push(c);
                while let Some(s) = chars.next() {
                    cur.push(s);
                    if s == '\\' {
                        cur.extend(chars.next());
                    } else if s == '"' {
                        break;
                    }
                }
            }
            '(' | '[' | '{' => {
                depth += 1;
                out.last_mut().expect("one").push(c);
            }
            ')' | ']' | '}' if depth == 0 => break,
            ')' | ']' | '}' => {
                depth -= 1;
                out.last_mut().expect("one").push(c);
            }
            ',' if depth == 0 => out.push(String::new()),
            _ => out.last_mut().expect("one").push(c),
        }
    }
    out.into_iter().map(|a| a.trim().to_string()).filter(|a| !a.is_empty()).collect()
}

/// A string literal's text (escapes kept as written; a `\` line continuation joins lines).
fn literal(arg: &str) -> Option<String> {
    let inner = arg.strip_prefix('"')?.strip_suffix('"')?;
    let mut out = String::new();
    let mut lines = inner.split('\n');
    out.push_str(lines.next().unwrap_or(""));
    for l in lines {
        if out.ends_with('\\') {
            out.pop();
            out.push_str(l.trim_start());
        } else {
            out.push('\n');
            out.push_str(l);
        }
    }
    Some(out)
}

/// The names a format string shows (`{name}`, `{name:spec}`); `{}` and positions come back as
/// themselves so the test can refuse them.
fn placeholders(english: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = english;
    while let Some(at) = rest.find(['{', '}']) {
        let c = rest.as_bytes()[at];
        if rest[at + 1..].starts_with(c as char) {
            rest = &rest[at + 2..];
            continue;
        }
        rest = &rest[at + 1..];
        if c == b'{' {
            let end = rest.find('}').unwrap_or(rest.len());
            let name = rest[..end].split(':').next().unwrap_or("").trim().to_string();
            out.insert(name);
            rest = &rest[end.min(rest.len())..];
        }
    }
    out
}

fn sites_in(dir: &Path, out: &mut Vec<Site>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            sites_in(&p, out);
            continue;
        }
        // The macro's own file writes test messages, and this one names it in strings.
        if p.extension().is_none_or(|x| x != "rs") || p.ends_with("formats/message.rs") || p.ends_with("i18n/messages_tests.rs") {
            continue;
        }
        let text: String = std::fs::read_to_string(&p).unwrap_or_default().lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n");
        let mut rest = text.as_str();
        while let Some(at) = rest.find("msg!(") {
            let before = rest[..at].chars().next_back();
            rest = &rest[at + 5..];
            if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
                continue;
            }
            let args = arguments(rest);
            let (Some(id), Some(english)) = (args.first().and_then(|a| literal(a)), args.get(1).and_then(|a| literal(a))) else {
                panic!("{}: a msg! whose id and English text are not literals: {args:?}", p.display());
            };
            let names = args[2..].iter().map(|a| a.split('=').next().unwrap_or("").trim().to_string()).collect();
            out.push(Site { file: p.clone(), id, english, names });
        }
    }
}

fn sites() -> Vec<Site> {
    let mut out = Vec::new();
    sites_in(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut out);
    out
}

/// The Russian files' ids with the `$values` each names (the same rough FTL reading as the
/// interface's key tests).
fn russian_ids() -> BTreeMap<String, BTreeSet<String>> {
    let mut all = BTreeMap::new();
    for (file, text) in FILES {
        let mut current: Option<String> = None;
        for line in text.lines() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            if !line.starts_with([' ', '\t']) {
                let Some((id, _)) = line.split_once('=') else { continue };
                let id = id.trim().to_string();
                assert!(all.insert(id.clone(), BTreeSet::new()).is_none(), "{id} twice (second in {file})");
                current = Some(id);
            }
            let Some(id) = &current else { continue };
            let set: &mut BTreeSet<String> = all.get_mut(id).expect("inserted above");
            let mut rest = line;
            while let Some(at) = rest.find('$') {
                rest = &rest[at + 1..];
                set.insert(rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-').collect());
            }
        }
    }
    all
}

#[test]
fn the_message_files_parse() {
    for (file, text) in FILES {
        if let Err((_, errors)) = FluentResource::try_new(text.to_string()) {
            panic!("i18n/ru/messages/{file}: {errors:?}");
        }
    }
}

#[test]
fn every_message_shows_what_it_names_and_an_id_has_one_text() {
    let mut by_id: BTreeMap<String, &Site> = BTreeMap::new();
    let all = sites();
    for s in &all {
        let shown = placeholders(&s.english);
        assert_eq!(shown, s.names, "{}: msg!(\"{}\") shows {shown:?} but names {:?}", s.file.display(), s.id, s.names);
        if let Some(first) = by_id.insert(s.id.clone(), s) {
            assert!(
                first.english == s.english && first.names == s.names,
                "msg!(\"{}\") means two texts: {:?} in {} and {:?} in {}",
                s.id,
                first.english,
                first.file.display(),
                s.english,
                s.file.display()
            );
        }
    }
}

#[test]
fn every_message_is_in_russian_with_the_same_values_and_every_russian_one_is_used() {
    let ru = russian_ids();
    let all = sites();
    let mut missing = Vec::new();
    for s in &all {
        match ru.get(&s.id) {
            None => missing.push(format!("{} ({})", s.id, s.file.display())),
            Some(names) => assert_eq!(names, &s.names, "{}: the Russian text names other values than msg! in {}", s.id, s.file.display()),
        }
    }
    assert!(missing.is_empty(), "{} messages have no Russian text: {missing:#?}", missing.len());
    let used: BTreeSet<&str> = all.iter().map(|s| s.id.as_str()).collect();
    let unused: Vec<_> = ru.keys().filter(|k| !used.contains(k.as_str())).collect();
    assert!(unused.is_empty(), "Russian messages no msg! writes: {unused:?}");
}

#[test]
fn every_russian_text_formats() {
    let b = russian();
    for (id, names) in russian_ids() {
        let pattern = b.get_message(&id).and_then(|m| m.value()).unwrap_or_else(|| panic!("{id} has no value"));
        for value in [FluentValue::from(1), FluentValue::from(3), FluentValue::from(25), FluentValue::from(1.5)] {
            let mut args = FluentArgs::new();
            for n in &names {
                args.set(n.as_str(), value.clone());
            }
            let mut errors = Vec::new();
            let text = b.format_pattern(pattern, Some(&args), &mut errors);
            assert!(errors.is_empty(), "{id}: {errors:?}");
            assert!(!text.trim().is_empty(), "{id} is empty");
        }
    }
}

#[test]
fn the_scanner_reads_what_msg_writes() {
    let args = arguments(r#""nres-x", "entry {i} ({name:?}) at {at}, {{literal}}", i = v.len(), name = f(a, b), at = hex(o)) + 1"#);
    assert_eq!(args.len(), 5, "{args:?}");
    assert_eq!(literal(&args[1]).as_deref(), Some("entry {i} ({name:?}) at {at}, {{literal}}"));
    let p = placeholders(&literal(&args[1]).expect("literal"));
    assert_eq!(p, ["at", "i", "name"].into_iter().map(String::from).collect());
    assert_eq!(literal("\"one \\\n        two\""), Some("one two".to_string()));
}

#[test]
fn russian_numbers_are_technical_and_english_is_the_codes() {
    let key = Key { id: "no-such-id", args: vec![("n", Arg::Int(12345))], prefix: "A › b: ".into() };
    assert_eq!(text_in(Language::Russian, "english", Some(&key)), "english", "an id without Russian text shows English");
    assert_eq!(text_in(Language::English, "english", Some(&key)), "english");
    let opts = fluent_bundle::types::FluentNumberOptions::default();
    let n = |x: f64| technical_number(&FluentValue::Number(fluent_bundle::types::FluentNumber::new(x, opts.clone())), &());
    assert_eq!(n(12345.0).as_deref(), Some("12345"));
    assert_eq!(n(-1.5).as_deref(), Some("−1,5"));
}

#[test]
fn a_codec_error_reads_in_the_interface_language() {
    use crate::formats::bytes::SharedBytes;
    install();
    let mut bytes = b"NRes\x00\x01\x00\x00\xff\xff\xff\xff\x10\x00\x00\x00".to_vec();
    bytes.truncate(16);
    let e = crate::formats::nres::Archive::parse(SharedBytes::from(bytes)).expect_err("a negative count fails").within("A.lib");
    assert_eq!(e.key.as_ref().map(|k| k.id), Some("nres-negative-count"));
    crate::app::i18n::set_thread_language(Language::Russian);
    let ru = (e.to_string(), error(&e), diagnostic(&Diagnostic::from(e.clone())));
    crate::app::i18n::set_thread_language(Language::English);
    assert_eq!(ru.0, "A.lib @0x8: отрицательное число записей: −1");
    assert_eq!(ru.1, ru.0);
    assert_eq!(ru.2, "A.lib: отрицательное число записей: −1");
    assert_eq!(e.to_string(), "A.lib @0x8: negative entry count -1", "English stays the code's");
}

#[test]
fn a_message_made_in_a_russian_editor_keeps_its_english_and_nests_in_russian() {
    install();
    crate::app::i18n::set_thread_language(Language::Russian);
    let e = crate::formats::Error::new(8u32, crate::msg!("nres-negative-count", "negative entry count {count}", count = -1));
    let flat = crate::msg!("nres-payload-too-large", "payload of {len} bytes is too large for NRes", len = e.to_string());
    let nested = crate::msg!("resolve-unit-file-unreadable", "unit file {p} does not read: {error}", p = "A.dat", error = &e);
    let shown = nested.to_string();
    crate::app::i18n::set_thread_language(Language::English);
    assert_eq!(flat.english, "payload of @0x8: negative entry count -1 bytes is too large for NRes", "values are English in the English text");
    assert_eq!(nested.english, "unit file A.dat does not read: @0x8: negative entry count -1");
    assert_eq!(shown, "файл юнита A.dat не читается: @0x8: отрицательное число записей: −1");
}
