# texture
tex-header = Header
tex-size = Size
tex-format = Format
tex-format-known = { $name } ({ $n ->
    [one] { $n } byte
   *[other] { $n } bytes
    } per texel)
tex-format-unknown = { $format } (unknown: the game cannot load it)
tex-mip-levels = Mip levels
tex-unk6-note = exporter colour; nothing reads it
tex-mip-skip = Runtime mip-skip
tex-mip-skip-value = { $skip }: the game loads { $size }, { $n ->
    [one] { $n } level
   *[other] { $n } levels
}
tex-runtime-surface = Runtime surface
tex-alpha-surface = Alpha surface
tex-alpha-index0 = yes: palette index 0 is transparent
tex-byte-size = Byte size
tex-byte-size-value = { $size } (Page tail { $tail })
tex-interpretation = Interpretation
tex-reading-irrelevant = does not change this texture
tex-external-palette = External palette
tex-greyscale = greyscale
tex-external-palette-tip = The palette format 2 indexes into (an open .PAL entry or file)
tex-palette = Palette
tex-palette-hint = Hover a swatch to highlight its texels; click to keep it highlighted.
tex-palette-index = palette index { $i }
tex-index-none = index –
tex-index-line = index { $i }: RGBA { $rgba } · { $n ->
    [one] { $n } texel
   *[other] { $n } texels
    } on this level
tex-clear-highlight = Clear highlight
tex-page-rects = Page rects
tex-no-page = No Page tail: the runtime uses the whole texture (rect 0).
tex-runtime-rects = Runtime view: values after the mip-skip. Switch to Stored to edit.
tex-cell = cell
tex-runtime-uv = runtime px · UV
tex-cell-tip = cell { $i }: the number a material's cell byte selects this rect by
tex-width = width
tex-height = height
tex-rect-field = rect { $i } { $field }
tex-remove = remove
tex-remove-tip = Remove this rect
tex-add-rect = Add rect
tex-add-rect-tip = Append a rect (a quarter of the texture at the top left)
tex-cannot-decode = This texture cannot be decoded: { $error }
tex-cannot-decode-hint = The Hex and Raw fields views show its bytes; Replace… writes a new image over it.
tex-stored = Stored
tex-stored-tip = Every stored level, alpha as stored (what Export writes)
tex-runtime = Runtime
tex-runtime-tip = What the game draws: mip-skip, index-0 transparency, profile flags
tex-force16 = Force 16-bit
tex-force16-tip = The profile's "Force 16-bit textures": 4444 with alpha, else 565
tex-disable-mipmap-tip = The profile's DisableMipmap: the top level only
tex-ignore-page = Ignore Page
tex-ignore-page-tip = Load flags without 0x400000: the Page tail is not read
tex-mip = Mip
tex-mip-tip = Mip level (Page Up / Page Down)
tex-larger-tip = Larger level (Page Up)
tex-smaller-tip = Smaller level (Page Down)
tex-zoom-out-tip = Zoom out (-)
tex-zoom-in-tip = Zoom in (+)
tex-actual-size-tip = Actual size (1)
tex-fit = Fit
tex-fit-tip = Fit to the view (0, or double-click the image)
tex-red-tip = Red channel
tex-green-tip = Green channel
tex-blue-tip = Blue channel
tex-alpha-tip = Alpha: off draws every texel opaque
tex-alpha-only = A only
tex-alpha-only-tip = Show the alpha channel as grey
tex-grid = Grid
tex-grid-tip = Pixel grid from 8× zoom (G)
tex-details = Details
tex-details-tip = The header, palette and Page rects (D)
tex-replace = Replace…
tex-replace-tip = Replace the image from a PNG (or drop one on the image)
tex-export = Export
tex-export-level = Export level { $level } as PNG…
tex-export-all = Export every level as PNG…
tex-stored-bytes = stored { $bytes }
tex-index = index { $i }
tex-point-hint = Point at the image to read a texel. Wheel: zoom · drag: pan · double-click: fit
tex-level-tip = level { $i }: { $size }
tex-pick-image = Replace Texture From
tex-pick-export-level = Export Level
tex-pick-export-all = Export Every Level Into
view-texture = Texture
tex-edit-external-title = Edit in External Program
tex-open-tab-first = open { $address } in its tab first
tex-replace-title = Replace
tex-export-title = Export
tex-exported = exported { $n ->
    [one] { $n } level
   *[other] { $n } levels
    } of { $address } to { $to }
external-editing = Editing in an external program
external-waiting = waiting for a save; each save replaces the { $what } (one undo step)
external-saves = { $n ->
    [one] { $n } save taken
   *[other] { $n } saves taken
}
external-stop = Stop Watching
external-stop-tip = Later saves of the file are no longer taken (closing the tab stops too)
external-what-texture = texture
external-what-material = material
imp-undo = Replace the image of { $address } from { $source }
imp-replaced = replaced the image of { $address } from { $source }
imp-heading = Replace { $name }
imp-from = from { $source } ({ $size })
imp-keep = keep ({ $format })
imp-format-tip = The pixel format the texture is written in
imp-choose-colours = Choose the colours (exact when few, else k-means)
imp-keep-palette = Keep the texture's palette (nearest colour)
imp-dither = Dither (Floyd–Steinberg)
imp-mip-filter = Mip filter
imp-box = Box (as shipped)
imp-smooth = Smooth
imp-scale-image = Scale the image to { $size }
imp-resize-texture = Resize the texture to { $size }
imp-what-happens = What happens
imp-converting = converting…
imp-replace = Replace
imp-replace-tip = Replace the texture (Enter); Ctrl+Z undoes it
imp-converting-image = converting the { $size } image…
imp-psnr = PSNR { $psnr } dB · blurred { $blurred } dB
imp-before = Before
imp-no-dither = No dither
imp-dithered = Dithered
imp-after = After
imp-use-this = Use this one
imp-cannot-convert = cannot convert
imp-exact = exact
imp-plan-scaled = the { $image } image is scaled to the texture's { $texture }
imp-plan-resized = the texture becomes { $image } (was { $texture })
imp-plan-format = format { $old } becomes { $new }
imp-plan-format-kept = format kept: { $format }
imp-plan-smooth = smooth
imp-plan-box = shipped box
imp-plan-mips = { $n ->
    [one] { $n } mip level
   *[other] { $n } mip levels
    } rebuilt from the image with the { $filter } filter (the texture had { $had })
imp-plan-no-rects = no Page rects
imp-plan-rects-kept = { $n ->
    [one] { $n } Page rect
   *[other] { $n } Page rects
    } kept as they are
imp-plan-rects-scaled = { $n ->
    [one] { $n } Page rect
   *[other] { $n } Page rects
    } scaled to the new size (rounded)
imp-plan-flags = flags4, flags5 and unk6 kept
imp-plan-bytes = { $old } bytes become { $new }; one undo step
tcmp-level = Level
tcmp-side-by-side = Side by side
tcmp-swipe = Swipe
tcmp-blink = Blink
tcmp-difference = Difference
tcmp-showing-a = Showing A
tcmp-showing-b = Showing B
tcmp-switch-tip = Switch A and B
tcmp-gain = gain
tcmp-gain-tip = How much the difference image amplifies a change
tcmp-level-n = level { $level }
tcmp-sizes-differ = level { $level }: { $a } and { $b }, not compared pixel by pixel
tcmp-not-on-side = not on this side
tex-flags-failed = texture flags: { $error }
tex-undo-rects = Edit the Page rects of { $address }
tex-undo-flags = Set the header flags of { $address }
tex-ext-started = editing { $address } in an external program as { $file }: each save there replaces the texture (one undo step)
tex-ext-not-image = the file saved to { $file } does not read as an image ({ $error }); the texture is unchanged, waiting for the next save
tex-ext-undo = Edit the image of { $address } in an external program
tex-ext-took = { $address }: took the image saved to { $file }
tex-ext-not-taken = the image saved to { $file } was not taken: { $error }
tex-no-levels = no levels to show
tex-drop = Drop an image to replace this texture
tex-bit-mip-mapped = mip-mapped (32 on every shipped texture with mips)
tex-bit-unread = seen in shipped files; nothing reads it
tex-bit-alpha = alpha surface (index 0 transparent when palettised)
tex-bit-alpha-fade = alpha surface with a 32-step fade palette; mip-skip 2 (1 with two levels)
tex-bit-mip-skip-1 = mip-skip 1
tex-bit-mip-skip-256 = mip-skip 1 from 256 pixels on either side
tex-bit-mip-skip-size = mip-skip by size (2 above 128x128, 1 at 128)
tex-bit-unknown = unknown bit: kept as it is
tex-no-page-rects = the texture has no Page rects
tex-external-palette-bad = external palette: { $error }
tex-level-failed = level { $level }: { $error }
tex-conversion-stopped = the conversion stopped
tex-conversion-no-thread = could not start the conversion: { $error }
tex-image-inconsistent = the image buffer is inconsistent
