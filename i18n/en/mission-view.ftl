# The mission view's gestures: moving, turning, snapping, the selection box, the areals layer.
mission-view-snap = Snap
mission-view-snap-tip = Moves land on the grid and the ring turns in steps of 15° (hold Ctrl while dragging to snap once)
mission-view-grid-tip = The grid's spacing, in map units
mission-view-snapping = snapping to { $grid }
mission-view-areals-error = The navigation areals cannot be shown: { $error }
mission-view-areals-none = This map has no navigation areals (no Land.map beside its landscape)
