//! File names for entry names: any name a directory row holds becomes a name every desktop
//! system can create, and no two files of one archive folder collide, even where the file
//! system ignores case (the manifest maps them back).

use std::collections::HashSet;

const RESERVED: [&str; 22] = [
    "con", "prn", "aux", "nul", "com1", "com2", "com3", "com4", "com5", "com6", "com7", "com8", "com9", "lpt1", "lpt2", "lpt3", "lpt4", "lpt5",
    "lpt6", "lpt7", "lpt8", "lpt9",
];

/// A name Windows and Unix both accept: forbidden characters and control characters become
/// `_`; a name that is empty, starts with '.' (the manifests are dot files), ends with a dot
/// or space, or is a reserved device name gets a leading `_`.
pub fn sanitize(name: &str) -> String {
    let mut s: String = name.chars().map(|c| if c.is_control() || "<>:\"/\\|?*".contains(c) { '_' } else { c }).collect();
    let stem = s.split('.').next().unwrap_or("").to_ascii_lowercase();
    if s.is_empty() || s.starts_with('.') || s.ends_with('.') || s.ends_with(' ') || RESERVED.contains(&stem.as_str()) {
        s.insert(0, '_');
    }
    s
}

/// Hands out bases whose files (`base + suffix`) collide with no file handed out before,
/// compared case-insensitively.
#[derive(Default)]
pub struct Taken {
    files: HashSet<String>,
}

impl Taken {
    pub fn claim(&mut self, name: &str, suffixes: &[&str]) -> String {
        let clean = sanitize(name);
        let mut base = clean.clone();
        let mut n = 1;
        while suffixes.iter().any(|s| self.files.contains(&format!("{base}{s}").to_lowercase())) {
            n += 1;
            base = format!("{clean}~{n}");
        }
        for s in suffixes {
            self.files.insert(format!("{base}{s}").to_lowercase());
        }
        base
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn odd_names_become_files() {
        assert_eq!(sanitize("a/b:c"), "a_b_c");
        assert_eq!(sanitize(".hidden"), "_.hidden");
        assert_eq!(sanitize("CON.txt"), "_CON.txt");
        assert_eq!(sanitize(""), "_");
        assert_eq!(sanitize("dot."), "_dot.");
        let mut t = Taken::default();
        assert_eq!(t.claim("A", &[".png"]), "A");
        assert_eq!(t.claim("a.png", &[""]), "a.png~2");
        assert_eq!(t.claim("a", &[".png"]), "a~2");
    }
}
