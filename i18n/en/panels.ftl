# panels

dlg-ok = OK
dlg-cancel = Cancel
dlg-overwrite = Overwrite
dlg-changed-on-disk = The file changed on disk
dlg-changed-on-disk-text = { $name } was changed by another program since it was opened. Saving now overwrites those changes.
dlg-rename-title = Rename { $old } to { $new }
dlg-rename-places = { $n ->
    [one] { $n } place in the project names { $old }:
   *[other] { $n } places in the project name { $old }:
}
dlg-rename-rewrite = Rename and rewrite { $n }
dlg-rename-rewrite-tip = One undo step; Save (Ctrl+S) then writes every file it changed
dlg-rename-only = Rename only
dlg-rename-only-tip = The rows and phases keep the old name (and reach nothing)
dlg-leftovers = Left from an interrupted save
dlg-leftovers-text = A save of { $file } did not finish; the file itself is intact. These temporary copies are left beside it:
dlg-leftovers-remove = Remove them
dlg-leftovers-keep = Keep them
about-version = version { $version }
about-description = Asset editor for Parkan: Iron Strategy (Iron3D) archives, materials, textures and meshes, and X-Ray level.geom
about-licence = Licence: { $licence } (LICENSE-MIT, LICENSE-APACHE)
about-crates = The crates built into it, with their licences: { $list }
about-crates-none = The crates built into it, with their licences: packaging/build.sh writes the list (THIRD-PARTY-LICENSES.md)
about-log = Log: the Log tab of this window (Ctrl+J); it is not written to a file. Messages from before the window opened go to stderr: the terminal it was started from, or the session's journal (journalctl --user) when started from the desktop.
about-settings = Settings: { $dir }
dlg-unsaved = Unsaved changes
dlg-unsaved-quit-anyway = Quit anyway?
dlg-unsaved-close-anyway = Close anyway?
dlg-unsaved-one = { $name } has unsaved changes. { $then }
dlg-unsaved-many = { $n } files have unsaved changes:
dlg-unsaved-save = Save
dlg-unsaved-save-tip = Save the changes, then close
dlg-unsaved-discard = Discard
dlg-unsaved-discard-tip = Close without saving; the changes are lost
dlg-unsaved-cancel-tip = Keep the file open
dlg-unsaved-show = Show changes
dlg-unsaved-show-tip = Keep the file open and show what Save would write, entry by entry
palette-hint = Type a command
palette-none = No command matches.

log-tab = Log
log-diagnostics-tab = Diagnostics ({ $n })
severity-error = error
severity-warning = warning
severity-info = info
log-editor-findings = { $name }: { $n ->
    [one] { $n } finding
   *[other] { $n } findings
} in its open editor
log-line-column = line { $line }, column { $column }
log-line = line { $line }
log-whole-item = (whole item)
log-show-place = Show the place in its tab
log-project-findings = Project: { findings-count }
log-open-other-end = Open the other end
log-no-files = Open a file: every open file is checked in the background.
log-checking = Checking the open files…
log-select-item = Select this item
open-it = Open it
check-ok = ok
check-failed = FAILED
check-roundtrip = re-encodes exactly
check-no-roundtrip = does not re-encode exactly
entries-count = { $n ->
    [one] { $n } entry
   *[other] { $n } entries
}
findings-count = { $n ->
    [one] { $n } finding
   *[other] { $n } findings
}
status-more-tasks = +{ $n } more
status-files-unsaved = { files-count }, { $dirty } unsaved
status-undo = Undo: { $what }
readings-title = Format readings
readings-text = Where public readers of the formats disagree, choose the reading; the first value is the default. docs/readings.md explains each.
refs-indexing = Used by: indexing the project…
refs-used-by-nothing = used by nothing in the project
refs-unused = used by nothing in the project (unused: search is:unused lists every one)
refs-fallback = (the engine's fallback for a missing name)
refs-row = row { $row }
refs-nothing = nothing in the project
refs-through = { $at } through { $name }
folder-title = Project { $root } ({ files-count })
folder-search-hint = Search: t:texm brick, t:wear STEEL, is:unused
folder-close = Close folder
folder-indexing = indexing references…
folder-indexed = { $items ->
    [one] { $items } item
   *[other] { $items } items
} indexed, { $findings ->
    [one] { $findings } finding
   *[other] { $findings } findings
} (Diagnostics)
folder-search-waits = Search starts when the index is ready.
folder-results = { $n ->
    [one] { $n } result
   *[other] { $n } results
}
folder-open-in-editor = Open it in its editor
folder-kind-archive = archive
folder-kind-file = file
folder-kind-entry = entry
tree-collapse = Collapse
tree-expand = Expand

tabs-hint-open = Double-click an entry (or select it and press Enter) to open it here.
tabs-hint-browser-hidden = The browser is hidden: Ctrl+B (or View, Browser) shows it.
tabs-show-browser = Show the Browser
tabs-hint-palette = Ctrl+Shift+P lists every command.
view-summary = Summary
view-hex = Hex
view-raw-fields = Raw fields
tabs-compare-saved = Compare with Saved
tabs-compare-saved-tip = This item's unsaved changes against the file on disk
tabs-close-tip = Close tab (Ctrl+W)
filter-game = Parkan and X-Ray files
filter-all = All files
filter-mods = Parkan mods
filter-images = Images
pick-open = Open
pick-open-folder = Open Game Folder
pick-unpack-which = Unpack Which Game Folder
pick-unpack-into = Unpack Into (an empty folder)
pick-pack-which = Pack Which Unpacked Folder
pick-pack-into = Pack Into (outside the unpacked folder)
pick-save-as = Save As
pick-extract-entry = Extract Entry
pick-extract-entries = Extract Entries Into
pick-extract-all = Extract All Into
pick-replace = Replace With
pick-add = Add Files
pick-install-mod = Install Mod
pick-export-base = Export Against Which Clean Game Folder
pick-export-mod = Export Changes as Mod
pick-compare-file = Compare With File
pick-compare-folder = Compare With Folder
fd-choose-file = Choose a file.
fd-is-folder = { $path } is a folder
fd-type-name = Type a file name.
fd-open-selected = Open Selected
fd-choose-folder = Choose This Folder
fd-save-here = Save Here
fd-up = Up
fd-up-tip = The folder above
fd-folder = Folder
fd-show = Show
fd-empty = (empty)
fd-file-name = File name
fd-name-or-path = Name or path
