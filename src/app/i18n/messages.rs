//! The codecs' and the document model's messages in the interface's language. A message written
//! with `msg!` carries its id and values (`formats::message`); its English text is the code's
//! (the command line's, which scripts parse), its Russian text is the id's in
//! `i18n/ru/messages/*.ftl`. A message without an id, or an id with no Russian text, shows its
//! English text (the message tests fail on the second).
//!
//! Numbers here are technical (offsets, counts, indices, sizes in bytes): they are written
//! without thousands separators, which would make `entry 1 234` out of an index; fractions get
//! the language's decimal sign.

use super::{Language, language};
use crate::formats::message::{Arg, Key, Message};
use crate::formats::{Diagnostic, Error};
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use std::sync::OnceLock;

/// The Russian files of the messages: (file name, text).
pub const FILES: &[(&str, &str)] = &[
    ("archives.ftl", include_str!("../../../i18n/ru/messages/archives.ftl")),
    ("texture.ftl", include_str!("../../../i18n/ru/messages/texture.ftl")),
    ("material.ftl", include_str!("../../../i18n/ru/messages/material.ftl")),
    ("wear.ftl", include_str!("../../../i18n/ru/messages/wear.ftl")),
    ("mesh.ftl", include_str!("../../../i18n/ru/messages/mesh.ftl")),
    ("xray.ftl", include_str!("../../../i18n/ru/messages/xray.ftl")),
    ("world.ftl", include_str!("../../../i18n/ru/messages/world.ftl")),
    ("media.ftl", include_str!("../../../i18n/ru/messages/media.ftl")),
    ("import.ftl", include_str!("../../../i18n/ru/messages/import.ftl")),
    ("doc.ftl", include_str!("../../../i18n/ru/messages/doc.ftl")),
    ("mods.ftl", include_str!("../../../i18n/ru/messages/mods.ftl")),
];

type Bundle = FluentBundle<FluentResource>;

fn russian() -> &'static Bundle {
    static B: OnceLock<Bundle> = OnceLock::new();
    B.get_or_init(|| {
        let id = Language::Russian.tag().parse().unwrap_or_default();
        let mut b = FluentBundle::new_concurrent(vec![id]);
        b.set_use_isolating(false);
        b.set_formatter(Some(technical_number));
        for (_, text) in FILES {
            // A file that does not parse keeps what did; the message tests fail on it.
            let res = FluentResource::try_new(text.to_string()).unwrap_or_else(|(partial, _)| partial);
            let _ = b.add_resource(res);
        }
        b
    })
}

fn technical_number<M>(v: &FluentValue, _: &M) -> Option<String> {
    let FluentValue::Number(n) = v else { return None };
    let x = n.value;
    if !x.is_finite() {
        return Some(x.to_string());
    }
    let text = match n.options.minimum_fraction_digits {
        Some(d) => format!("{x:.d$}"),
        None => x.to_string(),
    };
    Some(text.replace('-', "−").replace('.', ","))
}

/// Whether the Russian files hold `id`.
pub fn has_russian(id: &str) -> bool {
    russian().has_message(id)
}

/// `key`'s text in Russian, or `None` when the files lack the id.
pub fn russian_text(key: &Key) -> Option<String> {
    let b = russian();
    let pattern = b.get_message(key.id)?.value()?;
    let mut args = FluentArgs::with_capacity(key.args.len());
    for (name, v) in &key.args {
        match v {
            Arg::Int(n) => args.set(*name, FluentValue::from(*n)),
            Arg::Float(x) => args.set(*name, FluentValue::from(*x)),
            Arg::Text(s) => args.set(*name, FluentValue::from(s.as_str())),
            Arg::Nested(m) => args.set(*name, FluentValue::from(text_in(Language::Russian, &m.english, m.key.as_deref()))),
        }
    }
    let mut errors = Vec::new();
    let text = b.format_pattern(pattern, Some(&args), &mut errors);
    Some(format!("{}{text}", key.prefix))
}

/// What `formats::message`'s `Display` asks (installed by [`install`]): the key's text in the
/// current language when that is not English.
fn translate(key: &Key) -> Option<String> {
    match language() {
        Language::English => None,
        Language::Russian => russian_text(key),
    }
}

/// Makes every `Display` of a keyed message or error in this process follow the interface's
/// language (the editor calls it at start; the command line never does).
pub fn install() {
    crate::formats::message::set_translator(translate);
}

/// A message's text in `l`.
pub fn text_in(l: Language, english: &str, key: Option<&Key>) -> String {
    match (l, key) {
        (Language::Russian, Some(k)) => russian_text(k).unwrap_or_else(|| english.to_string()),
        _ => english.to_string(),
    }
}

/// A message's text in the current language.
pub fn message(m: &Message) -> String {
    text_in(language(), &m.english, m.key.as_deref())
}

/// A diagnostic's message in the current language (without its severity or offset).
pub fn diagnostic(d: &Diagnostic) -> String {
    text_in(language(), &d.message, d.key.as_deref())
}

/// A `check` finding's message in the current language.
pub fn finding(f: &crate::doc::check::Finding) -> String {
    text_in(language(), &f.message, f.key.as_deref())
}

/// An error as `Display` writes it (`path @0x1F: message`), its message in the current language.
pub fn error(e: &Error) -> String {
    let text = text_in(language(), &e.message, e.key.as_deref());
    if e.context.is_empty() { format!("@0x{:X}: {text}", e.offset) } else { format!("{} @0x{:X}: {text}", e.path(), e.offset) }
}

/// An error's message alone in the current language (no path, no offset).
pub fn error_message(e: &Error) -> String {
    text_in(language(), &e.message, e.key.as_deref())
}

#[cfg(test)]
#[path = "messages_tests.rs"]
mod tests;
