//! The payloads of chunks 9 (vertex buffers), 10 (index buffers) and 11 (sliding-window
//! items). Vertex and index data stay slices of the file's bytes: opening a large level copies
//! nothing, and an untouched buffer writes back exactly.

use super::decl::{Declaration, TYPE_FLOAT3, USAGE_POSITION};
use crate::formats::bytes::{Reader, SharedBytes, le_u16};
use crate::formats::{Diagnostic, Error, Result};

#[derive(Debug, Clone, PartialEq)]
pub struct VertexBuffer {
    pub decl: Declaration,
    pub vertex_count: u32,
    /// `vertex_count * stride` bytes, as stored.
    pub data: SharedBytes,
}

impl VertexBuffer {
    pub fn stride(&self) -> usize {
        self.decl.stride()
    }
    /// Vertex `i`'s bytes.
    pub fn vertex(&self, i: usize) -> Option<&[u8]> {
        let s = self.stride();
        self.data.get(i.checked_mul(s)?..i.checked_add(1)?.checked_mul(s)?)
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct IndexBuffer {
    /// `2 * count` bytes of little-endian `u16`, as stored.
    pub data: SharedBytes,
}

impl IndexBuffer {
    pub fn from_indices(indices: &[u16]) -> IndexBuffer {
        IndexBuffer { data: indices.iter().flat_map(|i| i.to_le_bytes()).collect::<Vec<u8>>().into() }
    }
    pub fn len(&self) -> usize {
        self.data.len() / 2
    }
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }
    pub fn get(&self, i: usize) -> Option<u16> {
        (i < self.len()).then(|| le_u16(&self.data, 2 * i))
    }
    pub fn iter(&self) -> impl Iterator<Item = u16> + '_ {
        self.data.chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]]))
    }
    pub fn max_index(&self) -> Option<u16> {
        self.iter().max()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SwiEntry {
    pub offset: u32,
    pub num_tris: u16,
    pub num_verts: u16,
}

/// One sliding-window item (the public description's "synchronisation" block).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SwiItem {
    pub reserved: [u32; 4],
    pub entries: Vec<SwiEntry>,
}

/// Bytes after a chunk's structure: kept and written back, and reported.
fn trailing(r: &Reader, what: &str, diags: &mut Vec<Diagnostic>) -> SharedBytes {
    let rest = r.rest();
    if !rest.is_empty() {
        let m = crate::msg!("xray-geom-trailing", "{n} bytes after the last record, kept as they are", n = rest.len());
        diags.push(Diagnostic::warning(r.pos(), m.prefixed(&format!("{what}: "))));
    }
    SharedBytes::from(rest)
}

/// Chunk 9. `bytes` is the chunk payload; errors and diagnostics are payload offsets.
#[derive(Debug, Clone, PartialEq)]
pub struct VertexBuffers {
    pub buffers: Vec<VertexBuffer>,
    pub trailing: SharedBytes,
}

impl VertexBuffers {
    pub fn parse(bytes: &SharedBytes, diags: &mut Vec<Diagnostic>) -> Result<VertexBuffers> {
        let mut r = Reader::new(bytes);
        let count = r.u32("vertex buffer count")? as usize;
        // Each buffer is at least an end marker and a vertex count.
        r.need_records(count, 12, "vertex buffers")?;
        let mut buffers = Vec::with_capacity(count);
        for k in 0..count {
            let at = r.pos();
            let decl = Declaration::read(&mut r).map_err(|e| e.within(format!("vertex buffer {k}")))?;
            let vertex_count = r.u32("vertex count")?;
            let stride = decl.stride();
            if stride == 0 && vertex_count > 0 {
                let m = crate::msg!(
                    "xray-geom-vb-no-elements",
                    "vertex buffer {k}: {vertex_count} vertices but a declaration without elements",
                    k = k,
                    vertex_count = vertex_count
                );
                return Err(Error::new(at, m));
            }
            match decl.elements.first() {
                Some(e) if e.offset == 0 && e.ty == TYPE_FLOAT3 && e.usage == USAGE_POSITION => {}
                _ => diags.push(Diagnostic::warning(
                    at,
                    crate::msg!("xray-geom-vb-no-position", "vertex buffer {k}: the first element is not a FLOAT3 position at offset 0", k = k),
                )),
            }
            let len = r
                .need_records(vertex_count as usize, stride, "vertices")
                .map_err(|e| e.within(format!("vertex buffer {k}")))?;
            let start = r.pos();
            r.skip(len, "vertices")?;
            buffers.push(VertexBuffer { decl, vertex_count, data: bytes.slice(start..start + len) });
        }
        let trailing = trailing(&r, "vertex buffers", diags);
        Ok(VertexBuffers { buffers, trailing })
    }
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(4 + self.buffers.iter().map(|b| b.data.len() + 8 * b.decl.elements.len() + 12).sum::<usize>());
        out.extend_from_slice(&(self.buffers.len() as u32).to_le_bytes());
        for b in &self.buffers {
            b.decl.write(&mut out);
            out.extend_from_slice(&b.vertex_count.to_le_bytes());
            out.extend_from_slice(&b.data);
        }
        out.extend_from_slice(&self.trailing);
        out
    }
}

/// Chunk 10.
#[derive(Debug, Clone, PartialEq)]
pub struct IndexBuffers {
    pub buffers: Vec<IndexBuffer>,
    pub trailing: SharedBytes,
}

impl IndexBuffers {
    pub fn parse(bytes: &SharedBytes, diags: &mut Vec<Diagnostic>) -> Result<IndexBuffers> {
        let mut r = Reader::new(bytes);
        let count = r.u32("index buffer count")? as usize;
        r.need_records(count, 4, "index buffers")?;
        let mut buffers = Vec::with_capacity(count);
        for k in 0..count {
            let at = r.pos();
            let n = r.u32("index count")? as usize;
            let len = r.need_records(n, 2, "indices").map_err(|e| e.within(format!("index buffer {k}")))?;
            if !n.is_multiple_of(3) {
                diags.push(Diagnostic::warning(
                    at,
                    crate::msg!("xray-geom-ib-not-triangles", "index buffer {k}: {n} indices is not a whole number of triangles", k = k, n = n),
                ));
            }
            let start = r.pos();
            r.skip(len, "indices")?;
            buffers.push(IndexBuffer { data: bytes.slice(start..start + len) });
        }
        let trailing = trailing(&r, "index buffers", diags);
        Ok(IndexBuffers { buffers, trailing })
    }
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(4 + self.buffers.iter().map(|b| 4 + b.data.len()).sum::<usize>());
        out.extend_from_slice(&(self.buffers.len() as u32).to_le_bytes());
        for b in &self.buffers {
            out.extend_from_slice(&(b.len() as u32).to_le_bytes());
            out.extend_from_slice(&b.data);
        }
        out.extend_from_slice(&self.trailing);
        out
    }
}

/// Chunk 11.
#[derive(Debug, Clone, PartialEq)]
pub struct SwiItems {
    pub items: Vec<SwiItem>,
    pub trailing: SharedBytes,
}

impl SwiItems {
    pub fn parse(bytes: &SharedBytes, diags: &mut Vec<Diagnostic>) -> Result<SwiItems> {
        let mut r = Reader::new(bytes);
        let count = r.u32("sliding-window item count")? as usize;
        r.need_records(count, 20, "sliding-window items")?;
        let mut items = Vec::with_capacity(count);
        for k in 0..count {
            let reserved = [r.u32("reserved")?, r.u32("reserved")?, r.u32("reserved")?, r.u32("reserved")?];
            let n = r.u32("entry count")? as usize;
            r.need_records(n, 8, "sliding-window entries").map_err(|e| e.within(format!("item {k}")))?;
            let mut entries = Vec::with_capacity(n);
            for _ in 0..n {
                entries.push(SwiEntry { offset: r.u32("offset")?, num_tris: r.u16("num_tris")?, num_verts: r.u16("num_verts")? });
            }
            items.push(SwiItem { reserved, entries });
        }
        let trailing = trailing(&r, "sliding-window items", diags);
        Ok(SwiItems { items, trailing })
    }
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(&(self.items.len() as u32).to_le_bytes());
        for it in &self.items {
            for v in it.reserved {
                out.extend_from_slice(&v.to_le_bytes());
            }
            out.extend_from_slice(&(it.entries.len() as u32).to_le_bytes());
            for e in &it.entries {
                out.extend_from_slice(&e.offset.to_le_bytes());
                out.extend_from_slice(&e.num_tris.to_le_bytes());
                out.extend_from_slice(&e.num_verts.to_le_bytes());
            }
        }
        out.extend_from_slice(&self.trailing);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::super::decl::{TYPE_D3DCOLOR, USAGE_NORMAL, VertexElement};
    use super::*;

    fn vb_chunk() -> Vec<u8> {
        let mut b = Vec::new();
        b.extend_from_slice(&1u32.to_le_bytes()); // one buffer
        Declaration::new(vec![VertexElement::new(0, TYPE_FLOAT3, USAGE_POSITION, 0), VertexElement::new(12, TYPE_D3DCOLOR, USAGE_NORMAL, 0)])
            .write(&mut b); // 2 elements + end marker: 24 bytes
        b.extend_from_slice(&2u32.to_le_bytes()); // 2 vertices of 16 bytes
        b.extend((0..32u8).map(|v| v.wrapping_mul(3)));
        b
    }

    #[test]
    fn vertex_buffers_round_trip_and_truncation() {
        let b = SharedBytes::from(vb_chunk());
        let mut d = Vec::new();
        let v = VertexBuffers::parse(&b, &mut d).unwrap();
        assert!(d.is_empty());
        assert_eq!((v.buffers[0].vertex_count, v.buffers[0].stride()), (2, 16));
        assert_eq!(v.buffers[0].vertex(1).unwrap()[0], 48);
        assert!(v.buffers[0].vertex(2).is_none());
        assert_eq!(v.encode(), b.as_slice());
        for cut in 0..b.len() {
            let e = VertexBuffers::parse(&b.slice(0..cut), &mut Vec::new()).unwrap_err();
            assert!(e.offset <= cut as u64, "cut {cut}: {e}");
        }
        // A huge buffer count fails before allocating.
        let mut huge = b.to_vec();
        huge[..4].copy_from_slice(&u32::MAX.to_le_bytes());
        assert!(VertexBuffers::parse(&huge.into(), &mut Vec::new()).is_err());
    }

    #[test]
    fn index_buffers_and_swis() {
        let mut b = Vec::new();
        b.extend_from_slice(&1u32.to_le_bytes()); // one buffer
        b.extend_from_slice(&4u32.to_le_bytes()); // 4 indices: not whole triangles
        for i in [0u16, 1, 2, 7] {
            b.extend_from_slice(&i.to_le_bytes());
        }
        b.push(0xEE); // a trailing byte, kept
        let bytes = SharedBytes::from(b.clone());
        let mut d = Vec::new();
        let ib = IndexBuffers::parse(&bytes, &mut d).unwrap();
        assert_eq!(d.len(), 2, "{d:?}");
        assert_eq!(ib.buffers[0].iter().collect::<Vec<_>>(), [0, 1, 2, 7]);
        assert_eq!((ib.buffers[0].max_index(), ib.buffers[0].get(4)), (Some(7), None));
        assert_eq!(ib.encode(), b);

        let mut s = Vec::new();
        s.extend_from_slice(&1u32.to_le_bytes()); // one item
        s.extend_from_slice(&[0; 16]); // reserved
        s.extend_from_slice(&1u32.to_le_bytes()); // one entry
        s.extend_from_slice(&40u32.to_le_bytes()); // offset
        s.extend_from_slice(&12u16.to_le_bytes()); // num_tris
        s.extend_from_slice(&9u16.to_le_bytes()); // num_verts
        let sw = SwiItems::parse(&s.clone().into(), &mut Vec::new()).unwrap();
        assert_eq!(sw.items[0].entries[0], SwiEntry { offset: 40, num_tris: 12, num_verts: 9 });
        assert_eq!(sw.encode(), s);
        for cut in 0..s.len() {
            assert!(SwiItems::parse(&SharedBytes::from(&s[..cut]), &mut Vec::new()).is_err());
        }
    }
}
