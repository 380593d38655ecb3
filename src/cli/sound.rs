//! Commands on sounds (docs/formats/wav.md): `export-wav` writes an entry as stored or decoded to
//! 16-bit PCM; `import-sound` replaces it with a WAV, FLAC, Ogg Vorbis or MP3 converted to the
//! entry's own kind.

use super::open::save;
use super::output::outln;
use super::{Failure, Out, open_item};
use crate::doc::{Edit, EditOp};
use crate::formats::readings::Readings;
use crate::formats::wav::convert::{Target, replace, to_pcm16};
use crate::formats::wav::{Wav, import::decode_any, is_wave};
use std::path::{Path, PathBuf};

/// The item's bytes, insisting that they are a sound.
fn sound_bytes(item: &str, r: &Readings) -> Result<(crate::doc::Workspace, crate::doc::ItemPath, Vec<u8>), Failure> {
    let (ws, path) = open_item(item, r)?;
    let bytes = ws.item_bytes(&path).map_err(|e| Failure::format(item, e))?.to_vec();
    if !is_wave(&bytes) {
        return Err(Failure::usage(format!("{item} is not a sound: its bytes do not start with RIFF/WAVE")));
    }
    Ok((ws, path, bytes))
}

pub fn export_wav(item: &str, out: &Path, pcm: bool, r: &Readings) -> Out {
    let (_, _, bytes) = sound_bytes(item, r)?;
    let data = if pcm {
        let w = Wav::parse(&bytes).map_err(|e| Failure::format(item, e))?;
        to_pcm16(&w).map_err(|e| Failure::format(item, e))?
    } else {
        bytes
    };
    std::fs::write(out, data).map_err(|e| Failure::io(out, e))?;
    Ok(0)
}

pub fn import_sound(item: &str, input: &Path, keep_format: bool, pcm: bool, out: Option<PathBuf>, r: &Readings) -> Out {
    if keep_format && pcm {
        return Err(Failure::usage("--keep-format and --pcm exclude each other"));
    }
    let src = std::fs::read(input).map_err(|e| Failure::io(input, e))?;
    let (mut ws, path, old) = sound_bytes(item, r)?;
    let entry = Wav::parse(&old).map_err(|e| Failure::format(item, e))?;
    let input_name = input.display().to_string();
    let new = if keep_format {
        if !is_wave(&src) {
            return Err(Failure::usage(format!("{input_name}: --keep-format stores a WAV as it is; this is not RIFF/WAVE")));
        }
        Wav::parse(&src).and_then(|w| w.decode().map(|_| ())).map_err(|e| Failure::format(&input_name, e))?;
        src
    } else {
        let sound = decode_any(&src, &input_name).map_err(|e| Failure::format(&input_name, e))?;
        replace(&entry, &sound, if pcm { Target::Pcm16 } else { Target::EntryKind }).map_err(|e| Failure::format(item, e))?
    };
    let info = Wav::parse(&new).and_then(|w| w.info()).map_err(|e| Failure::format(item, e))?;
    let edit = match path.parent() {
        Some((parent, index)) => Edit::new(parent.file, parent.entries, EditOp::ReplaceEntry { index, bytes: new.into() }),
        None => Edit::new(path.file, Vec::new(), EditOp::ReplaceNode { bytes: new.into() }),
    };
    ws.apply(edit).map_err(|e| Failure::format(item, e))?;
    let code = save(&mut ws, path.file, out)?;
    outln!("{item}: {}", info.summary());
    Ok(code)
}
