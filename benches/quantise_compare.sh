#!/bin/sh
# Format-0 import quality beside its peers (issue 15): 256x256 copies of ImageMagick's built-in
# images (and two more), `import-png` into a 256x256 format-0 texture, `export-png` back, PSNR
# against the source; pngquant (libimagequant) and ImageMagick's `-colors 256` as yardsticks.
# "blur" is the PSNR after a 1-pixel Gaussian blur of both images, the metric dithering is judged by.
# Not part of `cargo test`: it needs ImageMagick and pngquant, and skips cleanly without them.
#
#   benches/quantise_compare.sh [BINARY...]
#
# Each BINARY (default: target/release/parkan-studio, else target/debug/parkan-studio) gets its
# own columns, so an old build and a new one can be compared in one run.
set -eu

for tool in convert compare pngquant; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "quantise_compare: skipped, $tool is not installed (apt-get install imagemagick pngquant)"
    exit 0
  fi
done

root=$(cd "$(dirname "$0")/.." && pwd)
if [ $# -eq 0 ]; then
  if [ -x "$root/target/release/parkan-studio" ]; then
    set -- "$root/target/release/parkan-studio"
  elif [ -x "$root/target/debug/parkan-studio" ]; then
    set -- "$root/target/debug/parkan-studio"
  else
    echo "quantise_compare: skipped, no parkan-studio binary (cargo build --release)"
    exit 0
  fi
fi

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# An empty 256x256 one-level format-0 texture: header {"Texm", w, h, mips, flags4, flags5, unk6,
# format}, a 1024-byte palette, 65536 indices.
texm="$dir/empty.texm"
{
  printf 'Texm'
  printf '\000\001\000\000\000\001\000\000\001\000\000\000'
  head -c 16 /dev/zero
} >"$texm"
head -c $((1024 + 65536)) /dev/zero >>"$texm"

convert wizard: -resize 256x256! -alpha off "$dir/wizard.png"
convert rose: -resize 256x256! -alpha off "$dir/rose.png"
convert -seed 7 -size 256x256 plasma:fractal -alpha off "$dir/plasma.png"
convert granite: -resize 256x256! -alpha off "$dir/granite.png"

psnr() { # PSNR of $2 against $1 in dB, "inf" when identical
  compare -metric PSNR "$1" "$2" null: 2>&1 | awk '{print $1}'
}
blurred() { # the same after a 1-pixel Gaussian blur of both
  convert "$1" -gaussian-blur 0x1 "$dir/b1.png"
  convert "$2" -gaussian-blur 0x1 "$dir/b2.png"
  psnr "$dir/b1.png" "$dir/b2.png"
}

header="image"
for bin in "$@"; do header="$header | $(basename "$bin") | +dither | +dither blur | nodither blur"; done
header="$header | IM +dither | IM FS | IM FS blur | pngquant nofs | pngquant FS | pngquant FS blur"
echo "$header"
for name in wizard rose plasma granite; do
  src="$dir/$name.png"
  row="$name"
  for bin in "$@"; do
    "$bin" import-png "$texm" "$src" -o "$dir/t.texm" 2>/dev/null
    "$bin" export-png "$dir/t.texm" "$dir/ours.png"
    "$bin" import-png "$texm" "$src" --dither -o "$dir/td.texm" 2>/dev/null
    "$bin" export-png "$dir/td.texm" "$dir/oursd.png"
    row="$row | $(psnr "$src" "$dir/ours.png") | $(psnr "$src" "$dir/oursd.png") | $(blurred "$src" "$dir/oursd.png") | $(blurred "$src" "$dir/ours.png")"
  done
  convert "$src" +dither -colors 256 "$dir/im.png"
  convert "$src" -dither FloydSteinberg -colors 256 "$dir/imd.png"
  pngquant --nofs --speed 1 --force --output "$dir/pq.png" 256 "$src"
  pngquant --speed 1 --force --output "$dir/pqd.png" 256 "$src"
  row="$row | $(psnr "$src" "$dir/im.png") | $(psnr "$src" "$dir/imd.png") | $(blurred "$src" "$dir/imd.png")"
  row="$row | $(psnr "$src" "$dir/pq.png") | $(psnr "$src" "$dir/pqd.png") | $(blurred "$src" "$dir/pqd.png")"
  echo "$row"
done
