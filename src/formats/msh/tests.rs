//! Container-level tests: component lists, edits and attrs, archive round trips, checks.
