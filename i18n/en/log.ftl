# The log and status lines of the app's actions (src/app/apply, tasks, files, external), task
# labels and the titles of their error dialogs. Paths and names are arguments.

## Tasks
task-unpacking = Unpacking { $path }
task-packing = Packing { $path }
task-reading = Reading { $name }
task-opening-project = Opening the project { $path }
task-extracting = Extracting { $n ->
    [one] { $n } entry
   *[other] { $n } entries
    } of { $archive }
task-checking = Checking { $name }
task-indexing = Indexing { $path }
task-mod-dry-run = Dry run of { $name }
task-mod-installing = Installing { $name }
task-mod-uninstalling = Uninstalling { $name }
task-mod-moving = Moving { $name } to #{ $to }
task-export-comparing = Comparing with { $path }
task-export-finding = Finding unsaved changes

## Dialog titles
title-save = Save
title-save-as = Save As
title-extract = Extract
title-edit-external = Edit in External Program
title-uninstall-mod = Uninstall Mod
title-move-mod = Move Mod
title-open-mod = Open Mod

## Files
log-no-project = no project is open: File > Open Folder opens a game folder as one
log-saved = saved { $path }
log-saved-as = saved as { $path }
log-external-failed = { $error }.

    The file is still watched: open it in any program and save it there, or choose the program in Edit > External Program and try again.
log-external-off = { $path }: not opened in a program (programs are off in this session); it is watched
log-already-open = { $path } is already open
log-entries-count = { $n ->
    [one] { $n } entry
   *[other] { $n } entries
    }
log-bytes-count = { $n ->
    [one] { $n } byte
   *[other] { $n } bytes
    }
log-opened = opened { $path } ({ $what })
log-open-failed = open: { $error }
log-no-entry = { $path }: no entry { $entry }
log-closed = closed { $name }
log-extracted-one = extracted { $entry } to { $path } ({ $bytes })
log-extract-not-archive = extract: not an archive
log-extracted = extracted { $n ->
    [one] { $n } entry
   *[other] { $n } entries
    } to { $path }
log-extract-failure = extract: { $error }
log-extract-more = extract: { $n ->
    [one] { $n } more failure
   *[other] { $n } more failures
    }
log-no-such-entry = #{ $i }: no such entry
log-no-thread = could not start a thread: { $error }
log-check-failed = check { $name }: { $error }
log-checked = check { $path }: { $ok }, { $entries ->
    [one] { $entries } entry
   *[other] { $entries } entries
    }, round trip { $roundtrip }, { $n ->
    [one] { $n } finding
   *[other] { $n } findings
    } ({ $errors ->
    [one] { $errors } error
   *[other] { $errors } errors
    })
log-check-ok = ok
log-check-failed-mark = FAILED
log-roundtrip-exact = exact
log-roundtrip-differs = differs
log-indexed = { $path }: references indexed, { $n ->
    [one] { $n } finding
   *[other] { $n } findings
    }
log-batch-failed = , { $n } failed (nothing written for those)
log-batch-done = { $verb }: { $items ->
    [one] { $items } file
   *[other] { $items } files
    } -> { $written ->
    [one] { $written } file
   *[other] { $written } files
    } written to { $path }{ $failed }
log-cancelled = { $task }: cancelled
log-cancelled-short = cancelled
log-cannot-watch = cannot watch { $path }: { $error }
log-cannot-launch = cannot open { $path } in { $program }: { $error }
log-default-program = the default program
log-project-walked = { $path }: { $n ->
    [one] { $n } game file
   *[other] { $n } game files
    }, { $skipped ->
    [one] { $skipped } other file
   *[other] { $skipped } other files
    } skipped, { $problems ->
    [one] { $problems } walk problem
   *[other] { $problems } walk problems
    }
log-not-in-file = { $address }: not in the open file any more
log-no-entry-any-more = no entry { $entry } any more

## Edits
log-renamed = renamed { $before } to { $name }
log-rename-failed = rename: { $error }
undo-remove-entries = Remove { $n ->
    [one] { $n } entry
   *[other] { $n } entries
    }
log-removed-entries = removed { $n ->
    [one] { $n } entry
   *[other] { $n } entries
    }
log-replaced = replaced { $entry } ({ $bytes })
log-step-failed = { $label }: { $error }
log-undo = undo
log-redo = redo
log-undone = { $word }: { $label }
log-drag-cancelled = cancelled: { $label }
log-nothing-to-undo = nothing to undo
log-nothing-to-redo = nothing to redo
log-add-failed = add { $what }: { $error }
undo-add-files = Add { $n ->
    [one] { $n } file
   *[other] { $n } files
    }
log-added-files = added { $n ->
    [one] { $n } file
   *[other] { $n } files
    } to { $archive }
log-files-to-save = { $label }: { $n ->
    [one] { $n } file
   *[other] { $n } files
    } to save

## Mods
log-mod-no-game = no game folder is open: File > Open Folder opens one as a project
log-mod-opened = opened the mod { $name } { $version } ({ $n ->
    [one] { $n } change
   *[other] { $n } changes
    }) from { $path }
log-mod-dry-run = dry run of { $name }: { $n ->
    [one] { $n } change
   *[other] { $n } changes
    }, { $blocked } blocked, { $conflicts } in conflict with installed mods
log-mod-line = mod: { $line }
log-mod-changed-dirty = { $path } was changed on disk by the mod command; your unsaved edits are kept (saving asks before it overwrites)
log-mod-reread = read { $path } again: the mod command changed it
log-export-needs-project = against a clean folder needs the modded game folder open as the project (File > Open Folder)
log-export-nothing = nothing to export: no unsaved edits and no game folder open
log-mod-exported = exported { $n ->
    [one] { $n } change
   *[other] { $n } changes
    } as the mod { $name } to { $path }

## View
log-dialog-in-window = { $why }: this dialog is drawn in the window
log-native-dialog-failed = the native dialog did not open (no desktop portal answered and no zenity)
log-dialogs-in-window = file dialogs are drawn in the window: { $why }
log-reading-set = reading { $spec }
log-compare = compare: { $text }
log-opened-demo = opened the demo folder { $path }
log-not-in-project = not in the project
pick-why-no-dbus = no D-Bus session bus for the desktop portal and no zenity program
pick-why-off = native dialogs are off in this session
pick-why-pending = the native file dialog asked for earlier has not answered (a desktop portal that took the call and never answered?)
task-comparing = Comparing { $title }
log-removed-file = removed { $path }
