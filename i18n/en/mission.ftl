# The mission editor (data.tma): its view, table, inspector and edits.
view-mission = Mission
mission-building = Building the mission's scene…
mission-built-in = scene built in { $ms } ms
mission-updating = updating…
mission-scene-error = The mission's scene could not be built: { $error }
mission-unreadable = This mission cannot be read: { $error }
mission-counts = { $objects } objects · { $clans } clans · { $lodes } lodes · { $routes } routes
mission-view-3d = 3D
mission-view-3d-tip = The mission in perspective (M switches)
mission-view-map = Map
mission-view-map-tip = The mission from straight above, as the minimap shows it (M switches)
mission-layers = Layers
mission-layer-routes = Routes
mission-layer-zones = Clan zones
mission-layer-bases = Clan bases
mission-layer-lodes = Ore lodes
mission-layer-starts = Units starting inside buildings
mission-layer-areals = Navigation areals (Land.map)
mission-layer-labels = Instance names
mission-tab-object = Object
mission-tab-clans = Clans
mission-tab-routes = Routes and lodes
mission-tab-mission = Mission
mission-filter = Filter
mission-filter-hint = kind, path, clan, id or name
mission-rows = { $shown } of { $n ->
    [one] { $n } object
   *[other] { $n } objects
}
mission-sort-by = Sort by { $column }
mission-col-index = #
mission-col-kind = Kind
mission-col-path = Path
mission-col-clan = Clan
mission-col-id = Id
mission-col-name = Instance name
mission-col-position = Position
mission-col-rotation = Rotation
mission-col-scale = Scale
mission-col-properties = Properties
mission-kind-building = building
mission-kind-unit = unit
mission-kind-vegetation = vegetation
mission-kind-rock = rock
mission-kind-other = kind { $word }
mission-inspector-none = Select an object in the view or the table.
mission-inspector-many = { $n ->
    [one] { $n } object selected
   *[other] { $n } objects selected
}
mission-inspector-object = Object { $i } · { $kind }
mission-clan-scenery = Scenery belongs to no clan
mission-field-clan = Clan
mission-field-path = Path
mission-field-name = Instance name
mission-field-logical-id = Logical id
mission-field-position = Position
mission-field-rotation = Rotation
mission-field-scale = Scale
mission-field-start = Start word
mission-field-host = Starts inside
mission-field-properties = Properties
mission-field-script = AI script
mission-field-tree = Research tree
mission-field-minds = Bot limit
mission-field-zones = Zones
mission-field-relations = Relations
mission-field-lodes = Lodes
mission-field-description = Description
mission-host-building = building
mission-host-vertex = vertex
mission-host-is = object { $i }
mission-host-missing = no building has this id
mission-scale-why-kind = The game scales scenery only (vegetation and rocks); buildings and units keep their size.
mission-scale-why-version = This mission's objects are version { $version }; the scale came with version 10.
mission-remove-title = Remove { $n ->
    [one] { $n } object
   *[other] { $n } objects
}
mission-remove-hosted = { $n ->
    [one] { $n } unit starts inside the buildings being removed.
   *[other] { $n } units start inside the buildings being removed.
} What happens to them?
mission-remove-outside = Keep them, starting outside
mission-remove-too = Remove them too
mission-err-cp1251 = { $ch } (U+{ $code }) has no Windows-1251 byte; the game's text is Windows-1251
mission-err-version = This mission's objects are version { $version }: the { $field } field came with version { $needs }
mission-err-clan-version = This mission's clan table is version { $version }: the { $field } field came with version { $needs }
mission-err-no-object = There is no object { $i } (the mission has { $n })
mission-err-no-clan = There is no clan { $i } (the mission has { $n })
mission-err-no-route = There is no route { $i } (the mission has { $n })
mission-err-no-lode = There is no lode { $i } (the mission has { $n })
mission-err-no-point = There is no corner { $i } (the route has { $n })
mission-err-not-finite = A position, angle or size must be a finite number
mission-err-scale-scenery = Only scenery (vegetation and rocks) is scaled by the game
mission-err-id-taken = Another object has the logical id { $id }
mission-err-clan-empty = A clan needs a name
mission-err-zones-reading = This clan was read with the by-type clan body; its zones are edited under the single reading
mission-undo-place = Move object { $i }
mission-undo-place-many = { $n ->
    [one] Move { $n } object
   *[other] Move { $n } objects
}
mission-undo-turn = Turn object { $i }
mission-undo-turn-many = { $n ->
    [one] Turn { $n } object
   *[other] Turn { $n } objects
}
mission-undo-scale = Scale object { $i }
mission-undo-clan = { $n ->
    [one] Change the clan of { $n } object
   *[other] Change the clan of { $n } objects
}
mission-undo-logical-id = Logical id of object { $i }
mission-undo-name = Rename object { $i }
mission-undo-path = Path of object { $i }
mission-undo-start = Start word of object { $i }
mission-undo-host = Host of object { $i }
mission-undo-properties = Properties of object { $i }
mission-undo-add = { $n ->
    [one] Add { $n } object
   *[other] Add { $n } objects
}
mission-undo-duplicate = { $n ->
    [one] Duplicate { $n } object
   *[other] Duplicate { $n } objects
}
mission-undo-remove = { $n ->
    [one] Remove { $n } object
   *[other] Remove { $n } objects
}
mission-undo-clan-name = Rename clan { $i }
mission-undo-clan-kind = Type of clan { $i }
mission-undo-clan-base = Move the base of clan { $i }
mission-undo-clan-script = AI script of clan { $i }
mission-undo-clan-tree = Research tree of clan { $i }
mission-undo-clan-minds = Bot limit of clan { $i }
mission-undo-clan-zones = Zones of clan { $i }
mission-undo-relation = Relation of clan { $i } towards clan { $other }
mission-undo-clan-add = Add a clan
mission-undo-clan-remove = Remove clan { $i }
mission-undo-route-point = Move a corner of route { $i }
mission-undo-route-insert = Add a corner to route { $i }
mission-undo-route-remove-point = Remove a corner of route { $i }
mission-undo-route-add = Add a route
mission-undo-route-remove = Remove route { $i }
mission-undo-lode = Change lode { $i }
mission-undo-lode-add = Add a lode
mission-undo-lode-remove = Remove lode { $i }
mission-undo-description = Change the description
