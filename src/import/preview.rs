//! What an import's preview draws with: the converted model's own table and the libraries as
//! the import would leave them, over whatever the model's place already has. The editor's
//! import dialog builds the converted model's scene (`scene::build_item`) through
//! [`Overlay`], so the preview shows the materials the game would find once it is confirmed.

use crate::doc::resolve::{AssetSource, Beside, Found, Library, MemoryAssets};
use crate::formats::bytes::SharedBytes;
use std::sync::Arc;

/// `files` (the new `.wea`, a library's new bytes) first, then `base`.
pub struct Overlay<B> {
    files: MemoryAssets,
    names: Vec<String>,
    base: B,
}

impl<B: AssetSource> Overlay<B> {
    pub fn new(base: B) -> Overlay<B> {
        Overlay { files: MemoryAssets::new(), names: Vec::new(), base }
    }

    /// Serves `bytes` under `name` (ASCII case-insensitively) before the base's file.
    pub fn with(mut self, name: &str, bytes: impl Into<SharedBytes>) -> Overlay<B> {
        self.files.add_file(name, bytes);
        self.names.push(name.to_ascii_lowercase());
        self
    }

    fn has(&self, name: &str) -> bool {
        self.names.iter().any(|n| n.eq_ignore_ascii_case(name))
    }
}

impl<B: AssetSource> AssetSource for Overlay<B> {
    fn library(&self, file_name: &str) -> Found<Arc<Library>> {
        if self.has(file_name) {
            return self.files.library(file_name);
        }
        self.base.library(file_name)
    }

    fn beside(&self, file_name: &str) -> Found<Beside> {
        if self.has(file_name) {
            return self.files.beside(file_name);
        }
        self.base.beside(file_name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_overlay_answers_first() {
        let base = MemoryAssets::from_files([("X.wea", b"1\r\n0 OLD\r\n".to_vec()), ("Other.wea", b"o".to_vec())]);
        let o = Overlay::new(base).with("x.WEA", b"1\r\n0 NEW\r\n".to_vec());
        assert_eq!(o.beside("X.wea").ok().unwrap().bytes.as_slice(), b"1\r\n0 NEW\r\n");
        assert_eq!(o.beside("Other.wea").ok().unwrap().bytes.as_slice(), b"o");
        assert!(o.library("Material.lib").ok().is_none());
    }
}
