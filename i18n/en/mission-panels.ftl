# The mission editor's panels: the property table, the Clans, Routes and Mission tabs.
mission-prop-title = { $n ->
    [one] { $n } property
   *[other] { $n } properties
}
mission-prop-version = This mission's object version { $version } writes no properties (they come with version 6).
mission-prop-name = Name
mission-prop-type = Type
mission-prop-value = Value
mission-prop-min = Min
mission-prop-max = Max
mission-prop-float = float
mission-prop-int = integer
mission-prop-other = type { $word }
mission-prop-locked = Locked: minimum, maximum and value are equal, so the game does not let the player change it
mission-prop-up = Move up
mission-prop-down = Move down
mission-prop-remove = Remove this property
mission-prop-new-hint = new property name
mission-prop-add = Add property
mission-prop-suggest = Names the game uses:
mission-clan-nature = nature
mission-clan-player = player
mission-clan-enemy = enemy
mission-clan-neutral = neutral
mission-clan-kind-other = type { $word }
mission-clan-name = Name
mission-clan-type = Type
mission-clan-base = Base
mission-clan-field-version = The clan table version { $version } does not write this (it comes with version { $needs }).
mission-clan-new-hint = new clan name
mission-clan-add = Add clan
mission-clan-remove = Remove clan
mission-clan-remove-owned = { $n ->
    [one] It owns { $n } object: give it another owner first.
   *[other] It owns { $n } objects: give them another owner first.
}
mission-open-linked = open
mission-not-in-folder = not in the game folder
mission-zone-centre = Centre
mission-zone-inner = Inner
mission-zone-outer = Outer
mission-zone-add = Add zone
mission-zone-remove = Remove this zone
mission-relations = Relations
mission-relations-tip = Row towards column; a click turns hostile to neutral, neutral to allied, allied to hostile.
mission-rel-hostile = hostile
mission-rel-neutral = neutral
mission-rel-allied = allied
mission-rel-cell = { $a } towards { $b }
mission-routes = { $n ->
    [one] { $n } route
   *[other] { $n } routes
}
mission-route-row = Route { $id } · { $n ->
    [one] { $n } corner
   *[other] { $n } corners
}
mission-route-add = Add route
mission-route-remove = Remove route
mission-route-corners = Corners of route { $id }
mission-route-insert = Insert corner
mission-route-insert-tip = A corner after the selected one, midway to the next (or double-click an edge in the view)
mission-route-remove-point = Remove corner
mission-lodes = { $n ->
    [one] { $n } ore lode
   *[other] { $n } ore lodes
}
mission-lodes-version = This mission's object version { $version } writes no lodes (they come with version 5).
mission-lode-row = Lode { $i }
mission-lode-amount = amount{" "}
mission-lode-remove = Remove this lode
mission-lode-add = Add lode
mission-lode-add-tip = A lode at the centre of the view, on the ground
mission-lode-words = found { $found } · kind { $kind } · extra { $extra }
mission-description-buffer = Buffer of { $capacity } bytes; { $tail } bytes after the text are kept as they are.
mission-map-path = Map
mission-open-landscape = open the landscape
mission-versions = Section versions
mission-versions-value = file { $file } · clans { $clans } · objects { $objects }
mission-words = Words
mission-words-value = map { $map } · lodes { $lodes }
mission-clan-reading = Clan body reading
mission-clan-reading-single = one layout for every clan type
mission-clan-reading-by-type = by clan type
mission-clan-reading-tip = How a clan's body between its type and its tree is read (Format Readings…)
mission-prop-cell = { $column }, row { $row }
mission-prop-new-type = Type of the new property
mission-clan-new-type = Type of the new clan
mission-route-corner = Corner { $i }
