//! Two items' decoded fields side by side, for the compare view's field tables: each side's
//! `info` summary (its codec's, as `parkan-studio info --json` prints it) flattened into
//! `phases[0].colors.ambient = [..]` rows, the two sides' rows aligned by field.

use super::Side;
use crate::doc::registry::{Item, codec_for};
use crate::formats::message::Message;
use crate::formats::readings::Readings;
use crate::msg;
use serde_json::Value;

/// One field of either side (`None` where that side has no such field).
#[derive(Debug, Clone, PartialEq)]
pub struct FieldRow {
    pub field: String,
    pub a: Option<String>,
    pub b: Option<String>,
}

impl FieldRow {
    pub fn differs(&self) -> bool {
        self.a != self.b
    }
}

/// The decoded fields of one side, or why it cannot be decoded.
fn fields_of(side: &Side, readings: &Readings) -> Result<Vec<(String, String)>, Message> {
    let item = Item { bytes: &side.bytes, name: &side.name, type_id: side.type_id, attrs: side.attrs, readings };
    let named = format!("{}: ", side.name);
    let codec = codec_for(&item).ok_or_else(|| msg!("doc-diff-no-decoder", "no decoder claims this item").prefixed(&named))?;
    let v = codec.info(&item).map_err(|e| e.as_message().prefixed(&named))?;
    let mut out = Vec::new();
    flatten("", &v, &mut out);
    Ok(out)
}

fn scalar(v: &Value) -> bool {
    !matches!(v, Value::Array(_) | Value::Object(_))
}

/// Objects and arrays of objects become dotted and indexed paths; an array of plain values
/// (a colour, a key) is one row.
fn flatten(at: &str, v: &Value, out: &mut Vec<(String, String)>) {
    let join = |k: &str| if at.is_empty() { k.to_string() } else { format!("{at}.{k}") };
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                flatten(&join(k), x, out);
            }
        }
        Value::Array(xs) if !xs.iter().all(scalar) => {
            for (i, x) in xs.iter().enumerate() {
                flatten(&format!("{at}[{i}]"), x, out);
            }
        }
        Value::String(s) => out.push((at.to_string(), s.clone())),
        other => out.push((at.to_string(), other.to_string())),
    }
}

/// Both sides' fields, in A's order with B's new fields after; an error names the side that
/// could not be decoded (the other side's rows are still given).
pub fn field_rows(a: Option<&Side>, b: Option<&Side>, readings: &Readings) -> (Vec<FieldRow>, Vec<Message>) {
    let mut errors = Vec::new();
    let mut read = |s: Option<&Side>, tag: &str| match s.map(|s| fields_of(s, readings)) {
        None => Vec::new(),
        Some(Ok(f)) => f,
        Some(Err(e)) => {
            errors.push(e.prefixed(&format!("{tag}: ")));
            Vec::new()
        }
    };
    let (fa, fb) = (read(a, "a"), read(b, "b"));
    let mut rows: Vec<FieldRow> = fa.into_iter().map(|(field, v)| FieldRow { field, a: Some(v), b: None }).collect();
    let index: std::collections::HashMap<String, usize> = rows.iter().enumerate().map(|(i, r)| (r.field.clone(), i)).collect();
    for (field, v) in fb {
        match index.get(&field) {
            Some(&i) => rows[i].b = Some(v),
            None => rows.push(FieldRow { field, a: None, b: Some(v) }),
        }
    }
    (rows, errors)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::mat0 as fx;
    use crate::formats::TYPE_MAT0;
    use crate::formats::mat0::Mat0;

    fn side(bytes: Vec<u8>) -> Side {
        Side { name: "STEEL".into(), bytes: bytes.into(), type_id: Some(TYPE_MAT0), attrs: [0x45, 1, 0] }
    }

    #[test]
    fn material_fields_line_up_and_the_changed_one_differs() {
        let a = fx::version(1);
        let mut m = Mat0::parse(&a, 1).unwrap();
        m.phases[0].params[0] ^= 0x40;
        let b = m.write().unwrap();
        let r = Readings::default();
        let (rows, errors) = field_rows(Some(&side(a.clone())), Some(&side(b)), &r);
        assert!(errors.is_empty(), "{errors:?}");
        let changed: Vec<&str> = rows.iter().filter(|x| x.differs()).map(|x| x.field.as_str()).collect();
        assert!(!changed.is_empty() && changed.iter().all(|f| f.starts_with("phases[0].")), "{changed:?}");
        assert!(rows.iter().any(|x| x.field == "phase_count" && !x.differs()));
        // One side only (an added material), and one that does not decode.
        let (only_b, _) = field_rows(None, Some(&side(a.clone())), &r);
        assert!(only_b.iter().all(|x| x.a.is_none() && x.b.is_some()));
        let (_, errors) = field_rows(Some(&side(a[..3].to_vec())), Some(&side(a)), &r);
        assert_eq!(errors.len(), 1);
        assert!(errors[0].as_str().starts_with("a: STEEL: "), "{errors:?}");
    }
}
