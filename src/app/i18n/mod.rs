//! The interface's languages (issue 43): English and Russian through Project Fluent. Every
//! user-visible string of the editor is a key of the `.ftl` files under `i18n/<lang>/`
//! (embedded below), looked up with [`tr!`](crate::tr) in the current language; plurals follow
//! Fluent's plural rules (Russian: one / few / many), numbers passed as arguments are written
//! the language's way ([`format`]). Names from the game's files are never keys: they are
//! arguments. The command line stays English and never calls this.
//!
//! The language is process state switchable at any time: the UI thread's own choice (set by
//! the app every frame from its settings, so two harnesses on two test threads keep theirs)
//! over a process-wide one that other threads read. Tests get English unless they switch:
//! only `app::run` (the real window) starts from the system's language.

pub mod format;
pub mod messages;
pub mod locale;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::cell::Cell;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU8, Ordering};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Language {
    #[default]
    English,
    Russian,
}

impl Language {
    pub const ALL: [Language; 2] = [Language::English, Language::Russian];

    /// The BCP 47 tag its bundle is made for (plural rules come from it).
    pub fn tag(self) -> &'static str {
        match self {
            Language::English => "en-US",
            Language::Russian => "ru-RU",
        }
    }

    /// The language's own name, the same in every language (a menu of languages lists each
    /// in itself).
    pub fn native_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::Russian => "Русский",
        }
    }

    fn index(self) -> usize {
        self as usize
    }

    fn from_index(i: u8) -> Language {
        if i == 1 { Language::Russian } else { Language::English }
    }
}

/// One `.ftl` file in each language: (its file name, English text, Russian text).
pub const FILES: &[(&str, &str, &str)] = &[
    ("shell.ftl", include_str!("../../../i18n/en/shell.ftl"), include_str!("../../../i18n/ru/shell.ftl")),
    ("commands.ftl", include_str!("../../../i18n/en/commands.ftl"), include_str!("../../../i18n/ru/commands.ftl")),
    ("panels.ftl", include_str!("../../../i18n/en/panels.ftl"), include_str!("../../../i18n/ru/panels.ftl")),
    ("browser.ftl", include_str!("../../../i18n/en/browser.ftl"), include_str!("../../../i18n/ru/browser.ftl")),
    ("mods.ftl", include_str!("../../../i18n/en/mods.ftl"), include_str!("../../../i18n/ru/mods.ftl")),
    ("compare.ftl", include_str!("../../../i18n/en/compare.ftl"), include_str!("../../../i18n/ru/compare.ftl")),
    ("editors.ftl", include_str!("../../../i18n/en/editors.ftl"), include_str!("../../../i18n/ru/editors.ftl")),
    ("inspector.ftl", include_str!("../../../i18n/en/inspector.ftl"), include_str!("../../../i18n/ru/inspector.ftl")),
    ("texture.ftl", include_str!("../../../i18n/en/texture.ftl"), include_str!("../../../i18n/ru/texture.ftl")),
    ("material.ftl", include_str!("../../../i18n/en/material.ftl"), include_str!("../../../i18n/ru/material.ftl")),
    ("wear.ftl", include_str!("../../../i18n/en/wear.ftl"), include_str!("../../../i18n/ru/wear.ftl")),
    ("media.ftl", include_str!("../../../i18n/en/media.ftl"), include_str!("../../../i18n/ru/media.ftl")),
    ("apply.ftl", include_str!("../../../i18n/en/apply.ftl"), include_str!("../../../i18n/ru/apply.ftl")),
    ("units.ftl", include_str!("../../../i18n/en/units.ftl"), include_str!("../../../i18n/ru/units.ftl")),
    ("mission.ftl", include_str!("../../../i18n/en/mission.ftl"), include_str!("../../../i18n/ru/mission.ftl")),
    ("mesh.ftl", include_str!("../../../i18n/en/mesh.ftl"), include_str!("../../../i18n/ru/mesh.ftl")),
    ("views.ftl", include_str!("../../../i18n/en/views.ftl"), include_str!("../../../i18n/ru/views.ftl")),
    ("log.ftl", include_str!("../../../i18n/en/log.ftl"), include_str!("../../../i18n/ru/log.ftl")),
    ("mission-palette.ftl", include_str!("../../../i18n/en/mission-palette.ftl"), include_str!("../../../i18n/ru/mission-palette.ftl")),
    ("mission-panels.ftl", include_str!("../../../i18n/en/mission-panels.ftl"), include_str!("../../../i18n/ru/mission-panels.ftl")),
    ("mission-view.ftl", include_str!("../../../i18n/en/mission-view.ftl"), include_str!("../../../i18n/ru/mission-view.ftl")),
    ("mission-compare.ftl", include_str!("../../../i18n/en/mission-compare.ftl"), include_str!("../../../i18n/ru/mission-compare.ftl")),
];

static PROCESS: AtomicU8 = AtomicU8::new(0);
/// What a first start (no language in the settings) picks: the system's in the real window.
static FIRST_START: AtomicU8 = AtomicU8::new(0);

thread_local! {
    static THREAD: Cell<Option<Language>> = const { Cell::new(None) };
}

/// The language strings are looked up in on this thread.
pub fn language() -> Language {
    THREAD.with(Cell::get).unwrap_or_else(|| Language::from_index(PROCESS.load(Ordering::Relaxed)))
}

/// Switches this thread (the UI's) and the process to `l`; the next lookup is in it.
pub fn set_language(l: Language) {
    THREAD.with(|t| t.set(Some(l)));
    PROCESS.store(l as u8, Ordering::Relaxed);
}

/// Switches this thread only (a test that must not change what other threads read).
pub fn set_thread_language(l: Language) {
    THREAD.with(|t| t.set(Some(l)));
}

/// The language a start with nothing remembered uses (English unless `app::run` set the system's).
pub fn first_start_language() -> Language {
    Language::from_index(FIRST_START.load(Ordering::Relaxed))
}

pub fn set_first_start_language(l: Language) {
    FIRST_START.store(l as u8, Ordering::Relaxed);
}

type Bundle = FluentBundle<FluentResource>;

fn bundles() -> &'static [Bundle; 2] {
    static B: OnceLock<[Bundle; 2]> = OnceLock::new();
    B.get_or_init(|| Language::ALL.map(build))
}

fn build(l: Language) -> Bundle {
    let id = l.tag().parse().unwrap_or_default();
    let mut b = FluentBundle::new_concurrent(vec![id]);
    // No bidi isolation marks around arguments: both languages run left to right, and the
    // marks would show as boxes in some fonts and break tests that compare text.
    b.set_use_isolating(false);
    b.set_formatter(Some(match l {
        Language::English => format_en,
        Language::Russian => format_ru,
    }));
    for (_, en, ru) in FILES {
        let text = if l == Language::English { en } else { ru };
        // A file that does not parse keeps the messages that did; the key tests fail on it.
        let res = FluentResource::try_new(text.to_string()).unwrap_or_else(|(partial, _)| partial);
        // A key repeated across files keeps its first text; the key tests fail on that too.
        let _ = b.add_resource(res);
    }
    b
}

fn format_en<M>(v: &FluentValue, _: &M) -> Option<String> {
    number_value(Language::English, v)
}

fn format_ru<M>(v: &FluentValue, _: &M) -> Option<String> {
    number_value(Language::Russian, v)
}

fn number_value(l: Language, v: &FluentValue) -> Option<String> {
    match v {
        FluentValue::Number(n) => Some(format::number_in(l, n.value, n.options.minimum_fraction_digits.unwrap_or(0))),
        _ => None,
    }
}

/// A value given to a message: numbers select plurals and are written the language's way.
pub enum Arg<'a> {
    Num(f64),
    Str(Cow<'a, str>),
}

macro_rules! num_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg<'_> {
            fn from(v: $t) -> Self {
                Arg::Num(v as f64)
            }
        }
    )*};
}
num_arg!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize, f32, f64);

impl<'a> From<&'a str> for Arg<'a> {
    fn from(v: &'a str) -> Self {
        Arg::Str(Cow::Borrowed(v))
    }
}

impl<'a> From<&'a String> for Arg<'a> {
    fn from(v: &'a String) -> Self {
        Arg::Str(Cow::Borrowed(v))
    }
}

impl<'a> From<Cow<'a, str>> for Arg<'a> {
    fn from(v: Cow<'a, str>) -> Self {
        Arg::Str(v)
    }
}

impl From<String> for Arg<'_> {
    fn from(v: String) -> Self {
        Arg::Str(Cow::Owned(v))
    }
}

/// The text of `key` in the current language.
pub fn tr(key: &str) -> String {
    lookup(language(), key, &[])
}

/// The text of `key` with arguments, in the current language.
pub fn tr_args(key: &str, args: &[(&str, Arg)]) -> String {
    lookup(language(), key, args)
}

/// Whether `key` is a message of the files (an editor's command spec holds a key, or the
/// English text of an editor not yet written against the keys).
pub fn has_key(key: &str) -> bool {
    bundles()[0].has_message(key)
}

/// `key`'s text when it is a key, else `text_or_key` as it is.
pub fn tr_or_text(text_or_key: &str) -> String {
    if has_key(text_or_key) { tr(text_or_key) } else { text_or_key.to_string() }
}

/// The text of `key` in `l`; a key missing there falls back to English, and one missing in
/// both shows as itself (the key tests fail on either).
pub fn lookup(l: Language, key: &str, args: &[(&str, Arg)]) -> String {
    let all = bundles();
    let fargs = (!args.is_empty()).then(|| {
        let mut a = FluentArgs::with_capacity(args.len());
        for (k, v) in args {
            match v {
                Arg::Num(n) => a.set(*k, FluentValue::from(*n)),
                Arg::Str(s) => a.set(*k, FluentValue::from(s.as_ref())),
            }
        }
        a
    });
    for b in [&all[l.index()], &all[0]] {
        if let Some(p) = b.get_message(key).and_then(|m| m.value()) {
            let mut errors = Vec::new();
            return b.format_pattern(p, fargs.as_ref(), &mut errors).into_owned();
        }
    }
    key.to_string()
}

/// `tr!("key")` or `tr!("key", name = value, …)`: the key's text in the current language.
/// A key is a literal so that the key tests find every use by reading the sources.
#[macro_export]
macro_rules! tr {
    ($key:literal) => {
        $crate::app::i18n::tr($key)
    };
    ($key:literal, $($name:ident = $val:expr),+ $(,)?) => {
        $crate::app::i18n::tr_args($key, &[$((stringify!($name).trim_start_matches("r#"), $crate::app::i18n::Arg::from($val))),+])
    };
}

#[cfg(test)]
mod tests;
