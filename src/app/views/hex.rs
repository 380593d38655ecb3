//! A virtualised hex dump: offset, 16 bytes, ASCII. Only the lines on screen are formatted, so
//! a 100 MB item scrolls as freely as a small one.

use egui::Ui;

pub const BYTES_PER_LINE: usize = 16;

#[derive(Default, Clone, Debug)]
pub struct HexState {
    pub goto: String,
    pub scroll_to_line: Option<usize>,
    /// A byte to point at (where a file failed to parse) and what went wrong there: said
    /// above the dump, its line highlighted.
    pub mark: Option<(usize, String)>,
}

impl HexState {
    /// Marks `offset` with `message` and scrolls to it.
    pub fn mark(&mut self, offset: usize, message: String) {
        self.scroll_to_line = Some(offset / BYTES_PER_LINE);
        self.mark = Some((offset, message));
    }
}

/// One dump line for the bytes at `offset` (the last line may be short).
pub fn line(bytes: &[u8], offset: usize) -> String {
    let end = offset.saturating_add(BYTES_PER_LINE).min(bytes.len());
    let chunk = bytes.get(offset..end).unwrap_or_default();
    let mut s = String::with_capacity(80);
    s.push_str(&format!("{offset:08X}  "));
    for i in 0..BYTES_PER_LINE {
        match chunk.get(i) {
            Some(b) => s.push_str(&format!("{b:02X} ")),
            None => s.push_str("   "),
        }
        if i == 7 {
            s.push(' ');
        }
    }
    s.push(' ');
    s.extend(chunk.iter().map(|&b| if (0x20..0x7F).contains(&b) { b as char } else { '.' }));
    s
}

pub fn line_count(len: usize) -> usize {
    len.div_ceil(BYTES_PER_LINE)
}

/// Parses a typed offset: hex with `0x`, else decimal.
pub fn parse_offset(s: &str) -> Option<usize> {
    let s = s.trim();
    match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(h) => usize::from_str_radix(h, 16).ok(),
        None => s.parse().ok(),
    }
}

pub fn show(ui: &mut Ui, bytes: &[u8], state: &mut HexState) {
    ui.horizontal(|ui| {
        ui.label(crate::tr!("log-bytes-count", n = bytes.len()));
        ui.separator();
        let r = ui.add(egui::TextEdit::singleline(&mut state.goto).hint_text(crate::tr!("hex-goto-hint")).desired_width(120.0));

        if r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter))
            && let Some(o) = parse_offset(&state.goto)
        {
            state.scroll_to_line = Some(o.min(bytes.len()) / BYTES_PER_LINE);
        }
    });
    if let Some((at, message)) = &state.mark {
        ui.colored_label(ui.visuals().error_fg_color, format!("0x{at:X}: {message}"));
    }
    ui.separator();
    let font = egui::TextStyle::Monospace;
    let marked = state.mark.as_ref().map(|(at, _)| at / BYTES_PER_LINE);
    let h = ui.text_style_height(&font);
    let lines = line_count(bytes.len());
    let mut area = egui::ScrollArea::both().id_salt("hex").auto_shrink([false, false]);
    if let Some(l) = state.scroll_to_line.take() {
        let spacing = ui.spacing().item_spacing.y;
        area = area.vertical_scroll_offset(l as f32 * (h + spacing));
    }
    area.show_rows(ui, h, lines, |ui, range| {
        // One dump line per row: wrapping would break the row arithmetic of `show_rows`.
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
        for l in range {
            let text = egui::RichText::new(line(bytes, l * BYTES_PER_LINE)).text_style(font.clone());
            if marked == Some(l) {
                let v = ui.visuals();
                ui.label(text.color(v.strong_text_color()).background_color(v.error_fg_color.gamma_multiply(0.35)));
            } else {
                ui.label(text);
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_show_offset_hex_and_ascii() {
        let b: Vec<u8> = (0x41..0x41 + 20).collect();
        assert_eq!(line(&b, 0), "00000000  41 42 43 44 45 46 47 48  49 4A 4B 4C 4D 4E 4F 50  ABCDEFGHIJKLMNOP");
        assert_eq!(line(&b, 16), format!("00000010  51 52 53 54 {}  QRST", " ".repeat(3 * 12)));
        assert_eq!(line(&[0, 0x7F, 0xFF], 0).split("  ").last(), Some("..."));
        assert_eq!(line(&b, 999), format!("000003E7  {}  ", " ".repeat(3 * 16)));
        assert_eq!((line_count(0), line_count(16), line_count(17)), (0, 1, 2));
        assert_eq!(parse_offset("0x1A"), Some(26));
        assert_eq!(parse_offset(" 26 "), Some(26));
        assert_eq!(parse_offset("zz"), None);
    }
}
