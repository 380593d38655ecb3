//! PCM 8- and 16-bit samples (docs/formats/wav.md#the-format-chunk): 8-bit unsigned with
//! 0x80 as silence, 16-bit signed, channels interleaved.

/// 8-bit unsigned samples to 16-bit.
pub fn decode8(b: &[u8]) -> Vec<i16> {
    b.iter().map(|&v| ((v as i16) - 128) << 8).collect()
}

/// 16-bit little-endian samples; an odd last byte is dropped.
pub fn decode16(b: &[u8]) -> Vec<i16> {
    b.chunks_exact(2).map(|c| i16::from_le_bytes([c[0], c[1]])).collect()
}

/// 16-bit samples to 8-bit, rounded to the nearest step.
pub fn encode8(s: &[i16]) -> Vec<u8> {
    s.iter().map(|&v| ((v as i32 + 128).clamp(-32768, 32767) >> 8).wrapping_add(128) as u8).collect()
}

pub fn encode16(s: &[i16]) -> Vec<u8> {
    let mut o = Vec::with_capacity(s.len() * 2);
    for v in s {
        o.extend_from_slice(&v.to_le_bytes());
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eight_bit_is_unsigned_around_128() {
        assert_eq!(decode8(&[0x80, 0x00, 0xFF]), vec![0, -32768, 127 << 8]);
        assert_eq!(encode8(&[0, -32768, 32767, 127 << 8, -1]), vec![0x80, 0x00, 0xFF, 0xFF, 0x80]);
    }

    #[test]
    fn sixteen_bit_round_trips() {
        let s = [0i16, 1, -1, 32767, -32768];
        assert_eq!(decode16(&encode16(&s)), s);
        assert_eq!(decode16(&[1, 0, 9]), vec![1]);
    }
}
