//! Windows-1251, the code page of the game's names and texts. Decoding is for display only:
//! writers always keep the raw bytes, and `encode` is exact for every character `decode` yields.

const HIGH: [char; 64] = [
    'Ђ', 'Ѓ', '‚', 'ѓ', '„', '…', '†', '‡', '€', '‰', 'Љ', '‹', 'Њ', 'Ќ', 'Ћ', 'Џ', //
    'ђ', '‘', '’', '“', '”', '•', '–', '—', '\u{98}', '™', 'љ', '›', 'њ', 'ќ', 'ћ', 'џ', //
    '\u{A0}', 'Ў', 'ў', 'Ј', '¤', 'Ґ', '¦', '§', 'Ё', '©', 'Є', '«', '¬', '\u{AD}', '®', 'Ї', //
    '°', '±', 'І', 'і', 'ґ', 'µ', '¶', '·', 'ё', '№', 'є', '»', 'ј', 'Ѕ', 'ѕ', 'ї',
];

pub fn decode_byte(b: u8) -> char {
    match b {
        0..=0x7F => b as char,
        0x80..=0xBF => HIGH[(b - 0x80) as usize],
        _ => char::from_u32(0x410 + (b as u32 - 0xC0)).unwrap_or('\u{FFFD}'),
    }
}

pub fn decode(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| decode_byte(b)).collect()
}

/// As [`decode`], borrowing ASCII bytes (the same text in UTF-8) instead of copying them.
pub fn decode_cow(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    match bytes.is_ascii().then(|| std::str::from_utf8(bytes)) {
        Some(Ok(s)) => std::borrow::Cow::Borrowed(s),
        _ => std::borrow::Cow::Owned(decode(bytes)),
    }
}

/// Encodes text to CP1251; `None` when a character has no CP1251 byte.
pub fn encode(text: &str) -> Option<Vec<u8>> {
    text.chars().map(encode_char).collect()
}

pub fn encode_char(c: char) -> Option<u8> {
    let u = c as u32;
    if u < 0x80 {
        return Some(u as u8);
    }
    if (0x410..=0x44F).contains(&u) {
        return Some((u - 0x410 + 0xC0) as u8);
    }
    HIGH.iter().position(|&h| h == c).map(|i| 0x80 + i as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_byte_round_trips() {
        let all: Vec<u8> = (0..=255u8).collect();
        assert_eq!(encode(&decode(&all)).unwrap(), all);
        assert_eq!(decode(&[0xCF, 0xE0, 0xF0, 0xEA, 0xE0, 0xED]), "Паркан");
    }
}
