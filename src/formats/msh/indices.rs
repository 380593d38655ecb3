//! Component 6: the model's index buffer, `u16` values relative to a batch's `base_vertex`.

use super::component::record_component;

record_component!(
    /// Component 6: triangle-list indices; batches (component 13) select ranges of it.
    Indices, 6, "indices", u16
);

#[cfg(test)]
mod tests {
    use super::super::component::Component;
    use super::*;

    #[test]
    fn indices_round_trip() {
        let b = [0x00, 0x00, 0x01, 0x00, 0xFF, 0xFF]; // 0, 1, 65535
        let i = Indices::decode(&b, [3, 0, 2]).unwrap();
        assert_eq!(i.0, vec![0, 1, 0xFFFF]);
        assert_eq!(i.encode(), b);
        assert_eq!(i.derived_attrs(), [Some(3), None, None]);
        let e = Indices::decode(&b[..5], [0; 3]).unwrap_err();
        assert_eq!(e.offset, 4);
    }
}
