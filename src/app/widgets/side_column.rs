//! The side column of an editor's tab: beside the main view when the tab is wide, under it
//! when not.

/// How an editor's side column sits: its fraction of the tab's width (clamped) when beside
/// the main view, and of the height when under it.
pub struct SideColumn {
    pub id: &'static str,
    pub width: (f32, f32, f32),
    pub width_range: std::ops::RangeInclusive<f32>,
    pub height: f32,
}

impl SideColumn {
    /// Draws the column (scrolling) beside the main view when the tab is at least 760 points
    /// wide, else under it; the caller draws the main view in the room that is left.
    pub fn show(&self, ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui)) {
        let (w, h) = (ui.available_width(), ui.available_height());
        let (lo, frac, hi) = self.width;
        let panel = if w >= 760.0 {
            egui::Panel::right(self.id).default_size((w * frac).clamp(lo, hi)).size_range(160.0f32.min(*self.width_range.start())..=*self.width_range.end())
        } else {
            egui::Panel::bottom(format!("{}-below", self.id)).default_size(h * self.height).size_range(120.0..=h * 0.8)
        };
        panel.resizable(true).show(ui, |ui| {
            egui::ScrollArea::vertical().id_salt(format!("{}-scroll", self.id)).auto_shrink([false, false]).show(ui, add);
        });
    }
}

