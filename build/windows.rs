//! The .exe's icon and version resource, on a Windows host building for Windows
//! (docs/packaging.md "Windows"). The icon is made from the editor's PNGs (build/ico.rs) into
//! OUT_DIR; winresource writes the .rc (with the version fields from Cargo.toml) and compiles
//! it with the Windows SDK's rc.exe (MSVC) or windres (GNU).

use std::path::{Path, PathBuf};

pub fn resources(manifest_dir: &Path) {
    let icons = manifest_dir.join("assets/icons");
    let read = |size: u32| -> Vec<u8> {
        let p = icons.join(format!("parkan-studio-{size}.png"));
        std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
    };
    let pngs: Vec<Vec<u8>> = [48, 128, 256].into_iter().map(read).collect();
    let refs: Vec<&[u8]> = pngs.iter().map(Vec::as_slice).collect();
    let ico = super::ico::ico_from_pngs(&refs).unwrap_or_else(|e| panic!("assets/icons: {e}"));
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("parkan-studio.ico");
    std::fs::write(&out, ico).unwrap_or_else(|e| panic!("{}: {e}", out.display()));

    let mut res = winresource::WindowsResource::new();
    // The icon with the lowest id is the one Explorer shows for the file.
    res.set_icon(&out.to_string_lossy());
    res.set("ProductName", "Parkan Studio");
    res.set("FileDescription", "Parkan Studio");
    res.set("LegalCopyright", "MIT OR Apache-2.0");
    if let Err(e) = res.compile() {
        // No resource compiler (a machine without the Windows SDK): the program still works,
        // without its icon and version tab; said rather than failing the build.
        println!("cargo:warning=Windows resources not embedded: {e}");
    }
}
