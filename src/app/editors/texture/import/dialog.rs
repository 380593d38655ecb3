//! Drawing the replace dialog: the size, format and option choices, the before and after
//! images with their quality numbers, and the answer (one undo step of the target's bytes).

use super::*;

/// How the user closed the dialog.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Answer {
    Replace,
    Cancel,
}

impl EditorDialog for ImportDialog {
    fn show(&mut self, ctx: &Context, ws: &Workspace, out: &mut Vec<Intent>) -> bool {
        let mut answer = None;
        let modal = egui::Modal::new(egui::Id::unique("import-dialog")).show(ctx, |ui| {
            ui.set_max_width(640.0);
            body(ui, self, &mut answer);
        });
        if modal.should_close() && answer.is_none() {
            answer = Some(Answer::Cancel);
        }
        match answer {
            None => true,
            Some(Answer::Cancel) => false,
            Some(Answer::Replace) => {
                self.confirm(ws, out);
                false
            }
        }
    }
}

impl ImportDialog {
    /// The conversion as one undo step of the target's bytes.
    fn confirm(&mut self, ws: &Workspace, out: &mut Vec<Intent>) {
        let (address, source) = (items::address(ws, &self.target), self.source_name.clone());
        let target = self.target.clone();
        match self.preview() {
            Ok(p) => {
                out.push(Intent::EditItem(ItemEdit::bytes(&target, p.bytes.clone(), crate::tr!("imp-undo", address = address.as_str(), source = source.as_str()))));
                if let Some(reply) = self.reply {
                    out.push(reply(&target, self.choices()));
                }
                out.push(Intent::Log(Severity::Info, crate::tr!("imp-replaced", address = address.as_str(), source = source.as_str())));
            }
            Err(m) => {
                out.push(Intent::Log(Severity::Error, format!("{}: {m}", crate::tr!("tex-replace-title"))));
                out.push(Intent::ShowDialog(Dialog::Message { title: crate::tr!("tex-replace-title"), text: m.clone() }));
            }
        }
    }
}

fn body(ui: &mut Ui, d: &mut ImportDialog, answer: &mut Option<Answer>) {
    ui.heading(crate::tr!("imp-heading", name = d.target_name.as_str()));
    ui.label(crate::tr!("imp-from", source = d.source_name.as_str(), size = format!("{}×{}", d.image.width, d.image.height)));
    ui.add_space(6.0);
    images(ui, d);
    ui.add_space(6.0);
    egui::Grid::new("import-options").num_columns(2).show(ui, |ui| {
        ui.label(crate::tr!("tex-format"));
        let keep = crate::tr!("imp-keep", format = d.old.format().map_or("?", |f| f.name()));
        let now = d.format.and_then(Format::from_raw).map_or(keep.clone(), |f| f.name().to_string());
        egui::ComboBox::from_id_salt("import-format")
            .selected_text(now)
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut d.format, None, keep);
                for f in ALL_FORMATS.iter().filter(|f| **f != Format::External || d.old.format() == Some(Format::External)) {
                    ui.selectable_value(&mut d.format, Some(f.raw()), f.name());
                }
            })
            .response
            .on_hover_text(crate::tr!("imp-format-tip"));
        ui.end_row();
        if d.target_format().is_some_and(Format::is_indexed) {
            ui.label(crate::tr!("tex-palette"));
            ui.vertical(|ui| {
                let has_old = d.old.palette().is_some();
                ui.radio_value(&mut d.keep_palette, false, crate::tr!("imp-choose-colours"));
                ui.add_enabled(has_old, egui::RadioButton::new(d.keep_palette, crate::tr!("imp-keep-palette")))
                    .clicked()
                    .then(|| d.keep_palette = true);
                ui.checkbox(&mut d.dither, crate::tr!("imp-dither"));
            });
            ui.end_row();
        }
        ui.label(crate::tr!("imp-mip-filter"));
        ui.horizontal(|ui| {
            ui.radio_value(&mut d.smooth, false, crate::tr!("imp-box"));
            ui.radio_value(&mut d.smooth, true, crate::tr!("imp-smooth"));
        });
        ui.end_row();
        if d.sizes_differ() {
            ui.label(crate::tr!("tex-size"));
            ui.vertical(|ui| {
                ui.radio_value(&mut d.size, SizeChoice::ScaleImage, crate::tr!("imp-scale-image", size = format!("{}×{}", d.old.width(), d.old.height())));
                ui.radio_value(&mut d.size, SizeChoice::ResizeTexture, crate::tr!("imp-resize-texture", size = format!("{}×{}", d.image.width, d.image.height)));
            });
            ui.end_row();
        }
    });
    ui.add_space(6.0);
    ui.label(RichText::new(crate::tr!("imp-what-happens")).strong());
    let c = d.choices();
    d.ready(&c, ui.ctx());
    let result = d.done.get(&c);
    for line in d.plan_for(result.and_then(|r| r.as_ref().ok())) {
        ui.label(format!("• {line}"));
    }
    let ok = match result {
        None => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(crate::tr!("imp-converting"));
            });
            false
        }
        Some(Ok(p)) => {
            for diag in &p.diagnostics {
                let c = if diag.severity == Severity::Warning { ui.visuals().warn_fg_color } else { ui.visuals().weak_text_color() };
                ui.colored_label(c, format!("• {}", crate::app::i18n::messages::diagnostic(diag)));
            }
            true
        }
        Some(Err(e)) => {
            ui.colored_label(ui.visuals().error_fg_color, e.clone());
            false
        }
    };
    ui.add_space(8.0);
    ui.horizontal(|ui| {
        let replace = ui.add_enabled(ok, egui::Button::new(crate::tr!("imp-replace"))).on_hover_text(crate::tr!("imp-replace-tip"));
        if replace.clicked() || (ok && ui.input(|i| i.key_pressed(egui::Key::Enter))) {
            *answer = Some(Answer::Replace);
        }
        if ui.button(crate::tr!("dlg-cancel")).clicked() {
            *answer = Some(Answer::Cancel);
        }
    });
}

fn images(ui: &mut Ui, d: &mut ImportDialog) {
    let c = d.choices();
    let compare = d.dither_applies();
    let other = Choices { dither: !c.dither, ..c.clone() };
    // Both conversions shown must be there (a large image's come from a worker thread).
    let ready = d.ready(&c, ui.ctx()).is_some() & (!compare || d.ready(&other, ui.ctx()).is_some());
    if !ready {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(crate::tr!("imp-converting-image", size = format!("{}×{}", d.image.width, d.image.height)));
        });
        return;
    }
    if d.textures_for.as_ref() != Some(&c) {
        let ctx = ui.ctx().clone();
        let before = d.old_level0.clone().unwrap_or_else(|| d.image.clone());
        let b = (load_texture(&ctx, "import-before", before.width, before.height, &before.rgba, egui::TextureOptions::NEAREST), [before.width, before.height]);
        let load = |name: &str, p: &Result<Preview, String>| {
            p.as_ref().ok().map(|p| {
                let l = &p.level0;
                (load_texture(&ctx, name, l.width, l.height, &l.rgba, egui::TextureOptions::NEAREST), [l.width, l.height])
            })
        };
        let a = load("import-after", d.preview());
        let o = if compare { load("import-other", d.other_preview()) } else { None };
        d.textures = Some((b, a, o));
        d.textures_for = Some(c);
    }
    let Some((b, a, o)) = d.textures.clone() else { return };
    let figures = |p: &Result<Preview, String>| match p {
        Ok(p) => crate::tr!("imp-psnr", psnr = db(p.psnr), blurred = db(p.blurred_psnr)),
        Err(_) => String::new(),
    };
    let now = figures(d.preview());
    let dithered = d.dither;
    // Side by side: without and with dither, whichever is chosen; a click on the other picks it.
    let mut columns: Vec<(String, Option<Sized>, String, Option<bool>)> = vec![(crate::tr!("imp-before"), Some(b), String::new(), None)];
    if compare {
        let other = figures(d.other_preview());
        let (off, on) = if dithered { ((o, other), (a, now)) } else { ((a, now), (o, other)) };
        columns.push((crate::tr!("imp-no-dither"), off.0, off.1, Some(false)));
        columns.push((crate::tr!("imp-dithered"), on.0, on.1, Some(true)));
    } else {
        columns.push((crate::tr!("imp-after"), a, now, None));
    }
    let side = if compare { 220.0 } else { 280.0 };
    ui.horizontal(|ui| {
        for (label, t, fig, dither) in columns {
            ui.vertical(|ui| {
                let chosen = dither == Some(dithered);
                let title = RichText::new(&label).strong();
                match dither {
                    Some(v) => {
                        if ui.selectable_label(chosen, title).on_hover_text(crate::tr!("imp-use-this")).clicked() {
                            d.dither = v;
                        }
                    }
                    None => {
                        ui.label(title);
                    }
                }
                let (rect, resp) = ui.allocate_exact_size(vec2(side, side), egui::Sense::click());
                if let Some(v) = dither
                    && resp.clicked()
                {
                    d.dither = v;
                }
                let p = ui.painter_at(rect);
                p.rect_filled(rect, 0.0, ui.visuals().extreme_bg_color);
                if let Some((t, [w, h])) = t {
                    let k = (rect.width() / w as f32).min(rect.height() / h as f32);
                    let k = if k >= 1.0 { k.floor() } else { k };
                    let r = egui::Rect::from_center_size(rect.center(), vec2(w as f32, h as f32) * k);
                    paint_checker(&p, r);
                    p.image(t.id(), r, egui::Rect::from_min_max(egui::Pos2::ZERO, egui::pos2(1.0, 1.0)), egui::Color32::WHITE);
                    if chosen {
                        p.rect_stroke(rect, 0.0, ui.visuals().selection.stroke, egui::StrokeKind::Inside);
                    }
                    ui.small(format!("{w}×{h}"));
                    if !fig.is_empty() {
                        ui.small(fig);
                    }
                } else {
                    ui.small(crate::tr!("imp-cannot-convert"));
                }
            });
        }
    });
}

/// A PSNR for the dialog: "exact" when the images are equal.
fn db(v: Option<f64>) -> String {
    match v {
        Some(x) if x.is_infinite() => crate::tr!("imp-exact"),
        Some(x) => crate::app::i18n::format::decimal(x, 1),
        None => "-".into(),
    }
}
