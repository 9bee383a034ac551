//! Writes a run's reports in the formats asked for (`--report FORMAT FILE`: JSON, JUnit
//! XML, an HTML page), each file atomically. Apart from the report's data
//! ([`crate::report`]) and its page ([`crate::report_html`]), which import neither this
//! module nor each other.

use crate::error::Error;
use crate::report::{junit, Format, Report};
use std::path::PathBuf;

/// Writes the requested reports (`(format, path)`: `json`, `junit` or `html`).
pub fn write(r: &Report, title: &str, reports: &[(Format, PathBuf)]) -> Result<(), Error> {
    for (format, path) in reports {
        let text = match format {
            Format::Json => serde_json::to_string_pretty(r).expect("serializable") + "\n",
            Format::Junit => junit(r, title),
            Format::Html => crate::report_html::page(r, title),
        };
        grundy_fuzzing::corpus::write_atomic(path, text.as_bytes())
            .map_err(|e| Error::io(path.display(), e))?;
        if *format == Format::Html {
            eprintln!("report page: {}", path.display());
        }
    }
    Ok(())
}
