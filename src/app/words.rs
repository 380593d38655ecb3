//! Words said the same way everywhere: a severity, times in ms (counts are said through the
//! `tr!` plurals).

/// A severity as a line starts with it ("Error: …"), in the language.
pub fn severity(s: crate::formats::Severity) -> String {
    use crate::formats::Severity;
    match s {
        Severity::Error => crate::tr!("inspector-severity-error"),
        Severity::Warning => crate::tr!("inspector-severity-warning"),
        Severity::Info => crate::tr!("inspector-severity-info"),
    }
}

/// A time in ms for reading: whole ms, or one decimal when there is a fraction (the playhead is
/// an `f64` that playback advances by frame times).
pub fn ms(ms: f64) -> String {
    let tenth = (ms * 10.0).round() / 10.0;
    let n = crate::app::i18n::format::decimal(tenth, if tenth.fract() == 0.0 { 0 } else { 1 });
    crate::tr!("unit-ms", n = n)
}

#[cfg(test)]
mod tests {
    #[test]
    fn times() {
        assert_eq!(super::ms(625.0000610947609), "625 ms");
        assert_eq!(super::ms(16.66), "16.7 ms");
        assert_eq!(super::ms(0.04), "0 ms");
    }
}
