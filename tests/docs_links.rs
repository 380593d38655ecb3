//! Every document the code and the docs cite is in the repository.
//!
//! Scans every `.rs` file under `src/`, `tests/`, `benches/` and `fuzz/`, plus `README.md` and
//! `docs/**/*.md`, and checks that
//! - each cited `docs/...` path exists, and each `#anchor` after a cited `.md` page is one of its
//!   headings;
//! - each relative Markdown link in `README.md` and `docs/` resolves the same way;
//! - nothing cites the format notes the project started from, which do not ship with it: no
//!   bare `formats.md`, no `cli.md` or `xray-level.md` outside `docs/` other than the
//!   repository's own pages, no `seed 000`-style or `seed 10.4`-style section, no `shared/` or
//!   `spec/` path.
//!
//! Plain std and no crate code, so it runs with and without the `gui` feature.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The files scanned, relative to the repository.
fn scanned_files(repo: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for top in ["src", "tests", "benches", "fuzz"] {
        walk(repo, &repo.join(top), &mut |p| p.extension().is_some_and(|e| e == "rs"), &mut out);
    }
    out.push(PathBuf::from("README.md"));
    walk(repo, &repo.join("docs"), &mut |p| p.extension().is_some_and(|e| e == "md"), &mut out);
    out.sort();
    out
}

fn walk(repo: &Path, dir: &Path, keep: &mut dyn FnMut(&Path) -> bool, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    let mut entries: Vec<_> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        let name = p.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        if p.is_dir() {
            // Build output and fuzzing's generated inputs are not sources.
            if !matches!(name, "target" | "corpus" | "artifacts" | "snapshots") {
                walk(repo, &p, keep, out);
            }
        } else if keep(&p) {
            out.push(p.strip_prefix(repo).expect("under the repository").to_path_buf());
        }
    }
}

/// A byte that can be part of a cited path.
fn path_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.' | b'/' | b'#')
}

/// A byte before a citation that makes it part of a longer path or word (`xdocs/`, `a/docs/`).
fn joins_before(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.' | b'/')
}

/// Every `docs/...` path a text cites, with its line number. Trailing punctuation (a sentence's
/// full stop, an `'s`) is not part of the path.
fn cited_docs_paths(text: &str) -> Vec<(usize, String)> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(k) = text[at..].find("docs/") {
        let start = at + k;
        at = start + 5;
        if start > 0 && joins_before(bytes[start - 1]) {
            continue;
        }
        let mut end = start;
        while end < bytes.len() && path_byte(bytes[end]) {
            end += 1;
        }
        let cited = text[start..end].trim_end_matches(['.', '-', '#', '/']);
        let line = text[..start].matches('\n').count() + 1;
        out.push((line, cited.to_string()));
    }
    out
}

/// GitHub's anchor for a heading: lower case; letters, digits, `-` and `_` kept; spaces become
/// `-`; everything else dropped.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a Markdown file's headings (outside code blocks).
fn anchors(markdown: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut in_code = false;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        let hashes = line.bytes().take_while(|&b| b == b'#').count();
        if (1..=6).contains(&hashes) && line.as_bytes().get(hashes) == Some(&b' ') {
            out.insert(slug(&line[hashes + 1..]));
        }
    }
    out
}

/// Checks that `target` (a path relative to `base`, with an optional `#anchor`) exists and, for
/// a Markdown page, has the anchor. `None` when it does.
fn broken(repo: &Path, base: &Path, target: &str) -> Option<String> {
    let (path, anchor) = match target.split_once('#') {
        Some((p, a)) => (p, Some(a)),
        None => (target, None),
    };
    let file = repo.join(base).join(path);
    if !file.exists() {
        return Some(format!("{target}: no such file ({})", file.display()));
    }
    let anchor = anchor.filter(|a| !a.is_empty())?;
    if file.extension().is_some_and(|e| e == "md") {
        let text = fs::read_to_string(&file).unwrap_or_default();
        if !anchors(&text).contains(anchor) {
            return Some(format!("{target}: {} has no heading with the anchor #{anchor}", path));
        }
    }
    None
}

/// Relative Markdown link targets `](...)` of a Markdown text, with their line numbers.
fn markdown_links(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut in_code = false;
    for (n, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        let mut rest = line;
        while let Some(k) = rest.find("](") {
            let after = &rest[k + 2..];
            let Some(close) = after.find(')') else { break };
            let target = after[..close].trim();
            if !target.contains("://") && !target.starts_with("mailto:") && !target.is_empty() {
                out.push((n + 1, target.to_string()));
            }
            rest = &after[close..];
        }
    }
    out
}

/// Citations of documents that do not ship with the repository, as `(line, what)`.
fn outside_citations(text: &str, in_docs: bool) -> Vec<(usize, String)> {
    let lower = text.to_ascii_lowercase();
    let bytes = lower.as_bytes();
    let mut out = Vec::new();
    let mut find = |needle: &str, why: &str, ok_before: &dyn Fn(usize) -> bool| {
        let mut at = 0;
        while let Some(k) = lower[at..].find(needle) {
            let start = at + k;
            at = start + needle.len();
            if !ok_before(start) {
                out.push((lower[..start].matches('\n').count() + 1, format!("{why}: {needle}")));
            }
        }
    };
    let part_of_path = |start: usize| start > 0 && joins_before(bytes[start - 1]);
    // The repository has no formats.md anywhere; a bare one is the old shared note.
    find("formats.md", "the shared format notes", &part_of_path);
    if !in_docs {
        // In docs/ these names are relative links to the repository's own pages.
        find("cli.md", "the shared CLI notes (cite docs/cli.md)", &part_of_path);
        find("xray-level.md", "the shared X-Ray notes (cite docs/formats/xray-level.md)", &part_of_path);
    }
    find("shared/", "the shared folder", &|s| s > 0 && (bytes[s - 1].is_ascii_alphanumeric() || matches!(bytes[s - 1], b'_' | b'-' | b'.')));
    find("spec/", "the shared spec folder", &|s| s > 0 && (bytes[s - 1].is_ascii_alphanumeric() || matches!(bytes[s - 1], b'_' | b'-' | b'.')));
    find("the seed's", "the seed notes", &|_| false);
    // "seed 000", "seed001", "seed 10.4": a numbered section of the seed notes; "seeds/".
    let mut at = 0;
    while let Some(k) = lower[at..].find("seed") {
        let start = at + k;
        at = start + 4;
        if start > 0 && (bytes[start - 1].is_ascii_alphanumeric() || bytes[start - 1] == b'_') {
            continue;
        }
        let line = lower[..start].matches('\n').count() + 1;
        let after = &bytes[start + 4..];
        if after.starts_with(b"/") || after.starts_with(b"s/") {
            out.push((line, "the seed folder".to_string()));
            continue;
        }
        let num = after.strip_prefix(b" ").unwrap_or(after);
        let digits = num.iter().take_while(|b| b.is_ascii_digit()).count();
        let next = num.get(digits).copied();
        let note = digits == 3 && num[0] == b'0' && !next.is_some_and(|b| b.is_ascii_alphanumeric());
        let section = digits >= 1 && next == Some(b'.') && num.get(digits + 1).is_some_and(u8::is_ascii_digit);
        if note || section {
            let shown = String::from_utf8_lossy(&num[..digits]);
            out.push((line, format!("a section of the seed notes: seed {shown}")));
        }
    }
    out
}

#[test]
fn every_cited_docs_path_exists() {
    let repo = repo();
    let files = scanned_files(&repo);
    assert!(files.len() > 100, "the scan found only {} files: is it looking in the right place?", files.len());
    let mut problems = Vec::new();
    let mut cited = 0;
    for rel in &files {
        let text = fs::read_to_string(repo.join(rel)).unwrap_or_else(|e| panic!("{}: {e}", rel.display()));
        for (line, target) in cited_docs_paths(&text) {
            cited += 1;
            if let Some(why) = broken(&repo, Path::new(""), &target) {
                problems.push(format!("{}:{line}: {why}", rel.display()));
            }
        }
        if rel.extension().is_some_and(|e| e == "md") {
            let base = rel.parent().unwrap_or(Path::new(""));
            for (line, target) in markdown_links(&text) {
                let found = match target.strip_prefix('#') {
                    Some(anchor) => (!anchors(&text).contains(anchor)).then(|| format!("#{anchor}: no such heading in this file")),
                    None => broken(&repo, base, &target),
                };
                if let Some(why) = found {
                    problems.push(format!("{}:{line}: {why}", rel.display()));
                }
            }
        }
    }
    assert!(cited > 50, "only {cited} docs/ citations found: the scan is broken");
    assert!(problems.is_empty(), "{} broken citations:\n{}", problems.len(), problems.join("\n"));
}

#[test]
fn nothing_cites_documents_outside_the_repository() {
    let repo = repo();
    let this_file = Path::new(file!());
    let mut problems = Vec::new();
    for rel in scanned_files(&repo) {
        // This file spells the forbidden names out to look for them.
        if rel.ends_with(this_file.file_name().expect("a file name")) && rel.starts_with("tests") {
            continue;
        }
        let text = fs::read_to_string(repo.join(&rel)).unwrap_or_else(|e| panic!("{}: {e}", rel.display()));
        let in_docs = rel.starts_with("docs");
        for (line, what) in outside_citations(&text, in_docs) {
            problems.push(format!("{}:{line}: cites {what}", rel.display()));
        }
    }
    assert!(
        problems.is_empty(),
        "{} citations of documents that do not ship with the repository (cite docs/... instead; /work/wt/docs-rewrite.py maps the old ones):\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn the_scanners_find_what_they_must() {
    let text = "see docs/formats/nres.md#header-16-bytes. Also docs/cli.md's table, xdocs/no.md, a/docs/no.md\n";
    assert_eq!(
        cited_docs_paths(text),
        vec![(1, "docs/formats/nres.md#header-16-bytes".to_string()), (1, "docs/cli.md".to_string())]
    );
    assert_eq!(slug("`attr1` bits (`flags.rs`)"), "attr1-bits-flagsrs");
    assert_eq!(slug("slot-grid: meaning of the 3 × 5 slot grid"), "slot-grid-meaning-of-the-3--5-slot-grid");
    assert_eq!(markdown_links("[a](b.md#c) and [d](https://x/y) [e](#f)"), vec![(1, "b.md#c".into()), (1, "#f".into())]);
    let repo = repo();
    assert!(broken(&repo, Path::new(""), "docs/readings.md").is_none());
    // Spelt in two parts, so that the scan of this file does not find them.
    assert!(broken(&repo, Path::new(""), &["docs/", "nope.md"].concat()).is_some(), "a missing page is reported");
    assert!(broken(&repo, Path::new(""), &["docs/", "readings.md#no-such-heading"].concat()).is_some(), "a missing anchor is reported");
    assert!(broken(&repo, Path::new("docs/formats"), "../readings.md#uv-mesh-texture-coordinates").is_none());

    let bad = |s: &str, in_docs: bool| outside_citations(s, in_docs).len();
    let forbidden_format_notes = ["formats", ".md section 3"].concat();
    assert_eq!(bad(&forbidden_format_notes, false), 1);
    assert_eq!(bad(&["c", "li.md"].concat(), false), 1);
    assert_eq!(bad(&["c", "li.md"].concat(), true), 0, "a relative link inside docs/");
    assert_eq!(bad("docs/cli.md and docs/formats/xray-level.md", false), 0);
    assert_eq!(bad(&["see ", "seed 000 section 6.3"].concat(), false), 1);
    assert_eq!(bad(&["Seed", " 10.4's formula"].concat(), false), 1);
    assert_eq!(bad(&["Seed", "001: slots"].concat(), false), 1);
    assert_eq!(bad(&["the ", "seed's reading"].concat(), false), 1);
    assert_eq!(bad(&["/work/", "shared/spec/x"].concat(), false), 2);
    assert_eq!(bad("xor_seed 0x1234, with_seed(0), --seed 7, fuzz seeds, Seed71, seed 0", false), 0);
}
