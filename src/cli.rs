//! The headless command line (spec/cli.md).
