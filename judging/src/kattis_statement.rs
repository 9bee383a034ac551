//! The statement of a Kattis / ICPC package (`problem_statement/problem.en.tex`): the
//! package's own `statement.en.tex` when it has one; else a stub written from
//! `problem.toml` that says so, with the input format and limits spelled out from the
//! schema and the output from the game's answer kind — enough for problemtools to accept
//! the package and for a setter to start from.

use crate::game::AnswerKind;
use crate::package::Package;
use grundy_games::schema::{Elements, Field, Item, Schema, Tests};

/// The file a package may hold with its own statement (legacy Kattis format: LaTeX with a
/// `\problemname{…}`).
pub const OWN: &str = "statement.en.tex";

/// The statement's text.
pub fn statement(pkg: &Package) -> Result<String, crate::error::Error> {
    let own = pkg.dir.join(OWN);
    if own.is_file() {
        return std::fs::read_to_string(&own)
            .map_err(|e| crate::error::Error::io(own.display(), e));
    }
    Ok(stub(pkg))
}

/// A name in math mode.
fn var(name: &str) -> String {
    format!("\\mathit{{{}}}", name.replace('_', "\\_"))
}

/// Text in LaTeX, its special characters escaped.
fn text(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '$' | '&' | '#' | '_' | '%' => {
                out.push('\\');
                out.push(c);
            }
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            _ => out.push(c),
        }
    }
    out
}

/// A bound as written: an integer, or a dependent bound's expression.
fn bound(schema: &Schema, name: &str, upper: bool) -> String {
    match schema.dependent.get(name) {
        Some((lo, hi)) => math(if upper { hi } else { lo }.text()),
        None => {
            let (lo, hi) = schema.limits[name];
            (if upper { hi } else { lo }).to_string()
        }
    }
}

/// An expression of `[limits]` in math mode: names in italics, `*` as a dot.
fn math(expr: &str) -> String {
    let mut out = String::new();
    let mut name = String::new();
    let flush = |name: &mut String, out: &mut String| {
        if !name.is_empty() {
            if name == "min" || name == "max" {
                out.push_str(&format!("\\{name}"));
            } else {
                out.push_str(&var(name));
            }
            name.clear();
        }
    };
    for c in expr.chars() {
        if c.is_ascii_alphanumeric() || c == '_' {
            if name.is_empty() && c.is_ascii_digit() {
                out.push(c);
            } else {
                name.push(c);
            }
        } else {
            flush(&mut name, &mut out);
            match c {
                '*' => out.push_str("\\cdot "),
                ' ' => {}
                _ => out.push(c),
            }
        }
    }
    flush(&mut name, &mut out);
    out
}

fn range(schema: &Schema, name: &str) -> String {
    format!(
        "${} \\le {} \\le {}$",
        bound(schema, name, false),
        var(name),
        bound(schema, name, true)
    )
}

fn input_section(schema: &Schema) -> String {
    let mut out = Vec::new();
    match &schema.tests {
        Tests::Count(t) => out.push(format!(
            "The first line holds ${}$, the number of test cases ({}). Then the test cases follow, each as below.",
            var(t),
            range(schema, t)
        )),
        Tests::UntilEof => out.push("The input holds test cases, each as below, until its end.".into()),
        Tests::One => {}
    }
    for it in &schema.items {
        out.push(match it {
            Item::Ints(names) => format!(
                "A line with {}: {}.",
                names.iter().map(|n| format!("${}$", var(n))).collect::<Vec<_>>().join(", "),
                names.iter().map(|n| range(schema, n)).collect::<Vec<_>>().join(", ")
            ),
            Item::Tree {
                count,
                parents,
                weights,
            } => {
                let n = var(count);
                let w = weights.as_ref().map_or(String::new(), |w| {
                    format!(" Each edge has a weight {}.", range(schema, w))
                });
                if *parents {
                    format!("A line with ${n}-1$ integers $p_2, \\dots, p_{{{n}}}$: the parent of each vertex of a tree on the vertices $1, \\dots, {n}$ rooted at vertex 1{}.{w}", if weights.is_some() { " (then a line with the weight of the edge above each vertex)" } else { "" })
                } else {
                    format!("${n}-1$ lines, each with two integers $u$ and $v${}: an edge of a tree on the vertices $1, \\dots, {n}$.{w}", if weights.is_some() { " and a weight" } else { "" })
                }
            }
            Item::Graph {
                count,
                edges,
                rules,
                weights,
            } => {
                let mut traits = Vec::new();
                traits.push(if rules.connected { "connected" } else { "not necessarily connected" });
                if !rules.loops {
                    traits.push("without loops");
                }
                if !rules.multi {
                    traits.push("without parallel edges");
                }
                if rules.cactus {
                    traits.push("every edge on at most one cycle");
                }
                format!(
                    "${}$ lines, each with two integers $a$ and $b${}: the edges of a graph on the vertices $1, \\dots, {}$ ({}).{}",
                    var(edges),
                    if weights.is_some() { " and a weight" } else { "" },
                    var(count),
                    traits.join(", "),
                    weights.as_ref().map_or(String::new(), |w| format!(" Weights: {}.", range(schema, w)))
                )
            }
            Item::Array {
                len,
                values,
                distinct,
                name,
                ..
            } => match values {
                Elements::Vertex => format!(
                    "A line with ${}$ vertices{} (\\texttt{{{}}}).",
                    var(len),
                    if *distinct { ", all different" } else { "" },
                    text(name)
                ),
                Elements::Range(v) => format!(
                    "A line with ${}$ integers ${}_1, \\dots$ ({}).",
                    var(len),
                    var(v),
                    range(schema, v)
                ),
            },
            Item::Queries { count, kinds } => {
                let kinds: Vec<String> = kinds
                    .iter()
                    .map(|k| {
                        let fields: Vec<String> = k
                            .fields
                            .iter()
                            .map(|f| match f {
                                Field::Vertex => "a vertex".to_string(),
                                Field::Edge => "an edge's number".to_string(),
                                Field::Value(v) => format!("${}$ ({})", var(v), range(schema, v)),
                            })
                            .collect();
                        match k.tag {
                            Some(t) => format!("\\texttt{{{t}}} then {}", fields.join(", ")),
                            None => fields.join(", "),
                        }
                    })
                    .collect();
                format!("${}$ lines, each a query: {}.", var(count), kinds.join("; or "))
            }
        });
    }
    for (name, most) in &schema.sums {
        out.push(format!(
            "The sum of ${}$ over the test cases is at most {most}.",
            var(name)
        ));
    }
    out.join("\n\n")
}

fn output_section(pkg: &Package) -> String {
    let per = if pkg.schema.tests == Tests::One {
        "Print"
    } else {
        "For each test case, print"
    };
    let Some(g) = &pkg.game else {
        return "What the model solution prints (this stub cannot say more: replace it with the problem's statement).".into();
    };
    let words = |k: usize| format!("\\texttt{{{}}}", text(&g.words[k]));
    let none = if g.none.is_empty() {
        "an empty line".to_string()
    } else {
        format!("\\texttt{{{}}}", text(&g.none))
    };
    match g.answer {
        AnswerKind::Winner => format!("{per} {} if the first player wins, and {} otherwise.", words(0), words(1)),
        AnswerKind::Outcome => format!("{per} {} if the first player wins, {} if the first player loses, and {} if the game is a draw.", words(0), words(1), words(2)),
        AnswerKind::Value => format!("{per} the Grundy value of the position."),
        AnswerKind::WinningMoves => format!("{per} every winning first move, one per line, in increasing order; or {none} if there is none."),
        AnswerKind::AnyWinningMove => format!("{per} one winning first move, or {none} if there is none."),
        AnswerKind::WinningStarts => format!("{per} every start from which the first player wins, on one line in increasing order; or {none} if there is none."),
    }
}

/// The stub: the name, a note that it is one, the input and the output.
fn stub(pkg: &Package) -> String {
    format!(
        "% Written by `grundy testset --layout kattis` from problem.toml: a stub. Put the\n% problem's own statement in {OWN} in the package folder to export that instead.\n\\problemname{{{}}}\n\nThis statement was written by grundy from the package's \\texttt{{problem.toml}}: it\ngives the input format and limits as the package checks them, not the problem's story.\n\n\\section*{{Input}}\n\n{}\n\n{}\n",
        text(&pkg.name),
        if pkg.schema.items.is_empty() {
            "The input format of grundy's built-in problem this package judges.".to_string()
        } else {
            input_section(&pkg.schema)
        },
        if pkg.interact.is_some() {
            interaction_section(pkg)
        } else {
            format!("\\section*{{Output}}\n\n{}", output_section(pkg))
        }
    )
}

/// The stub's words for an interactive package: the protocol is its interactor's.
fn interaction_section(pkg: &Package) -> String {
    let name = pkg
        .interact
        .as_ref()
        .and_then(|s| s.interactor.as_ref())
        .and_then(|argv| argv.last())
        .and_then(|p| std::path::Path::new(p).file_name())
        .map_or_else(|| "interactor".into(), |f| f.to_string_lossy().into_owned());
    format!(
        "\\section*{{Interaction}}\n\nThis is an interactive problem: the judge's interactor (\\texttt{{{}}}) plays against\nyour program over its standard input and output, a line at a time; flush your output\nafter each line. The protocol is the interactor's own; this stub does not describe\nit (a statement in the package's \\texttt{{{OWN}}} would).",
        text(&name)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_are_written_in_math() {
        assert_eq!(
            math("n * (n - 1) / 2"),
            "\\mathit{n}\\cdot (\\mathit{n}-1)/2"
        );
        assert_eq!(math("min(n, 100000)"), "\\min(\\mathit{n},100000)");
        assert_eq!(var("sum_n"), "\\mathit{sum\\_n}");
        assert_eq!(text("a_b 50%"), "a\\_b 50\\%");
    }
}
