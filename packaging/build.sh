#!/usr/bin/env bash
# Builds both Linux artefacts from a checkout (docs/packaging.md):
#   OUT/parkan-studio_VERSION_ARCH.deb            (dpkg -i; dpkg -r takes it all back)
#   OUT/parkan-studio-VERSION-x86_64-linux.tar.gz (unpack anywhere; ./parkan-studio install-desktop)
# Usage: packaging/build.sh [OUT]   (OUT defaults to target/package)
#
# Needs: cargo (Rust 1.95), python3, dpkg-deb and dpkg-shlibdeps (dpkg-dev), gzip, tar, strip
# (binutils). The .deb is built from a staged tree with dpkg-deb rather than with cargo-deb, so
# CI needs no extra tool compiled first; the staging below is the whole of its configuration.
#
# For reproducible builds: SOURCE_DATE_EPOCH (the last commit's time when unset and git is there) dates
# the binary's build date, the man pages, every file in both artefacts and the archives' own
# headers.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"

out="${1:-target/package}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"

version="$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n1)"
[ -n "$version" ] || { echo "error: Cargo.toml: no package version" >&2; exit 2; }
if [ -z "${SOURCE_DATE_EPOCH:-}" ] && git -C "$root" rev-parse --show-toplevel >/dev/null 2>&1; then
  SOURCE_DATE_EPOCH="$(git -C "$root" log -1 --format=%ct)"
fi
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(date +%s)}"
for tool in cargo python3 dpkg-deb dpkg-shlibdeps gzip tar strip; do
  command -v "$tool" >/dev/null 2>&1 || { echo "error: $tool is not installed (docs/packaging.md lists what building the packages needs)" >&2; exit 2; }
done

host="$(rustc -vV | sed -n 's/^host: //p')"
arch="$(dpkg --print-architecture)"
case "$host" in
  x86_64-unknown-linux-gnu) triple_name="x86_64-linux" ;;
  aarch64-unknown-linux-gnu) triple_name="aarch64-linux" ;;
  *) echo "error: packaging is for Linux hosts; this one is $host (Windows: docs/packaging.md)" >&2; exit 2 ;;
esac

echo "== release build (parkan-studio $version, SOURCE_DATE_EPOCH=$SOURCE_DATE_EPOCH)"
cargo build --release --locked --bin parkan-studio
target_dir="$(cargo metadata --format-version 1 --no-deps --locked | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')"
binary="$target_dir/release/parkan-studio"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Files are written 0644 and folders 0755 whatever the caller's umask.
umask 022

stripped="$work/parkan-studio"
strip --strip-unneeded -o "$stripped" "$binary"
"$stripped" write-shell-files "$work/shell" >/dev/null
python3 packaging/third_party_licenses.py "$host" "$work/THIRD-PARTY-LICENSES.md" >/dev/null
metainfo="io.github.parkan_studio.ParkanStudio.metainfo.xml"

# ---------------------------------------------------------------- the .deb
pkg="parkan-studio_${version}_${arch}"
deb="$work/$pkg"
install -D -m 0755 "$stripped" "$deb/usr/bin/parkan-studio"
install -D -m 0644 assets/parkan-studio.desktop "$deb/usr/share/applications/parkan-studio.desktop"
install -D -m 0644 assets/parkan-studio-mime.xml "$deb/usr/share/mime/packages/parkan-studio.xml"
install -D -m 0644 "assets/$metainfo" "$deb/usr/share/metainfo/$metainfo"
for size in 48 128 256; do
  install -D -m 0644 "assets/icons/parkan-studio-$size.png" "$deb/usr/share/icons/hicolor/${size}x${size}/apps/parkan-studio.png"
done
install -D -m 0644 "$work/shell/completions/parkan-studio.bash" "$deb/usr/share/bash-completion/completions/parkan-studio"
install -D -m 0644 "$work/shell/completions/_parkan-studio" "$deb/usr/share/zsh/vendor-completions/_parkan-studio"
install -D -m 0644 "$work/shell/completions/parkan-studio.fish" "$deb/usr/share/fish/vendor_completions.d/parkan-studio.fish"
install -D -m 0644 "$work/shell/completions/_parkan-studio.ps1" "$deb/usr/share/parkan-studio/completions/_parkan-studio.ps1"
mkdir -p "$deb/usr/share/man/man1"
for page in "$work"/shell/man/*.1; do
  gzip -9n -c "$page" > "$deb/usr/share/man/man1/$(basename "$page").gz"
done
docs="$deb/usr/share/doc/parkan-studio"
mkdir -p "$docs"
gzip -9n -c README.md > "$docs/README.md.gz"
gzip -9n -c "$work/THIRD-PARTY-LICENSES.md" > "$docs/THIRD-PARTY-LICENSES.md.gz"
{
  printf 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\nUpstream-Name: parkan-studio\n\n'
  printf 'Files: *\nCopyright: The Parkan Studio contributors\nLicense: MIT or Apache-2.0\n'
  printf ' The crates linked into /usr/bin/parkan-studio, with their licences and licence texts,\n'
  printf ' are listed in /usr/share/doc/parkan-studio/THIRD-PARTY-LICENSES.md.gz.\n\n'
  printf 'License: MIT\n'; sed -e 's/^$/./' -e 's/^/ /' LICENSE-MIT
  printf '\nLicense: Apache-2.0\n On Debian systems the full text is in /usr/share/common-licenses/Apache-2.0.\n'
} > "$docs/copyright"

# The libraries the binary links (libc, libgcc, ALSA) as versioned dependencies of this
# distribution's packages; what wgpu and winit open at run time (Vulkan or GL drivers, the X11
# and Wayland client libraries) is recommended: the command line works without them.
shlib="$work/shlibdeps"
mkdir -p "$shlib/debian"
printf 'Source: parkan-studio\n\nPackage: parkan-studio\nArchitecture: any\n' > "$shlib/debian/control"
depends="$(cd "$shlib" && dpkg-shlibdeps -O -e"$deb/usr/bin/parkan-studio" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')"
[ -n "$depends" ] || { echo "error: dpkg-shlibdeps found no dependencies for the binary" >&2; exit 2; }
installed_kb="$(du -sk --apparent-size "$deb/usr" | cut -f1)"

mkdir -p "$deb/DEBIAN"
cat > "$deb/DEBIAN/control" <<EOF
Package: parkan-studio
Version: $version
Architecture: $arch
Maintainer: The Parkan Studio contributors
Installed-Size: $installed_kb
Depends: $depends
Recommends: mesa-vulkan-drivers | libgl1-mesa-dri, libvulkan1, libegl1, libxkbcommon0, libxkbcommon-x11-0, libx11-xcb1, libxcursor1, libxrandr2, libxi6, libwayland-client0, shared-mime-info, desktop-file-utils
Suggests: xdg-desktop-portal | zenity
Section: graphics
Priority: optional
Homepage: https://github.com/parkan-studio/parkan-studio
Description: asset editor for Parkan: Iron Strategy
 Parkan Studio edits the archives (NRes, RsLi), textures, materials, WEAR
 tables, models, sounds and fonts of the 1998 game Parkan: Iron Strategy,
 and views and exports S.T.A.L.K.E.R. level.geom files. Every file is written
 back losslessly. The same binary is a command-line tool for scripts.
EOF
# postinst only: a postrm would make dpkg keep the package's record (status "rc", its postrm
# and file list in /var/lib/dpkg/info) after `dpkg -r` until a purge. On removal the caches are
# rebuilt by the file triggers of shared-mime-info, desktop-file-utils and hicolor-icon-theme,
# which fire whenever files leave the folders they watch.
install -m 0755 packaging/deb/postinst "$deb/DEBIAN/postinst"
(cd "$deb" && find usr -type f | LC_ALL=C sort | xargs md5sum > DEBIAN/md5sums)
chmod 0644 "$deb/DEBIAN/md5sums" "$deb/DEBIAN/control"
find "$deb" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
dpkg-deb --root-owner-group -Zxz --build "$deb" "$out/$pkg.deb" >/dev/null

# ---------------------------------------------------------------- the archive
name="parkan-studio-$version-$triple_name"
tree="$work/$name"
install -D -m 0755 "$stripped" "$tree/parkan-studio"
install -m 0644 assets/parkan-studio.desktop assets/parkan-studio-mime.xml "assets/$metainfo" README.md LICENSE-MIT LICENSE-APACHE \
  "$work/THIRD-PARTY-LICENSES.md" "$tree/"
mkdir -p "$tree/icons" "$tree/completions" "$tree/man"
install -m 0644 assets/icons/parkan-studio-*.png "$tree/icons/"
install -m 0644 "$work"/shell/completions/* "$tree/completions/"
install -m 0644 "$work"/shell/man/*.1 "$tree/man/"
install -m 0644 packaging/INSTALL.txt "$tree/INSTALL.txt"
find "$tree" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" -C "$work" -cf - "$name" | gzip -9n > "$out/$name.tar.gz"

echo "== built"
ls -l "$out/$pkg.deb" "$out/$name.tar.gz" | awk '{printf "%10d bytes  %s\n", $5, $NF}'
