//! The statement of a Polygon package: the package's statement (its own
//! `statement.en.tex`, or the stub [`crate::kattis_statement`] writes from `problem.toml`)
//! cut into Polygon's sections — `statement-sections/english/name.tex`, `legend.tex`,
//! `input.tex`, `output.tex` (`interaction.tex` for an interactive problem, `notes.tex`
//! where the statement has notes) — which Polygon's package import reads, and the whole as
//! `statements/english/problem.tex` in Polygon's `olymp.sty` form, which `problem.xml`
//! names in `<statements>`.

use crate::file::File;
use grundy_judging::package::Package;

/// Where `problem.xml` says the statement is.
pub(crate) const PROBLEM_TEX: &str = "statements/english/problem.tex";

/// A statement cut into Polygon's sections (LaTeX each).
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Sections {
    pub(crate) name: String,
    pub(crate) legend: String,
    pub(crate) input: String,
    pub(crate) output: String,
    pub(crate) interaction: String,
    pub(crate) notes: String,
}

/// The argument of the first `\command{…}` in `text` (braces balanced), and the text
/// after it.
fn argument<'a>(text: &'a str, command: &str) -> Option<(&'a str, &'a str)> {
    let at = text.find(command)? + command.len();
    let rest = text[at..].strip_prefix('{')?;
    let mut depth = 1usize;
    for (i, c) in rest.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some((&rest[..i], &rest[i + 1..]));
                }
            }
            _ => {}
        }
    }
    None
}

/// Cuts a statement in the Kattis form (`\problemname{…}`, then `\section*{Input}`,
/// `\section*{Output}` or `\section*{Interaction}`, and maybe `\section*{Notes}`) into
/// Polygon's sections: the text before the first section is the legend; a section of
/// another heading stays in the section before it, its heading in bold. Comment lines are
/// left out; `name` is the problem's name when the statement has none.
pub(crate) fn sections(latex: &str, name: &str) -> Sections {
    let body: String = latex
        .lines()
        .filter(|l| !l.trim_start().starts_with('%'))
        .map(|l| format!("{l}\n"))
        .collect();
    let (title, mut rest) = match argument(&body, "\\problemname") {
        Some((title, after)) => (title.trim().to_string(), after.to_string()),
        None => (name.to_string(), body.clone()),
    };
    let mut s = Sections {
        name: title,
        ..Sections::default()
    };
    let mut current = std::mem::take(&mut s.legend);
    let into = |which: &str, text: String, s: &mut Sections| {
        let slot = match which {
            "input" => &mut s.input,
            "output" => &mut s.output,
            "interaction" => &mut s.interaction,
            "notes" | "note" | "explanation" => &mut s.notes,
            _ => &mut s.legend,
        };
        slot.push_str(&text);
    };
    let mut heading = String::new();
    loop {
        let next = rest.find("\\section*{").or_else(|| rest.find("\\section{"));
        let Some(at) = next else {
            current.push_str(&rest);
            break;
        };
        current.push_str(&rest[..at]);
        let command = if rest[at..].starts_with("\\section*") {
            "\\section*"
        } else {
            "\\section"
        };
        let Some((title, after)) = argument(&rest[at..], command) else {
            current.push_str(&rest[at..]);
            break;
        };
        let key = title.trim().to_lowercase();
        let known = [
            "input",
            "output",
            "interaction",
            "notes",
            "note",
            "explanation",
        ];
        if known.contains(&key.as_str()) {
            into(&heading, std::mem::take(&mut current), &mut s);
            heading = key;
        } else {
            current.push_str(&format!("\\textbf{{{}}}\n", title.trim()));
        }
        rest = after.to_string();
    }
    into(&heading, current, &mut s);
    for text in [
        &mut s.legend,
        &mut s.input,
        &mut s.output,
        &mut s.interaction,
        &mut s.notes,
    ] {
        *text = format!("{}\n", text.trim());
    }
    s
}

/// The statement as Polygon's `olymp.sty` writes a problem: its name, files, limits, then
/// the sections under their commands.
fn problem_tex(pkg: &Package, s: &Sections) -> String {
    let seconds = pkg.limits.time.as_secs_f64();
    let megabytes = pkg.limits.memory.unwrap_or(1 << 30) >> 20;
    let mut t = format!(
        "% Written by grundy testset (the Polygon layout) from the package's statement.\n\\begin{{problem}}{{{}}}{{standard input}}{{standard output}}{{{seconds} second{}}}{{{megabytes} megabytes}}\n\n{}\n",
        s.name,
        if seconds == 1.0 { "" } else { "s" },
        s.legend.trim_end()
    );
    for (command, text) in [
        ("\\InputFile", &s.input),
        ("\\OutputFile", &s.output),
        ("\\Interaction", &s.interaction),
        ("\\Note", &s.notes),
    ] {
        if !text.trim().is_empty() {
            t += &format!("\n{command}\n\n{}\n", text.trim_end());
        }
    }
    t + "\n\\end{problem}\n"
}

/// The statement's files: the sections and `problem.tex`.
pub(crate) fn files(pkg: &Package) -> Result<Vec<File>, grundy_judging::error::Error> {
    let latex = crate::kattis_statement::statement(pkg)?;
    let s = sections(&latex, &pkg.name);
    let mut out = Vec::new();
    let mut add = |path: &str, text: String| {
        out.push(File {
            path: path.into(),
            bytes: text.into_bytes(),
            executable: false,
        })
    };
    add(PROBLEM_TEX, problem_tex(pkg, &s));
    for (file, text) in [
        ("name.tex", format!("{}\n", s.name)),
        ("legend.tex", s.legend.clone()),
        ("input.tex", s.input.clone()),
        ("output.tex", s.output.clone()),
        ("interaction.tex", s.interaction.clone()),
        ("notes.tex", s.notes.clone()),
    ] {
        if !text.trim().is_empty() {
            add(&format!("statement-sections/english/{file}"), text);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kattis_statement_is_cut_into_polygon_s_sections() {
        let latex = "% a comment\n\\problemname{Take {1, 3, 4}}\n\nA heap of $n$ stones.\n\n\\section*{Input}\nOne integer $n$.\n\\section*{Constraints}\n$1 \\le n \\le 100$.\n\\section*{Output}\n\\texttt{First} or \\texttt{Second}.\n\\section*{Notes}\nSee the sample.\n";
        let s = sections(latex, "fallback");
        assert_eq!(s.name, "Take {1, 3, 4}");
        assert_eq!(s.legend, "A heap of $n$ stones.\n");
        assert_eq!(
            s.input,
            "One integer $n$.\n\\textbf{Constraints}\n\n$1 \\le n \\le 100$.\n"
        );
        assert_eq!(s.output, "\\texttt{First} or \\texttt{Second}.\n");
        assert_eq!(s.notes, "See the sample.\n");
        assert_eq!(s.interaction, "\n");
        // No name in the statement: the package's.
        assert_eq!(sections("Just text.", "heaps").name, "heaps");
        assert_eq!(sections("Just text.", "heaps").legend, "Just text.\n");
    }
}
