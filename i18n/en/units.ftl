# The record and unit editors (src/app/editors/record, src/app/editors/unit) and the widgets
# they share (game folder, name picker, orbit view). Names from the game's files are arguments.
view-record = Record
view-unit = Unit

## Record editor
record-kind-stat = scenery
record-kind-into = internal part or ammunition clip
record-kind-exto = turret or gun
record-kind-bull = projectile
record-kind-btlu = chassis or creature
record-kind-fort = building
record-kind-wpns = weapon
record-kind-suno = sun
record-kind-other = unknown kind
record-role-empty = empty
record-role-mesh = mesh
record-role-materials = materials
record-role-control-points = control points
record-role-damage = damage
record-role-controller = controller
record-role-footprint = footprint
record-role-profile = profile
record-role-parent = parent record
record-role-other = other
record-unreadable = This record does not read: { $error }
record-folder = Slots resolve in { $path } ({ $n ->
    [one] { $n } archive
   *[other] { $n } archives
    })
record-col-role = Role
record-col-archive = Archive
record-col-member = Member
record-col-resolves = Resolves to
record-col-raw = Raw
record-open-member-tip = Open { $member } of { $path } in its editor
record-no-member = { $archive } has no such member
record-no-archive = no such archive in the folder
record-junk = bytes after NUL
record-junk-archive = archive +{ $at }
record-junk-member = member +{ $at }
record-junk-tip = Bytes after the name's NUL, kept as stored (slot offset { $offset }): { $where }
record-edit = Edit…
record-edit-tip = Pick this slot's archive and member
record-clear = Clear
record-clear-tip = Zero this slot's 64 bytes
record-add-slot = Add Slot
record-pick-slot = Slot { $i }
record-pick-new = New slot
record-pick-archive = archive
record-pick-choose = (choose)
record-cancel = Cancel
record-member-name = Member name
record-member-hint = member name (type to filter)
record-no-mesh-slot = No mesh slot: nothing to draw.
record-mesh-unresolved = The mesh slot { $i } resolves to nothing in the folder: nothing to draw.
record-mesh = Mesh: { $name }
record-open-mesh = Open mesh
record-mesh-error = The mesh does not draw: { $error }
record-clear-title = Clear Slot
record-select-first = Clear Slot: select a slot first
record-mesh-nothing = Open Mesh: the record's mesh slot resolves to nothing
record-undo-set = Set slot { $i } to { $name }
record-undo-clear = Clear slot { $i }
record-undo-add = Add slot { $i }

## Unit editor
unit-class-building = building
unit-class-robot = robot
unit-class-animal = animal
unit-class-other = other
unit-part-chassis = chassis
unit-part-turret = turret
unit-part-armour = armour
unit-part-internal = internal
unit-part-gun = gun
unit-part-ammo = ammunition
unit-part-unknown = unknown
unit-unreadable = This unit does not read: { $error }
unit-class-word = Class word
unit-components = { $n ->
    [one] { $n } component
   *[other] { $n } components
    }
unit-leftover = { $n ->
    [one] { $n } byte
   *[other] { $n } bytes
    } after the tree, kept
unit-collapse = Collapse
unit-expand = Expand
unit-component = Component { $i }
unit-child-of = child of { $parent } ({ $record }), { $n ->
    [one] { $n } child
   *[other] { $n } children
    }
unit-root = the root, { $n ->
    [one] { $n } child
   *[other] { $n } children
    }
unit-record = Record
unit-pick = Pick…
unit-pick-tip = Choose from the records of the folder's objects.rlb
unit-open-record-tip = Open the record in its editor
unit-no-record = { $archive } has no record { $record }
unit-class = Class
unit-part-class = part class
unit-attach = Attach point
unit-attach-root = −1 on the root
unit-attach-hint = a node of the parent's mesh, or a slot of its controller
unit-display-name = Display name
unit-apply = Apply
unit-no-cp1251 = { $ch } has no Windows-1251 byte
unit-record-key = Record key
unit-record-hint = record key (type to filter)
unit-add-child = Add Child
unit-add-child-tip = A new component under this one, naming the same record
unit-remove = Remove
unit-remove-tip = Remove this component and its subtree (Delete)
unit-move-up = Move Up
unit-move-up-tip = One place earlier among its siblings (Alt+Up)
unit-move-down = Move Down
unit-move-down-tip = One place later among its siblings (Alt+Down)
unit-move-to = Move to…
unit-move-to-tip = Re-parent this component (or drag its row onto another)
unit-move-under = under { $i }: { $record }
unit-err-root-siblings = the root has no siblings
unit-err-not-among = component { $i } is not among its parent's children
unit-err-cp1251 = { $ch } (U+{ $code }) has no Windows-1251 byte: the game stores display names in Windows-1251
unit-err-root-remove = the root cannot be removed: a unit needs one
unit-err-first = component { $i } is already its parent's first child
unit-err-last = component { $i } is already its parent's last child
unit-undo-record = Set component { $i }'s record to { $name }
unit-undo-display = Rename component { $i } to { $name }
unit-undo-class = Set component { $i }'s class to { $class }
unit-undo-attach = Attach component { $i } at { $at }
unit-undo-add = Add a child to component { $i }
unit-undo-remove = Remove component { $i } ({ $n ->
    [one] { $n } component
   *[other] { $n } components
    } with its subtree)
unit-undo-up = Move component { $i } up
unit-undo-down = Move component { $i } down
unit-undo-move-to = Move component { $i } under { $parent }
unit-chain-record = record { $record }
unit-chain-record-error = record: { $error }
unit-chain-mesh = mesh { $mesh }
unit-chain-no-mesh = mesh: the record's mesh slot resolves to nothing
unit-chain-materials = materials { $materials }
unit-chain-materials-error = materials: { $error }
unit-chain-no-component = no component { $i }
unit-chain-unreadable = { $name } does not read: { $error }
unit-chain-names-nothing = { $name } names nothing
unit-chain-title = Component { $i }: { $record } “{ $name }” · { $class }
unit-problems = { $n ->
    [one] { $n } problem assembling the unit
   *[other] { $n } problems assembling the unit
    }
unit-not-assembled = The unit does not assemble: { $error }
unit-not-drawn = (an internal part: not drawn)
unit-material-chain = Material chain: { $n ->
    [one] { $n } .wea row
   *[other] { $n } .wea rows
    }, each with its material and texture

## Shared widgets
folder-no-member = { $path } has no member { $member }
picker-count = { $shown } of { $n ->
    [one] { $n } name
   *[other] { $n } names
    }
orbit-no-gpu = no GPU device
orbit-unavailable = 3D view unavailable ({ $why })
orbit-tip = Drag to turn, wheel to move closer, click to pick a part
unit-updating = updating…
