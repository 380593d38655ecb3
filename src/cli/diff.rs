//! `diff A B [--json] [--stat]`: two files, two items (`FILE::ENTRY`) or two folders, compared
//! by `doc::diff`. Exit 0 when equal, 1 when different, 2 on a usage or I/O error, as
//! `diff(1)`; a side that does not parse is a difference with its damage noted, not an error.

use super::output::outln;
use super::{Failure, Out, open_item, split_address};
use crate::doc::diff::{Change, Kind, Options, Report, Side, diff_folders, diff_items};
use crate::formats::bytes::SharedBytes;
use crate::formats::readings::Readings;
use clap::Args;
use serde_json::json;
use std::path::Path;

#[derive(Args, Debug)]
pub struct DiffArgs {
    /// The old side: a file, FILE::ENTRY, or a folder.
    pub a: String,
    /// The new side, of the same kind as A.
    pub b: String,
    /// One JSON document: the summary counts and one record per change.
    #[arg(long)]
    pub json: bool,
    /// Only which items changed, not what inside them (changed items are not decoded).
    #[arg(long)]
    pub stat: bool,
}

fn is_folder(arg: &str) -> bool {
    split_address(arg).1.is_empty() && Path::new(arg).is_dir()
}

/// One side's item: a whole file read as it is, or an entry through the document model.
fn side(arg: &str, readings: &Readings) -> Result<Side, Failure> {
    let (file, entries) = split_address(arg);
    let name = Path::new(file).file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| file.to_string());
    if entries.is_empty() {
        let bytes = std::fs::read(file).map_err(|e| Failure::io(Path::new(file), e))?;
        return Ok(Side::file(name, SharedBytes::from(bytes)));
    }
    let (ws, path) = open_item(arg, readings)?;
    let meta = ws.item_meta(&path);
    let bytes = ws.item_bytes(&path).map_err(|e| Failure::format(arg, e))?;
    Ok(Side {
        name: meta.as_ref().map_or(name, |m| m.name.clone()),
        bytes,
        type_id: meta.as_ref().and_then(|m| m.type_id),
        attrs: meta.map_or([0; 3], |m| m.attrs),
    })
}

/// How B's argument names what it compares: `Textures.lib`, `Textures.lib::BRICK00.0`.
fn label(arg: &str) -> String {
    let (file, entries) = split_address(arg);
    let name = Path::new(file).file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| file.to_string());
    std::iter::once(name.as_str()).chain(entries).collect::<Vec<_>>().join("::")
}

pub fn diff(args: &DiffArgs, readings: &Readings) -> Out {
    let opts = Options { stat_only: args.stat, readings: *readings };
    let report = match (is_folder(&args.a), is_folder(&args.b)) {
        (true, true) => diff_folders(Path::new(&args.a), Path::new(&args.b), &opts).map_err(|e| Failure { code: 2, message: e.to_string() })?,
        (false, false) => {
            let (a, b) = (side(&args.a, readings)?, side(&args.b, readings)?);
            let mut r = Report::default();
            diff_items(&label(&args.b), &a, &b, &opts, &mut r);
            r
        }
        (true, false) => return Err(mixed(&args.a, &args.b)),
        (false, true) => return Err(mixed(&args.b, &args.a)),
    };
    if args.json {
        let v = json!({
            "a": args.a,
            "b": args.b,
            "equal": report.is_equal(),
            "identical": report.identical,
            "counts": {
                "changed": report.count(Kind::Changed),
                "added": report.count(Kind::Added),
                "removed": report.count(Kind::Removed),
                "renamed": report.count(Kind::Renamed),
                "moved": report.count(Kind::Moved),
            },
            "changes": report.changes,
        });
        outln!("{}", serde_json::to_string_pretty(&v).expect("JSON values serialise"));
    } else {
        print_plain(&report, args.stat);
    }
    Ok(if report.is_equal() { 0 } else { 1 })
}

/// A folder against a file: a missing file is the I/O error it is, else a usage error.
fn mixed(folder: &str, other: &str) -> Failure {
    let file = split_address(other).0;
    match std::fs::metadata(file) {
        Err(e) => Failure::io(Path::new(file), e),
        Ok(_) => Failure::usage(format!("{folder} is a folder and {other} is not: compare two folders or two items")),
    }
}

/// `added texm, 120 bytes`, `renamed from IRON`, `moved #2 -> #0`, `changed texm, 3 differences`.
fn stat_line(c: &Change) -> String {
    let size = |s: Option<u64>| s.map_or(String::new(), |s| format!(", {s} bytes"));
    let index = |i: Option<usize>| i.map_or("?".to_string(), |i| format!("#{i}"));
    let mut s = match c.kind {
        Kind::Added => format!("added {}{}", c.item, size(c.new_size)),
        Kind::Removed => format!("removed {}{}", c.item, size(c.old_size)),
        Kind::Renamed => format!("renamed from {}", c.from.as_deref().unwrap_or("?")),
        Kind::Moved => format!("moved {} -> {}", index(c.old_index), index(c.new_index)),
        Kind::Changed => {
            let mut s = format!("changed {}", c.item);
            match c.details.len() {
                0 => {
                    if let (Some(a), Some(b)) = (c.old_size, c.new_size) {
                        s.push_str(&if a == b { format!(", {a} bytes") } else { format!(", {a} -> {b} bytes") });
                    }
                }
                1 => s.push_str(", 1 difference"),
                n => s.push_str(&format!(", {n} differences")),
            }
            s
        }
    };
    if c.damaged.is_some() {
        s.push_str(", damaged");
    }
    s
}

fn print_plain(report: &Report, stat: bool) {
    let width = report.changes.iter().map(|c| c.path.chars().count()).max().unwrap_or(0).min(60);
    for c in &report.changes {
        outln!(" {:<width$} | {}", c.path, stat_line(c));
    }
    outln!(" {}", report.summary());
    if stat {
        return;
    }
    for c in report.changes.iter().filter(|c| !c.details.is_empty() || !c.context.is_empty() || c.damaged.is_some()) {
        outln!();
        outln!("{} ({}, {})", c.path, c.kind.label(), c.item);
        for d in &c.details {
            outln!("  {}", d.line());
        }
        if let Some(d) = &c.damaged {
            outln!("  damaged: {d}");
        }
        for l in &c.context {
            outln!("  | {l}");
        }
    }
}
