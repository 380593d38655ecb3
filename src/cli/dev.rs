//! The hidden writers for working on the project, not on a game: every fixture variant, and
//! the bundled demo game folder.

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
