//! `check`: parse every file and entry, re-encode and compare, report every diagnostic. A
//! folder among the paths goes to `project::check`.

use super::output::outln;
use super::Out;
use crate::doc::check::{FileReport, check_bytes};
use crate::formats::bytes::SharedBytes;
use crate::formats::readings::Readings;
use serde_json::json;
use std::path::Path;

/// One file's check: every entry with its codec, a level's draws against the level.geom
/// beside it.
pub(crate) fn check_file(p: &str, readings: &Readings) -> std::io::Result<FileReport> {
    let bytes = SharedBytes::from(std::fs::read(p)?);
    let mut report = check_bytes(p, bytes.clone(), readings);
    let name = Path::new(p).file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    crate::doc::check::check_draws(&name, &bytes, &crate::doc::resolve::FolderAssets::for_file(Path::new(p)), &mut report);
    Ok(report)
}

/// A file's check for people: the status line and each diagnostic.
pub(crate) fn print_check_report(r: &FileReport) {
    let status = if r.ok { "ok" } else { "FAILED" };
    outln!("{}: {status}, {} entries, roundtrip {}", r.path, r.entries, r.roundtrip);
    for d in &r.diagnostics {
        let sev = format!("{:?}", d.severity).to_lowercase();
        let at = match (d.line, d.column, d.offset) {
            (Some(l), Some(c), _) => format!(" line {l}, column {c}"),
            (_, _, Some(o)) => format!(" @0x{o:X}"),
            _ => String::new(),
        };
        let entry = d.entry.as_ref().map(|e| format!("::{e}")).unwrap_or_default();
        outln!("  {sev}: {}{entry}{at}: {}", r.path, d.message);
    }
}

pub(super) fn check(paths: &[String], json: bool, jobs: Option<usize>, readings: &Readings) -> Out {
    let (reports, io_failed, cancelled) = super::batch::check_files(paths, jobs, json, readings)?;
    if json {
        outln!("{}", serde_json::to_string_pretty(&json!({"files": reports})).expect("JSON values serialise"));
    } else {
        for r in &reports {
            print_check_report(r);
        }
    }
    if cancelled {
        return Ok(130);
    }
    if io_failed {
        return Ok(2);
    }
    Ok(if reports.iter().all(|r| r.ok) { 0 } else { 1 })
}
