//! One error type for every parser: it carries the byte offset where reading failed and a path
//! of context (`Material.lib::STEEL › anim[3].keys[7]`), so that the CLI and the GUI can name
//! the file, the entry and the offset without each codec formatting its own messages.

use super::message::{Key, Message};
use std::fmt;

/// A parse or validation failure at a byte offset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// Byte offset within the bytes that were being parsed (the innermost item's bytes).
    pub offset: u64,
    /// Context from outermost to innermost, e.g. `["STEEL", "anim[3]", "keys[7]"]`.
    pub context: Vec<String>,
    /// The English text (what the CLI prints).
    pub message: String,
    /// The message's id and values when it was written with `msg!`: the editor shows it in the
    /// user's language.
    pub key: Option<Box<Key>>,
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    pub fn new(offset: impl TryInto<u64>, message: impl Into<Message>) -> Self {
        let Message { english, key } = message.into();
        Error { offset: offset.try_into().unwrap_or(u64::MAX), context: Vec::new(), message: english, key }
    }

    /// The message alone, with its id (without the context and offset `Display` adds).
    pub fn text(&self) -> Message {
        Message { english: self.message.clone(), key: self.key.clone() }
    }

    /// The error as `Display` writes it (`path @0x1F: message`), as a message that keeps its
    /// id: the path and offset go in front, apart from what a translation says.
    pub fn as_message(&self) -> Message {
        let at = if self.context.is_empty() { format!("@0x{:X}: ", self.offset) } else { format!("{} @0x{:X}: ", self.path(), self.offset) };
        self.text().prefixed(&at)
    }

    /// Adds an outer context element (the caller's view of where the failing item sits).
    pub fn within(mut self, ctx: impl Into<String>) -> Self {
        self.context.insert(0, ctx.into());
        self
    }

    /// Adds an outer context element and moves the offset into the caller's coordinates.
    pub fn at_base(mut self, base: u64, ctx: impl Into<String>) -> Self {
        self.offset = self.offset.saturating_add(base);
        self.context.insert(0, ctx.into());
        self
    }

    pub fn path(&self) -> String {
        self.context.join(" › ")
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The editor's translator, when installed, says the message in its language.
        let text = super::message::shown(&self.message, self.key.as_deref());
        if self.context.is_empty() {
            write!(f, "@0x{:X}: {text}", self.offset)
        } else {
            write!(f, "{} @0x{:X}: {text}", self.path(), self.offset)
        }
    }
}

impl std::error::Error for Error {}

/// How serious a diagnostic is. `Error` means the game would fail or misbehave.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Info,
    Warning,
    Error,
}

/// A finding that does not stop the file from opening (or, for `Error`, one that `check` fails on).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Diagnostic {
    pub severity: Severity,
    /// Byte offset within the item's bytes, when the finding has one.
    pub offset: Option<u64>,
    /// 1-based line and column for text formats (WEAR).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<u32>,
    /// The English text (what the CLI prints).
    pub message: String,
    /// The message's id and values when it was written with `msg!` (the JSON output names the id).
    #[serde(rename = "id", serialize_with = "id_only", skip_serializing_if = "Option::is_none")]
    pub key: Option<Box<Key>>,
}

pub(crate) fn id_only<S: serde::Serializer>(key: &Option<Box<Key>>, s: S) -> std::result::Result<S::Ok, S::Error> {
    match key {
        Some(k) => s.serialize_str(k.id),
        None => s.serialize_none(),
    }
}

impl Diagnostic {
    pub fn new(severity: Severity, offset: Option<u64>, message: impl Into<Message>) -> Self {
        let Message { english, key } = message.into();
        Diagnostic { severity, offset, line: None, column: None, message: english, key }
    }
    pub fn error(offset: impl TryInto<u64>, message: impl Into<Message>) -> Self {
        Self::new(Severity::Error, offset.try_into().ok(), message)
    }
    pub fn warning(offset: impl TryInto<u64>, message: impl Into<Message>) -> Self {
        Self::new(Severity::Warning, offset.try_into().ok(), message)
    }
    pub fn info(offset: impl TryInto<u64>, message: impl Into<Message>) -> Self {
        Self::new(Severity::Info, offset.try_into().ok(), message)
    }
    /// A diagnostic for text formats, positioned by line and column (both 1-based).
    pub fn at_line(severity: Severity, line: u32, column: u32, message: impl Into<Message>) -> Self {
        let Message { english, key } = message.into();
        Diagnostic { severity, offset: None, line: Some(line), column: Some(column), message: english, key }
    }

    /// The message alone, with its id.
    pub fn text(&self) -> Message {
        Message { english: self.message.clone(), key: self.key.clone() }
    }
    pub fn with_offset(mut self, offset: u64) -> Self {
        self.offset = Some(offset);
        self
    }
}

impl From<Error> for Diagnostic {
    fn from(e: Error) -> Self {
        let prefix = if e.context.is_empty() { String::new() } else { format!("{}: ", e.path()) };
        let message = Message { english: e.message, key: e.key }.prefixed(&prefix);
        Diagnostic::new(Severity::Error, Some(e.offset), message)
    }
}
