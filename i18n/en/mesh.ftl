# The 3D view (src/app/editors/mesh), the model import dialog (src/app/editors/mesh/import) and
# the GPU view's chrome (src/app/gpu_view.rs). Names from the game's files are arguments.
view-mesh = 3D View
unit-ms-suffix = ms
gpu-no-storage-buffers = this GPU device ({ $backend }) offers no storage buffers, which the 3D view needs

## Commands
cmd-mesh-frame-all = 3D: Frame All
cmd-mesh-frame-all-tip = Bring the whole item into view (pointer over the view)
cmd-mesh-frame-selection = 3D: Frame Selection
cmd-mesh-frame-selection-tip = Bring the picked part into view
cmd-mesh-front = 3D: Front View
cmd-mesh-front-tip = Look along the file's forward axis
cmd-mesh-side = 3D: Side View
cmd-mesh-side-tip = Look from the side
cmd-mesh-top = 3D: Top View
cmd-mesh-top-tip = Look down
cmd-mesh-orthographic = 3D: Orthographic
cmd-mesh-orthographic-tip = Switch between perspective and orthographic
cmd-mesh-play = 3D: Play / Pause
cmd-mesh-play-tip = Play or pause the node and material animation
cmd-mesh-wireframe = 3D: Wireframe
cmd-mesh-wireframe-tip = Edges over the shading
cmd-mesh-import-model = Import Model…
cmd-mesh-import-model-tip = Replace the model open in the 3D view (or the selected one) with a glTF (.glb, .gltf) from Blender, after a preview, or drop the file on the model; with no model, import it as a new one

## The view
mesh-building = Building the scene...
mesh-cannot-draw = This item cannot be drawn: { $error }
mesh-cannot-draw-hint = The Summary, Hex and Raw fields views show what it holds.
mesh-shading = Shading
mesh-shading-tip = Shading: the materials and textures, flat grey, normals as colours, the vertex colours, X-Ray's hemisphere lighting factor as grey (level.geom), or the texture coordinates as red and green
mesh-shading-shader = Shader
mesh-shading-textured = Textured
mesh-shading-flat = Flat
mesh-shading-normals = Normals
mesh-shading-vertex-colour = Vertex colour
mesh-shading-hemi = Hemi
mesh-shading-texcoord = Texcoord
mesh-wireframe = Wireframe
mesh-wireframe-tip = Edges over the shading (W)
mesh-normals = Normals
mesh-normals-tip = Vertex normals as short lines
mesh-bounds = Bounds
mesh-bounds-tip = The file's own node and batch boxes and spheres
mesh-grid = Grid
mesh-grid-tip = Ground grid in the file's axes
mesh-axes = Axes
mesh-axes-tip = The file's x (red), y (green) and z (blue) axes
mesh-nearest = Nearest
mesh-nearest-tip = Nearest texel filtering (else linear with mips)
mesh-ortho = Ortho
mesh-ortho-tip = Orthographic projection (5)
mesh-frame = Frame
mesh-frame-tip = Frame everything (Home); F frames the selection
mesh-flags = Flags
mesh-flags-tip = Each triangle in its flags' colour: water or collision (0x20000, by the reading), liquid bed, blended
mesh-details = Details
mesh-details-tip = The node tree, materials and what is picked
mesh-frames = frames
mesh-play = Play
mesh-pause = Pause
mesh-play-tip = Play or pause the material animation (Space)
mesh-no-node-animation = no node animation
mesh-material-time = Material time
mesh-material-time-tip = The game time the MAT0 animations are evaluated at; it runs with playback
mesh-no-gpu = No GPU device: the 3D view needs wgpu (the render command draws headless)
mesh-no-view = No 3D view: { $why }
mesh-updating = updating...
mesh-view-counts = { $triangles ->
    [one] { $triangles } triangle
   *[other] { $triangles } triangles
    } · { $points ->
    [one] { $points } point
   *[other] { $points } points
    } · { $parts ->
    [one] { $parts } part
   *[other] { $parts } parts
    }
mesh-dropped-triangles = { $n ->
    [one] { $n } triangle with an index out of range is not drawn
   *[other] { $n } triangles with an index out of range are not drawn
    }

## The side column
mesh-kind-model = MSH model
mesh-kind-landscape = MSH landscape
mesh-kind-geom = X-Ray level.geom
mesh-kind-level = X-Ray level
mesh-scene-counts = { $nodes ->
    [one] { $nodes } node
   *[other] { $nodes } nodes
    } · { $parts ->
    [one] { $parts } part
   *[other] { $parts } parts
    } · { $triangles ->
    [one] { $triangles } triangle
   *[other] { $triangles } triangles
    } · { $points ->
    [one] { $points } point
   *[other] { $points } points
    } · built in { $ms }
mesh-nodes = Nodes ({ $n })
mesh-problems = Problems ({ $n })
mesh-buffers = Buffers ({ $n })
mesh-materials = Materials ({ $n })
mesh-cells = Variant × LOD: slot_index cells (empty ones greyed)
mesh-variant = variant { $n }
mesh-node-shown-tip = Show or hide the node's parts
mesh-flag-water-bit = water (0x20000)
mesh-flag-collision-bit = collision (0x20000)
mesh-flag-blended-bit = blends the secondary material (0x4)
mesh-flag-none = none of these
mesh-flag-water = water
mesh-flag-collision = collision
mesh-flag-liquid-bed = liquid bed
mesh-flag-blended = blends the secondary
mesh-mat-textured = textured
mesh-mat-shader-colour = shader colour
mesh-mat-untextured = untextured (colours only)
mesh-mat-unresolved = unresolved: neutral grey
mesh-mat-vertex-colours = vertex colours
mesh-mat-none = no material: neutral grey
mesh-mat-rows = rows { $rows }
mesh-parts-count = { $n ->
    [one] { $n } part
   *[other] { $n } parts
    }
mesh-triangles-count = { $n ->
    [one] { $n } triangle
   *[other] { $n } triangles
    }
mesh-light = Light
mesh-light-directional = directional
mesh-light-ambient = ambient
mesh-light-follows = Light follows the camera
mesh-pick-hint = Click a part to see its material chain.
mesh-pick-land-triangle = , component 21 triangle { $i }
mesh-pick-part-triangle = , the part's triangle { $i }
mesh-none = none
mesh-tile = tile
mesh-tile-value = { $tile } (component 21 triangle { $i })
mesh-tri-flags = flags
mesh-primary = primary
mesh-secondary = secondary
mesh-material-byte = material byte
mesh-wear-row = WEAR row
mesh-wear-row-value = { $table } row { $row }: { $name }
mesh-wear-no-row = { $table }: no row
mesh-not-found = not found
mesh-fallback-default = fallback: DEFAULT
mesh-fallback-first = fallback: entry 0
mesh-open = open
mesh-open-material-tip = Open the material in its editor
mesh-open-texture-tip = Open the texture in its editor
mesh-phase = phase
mesh-phase-value = { $phase } to { $next } (alpha { $alpha }) at { $time }
mesh-texture = texture
mesh-cell = cell { $n }

## A level (X-Ray)
level-lod-facets = LOD facets
level-lod-facets-tip = The LOD visuals' 8 impostor quads over their trees
level-fastpath-tip = The shadow-pass copy of the geometry from level.geomx, in grey
level-portals = Portals
level-portals-tip = The portals between sectors, translucent
level-counts = { $sectors ->
    [one] { $sectors } sector
   *[other] { $sectors } sectors
    } · { $portals ->
    [one] { $portals } portal
   *[other] { $portals } portals
    } · { $lights ->
    [one] { $lights } dynamic light
   *[other] { $lights } dynamic lights
    } · { $glows ->
    [one] { $glows } glow
   *[other] { $glows } glows
    }
level-visual-title = visual { $k } · { $kind }
level-shader = shader
level-past-table = (past the table)
level-textures = textures
level-window = window 0
level-window-value = offset { $offset } · { $triangles ->
    [one] { $triangles } triangle
   *[other] { $triangles } triangles
    } · { $vertices ->
    [one] { $vertices } vertex
   *[other] { $vertices } vertices
    }
level-placed-at = placed at
level-drawn = drawn
level-skipped = skipped: see Problems
level-parents = parents
level-no-parent = none (a root)
level-parent-join = , in
level-shaders = Shaders ({ $n })
level-shader-tip = { $name }
    textures: { $textures }
    { $n ->
        [one] { $n } visual
       *[other] { $n } visuals
    }
level-sectors = Sectors ({ $n })
level-sector = sector { $n }
level-no-root = no root visual

## Compare
mesh-no-gpu-device = no GPU device
mesh-compare-unavailable = 3D views unavailable ({ $why }); the fields below still compare.
mesh-compare-orbit-tip = Drag to turn both views, wheel to move both closer
mesh-compare-not-here = not on this side

## Import Model
import-model-title = Import Model
import-model-from = Import Model From
import-cancelled = import of { $source } cancelled: nothing changed
import-into = Import { $source } into { $dest }
import-as-new = Import { $source } as a new model
import-map-library = Library: { $name }
import-map-new = New: { $name }
import-map-missing = Missing: { $name }
import-map-new-tip = A material made from the glTF's base colour, added to Material.lib
import-material-tip = The material the model's WEAR row names for this glTF material
import-converting = converting… { $done }/{ $total }
import-nothing-until = Nothing changes until Import; Ctrl+Z then undoes it as one step, Ctrl+S writes every file it changed.
import-nodes = Nodes
import-materials = Materials
import-limits = Against the engine's limits
import-button = Import
import-button-tip = Write the model, its table and the library entries as one undo step
import-cancel = Cancel
import-no-preview = no preview: { $error }
import-no-gpu = { $n ->
    [one] { $n } triangle
   *[other] { $n } triangles
    } (no GPU device for the preview)
import-orbit-tip = Drag to turn, wheel to move closer
import-animated = { " " }· animated
import-no-library = No Material.lib beside the model or above it: materials are only named in the table.
import-of-max = of { $max }
import-limit-nodes = nodes
import-limit-batch-vertices = vertices in the largest batch
import-limit-batch-indices = indices in the largest batch
import-limit-keys = animation keys
import-limit-triangles = triangles
import-limit-batches = batches
import-limit-frames = frames
import-writes = Import writes
import-writes-model = • { $dest }: the model ({ $n ->
    [one] { $n } byte
   *[other] { $n } bytes
    })
import-new-mark = { " " }(new)
import-writes-table = • { $dest }: its table, { $n ->
    [one] { $n } row
   *[other] { $n } rows
    }
import-writes-adds = • { $dest }: adds { $names }
import-material-missing = material { $name } is not in Material.lib: the game draws it with DEFAULT
import-warnings = Warnings ({ $n })
import-not-msh = { $label } is not an MSH model: { $error }
import-model-file-closed = the model's file is not open
import-archive-closed = the archive is not open
import-place-entries = entries of { $path }
import-place-files = files in { $path }
import-name-chars = the name: 1 or more characters, none of / \ : * ? " < > |
import-name-bad = the name: { $error } (at most { $max } bytes before .msh)
import-no-place = no place to put it: open a file or an archive first
import-already-there = { $what } is already there: choose another name, or drop the glTF on that model to replace it
import-name = Name
import-name-tip = The model's files or entries: NAME.msh and its table NAME.wea
import-goes-into = Goes into
