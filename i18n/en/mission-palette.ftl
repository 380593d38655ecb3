# The mission editor's palette: the game folder's buildings, units and scenery to place.
mission-palette = Palette
mission-palette-tip = The game folder's buildings, units and scenery: drag one onto the view to place it there, or double-click it to place it at the view's centre
mission-palette-owner = Owner
mission-palette-owner-tip = The clan new buildings and units belong to (scenery belongs to none, as in the game's own missions)
mission-palette-no-clans = no clans
mission-palette-search = Search
mission-palette-filter-hint = name or path
mission-palette-reading = Reading the game folder…
mission-palette-no-folder = No game folder holds this mission (no objects.rlb in a folder above it): there is nothing to place.
mission-palette-shown = { $shown } of { $n ->
    [one] { $n } item
   *[other] { $n } items
}
mission-palette-none = Nothing matches the filter.
mission-palette-skipped = { $n ->
    [one] { $n } file skipped
   *[other] { $n } files skipped
}
mission-palette-group-0 = Buildings ({ $n })
mission-palette-group-1 = Units ({ $n })
mission-palette-group-2 = Vegetation ({ $n })
mission-palette-group-3 = Rocks ({ $n })
mission-palette-group-other = Kind { $kind } ({ $n })
mission-palette-row-tip = { $path }
    Drag onto the view to place it; double-click to place it at the view's centre.
mission-palette-no-picture = No picture: { $why }
mission-palette-no-ground = There is no ground under that point: place the object on the landscape.
mission-palette-no-view = The view is not ready yet: wait for the scene to be built.
