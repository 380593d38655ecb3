//! The commands over a game folder as one project (docs/cli.md "Projects"): `check DIR`,
//! `refs`, `search` and `rename --references`. Each is a face of `doc::project`, the calls the
//! editor's project view makes.

use super::output::outln;
use super::check::{check_file, print_check_report};
use super::{Failure, Out, split_address};
use crate::doc::check::FileReport;
use crate::doc::project::{Index, Problem, Project, Query, rename, search};
use crate::doc::{FileId, Workspace};
use crate::formats::Severity;
use crate::formats::readings::Readings;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

fn open_project(dir: &Path) -> Result<Project, Failure> {
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => Ok(Project::open(dir)),
        Ok(_) => Err(Failure::usage(format!("{}: not a folder", dir.display()))),
        Err(e) => Err(Failure::io(dir, e)),
    }
}

fn severity(s: Severity) -> &'static str {
    match s {
        Severity::Info => "info",
        Severity::Warning => "warning",
        Severity::Error => "error",
    }
}

fn problem_line(p: &Problem) -> String {
    let at = match (p.line, p.offset) {
        (Some(l), _) => format!(" line {l}"),
        (None, Some(o)) => format!(" @0x{o:X}"),
        _ => String::new(),
    };
    let related = p.related.as_ref().map(|r| format!(" (see {r})")).unwrap_or_default();
    format!("{}: {}{at}: {}{related}", severity(p.severity), p.file, p.message)
}

/// `check` with folders among the paths: each folder walked as a project (every file it would
/// open, checked as `check FILE` checks it, with the project's findings about it), files as
/// they are.
pub fn check(paths: &[String], json_out: bool, readings: &Readings) -> Out {
    let mut records: Vec<Value> = Vec::new();
    let mut io_failed = false;
    let mut failed = 0usize;
    let mut findings = 0usize;
    let mut unrelated = 0usize;
    for p in paths {
        let path = Path::new(p);
        if !path.is_dir() {
            match check_file(p, readings) {
                Ok(r) => {
                    failed += usize::from(!r.ok);
                    records.push(file_record(&r, &[]));
                    if !json_out {
                        print_report(&r, &[]);
                    }
                }
                Err(e) => {
                    eprintln!("error: {p}: {e}");
                    io_failed = true;
                }
            }
            continue;
        }
        let project = open_project(path)?;
        unrelated += project.walked.unrelated;
        let index = project.index(readings);
        // Walk problems of files never listed (unreadable, loops) are records of their own.
        for w in &project.walked.problems {
            let shown = path.join(&w.file).display().to_string();
            let ok = w.severity < Severity::Error;
            failed += usize::from(!ok);
            findings += 1;
            records.push(json!({"path": shown, "ok": ok, "roundtrip": false, "entries": 0, "diagnostics": [], "project": [w]}));
            if !json_out {
                outln!("{shown}: {}", if ok { "skipped" } else { "FAILED" });
                outln!("  {}", problem_line(w));
            }
        }
        for f in project.files() {
            let shown = f.path.display().to_string();
            let mut project_findings = index.problems_of(&f.rel);
            // The file's own reading is reported by its check; the project adds what links say.
            project_findings.retain(|p| p.severity < Severity::Error || !p.message.starts_with("cannot be read"));
            findings += project_findings.len();
            match check_file(&shown, readings) {
                Ok(r) => {
                    let ok = r.ok && !project_findings.iter().any(|p| p.severity == Severity::Error);
                    failed += usize::from(!ok);
                    records.push(file_record(&r, &project_findings));
                    if !json_out {
                        print_report(&r, &project_findings);
                    }
                }
                Err(e) => {
                    failed += 1;
                    records.push(json!({"path": shown, "ok": false, "roundtrip": false, "entries": 0,
                        "diagnostics": [{"severity": "error", "entry": null, "offset": 0, "message": format!("cannot be read: {e}")}], "project": project_findings}));
                    if !json_out {
                        outln!("{shown}: FAILED, cannot be read: {e}");
                    }
                }
            }
        }
    }
    let summary = json!({"files": records.len(), "failed": failed, "project_findings": findings, "unrelated_files": unrelated});
    if json_out {
        outln!("{}", serde_json::to_string_pretty(&json!({"files": records, "summary": summary})).expect("JSON values serialise"));
    } else {
        outln!(
            "{} files checked: {} ok, {failed} failed; {findings} project findings; {unrelated} files of no game format skipped",
            records.len(),
            records.len() - failed
        );
    }
    if io_failed {
        return Ok(2);
    }
    Ok(if failed == 0 { 0 } else { 1 })
}

fn file_record(r: &FileReport, project: &[Problem]) -> Value {
    let mut v = serde_json::to_value(r).expect("reports serialise");
    v["ok"] = json!(r.ok && !project.iter().any(|p| p.severity == Severity::Error));
    v["project"] = serde_json::to_value(project).expect("problems serialise");
    v
}

fn print_report(r: &FileReport, project: &[Problem]) {
    print_check_report(r);
    for p in project {
        outln!("  {}", problem_line(p));
    }
}

/// The project a `refs` address belongs to, and the address inside it.
fn locate(address: &str, project_dir: Option<PathBuf>) -> Result<(Project, String), Failure> {
    let (file, entries) = split_address(address);
    let file_path = Path::new(file);
    let dir = match project_dir {
        Some(d) => d,
        None => {
            // The working folder when the file is below it, else the file's own folder.
            let cwd = std::env::current_dir().map_err(|e| Failure::io(Path::new("."), e))?;
            let canon = std::fs::canonicalize(file_path).map_err(|e| Failure::io(file_path, e))?;
            if canon.starts_with(&cwd) { cwd } else { canon.parent().map(Path::to_path_buf).unwrap_or(cwd) }
        }
    };
    let project = open_project(&dir)?;
    // The file as given (from the working folder), else as a path inside the project.
    let rel = if file_path.exists() { project.rel_of(file_path) } else { project.file(file).map(|f| f.rel.clone()) };
    let rel = rel.ok_or_else(|| Failure::usage(format!("{file}: not a file of the project {}", dir.display())))?;
    let mut addr = rel;
    for e in entries {
        addr.push_str("::");
        addr.push_str(e);
    }
    Ok((project, addr))
}

fn find(index: &Index, address: &str) -> Result<crate::doc::project::ItemId, Failure> {
    index.find(address).ok_or_else(|| {
        let (file, entries) = split_address(address);
        let last = entries.last().copied().unwrap_or(file).to_ascii_lowercase();
        let mut near: Vec<(usize, String)> = index
            .items()
            .filter(|(_, it)| it.address.to_ascii_lowercase().starts_with(&file.to_ascii_lowercase()))
            .map(|(_, it)| (crate::formats::wear::assist::edit_distance(&it.name.to_ascii_lowercase(), &last), it.address.clone()))
            .collect();
        near.sort();
        let hint = near.first().map(|(_, a)| format!("; did you mean {a}?")).unwrap_or_default();
        Failure::usage(format!("{address}: no such item in the project{hint}"))
    })
}

/// `refs ADDRESS`: what an item uses and what uses it, and the meshes that draw it.
pub fn refs(address: &str, project_dir: Option<PathBuf>, up: bool, json_out: bool, readings: &Readings) -> Out {
    let (project, addr) = locate(address, project_dir)?;
    let index = project.index(readings);
    let id = find(&index, &addr)?;
    let item = index.item(id).expect("found items exist");
    let uses = index.uses(id);
    let used_by = index.used_by(id);
    let shown_by = index.shown_by(id);
    let unused = index.is_unused(id);
    let reached = if up { index.reached_by(id) } else { Vec::new() };
    if json_out {
        let uses: Vec<Value> = uses
            .iter()
            .map(|(r, target)| {
                let mut v = serde_json::to_value(r).expect("refs serialise");
                v["target"] = json!(target);
                v["exact"] = json!(r.target.is_some_and(|t| t.exact));
                v["row"] = json!(r.target.and_then(|t| t.row));
                v
            })
            .collect();
        let mut v = json!({"address": item.address, "kind": item.kind, "uses": uses, "used_by": used_by, "shown_by": shown_by, "unused": unused});
        if up {
            v["reached_by"] = reached
                .iter()
                .map(|(depth, l)| {
                    let mut v = serde_json::to_value(l).expect("links serialise");
                    v["depth"] = json!(depth);
                    v
                })
                .collect();
        }
        outln!("{}", serde_json::to_string_pretty(&v).expect("JSON values serialise"));
        return Ok(0);
    }
    outln!("{} ({})", item.address, item.kind);
    if uses.is_empty() {
        outln!("uses: nothing");
    } else {
        outln!("uses:");
        for (r, target) in &uses {
            let to = match (target, r.target) {
                (Some(t), Some(x)) if !x.exact => format!("{t} (the engine's fallback)"),
                (Some(t), Some(x)) => match x.row {
                    Some(row) => format!("{t} row {row}"),
                    None => t.clone(),
                },
                _ => "nothing in the project".to_string(),
            };
            outln!("  {}: {} {} -> {to}", r.at.describe(), r.kind.label(), r.name);
        }
    }
    if used_by.is_empty() {
        outln!("used by: nothing{}", if unused { " (unused)" } else { "" });
    } else {
        outln!("used by:");
        for l in &used_by {
            let how = if l.exact { "" } else { " (falls back to it)" };
            outln!("  {}  {}{how}", l.address, l.at.describe());
        }
    }
    if !shown_by.is_empty() && item.kind != crate::doc::kinds::FormatKind::Msh {
        outln!("drawn by:");
        for l in &shown_by {
            outln!("  {}  {} (through {})", l.address, l.at.describe(), l.name);
        }
    }
    if up {
        outln!("reached by:{}", if reached.is_empty() { " nothing" } else { "" });
        for (depth, l) in &reached {
            outln!("{:indent$}<- {}  {} ({} {})", "", l.address, l.at.describe(), l.kind.label(), l.name, indent = depth * 2);
        }
    }
    Ok(0)
}

/// `search DIR QUERY`: the editor's search.
pub fn search_cmd(dir: &Path, query: &str, json_out: bool, readings: &Readings) -> Out {
    let project = open_project(dir)?;
    let index = project.index(readings);
    let q = Query::parse(query);
    for u in &q.unknown {
        eprintln!("warning: {u}: not a filter (t:texm, t:mat0, t:wear, t:msh, t:level, t:archive, is:unused, is:dangling)");
    }
    let hits = search::search(&index, &q);
    if json_out {
        outln!("{}", serde_json::to_string_pretty(&json!({"query": query, "hits": hits})).expect("JSON values serialise"));
    } else {
        for h in &hits {
            outln!("{}", h.describe());
        }
        outln!("{} results", hits.len());
    }
    Ok(0)
}

/// `rename ITEM NEW --references DIR`: the entry and every name of it in the project, saved
/// file by file (only the files that change; each atomically).
pub fn rename_with_references(item: &str, new_name: &str, dir: &Path, dry_run: bool, readings: &Readings) -> Out {
    let project = open_project(dir)?;
    let (file, entries) = split_address(item);
    let file_path = Path::new(file);
    let rel = if file_path.exists() { project.rel_of(file_path) } else { project.file(file).map(|f| f.rel.clone()) };
    let rel = rel.ok_or_else(|| Failure::usage(format!("{file}: not a file of the project {}", dir.display())))?;
    let address = std::iter::once(rel.as_str()).chain(entries.iter().copied()).collect::<Vec<_>>().join("::");
    let index = project.index(readings);
    find(&index, &address)?;
    let plan = rename::plan(&index, &address, new_name).map_err(Failure::usage)?;
    let files = plan.files(&index);
    outln!("rename {} -> {}", plan.address, plan.new);
    for r in &plan.rewrites {
        outln!("  {}  {}: {} -> {}", r.address, r.at.describe(), r.old, r.new);
    }
    let n = plan.rewrites.len();
    let refs = format!("{n} reference{}", if n == 1 { "" } else { "s" });
    if dry_run {
        outln!("{refs} would be rewritten; would write {} file{}: {} (dry run: nothing written)", files.len(), plural(files.len()), files.join(", "));
        return Ok(0);
    }
    let mut ws = Workspace::new();
    ws.readings = *readings;
    let root = project.root.clone();
    let mut open = |ws: &mut Workspace, rel: &str| -> Result<FileId, String> {
        let path = project.file(rel).map(|f| f.path.clone()).unwrap_or_else(|| root.join(rel));
        if let Some(f) = ws.find_file(&path) {
            return Ok(f);
        }
        ws.open(&path).map_err(|e| e.to_string())
    };
    rename::apply(&mut ws, &index, &plan, &mut open).map_err(|m| Failure { code: 1, message: m.english })?;
    let ids: Vec<FileId> = ws.files().iter().filter(|f| f.is_dirty()).map(|f| f.id).collect();
    for id in ids {
        ws.save(id, false).map_err(|e| Failure { code: 2, message: e.to_string() })?;
    }
    outln!("{refs} rewritten; wrote {} file{}: {}", files.len(), plural(files.len()), files.join(", "));
    Ok(0)
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}
