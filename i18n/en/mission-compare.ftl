# The mission compare view (two data.tma side by side) and the mission's problems.
mission-compare-summary = { $rows ->
    [one] { $rows } difference
   *[other] { $rows } differences
} · objects: A { $a }, B { $b }
mission-compare-same = The two missions are the same.
mission-compare-moved = Moved objects ({ $n })
mission-compare-turned = Turned objects ({ $n })
mission-compare-scaled = Scaled objects ({ $n })
mission-compare-changed = Changed objects: clan, names, properties ({ $n })
mission-compare-added = Added objects ({ $n })
mission-compare-removed = Removed objects ({ $n })
mission-compare-clans = Clans ({ $n })
mission-compare-relations = Relations ({ $n })
mission-compare-routes = Routes ({ $n })
mission-compare-lodes = Lodes ({ $n })
mission-compare-mission = Map, description and versions ({ $n })
mission-compare-what = What
mission-compare-field = Field
mission-compare-map = Both sides from above
mission-compare-legend-moved = moved (an arrow from A to B)
mission-compare-legend-added = added in B
mission-compare-legend-removed = removed from A
mission-compare-legend-same = in place
