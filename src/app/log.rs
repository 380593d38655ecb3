//! The log (what the editor did and what failed) and the diagnostics of the last check.

use crate::doc::FileId;
use crate::doc::check::FileReport;
use crate::formats::Severity;

#[derive(Clone, Debug, PartialEq)]
pub struct LogLine {
    pub severity: Severity,
    pub text: String,
    /// Seconds since the editor started.
    pub at: f64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum BottomTab {
    #[default]
    Log,
    Diagnostics,
}

pub struct Log {
    lines: Vec<LogLine>,
    started: std::time::Instant,
    /// The last check per file, newest last.
    pub reports: Vec<(FileId, FileReport)>,
    /// Lines are kept up to this many (the oldest go first).
    cap: usize,
}

impl Default for Log {
    fn default() -> Self {
        Log { lines: Vec::new(), started: std::time::Instant::now(), reports: Vec::new(), cap: 5000 }
    }
}

impl Log {
    pub fn push(&mut self, severity: Severity, text: impl Into<String>) {
        let at = self.started.elapsed().as_secs_f64();
        self.lines.push(LogLine { severity, text: text.into(), at });
        if self.lines.len() > self.cap {
            let excess = self.lines.len() - self.cap;
            self.lines.drain(..excess);
        }
    }
    pub fn info(&mut self, text: impl Into<String>) {
        self.push(Severity::Info, text);
    }
    pub fn warn(&mut self, text: impl Into<String>) {
        self.push(Severity::Warning, text);
    }
    pub fn error(&mut self, text: impl Into<String>) {
        self.push(Severity::Error, text);
    }
    pub fn lines(&self) -> &[LogLine] {
        &self.lines
    }
    pub fn last(&self) -> Option<&LogLine> {
        self.lines.last()
    }
    pub fn errors(&self) -> usize {
        self.lines.iter().filter(|l| l.severity == Severity::Error).count()
    }

    /// Stores a check report, replacing the previous one of the same file.
    pub fn set_report(&mut self, file: FileId, report: FileReport) {
        self.reports.retain(|(f, _)| *f != file);
        self.reports.push((file, report));
    }

    pub fn forget_file(&mut self, file: FileId) {
        self.reports.retain(|(f, _)| *f != file);
    }

    pub fn finding_count(&self) -> usize {
        self.reports.iter().map(|(_, r)| r.diagnostics.len()).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_newest_lines_up_to_the_cap() {
        let mut l = Log { cap: 3, ..Log::default() };
        for i in 0..5 {
            l.info(format!("{i}"));
        }
        l.error("bad");
        let texts: Vec<_> = l.lines().iter().map(|x| x.text.as_str()).collect();
        assert_eq!(texts, ["3", "4", "bad"]);
        assert_eq!(l.errors(), 1);
    }

    #[test]
    fn one_report_per_file() {
        let mut l = Log::default();
        let r = |ok| FileReport { path: "a".into(), ok, roundtrip: true, entries: 0, diagnostics: vec![] };
        l.set_report(1, r(true));
        l.set_report(2, r(true));
        l.set_report(1, r(false));
        assert_eq!(l.reports.len(), 2);
        assert!(!l.reports[1].1.ok);
        l.forget_file(1);
        assert_eq!(l.reports.len(), 1);
    }
}
