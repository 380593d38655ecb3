//! How the editor shows file system paths on screen: the log and the status line (through
//! [`text`]), the project's title and the inspector (through [`path`]). A folder can be shown
//! under another name ([`show_folder_as`]): the snapshot tests open their files in fresh
//! temporary folders and show each under a fixed name, so their pictures do not depend on
//! where the folder was made, and two runs at once never share a folder. With no folder
//! renamed (the editor as a user runs it) a path is shown as it is.

use std::borrow::Cow;
use std::path::Path;
use std::sync::{PoisonError, RwLock};

/// Each renamed folder as text, with the name it is shown under; longest first, so that a
/// folder inside another renamed one gets its own name.
static SHOWN_AS: RwLock<Vec<(String, String)>> = RwLock::new(Vec::new());

/// While it lives, the folder it was made for is shown under its other name.
#[must_use = "the folder is shown as it is again once this is dropped"]
pub struct ShownAs {
    real: String,
}

impl Drop for ShownAs {
    fn drop(&mut self) {
        let mut map = SHOWN_AS.write().unwrap_or_else(PoisonError::into_inner);
        if let Some(i) = map.iter().position(|(r, _)| *r == self.real) {
            map.remove(i);
        }
    }
}

/// Shows the folder `real` (and every path inside it) as `shown` until the guard is dropped.
pub fn show_folder_as(real: &Path, shown: &Path) -> ShownAs {
    let real = real.display().to_string();
    let mut map = SHOWN_AS.write().unwrap_or_else(PoisonError::into_inner);
    map.retain(|(r, _)| *r != real);
    map.push((real.clone(), shown.display().to_string()));
    map.sort_by_key(|(r, _)| std::cmp::Reverse(r.len()));
    ShownAs { real }
}

/// A message for the screen, with every renamed folder in it shown under its other name.
pub fn text(s: &str) -> Cow<'_, str> {
    let map = SHOWN_AS.read().unwrap_or_else(PoisonError::into_inner);
    let mut out = Cow::Borrowed(s);
    for (real, shown) in map.iter() {
        if out.contains(real.as_str()) {
            out = Cow::Owned(out.replace(real.as_str(), shown));
        }
    }
    out
}

/// A path as the screen shows it.
pub fn path(p: &Path) -> String {
    text(&p.display().to_string()).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_renamed_folder_is_shown_under_its_name_while_the_guard_lives() {
        let real = Path::new("/tmp/shown-path-test-a1b2");
        assert_eq!(path(&real.join("x.lib")), "/tmp/shown-path-test-a1b2/x.lib");
        {
            let _g = show_folder_as(real, Path::new("/fixed"));
            assert_eq!(path(&real.join("x.lib")), "/fixed/x.lib");
            assert_eq!(text("opened /tmp/shown-path-test-a1b2/x.lib (3 entries)"), "opened /fixed/x.lib (3 entries)");
            assert!(matches!(text("nothing to rename"), Cow::Borrowed(_)));
        }
        assert_eq!(path(&real.join("x.lib")), "/tmp/shown-path-test-a1b2/x.lib");
    }
}
