# compare

compare-heading = Compare
compare-close = Close Compare
compare-close-tip = Back to the editor tabs
compare-refresh = Refresh
compare-refresh-tip = Compare again (the editor's bytes as they are now)
compare-running = Comparing…
compare-hint = Double-click a change (or select it and press Enter) to see its diff.
compare-from = from { $from }
compare-one-side = Only on one side.
compare-renamed = The same bytes under a new name.
compare-moved = The same entry at another place in the archive's order.
compare-no-details = No details.
compare-what-changed = What changed
compare-both-playing = Both sides playing
compare-only-changed = Only changed fields
compare-fields-differ = { $n } of { $total } fields differ
compare-field = Field
compare-a = A (before)
compare-b = B (after)
compare-identical = { $n } identical (not listed)
cmpv-unsaved-mark = unsaved
diff-added = added
diff-removed = removed
diff-renamed = renamed
diff-moved = moved
diff-changed = changed
