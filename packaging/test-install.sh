#!/usr/bin/env bash
# CI's packaging step (.ci/run; docs/packaging.md): build both artefacts, install the .deb on
# this machine as a user would, run it, validate what it installed with the desktop's own
# validators, remove it and check that nothing is left; then run the archive's copy.
# Needs root (or sudo) for dpkg, and desktop-file-utils, appstream, dpkg-dev, python3.
set -euo pipefail
cd "$(dirname "$0")/.."
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
out="${1:-target/package}"

start=$(date +%s)
packaging/build.sh "$out"
built=$(date +%s)
deb="$(ls -t "$out"/parkan-studio_*.deb | head -n1)"
tarball="$(ls -t "$out"/parkan-studio-*-linux.tar.gz | head -n1)"

if dpkg-query -W -f='${Status}' parkan-studio 2>/dev/null | grep -q installed; then
  echo "error: parkan-studio is already installed here; remove it first so the before/after comparison means something" >&2
  exit 1
fi
# What is on the machine before: the folders a package writes to, and dpkg's own records.
snapshot() { find /usr /etc /var/lib/dpkg/info -xdev \( -type f -o -type l \) 2>/dev/null | LC_ALL=C sort; }
before="$(mktemp)"; after="$(mktemp)"
trap 'rm -f "$before" "$after"' EXIT
snapshot > "$before"

echo "== dpkg -i $deb"
$SUDO dpkg -i "$deb"
fail() { echo "error: $*" >&2; $SUDO dpkg -r parkan-studio >/dev/null 2>&1 || true; exit 1; }

[ "$(command -v parkan-studio)" = /usr/bin/parkan-studio ] || fail "parkan-studio is not /usr/bin/parkan-studio on PATH"
version="$(parkan-studio --version)"
echo "$version"
case "$version" in
  "parkan-studio "[0-9]*" (commit "*", built "[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]")") ;;
  *) fail "--version says '$version', not 'parkan-studio VERSION (commit HASH, built DATE)'" ;;
esac
# README, "The demo folder": assets/demo; its stalker/level has a bad range on purpose, so
# check reports that one error and exits 1 (2 would be a usage or I/O error, anything else a crash).
rc=0
report="$(parkan-studio check assets/demo 2>&1)" || rc=$?
errors="$(printf '%s\n' "$report" | grep -c '^ *error:' || true)"
if [ "$rc" -ne 1 ] || [ "$errors" -ne 1 ] || ! printf '%s\n' "$report" | grep -q 'error: assets/demo/stalker/level .*visual 7'; then
  printf '%s\n' "$report" | tail -n 20 >&2
  fail "parkan-studio check assets/demo: exit $rc with $errors errors; README says exit 1 with the one error of stalker/level's visual 7"
fi
echo "check assets/demo: $(printf '%s\n' "$report" | tail -n 1)"
desktop-file-validate /usr/share/applications/parkan-studio.desktop || fail "desktop-file-validate"
appstreamcli validate --no-net /usr/share/metainfo/io.github.parkan_studio.ParkanStudio.metainfo.xml || fail "appstreamcli validate"
# The installed MIME package is the one the desktop reads: the database knows the types.
if command -v update-mime-database >/dev/null 2>&1; then
  [ -f /usr/share/mime/application/x-parkan-nres.xml ] || fail "the MIME database does not know application/x-parkan-nres after install"
fi
for f in /usr/share/man/man1/parkan-studio.1.gz /usr/share/man/man1/parkan-studio-list.1.gz \
  /usr/share/bash-completion/completions/parkan-studio /usr/share/zsh/vendor-completions/_parkan-studio \
  /usr/share/fish/vendor_completions.d/parkan-studio.fish /usr/share/icons/hicolor/256x256/apps/parkan-studio.png \
  /usr/share/doc/parkan-studio/copyright /usr/share/doc/parkan-studio/THIRD-PARTY-LICENSES.md.gz; do
  [ -f "$f" ] || fail "$f is not installed"
done
echo "installed files: ok"

echo "== dpkg -r parkan-studio"
$SUDO dpkg -r parkan-studio
snapshot > "$after"
if ! diff -u "$before" "$after"; then
  echo "error: the file lists of /usr, /etc and /var/lib/dpkg/info differ after dpkg -r (above: + is left behind, - is gone)" >&2
  exit 1
fi
echo "removed: nothing left behind"

echo "== the archive $tarball"
unpacked="$(mktemp -d)"
home="$(mktemp -d)"
trap 'rm -f "$before" "$after"; rm -rf "$unpacked" "$home"' EXIT
tar -xzf "$tarball" -C "$unpacked"
dir="$(ls -d "$unpacked"/parkan-studio-*)"
"$dir/parkan-studio" --version
for f in parkan-studio.desktop parkan-studio-mime.xml io.github.parkan_studio.ParkanStudio.metainfo.xml README.md \
  LICENSE-MIT LICENSE-APACHE THIRD-PARTY-LICENSES.md INSTALL.txt icons/parkan-studio-256.png man/parkan-studio.1 \
  completions/parkan-studio.bash completions/_parkan-studio completions/parkan-studio.fish completions/_parkan-studio.ps1; do
  [ -f "$dir/$f" ] || { echo "error: the archive has no $f" >&2; exit 1; }
done
desktop-file-validate "$dir/parkan-studio.desktop"
HOME="$home" XDG_DATA_HOME="$home/.local/share" XDG_CONFIG_HOME="$home/.config" "$dir/parkan-studio" install-desktop >/dev/null
[ -x "$home/.local/bin/parkan-studio" ] && [ -f "$home/.local/share/applications/parkan-studio.desktop" ] \
  || { echo "error: install-desktop from the archive did not register the copy" >&2; exit 1; }
HOME="$home" XDG_DATA_HOME="$home/.local/share" XDG_CONFIG_HOME="$home/.config" "$dir/parkan-studio" install-desktop --uninstall >/dev/null
[ ! -e "$home/.local/bin/parkan-studio" ] || { echo "error: install-desktop --uninstall left the binary" >&2; exit 1; }
echo "archive: ok"

end=$(date +%s)
echo "== packaging step: $((end - start)) s ($((built - start)) s building the artefacts, $((end - built)) s installing and checking)"
ls -l "$deb" "$tarball" | awk '{printf "%10d bytes  %s\n", $5, $NF}'
