//! The one writer every command prints through. A reader that goes away (`list | head -1`)
//! ends the output quietly, as coreutils do: the rest is dropped, and the command finishes with
//! the exit code its work earned. Any other failure to write (a redirect onto a full disk) is an
//! I/O error, reported once at the end with exit code 2.

use std::io::{self, IsTerminal, Write};
use std::sync::Mutex;

enum State {
    /// Not written yet: the writer is made on first use, so a command that prints nothing
    /// never touches stdout.
    Unused,
    Open(Box<dyn Write + Send>),
    /// The reader closed the pipe.
    Closed,
    Failed(io::Error),
}

static STATE: Mutex<State> = Mutex::new(State::Unused);

/// Writes formatted text to stdout; use through [`outln!`].
pub fn write(args: std::fmt::Arguments) {
    let mut state = STATE.lock().unwrap_or_else(|p| p.into_inner());
    if let State::Unused = *state {
        let stdout = io::stdout();
        // A terminal sees each line as it comes; a pipe or a file gets it in large blocks.
        *state = if stdout.is_terminal() { State::Open(Box::new(stdout)) } else { State::Open(Box::new(io::BufWriter::with_capacity(1 << 16, stdout))) };
    }
    if let State::Open(w) = &mut *state
        && let Err(e) = w.write_fmt(args)
    {
        *state = ended(e);
    }
}

fn ended(e: io::Error) -> State {
    if e.kind() == io::ErrorKind::BrokenPipe { State::Closed } else { State::Failed(e) }
}

/// Flushes what is buffered. Returns the write error, if one other than a closed pipe
/// happened; afterwards the writer starts afresh (tests run commands in one process).
pub fn finish() -> Option<io::Error> {
    let mut state = STATE.lock().unwrap_or_else(|p| p.into_inner());
    let end = match std::mem::replace(&mut *state, State::Unused) {
        State::Open(mut w) => match w.flush() {
            Ok(()) => State::Unused,
            Err(e) => ended(e),
        },
        other => other,
    };
    match end {
        State::Failed(e) => Some(e),
        _ => None,
    }
}

/// `println!` for command output: goes through the one writer of this module.
macro_rules! outln {
    () => { $crate::cli::output::write(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::cli::output::write(format_args!("{}\n", format_args!($($arg)*))) };
}
pub(crate) use outln;
