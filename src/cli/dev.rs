//! The hidden writers for working on the project, not on a game: every fixture variant, the
//! bundled demo game folder, and a game folder of the shipped install's shape.

use super::output::outln;
use super::{Failure, Out};
use std::path::Path;

pub(super) fn write_fixtures(dir: &Path) -> Out {
    let n = crate::fixtures::files::write_all(dir).map_err(|e| Failure::io(dir, e))?;
    outln!("wrote {n} fixture files to {}", dir.display());
    Ok(0)
}

pub(super) fn write_demo(dir: &Path) -> Out {
    let n = crate::fixtures::demo::write_demo(dir).map_err(|e| Failure::io(dir, e))?;
    outln!("wrote {n} demo files to {}", dir.display());
    Ok(0)
}

pub(super) fn write_game(dir: &Path, small: bool, problems: bool) -> Out {
    use crate::fixtures::game::{GameSpec, write_game};
    let spec = if small { GameSpec::SMALL } else { GameSpec::SHIPPED };
    let spec = if problems { spec.with_problems() } else { spec };
    let w = write_game(dir, &spec).map_err(|e| Failure::io(dir, e))?;
    outln!("wrote {} files ({} bytes) to {}", w.files, w.bytes, dir.display());
    Ok(0)
}
