//! The interpreted view of one phase (docs/formats/mat0.md#phase-record): four colours of RGBA
//! bytes read as `byte / 255` (ambient alpha as `byte * 0.01`), the specular power step, the
//! texture cell and the texture name. Setters take the editor's values and round them back to the
//! nearest stored byte, so the raw bytes stay the single source of truth.

use super::{NAME_LEN, PARAMS_LEN, Phase};
use crate::formats::cp1251;
use crate::formats::error::{Error, Result};
use crate::msg;

/// The four colour groups in stored order (`p[0..4]`, `p[4..8]`, `p[8..12]`, `p[12..16]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ColorGroup {
    Ambient,
    Diffuse,
    Specular,
    Emissive,
}

impl ColorGroup {
    pub const ALL: [ColorGroup; 4] = [ColorGroup::Ambient, ColorGroup::Diffuse, ColorGroup::Specular, ColorGroup::Emissive];

    /// Index of the group's red byte in `p`.
    pub fn first_param(self) -> usize {
        match self {
            ColorGroup::Ambient => 0,
            ColorGroup::Diffuse => 4,
            ColorGroup::Specular => 8,
            ColorGroup::Emissive => 12,
        }
    }
    pub fn label(self) -> &'static str {
        match self {
            ColorGroup::Ambient => "ambient",
            ColorGroup::Diffuse => "diffuse",
            ColorGroup::Specular => "specular",
            ColorGroup::Emissive => "emissive",
        }
    }
}

/// The byte whose scale differs: ambient alpha is `p[3] * 0.01`, every other colour byte `/ 255`.
pub const AMBIENT_ALPHA: usize = 3;
pub const POWER: usize = 16;
pub const CELL: usize = 17;

/// The float the engine makes of colour byte `i` (0..16) with value `b`, with the engine's
/// single-precision arithmetic.
pub fn param_value(i: usize, b: u8) -> f32 {
    if i == AMBIENT_ALPHA { f32::from(b) * 0.01f32 } else { f32::from(b) / 255.0f32 }
}

/// The stored byte whose float (by [`param_value`]) is nearest to `v`; out-of-range values
/// clamp to 0 or 255 and NaN becomes 0.
pub fn nearest_param_byte(i: usize, v: f32) -> u8 {
    if v.is_nan() {
        return 0;
    }
    let scale = if i == AMBIENT_ALPHA { 100.0f32 } else { 255.0f32 };
    let guess = (v * scale).round().clamp(0.0, 255.0) as i32;
    // The guess is within one of the answer; compare decoded values to settle ties the way
    // the decoder's own rounding does.
    let mut best = guess.clamp(0, 255) as u8;
    for c in [guess - 1, guess + 1] {
        if (0..=255).contains(&c) {
            let c = c as u8;
            if (param_value(i, c) - v).abs() < (param_value(i, best) - v).abs() {
                best = c;
            }
        }
    }
    best
}

impl Phase {
    /// A phase with these parameter bytes and texture name (NUL-padded).
    pub fn new(params: [u8; PARAMS_LEN], texture: &str) -> Result<Phase> {
        let mut p = Phase { params, name: [0; NAME_LEN] };
        p.set_texture(texture)?;
        Ok(p)
    }

    /// Colour `g` as `[r, g, b, a]` floats.
    pub fn color(&self, g: ColorGroup) -> [f32; 4] {
        let f = g.first_param();
        std::array::from_fn(|c| param_value(f + c, self.params[f + c]))
    }
    /// The raw `[r, g, b, a]` bytes of colour `g`.
    pub fn color_bytes(&self, g: ColorGroup) -> [u8; 4] {
        let f = g.first_param();
        [self.params[f], self.params[f + 1], self.params[f + 2], self.params[f + 3]]
    }
    /// One channel (0 red, 1 green, 2 blue, 3 alpha) of colour `g`; channels above 3 read 0.
    pub fn channel(&self, g: ColorGroup, channel: usize) -> f32 {
        if channel > 3 {
            return 0.0;
        }
        let i = g.first_param() + channel;
        param_value(i, self.params[i])
    }
    /// Sets one channel to the nearest stored byte; channels above 3 are ignored.
    pub fn set_channel(&mut self, g: ColorGroup, channel: usize, v: f32) {
        if channel > 3 {
            return;
        }
        let i = g.first_param() + channel;
        self.params[i] = nearest_param_byte(i, v);
    }
    pub fn set_color(&mut self, g: ColorGroup, rgba: [f32; 4]) {
        for (c, v) in rgba.into_iter().enumerate() {
            self.set_channel(g, c, v);
        }
    }
    pub fn set_color_bytes(&mut self, g: ColorGroup, rgba: [u8; 4]) {
        let f = g.first_param();
        self.params[f..f + 4].copy_from_slice(&rgba);
    }

    /// `p[16]`, the specular power step.
    pub fn power(&self) -> u8 {
        self.params[POWER]
    }
    pub fn set_power(&mut self, v: u8) {
        self.params[POWER] = v;
    }
    /// The device's specular power `1 << p[16]`; `None` when the shift leaves 32 bits.
    pub fn device_power(&self) -> Option<u32> {
        1u32.checked_shl(u32::from(self.power()))
    }

    /// `p[17]`, the texture cell, as stored (the public description's unsigned reading).
    pub fn cell(&self) -> u8 {
        self.params[CELL]
    }
    /// `p[17]` read signed, as one reader does: -1 (0xFF) is the whole texture.
    pub fn cell_signed(&self) -> i8 {
        self.params[CELL] as i8
    }
    pub fn set_cell(&mut self, v: u8) {
        self.params[CELL] = v;
    }

    /// The engine loads a texture only when the name's first byte is not NUL.
    pub fn has_texture(&self) -> bool {
        self.name[0] != 0
    }
    /// The name bytes before the first NUL (all 16 when there is none).
    pub fn texture_bytes(&self) -> &[u8] {
        &self.name[..self.name.iter().position(|&b| b == 0).unwrap_or(NAME_LEN)]
    }
    /// The texture name for display (bytes above 0x7F as CP1251); `None` without a texture.
    pub fn texture_name(&self) -> Option<String> {
        self.has_texture().then(|| cp1251::decode(self.texture_bytes()))
    }
    /// Whether the field holds a NUL: a name of all 16 bytes would make the engine read on
    /// into the next record.
    pub fn texture_terminated(&self) -> bool {
        self.name.contains(&0)
    }
    /// Writes a new name (CP1251, at most 15 bytes) and its NUL. Bytes after the NUL keep their
    /// values: only the bytes the name needs change. An empty name removes the texture.
    pub fn set_texture(&mut self, name: &str) -> Result<()> {
        let bytes = cp1251::encode(name)
            .ok_or_else(|| Error::new(PARAMS_LEN, msg!("mat0-texture-not-cp1251", "texture name {name:?} has a character outside CP1251", name = name)))?;
        if bytes.len() >= NAME_LEN {
            return Err(Error::new(
                PARAMS_LEN,
                msg!(
                    "mat0-texture-too-long",
                    "texture name {name:?} is {size} bytes; the field holds at most {max} and a NUL",
                    name = name,
                    size = bytes.len(),
                    max = NAME_LEN - 1
                ),
            ));
        }
        if bytes.contains(&0) {
            return Err(Error::new(PARAMS_LEN, msg!("mat0-texture-nul", "texture name contains a NUL")));
        }
        self.name[..bytes.len()].copy_from_slice(&bytes);
        self.name[bytes.len()] = 0;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn phase() -> Phase {
        Phase {
            params: [
                10, 20, 30, 100, // ambient r g b, alpha 100 * 0.01 = 1.0
                255, 128, 0, 255, // diffuse
                1, 2, 3, 4, // specular
                5, 6, 7, 8,  // emissive
                4,    // power step: 1 << 4
                0xFF, // cell 255 unsigned, -1 signed
            ],
            name: *b"ROCK.0\0junkjunk\0",
        }
    }

    #[test]
    fn colours_follow_the_seed_table() {
        let p = phase();
        assert_eq!(p.color(ColorGroup::Ambient), [10.0 / 255.0, 20.0 / 255.0, 30.0 / 255.0, 100.0 * 0.01]);
        assert_eq!(p.color(ColorGroup::Diffuse), [1.0, 128.0 / 255.0, 0.0, 1.0]);
        assert_eq!(p.color_bytes(ColorGroup::Emissive), [5, 6, 7, 8]);
        assert_eq!(p.device_power(), Some(16));
        assert_eq!((p.cell(), p.cell_signed()), (255, -1));
        assert_eq!(p.texture_name().as_deref(), Some("ROCK.0"));
    }

    #[test]
    fn float_setters_round_to_the_nearest_byte() {
        let mut p = phase();
        p.set_channel(ColorGroup::Diffuse, 1, 0.5); // 127.5 -> the nearer of 127/255 and 128/255
        let b = p.params[5];
        assert!(b == 127 || b == 128);
        assert!((param_value(5, b) - 0.5).abs() <= 0.5 / 255.0 + f32::EPSILON);
        p.set_channel(ColorGroup::Ambient, 3, 0.37); // ambient alpha: byte 37
        assert_eq!(p.params[3], 37);
        p.set_channel(ColorGroup::Ambient, 3, 9.0); // clamps
        assert_eq!(p.params[3], 255);
        p.set_channel(ColorGroup::Specular, 0, -1.0);
        assert_eq!(p.params[8], 0);
        p.set_channel(ColorGroup::Specular, 2, f32::NAN);
        assert_eq!(p.params[10], 0);
        p.set_color(ColorGroup::Emissive, [1.0, 0.0, 1.0, 0.2]);
        assert_eq!(p.color_bytes(ColorGroup::Emissive), [255, 0, 255, 51]);
    }

    #[test]
    fn every_byte_is_its_own_nearest() {
        for i in 0..16 {
            for b in 0..=255u8 {
                assert_eq!(nearest_param_byte(i, param_value(i, b)), b, "param {i} byte {b}");
            }
        }
    }

    #[test]
    fn texture_setter_keeps_bytes_after_the_nul() {
        let mut p = phase();
        p.set_texture("GLASS.0").unwrap();
        assert_eq!(&p.name, b"GLASS.0\0unkjunk\0");
        p.set_texture("").unwrap();
        assert!(!p.has_texture());
        assert_eq!(p.texture_name(), None);
        assert!(p.set_texture("SIXTEEN_BYTES.00").is_err());
        assert!(p.set_texture("名").is_err());
        p.set_texture("ТЕКСТУРА.0").unwrap();
        assert_eq!(p.texture_name().as_deref(), Some("ТЕКСТУРА.0"));
    }

    #[test]
    fn unterminated_names_are_detected() {
        let p = Phase { params: [0; 18], name: *b"ABCDEFGHIJKLMNOP" };
        assert!(!p.texture_terminated());
        assert_eq!(p.texture_bytes().len(), 16);
    }
}
