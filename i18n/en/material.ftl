# material
view-material = Material
view-materials = Materials
mat-axis-note = The timeline spans twice the longest cycle ({ $longest } ms): the keys in colour (drag their ends), then faded as playback repeats them (a ping-pong mirrored, a one-shot's last key kept).
mat-held = { $label } held
mat-no-parse = This material does not parse: { $error }
mat-no-parse-hint = It is shown read-only: the Hex and Raw fields views show its bytes.
mat-summary = { $phases ->
    [one] { $phases } phase
   *[other] { $phases } phases
    }, { $blocks ->
    [one] { $blocks } block
   *[other] { $blocks } blocks
    }, longest cycle { $cycle } ms, version { $version }
mat-undo-move-end = Move the end of key { $key } of block { $block }
mat-no-blocks = No animation blocks: the material shows phase 0 throughout.
mat-preview = Preview
mat-nothing-to-evaluate = Nothing to evaluate (the material has no phases).
mat-undo-remove-key = Remove key { $key } of block { $block }
mat-ext-started = editing { $address } in an external program as { $file }: each save there replaces the material (one undo step)
mat-ext-undo = Edit the text of { $address } in an external program
mat-ext-took = { $address }: took the text saved to { $file }
mat-ext-not-taken = { $file }: { $error }; the material is unchanged, waiting for the next save
mat-phase-n = phase { $n }
mat-not-on-side = not on this side, or not a material
mat-phase-blend = phase { $from } -> { $to } at { $percent }%
mat-texture-from = { $texture } from { $origin }
mat-no-texture = no texture
mat-nibble-opaque = opaque
mat-nibble-blended = blended or additive, alpha test (engine table)
mat-nibble-raw = no engine table entry (raw)
mat-version-adds = adds { $fields } (runtime defaults)
mat-version-drops = drops { $fields } (back to runtime defaults)
mat-version-same = same fields
mat-second-stage = second texture stage
mat-second-stage-tip = attr1 bit 0: texture load flag 0x200000
mat-flag-a-tip = attr1 bit 1: a lit skin that loads opaque
mat-nibble-mode = nibble mode
mat-other-bits = other attr1 bits kept: { $bits }
mat-undo-flags = Set the flags
mat-version = version (attr2)
mat-version-current = { $v } (current)
mat-undo-version = Set the version to { $v }
mat-prefix = { $n ->
    [one] { $n } prefix byte
   *[other] { $n } prefix bytes
    }; every shipped file has 6
mat-ground-unset = ground surface class: unset
mat-ground = ground surface class
mat-unused = unused by the engine
mat-speed = speed factor
mat-damage = damage per second
mat-undo-meta = Set the meta fields
mat-phases = Phases ({ $n })
mat-keys = { $n ->
    [one] { $n } key
   *[other] { $n } keys
}
mat-add = Add
mat-add-tip = Append a copy of the selected phase (or a new one)
mat-undo-add-phase = Add a phase
mat-duplicate = Duplicate
mat-undo-duplicate = Duplicate phase { $i }
mat-remove = Remove
mat-remove-tip = Keys that name it move to the phase taking its place
mat-up = Up
mat-undo-up = Move phase { $i } up
mat-down = Down
mat-undo-down = Move phase { $i } down
mat-repointed = block { $block } key { $key }: phase { $from } -> { $to }
mat-removed-phase = Removed phase { $i }; re-pointed { $list }
mat-undo-remove-phase = Remove phase { $i }
mat-power = power
mat-power-overflow = 1 << n leaves 32 bits
mat-cell-value = unsigned { $unsigned } / signed { $signed }
mat-cell-whole = unsigned { $unsigned } / signed { $signed } (whole texture)
mat-undo-edit-phase = Edit phase { $i }
mat-texture = texture
mat-no-texture-button = No texture
mat-undo-texture = Set the texture of phase { $i }
mat-whole-texture = Whole texture
mat-whole-texture-tip = Set the cell to 0xFF (-1 read signed): no Page rect
mat-undo-whole = Pick the whole texture for phase { $i }
mat-texture-rects = { $origin }: { $size }, { $n ->
    [one] { $n } Page rect
   *[other] { $n } Page rects
    }
mat-texture-rects-pick = { $origin }: { $size }, { $n ->
    [one] { $n } Page rect
   *[other] { $n } Page rects
    } (click a rect to pick its cell)
mat-page-rect = Page rect { $n }
mat-cell-tip = cell { $n }: { $size } at { $at }
mat-undo-cell = Pick cell { $cell } for phase { $i }
mat-blocks = Animation blocks ({ $n })
mat-add-block = Add block
mat-undo-add-block = Add an animation block
mat-block-title = Block { $b }: { $mode }, { $n ->
    [one] { $n } key
   *[other] { $n } keys
    }, cycle { $cycle } ms
mat-mode = mode
mat-undo-mode = Set the mode of block { $b }
mat-remove-block = Remove block
mat-undo-remove-block = Remove block { $b }
mat-mode-no-branch = mode { $v } has no engine branch: it plays as a loop
mat-interpolate = interpolate
mat-undo-interpolation = Set the interpolation of block { $b }
mat-higher-bits = higher bits kept: { $bits }
mat-col-key = key
mat-col-phase = phase
mat-col-end = end (ms)
mat-col-interval = interval
mat-col-unused = unused
mat-past-last-phase = past the last phase: evaluates as the last phase
mat-interval-empty = { $interval } (empty)
mat-undo-edit-key = Edit key { $key } of block { $block }
mat-add-key = Add key
mat-undo-add-key = Add a key
mat-insert-before = Insert before
mat-undo-insert-key = Insert a key
mat-remove-key = Remove key
mat-undo-remove-a-key = Remove a key
mat-label-block = { $label } (block { $b })
mat-at-playhead = At the playhead
mat-game-time = game time { $time }
mat-rand-state = rand() state
mat-reroll = Re-roll
mat-reroll-tip = Advance the state by one rand() call
mat-block-mode = Block { $b } ({ $mode })
mat-no-blocks-short = No blocks
mat-block-cycle = Block { $b } over one cycle
mats-detail = { $phases ->
    [one] { $phases } phase
   *[other] { $phases } phases
    }, { $blocks ->
    [one] { $blocks } block
   *[other] { $blocks } blocks
    }
mats-no-parse = does not parse: { $error }
mats-filter = Filter
mats-shown = { $shown } of { $n ->
    [one] { $n } material
   *[other] { $n } materials
    }
mat-err-phases-full = the phase count is a u16: no more phases fit
mat-err-no-phase = phase { $i } does not exist
mat-err-only-phase = the only phase cannot be removed while keys name it
mat-err-phase-pair = phases { $i } and { $j }: the material has { $n }
mat-err-blocks-full = a material has at most { $n } animation blocks (the engine refuses more: "Too many animations for material.")
mat-err-no-block = animation block { $b } does not exist
mat-err-no-key = key { $k } of block { $b } does not exist
mat-err-keys-full = the key count is a u16: no more keys fit
mat-pass-reflected = { " " }(reflected)
mat-pass-held = { " " }(held)
mat-random-start = , random start time { $ms } ms
mat-play-state = key { $key }: phase { $phase } -> { $next }  alpha { $alpha }  block time { $time } ms{ $pass }{ $random }
mat-play-colours = diffuse { $diffuse }  ambient { $ambient }
    specular { $specular }  emissive { $emissive }
mat-play-power = power step { $step } cell { $cell } texture { $texture }
mat-no-interpolated = no interpolated fields
mat-bit-names = { $names } (reading { $reading })
mat-ext-not-utf8 = not UTF-8 text at byte { $at }
