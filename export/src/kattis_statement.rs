//! The statement of a Kattis / ICPC package (`problem_statement/problem.en.tex`): the
//! package's own `statement.en.tex` when it has one; else a stub written from
//! `problem.toml` that says so, with the input format and limits spelled out from the
//! schema and the output from the game's answer kind — enough for problemtools to accept
//! the package and for a setter to start from.

use grundy_games::schema::{Elements, Field, Item, Schema, Tests};
use grundy_judging::package::Package;
use grundy_judging::rules_game::AnswerKind;

/// The file a package may hold with its own statement (legacy Kattis format: LaTeX with a
/// `\problemname{…}`).
pub const OWN: &str = "statement.en.tex";

/// The statement's text.
pub fn statement(pkg: &Package) -> Result<String, grundy_judging::error::Error> {
    let own = pkg.dir.join(OWN);
    if own.is_file() {
        return std::fs::read_to_string(&own)
            .map_err(|e| grundy_judging::error::Error::io(own.display(), e));
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
        out.push(item_sentence(schema, it));
    }
    for (name, most) in &schema.sums {
        out.push(format!(
            "The sum of ${}$ over the test cases is at most {most}.",
            var(name)
        ));
    }
    out.join("\n\n")
}

/// One input item in the statement's words.
fn item_sentence(schema: &Schema, it: &Item) -> String {
    match it {
        Item::Ints(names) => format!(
            "A line with {}: {}.",
            names
                .iter()
                .map(|n| format!("${}$", var(n)))
                .collect::<Vec<_>>()
                .join(", "),
            names
                .iter()
                .map(|n| range(schema, n))
                .collect::<Vec<_>>()
                .join(", ")
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
        } => graph_sentence(schema, count, edges, rules, weights.as_deref()),
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
        Item::Queries { count, kinds } => queries_sentence(schema, count, kinds),
    }
}

/// A graph item in the statement's words: its edges, its vertices and what it is.
fn graph_sentence(
    schema: &Schema,
    count: &str,
    edges: &str,
    rules: &grundy_games::schema::GraphRules,
    weights: Option<&str>,
) -> String {
    let mut traits = Vec::new();
    traits.push(if rules.connected {
        "connected"
    } else {
        "not necessarily connected"
    });
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

/// A queries item in the statement's words: each kind of query, its tag and fields.
fn queries_sentence(schema: &Schema, count: &str, kinds: &[grundy_games::schema::Kind]) -> String {
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
    format!(
        "${}$ lines, each a query: {}.",
        var(count),
        kinds.join("; or ")
    )
}

fn output_section(pkg: &Package) -> String {
    let Some(g) = &pkg.game else {
        return output_by_checker(pkg);
    };
    let per = match (pkg.schema.tests == Tests::One, g.per_start) {
        (true, false) => "Print".to_string(),
        (false, false) => "For each test case, print".to_string(),
        (one, true) if g.one_line => format!(
            "Print {}the answers of every start, in the order the input gives them, on one line separated by spaces. For each start, print",
            if one { "" } else { "one line for each test case: " }
        ),
        (one, true) => format!(
            "For each start{}, in the order the input gives them, print one line:",
            if one { "" } else { " of each test case" }
        ),
    };
    let words = |k: usize| format!("\\texttt{{{}}}", text(&g.words[k]));
    let none = if g.none.is_empty() {
        "an empty line".to_string()
    } else {
        format!("\\texttt{{{}}}", text(&g.none))
    };
    let (first, from) = if g.per_start {
        ("the player to move first from it", "of the game from it")
    } else {
        ("the first player", "of the position")
    };
    let mut out = match g.answer {
        AnswerKind::Winner => format!("{per} {} if {first} wins, and {} otherwise.", words(0), words(1)),
        AnswerKind::Outcome => format!("{per} {} if {first} wins, {} if {first} loses, and {} if the game is a draw.", words(0), words(1), words(2)),
        AnswerKind::Value => format!("{per} the Grundy value {from}."),
        AnswerKind::WinningMoves if g.per_start => format!("{per} every winning first move {from}, in increasing order; or {none} if there is none."),
        AnswerKind::WinningMoves => format!("{per} every winning first move, one per line, in increasing order; or {none} if there is none."),
        AnswerKind::AnyWinningMove => format!("{per} one winning first move {from}, or {none} if there is none; any winning move is accepted."),
        AnswerKind::WinningStarts => format!("{per} every start from which the first player wins, on one line in increasing order; or {none} if there is none."),
    };
    if g.ending == grundy_oracle::ruleset::Ending::Misere {
        out += " The game is played under the mis\\`ere convention: the player who makes the last move loses.";
    } else {
        out += " A player who cannot move loses.";
    }
    out
}

/// The output section of a package without rules: what its checker accepts.
fn output_by_checker(pkg: &Package) -> String {
    use grundy_games::checker::Compare;
    let per = if pkg.schema.tests == Tests::One {
        "Print the answer"
    } else {
        "For each test case, print its answer"
    };
    let how = match &pkg.checker {
        grundy_judging::package::Checker::Builtin(Compare::Lines) => "it is compared line by line with the jury's, the tokens of each line equal (spaces and trailing empty lines do not matter)".to_string(),
        grundy_judging::package::Checker::Builtin(Compare::Tokens) => "it is compared token by token with the jury's (line breaks do not matter)".to_string(),
        grundy_judging::package::Checker::Builtin(Compare::Floats { abs, rel }) => format!("it is compared token by token with the jury's, numbers accepted within an absolute error of ${abs}$ or a relative error of ${rel}$"),
        grundy_judging::package::Checker::Builtin(Compare::Unordered) => "its tokens are compared with the jury's in any order".to_string(),
        grundy_judging::package::Checker::Program(_) => "it is judged by the problem's checker, which accepts every right answer".to_string(),
    };
    format!("{per}; {how}. (This stub knows how answers are judged, not what they mean: the problem's own statement in \\texttt{{{OWN}}} says that.)")
}

/// The limits of a run, as a statement states them.
fn limits_section(pkg: &Package) -> String {
    let l = &pkg.limits;
    let mib = |b: u64| format!("{} MiB", b >> 20);
    let mut out = format!(
        "Time limit: {} s. Memory limit: {}.",
        l.time.as_secs_f64(),
        l.memory.map_or("none".to_string(), mib)
    );
    match (l.stack, l.memory) {
        (None, _) => out += " The stack is unlimited.",
        (Some(s), Some(m)) if s >= m => out += " The stack may use all of the memory.",
        (Some(s), _) => out += &format!(" Stack limit: {}.", mib(s)),
    }
    out
}

/// The stub: the name, a note that it is one, the input and the output.
fn stub(pkg: &Package) -> String {
    format!(
        "% Written by `grundy testset --layout kattis` from problem.toml: a stub. Put the\n% problem's own statement in {OWN} in the package folder to export that instead.\n\\problemname{{{}}}\n\nThis statement was written by grundy from the package's \\texttt{{problem.toml}}: it\ngives the input format and limits as the package checks them, not the problem's story.\n{}\n\n\\section*{{Input}}\n\n{}\n\n{}\n",
        text(&pkg.name),
        limits_section(pkg),
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
