//! Viewer geometry of a level.geom.
