//! Material lookup by name with the engine's fallbacks (docs/formats/mat0.md#lookup-by-name): the
//! exact name (ASCII case-insensitive, like every NRes lookup), else `DEFAULT`, else entry 0. Each
//! fallback says so in a diagnostic, since the game only logs "Material %s not found.".

use crate::formats::error::{Diagnostic, Severity};
use crate::msg;

pub const DEFAULT_MATERIAL: &str = "DEFAULT";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Fallback {
    Exact,
    Default,
    FirstEntry,
    /// The list is empty: nothing to fall back to.
    Nothing,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Lookup {
    pub index: Option<usize>,
    pub fallback: Fallback,
    pub diagnostics: Vec<Diagnostic>,
}

fn position<S: AsRef<str>>(names: &[S], name: &str) -> Option<usize> {
    names.iter().position(|n| n.as_ref().as_bytes().eq_ignore_ascii_case(name.as_bytes()))
}

/// Resolves `name` in a list of material names (directory order).
pub fn find_material<S: AsRef<str>>(names: &[S], name: &str) -> Lookup {
    if let Some(i) = position(names, name) {
        return Lookup { index: Some(i), fallback: Fallback::Exact, diagnostics: Vec::new() };
    }
    let mut diagnostics =
        vec![Diagnostic::new(Severity::Warning, None, msg!("mat0-material-not-found", "Material {name} not found.", name = name))];
    if let Some(i) = position(names, DEFAULT_MATERIAL) {
        diagnostics.push(Diagnostic::new(Severity::Warning, None, msg!("mat0-using-default", "{name}: using {default} instead", name = name, default = DEFAULT_MATERIAL)));
        return Lookup { index: Some(i), fallback: Fallback::Default, diagnostics };
    }
    match names.first() {
        Some(first) => {
            diagnostics.push(Diagnostic::new(
                Severity::Warning,
                None,
                msg!(
                    "mat0-using-first",
                    "{name}: no {default} material either; using entry 0 ({first})",
                    name = name,
                    default = DEFAULT_MATERIAL,
                    first = first.as_ref()
                ),
            ));
            Lookup { index: Some(0), fallback: Fallback::FirstEntry, diagnostics }
        }
        None => {
            diagnostics.push(Diagnostic::new(Severity::Error, None, msg!("mat0-library-empty", "{name}: the material library is empty", name = name)));
            Lookup { index: None, fallback: Fallback::Nothing, diagnostics }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_then_default_then_first() {
        let names = ["STEEL", "Default", "GLASS"];
        let l = find_material(&names, "glass");
        assert_eq!((l.index, l.fallback, l.diagnostics.len()), (Some(2), Fallback::Exact, 0));
        let l = find_material(&names, "NOPE");
        assert_eq!((l.index, l.fallback), (Some(1), Fallback::Default));
        assert!(l.diagnostics[0].message.contains("Material NOPE not found."));
        let l = find_material(&["STEEL", "GLASS"], "NOPE");
        assert_eq!((l.index, l.fallback), (Some(0), Fallback::FirstEntry));
        assert!(l.diagnostics.iter().all(|d| d.severity == Severity::Warning));
        assert!(l.diagnostics[1].message.contains("entry 0 (STEEL)"));
        let empty: [&str; 0] = [];
        let l = find_material(&empty, "X");
        assert_eq!((l.index, l.fallback), (None, Fallback::Nothing));
        assert_eq!(l.diagnostics.last().unwrap().severity, Severity::Error);
    }

    #[test]
    fn folding_is_ascii_only() {
        // Cyrillic letters are not folded: 'Ж' and 'ж' differ.
        let l = find_material(&["Ж.0", "DEFAULT"], "ж.0");
        assert_eq!(l.fallback, Fallback::Default);
    }
}
