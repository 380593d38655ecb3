//! The editor's module graph stays as docs/architecture.md draws it ("Inside `app`"):
//! - the file import graph of `src/app` has no cycle;
//! - only the shell (`src/app/mod.rs` and `src/app/apply/`) names `StudioApp`: panels, the
//!   browser, tabs, compare and the mods views are handed a narrow context and push intents;
//! - `StudioApp` stays a table of contents (few fields, grouped).
//!
//! The graph is read from the source: every `use` tree (`crate::app::…`, `super::…`,
//! `self::…`, and paths that start with a child module) and every path written in the code
//! that starts with `crate::app::` or `super::`, resolved to the deepest module file it names.
//! Comments and string literals are left out. Plain std and no crate code, so it runs with and
//! without the `gui` feature; `cargo test --test app_imports -- --nocapture` prints the counts
//! docs/architecture.md quotes.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// A module as the segments after the crate root (`["app", "panels", "menu"]`).
type Module = Vec<String>;

fn app_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app")
}

/// Every `.rs` file under `src/app` with the module it is.
fn app_files() -> BTreeMap<Module, PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for e in fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    let root = app_dir();
    let mut files = Vec::new();
    walk(&root, &mut files);
    files
        .into_iter()
        .map(|p| {
            let rel = p.strip_prefix(&root).unwrap().with_extension("");
            let mut m: Module = vec!["app".to_string()];
            m.extend(rel.iter().map(|s| s.to_string_lossy().into_owned()));
            if m.last().is_some_and(|s| s == "mod") {
                m.pop();
            }
            (m, p)
        })
        .collect()
}

/// The source with comments, string and character literals blanked (newlines kept).
fn strip(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if c == b'/' && b.get(i + 1) == Some(&b'*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
                    depth += 1;
                    i += 2;
                } else if b[i] == b'*' && b.get(i + 1) == Some(&b'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == b'r' && (b.get(i + 1) == Some(&b'"') || b.get(i + 1) == Some(&b'#')) && (i == 0 || !is_ident(b[i - 1])) {
            // A raw string: r"…", r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&b'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&b'"') {
                out.push('r');
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= b.len() {
                    break;
                }
                if b[j] == b'"' && b[j + 1..].iter().take(hashes).filter(|&&h| h == b'#').count() == hashes {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            out.push_str("\"\"");
            i = j;
        } else if c == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                if b[i] == b'\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == b'\'' {
            // A character literal ('x', '\n', '\u{..}') or a lifetime ('a).
            if b.get(i + 1) == Some(&b'\\') {
                i += 2;
                while i < b.len() && b[i] != b'\'' {
                    i += 1;
                }
                i += 1;
                out.push_str("' '");
            } else if let Some(len) = std::str::from_utf8(&b[i + 1..]).ok().and_then(|s| s.chars().next()).map(char::len_utf8)
                && b.get(i + 1 + len) == Some(&b'\'')
            {
                i += 2 + len;
                out.push_str("' '");
            } else {
                out.push('\'');
                i += 1;
            }
        } else {
            let ch = src[i..].chars().next().unwrap();
            out.push(ch);
            i += ch.len_utf8();
        }
    }
    out
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// Identifiers, `::` and single punctuation, in order.
fn tokens(src: &str) -> Vec<String> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if is_ident(b[i]) {
            let s = i;
            while i < b.len() && is_ident(b[i]) {
                i += 1;
            }
            out.push(src[s..i].to_string());
        } else if b[i] == b':' && b.get(i + 1) == Some(&b':') {
            out.push("::".into());
            i += 2;
        } else if b[i].is_ascii_whitespace() || !b[i].is_ascii() {
            i += 1;
        } else {
            out.push((b[i] as char).to_string());
            i += 1;
        }
    }
    out
}

/// The paths of one `use` tree starting at `t[*i]`, each with `prefix` in front; leaves `*i`
/// after the tree.
fn use_tree(t: &[String], i: &mut usize, prefix: &[String], out: &mut Vec<Vec<String>>) {
    let mut path = prefix.to_vec();
    loop {
        match t.get(*i).map(String::as_str) {
            Some("{") => {
                *i += 1;
                while t.get(*i).is_some_and(|s| s != "}") {
                    use_tree(t, i, &path, out);
                    if t.get(*i).is_some_and(|s| s == ",") {
                        *i += 1;
                    }
                }
                *i += 1;
                return;
            }
            Some("*") => {
                *i += 1;
                out.push(path);
                return;
            }
            Some(s) if s.bytes().all(is_ident) => {
                path.push(s.to_string());
                *i += 1;
                if t.get(*i).is_some_and(|s| s == "::") {
                    *i += 1;
                    continue;
                }
                if t.get(*i).is_some_and(|s| s == "as") {
                    *i += 2;
                }
                out.push(path);
                return;
            }
            _ => {
                out.push(path);
                return;
            }
        }
    }
}

/// What one file imports: (paths of its `use` trees, paths written in the code), each with the
/// module it is written in (the file's, or an inline `mod` inside it).
fn file_paths(module: &Module, src: &str) -> Vec<(Module, Vec<String>, bool)> {
    let t = tokens(&strip(src));
    let mut out = Vec::new();
    // Inline modules: (name, brace depth inside it).
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < t.len() {
        let here = || {
            let mut m = module.clone();
            m.extend(inline.iter().map(|(n, _)| n.clone()));
            m
        };
        match t[i].as_str() {
            "{" => {
                depth += 1;
                i += 1;
            }
            "}" => {
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
                depth = depth.saturating_sub(1);
                i += 1;
            }
            "mod" if t.get(i + 2).is_some_and(|s| s == "{") => {
                inline.push((t[i + 1].clone(), depth + 1));
                i += 2;
            }
            "use" => {
                let m = here();
                i += 1;
                let mut paths = Vec::new();
                use_tree(&t, &mut i, &[], &mut paths);
                out.extend(paths.into_iter().map(|p| (m.clone(), p, true)));
            }
            "crate" | "super" if t.get(i + 1).is_some_and(|s| s == "::") && (i == 0 || t[i - 1] != "::") => {
                let m = here();
                let mut p = vec![t[i].clone()];
                let mut j = i + 1;
                while t.get(j).is_some_and(|s| s == "::") && t.get(j + 1).is_some_and(|s| s.bytes().all(is_ident)) {
                    p.push(t[j + 1].clone());
                    j += 2;
                }
                out.push((m, p, false));
                i = j;
            }
            _ => i += 1,
        }
    }
    out
}

/// The module file a path names (the deepest one), if it is inside `app`.
fn resolve(known: &BTreeSet<Module>, from: &Module, path: &[String], in_use: bool) -> Option<Module> {
    let (mut cur, rest): (Module, &[String]) = match path.first().map(String::as_str) {
        Some("crate") => (Vec::new(), &path[1..]),
        Some("super") | Some("self") => {
            let mut m = from.clone();
            let mut k = 0;
            while path.get(k).is_some_and(|s| s == "super" || s == "self") {
                if path[k] == "super" {
                    m.pop()?;
                }
                k += 1;
            }
            (m, &path[k..])
        }
        Some(first) if in_use => {
            let mut child = from.clone();
            child.push(first.to_string());
            if !known.contains(&child) {
                return None;
            }
            (from.clone(), path)
        }
        _ => return None,
    };
    for seg in rest {
        let mut next = cur.clone();
        next.push(seg.clone());
        if !known.contains(&next) {
            break;
        }
        cur = next;
    }
    (cur.first().is_some_and(|s| s == "app")).then_some(cur)
}

/// The file graph: `edges` are the imports of a sibling, cousin or child plus each module's
/// hold on its child files; `upward` the imports of an enclosing module (a child's `use
/// super::Type` of its own folder's `mod.rs`, or a panel's `crate::app::StudioApp`), which
/// cannot close a cycle of their own kind and are counted apart.
struct Graph {
    edges: BTreeMap<Module, BTreeSet<Module>>,
    upward: BTreeMap<Module, BTreeSet<Module>>,
}

fn graph() -> Graph {
    let files = app_files();
    let known: BTreeSet<Module> = files.keys().cloned().collect();
    let mut edges: BTreeMap<Module, BTreeSet<Module>> = files.keys().map(|m| (m.clone(), BTreeSet::new())).collect();
    let mut upward = edges.clone();
    for (m, p) in &files {
        let src = fs::read_to_string(p).unwrap();
        for (from, path, in_use) in file_paths(m, &src) {
            // A path written inside an inline module resolves from there, and is an import
            // of the file that holds it.
            let Some(to) = resolve(&known, &from, &path, in_use) else { continue };
            if &to == m {
                continue;
            }
            if m.starts_with(&to[..]) {
                upward.get_mut(m).unwrap().insert(to);
            } else {
                edges.get_mut(m).unwrap().insert(to);
            }
        }
        // A module holds its children: `view.rs` reaches what `view/side.rs` imports.
        if m.len() > 1 {
            let parent = m[..m.len() - 1].to_vec();
            edges.get_mut(&parent).unwrap().insert(m.clone());
        }
    }
    Graph { edges, upward }
}

fn name(m: &Module) -> String {
    m.join("::")
}

/// The strongly connected components with more than one file (Tarjan).
fn cycles(g: &Graph) -> Vec<Vec<Module>> {
    struct S<'a> {
        g: &'a Graph,
        index: BTreeMap<&'a Module, usize>,
        low: BTreeMap<&'a Module, usize>,
        stack: Vec<&'a Module>,
        on: BTreeSet<&'a Module>,
        next: usize,
        out: Vec<Vec<Module>>,
    }
    fn visit<'a>(s: &mut S<'a>, v: &'a Module) {
        s.index.insert(v, s.next);
        s.low.insert(v, s.next);
        s.next += 1;
        s.stack.push(v);
        s.on.insert(v);
        for w in &s.g.edges[v] {
            let w = s.g.edges.get_key_value(w).unwrap().0;
            if !s.index.contains_key(w) {
                visit(s, w);
                let l = s.low[w].min(s.low[v]);
                s.low.insert(v, l);
            } else if s.on.contains(w) {
                let l = s.index[w].min(s.low[v]);
                s.low.insert(v, l);
            }
        }
        if s.low[v] == s.index[v] {
            let mut comp = Vec::new();
            loop {
                let w = s.stack.pop().unwrap();
                s.on.remove(w);
                comp.push(w.clone());
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                s.out.push(comp);
            }
        }
    }
    let mut s = S { g, index: BTreeMap::new(), low: BTreeMap::new(), stack: Vec::new(), on: BTreeSet::new(), next: 0, out: Vec::new() };
    for v in g.edges.keys() {
        if !s.index.contains_key(v) {
            visit(&mut s, v);
        }
    }
    s.out
}

/// The shell: the files allowed to name `StudioApp`.
fn is_shell(m: &Module) -> bool {
    m == &["app"] || m.starts_with(&["app".to_string(), "apply".to_string()])
}

#[test]
fn the_app_import_graph_has_no_cycle() {
    let g = graph();
    // Upward past the file's own folder: a file importing from a module above its folder's
    // `mod.rs` (the back-references to the shell the issue counted).
    let upward: Vec<(String, String)> = g
        .upward
        .iter()
        .flat_map(|(a, to)| to.iter().filter(|b| b.len() + 1 < a.len() && !is_shell(a)).map(move |b| (name(a), name(b))))
        .collect();
    let edges: usize = g.edges.values().map(BTreeSet::len).sum();
    let local: usize = g.upward.values().map(BTreeSet::len).sum::<usize>() - upward.len();
    println!("app: {} files, {edges} imports and holds, {local} imports of the file's own folder module, {} upward past it", g.edges.len(), upward.len());
    for (a, b) in &upward {
        println!("  up: {a} -> {b}");
    }
    let found = cycles(&g);
    println!("cycles: {}", found.len());
    let text: Vec<String> = found.iter().map(|c| c.iter().map(name).collect::<Vec<_>>().join(", ")).collect();
    for t in &text {
        println!("  cycle: {t}");
    }
    assert!(found.is_empty(), "import cycles inside src/app (each line a set of files that import each other):\n{}", text.join("\n"));
}

#[test]
fn only_the_shell_names_the_app() {
    let files = app_files();
    let mut naming = Vec::new();
    for (m, p) in &files {
        let t = tokens(&strip(&fs::read_to_string(p).unwrap()));
        if !is_shell(m) && t.iter().any(|s| s == "StudioApp") {
            naming.push(p.strip_prefix(app_dir()).unwrap().display().to_string());
        }
    }
    println!("files outside app/mod.rs and app/apply/ naming StudioApp: {}", naming.len());
    for n in &naming {
        println!("  {n}");
    }
    assert!(naming.is_empty(), "outside the shell these name StudioApp (hand them a context instead): {naming:?}");
}

/// `StudioApp` reads as a table of contents: few fields, fewer of them public (the rest are
/// grouped in sub-structs by what they are for). Prints the counts docs/architecture.md quotes.
#[test]
fn the_app_struct_is_a_table_of_contents() {
    let src = strip(&fs::read_to_string(app_dir().join("mod.rs")).unwrap());
    let start = src.find("pub struct StudioApp {").expect("StudioApp is declared in src/app/mod.rs");
    let body = &src[start..];
    let body = &body[body.find('{').unwrap() + 1..body.find("\n}").unwrap()];
    let fields: Vec<&str> = body.lines().map(str::trim).filter(|l| l.split(':').next().is_some_and(|n| !n.is_empty() && n.trim_start_matches("pub ").bytes().all(is_ident))).collect();
    let public = fields.iter().filter(|l| l.starts_with("pub ")).count();
    println!("StudioApp: {} fields, {public} public", fields.len());
    assert!(fields.len() <= 12 && public <= 8, "StudioApp has {} fields, {public} public: group them", fields.len());
}

/// The scanner itself: comments and strings are left out, inline modules resolve from inside.
#[test]
fn the_scanner_reads_use_trees_and_skips_comments() {
    let m: Module = vec!["app".into(), "x".into()];
    let src = "// use crate::app::a;\nuse crate::app::{b::C, d as e};\nfn f() { let s = \"crate::app::z\"; super::y::g(); }\nmod tests { use super::*; }\n";
    let got: Vec<Vec<String>> = file_paths(&m, src).into_iter().map(|(_, p, _)| p).collect();
    let want: Vec<Vec<String>> = vec![
        vec!["crate".into(), "app".into(), "b".into(), "C".into()],
        vec!["crate".into(), "app".into(), "d".into()],
        vec!["super".into(), "y".into(), "g".into()],
        vec!["super".into()],
    ];
    assert_eq!(got, want);
    let known: BTreeSet<Module> = [vec!["app".to_string()], m.clone(), vec!["app".into(), "b".into()]].into_iter().collect();
    assert_eq!(resolve(&known, &m, &want[0], true), Some(vec!["app".into(), "b".into()]));
    assert_eq!(resolve(&known, &m, &want[2], false), Some(vec!["app".into()]));
    let in_tests: Module = vec!["app".into(), "x".into(), "tests".into()];
    assert_eq!(resolve(&known, &in_tests, &want[3], true), Some(m));
}
