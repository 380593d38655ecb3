# wear
view-wear = WEAR
wear-uses-line = Uses: { $uses } of { $mesh } by row position
wear-no-mesh = No mesh beside the table: use counts unknown
wear-names-unchecked = { $what }: names cannot be checked
wear-materials = Materials ({ $n })
wear-lightmaps = Lightmaps ({ $n })
wear-add-material = Add material row
wear-add-lightmap = Add lightmap row
wear-undo-add = Add WEAR row
wear-add-failed = add row: { $error }
wear-col-id = Id
wear-col-name = Name
wear-col-material = Material
wear-col-read-by = Read by
wear-col-role = Role
wear-col-uses = Uses
wear-in-lightmap-lib = in lightmap.lib
wear-no-lightmap = not found: no lightmap
wear-both-parsers = both parsers
wear-file-parser-only = file parser only
wear-not-read-by = { $parser } does not read this row
wear-up-tip = Move the row up
wear-down-tip = Move the row down
wear-remove-tip = Remove the row
wear-n-triangles = { $n ->
    [one] { $n } triangle
   *[other] { $n } triangles
}
wear-n-batches = { $n ->
    [one] { $n } batch
   *[other] { $n } batches
}
wear-n-uses = { $n ->
    [one] { $n } use
   *[other] { $n } uses
}
wear-not-integer = { $text } is not an integer
wear-undo-id = Set WEAR id
wear-undo-rename = Rename WEAR row
wear-row-error = WEAR row { $row }: { $error }
wear-not-found = not found: { $entry }
wear-not-found-no-default = not found, no DEFAULT: entry 0 ({ $entry })
wear-fallback-tip = The game falls back to this material
wear-unresolved = unresolved
wear-confirm-remove = Rows are addressed by position. Removing row { $row } re-points { $after } of { $mesh } that use the rows after it to the row before them, and leaves { $own } that use row { $row } pointing at the next row (or past the end).
wear-confirm-move = Rows are addressed by position. Moving swaps what { $uses_a } of { $mesh } (row { $a }) and { $uses_b } (row { $b }) draw.
wear-undo-remove = Remove WEAR row
wear-undo-move = Move WEAR row
wear-confirm-remove-title = Remove the row?
wear-confirm-move-title = Move the row?
wear-remove-anyway = Remove anyway
wear-move-anyway = Move anyway
wear-undo-count = Set WEAR count
wear-undo-blank = Insert blank line before LIGHTMAPS
wear-undo-replace-name = Replace name
wear-quick-fix-failed = quick fix: { $error }
wear-undo-complete = Complete name
wear-opening = opening { $lib } for { $name }
wear-no-material-lib = { $name }: no Material.lib holds it
wear-no-line-breaks = no line breaks
wear-mixed-endings = mixed: { $crlf } CRLF, { $lf } LF
wear-nul = NUL terminator
wear-no-nul = no NUL
wear-escaped = { $n ->
    [one] { $n } byte shown escaped
   *[other] { $n } bytes shown escaped
}
wear-engine-refuses = the engine refuses it
wear-engine-reads = the engine reads { $n ->
    [one] { $n } material
   *[other] { $n } materials
}
wear-engine-reads-lightmaps = the engine reads { $n ->
    [one] { $n } material
   *[other] { $n } materials
    }, { $lightmaps ->
    [one] { $lightmaps } lightmap
   *[other] { $lightmaps } lightmaps
}
wear-text = Text
wear-table = Table
wear-split = Text + Table
wear-whitespace = Whitespace
wear-whitespace-tip = Show spaces, tabs and line ends
wear-go-to-hint = Go to Material: put the cursor on a material name
wear-n-errors = { $n ->
    [one] { $n } error
   *[other] { $n } errors
}
wear-n-warnings = { $n ->
    [one] { $n } warning
   *[other] { $n } warnings
}
wear-only-changed = Only changed lines
wear-removed-added = { $removed } removed, { $added } added
wear-role-footings = Land1: building footings (reserved)
wear-role-terrain = Land1: terrain material, both LODs
wear-role-micro = Land2: microtexture of Land1 row { $row }
wear-role-lod0 = Land1: LOD0 material
wear-role-lod1 = Land2: LOD1 material
wear-more-bytes = … { $n ->
    [one] { $n } more byte
   *[other] { $n } more bytes
    } of this line not shown
wear-no-cp1251 = { $c } has no CP1251 byte: a WEAR name cannot hold it
wear-open-hint = Ctrl+click or F12: open the material
wear-falls-back = not found: falls back to { $name }
wear-no-diagnostics = No diagnostics: the engine's two parsers read this table alike, and every name resolves.
wear-undo-typing = Typing
wear-undo-paste = Paste
wear-undo-cut = Cut
wear-undo-delete = Delete
wear-quick-fixes = Quick fixes
wear-quick-fixes-tip = Quick fixes (Ctrl+.)
wear-no-library = no material library
wear-texture-line = texture { $name }{ $size }
wear-sev-error = error
wear-sev-warning = warning
wear-sev-info = info
wear-goto-tip = Go to the place
wear-fix = Fix: { $label }
