//! Numbers in sentences, said the same way everywhere: counts with their plural, times in ms.

/// "1 block", "2 blocks".
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A time in ms for reading: whole ms, or one decimal when there is a fraction (the playhead is
/// an `f64` that playback advances by frame times).
pub fn ms(ms: f64) -> String {
    let tenth = (ms * 10.0).round() / 10.0;
    if tenth.fract() == 0.0 { format!("{tenth:.0} ms") } else { format!("{tenth:.1} ms") }
}

#[cfg(test)]
mod tests {
    #[test]
    fn counts_and_times() {
        assert_eq!(super::count(1, "block", "blocks"), "1 block");
        assert_eq!(super::count(0, "block", "blocks"), "0 blocks");
        assert_eq!(super::ms(625.0000610947609), "625 ms");
        assert_eq!(super::ms(16.66), "16.7 ms");
        assert_eq!(super::ms(0.04), "0 ms");
    }
}
