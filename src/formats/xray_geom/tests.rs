//! File-level tests: chunk framing, versions, raw chunks, edits.
