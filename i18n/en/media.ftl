# media
view-sound = Sound
view-palette = Palette
view-font = Font
snd-replace-title = Replace Sound
snd-undo-replace = Replace sound from { $from }
snd-no-device-log = no audio device: sounds play silently (the playhead still moves)
snd-cannot-read = This sound cannot be read: { $error }
snd-stop = Stop
snd-play = Play
snd-space = Space
snd-loop = Loop
snd-no-device = no audio device
snd-replaced = Replaced:
snd-play-before = Play before
snd-play-before-tip = The sound as it was before the drop
snd-before = before: { $summary }
snd-dismiss = Dismiss
snd-cursor = cursor { $time }
snd-selection = selection { $from } to { $to } ({ $samples })
snd-playing = playing { $time }
snd-info = { $codec } · bits { $bits } · block { $block } · chunks { $chunks }
pal-cannot-open = This palette does not open: { $error }
pal-tail = , { $n ->
    [one] { $n } byte
   *[other] { $n } bytes
    } kept raw after it
pal-summary-ipol = 256 colours + Ipol table (256 × 256 indices){ $tail }
pal-summary = 256 colours, no Ipol table{ $tail }
pal-reading = palette
pal-swatch-tip = index { $i } ({ $hex })
    { $colour }
    stored bytes { $raw } at { $at }
pal-ipol-heading = Ipol table: row a, column b holds a palette index
pal-ipol-tip = row { $a } ({ $ca }), column { $b } ({ $cb })
    -> index { $i } ({ $ci })
pal-ipol-note = Read as plain indices. Its name suggests a blend of colours a and b; how the engine uses it is not confirmed (docs/formats/pal.md).
pal-no-ipol = No Ipol table in this palette.
font-texm-no-parse = the embedded Texm does not parse
font-fields = rect { $rect } at { $at }, advance { $advance }, offset { $offset }, unknown_e { $unknown }
font-cannot-open = This font does not open: { $error }
font-editor-summary = { $n ->
    [one] { $n } glyph
   *[other] { $n } glyphs
    }, line height { $height }, spacing { $spacing }, sheet { $sheet } format { $format }
font-palette = palette: { $address }
font-no-palette = palette: none found beside the font, greyscale
font-reading-note = Header and glyph record fields are the project's reading: no public description confirms them; every byte is kept (docs/formats/tfnt.md).
font-sheet-error = Glyph sheet: { $error }
font-type-line = Type a line
font-line-info = { $n ->
    [one] { $n } character
   *[other] { $n } characters
    }, { $drawn } drawn, { $missing } without a glyph, { $width } px wide
font-not-cp1251 = '{ $ch }' is not in CP1251
font-no-glyph = { $ch } has no glyph
font-glyph-sheet = Glyph sheet
font-zoom = zoom
font-record-at = record at { $at }
font-click-glyph = Click a glyph to see its record.
font-glyph = Glyph { $ch }
font-same-rect = Same rect: { $list }
font-undo-glyph = Glyph { $ch } record
font-rect-value = { $w }×{ $h } at ({ $x }, { $y })
