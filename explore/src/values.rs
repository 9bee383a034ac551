//! `grundy values DIR`: exploring a game given by its rules before proving anything. Every
//! input the schema enumerates up to a size is valued by the rules (the Grundy value under
//! normal play, else the outcome for the player to move), tabled by value and shape; then
//! each one-parameter family (a path of k vertices, a star of k rays, a single value k)
//! as a value sequence, with its period when one shows. The text report, and the page
//! (`--report html FILE`: the table, and each family's sequence plotted with its period
//! shaded).

use grundy_fuzzing::schema::{self, enumerate::Bounds, enumerate::Family};
use grundy_games::schema::{Instance, Schema, Value};
use grundy_judging::html::esc;
use grundy_judging::rules_game::{case_json, AnswerKind, CaseResult, RulesGame};
use grundy_oracle::ruleset::Outcome as Result3;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// What `grundy values` found.
pub struct Values {
    /// The package's name.
    pub name: String,
    /// The first line: how many inputs, up to which size.
    pub header: String,
    /// The table, by value (numbers in order, then words).
    pub rows: Vec<Row>,
    /// The inputs the rules refused: how many, and the first refusal.
    pub refused: Option<(usize, String)>,
    /// The families' sequences.
    pub families: Vec<Sequence>,
}

/// A row of the table of values.
pub struct Row {
    /// The value in words.
    pub value: String,
    /// How many inputs have it.
    pub count: usize,
    /// Their shapes, most frequent first, with their counts.
    pub shapes: Vec<(String, usize)>,
    /// The first (smallest) input that has it, on one line.
    pub smallest: String,
}

/// A family's values along its parameter.
pub struct Sequence {
    /// The family in words.
    pub name: String,
    /// The first k.
    pub from: i64,
    /// The values from k = `from` on.
    pub values: Vec<String>,
    /// The period seen: (preperiod, period).
    pub period: Option<(usize, usize)>,
    /// Why the sequence stopped before the k asked for.
    pub stop: Option<String>,
}

/// A value in words: the Grundy value, or the outcome for the player to move; for a game
/// whose first player chooses the start, the winning starts (`{1,3}`, `{}` for none).
fn shown(game: &RulesGame, r: &CaseResult) -> String {
    if game.spec.answer == AnswerKind::WinningStarts {
        return format!("{{{}}}", r.winning_starts.join(","));
    }
    match (r.value, r.outcome) {
        (Some(v), _) => v.to_string(),
        (None, Result3::Win) => "win".into(),
        (None, Result3::Lose) => "lose".into(),
        (None, Result3::Draw) => "draw".into(),
    }
}

/// The shape of an input: its first tree's or graph's family, else its values.
fn shape(schema: &Schema, inst: &Instance) -> String {
    let case = &inst.cases[0];
    for v in &case.values {
        if let Value::Edges { n, edges, .. } = v {
            return format!(
                "{} {n}",
                grundy_judging::suite::shape_of_edges(*n, edges, false)
            );
        }
    }
    one_line(&schema.write(inst))
}

/// An input on one line (its lines joined by ` / `).
fn one_line(text: &str) -> String {
    text.trim_end().replace('\n', " / ")
}

/// The value of an input's first test case in words: with `per = "start"`, every start's
/// (`(1, 0)`: the first start's value 1, the second's 0), one start's alone.
fn value_of(
    game: &RulesGame,
    schema: &Schema,
    inst: &Instance,
) -> Result<String, grundy_judging::rules_game::Unanswered> {
    let answers = game.solve_answers(&case_json(schema, &inst.cases[0]), schema.size(inst))?;
    Ok(match answers.as_slice() {
        [one] => shown(game, one),
        many => format!(
            "({})",
            many.iter()
                .map(|r| shown(game, r))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    })
}

/// Values every input `schema` enumerates within `bounds`, and each family up to k =
/// `most`.
pub fn explore(
    name: &str,
    game: &RulesGame,
    schema: &Schema,
    bounds: &Bounds,
    most: i64,
) -> Result<Values, grundy_fuzzing::schema::gen::SchemaError> {
    let (all, cut) = schema::enumerate::instances(schema, bounds)?;
    let header = format!(
        "grundy values {name}: {} input{} ({}, within the limits){}",
        all.len(),
        if all.len() == 1 { "" } else { "s" },
        schema::enumerate::bounds_in_words(schema, bounds),
        if cut {
            // How far it had gone: the largest size among the inputs it made.
            let reached = all
                .iter()
                .map(|i| schema::enumerate::size_reached(schema, i))
                .max()
                .unwrap_or(0);
            format!(
                ", stopped at --max-inputs {} at size {reached}",
                bounds.limit
            )
        } else {
            String::new()
        }
    );
    let (rows, refused) = table(game, schema, &all);
    Ok(Values {
        name: name.to_string(),
        header,
        rows,
        refused,
        families: families(game, schema, most),
    })
}

/// The table of values: per value, the inputs that have it, their shapes and the
/// smallest; and the inputs the rules refused.
fn table(
    game: &RulesGame,
    schema: &Schema,
    all: &[Instance],
) -> (Vec<Row>, Option<(usize, String)>) {
    type Tally = (usize, BTreeMap<String, usize>, String);
    let mut table: BTreeMap<(u8, u32, String), Tally> = BTreeMap::new();
    let mut refused = 0usize;
    let mut first_refusal = None;
    for inst in all {
        let v = match value_of(game, schema, inst) {
            Ok(v) => v,
            Err(e) => {
                refused += 1;
                first_refusal.get_or_insert(e.0.lines().next().unwrap_or("").to_string());
                continue;
            }
        };
        let key = match v.parse::<u32>() {
            Ok(g) => (0, g, v.clone()),
            Err(_) => (1, 0, v.clone()),
        };
        let row = table
            .entry(key)
            .or_insert_with(|| (0, BTreeMap::new(), one_line(&schema.write(inst))));
        row.0 += 1;
        *row.1.entry(shape(schema, inst)).or_insert(0) += 1;
    }
    let rows = table
        .into_iter()
        .map(|((_, _, value), (count, shapes, smallest))| {
            let mut shapes: Vec<(String, usize)> = shapes.into_iter().collect();
            shapes.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
            Row {
                value,
                count,
                shapes,
                smallest,
            }
        })
        .collect();
    (rows, first_refusal.map(|e| (refused, e)))
}

/// The values along each one-parameter family of inputs (paths, stars, a single value …),
/// k up to `most`, and the period they show.
fn families(game: &RulesGame, schema: &Schema, most: i64) -> Vec<Sequence> {
    let mut out = Vec::new();
    for family in schema::enumerate::families(schema) {
        let least = if family == Family::Value { 0 } else { 1 };
        let last = most.max(least);
        let mut from = least;
        let mut values = Vec::new();
        let mut stop = None;
        for k in least..=last {
            let Some(inst) = schema::enumerate::member(schema, family, k) else {
                if values.is_empty() {
                    // Below the limits' least size (a path of 1 vertex where n ≥ 2): the
                    // family starts at its first member within them.
                    from = k + 1;
                    continue;
                }
                stop = Some(format!("k = {k} is past the limits"));
                break;
            };
            match value_of(game, schema, &inst) {
                Ok(v) => values.push(v),
                Err(e) => {
                    stop = Some(format!("k = {k}: {}", e.0.lines().next().unwrap_or("")));
                    break;
                }
            }
        }
        if values.is_empty() && stop.is_none() {
            stop = Some(format!("no member within the limits for k up to {last}"));
        }
        out.push(Sequence {
            name: family.describe(schema::enumerate::has_vertex_array(schema)),
            from,
            period: schema::enumerate::period(&values),
            values,
            stop,
        });
    }
    out
}

/// Text cut to `n` characters, with `…` when it was longer.
fn cut_to(s: &str, n: usize) -> String {
    match s.char_indices().nth(n) {
        Some((at, _)) => format!("{}…", &s[..at]),
        None => s.to_string(),
    }
}

impl Row {
    /// The shapes in a few words: the six most frequent, with their counts.
    fn shapes_text(&self) -> String {
        let mut s: String = self
            .shapes
            .iter()
            .take(6)
            .map(|(k, c)| format!("{k} ×{c}"))
            .collect::<Vec<_>>()
            .join(", ");
        if self.shapes.len() > 6 {
            s += &format!(", … ({} shapes)", self.shapes.len());
        }
        s
    }
}

impl Sequence {
    /// The last k valued.
    fn last(&self) -> i64 {
        self.from + self.values.len() as i64 - 1
    }

    /// What the period is, in words.
    fn period_text(&self) -> String {
        match self.period {
            Some((p, q)) => format!(
                "repeats with period {q} from k = {}{} up to k = {} (seen, not proved)",
                self.from + p as i64,
                if p > 0 {
                    format!(" (a preperiod of {p})")
                } else {
                    String::new()
                },
                self.last()
            ),
            None => format!("no period found up to k = {}", self.last()),
        }
    }
}

/// The text report.
pub fn text(v: &Values) -> String {
    let mut out = format!("{}\n", v.header);
    let w = v
        .rows
        .iter()
        .map(|r| r.value.chars().count())
        .max()
        .unwrap_or(0)
        .max(6);
    let _ = writeln!(
        out,
        "  {:<w$} {:>7}  {:<50}  smallest input",
        "value", "inputs", "shapes"
    );
    for r in &v.rows {
        let mut s = r.shapes_text();
        if s.chars().count() > 50 {
            s = cut_to(&s, 48);
        }
        let smallest = if r.smallest.len() > 40 {
            cut_to(&r.smallest, 40)
        } else {
            r.smallest.clone()
        };
        let _ = writeln!(out, "  {:<w$} {:>7}  {s:<50}  {smallest}", r.value, r.count);
    }
    if let Some((n, e)) = &v.refused {
        let _ = writeln!(out, "  not valued: {n} input(s), e.g.: {e}");
    }
    for f in &v.families {
        if f.values.is_empty() {
            let _ = writeln!(out, "{}: {}", f.name, f.stop.as_deref().unwrap_or(""));
            continue;
        }
        let _ = writeln!(
            out,
            "{}, k = {}..{}: {}",
            f.name,
            f.from,
            f.last(),
            f.values.join(" ")
        );
        let _ = writeln!(out, "  {}", f.period_text());
        if let Some(why) = &f.stop {
            let _ = writeln!(out, "  stopped: {why}");
        }
    }
    out
}

/// The page: the table, then each family's sequence plotted (values that are words —
/// lose, win, draw, sets of starts — on a named axis), its period shaded.
pub fn page(v: &Values) -> String {
    let mut h = grundy_judging::html::head(&format!("grundy values {}", v.name));
    let _ = writeln!(h, "<p class=\"summary\">{}</p>", esc(&v.header));
    h += "<h2>The values</h2>\n<table class=\"values\">\n<tr><th>value</th><th>inputs</th><th>shapes</th><th>smallest input</th></tr>\n";
    for r in &v.rows {
        let _ = writeln!(
            h,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td><code>{}</code></td></tr>",
            esc(&r.value),
            r.count,
            esc(&r.shapes_text()),
            esc(&r.smallest)
        );
    }
    h += "</table>\n";
    if let Some((n, e)) = &v.refused {
        let _ = writeln!(h, "<p>Not valued: {n} input(s), e.g.: {}</p>", esc(e));
    }
    if !v.families.is_empty() {
        h += "<h2>The families</h2>\n";
    }
    for f in &v.families {
        let _ = writeln!(h, "<section class=\"family\">\n<h3>{}</h3>", esc(&f.name));
        if f.values.is_empty() {
            let _ = writeln!(
                h,
                "<p>{}</p>\n</section>",
                esc(f.stop.as_deref().unwrap_or(""))
            );
            continue;
        }
        let _ = writeln!(
            h,
            "<figure>{}</figure>",
            grundy_draw::chart_svg(&chart_of(f))
        );
        let _ = writeln!(
            h,
            "<p><code>k = {}..{}: {}</code><br>{}</p>",
            f.from,
            f.last(),
            esc(&f.values.join(" ")),
            esc(&f.period_text())
        );
        if let Some(why) = &f.stop {
            let _ = writeln!(h, "<p>Stopped: {}</p>", esc(why));
        }
        h += "</section>\n";
    }
    h += grundy_judging::html::FOOT;
    h
}

/// A family's chart: numbers as they are; words by their order of appearance (`lose`
/// before `win` before `draw` where they appear).
fn chart_of(f: &Sequence) -> grundy_draw::Chart {
    let numeric = f.values.iter().all(|v| v.parse::<f64>().is_ok());
    let mut names: Vec<String> = Vec::new();
    if !numeric {
        for w in ["lose", "win", "draw"] {
            if f.values.iter().any(|v| v == w) {
                names.push(w.into());
            }
        }
        for v in &f.values {
            if !names.contains(v) {
                names.push(v.clone());
            }
        }
    }
    let y = |v: &str| {
        if numeric {
            v.parse::<f64>().unwrap_or(f64::NAN)
        } else {
            names
                .iter()
                .position(|n| n == v)
                .map_or(f64::NAN, |k| k as f64)
        }
    };
    grundy_draw::Chart {
        title: f.name.clone(),
        x_label: "k".into(),
        y_label: if numeric { "value" } else { "outcome" }.into(),
        points: f
            .values
            .iter()
            .enumerate()
            .map(|(i, v)| ((f.from + i as i64) as f64, y(v)))
            .collect(),
        y_names: names,
        shade: f.period.map(|(p, q)| {
            (
                (f.from + p as i64) as f64 - 0.5,
                f.last() as f64 + 0.5,
                format!("period {q}"),
            )
        }),
        ..Default::default()
    }
}
