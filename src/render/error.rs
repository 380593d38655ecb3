//! What can keep the renderer from drawing.

use crate::formats::message::Message;
use crate::msg;

#[derive(Debug, Clone, PartialEq)]
pub enum RenderError {
    /// No adapter on any backend (no GPU driver and no software renderer).
    NoAdapter(String),
    /// The adapter would not give a device.
    Device(String),
    /// The image is larger than the device allows.
    TooLarge { width: u32, height: u32, max: u32 },
    /// A scene array larger than one GPU buffer may be.
    SceneTooLarge { bytes: u64, max: u64 },
    /// Reading the image back failed.
    Readback(String),
}

impl RenderError {
    /// What `Display` writes, with its id: the editor shows it in the user's language (the
    /// driver's own words in `why` stay as the driver wrote them).
    pub fn message(&self) -> Message {
        match self {
            RenderError::NoAdapter(why) => msg!(
                "render-no-adapter",
                "no graphics adapter found ({why}); install a Vulkan or OpenGL driver (Mesa's mesa-vulkan-drivers provides a software one)",
                why = why
            ),
            RenderError::Device(why) => msg!("render-no-device", "the graphics adapter refused a device: {why}", why = why),
            RenderError::TooLarge { width, height, max } => {
                msg!("render-too-large", "{width}x{height} is larger than this adapter's {max}x{max} limit", width = *width, height = *height, max = *max)
            }
            RenderError::SceneTooLarge { bytes, max } => {
                msg!("render-scene-too-large", "the scene needs a {bytes}-byte buffer; this adapter allows {max}", bytes = *bytes, max = *max)
            }
            RenderError::Readback(why) => msg!("render-readback", "reading the rendered image back failed: {why}", why = why),
        }
    }
}

impl std::fmt::Display for RenderError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.message().as_str())
    }
}

impl std::error::Error for RenderError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_is_the_english_message_and_the_editor_reads_it_in_russian() {
        let e = RenderError::SceneTooLarge { bytes: 3_000_000_002, max: 268_435_456 };
        assert_eq!(e.to_string(), "the scene needs a 3000000002-byte buffer; this adapter allows 268435456");
        let m = e.message();
        let ru = crate::app::i18n::messages::text_in(crate::app::i18n::Language::Russian, &m.english, m.key.as_deref());
        assert_eq!(ru, "сцене нужен буфер в 3000000002 байта; этот адаптер допускает 268435456");
    }
}
