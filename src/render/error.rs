//! What can keep the renderer from drawing.

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

impl std::fmt::Display for RenderError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RenderError::NoAdapter(why) => write!(
                f,
                "no graphics adapter found ({why}); install a Vulkan or OpenGL driver (Mesa's mesa-vulkan-drivers provides a software one)"
            ),
            RenderError::Device(why) => write!(f, "the graphics adapter refused a device: {why}"),
            RenderError::TooLarge { width, height, max } => write!(f, "{width}x{height} is larger than this adapter's {max}x{max} limit"),
            RenderError::SceneTooLarge { bytes, max } => write!(f, "the scene needs a {bytes}-byte buffer; this adapter allows {max}"),
            RenderError::Readback(why) => write!(f, "reading the rendered image back failed: {why}"),
        }
    }
}

impl std::error::Error for RenderError {}
