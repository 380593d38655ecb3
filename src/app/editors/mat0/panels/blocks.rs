//! The animation blocks with their key tables, and the readout of every block at the playhead.

use super::*;

pub fn blocks(ui: &mut Ui, cx: &EditorCx, view: &mut Mat0View, mat: &Mat0, out: &mut Vec<Intent>) {
    egui::CollapsingHeader::new(crate::tr!("mat-blocks", n = mat.anim.len().to_string())).default_open(true).show(ui, |ui| {
        if ui.button(crate::tr!("mat-add-block")).clicked() {
            let mut m = mat.clone();
            match edits::add_block(&mut m) {
                Ok(b) => {
                    view.block = b;
                    view.key = None;
                    out.push(commit(cx, &m, None, crate::tr!("mat-undo-add-block"), None));
                }
                Err(e) => view.notice = Some(e),
            }
        }
        for (b, block) in mat.anim.iter().enumerate() {
            let title = crate::tr!("mat-block-title", b = b.to_string(), mode = block.mode().label(), n = block.keys.len(), cycle = block.cycle_len().to_string());
            let open = egui::CollapsingHeader::new(title).id_salt(("mat0-block", b)).default_open(b == view.block).show(ui, |ui| {
                block_body(ui, cx, view, mat, b, out);
            });
            if open.header_response.clicked() {
                view.block = b;
            }
        }
    });
}

/// Key rows shown at once; the rest scroll.
const KEY_ROWS: f32 = 8.0;

fn block_body(ui: &mut Ui, cx: &EditorCx, view: &mut Mat0View, mat: &Mat0, b: usize, out: &mut Vec<Intent>) {
    let block = &mat.anim[b];
    let mut m = mat.clone();
    let mut label = None;
    ui.horizontal(|ui| {
        let cur = block.mode_bits();
        egui::ComboBox::new(("mat0-mode", b), crate::tr!("mat-mode")).selected_text(format!("{cur}: {}", block.mode().label())).show_ui(ui, |ui| {
            for v in 0..8u32 {
                if ui.selectable_label(v == cur, format!("{v}: {}", AnimMode::from_bits(v).label())).clicked() && v != cur {
                    m.anim[b].set_mode(AnimMode::from_bits(v));
                    label = Some(crate::tr!("mat-undo-mode", b = b.to_string()));
                }
            }
        });
        if ui.button(crate::tr!("mat-remove-block")).clicked() && edits::remove_block(&mut m, b).is_ok() {
            label = Some(crate::tr!("mat-undo-remove-block", b = b.to_string()));
        }
    });
    if let AnimMode::Unknown(v) = block.mode() {
        ui.colored_label(ui.visuals().warn_fg_color, crate::tr!("mat-mode-no-branch", v = v.to_string()));
    }
    let reading = cx.ws.readings.interp_mask;
    let fields = mask_fields(reading);
    ui.horizontal_wrapped(|ui| {
        ui.label(crate::tr!("mat-interpolate"));
        let mask = block.interp_mask();
        for (bit, f) in fields.iter().enumerate() {
            let mut on = mask & (1 << bit) != 0;
            let names: Vec<String> = f.iter().map(|&x| readout::float_name(x)).collect();
            if ui.checkbox(&mut on, format!("0x{:02X}", 1 << bit)).on_hover_text(crate::tr!("mat-bit-names", names = names.join(", "), reading = format!("{reading:?}"))).changed() && label.is_none() {
                let new = if on { mask | (1 << bit) } else { mask & !(1 << bit) };
                m.anim[b].set_interp_mask(new);
                label = Some(crate::tr!("mat-undo-interpolation", b = b.to_string()));
            }
        }
        if mask >> 5 != 0 {
            ui.weak(crate::tr!("mat-higher-bits", bits = format!("0x{:X}", mask >> 5)));
        }
    });

    // Only the rows in view are laid out (a block may have hundreds of keys, and this runs
    // every frame while playing); a key picked on the timeline is scrolled to once.
    let phases = mat.phases.len();
    let row_h = ui.spacing().interact_size.y + 2.0;
    let mut edit = None;
    let mut table = egui_extras::TableBuilder::new(ui)
        .id_salt(("mat0-keys", b))
        .striped(true)
        .resizable(false)
        .column(egui_extras::Column::auto().at_least(32.0))
        .columns(egui_extras::Column::auto().at_least(56.0), 2)
        .column(egui_extras::Column::auto().at_least(80.0))
        .column(egui_extras::Column::remainder())
        .min_scrolled_height(0.0)
        .max_scroll_height(row_h * KEY_ROWS);
    if view.block == b
        && let Some(k) = view.scroll_to_key.take()
    {
        table = table.scroll_to_row(k, Some(egui::Align::Center));
    }
    table
        .header(row_h, |mut header| {
            for h in [crate::tr!("mat-col-key"), crate::tr!("mat-col-phase"), crate::tr!("mat-col-end"), crate::tr!("mat-col-interval"), crate::tr!("mat-col-unused")] {
                header.col(|ui| {
                    ui.strong(h);
                });
            }
        })
        .body(|body| {
            body.rows(row_h, block.keys.len(), |mut row| {
                let k = row.index();
                let key = block.keys[k];
                let mut row_id = None;
                row.col(|ui| {
                    let r = ui.selectable_label(view.block == b && view.key == Some(k), k.to_string());
                    if r.clicked() {
                        view.block = b;
                        view.key = Some(k);
                    }
                    row_id = Some(r.id);
                });
                let (mut k0, mut k1) = (key.k0, key.k1);
                row.col(|ui| {
                    let bad = usize::from(k0) >= phases;
                    let mut r = ui.add(egui::DragValue::new(&mut k0).range(0..=u16::MAX));
                    if let Some(id) = row_id {
                        r = r.labelled_by(id);
                    }
                    if bad {
                        ui.painter().rect_stroke(r.rect, 2.0, Stroke::new(1.5, Color32::RED), StrokeKind::Outside);
                        r.on_hover_text(crate::tr!("mat-past-last-phase"));
                    }
                });
                row.col(|ui| {
                    let r = ui.add(egui::DragValue::new(&mut k1));
                    if let Some(id) = row_id {
                        r.labelled_by(id);
                    }
                });
                row.col(|ui| {
                    let (s, e) = block.interval(k).unwrap_or((0, 0));
                    ui.label(if s > e { RichText::new(crate::tr!("mat-interval-empty", interval = format!("{s}..{e}"))).color(Color32::RED) } else { RichText::new(format!("{s}..{e}")) });
                });
                row.col(|ui| {
                    ui.weak(format!("{} (0x{:04X})", key.k2, key.k2));
                });
                if (k0, k1) != (key.k0, key.k1) && edit.is_none() {
                    edit = Some((k, k0, k1));
                }
            });
        });
    if let Some((k, k0, k1)) = edit.filter(|_| label.is_none()) {
        m.anim[b].keys[k].k0 = k0;
        m.anim[b].keys[k].k1 = k1;
        view.drag_open = true;
        out.push(commit(cx, &m, None, crate::tr!("mat-undo-edit-key", key = k.to_string(), block = b.to_string()), Some("mat0-key")));
    }
    ui.horizontal(|ui| {
        if ui.button(crate::tr!("mat-add-key")).clicked() {
            label = Some(key_op(view, &mut m, b, |m| edits::append_key(m, b).map(Some), &crate::tr!("mat-undo-add-key")));
        }
        let sel = view.key.filter(|_| view.block == b);
        if ui.add_enabled(sel.is_some(), egui::Button::new(crate::tr!("mat-insert-before"))).clicked()
            && let Some(k) = sel
        {
            label = Some(key_op(view, &mut m, b, |m| edits::insert_key(m, b, k).map(Some), &crate::tr!("mat-undo-insert-key")));
        }
        if ui.add_enabled(sel.is_some(), egui::Button::new(crate::tr!("mat-remove-key"))).clicked()
            && let Some(k) = sel
        {
            label = Some(key_op(view, &mut m, b, |m| edits::remove_key(m, b, k).map(|_| None), &crate::tr!("mat-undo-remove-a-key")));
        }
    });
    if let Some(l) = label.filter(|l| !l.is_empty()) {
        out.push(commit(cx, &m, None, l, None));
    }
}

/// Runs a key edit, selects the key it names; the label, or empty (with a notice) on refusal.
fn key_op(view: &mut Mat0View, m: &mut Mat0, b: usize, f: impl FnOnce(&mut Mat0) -> Result<Option<usize>, String>, label: &str) -> String {
    match f(m) {
        Ok(k) => {
            view.block = b;
            view.key = k;
            crate::tr!("mat-label-block", label = label, b = b.to_string())
        }
        Err(e) => {
            view.notice = Some(e);
            String::new()
        }
    }
}

/// The four evaluated colours (diffuse, ambient, specular, emissive) as one painted strip.
fn colour_strip(ui: &mut Ui, values: &[f32; 16]) -> egui::Response {
    let (rect, resp) = ui.allocate_exact_size(vec2(4.0 * 18.0, 14.0), Sense::hover());
    for (n, at) in [0, 4, 8, 12].into_iter().enumerate() {
        let r = egui::Rect::from_min_size(rect.min + vec2(n as f32 * 18.0, 0.0), vec2(14.0, 14.0));
        paint_swatch(ui.painter(), r, super::super::preview::colour(values, at));
    }
    resp
}

pub fn readout(ui: &mut Ui, cx: &EditorCx, view: &mut Mat0View, mat: &Mat0) {
    ui.heading(crate::tr!("mat-at-playhead"));
    ui.label(crate::tr!("mat-game-time", time = crate::app::words::ms(view.timeline.time)));
    if mat.anim.iter().any(|b| b.mode() == AnimMode::Random) {
        ui.horizontal(|ui| {
            ui.label(crate::tr!("mat-rand-state"));
            ui.add(egui::DragValue::new(&mut view.seed));
            if ui.button(crate::tr!("mat-reroll")).on_hover_text(crate::tr!("mat-reroll-tip")).clicked() {
                let mut r = crate::formats::mat0::rng::MsvcRand::new(view.seed);
                r.next_value();
                view.seed = r.state;
            }
        });
    }
    // Per block four items (title, selection, a painted colour strip, the numbers) rather than
    // a label per value: this runs every frame while playing, and each widget costs more than
    // its text.
    for r in &view.readout {
        ui.group(|ui| {
            match r.block {
                Some(b) => ui.strong(crate::tr!("mat-block-mode", b = b.to_string(), mode = mat.anim[b].mode().label())),
                None => ui.strong(crate::tr!("mat-no-blocks-short")),
            };
            match &r.state {
                Ok(s) => {
                    let pass = match r.pass {
                        Pass::Forward => String::new(),
                        Pass::Reflected => crate::tr!("mat-pass-reflected"),
                        Pass::Held => crate::tr!("mat-pass-held"),
                    };
                    let key = r.key.map_or_else(|| "–".into(), |k| k.to_string());
                    let random = s.start_time.map_or_else(String::new, |st| crate::tr!("mat-random-start", ms = st.to_string()));
                    ui.label(crate::tr!("mat-play-state", key = key, phase = s.phase.to_string(), next = s.next_phase.to_string(), alpha = format!("{:.3}", r.alpha), time = format!("{:.0}", r.local), pass = pass, random = random));
                    // The numbers of the colours for the selected block (the one the preview
                    // draws); the others' on hovering their swatches. Text that changes with the
                    // playhead is laid out again every frame.
                    let v = &s.values;
                    let numbers = |v: &[f32; 16]| {
                        let four = |at: usize| format!("{:.2} {:.2} {:.2} {:.2}", v[at], v[at + 1], v[at + 2], v[at + 3]);
                        crate::tr!("mat-play-colours", diffuse = four(0), ambient = four(4), specular = four(8), emissive = four(12))
                    };
                    colour_strip(ui, v).on_hover_ui(|ui| {
                        ui.label(numbers(v));
                    });
                    let power = crate::tr!("mat-play-power", step = s.u16.to_string(), cell = s.cell.to_string(), texture = s.texture.clone().unwrap_or_else(|| crate::tr!("mesh-none")));

                    if r.block.is_none_or(|b| b == view.block) {
                        ui.label(format!("{}\n{power}", numbers(v)));
                    } else {
                        ui.label(power);
                    }
                    for d in &s.diagnostics {
                        ui.colored_label(ui.visuals().warn_fg_color, crate::app::i18n::messages::diagnostic(d));
                    }
                }
                Err(e) => {
                    ui.colored_label(ui.visuals().error_fg_color, e);
                }
            }
        });
    }
    if let Some(block) = mat.anim.get(view.block) {
        ui.label(crate::tr!("mat-block-cycle", b = view.block.to_string()));
        if !view.plot.as_ref().is_some_and(|p| p.is_for(view.block, view.seed)) {
            view.plot = Some(readout::CyclePlot::new(mat, view.block, view.seed, &cx.ws.readings));
        }
        let local = view.readout.get(view.block).map_or(0.0, |r| r.local);
        let at = if block.cycle_len() > 0 { (local / f64::from(block.cycle_len())) as f32 } else { 0.0 };
        if let Some(p) = view.plot.as_mut() {
            p.show(ui, at);
        }
    }
}
