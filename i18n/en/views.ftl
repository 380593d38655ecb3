# Shared widgets (src/app/widgets: timeline, material preview, …) and the generic views
# (src/app/views: Summary, Hex, Raw fields).

## Timeline
timeline-span-frames = of { $n ->
    [one] { $n } frame
   *[other] { $n } frames
    } (0–{ $last })
timeline-span-ms = of { $n } ms
timeline-frames-suffix = frames
timeline-play-tip = Play or pause (Space)
timeline-loop = Loop
timeline-loop-tip = Wrap at the end instead of stopping
timeline-speed-tip = Playback speed
timeline-time = Time
timeline-fit = Fit
timeline-fit-tip = Show the whole length (wheel zooms, Shift+wheel pans)

## Raw fields, Summary, Hex
fields-file-closed = the file is not open
fields-nres-row = directory row { $index } at { $at } of its archive (64 bytes)
fields-rsli-row = entry row { $index } at { $at } of its archive (32 bytes, decrypted)
fields-no-entry = no entry #{ $index }
fields-after-nul = ; bytes after the NUL are not zero (kept)
fields-no-nul = ; no NUL (all 36 bytes)
fields-never-read = never read; kept
fields-flags-method = { $flags }: method { $method }
fields-effective-offset = { $off }; effective { $effective }
fields-nres-header = NRes header (16 bytes)
fields-rsli-header = RsLi header (32 bytes)
fields-entry-count-again = entry_count again
fields-presorted = 0xABBA: the table is sorted
fields-no = no
fields-unpacked-sum = unpacked sum
fields-ao-overlay = AO overlay
fields-ao-overlay-value = { $offset } added to every offset
fields-loose-file = a loose file (no directory)
fields-size = size
fields-first-bytes = first bytes
fields-col-field = field
fields-col-at = at
fields-col-value = value
fields-col-raw = stored bytes
summary-items = { $key } ({ $n ->
    [one] { $n } item
   *[other] { $n } items
    })
summary-more = … { $n } more
hex-goto-hint = go to offset (0x…)

## Tool bar, material preview, thumbnails
toolbar-tools-tip = The tool bar does not fit this width: its tools are here
preview-diffuse = diffuse
preview-ambient = ambient
preview-specular = specular
preview-emissive = emissive
preview-overflows = overflows
preview-power = power step { $step } -> { $power }   blend nibble { $nibble }
preview-sphere = Sphere
preview-cube = Cube
preview-plane = Plane
preview-shape-tip = Draw the material on this shape with the 3D renderer
preview-flat = Flat
preview-flat-tip = The flat swatch: the texture cell tinted by the diffuse colour
preview-unavailable = 3D preview unavailable ({ $why }): the flat swatch instead.
preview-turn-tip = Drag to turn the shape
thumb-too-large = too large to probe
thumb-not-texture = not a texture
