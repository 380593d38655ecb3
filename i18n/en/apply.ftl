# apply
cmpv-unsaved-title = Unsaved changes (the files on disk -> the editor)
cmpv-open-folder-first = Open a game folder or a file first: the compare view compares it with the folder chosen.
cmpv-with-unsaved = (with unsaved edits)
cmpv-open-file-first = Open a file first: the compare view compares it with the file chosen.
cmpv-saved-unsaved = { $at }: saved -> unsaved
