//! Axis conversions for export to glTF (right-handed, y up). Parkan is left-handed with z up:
//! swap y and z. X-Ray is left-handed with y up: negate z. Both are reflections, so the
//! handedness flips with them and a triangle's winding keeps facing the same way (clockwise
//! front faces in the left-handed source become counter-clockwise ones, glTF's convention):
//! index order stays as stored by these helpers; exporters reverse the winding, since the
//! reflection flips which side a stored triangle faces (see export/).
//!
//! A rotation under a reflection M becomes M R M: the axis is reflected and the angle changes
//! sign, so a quaternion (v, w) becomes (-M v, w).

use glam::Quat;

pub fn parkan_to_gltf([x, y, z]: [f32; 3]) -> [f32; 3] {
    [x, z, y]
}

/// A Parkan rotation in glTF's frame, as glTF's `[x, y, z, w]`.
pub fn parkan_quat_to_gltf(q: Quat) -> [f32; 4] {
    [-q.x, -q.z, -q.y, q.w]
}

pub fn xray_to_gltf([x, y, z]: [f32; 3]) -> [f32; 3] {
    [x, y, -z]
}

/// An X-Ray rotation in glTF's frame, as glTF's `[x, y, z, w]`.
pub fn xray_quat_to_gltf(q: Quat) -> [f32; 4] {
    [-q.x, -q.y, q.z, q.w]
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec3;

    /// Converting a rotated point equals rotating the converted point by the converted rotation.
    fn commutes(conv: fn([f32; 3]) -> [f32; 3], qconv: fn(Quat) -> [f32; 4]) {
        let q = Quat::from_euler(glam::EulerRot::XYZ, 0.3, -1.1, 0.7);
        let p = [1.0, 2.0, 3.0];
        let direct = Vec3::from(conv((q * Vec3::from(p)).into()));
        let via = Quat::from_array(qconv(q)) * Vec3::from(conv(p));
        assert!((direct - via).length() < 1e-5, "{direct} {via}");
    }

    #[test]
    fn conversions_commute_with_rotation() {
        assert_eq!(parkan_to_gltf([1.0, 2.0, 3.0]), [1.0, 3.0, 2.0]);
        assert_eq!(xray_to_gltf([1.0, 2.0, 3.0]), [1.0, 2.0, -3.0]);
        commutes(parkan_to_gltf, parkan_quat_to_gltf);
        commutes(xray_to_gltf, xray_quat_to_gltf);
    }
}
