# inspector

inspector-heading = Inspector
inspector-select = Select an entry in the browser.
inspector-many-selected = { $n } items selected
inspector-bytes-in-all = { $total } { $n ->
    [one] byte
   *[other] bytes
    } in all
inspector-address-tip = The address the command line uses for this item
inspector-sound = Sound
inspector-mono = mono
inspector-stereo = stereo
inspector-codec = codec
inspector-codec-value = { $codec } (tag { $tag })
inspector-rate = rate
inspector-hz = { $rate } Hz
inspector-channels = channels
inspector-bits = bits
inspector-block-align = block align
inspector-block-align-value = { $bytes }, { $samples }
inspector-length = length
inspector-length-value = { $samples }, { $seconds } s
inspector-data = data
inspector-chunks = chunks
inspector-bytes = { $count } { $n ->
    [one] byte
   *[other] bytes
}
inspector-samples = { $count } { $n ->
    [one] sample
   *[other] samples
}
inspector-path = Path
inspector-format = Format
inspector-format-bytes = bytes
inspector-entries = Entries
inspector-size = Size
inspector-lookup = Lookup table
inspector-lookup-sorted = sorted
inspector-lookup-unsorted = not sorted (Entry > Rebuild Lookup Table)
inspector-unsaved = Unsaved changes
inspector-yes = yes
inspector-no = no
inspector-on-disk = On disk
inspector-changed-on-disk = changed since it was opened
inspector-name = Name
inspector-raw-bytes = raw bytes: { $hex }
inspector-index = Index
inspector-type = Type
inspector-method = Method
inspector-packed-size = Packed size
inspector-offset = Offset
inspector-sort-index = Sort index
inspector-type-tip = { $id } = { $hex }; four ASCII characters or a decimal id, Enter to set
inspector-type-bad = type { $text }: expected four ASCII characters or a decimal id
inspector-no-preview = no preview: { $reason }
inspector-reencodes = { $kind }: re-encodes exactly
inspector-not-reencodes = { $kind }: does NOT re-encode to the same bytes
inspector-no-codec = no typed codec for this item
inspector-codec-nothing = The codec reports nothing.
inspector-checking = Checking…
inspector-check = Check: { findings-count }
inspector-severity-error = Error
inspector-severity-warning = Warning
inspector-severity-info = Info
refs-used-by = Used by ({ $n })
refs-uses = Uses ({ $n })
refs-drawn-by = Drawn by ({ $n })
