//! Manifest text as it is shown: a package's name, version, author and the like are the
//! package author's words, and a terminal obeys control characters in them (an ESC starts an
//! escape sequence, a CR or LF can forge a line of output). Everything a package or a journal
//! says is shown through [`shown`]: control characters, and the Unicode marks that reorder
//! text, as `\u{…}` escapes (`\n`, `\r`, `\t` for the three common ones).

use crate::formats::message::Message;
use std::borrow::Cow;
use std::fmt;
use std::io;
use std::path::Path;

/// True for a character that changes how the text around it is shown rather than being shown:
/// C0 and C1 controls, DEL, and the bidirectional formatting marks.
pub fn is_hidden(c: char) -> bool {
    c.is_control() || matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// `s` with every [`is_hidden`] character escaped; borrowed when there is none.
pub fn shown(s: &str) -> Cow<'_, str> {
    if !s.chars().any(is_hidden) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if is_hidden(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// As [`shown`], keeping line breaks: for free text shown in a window (a description), where a
/// new line cannot forge anything.
pub fn shown_multiline(s: &str) -> Cow<'_, str> {
    if !s.chars().any(|c| c != '\n' && is_hidden(c)) {
        return Cow::Borrowed(s);
    }
    Cow::Owned(s.split('\n').map(|l| shown(l).into_owned()).collect::<Vec<_>>().join("\n"))
}

/// Report lines as the command line prints them: their English text, one a line.
pub fn joined(lines: &[Message]) -> String {
    lines.iter().map(|l| l.english.as_str()).collect::<Vec<_>>().join("\n")
}

/// A message carried as an I/O error's payload: the error keeps its kind (what the commands
/// decide by) and shows the message through its `Display`, in the interface's language in the
/// editor and in English on the command line.
#[derive(Debug)]
pub struct Said(pub Message);

impl fmt::Display for Said {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for Said {}

/// An I/O error of `kind` saying `m`.
pub fn io_said(kind: io::ErrorKind, m: Message) -> io::Error {
    io::Error::new(kind, Said(m))
}

/// `path: error`, the error's text (the system's, or a message already shown) as a value.
pub fn on_path(path: impl fmt::Display, e: impl fmt::Display) -> Message {
    crate::msg!("mods-io-path", "{path}: {error}", path = path.to_string(), error = e.to_string())
}

/// `e` with the path it happened at in front, its kind and the system's text kept.
pub fn at_path(path: &Path, e: io::Error) -> io::Error {
    io_said(e.kind(), on_path(path.display(), &e))
}

/// The message an I/O error carries: its [`Said`] one, or its text as it is.
pub fn said(e: &io::Error) -> Message {
    match e.get_ref().and_then(|inner| inner.downcast_ref::<Said>()) {
        Some(Said(m)) => m.clone(),
        None => Message::from(e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_are_escaped_and_plain_text_is_borrowed() {
        assert!(matches!(shown("Gold walls — Золото"), Cow::Borrowed(_)));
        assert_eq!(shown("a\u{1b}[2Jb\r\ninstalled Fake"), "a\\u{1b}[2Jb\\r\\ninstalled Fake");
        assert_eq!(shown("x\u{202E}y\u{7f}\u{9b}"), "x\\u{202e}y\\u{7f}\\u{9b}");
        assert_eq!(shown_multiline("one\ntwo\u{1b}"), "one\ntwo\\u{1b}");
    }
}
