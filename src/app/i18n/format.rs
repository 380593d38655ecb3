//! Numbers and sizes written the current language's way. English: `12,345`, `1.5 KB`.
//! Russian (CLDR, and as Russian typography sets them): a narrow no-break space between
//! thousands (`12 345`), a decimal comma (`1,5`), `КБ`/`МБ`/`ГБ`, a no-break space before
//! the unit.

use super::{Language, language};

/// U+202F NARROW NO-BREAK SPACE, Russian's thousands separator.
pub const RU_GROUP: char = '\u{202F}';

/// An integer in the current language (`12,345` / `12 345`).
pub fn int(n: impl Into<i128>) -> String {
    let n: i128 = n.into();
    group(language(), &n.unsigned_abs().to_string(), n < 0)
}

/// `x` with `digits` decimals in the current language (`1.50` / `1,50`).
pub fn decimal(x: f64, digits: usize) -> String {
    number_in(language(), x, digits)
}

/// A size in bytes for reading, 1024-based: `512 B`, `1.5 KB`, `12 MB` (`1,5 КБ`).
pub fn bytes(n: u64) -> String {
    bytes_in(language(), n)
}

pub fn bytes_in(l: Language, n: u64) -> String {
    let units: [&str; 4] = match l {
        Language::English => ["B", "KB", "MB", "GB"],
        Language::Russian => ["Б", "КБ", "МБ", "ГБ"],
    };
    let mut v = n as f64;
    let mut u = 0;
    while v >= 1024.0 && u + 1 < units.len() {
        v /= 1024.0;
        u += 1;
    }
    // Whole bytes; below 10 of a larger unit one decimal, else whole.
    let digits = if u > 0 && v < 10.0 { 1 } else { 0 };
    let text = if u == 0 { group(l, &n.to_string(), false) } else { number_in(l, v, digits) };
    format!("{text}\u{A0}{}", units[u])
}

/// `x` in `l` with at least `digits` decimals (whole numbers with none get none).
pub fn number_in(l: Language, x: f64, digits: usize) -> String {
    if !x.is_finite() {
        return x.to_string();
    }
    let text = format!("{:.*}", digits, x.abs());
    let (whole, frac) = text.split_once('.').unwrap_or((&text, ""));
    let negative = x < 0.0 && text.bytes().any(|b| (b'1'..=b'9').contains(&b));
    let mut out = group(l, whole, negative);
    if !frac.is_empty() {
        out.push(if l == Language::Russian { ',' } else { '.' });
        out.push_str(frac);
    }
    out
}

/// ASCII digits `whole` with the language's thousands separator (from four digits on, as
/// CLDR has both languages).
fn group(l: Language, whole: &str, negative: bool) -> String {
    let sep = if l == Language::Russian { RU_GROUP } else { ',' };
    let mut out = String::with_capacity(whole.len() + whole.len() / 3 * 3 + 1);
    if negative {
        out.push(if l == Language::Russian { '−' } else { '-' });
    }
    for (i, c) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i).is_multiple_of(3) {
            out.push(sep);
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use Language::*;

    #[test]
    fn numbers_per_language() {
        assert_eq!(number_in(English, 12345.0, 0), "12,345");
        assert_eq!(number_in(Russian, 12345.0, 0), "12\u{202F}345");
        assert_eq!(number_in(English, 1234567.25, 2), "1,234,567.25");
        assert_eq!(number_in(Russian, 1234567.25, 2), "1\u{202F}234\u{202F}567,25");
        assert_eq!(number_in(Russian, 999.0, 0), "999");
        assert_eq!(number_in(Russian, 0.5, 1), "0,5");
        assert_eq!(number_in(English, -1500.0, 0), "-1,500");
        assert_eq!(number_in(Russian, -0.01, 1), "0,0", "no minus sign on a rounded zero");
    }

    #[test]
    fn sizes_per_language() {
        assert_eq!(bytes_in(English, 512), "512\u{A0}B");
        assert_eq!(bytes_in(Russian, 512), "512\u{A0}Б");
        assert_eq!(bytes_in(English, 1536), "1.5\u{A0}KB");
        assert_eq!(bytes_in(Russian, 1536), "1,5\u{A0}КБ");
        assert_eq!(bytes_in(Russian, 12 * 1024 * 1024), "12\u{A0}МБ");
        assert_eq!(bytes_in(Russian, 1000), "1000\u{A0}Б".replace("1000", "1\u{202F}000"));
        assert_eq!(bytes_in(English, u64::MAX), "17,179,869,184\u{A0}GB");
    }
}
