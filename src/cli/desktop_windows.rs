//! `install-desktop [--uninstall]` on Windows (docs/packaging.md "Windows"): the binary copied
//! to `%LOCALAPPDATA%\Programs\Parkan Studio`, and the file associations written for the
//! current user under `HKCU\Software\Classes` with Windows' own `reg.exe`, so nothing needs
//! administrator rights and no registry crate is linked. The NSIS installer
//! (packaging/windows/parkan-studio.nsi) writes the same keys for all users.
//!
//! Which keys is decided by [`registry_plan`], a plain function compiled and tested on every
//! platform; only running `reg.exe` and telling Explorer are Windows-only. An extension other
//! programs also use (`.lib` is an MSVC import library, `.msh` and `.geom` are not ours alone)
//! only gains an "Open with" entry; one that is ours alone (`.rlb`, `.wea`, `.parkanmod`) also
//! becomes the default, as the MIME package's globs and weights say on Linux.

use std::path::Path;

const CLASSES: &str = r"HKCU\Software\Classes";

/// A file type: its ProgID, the name Explorer shows, and its extensions with whether the
/// extension is ours alone (then this program becomes its default).
pub struct FileType {
    pub prog_id: &'static str,
    pub name: &'static str,
    pub extensions: &'static [(&'static str, bool)],
}

/// The types of assets/parkan-studio-mime.xml that have an extension (a Texm texture is told by
/// its magic only, which Windows cannot do).
pub const TYPES: [FileType; 4] = [
    FileType { prog_id: "ParkanStudio.Archive", name: "Parkan archive", extensions: &[(".lib", false), (".rlb", true), (".msh", false)] },
    FileType { prog_id: "ParkanStudio.Wear", name: "Parkan WEAR material table", extensions: &[(".wea", true)] },
    FileType { prog_id: "ParkanStudio.Geom", name: "S.T.A.L.K.E.R. level geometry", extensions: &[(".geom", false)] },
    FileType { prog_id: "ParkanStudio.Mod", name: "Parkan Studio mod package", extensions: &[(".parkanmod", true)] },
];

/// One `reg.exe` call: `add` a value (None = the key's default value) or `delete` a key or value.
#[derive(Debug, PartialEq, Eq)]
pub enum RegOp {
    Add { key: String, value: Option<String>, data: String },
    DeleteKey { key: String },
    DeleteValue { key: String, value: String },
    /// Delete the key's default value if it still names `data` (a default the user gave to
    /// another program since stays).
    DeleteDefaultIf { key: String, data: String },
}

impl RegOp {
    /// The `reg.exe` arguments (`/f`: no confirmation prompt).
    pub fn args(&self) -> Vec<String> {
        let s = |x: &str| x.to_string();
        match self {
            RegOp::Add { key, value: Some(v), data } => vec![s("add"), key.clone(), s("/v"), v.clone(), s("/t"), s("REG_SZ"), s("/d"), data.clone(), s("/f")],
            RegOp::Add { key, value: None, data } => vec![s("add"), key.clone(), s("/ve"), s("/t"), s("REG_SZ"), s("/d"), data.clone(), s("/f")],
            RegOp::DeleteKey { key } => vec![s("delete"), key.clone(), s("/f")],
            RegOp::DeleteValue { key, value } => vec![s("delete"), key.clone(), s("/v"), value.clone(), s("/f")],
            RegOp::DeleteDefaultIf { key, .. } => vec![s("delete"), key.clone(), s("/ve"), s("/f")],
        }
    }
}

/// The registry writes that register `exe` (install) or take it back (uninstall).
pub fn registry_plan(exe: &Path, uninstall: bool) -> Vec<RegOp> {
    let exe = exe.display().to_string();
    // `reg add /d` takes the data as one argument; inside it the quotes are part of the command
    // line Explorer runs, so a path with spaces stays one argument.
    let open = format!("\"{exe}\" \"%1\"");
    let icon = format!("\"{exe}\",0");
    let app = format!(r"{CLASSES}\Applications\parkan-studio.exe");
    let mut ops = Vec::new();
    for t in &TYPES {
        let prog = format!(r"{CLASSES}\{}", t.prog_id);
        if uninstall {
            ops.push(RegOp::DeleteKey { key: prog });
        } else {
            ops.push(RegOp::Add { key: prog.clone(), value: None, data: t.name.to_string() });
            ops.push(RegOp::Add { key: format!(r"{prog}\DefaultIcon"), value: None, data: icon.clone() });
            ops.push(RegOp::Add { key: format!(r"{prog}\shell\open\command"), value: None, data: open.clone() });
        }
        for (ext, ours) in t.extensions {
            let key = format!(r"{CLASSES}\{ext}");
            if uninstall {
                ops.push(RegOp::DeleteValue { key: format!(r"{key}\OpenWithProgids"), value: t.prog_id.to_string() });
                if *ours {
                    ops.push(RegOp::DeleteDefaultIf { key, data: t.prog_id.to_string() });
                }
            } else {
                ops.push(RegOp::Add { key: format!(r"{key}\OpenWithProgids"), value: Some(t.prog_id.to_string()), data: String::new() });
                if *ours {
                    ops.push(RegOp::Add { key, value: None, data: t.prog_id.to_string() });
                }
            }
        }
    }
    if uninstall {
        ops.push(RegOp::DeleteKey { key: app });
    } else {
        ops.push(RegOp::Add { key: format!(r"{app}\shell\open\command"), value: None, data: open });
        ops.push(RegOp::Add { key: app.clone(), value: Some("FriendlyAppName".into()), data: "Parkan Studio".into() });
        for t in &TYPES {
            for (ext, _) in t.extensions {
                ops.push(RegOp::Add { key: format!(r"{app}\SupportedTypes"), value: Some(ext.to_string()), data: String::new() });
            }
        }
    }
    ops
}

#[cfg(windows)]
pub use run::install_desktop;

#[cfg(windows)]
mod run {
    use super::super::output::outln;
    use super::super::{Failure, Out};
    use super::{RegOp, registry_plan};
    use std::fs;
    use std::path::PathBuf;
    use std::process::Command;

    fn install_dir() -> Result<PathBuf, Failure> {
        std::env::var_os("LOCALAPPDATA")
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
            .map(|p| p.join("Programs").join("Parkan Studio"))
            .ok_or_else(|| Failure::usage("%LOCALAPPDATA% is not set"))
    }

    pub fn install_desktop(uninstall: bool) -> Out {
        let dir = install_dir()?;
        let binary = dir.join("parkan-studio.exe");
        let exe = std::env::current_exe().map_err(|e| Failure::usage(format!("cannot tell where this program is: {e}")))?;
        let same = fs::canonicalize(&exe).ok().is_some_and(|e| fs::canonicalize(&binary).is_ok_and(|b| b == e));
        if !uninstall && !same {
            fs::create_dir_all(&dir).map_err(|e| Failure::io(&dir, e))?;
            let tmp = dir.join("parkan-studio.install.tmp");
            fs::copy(&exe, &tmp).and_then(|_| fs::rename(&tmp, &binary)).map_err(|e| {
                let _ = fs::remove_file(&tmp);
                Failure::io(&binary, e)
            })?;
            outln!("installed {}", binary.display());
        }
        for op in registry_plan(&binary, uninstall) {
            if let RegOp::DeleteDefaultIf { key, data } = &op {
                let q = Command::new("reg").args(["query", key, "/ve"]).output();
                if !q.is_ok_and(|o| o.status.success() && String::from_utf8_lossy(&o.stdout).contains(data.as_str())) {
                    continue;
                }
            }
            let out = Command::new("reg").args(op.args()).output().map_err(|e| Failure::usage(format!("reg.exe: {e}")))?;
            // Deleting what is not there (a second --uninstall) is not a failure.
            let deleting = !matches!(op, RegOp::Add { .. });
            if !out.status.success() && !deleting {
                return Err(Failure::usage(format!("reg {}: {}", op.args().join(" "), String::from_utf8_lossy(&out.stderr).trim())));
            }
        }
        if uninstall && !same {
            match fs::remove_file(&binary) {
                Ok(()) => outln!("removed {}", binary.display()),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(Failure::io(&binary, e)),
            }
        }
        assoc_changed();
        outln!("{} the file associations under HKCU\\Software\\Classes", if uninstall { "removed" } else { "wrote" });
        Ok(0)
    }

    /// Tells Explorer the associations changed, so icons and "Open with" update without a
    /// sign-out.
    fn assoc_changed() {
        #[link(name = "shell32")]
        unsafe extern "system" {
            fn SHChangeNotify(event_id: i32, flags: u32, item1: *const core::ffi::c_void, item2: *const core::ffi::c_void);
        }
        const SHCNE_ASSOCCHANGED: i32 = 0x0800_0000;
        const SHCNF_IDLIST: u32 = 0;
        // SAFETY: SHCNE_ASSOCCHANGED takes no items; both pointers are null as documented.
        unsafe { SHChangeNotify(SHCNE_ASSOCCHANGED, SHCNF_IDLIST, std::ptr::null(), std::ptr::null()) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn install_registers_every_type_and_uninstall_takes_back_the_same_keys() {
        let exe = Path::new(r"C:\Users\A B\AppData\Local\Programs\Parkan Studio\parkan-studio.exe");
        let install = registry_plan(exe, false);
        let open = RegOp::Add {
            key: r"HKCU\Software\Classes\ParkanStudio.Archive\shell\open\command".into(),
            value: None,
            data: format!("\"{}\" \"%1\"", exe.display()),
        };
        assert!(install.contains(&open), "{install:?}");
        // .lib is shared with MSVC import libraries: an Open-with entry, never the default.
        assert!(install.contains(&RegOp::Add { key: r"HKCU\Software\Classes\.lib\OpenWithProgids".into(), value: Some("ParkanStudio.Archive".into()), data: String::new() }));
        assert!(!install.iter().any(|op| matches!(op, RegOp::Add { key, value: None, .. } if key == r"HKCU\Software\Classes\.lib")));
        assert!(install.contains(&RegOp::Add { key: r"HKCU\Software\Classes\.parkanmod".into(), value: None, data: "ParkanStudio.Mod".into() }));
        let uninstall = registry_plan(exe, true);
        for t in &TYPES {
            assert!(uninstall.contains(&RegOp::DeleteKey { key: format!(r"HKCU\Software\Classes\{}", t.prog_id) }));
            for (ext, ours) in t.extensions {
                assert!(uninstall.contains(&RegOp::DeleteValue { key: format!(r"HKCU\Software\Classes\{ext}\OpenWithProgids"), value: t.prog_id.into() }));
                assert_eq!(uninstall.contains(&RegOp::DeleteDefaultIf { key: format!(r"HKCU\Software\Classes\{ext}"), data: t.prog_id.into() }), *ours);
            }
        }
        assert_eq!(open.args()[..2], ["add".to_string(), r"HKCU\Software\Classes\ParkanStudio.Archive\shell\open\command".to_string()]);
        assert_eq!(RegOp::DeleteKey { key: "K".into() }.args(), ["delete", "K", "/f"]);
    }

    #[test]
    fn the_extensions_are_the_mime_package_globs() {
        let xml = include_str!("../../assets/parkan-studio-mime.xml");
        for t in &TYPES {
            for (ext, _) in t.extensions {
                assert!(xml.contains(&format!("pattern=\"*{ext}\"")), "{ext} is not a glob of assets/parkan-studio-mime.xml");
            }
        }
    }
}
