//! Reports of a run: JSON (serde) and JUnit XML for CI, one entry per test or corpus case,
//! and an HTML page for people ([`crate::report_html`]). Used by `grundy replay` and
//! `grundy check`.

use crate::output::escape;
use serde::Serialize;

/// The result of one test or case, as reported.
#[derive(Serialize, Debug, Clone)]
pub struct CaseResult {
    /// Problem (folder) name.
    pub problem: String,
    /// Case or test name.
    pub name: String,
    /// Path or description of the input.
    pub input: String,
    /// `pass` or `fail`.
    pub status: &'static str,
    /// Verdict code (OK, WA, PE, RE, TLE, MLE, OLE, UB, ERROR).
    pub verdict: String,
    /// Details of a failure.
    pub message: String,
    /// Seconds of the program's own run (wall time), or of the case's work where no
    /// program ran.
    pub seconds: f64,
    /// A failure's evidence beyond its message: the input, expected and actual output.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub details: String,
    /// The command that reproduces a failure.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub reproduce: String,
}

/// A whole report.
#[derive(Serialize, Debug)]
pub struct Report {
    /// Corpus folder, or the problem checked.
    pub corpus: String,
    /// What was run: `solver+oracle`, `reference`, or the program's command line.
    pub subject: String,
    /// Cases passed.
    pub passed: usize,
    /// Cases failed.
    pub failed: usize,
    /// Every case.
    pub cases: Vec<CaseResult>,
    /// Groups of failures (`grundy check`), with what was found about each.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub groups: Vec<serde_json::Value>,
    /// grundy's own resources for the whole command (`grundy check`), its judged
    /// programs not included.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub footprint: Option<Footprint>,
    /// The dimensions the inputs reached, and the marks they never did (`grundy check`:
    /// [`crate::reach`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reach: Option<serde_json::Value>,
    /// Tests of the plan not run because they drew an input judged already (`grundy
    /// check`): `cases` holds each distinct input once.
    #[serde(skip_serializing_if = "is_zero")]
    pub repeated: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// This process's own resources so far (`getrusage(RUSAGE_SELF)`: every thread, no
/// child): what grundy itself costs, apart from the programs it runs.
#[derive(Serialize, Debug, Clone, Copy)]
pub struct Footprint {
    /// Peak resident memory in bytes.
    pub peak_bytes: u64,
    /// User CPU seconds.
    pub user_seconds: f64,
    /// System CPU seconds.
    pub system_seconds: f64,
}

impl Footprint {
    /// This process's resources now.
    pub fn now() -> Footprint {
        // SAFETY: a zeroed rusage is a valid value for getrusage to fill in.
        let mut u: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: getrusage writes into a valid struct.
        unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut u) };
        let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
        Footprint {
            peak_bytes: u.ru_maxrss as u64 * 1024,
            user_seconds: secs(u.ru_utime),
            system_seconds: secs(u.ru_stime),
        }
    }
}

/// Text for an XML attribute: markup escaped, and control characters (which XML 1.0
/// cannot hold at all) shown as `\xHH`.
pub fn xml_escape(s: &str) -> String {
    escape(s)
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\n', "&#10;")
        .replace('\t', "&#9;")
}

/// Text for an XML element's body: markup escaped, control characters but line ends
/// shown as `\xHH`.
fn xml_text(s: &str) -> String {
    let kept: String = s
        .split('\n')
        .map(|line| escape(line).into_owned())
        .collect::<Vec<_>>()
        .join("\n");
    kept.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// JUnit XML: one testsuite per problem, one testcase per case. It keeps to the Jenkins
/// xUnit plugin's JUnit schema and Ant's (`tests`, `failures`, `errors` and `skipped` on
/// every suite); a failure's body holds its evidence and the command that reproduces it.
pub fn junit(r: &Report, title: &str) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let total: f64 = r.cases.iter().map(|c| c.seconds).sum();
    out += &format!(
        "<testsuites name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"0\" time=\"{total:.3}\">\n",
        xml_escape(title),
        r.passed + r.failed,
        r.failed
    );
    let mut problems: Vec<&str> = r.cases.iter().map(|c| c.problem.as_str()).collect();
    problems.dedup();
    for p in problems {
        let cases: Vec<&CaseResult> = r.cases.iter().filter(|c| c.problem == p).collect();
        let failures = cases.iter().filter(|c| c.status == "fail").count();
        let time: f64 = cases.iter().map(|c| c.seconds).sum();
        out += &format!(
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{failures}\" errors=\"0\" skipped=\"0\" time=\"{time:.3}\">\n",
            xml_escape(p),
            cases.len()
        );
        for c in cases {
            out += &format!(
                "    <testcase classname=\"{}\" name=\"{}\" time=\"{:.3}\"",
                xml_escape(p),
                xml_escape(&c.name),
                c.seconds
            );
            if c.status == "fail" {
                let mut body = format!("{}\ninput: {}\n", c.message, c.input);
                if !c.details.is_empty() {
                    body += &c.details;
                    if !body.ends_with('\n') {
                        body.push('\n');
                    }
                }
                if !c.reproduce.is_empty() {
                    body += &format!("reproduce: {}\n", c.reproduce);
                }
                out += &format!(
                    ">\n      <failure type=\"{}\" message=\"{}\">{}</failure>\n    </testcase>\n",
                    xml_escape(&c.verdict),
                    xml_escape(&c.message),
                    xml_text(&body)
                );
            } else {
                out += "/>\n";
            }
        }
        out += "  </testsuite>\n";
    }
    out += "</testsuites>\n";
    out
}

/// A report's format (`--report FORMAT FILE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Every test's verdict, the groups and grundy's footprint, as JSON.
    Json,
    /// JUnit XML, for CI dashboards.
    Junit,
    /// One self-contained HTML page: the summary, each group with its witness drawn, the
    /// outputs side by side and the reproduce commands.
    Html,
}

impl Format {
    /// The format named `name` (`json`, `junit` or `html`, in any case).
    pub fn parse(name: &str) -> Option<Format> {
        match name.to_ascii_lowercase().as_str() {
            "json" => Some(Format::Json),
            "junit" => Some(Format::Junit),
            "html" => Some(Format::Html),
            _ => None,
        }
    }
}
