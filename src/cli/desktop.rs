//! `install-desktop [--uninstall]`: registers the editor with the desktop for the current user,
//! as README's manual steps do (binary, MIME types, icons, desktop entry, default
//! application), so double-clicking `Material.lib` opens it. Everything goes under the XDG
//! user folders (`$XDG_DATA_HOME`, `$XDG_CONFIG_HOME`, `~/.local/bin`); nothing needs root.
//! The freedesktop caches are rebuilt with the system's own tools when they are installed;
//! a missing tool is a warning naming its Debian package. On Windows the same command writes
//! the file associations to the registry instead (desktop_windows.rs).
#![cfg_attr(windows, allow(dead_code))]

use super::output::outln;
use super::{Failure, Out};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

const DESKTOP_ID: &str = "parkan-studio.desktop";
const DESKTOP: &str = include_str!("../../assets/parkan-studio.desktop");
const MIME_XML: &str = include_str!("../../assets/parkan-studio-mime.xml");
const ICONS: [(u32, &[u8]); 3] = [
    (48, include_bytes!("../../assets/icons/parkan-studio-48.png")),
    (128, include_bytes!("../../assets/icons/parkan-studio-128.png")),
    (256, include_bytes!("../../assets/icons/parkan-studio-256.png")),
];

/// Where the per-user files go.
struct Places {
    bin: PathBuf,
    data: PathBuf,
    config: PathBuf,
}

impl Places {
    fn from_env() -> Result<Places, Failure> {
        let home = std::env::var_os("HOME").filter(|h| !h.is_empty()).map(PathBuf::from);
        let xdg = |var: &str, fallback: &str| -> Result<PathBuf, Failure> {
            // The XDG spec ignores relative values.
            match std::env::var_os(var).map(PathBuf::from).filter(|p| p.is_absolute()) {
                Some(p) => Ok(p),
                None => home.as_ref().map(|h| h.join(fallback)).ok_or_else(|| Failure::usage(format!("neither ${var} nor $HOME is set"))),
            }
        };
        let bin = home.as_ref().map(|h| h.join(".local/bin")).ok_or_else(|| Failure::usage("$HOME is not set"))?;
        Ok(Places { bin, data: xdg("XDG_DATA_HOME", ".local/share")?, config: xdg("XDG_CONFIG_HOME", ".config")? })
    }
    fn binary(&self) -> PathBuf {
        self.bin.join("parkan-studio")
    }
    fn mime_package(&self) -> PathBuf {
        self.data.join("mime/packages/parkan-studio.xml")
    }
    fn icon(&self, size: u32) -> PathBuf {
        self.data.join(format!("icons/hicolor/{size}x{size}/apps/parkan-studio.png"))
    }
    fn desktop(&self) -> PathBuf {
        self.data.join("applications").join(DESKTOP_ID)
    }
    fn mimeapps(&self) -> PathBuf {
        self.config.join("mimeapps.list")
    }
}

/// The MIME types the desktop entry lists.
pub fn mime_types() -> Vec<&'static str> {
    DESKTOP
        .lines()
        .find_map(|l| l.strip_prefix("MimeType="))
        .map(|v| v.split(';').filter(|t| !t.is_empty()).collect())
        .unwrap_or_default()
}

pub fn install_desktop(uninstall: bool) -> Out {
    #[cfg(windows)]
    return super::desktop_windows::install_desktop(uninstall);
    #[cfg(not(windows))]
    {
        let places = Places::from_env()?;
        if uninstall { remove(&places) } else { install(&places) }
    }
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir).map_err(|e| Failure::io(dir, e))?;
    }
    crate::doc::save::atomic_write(path, bytes).map_err(|e| Failure::io(path, e))?;
    outln!("wrote {}", path.display());
    Ok(())
}

fn install(places: &Places) -> Out {
    let exe = std::env::current_exe().map_err(|e| Failure::usage(format!("cannot tell where this program is: {e}")))?;
    let binary = places.binary();
    let same = fs::canonicalize(&exe).ok().is_some_and(|e| fs::canonicalize(&binary).is_ok_and(|b| b == e));
    if !same {
        fs::create_dir_all(&places.bin).map_err(|e| Failure::io(&places.bin, e))?;
        // Copied beside its place and renamed over it, so a running copy is never overwritten
        // in place; fs::copy keeps the executable mode.
        let tmp = places.bin.join(".parkan-studio.install.tmp");
        fs::copy(&exe, &tmp).and_then(|_| fs::rename(&tmp, &binary)).map_err(|e| {
            let _ = fs::remove_file(&tmp);
            Failure::io(&binary, e)
        })?;
        outln!("installed {}", binary.display());
    }
    write(&places.mime_package(), MIME_XML.as_bytes())?;
    refresh("update-mime-database", &[&places.data.join("mime")], "shared-mime-info");
    for (size, png) in ICONS {
        write(&places.icon(size), png)?;
    }
    write(&places.desktop(), desktop_entry(&binary).as_bytes())?;
    refresh("update-desktop-database", &[&places.data.join("applications")], "desktop-file-utils");
    let list = places.mimeapps();
    let old = read_or_empty(&list)?;
    write(&list, set_defaults(&old, &mime_types()).as_bytes())?;
    outln!("{DESKTOP_ID} opens {}", mime_types().join(", "));
    if !path_has(&places.bin) {
        eprintln!("note: {} is not on PATH; the desktop entry names the binary by its full path, but a shell will not find `parkan-studio`", places.bin.display());
    }
    Ok(0)
}

fn remove(places: &Places) -> Out {
    let mut files = vec![places.desktop(), places.mime_package()];
    files.extend(ICONS.iter().map(|(size, _)| places.icon(*size)));
    // The installed binary goes too, unless it is the one running.
    let exe = std::env::current_exe().ok().and_then(|e| fs::canonicalize(e).ok());
    if fs::canonicalize(places.binary()).ok() != exe {
        files.push(places.binary());
    }
    for f in &files {
        match fs::remove_file(f) {
            Ok(()) => outln!("removed {}", f.display()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(Failure::io(f, e)),
        }
    }
    let list = places.mimeapps();
    let old = read_or_empty(&list)?;
    let new = unset_defaults(&old, &mime_types());
    if new != old {
        write(&list, new.as_bytes())?;
    }
    if places.data.join("mime/packages").is_dir() {
        refresh("update-mime-database", &[&places.data.join("mime")], "shared-mime-info");
    }
    if places.data.join("applications").is_dir() {
        refresh("update-desktop-database", &[&places.data.join("applications")], "desktop-file-utils");
    }
    Ok(0)
}

fn read_or_empty(path: &Path) -> Result<String, Failure> {
    match fs::read_to_string(path) {
        Ok(s) => Ok(s),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(String::new()),
        Err(e) => Err(Failure::io(path, e)),
    }
}

fn path_has(dir: &Path) -> bool {
    std::env::var_os("PATH").is_some_and(|p| std::env::split_paths(&p).any(|d| d == dir))
}

/// Runs a cache tool; its absence or failure is a warning, since the files are in place and
/// the next run of the tool (any package install runs them) picks them up.
fn refresh(tool: &str, args: &[&Path], package: &str) {
    match Command::new(tool).args(args).output() {
        Ok(o) if o.status.success() => outln!("ran {tool}"),
        Ok(o) => eprintln!("warning: {tool} failed ({}): {}", o.status, String::from_utf8_lossy(&o.stderr).trim()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            eprintln!("warning: {tool} is not installed (Debian package {package}); the desktop will not see the change until it runs")
        }
        Err(e) => eprintln!("warning: {tool}: {e}"),
    }
}

/// The bundled desktop entry with `Exec` naming the installed binary by its full path, so the
/// desktop finds it whatever the session's PATH is.
fn desktop_entry(binary: &Path) -> String {
    let exec = format!("Exec={} %F", exec_quote(&binary.to_string_lossy()));
    DESKTOP.lines().map(|l| if l.starts_with("Exec=") { exec.as_str() } else { l }).collect::<Vec<_>>().join("\n") + "\n"
}

/// One argument of an `Exec` key (Desktop Entry spec, "The Exec key"): quoted when it holds
/// a reserved character, `"` `` ` `` `$` `\` escaped inside the quotes, `%` doubled, and then
/// every backslash doubled again by the string escaping that all values get.
fn exec_quote(arg: &str) -> String {
    let arg = arg.replace('%', "%%");
    let reserved = arg.chars().any(|c| c.is_whitespace() || "\"'\\><~|&;$*?#()`".contains(c));
    let quoted = if reserved {
        let mut q = String::from("\"");
        for c in arg.chars() {
            if "\"`$\\".contains(c) {
                q.push('\\');
            }
            q.push(c);
        }
        q.push('"');
        q
    } else {
        arg
    };
    quoted.replace('\\', "\\\\")
}

/// `mimeapps.list` with its first `[Default Applications]` group (as xdg-mime edits it)
/// naming this editor for `types`, at the group's end; every other line kept as it was.
fn set_defaults(list: &str, types: &[&str]) -> String {
    let mut lines: Vec<&str> = list.lines().collect();
    let ours: Vec<String> = types.iter().map(|t| format!("{t}={DESKTOP_ID}")).collect();
    let Some(header) = lines.iter().position(|l| section_name(l) == Some("Default Applications")) else {
        let mut out = list.trim_end().to_string();
        if !out.is_empty() {
            out.push_str("\n\n");
        }
        out.push_str("[Default Applications]\n");
        ours.iter().for_each(|l| out.extend([l.as_str(), "\n"]));
        return out;
    };
    let mut end = lines[header + 1..].iter().position(|l| section_name(l).is_some()).map_or(lines.len(), |i| header + 1 + i);
    let before = lines.len();
    let mut i = 0;
    lines.retain(|l| {
        let drop = i > header && i < end && key_of(l).is_some_and(|k| types.contains(&k));
        i += 1;
        !drop
    });
    end -= before - lines.len();
    while end > header + 1 && lines[end - 1].trim().is_empty() {
        end -= 1;
    }
    lines.splice(end..end, ours.iter().map(String::as_str));
    lines.join("\n") + "\n"
}

/// The reverse of [`set_defaults`]: drops `type=parkan-studio.desktop` lines for `types` (a
/// default the user changed to another program since stays).
fn unset_defaults(list: &str, types: &[&str]) -> String {
    let mut section = "";
    let kept: Vec<&str> = list
        .lines()
        .filter(|line| {
            if let Some(name) = section_name(line) {
                section = name;
                return true;
            }
            !(section == "Default Applications"
                && key_of(line).is_some_and(|k| types.contains(&k))
                && line.split_once('=').is_some_and(|(_, v)| v.trim().trim_end_matches(';') == DESKTOP_ID))
        })
        .collect();
    if kept.is_empty() { String::new() } else { kept.join("\n") + "\n" }
}

fn section_name(line: &str) -> Option<&str> {
    line.trim().strip_prefix('[')?.strip_suffix(']')
}

fn key_of(line: &str) -> Option<&str> {
    line.split_once('=').map(|(k, _)| k.trim())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_entry_lists_every_type_of_the_mime_package() {
        let types = mime_types();
        assert_eq!(types.len(), 6);
        for t in &types {
            assert!(MIME_XML.contains(&format!("type=\"{t}\"")), "{t} is not defined in the MIME package");
        }
    }

    #[test]
    fn exec_arguments_are_quoted_as_the_spec_says() {
        assert_eq!(exec_quote("/home/a/.local/bin/parkan-studio"), "/home/a/.local/bin/parkan-studio");
        assert_eq!(exec_quote("/home/a b/bin"), "\"/home/a b/bin\"");
        assert_eq!(exec_quote("/x/$y"), "\"/x/\\\\$y\"");
        assert_eq!(exec_quote("/x/100%"), "/x/100%%");
        let entry = desktop_entry(Path::new("/opt/p s/parkan-studio"));
        assert!(entry.contains("\nExec=\"/opt/p s/parkan-studio\" %F\n"), "{entry}");
        assert_eq!(entry.lines().count(), DESKTOP.lines().count());
    }

    #[test]
    fn defaults_are_set_and_unset_keeping_other_lines() {
        let types = ["a/x", "b/y"];
        assert_eq!(set_defaults("", &types), "[Default Applications]\na/x=parkan-studio.desktop\nb/y=parkan-studio.desktop\n");
        assert_eq!(set_defaults("[X]\nk=v\n", &["a/x"]), "[X]\nk=v\n\n[Default Applications]\na/x=parkan-studio.desktop\n");
        let list = "[Added Associations]\na/x=other.desktop;\n\n[Default Applications]\na/x=other.desktop\ntext/plain=gedit.desktop\n\n[Removed Associations]\nc/z=q.desktop\n";
        let set = set_defaults(list, &types);
        assert_eq!(
            set,
            "[Added Associations]\na/x=other.desktop;\n\n[Default Applications]\ntext/plain=gedit.desktop\na/x=parkan-studio.desktop\nb/y=parkan-studio.desktop\n\n[Removed Associations]\nc/z=q.desktop\n"
        );
        assert_eq!(set_defaults(&set, &types), set, "installing twice changes nothing");
        let unset = unset_defaults(&set, &types);
        assert!(!unset.contains("parkan-studio") && unset.contains("text/plain=gedit.desktop") && unset.contains("a/x=other.desktop;"), "{unset}");
        assert_eq!(unset_defaults("[Default Applications]\na/x=mine.desktop\n", &types), "[Default Applications]\na/x=mine.desktop\n");
    }
}
