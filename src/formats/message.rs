//! Messages with an id, so that the editor can show a codec's finding in the user's language
//! while the command line keeps the English text scripts parse (docs/architecture.md, "Messages of the codecs and the document model").
//!
//! A message is written once, at the place that finds the problem, with [`msg!`](crate::msg):
//! an id, the English text as a format string, and the named values it shows. The English text
//! is formatted there and then (what `Display`, the CLI and the JSON print); the id and the
//! values ride along for the editor, which looks the id up in `i18n/ru/messages/*.ftl`. A
//! message made from a plain string has no id and shows as it is in every language.

use std::borrow::Cow;
use std::cell::Cell;
use std::fmt;
use std::sync::OnceLock;

/// How the editor says a keyed message in the language it shows (`None`: as written, in
/// English). Set once by the editor at start; the command line never sets it, so its
/// `Display` is always the English text.
pub type Translator = fn(&Key) -> Option<String>;

static TRANSLATOR: OnceLock<Translator> = OnceLock::new();

thread_local! {
    /// Set while `msg!` formats its English text, so that a message shown inside another
    /// (`{inner}`) is written in English there too.
    static ENGLISH: Cell<bool> = const { Cell::new(false) };
}

/// Installs the editor's translator (the first call wins).
pub fn set_translator(t: Translator) {
    let _ = TRANSLATOR.set(t);
}

/// A message's text as it is shown: through the translator when one is installed and it has
/// the key's text, else the English.
pub fn shown<'a>(english: &'a str, key: Option<&Key>) -> Cow<'a, str> {
    match (TRANSLATOR.get(), key) {
        (Some(t), Some(k)) if !ENGLISH.with(Cell::get) => t(k).map_or(Cow::Borrowed(english), Cow::Owned),
        _ => Cow::Borrowed(english),
    }
}

/// `f` run with every `Display` of a message in English.
pub fn in_english<R>(f: impl FnOnce() -> R) -> R {
    let _english = English::begin();
    f()
}

/// While it lives, every `Display` of a message on this thread is English: `msg!` holds one
/// while it evaluates its values and formats its text, so that an `e.to_string()` among the
/// values gives the English an English text needs, whatever the editor's language.
pub struct English(bool);

impl English {
    pub fn begin() -> English {
        English(ENGLISH.with(|e| e.replace(true)))
    }
}

impl Drop for English {
    fn drop(&mut self) {
        let before = self.0;
        ENGLISH.with(|e| e.set(before));
    }
}

/// A value a message shows. Numbers are kept as numbers so a translation can choose its plural
/// form by them; everything else (names, paths, hex offsets, lists) is text as it is shown.
#[derive(Debug, Clone)]
pub enum Arg {
    Int(i64),
    Float(f64),
    Text(String),
    /// A message shown inside another (a cause after its context): said in the same language.
    Nested(Box<Message>),
}

impl PartialEq for Arg {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Arg::Int(a), Arg::Int(b)) => a == b,
            (Arg::Float(a), Arg::Float(b)) => a.to_bits() == b.to_bits(),
            (Arg::Text(a), Arg::Text(b)) => a == b,
            (Arg::Nested(a), Arg::Nested(b)) => a == b,
            _ => false,
        }
    }
}

impl Eq for Arg {}

impl fmt::Display for Arg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Arg::Int(n) => write!(f, "{n}"),
            Arg::Float(x) => write!(f, "{x}"),
            Arg::Text(s) => f.write_str(s),
            Arg::Nested(m) => m.fmt(f),
        }
    }
}

macro_rules! int_arg {
    ($($t:ty),*) => {$(
        impl From<&$t> for Arg {
            fn from(v: &$t) -> Self {
                // u64/usize above i64::MAX only come from hostile headers; the text shows them
                // saturated, and the English text (formatted from the value itself) stays exact.
                Arg::Int(i64::try_from(*v).unwrap_or(i64::MAX))
            }
        }
    )*};
}
int_arg!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);

impl From<&f32> for Arg {
    fn from(v: &f32) -> Self {
        // The shortest decimal that reads back as the f32 (0.3, not 0.30000001192092896).
        Arg::Float(v.to_string().parse().unwrap_or(f64::from(*v)))
    }
}

impl From<&f64> for Arg {
    fn from(v: &f64) -> Self {
        Arg::Float(*v)
    }
}

impl From<&String> for Arg {
    fn from(v: &String) -> Self {
        Arg::Text(v.clone())
    }
}

impl From<&&str> for Arg {
    fn from(v: &&str) -> Self {
        Arg::Text((*v).to_string())
    }
}

impl From<&&String> for Arg {
    fn from(v: &&String) -> Self {
        Arg::Text((*v).clone())
    }
}

impl From<&Cow<'_, str>> for Arg {
    fn from(v: &Cow<'_, str>) -> Self {
        Arg::Text(v.to_string())
    }
}

impl From<&Message> for Arg {
    fn from(v: &Message) -> Self {
        Arg::Nested(Box::new(v.clone()))
    }
}

/// An error inside a message: its path, offset and message, the message said in the outer
/// one's language.
impl From<&super::Error> for Arg {
    fn from(e: &super::Error) -> Self {
        Arg::Nested(Box::new(e.as_message()))
    }
}

impl From<&&Message> for Arg {
    fn from(v: &&Message) -> Self {
        Arg::from(*v)
    }
}

impl From<&&super::Error> for Arg {
    fn from(e: &&super::Error) -> Self {
        Arg::from(*e)
    }
}

impl From<&char> for Arg {
    fn from(v: &char) -> Self {
        Arg::Text(v.to_string())
    }
}

/// What the editor needs to say a message in another language: its id, its values, and the
/// text in front of it that is not part of the message (an item's path: names, never
/// translated).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Key {
    pub id: &'static str,
    pub args: Vec<(&'static str, Arg)>,
    pub prefix: String,
}

/// A message: the English text, and its id and values when it was written with `msg!`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Message {
    pub english: String,
    pub key: Option<Box<Key>>,
}

impl Message {
    /// A message with an id (what `msg!` expands to).
    pub fn keyed(id: &'static str, english: String, args: Vec<(&'static str, Arg)>) -> Self {
        Message { english, key: Some(Box::new(Key { id, args, prefix: String::new() })) }
    }

    /// The same message with `prefix` in front of its English text and kept apart in its key.
    pub fn prefixed(mut self, prefix: &str) -> Self {
        self.english.insert_str(0, prefix);
        if let Some(k) = &mut self.key {
            k.prefix.insert_str(0, prefix);
        }
        self
    }

    pub fn as_str(&self) -> &str {
        &self.english
    }
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&shown(&self.english, self.key.as_deref()))
    }
}

/// A message is its English text to a comparison with text (tests, and code that matches the
/// CLI's words).
impl PartialEq<&str> for Message {
    fn eq(&self, other: &&str) -> bool {
        self.english == *other
    }
}

impl From<String> for Message {
    fn from(english: String) -> Self {
        Message { english, key: None }
    }
}

impl From<&str> for Message {
    fn from(english: &str) -> Self {
        Message { english: english.to_string(), key: None }
    }
}

impl From<&String> for Message {
    fn from(english: &String) -> Self {
        Message { english: english.clone(), key: None }
    }
}

impl From<Cow<'_, str>> for Message {
    fn from(english: Cow<'_, str>) -> Self {
        Message { english: english.into_owned(), key: None }
    }
}

impl From<Message> for String {
    fn from(m: Message) -> Self {
        m.english
    }
}

/// `msg!("id", "English text with {name}", name = value, …)`: a [`Message`] whose English text
/// is the format string formatted with the named values (format specs such as `{size:#x}`
/// work), and whose id and values let the editor translate it. Every `{name}` the text shows is
/// one of the named values (the message tests check this, and that `i18n/ru/messages/` has the
/// id with the same names). The id is a literal so the tests find every message by reading the
/// sources.
#[macro_export]
macro_rules! msg {
    ($id:literal, $english:literal $(,)?) => {
        $crate::formats::message::Message::keyed($id, $crate::formats::message::in_english(|| ::std::format!($english)), ::std::vec::Vec::new())
    };
    ($id:literal, $english:literal, $($name:ident = $val:expr),+ $(,)?) => {{
        let english = $crate::formats::message::English::begin();
        // `i = i` is the usual case: the binding is what the format string captures.
        $(#[allow(clippy::redundant_locals)] let $name = $val;)+
        let text = ::std::format!($english);
        ::std::mem::drop(english);
        $crate::formats::message::Message::keyed($id, text, ::std::vec![$((stringify!($name), $crate::formats::message::Arg::from(&$name))),+])
    }};
}

/// An offset written the way every message shows one: `0x1F4`.
pub fn hex(offset: impl TryInto<u64>) -> String {
    format!("0x{:X}", offset.try_into().unwrap_or(u64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_is_formatted_and_the_values_are_kept() {
        let count = 3u32;
        let m = crate::msg!("test-entries", "{count} entries past {at}", count = count, at = hex(16u64));
        assert_eq!(m.english, "3 entries past 0x10");
        let k = m.key.as_deref().expect("keyed");
        assert_eq!(k.id, "test-entries");
        assert_eq!(k.args, vec![("count", Arg::Int(3)), ("at", Arg::Text("0x10".into()))]);
    }

    #[test]
    fn format_specs_and_expressions_work() {
        let v = [1u8, 2];
        let m = crate::msg!("test-spec", "{n:>4}|{x:.2}", n = v.len(), x = 1.5f32);
        assert_eq!(m.english, "   2|1.50");
        assert_eq!(m.key.expect("keyed").args[1], ("x", Arg::Float(1.5)));
        assert_eq!(Arg::from(&0.3f32), Arg::Float(0.3), "an f32 shows as it reads, not widened");
    }

    #[test]
    fn a_prefix_is_kept_apart() {
        let m = crate::msg!("test-plain", "bad magic").prefixed("STEEL › anim[3]: ");
        assert_eq!(m.english, "STEEL › anim[3]: bad magic");
        assert_eq!(m.key.expect("keyed").prefix, "STEEL › anim[3]: ");
        let plain = Message::from("no id").prefixed("x: ");
        assert_eq!((plain.english.as_str(), plain.key), ("x: no id", None));
    }

    #[test]
    fn a_message_inside_another_keeps_its_id_and_its_english() {
        let inner = crate::msg!("test-inner", "cut at {at}", at = hex(4u32));
        let outer = crate::msg!("test-outer", "entry A: {why}", why = &inner);
        assert_eq!(outer.english, "entry A: cut at 0x4");
        assert_eq!(outer.key.expect("keyed").args[0].1, Arg::Nested(Box::new(inner)));
        let e = crate::formats::Error::new(8u32, crate::msg!("test-err", "bad")).within("X");
        let Arg::Nested(m) = Arg::from(&e) else { panic!("an error nests") };
        assert_eq!(m.english, "X @0x8: bad");
        assert_eq!(m.key.expect("keyed").prefix, "X @0x8: ");
    }

    #[test]
    fn huge_unsigned_values_saturate_in_the_key_only() {
        let n = u64::MAX;
        let m = crate::msg!("test-huge", "{n}", n = n);
        assert_eq!(m.english, u64::MAX.to_string());
        assert_eq!(m.key.expect("keyed").args[0].1, Arg::Int(i64::MAX));
    }
}
