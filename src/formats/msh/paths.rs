//! Component 17: a building's path graph, 20-byte nodes then 40-byte links, their counts in
//! `attr1` and `attr2`. The records are not understood: the payload stays raw and the counts
//! are shown and checked against its size.

use super::component::Component;
use crate::formats::Result;

pub const PATH_NODE: usize = 20;
pub const PATH_LINK: usize = 40;

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PathGraph {
    pub node_count: u32,
    pub link_count: u32,
    pub bytes: Vec<u8>,
}

impl PathGraph {
    /// The size the counts call for (`None` on overflow).
    pub fn expected_len(&self) -> Option<usize> {
        (self.node_count as usize).checked_mul(PATH_NODE)?.checked_add((self.link_count as usize).checked_mul(PATH_LINK)?)
    }
    /// Whether the payload is exactly the counted nodes and links.
    pub fn layout_ok(&self) -> bool {
        self.expected_len() == Some(self.bytes.len())
    }
    /// Node record `i`, when the layout is consistent.
    pub fn node(&self, i: usize) -> Option<&[u8]> {
        if !self.layout_ok() || i >= self.node_count as usize {
            return None;
        }
        self.bytes.get(i * PATH_NODE..(i + 1) * PATH_NODE)
    }
    /// Link record `i`, when the layout is consistent.
    pub fn link(&self, i: usize) -> Option<&[u8]> {
        if !self.layout_ok() || i >= self.link_count as usize {
            return None;
        }
        let base = self.node_count as usize * PATH_NODE;
        self.bytes.get(base + i * PATH_LINK..base + (i + 1) * PATH_LINK)
    }
}

impl Component for PathGraph {
    const TYPE_ID: u32 = 17;
    const LABEL: &'static str = "path graph";
    fn decode(bytes: &[u8], attrs: [u32; 3]) -> Result<Self> {
        Ok(PathGraph { node_count: attrs[0], link_count: attrs[1], bytes: bytes.to_vec() })
    }
    fn encode(&self) -> Vec<u8> {
        self.bytes.clone()
    }
    fn derived_attrs(&self) -> [Option<u32>; 3] {
        [Some(self.node_count), Some(self.link_count), None]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_records() {
        let bytes: Vec<u8> = (0..100u8).collect(); // 3 nodes (60 bytes) + 1 link (40 bytes)
        let g = PathGraph::decode(&bytes, [3, 1, 0]).unwrap();
        assert!(g.layout_ok());
        assert_eq!(g.node(2).unwrap()[0], 40);
        assert_eq!(g.link(0).unwrap()[0], 60);
        assert!(g.link(1).is_none());
        assert_eq!(g.encode(), bytes);
        let g = PathGraph::decode(&bytes, [2, 1, 0]).unwrap();
        assert!(!g.layout_ok() && g.node(0).is_none());
        let g = PathGraph::decode(&bytes, [u32::MAX, u32::MAX, 0]).unwrap();
        assert!(!g.layout_ok());
    }
}
