//! The binary glTF container (glTF 2.0 section 4.4): a 12-byte header, the JSON chunk padded
//! with spaces, the BIN chunk padded with zeros, every chunk 4-byte aligned.

const MAGIC: u32 = 0x4654_6C67; // "glTF"
const VERSION: u32 = 2;
const CHUNK_JSON: u32 = 0x4E4F_534A; // "JSON"
const CHUNK_BIN: u32 = 0x004E_4942; // "BIN\0"

fn padded(mut data: Vec<u8>, pad: u8) -> Vec<u8> {
    while !data.len().is_multiple_of(4) {
        data.push(pad);
    }
    data
}

/// Assembles a `.glb`; `None` when it would pass the format's 4 GiB length field.
pub fn container(json: Vec<u8>, bin: Vec<u8>) -> Option<Vec<u8>> {
    let json = padded(json, b' ');
    let bin = padded(bin, 0);
    let mut total = 12 + 8 + json.len();
    if !bin.is_empty() {
        total += 8 + bin.len();
    }
    let total32 = u32::try_from(total).ok()?;
    let mut out = Vec::with_capacity(total);
    for w in [MAGIC, VERSION, total32, json.len() as u32, CHUNK_JSON] {
        out.extend_from_slice(&w.to_le_bytes());
    }
    out.extend_from_slice(&json);
    if !bin.is_empty() {
        out.extend_from_slice(&(bin.len() as u32).to_le_bytes());
        out.extend_from_slice(&CHUNK_BIN.to_le_bytes());
        out.extend_from_slice(&bin);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_and_padding() {
        let glb = container(b"{\"a\":1}".to_vec(), vec![1, 2, 3, 4, 5]).unwrap();
        assert_eq!(&glb[0..4], b"glTF");
        assert_eq!(u32::from_le_bytes(glb[4..8].try_into().unwrap()), 2);
        assert_eq!(u32::from_le_bytes(glb[8..12].try_into().unwrap()) as usize, glb.len());
        // JSON chunk: 7 bytes padded to 8 with a space.
        assert_eq!(u32::from_le_bytes(glb[12..16].try_into().unwrap()), 8);
        assert_eq!(&glb[16..20], b"JSON");
        assert_eq!(&glb[20..28], b"{\"a\":1} ");
        // BIN chunk: 5 bytes padded to 8 with zeros.
        assert_eq!(u32::from_le_bytes(glb[28..32].try_into().unwrap()), 8);
        assert_eq!(&glb[32..36], b"BIN\0");
        assert_eq!(&glb[36..], [1, 2, 3, 4, 5, 0, 0, 0]);
        // No binary data: no BIN chunk.
        assert_eq!(container(b"{}".to_vec(), Vec::new()).unwrap().len(), 12 + 8 + 4);
    }
}
