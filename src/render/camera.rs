//! The orbit camera (scene space is glTF's: right-handed, y up) and rays through its pixels.

use glam::{Mat4, Vec2, Vec3};

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OrbitCamera {
    pub target: Vec3,
    pub distance: f32,
    /// Radians about +y; 0 looks from +z towards -z.
    pub yaw: f32,
    /// Radians above the target's horizontal plane.
    pub pitch: f32,
    /// Vertical field of view in radians (perspective); in orthographic mode the view's
    /// height is what that angle spans at `distance`.
    pub fov_y: f32,
    pub orthographic: bool,
}

pub const DEFAULT_FOV_Y: f32 = std::f32::consts::FRAC_PI_4;

impl Default for OrbitCamera {
    fn default() -> Self {
        OrbitCamera { target: Vec3::ZERO, distance: 5.0, yaw: 0.0, pitch: 0.0, fov_y: DEFAULT_FOV_Y, orthographic: false }
    }
}

/// A ray in scene space; `dir` has unit length.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ray {
    pub origin: Vec3,
    pub dir: Vec3,
}

impl OrbitCamera {
    /// A camera at `yaw`/`pitch` whose view holds the whole sphere around `min..max` (for any
    /// aspect ratio of at least `aspect`).
    pub fn framing(min: Vec3, max: Vec3, yaw: f32, pitch: f32, aspect: f32) -> OrbitCamera {
        let radius = ((max - min).length() * 0.5).max(1e-3);
        let mut c = OrbitCamera { target: (min + max) * 0.5, yaw, pitch, ..OrbitCamera::default() };
        c.frame_radius(radius, aspect);
        c
    }

    /// Moves back until a sphere of `radius` around the target fits the narrower side.
    pub fn frame_radius(&mut self, radius: f32, aspect: f32) {
        let half_v = self.fov_y.clamp(0.01, 3.0) * 0.5;
        let half_h = (half_v.tan() * aspect.max(1e-3)).atan();
        self.distance = radius / half_v.min(half_h).sin();
    }

    /// Unit vector from the target to the eye.
    pub fn back(&self) -> Vec3 {
        let (sy, cy) = self.yaw.sin_cos();
        let (sp, cp) = self.pitch.sin_cos();
        Vec3::new(sy * cp, sp, cy * cp)
    }

    pub fn eye(&self) -> Vec3 {
        self.target + self.back() * self.distance
    }

    /// World up for the view, tilted when looking straight down or up.
    fn up(&self) -> Vec3 {
        if self.back().cross(Vec3::Y).length_squared() < 1e-8 { Vec3::new(-self.yaw.sin(), 0.0, -self.yaw.cos()) } else { Vec3::Y }
    }

    pub fn view(&self) -> Mat4 {
        glam::camera::rh::view::look_at_mat4(self.eye(), self.target, self.up())
    }

    /// Near and far planes around a scene of `radius` centred near the target.
    pub fn depth_range(&self, radius: f32) -> (f32, f32) {
        let far = self.distance + radius * 4.0 + 1.0;
        let near = if self.orthographic { 0.0 } else { (self.distance - radius * 2.0).max(far * 1e-4).max(1e-4) };
        (near, far)
    }

    /// Depth 0..1 (wgpu's clip space).
    pub fn projection(&self, aspect: f32, radius: f32) -> Mat4 {
        let (near, far) = self.depth_range(radius);
        let aspect = aspect.max(1e-4);
        if self.orthographic {
            let h = self.distance * (self.fov_y * 0.5).tan();
            let w = h * aspect;
            let (near, far) = (-far, far);
            glam::camera::rh::proj::directx::orthographic(-w, w, -h, h, near, far)
        } else {
            glam::camera::rh::proj::directx::perspective(self.fov_y, aspect, near, far)
        }
    }

    pub fn view_projection(&self, aspect: f32, radius: f32) -> Mat4 {
        self.projection(aspect, radius) * self.view()
    }

    /// The ray through `pixel` (from the top-left corner) of a `size` view: from the eye
    /// (perspective) or from the pixel on the near plane (orthographic), so `t` is a distance
    /// from the viewer.
    pub fn ray(&self, pixel: Vec2, size: Vec2, radius: f32) -> Ray {
        let ndc = Vec2::new(pixel.x / size.x.max(1.0) * 2.0 - 1.0, 1.0 - pixel.y / size.y.max(1.0) * 2.0);
        let inv = self.view_projection(size.x.max(1.0) / size.y.max(1.0), radius).inverse();
        let far = inv.project_point3(ndc.extend(1.0));
        let origin = if self.orthographic { inv.project_point3(ndc.extend(0.0)) } else { self.eye() };
        Ray { origin, dir: (far - origin).normalize_or(-self.back()) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn framing_fits_the_sphere_and_the_centre_ray_hits_the_target() {
        let c = OrbitCamera::framing(Vec3::splat(-1.0), Vec3::splat(1.0), 0.3, 0.2, 1.0);
        let r = 3f32.sqrt();
        assert!((c.distance - r / (DEFAULT_FOV_Y * 0.5).sin()).abs() < 1e-4);
        let ray = c.ray(Vec2::new(50.0, 50.0), Vec2::new(100.0, 100.0), r);
        assert!((ray.origin - c.eye()).length() < 1e-4);
        assert!((c.target - ray.origin).normalize().dot(ray.dir) > 0.9999);
        // The target projects to the view's centre at a depth inside 0..1.
        let p = c.view_projection(1.0, r).project_point3(c.target);
        assert!(p.x.abs() < 1e-5 && p.y.abs() < 1e-5 && (0.0..1.0).contains(&p.z), "{p}");
        let mut o = c;
        o.orthographic = true;
        let q = o.view_projection(1.0, r).project_point3(Vec3::splat(1.0));
        assert!((0.0..1.0).contains(&q.z) && q.x.abs() <= 1.0, "{q}");
    }

    #[test]
    fn looking_straight_down_is_well_formed() {
        let c = OrbitCamera { pitch: std::f32::consts::FRAC_PI_2, ..OrbitCamera::default() };
        assert!(c.view().is_finite());
    }
}
