//! The material text of an unpacked tree (`unpack::material_text`): a modder's hand-edited file
//! that `pack` reads. Any UTF-8 text must give a material or an error whose line and column lie
//! inside the text; a material read back from its own text is the same material.

use crate::formats::mat0::Mat0;
use crate::unpack::material_text::{read, write};

pub fn parse(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match read(text) {
        Ok(m) => {
            let again = read(&write(&m.mat, m.attrs, "fuzz")).unwrap_or_else(|e| panic!("a written text does not read back: {e}"));
            assert_eq!(again.attrs, m.attrs);
            assert_eq!(again.mat.write().ok(), m.mat.write().ok(), "the material changed through its text");
        }
        Err(e) => {
            let lines = text.split('\n').count();
            assert!(e.line >= 1 && e.line <= lines.max(1), "line {} of {lines}: {e}", e.line);
            assert!(e.column >= 1, "column {}: {e}", e.column);
        }
    }
}

/// The text of every valid material the fixture writers make, as `unpack` writes it.
pub fn seeds() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for e in crate::fixtures::mat0::entries() {
        if let Ok(mat) = Mat0::parse(&e.payload, e.attrs[1]) {
            out.push(write(&mat, e.attrs, e.name).into_bytes());
        }
    }
    super::within_cap(out)
}
