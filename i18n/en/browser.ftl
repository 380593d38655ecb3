# browser

col-name = Name
col-type = Type
col-size = Size
col-offset = Offset
col-format = Format
col-length = Length
browser-sort-by = Sort by { $column }
browser-empty = No file open
browser-empty-hint = Open an archive (Ctrl+O), a game folder (Ctrl+Shift+O), or drop files here.
browser-filter-hint = Filter by name (Ctrl+F)
browser-all-types = All types
browser-filter-type = Filter by type
browser-clear-filter = Clear the filter
browser-shown = { $n } shown
browser-shown-selected = { $n } shown · { $sel } selected
browser-type-packed = type { $id }, packed { $packed }
browser-packed = packed { $packed }
browser-type-id = type id { $id } ({ $hex })
browser-new-name = New name
browser-problems = { $n ->
    [one] { $n } problem
   *[other] { $n } problems
}
browser-problems-tip = { $n ->
    [one] { $n } error
   *[other] { $n } errors
}, found by the background check: see Diagnostics
browser-salvaged = NRes (salvage, read-only)
browser-damaged = damaged (read-only)
seconds = { $s } s
sound-mono = mono
sound-stereo = stereo
sound-channels = { $n } ch
sound-block = block { $n }
font-summary = { $glyphs } glyphs, sheet { $w }×{ $h }
palette-summary = 256 colours
palette-summary-ipol = 256 colours + Ipol
texture-mips = { $n } mips
